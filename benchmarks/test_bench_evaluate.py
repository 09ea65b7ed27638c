"""pytest-benchmark versions of bench_evaluate.py at small sizes.

Run: ``pytest benchmarks/test_bench_evaluate.py`` (not part of the test suite: ``testpaths`` is
``tests``). Rates are per benchmark round; see bench_evaluate.py for the comparison table.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_evaluate  # noqa: E402

from fastholdem import _core  # noqa: E402
from fastholdem.evaluate import enumerate_values, evaluate_batch  # noqa: E402

pytest.importorskip("pytest_benchmark")

N_BATCH = 100_000
N_CALLS = 2_000


@pytest.fixture(scope="module")
def hands() -> np.ndarray:
    return bench_evaluate.make_hands(N_BATCH, seed=2024)


@pytest.fixture(scope="module")
def rows(hands: np.ndarray) -> list[list[int]]:
    return hands[:N_CALLS].tolist()


@pytest.mark.parametrize("threads", [1, _core.max_threads()])
def test_bench_evaluate_batch(benchmark, hands: np.ndarray, threads: int) -> None:  # type: ignore[no-untyped-def]
    values = benchmark(evaluate_batch, hands, threads)
    assert values.shape == (N_BATCH,)


def test_bench_evaluate_scalar(benchmark, rows: list[list[int]]) -> None:  # type: ignore[no-untyped-def]
    benchmark(bench_evaluate.run_scalar, rows)


@pytest.mark.parametrize("threads", [1, _core.max_threads()])
def test_bench_enumerate_two_fixed_cards(benchmark, threads: int) -> None:  # type: ignore[no-untyped-def]
    """Every 7-card hand holding As Kd: C(50, 5) = 2,118,760 hands."""
    hist = benchmark(enumerate_values, "AsKd", None, threads)
    assert int(hist.sum()) == 2_118_760


@pytest.mark.parametrize(
    "make",
    [bench_evaluate.phevaluator_runner, bench_evaluate.eval7_runner, bench_evaluate.treys_runner],
    ids=["phevaluator", "eval7", "treys"],
)
def test_bench_peer(  # type: ignore[no-untyped-def]
    benchmark, rows: list[list[int]], make: Callable[[list[list[int]]], Callable[[], None] | None]
) -> None:
    run = make(rows)
    if run is None:
        pytest.skip("peer not installed")
    benchmark(run)


@pytest.mark.parametrize("threads", [1, _core.max_threads()])
def test_bench_deal(benchmark, threads: int) -> None:  # type: ignore[no-untyped-def]
    rows = benchmark(_core.deal, N_BATCH, 7, None, 1, threads)
    assert rows.shape == (N_BATCH, 7)


@pytest.mark.parametrize("index", range(len(bench_evaluate.NUMPY_DEALERS) - 1),
                         ids=[name for name, _, _ in bench_evaluate.NUMPY_DEALERS[:-1]])
def test_bench_numpy_dealer(benchmark, index: int) -> None:  # type: ignore[no-untyped-def]
    _, dealer, _ = bench_evaluate.NUMPY_DEALERS[index]
    rows = benchmark(dealer, N_BATCH, 1)
    assert rows.shape == (N_BATCH, 7)
