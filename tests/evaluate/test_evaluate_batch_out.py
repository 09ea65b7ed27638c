"""``evaluate_batch(..., out=)``: a preallocated uint16 array, checked as NumPy checks ``out=``."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from fastholdem import deal, evaluate_batch


def test_evaluate_batch_out_is_filled_and_returned() -> None:
    rows = deal(50_000, 7, seed=1)
    out = np.zeros(50_000, np.uint16)
    got = evaluate_batch(rows, out=out)
    assert got is out
    assert np.array_equal(out, evaluate_batch(rows))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_evaluate_batch_out_any_input_layout(k: int) -> None:
    rows = deal(40_000, 7, seed=k)[:, :k]  # strided columns: converted in blocks
    out = np.empty(40_000, np.uint16)
    assert evaluate_batch(rows.astype(np.int32), threads=2, out=out) is out
    assert np.array_equal(out, evaluate_batch(np.ascontiguousarray(rows)))


def test_evaluate_batch_out_allocates_nothing() -> None:
    rows = deal(200_000, 7, seed=2)
    out = np.empty(200_000, np.uint16)
    evaluate_batch(rows, threads=1, out=out)  # warm up
    tracemalloc.start()
    try:
        for _ in range(3):
            evaluate_batch(rows, threads=1, out=out)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20_000  # NumPy reports its buffers to tracemalloc: a result array is 400 kB
    tracemalloc.start()
    try:
        evaluate_batch(rows, threads=1)
        _, peak_new = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak_new >= 400_000  # the check above can fail: without out= the values are allocated


def test_evaluate_batch_out_empty_and_broadcast() -> None:
    out = np.empty(0, np.uint16)
    assert evaluate_batch(np.empty((0, 7), np.uint8), out=out) is out
    view = np.broadcast_to(np.asarray([51, 47, 43, 39, 35, 0, 5], np.uint8), (1_000, 7))
    out = np.zeros(1_000, np.uint16)
    assert evaluate_batch(view, out=out) is out and (out == 7462).all()


def test_evaluate_batch_out_overlapping_input() -> None:
    """``out`` sharing memory with ``hands`` gives the values of the input as it was."""
    rows = deal(10_000, 6, seed=3).astype(np.uint16)
    expected = evaluate_batch(rows)
    out = rows[:, 0]  # not contiguous: refused
    with pytest.raises(ValueError, match="C-contiguous"):
        evaluate_batch(rows, out=out)
    flat = rows.reshape(-1)
    out = flat[:10_000]  # the first 10,000 uint16 of the input itself
    assert evaluate_batch(rows, out=out) is out
    assert np.array_equal(out, expected)


@pytest.mark.parametrize(
    ("out", "error", "message"),
    [
        ([0] * 4, TypeError, "out must be a numpy.ndarray of uint16, got list"),
        (np.zeros(4, np.int64), TypeError, "out must have dtype uint16, got int64"),
        (np.zeros(4, ">u2"), TypeError, "out must have dtype uint16, got >u2"),
        (np.zeros(5, np.uint16), ValueError, r"out must have shape \(4,\) for 4 hands, got \(5,\)"),
        (np.zeros((4, 1), np.uint16), ValueError, r"out must have shape \(4,\) for 4 hands, got \(4, 1\)"),
        (np.zeros(8, np.uint16)[::2], ValueError, "out must be C-contiguous"),
    ],
)
def test_evaluate_batch_out_checked(out: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        evaluate_batch(deal(4, 7, seed=4), out=out)


def test_evaluate_batch_out_read_only_refused() -> None:
    out = np.zeros(4, np.uint16)
    out.flags.writeable = False
    with pytest.raises(ValueError, match="out must be writeable"):
        evaluate_batch(deal(4, 7, seed=5), out=out)
    assert (out == 0).all()
