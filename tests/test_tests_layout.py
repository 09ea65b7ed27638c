"""The tests mirror ``src/`` (issue 27, item 6; CONTRIBUTING.md says where a test goes).

* every folder of ``tests/`` is named after a subpackage or module of ``src/fastholdem``, or is
  one of the shared folders (``data``, ``reference``, ``soak``);
* the pure-Python references live in ``tests/reference/``: no test takes code from ``tools/``
  except the test of that very tool (a generator reproduces what the package ships);
* test file names are unique across folders (pytest's default import mode needs it).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
SRC = ROOT / "src" / "fastholdem"
SHARED = {"data", "reference", "soak"}
# A tool's own test: the tool it loads, and what the test proves about it.
TOOL_TESTS = {
    "tests/evaluate/test_eval_tables.py": "gen_tables.py",  # regenerates csrc/fh_tables.c byte for byte
    "tests/ranges/test_hand_classes.py": "gen_preflop_orders.py",  # regenerates the shipped orders
    "tests/test_api_docs.py": "griffe_doctest_fences.py",  # the docs build's griffe extension
    "tests/history/test_dialects.py": "hh_table.py",  # the per-site and per-dialect table it prints
}


def _test_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("*.py") if "__pycache__" not in p.parts)


def test_every_test_folder_mirrors_a_source_package() -> None:
    names = {p.stem for p in SRC.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}
    folders = {p.name for p in TESTS.iterdir() if p.is_dir() and p.name != "__pycache__" and not p.name.startswith(".")}
    strays = sorted(folders - names - SHARED)
    assert not strays, f"tests/{strays[0]}/ mirrors nothing in src/fastholdem (CONTRIBUTING.md)"


def test_tests_take_no_code_from_tools() -> None:
    loads = re.compile(r'"tools"\s*/\s*"([\w.]+)"|tools/([\w.]+\.py)')
    for path in _test_files():
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("tests/data/"):
            continue
        code = "\n".join(line for line in path.read_text().splitlines()
                         if "spec_from_file_location" in line or "import" in line or '"tools"' in line)
        used = {a or b for a, b in loads.findall(code)}
        assert used <= ({TOOL_TESTS[rel]} if rel in TOOL_TESTS else set()), (rel, used)


def test_test_file_names_are_unique() -> None:
    counts = Counter(p.name for p in _test_files() if p.name.startswith("test_"))
    twice = sorted(name for name, n in counts.items() if n > 1)
    assert not twice, f"{twice}: pytest's default import mode needs one module per name"


def test_no_test_module_sits_in_the_shared_folders() -> None:
    for folder in SHARED - {"soak"}:
        assert not list((TESTS / folder).rglob("test_*.py")), folder
