"""The README tour and every module's docstring examples run (doctest)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
MODULES = [
    "cards",
    "evaluate",
    "equities",
    "equities.jobs",
    "equities.plan",
    "equities.result",
    "equities.engines.table",
    "ranges",
    "ranges.combos",
    "ranges.classes",
    "ranges.range",
    "progress",
    "_validate",
    "plot.equity",
    "analysis",
    "analysis.board_hits",
    "analysis.by_class",
    "analysis.outs",
    "analysis.preflop",
    "cli",
    "cli.main",
    "cli.rank",
    "cli.equity",
    "cli.game",
    "cli.range",
    "cli.phh",
    "cli._args",
    "history",
    "history.check",
    "plot.ranges",
    "_core",
    "game",
    "game.account",
    "game.actions",
    "game.config",
    "game.hand",
    "game.pots",
    "plot.matrix",
    "plot.next_card",
    "game.simulation",
    "dask",
]
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
    assert result.attempted > 0, f"no docstring examples found in {module.__name__}"
    assert result.failed == 0
