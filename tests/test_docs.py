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


# The README's bot plays a million hands (about 9 CPU s): the default run plays 10,000 of them
# and checks the shape of the answer; the slow pass runs the README exactly as written.
_MILLION = '10**6, seed=1)'
_MILLION_ANSWER = "(1000000, 'vector', 918)"


def _run_text(text: str, name: str) -> doctest.TestResults:
    test = doctest.DocTestParser().get_doctest(text, {}, name, str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    return runner.summarize(verbose=False)


def test_readme_tour_runs() -> None:
    text = README.read_text(encoding="utf-8")
    assert text.count(_MILLION) == 1 and text.count(_MILLION_ANSWER) == 1, "the README's bot example moved"
    text = text.replace(_MILLION, "10**4, seed=1)").replace(_MILLION_ANSWER, "(10000, 'vector', ...)")
    result = _run_text(text, "README.md (bot: 10,000 hands)")
    assert result.attempted > 5
    assert result.failed == 0


@pytest.mark.slow
def test_readme_tour_runs_as_written() -> None:
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
