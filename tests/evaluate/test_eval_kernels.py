"""The batch kernels of ``evaluate_batch`` (portable C, BMI2, AVX2, AVX-512) give the same values.

Each kernel the CPU supports is forced in turn and compared value by value with the portable
one: random 5-, 6- and 7-card rows (10**7 of each under ``slow``), flush-heavy rows, every
short tail, and bad rows (repeated cards, ids above 51 in every position). The exhaustive
category histogram per kernel is in ``test_evaluate_slow.py``. ``FASTHOLDEM_EVAL_KERNEL``
forces a kernel for a whole process (CI runs the evaluator tests once per kernel).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from itertools import combinations

import numpy as np
import pytest

from fastholdem import CardError, _core, deal
from fastholdem.cards import card_str
from fastholdem.evaluate import EVAL_KERNELS, eval_kernel, eval_kernels_supported, evaluate_batch, set_eval_kernel

SUPPORTED = eval_kernels_supported()


@pytest.fixture(params=[k for k in EVAL_KERNELS if k != "portable"])
def kernel(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each non-portable kernel, forced for the test (skipped where the CPU lacks it)."""
    name: str = request.param
    if name not in SUPPORTED:
        pytest.skip(f"the {name} kernel is not supported on this CPU")
    before = eval_kernel()
    set_eval_kernel(name)
    try:
        yield name
    finally:
        set_eval_kernel(before)


def values_with(name: str, rows: np.ndarray) -> np.ndarray:
    before = eval_kernel()
    set_eval_kernel(name)
    try:
        return evaluate_batch(rows, threads=1)
    finally:
        set_eval_kernel(before)


def error_with(name: str, rows: np.ndarray) -> str:
    before = eval_kernel()
    set_eval_kernel(name)
    try:
        with pytest.raises(ValueError) as info:
            evaluate_batch(rows, threads=1)
        return str(info.value)
    finally:
        set_eval_kernel(before)


def flush_heavy(n: int, k: int, seed: int) -> np.ndarray:
    """Rows drawn from two suits only (26 cards): most of them hold a flush."""
    two_suits = np.array([c for c in range(52) if c % 4 < 2], np.uint8)
    picks = deal(n, k, dead=[c for c in range(52) if c % 4 >= 2], seed=seed)
    assert np.isin(picks, two_suits).all()
    return picks


def test_eval_kernels_portable_always_supported() -> None:
    assert EVAL_KERNELS == ("portable", "bmi2", "avx2", "avx512", "avx512-gather")
    assert SUPPORTED[0] == "portable" and set(SUPPORTED) <= set(EVAL_KERNELS)
    assert eval_kernel() in SUPPORTED


def test_eval_kernels_unknown_name_refused() -> None:
    with pytest.raises(ValueError, match="unknown evaluator kernel 'sse9'"):
        set_eval_kernel("sse9")


@pytest.mark.parametrize("k", [5, 6, 7])
def test_eval_kernels_agree_on_random_and_flush_rows(kernel: str, k: int) -> None:
    rows = np.concatenate([deal(60_000, k, seed=k), flush_heavy(20_000, k, seed=k)])
    expected = values_with("portable", rows)
    assert np.array_equal(values_with(kernel, rows), expected)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_eval_kernels_agree_on_every_short_tail(kernel: str, k: int) -> None:
    """Batches of 1..40 rows end inside a group of 8 or 16 rows at every position."""
    rows = np.concatenate([deal(300, k, seed=1), flush_heavy(100, k, seed=2)])
    for n in range(1, 41):
        for start in (0, 7, 350):
            part = rows[start : start + n]
            assert np.array_equal(values_with(kernel, part), values_with("portable", part))


@pytest.mark.parametrize("k", [5, 6, 7])
def test_eval_kernels_report_the_same_bad_row(kernel: str, k: int) -> None:
    rng = np.random.default_rng(k)
    base = np.concatenate([deal(5_000, k, seed=3), flush_heavy(5_000, k, seed=4)])
    for _ in range(60):
        rows = base[: int(rng.integers(1, len(base)))].copy()
        r, j = int(rng.integers(0, len(rows))), int(rng.integers(0, k))
        if rng.random() < 0.5:  # a repeated card, possibly in a flush row
            rows[r, j] = rows[r, (j + 1 + int(rng.integers(0, k - 1))) % k]
        else:  # an id above 51, including 64 + c (the same low six bits as a real card)
            rows[r, j] = rng.choice([52, 53, 63, 64 + int(rows[r, (j + 1) % k]), 127, 200, 255])
        assert error_with(kernel, rows) == error_with("portable", rows)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_r2_eval_kernels_find_a_repeat_in_every_column_pair(kernel: str, k: int) -> None:
    """The SIMD kernels compare a row with itself rotated within the row (by 1, 2 and 3 columns
    of k; 1 and 2 for five cards): a pair of columns that no rotation met would let a repeated
    card through with a wrong value. Every pair gets a repeat, at rows inside and at the edges
    of the kernels' groups of 8 and 16 rows; the error names that row and those columns."""
    base = deal(64, k, seed=50 + k)
    for a, b in combinations(range(k), 2):
        for row in (0, 7, 8, 15, 21, 63):
            rows = base.copy()
            rows[row, b] = rows[row, a]
            message = rf"hands\[{row}\] repeats card {card_str(int(rows[row, a]))} \(columns {a} and {b}\)"
            with pytest.raises(CardError, match=message):
                evaluate_batch(rows, threads=1)
    assert evaluate_batch(base, threads=1).min() >= 1


@pytest.mark.parametrize("k", [5, 6, 7])
def test_eval_kernels_agree_through_threads_and_conversion(kernel: str, k: int) -> None:
    """Two threads, and int64 / strided input (converted in blocks), use the kernel too."""
    rows = deal(100_000, 7, seed=9)[:, :k]
    expected = values_with("portable", np.ascontiguousarray(rows))
    assert np.array_equal(evaluate_batch(rows, threads=2), expected)
    assert np.array_equal(evaluate_batch(rows.astype(np.int64), threads=1), expected)


@pytest.mark.slow
@pytest.mark.parametrize("k", [5, 6, 7])
def test_eval_kernels_agree_on_ten_million_rows(kernel: str, k: int) -> None:
    rows = deal(10_000_000, k, seed=100 + k, threads=2)
    expected = values_with("portable", rows)
    assert np.array_equal(values_with(kernel, rows), expected)


@pytest.mark.parametrize("name", ["portable", *[k for k in EVAL_KERNELS if k != "portable"]])
def test_eval_kernel_forced_by_environment(name: str) -> None:
    if name not in SUPPORTED:
        pytest.skip(f"the {name} kernel is not supported on this CPU")
    code = (
        "import numpy as np; from fastholdem import evaluate_batch; from fastholdem.evaluate import eval_kernel;"
        "print(eval_kernel(), evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 5]]))[0])"
    )
    env = {**os.environ, "FASTHOLDEM_EVAL_KERNEL": name.upper()}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == [name, "7462"]


def test_eval_kernel_environment_error_names_the_variable() -> None:
    env = {**os.environ, "FASTHOLDEM_EVAL_KERNEL": "sse9"}
    out = subprocess.run([sys.executable, "-c", "import fastholdem"], env=env, capture_output=True, text=True)
    assert out.returncode != 0
    assert "FASTHOLDEM_EVAL_KERNEL='sse9': unknown evaluator kernel 'sse9'" in out.stderr


def test_eval_kernel_default_is_a_simd_kernel_when_the_cpu_has_one() -> None:
    """Without FASTHOLDEM_EVAL_KERNEL the first batch times the SIMD kernels the CPU supports
    and keeps the fastest: which one that is depends on the CPU (and the timing is not this
    test's business), but it is never the portable or BMI2 kernel when a SIMD one runs, and
    without a SIMD kernel it is the last one supported."""
    env = {k: v for k, v in os.environ.items() if k != "FASTHOLDEM_EVAL_KERNEL"}
    code = "from fastholdem import _core; print(_core.eval_kernel())"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    simd = [k for k in SUPPORTED if k not in ("portable", "bmi2")]
    assert out.stdout.strip() in (simd or [SUPPORTED[-1]])
