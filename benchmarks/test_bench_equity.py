"""pytest-benchmark versions of small bench_equity.py cases (run: pytest benchmarks/test_bench_equity.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_equity  # noqa: E402

from fastholdem.equities import equity, equity_batch, hand_strength  # noqa: E402

pytest.importorskip("pytest_benchmark")


@pytest.mark.parametrize("players", [["AhKh", "QsQd"], ["AsAd", "KhKc", "7s6s"]], ids=["hu", "3way"])
def test_bench_exact_preflop(benchmark, players: list[str]) -> None:  # type: ignore[no-untyped-def]
    r = benchmark(equity, players, threads=1)
    assert r.exact


def test_bench_exact_small_ranges(benchmark) -> None:  # type: ignore[no-untyped-def]
    r = benchmark(equity, ["AA", "KK,QQ"], exact=True, threads=1)
    assert r.exact


@pytest.mark.parametrize("players", [["random"] * 6, ["AhKh", "QsQd"]], ids=["6random", "hu"])
def test_bench_monte_carlo(benchmark, players: list[str]) -> None:  # type: ignore[no-untyped-def]
    r = benchmark(equity, players, exact=False, trials=100_000, seed=1, threads=1)
    assert r.deals == 100_000


@pytest.mark.parametrize("board", [5, 4], ids=["river", "turn"])
def test_bench_equity_batch(benchmark, board: int) -> None:  # type: ignore[no-untyped-def]
    holes, boards = bench_equity.random_spots(1000, 2, board, seed=board)
    eq = benchmark(equity_batch, holes, boards, threads=1)
    assert np.allclose(eq.sum(axis=1), 1.0)


def test_bench_hand_strength(benchmark) -> None:  # type: ignore[no-untyped-def]
    holes, boards = bench_equity.random_spots(1000, 1, 3, seed=3)
    holes = np.ascontiguousarray(holes[:, 0])
    out = benchmark(hand_strength, holes, boards, exact=False, trials=200, seed=1, threads=1)
    assert out.shape == (1000,)


def test_bench_hand_strength_exact_vs_nine_turn(benchmark) -> None:  # type: ignore[no-untyped-def]
    """Exact equity of one hand on a turn against nine random hands (csrc/fh_vs_many.c)."""
    rows = np.array([[51, 50, 33, 20, 3, 46]], dtype=np.uint8)  # AsAh on Td 7c 2s Kh
    out = benchmark(hand_strength, rows[:, :2].copy(), rows[:, 2:].copy(), 9, exact=True, threads=1)
    assert 0.0 < float(out[0]) < 1.0
