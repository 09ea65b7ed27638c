"""``fastholdem.plot.aggregate_bars``: an aggregate report's frequencies per flop (issue 30 item 5).

The reports here are built from rows written by hand (no solving): the picture is checked bar
by bar against them."""

from __future__ import annotations

import math

import numpy as np
import pytest

pytest.importorskip("matplotlib")

import matplotlib.pyplot as plt  # noqa: E402

import fastholdem as fh  # noqa: E402
from fastholdem.plot import aggregate_bars  # noqa: E402
from fastholdem.solver import AggregateReport, FlopRow, flop_classes, flop_texture  # noqa: E402

ACTIONS = ("check", "bet 5", "allin 10")


def _row(flop: str, weight: float, bet: float, shove: float, index: int) -> FlopRow:
    return FlopRow(flop, weight, {"check": 1 - bet - shove, "bet 5": bet, "allin 10": shove}, (6.0, 4.0),
                   (0.6, 0.4), 0.3, 20, 0, index)


def _report(flops: list[str]) -> AggregateReport:
    rng = np.random.default_rng(3)
    rows = [_row(f, 1.0 + i % 3, float(rng.uniform(0, 0.5)), float(rng.uniform(0, 0.5)), i)
            for i, f in enumerate(flops)]
    return AggregateReport((), 0, ACTIONS, tuple(rows))


def _stacks(fig: object) -> dict[float, list[float]]:
    """Bar x -> the heights drawn there, bottom up."""
    out: dict[float, list[tuple[float, float]]] = {}
    for p in fig.axes[0].patches:  # type: ignore[attr-defined]
        out.setdefault(round(p.get_x() + p.get_width() / 2, 6), []).append((p.get_y(), p.get_height()))
    return {x: [h for _, h in sorted(v)] for x, v in out.items()}


def test_bars_are_the_rows_sorted_by_high_card() -> None:
    rep = _report(["7c7d2h", "AsKd2c", "Td9d6h", "Ah8h3h"])
    fig = aggregate_bars(rep)
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert labels == ["AsKd2c", "Ah8h3h", "Td9d6h", "7c7d2h", "overall"]
    stacks = _stacks(fig)
    xs = sorted(stacks)
    by_flop = {r.flop: r for r in rep.rows}
    for x, flop in zip(xs, labels[:-1]):
        assert np.allclose(stacks[x], [by_flop[flop].frequencies[a] for a in ACTIONS])
    assert np.allclose(stacks[xs[-1]], [rep.overall.frequencies[a] for a in ACTIONS])
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert legend[0] == f"check: {100 * rep.overall.frequencies['check']:.1f}% overall"
    assert fig.axes[0].get_title() == "OOP to act at the root: action frequencies on 4 flops"
    plt.close(fig)


def test_sorted_by_an_action_or_texture() -> None:
    rep = _report(["7c7d2h", "AsKd2c", "Td9d6h", "Ah8h3h"])
    fig = aggregate_bars(rep, sort="bet 5")
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()][:-1]
    bets = [next(r for r in rep.rows if r.flop == f).frequencies["bet 5"] for f in labels]
    assert bets == sorted(bets, reverse=True)
    plt.close(fig)
    fig = aggregate_bars(rep, sort="texture")
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()][:-1]
    assert labels == ["Ah8h3h", "Td9d6h", "AsKd2c", "7c7d2h"]  # monotone, two-tone, rainbow, paired
    plt.close(fig)


def test_many_flops_are_grouped() -> None:
    flops = [c.board for c in flop_classes()[::29]]  # 61 flops, every high card
    rep = _report(flops)
    fig = aggregate_bars(rep)
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert labels == [*"AKQJT98765432"[:len(labels) - 1], "overall"]
    assert len(_stacks(fig)) == 62
    plt.close(fig)
    fig = aggregate_bars(rep, sort="texture")
    labels = [t.get_text() for t in fig.axes[0].get_xticklabels()]
    assert labels[0] == "monotone" and labels[-1] == "overall"
    assert len(set(labels)) == len(labels) == len({flop_texture(f) for f in flops}) + 1
    plt.close(fig)


def test_a_flop_where_the_node_is_never_reached_is_grey() -> None:
    rows = (_row("AsKd2c", 1, 0.2, 0.1, 0),
            FlopRow("Td9d6h", 1, {}, (math.nan, math.nan), (math.nan, math.nan), 0.1, 10, 0, 1))
    fig = aggregate_bars(AggregateReport(("check",), 1, ACTIONS, rows))
    stacks = _stacks(fig)
    assert stacks[sorted(stacks)[1]] == [1.0]
    plt.close(fig)


def test_bad_arguments_are_named() -> None:
    with pytest.raises(fh.InputTypeError, match="report"):
        aggregate_bars("AsKd2c")  # type: ignore[arg-type]
    with pytest.raises(fh.InputError, match="sort"):
        aggregate_bars(_report(["AsKd2c"]), sort="raise 30")
