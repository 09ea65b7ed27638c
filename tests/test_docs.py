"""The README tour, every docs page and every module's docstring examples run (doctest)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import fastholdem

README = Path(__file__).resolve().parent.parent / "README.md"
# Every module of the package (private ones too: their examples document the internals), so a
# docstring example cannot be written without being run. ``cli.__main__`` runs the command.
MODULES = sorted(info.name.removeprefix("fastholdem.") for info in
                 pkgutil.walk_packages(fastholdem.__path__, "fastholdem.")
                 if not info.name.endswith(".__main__"))
WITHOUT_EXAMPLES = {"_slow"}  # the pure-Python oracle, exercised by the evaluator tests
DOCS = sorted((Path(__file__).resolve().parent.parent / "docs").glob("*.md"))


def test_readme_tour_runs() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5
    assert result.failed == 0


@pytest.mark.parametrize("page", DOCS, ids=lambda p: p.name)
def test_docs_page_examples_run(page: Path) -> None:
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_module_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"fastholdem.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 or name in WITHOUT_EXAMPLES, f"no docstring examples found in {module.__name__}"
    assert result.failed == 0
