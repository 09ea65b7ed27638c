"""The documentation site (issue 20): the API reference covers every public name, every public
function and class shows a ``>>>`` example in its docstring, every Python block of the pages is a
doctest, and the site builds with ``mkdocs build --strict`` (slow: CI runs it).

A *public module* is a module of ``fastholdem`` with no ``_``-prefixed part in its dotted name;
its public names are its ``__all__``. The reference is ``docs/api/*.md``: one ``::: module``
block per public module, which shows the names of its ``__all__`` (mkdocs.yml sets
``filters: public``). A block with ``members: false`` (or ``members: [a, b]``) shows only the
docstring (and those names): a package that re-exports its submodules' names is written so,
and its names are then covered where another block shows the same object under the same
name (its home module first).
"""

from __future__ import annotations

import importlib
import inspect
import logging
import os
import pkgutil
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import fastholdem

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
API = DOCS / "api"
_BLOCK = re.compile(r"^::: *([\w.]+)[ \t]*\n((?:[ \t]+.*\n|[ \t]*\n)*)", re.MULTILINE)
_FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def public_modules() -> list[str]:
    """Every public module of fastholdem, package first."""
    names = ["fastholdem"]
    for info in pkgutil.walk_packages(fastholdem.__path__, "fastholdem."):
        if not any(part.startswith("_") for part in info.name.split(".")[1:]):
            names.append(info.name)
    return sorted(names)


def reference_blocks() -> dict[str, bool | frozenset[str]]:
    """``::: module`` blocks of the API reference: module -> the members it shows."""
    blocks: dict[str, bool | frozenset[str]] = {}
    for page in sorted(API.glob("*.md")):
        for match in _BLOCK.finditer(page.read_text(encoding="utf-8")):
            name, options = match.group(1), match.group(2)
            assert name not in blocks, f"{name} has two ::: blocks in the API reference"
            members = re.search(r"^\s+members:\s*(.*)$", options, re.MULTILINE)
            if members is None:
                blocks[name] = True
            elif members.group(1).strip() == "false":
                blocks[name] = frozenset()
            else:
                listed = members.group(1).strip().strip("[]")
                blocks[name] = frozenset(n.strip() for n in listed.split(",") if n.strip())
    return blocks


def _shows(blocks: dict[str, bool | frozenset[str]], module: str, name: str) -> bool:
    shown = blocks.get(module, False)
    return shown is True or (isinstance(shown, frozenset) and name in shown)


def _is_documented_kind(obj: object) -> bool:
    """Functions, classes and compiled functions: what must show an example (not type aliases)."""
    return inspect.isfunction(obj) or inspect.isclass(obj) or inspect.isbuiltin(obj) \
        or type(obj).__name__ == "cython_function_or_method"


def where_documented(module: ModuleType, name: str, blocks: dict[str, bool | frozenset[str]]) -> str | None:
    """The anchor (dotted path) under which the reference shows ``module.name``, or None.

    A re-exported object counts where another block shows it under the same name: its home
    module first (``obj.__module__``), else any public module whose ``__all__`` holds it.
    """
    obj = getattr(module, name)
    if inspect.ismodule(obj):
        return obj.__name__ if obj.__name__ in blocks else None
    if _shows(blocks, module.__name__, name):
        return f"{module.__name__}.{name}"
    home = getattr(obj, "__module__", None)
    for other in sorted(blocks, key=lambda m: m != home):
        if other == module.__name__ or not _shows(blocks, other, name):
            continue
        shown = importlib.import_module(other)
        if name in getattr(shown, "__all__", ()) and getattr(shown, name) is obj:
            return f"{other}.{name}"
    return None


def public_names() -> list[tuple[str, str]]:
    out = []
    for modname in public_modules():
        module = importlib.import_module(modname)
        out.extend((modname, name) for name in module.__all__)
    return out


def test_api_reference_has_a_block_per_public_module() -> None:
    blocks = reference_blocks()
    assert sorted(set(public_modules()) - set(blocks)) == []
    assert sorted(set(blocks) - set(public_modules())) == []


def test_api_reference_covers_every_public_name() -> None:
    blocks = reference_blocks()
    uncovered = [f"{m}.{n}" for m, n in public_names()
                 if where_documented(importlib.import_module(m), n, blocks) is None]
    assert uncovered == []


def test_public_callables_have_docstring_examples() -> None:
    missing = []
    for modname, name in public_names():
        obj = getattr(importlib.import_module(modname), name)
        if _is_documented_kind(obj) and ">>>" not in (inspect.getdoc(obj) or ""):
            missing.append(f"{modname}.{name}")
    assert missing == []


def _python_fences(text: str) -> list[str]:
    return [body for lang, body in _FENCE.findall(text) if lang.strip() in ("python", "py", "pycon")]


@pytest.mark.parametrize("page", [ROOT / "README.md", *sorted(DOCS.glob("*.md"))], ids=lambda p: p.name)
def test_docs_python_blocks_are_doctests(page: Path) -> None:
    """A ```python block that is not a doctest would never run; write it as a >>> session."""
    bad = [body.splitlines()[0] for body in _python_fences(page.read_text(encoding="utf-8"))
           if not body.lstrip().startswith(">>>")]
    assert bad == []


def test_readme_links_point_to_files_in_the_repository() -> None:
    """The README links the pages by relative paths (it is read on the forge as well as in the site)."""
    links = re.findall(r"\]\(([^)]+)\)", (ROOT / "README.md").read_text(encoding="utf-8"))
    relative = [link.split("#")[0] for link in links if "://" not in link]
    assert len(relative) >= 10
    assert [link for link in relative if not (ROOT / link).exists()] == []


def test_changelog_page_includes_changelog() -> None:
    text = (DOCS / "changelog.md").read_text(encoding="utf-8")
    assert '--8<-- "CHANGELOG.md"' in text
    assert (ROOT / "CHANGELOG.md").is_file()


@pytest.mark.slow
def test_mkdocs_build_strict_shows_every_public_name(tmp_path: Path) -> None:
    """``mkdocs build --strict`` passes, and every public name has its anchor in the built reference."""
    mkdocs = shutil.which("mkdocs", path=str(Path(sys.executable).parent)) or shutil.which("mkdocs")
    if mkdocs is None:
        pytest.fail("mkdocs is not installed: pip install -e '.[docs]' (the test extra has it)")
    site = tmp_path / "site"
    # No -q: quiet mode hides warnings from the strict count (issue 25), so this is the user's build.
    run = subprocess.run([mkdocs, "build", "--strict", "-d", str(site)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "WARNING" not in run.stdout + run.stderr, run.stdout + run.stderr
    html = "".join(p.read_text(encoding="utf-8") for p in (site / "api").rglob("*.html"))
    anchors = set(re.findall(r'id="(fastholdem[\w.]*)"', html))
    blocks = reference_blocks()
    absent = []
    for modname, name in public_names():
        where = where_documented(importlib.import_module(modname), name, blocks)
        if where not in anchors:
            absent.append(f"{modname}.{name} (looked for {where})")
    assert absent == []
    changelog = (site / "changelog" / "index.html").read_text(encoding="utf-8")
    first = next(line for line in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
                 if line.startswith("## "))
    assert first[3:].strip().split()[0] in changelog


def test_docstrings_parse_as_numpy_style_without_warnings() -> None:
    """Every docstring of the package parses as the site parses it (griffe, numpy style) with no
    warning: a paragraph after ``Parameters`` read as parameters "The" and "from", or an example
    inside a parameter, fails here before it fails the docs build (issue 25)."""
    import griffe

    messages: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            messages.append(record.getMessage())

    logger = logging.getLogger("griffe")
    handler = Collect(level=logging.WARNING)
    logger.addHandler(handler)
    try:
        package = griffe.load("fastholdem", search_paths=[str(ROOT / "src")], docstring_parser="numpy",
                              resolve_aliases=False)

        def parse(obj: griffe.Object) -> None:
            if obj.docstring is not None:
                obj.docstring.parse("numpy")
            for member in obj.members.values():
                if not member.is_alias:
                    parse(member)  # type: ignore[arg-type]

        parse(package)
    finally:
        logger.removeHandler(handler)
    assert messages == []


def test_griffe_extension_fences_doctests_and_links_roles() -> None:
    """tools/griffe_doctest_fences.py (mkdocs.yml loads it): its own examples, and a module tour."""
    import doctest
    import importlib.util

    spec = importlib.util.spec_from_file_location("griffe_doctest_fences", ROOT / "tools" / "griffe_doctest_fences.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert doctest.testmod(tool).failed == 0
    text = tool.render_docstring("Tour, see :class:`~fastholdem.Range`:\n\n>>> [1][0]\n1\n\nParameters\n"
                                 "----------\nx : int\n    >>> x = 1\n")
    assert text.count("```pycon") == 2
    assert "<code>Range</code>" in text and ":class:" not in text
