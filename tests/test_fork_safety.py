"""Process pools work after threaded calls, under every start method (issue 10).

OpenMP kept a thread pool alive between calls, and a child forked after any threaded call
hung in it. The core now starts its threads per call and joins them before returning, so
nothing survives into a child. Each test first makes multi-threaded calls in this process,
then runs the README's pool pattern (``pool.map(job.run, job.chunks(...))``) and a pool of
``evaluate_batch`` calls, and compares with the in-process answers. A hang fails on the
timeout instead of blocking the suite.
"""

from __future__ import annotations

import multiprocessing as mp

import numpy as np
import pytest

from fastholdem import equity, equity_job, evaluate_batch, hand_strength

TIMEOUT = 120


def _hands(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.stack([rng.permutation(52)[:7] for _ in range(n)]).astype(np.uint8)


def _threaded_calls_in_parent() -> None:
    """Calls that start several threads (large enough to go parallel)."""
    evaluate_batch(_hands(70_000, 1), threads=2)
    equity(["AhKh", "QsQd", "Tc9c"], exact=True, threads=2, progress=False)
    equity(["AhKh", "QsQd"], trials=100_000, seed=1, threads=2, progress=False)
    hand_strength(np.array([[51, 50], [3, 7]]), trials=5000, threads=2)


@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_pool_after_threaded_calls_runs_equity_job_chunks(method: str) -> None:
    _threaded_calls_in_parent()
    exact = equity_job(["AhKh", "QQ+"], board="Td7c2s")
    mc = equity_job(["AhKh", "QsQd", "random"], trials=40_000, seed=7)
    with mp.get_context(method).Pool(2) as pool:
        exact_parts = pool.map_async(exact.run, exact.chunks(4)).get(TIMEOUT)
        mc_parts = pool.map_async(mc.run, mc.chunks(4)).get(TIMEOUT)
    want_exact = exact.combine([exact.run(c, threads=2) for c in exact.chunks(3)])
    want_mc = mc.combine([mc.run(range(mc.size), threads=2)])
    assert np.array_equal(exact.combine(exact_parts).equity, want_exact.equity)
    assert np.array_equal(mc.combine(mc_parts).equity, want_mc.equity)


@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_pool_after_threaded_calls_runs_evaluate_batch(method: str) -> None:
    _threaded_calls_in_parent()
    batches = [_hands(40_000, seed) for seed in range(4)]
    with mp.get_context(method).Pool(2) as pool:
        got = pool.map_async(evaluate_batch, batches).get(TIMEOUT)
    for values, hands in zip(got, batches):
        assert np.array_equal(values, evaluate_batch(hands, threads=2))
