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
    "equity",
    "equity.jobs",
    "equity.plan",
    "equity.result",
    "equity.engines.table",
    "ranges",
    "progress",
    "_validate",
    "plot.equity",
    "hand_classes",
    "board_hits",
    "range_cli",
    "plot.ranges",
    "_core",
    "game",
    "game.account",
    "game.actions",
    "game.config",
    "game.hand",
    "game.pots",
    "dealer",
    "outs",
    "preflop",
    "plot.matrix",
    "plot.next_card",
    "game.simulate",
    "dask",
    "history.scan",
    "history.summary",
    "history.allin_ev",
    "history.stats",
    "history.export_pokerstars",
    "plot.ev_graph",
    "hh_stats_cli",
]


def test_readme_tour_runs() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 5
    assert result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_module_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"fastholdem.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"no docstring examples found in {module.__name__}"
    assert result.failed == 0
