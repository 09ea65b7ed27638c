"""What a fresh machine installs (issue 25): the tools whose behaviour the tests and CI assert are
pinned, the install lines the docs give work from a checkout, and the repository carries no
build artefacts."""

from __future__ import annotations

import re
import subprocess

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
EXTRAS: dict[str, list[str]] = PYPROJECT["project"]["optional-dependencies"]

# Peers the results are checked against, the type checker, and the docs toolchain.
PINNED = ["treys", "eval7", "phevaluator", "pokerkit", "open-spiel", "dask", "gymnasium", "pettingzoo", "mypy",
          "mkdocs", "mkdocs-material", "mkdocstrings", "mkdocstrings-python", "mkdocs-autorefs",
          "griffelib"]
DOCS_TOOLS = ["mkdocs", "mkdocs-material", "mkdocstrings", "mkdocstrings-python", "mkdocs-autorefs",
              "griffelib"]
_REQUIREMENT = re.compile(r"^([A-Za-z0-9_.-]+)(\[[^\]]*\])?\s*(.*)$")


def requirements(extra: str) -> dict[str, str]:
    """``name -> version specifier`` of one extra."""
    out = {}
    for line in EXTRAS[extra]:
        match = _REQUIREMENT.match(line)
        assert match is not None, line
        out[match.group(1).lower()] = match.group(3).strip()
    return out


@pytest.mark.parametrize("name", PINNED)
def test_test_extra_pins_what_ci_asserts(name: str) -> None:
    spec = requirements("test").get(name)
    assert spec is not None, f"{name} is not in the test extra"
    assert re.fullmatch(r"==[0-9][0-9A-Za-z.]*", spec), f"{name}{spec}: pin it with =="


def test_docs_extra_pins_the_same_toolchain_as_the_test_extra() -> None:
    test, docs = requirements("test"), requirements("docs")
    assert {name: docs.get(name) for name in DOCS_TOOLS} == {name: test[name] for name in DOCS_TOOLS}


@pytest.mark.parametrize("name", PINNED)
def test_installed_versions_are_the_pins(name: str) -> None:
    """The environment the suite runs in is the pinned one (a drifted venv fails here first)."""
    pin = requirements("test")[name][2:]
    try:
        installed = version(name)
    except PackageNotFoundError:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    assert installed == pin


def test_docs_extras_table_lists_every_extra() -> None:
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| `(\w+)` \|", index, re.MULTILINE))
    assert rows == set(EXTRAS)


def test_install_lines_name_the_checkout_not_the_index() -> None:
    """fastholdem is not on PyPI: ``pip install "fastholdem[rl]"`` fails ("No matching
    distribution found"); the docs say ``pip install ".[rl]"``."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    sources = sorted((ROOT / "src").rglob("*.py"))
    bad = [f"{path.relative_to(ROOT)}: {line.strip()}" for path in pages + sources
           for line in path.read_text(encoding="utf-8").splitlines()
           if re.search(r"pip install\s+\"?fastholdem\b", line)]
    assert bad == []


def test_repository_tracks_no_large_or_built_files() -> None:
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    files = [ROOT / name for name in listed.stdout.decode().split("\0") if name]
    built = [f.name for f in files if f.suffix in {".whl", ".so", ".o"}]
    large = [f"{f.relative_to(ROOT)} ({f.stat().st_size:,} bytes)" for f in files
             if f.exists() and f.stat().st_size > 2_000_000]
    assert built == [] and large == []
