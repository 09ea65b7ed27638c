"""Exhaustive seven-card checks (R9): all 133,784,560 seven-card sets, two independent ways.

1. ``enumerate_values()``: the C enumerator (incremental keys, rank-run shortcuts, threads).
2. ``evaluate_batch`` over every seven-card set, generated with NumPy in chunks that fix the two
   lowest cards: a different C path (row-wise keys) fed by independently built input, once
   with each batch kernel the CPU supports (portable, BMI2, AVX2, AVX-512).  Both must give R9's
   category counts and 4824 distinct values, and the same histogram.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb

import numpy as np
import pytest

from fastholdem.evaluate import (
    EVAL_KERNELS,
    HandCategory,
    category_counts,
    enumerate_values,
    eval_kernel,
    eval_kernels_supported,
    evaluate_batch,
    set_eval_kernel,
)

pytestmark = pytest.mark.slow

HC = HandCategory
N_SEVEN = 133_784_560

#: R9: category counts over all 133,784,560 seven-card sets.
R9_SEVEN_CARD_COUNTS = {
    HC.STRAIGHT_FLUSH: 41_584,
    HC.FOUR_OF_A_KIND: 224_848,
    HC.FULL_HOUSE: 3_473_184,
    HC.FLUSH: 4_047_644,
    HC.STRAIGHT: 6_180_020,
    HC.THREE_OF_A_KIND: 6_461_620,
    HC.TWO_PAIR: 31_433_400,
    HC.ONE_PAIR: 58_627_800,
    HC.HIGH_CARD: 23_294_460,
}


def _check_r9_seven(hist: np.ndarray) -> None:
    assert hist.shape == (7463,) and hist[0] == 0
    assert int(hist.sum()) == N_SEVEN
    assert category_counts(histogram=hist) == R9_SEVEN_CARD_COUNTS
    assert int(np.count_nonzero(hist)) == 4824


@pytest.fixture(scope="module")
def enumerated() -> np.ndarray:
    return enumerate_values()


def test_r9_seven_card_counts_by_enumeration(enumerated: np.ndarray) -> None:
    assert enumerated.dtype == np.uint64
    _check_r9_seven(enumerated)


def test_r9_enumeration_same_on_one_thread(enumerated: np.ndarray) -> None:
    assert np.array_equal(enumerate_values(threads=1), enumerated)


def seven_card_histogram_by_batches(combinations: Callable[[int, int], np.ndarray]) -> np.ndarray:
    """Histogram of ``evaluate_batch`` over every 7-card set, built chunk by chunk.

    A set is split as its two lowest cards ``a < b`` and five higher cards. The five higher
    cards are the first ``comb(51 - b, 5)`` rows of a colex-ordered 5-subset array of
    ``range(50)``, shifted by ``b + 1``; one chunk per ``(a, b)``: 1,081 chunks of up to 2.1M rows.
    """
    base = combinations(50, 5)
    hist = np.zeros(7463, np.int64)
    seen = 0
    for b in range(1, 47):
        m = comb(51 - b, 5)
        chunk = np.empty((m, 7), np.uint8)
        chunk[:, 2:] = base[:m] + np.uint8(b + 1)
        chunk[:, 1] = b
        for a in range(b):
            chunk[:, 0] = a
            hist += np.bincount(evaluate_batch(chunk), minlength=7463)
            seen += m
    assert seen == comb(52, 7)
    return hist


@pytest.mark.parametrize("kernel", EVAL_KERNELS)
def test_r9_seven_card_counts_by_batch_evaluation(
    enumerated: np.ndarray, combinations: Callable[[int, int], np.ndarray], kernel: str
) -> None:
    if kernel not in eval_kernels_supported():
        pytest.skip(f"the {kernel} kernel is not supported on this CPU")
    before = eval_kernel()
    set_eval_kernel(kernel)
    try:
        hist = seven_card_histogram_by_batches(combinations)
    finally:
        set_eval_kernel(before)
    _check_r9_seven(hist)
    assert np.array_equal(hist, enumerated.astype(np.int64))


def test_chunk_generator_covers_each_seven_card_set_once(
    combinations: Callable[[int, int], np.ndarray],
) -> None:
    """The chunking above, checked on a small deck where the sets can be listed: 12 cards."""
    n = 12
    base = combinations(n - 2, 5)
    rows = []
    for b in range(1, n - 5):
        m = comb(n - 1 - b, 5)
        for a in range(b):
            chunk = np.empty((m, 7), np.uint8)
            chunk[:, 2:] = base[:m] + np.uint8(b + 1)
            chunk[:, :2] = (a, b)
            rows.append(chunk)
    every = np.concatenate(rows)
    assert len(every) == comb(n, 7)
    assert len({tuple(r) for r in every.tolist()}) == comb(n, 7)
    assert (np.diff(every.astype(int), axis=1) > 0).all() and every.max() < n
