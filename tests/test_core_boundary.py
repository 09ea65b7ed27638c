"""The C boundary (STYLE B3, B5): every bad input raises a clear Python error before the GIL is
released; every odd but valid layout gives the right values; threads do not change results.
"""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
from collections.abc import Callable
from math import comb
from typing import Any

import numpy as np
import pytest

from fastholdem import (
    CardError,
    _core,
    _slow,
    card,
    cards_str,
    category,
    describe,
    equity,
    equity_batch,
    equity_job,
    hand_strength,
    parse_cards,
)
from fastholdem.evaluate import enumerate_values, evaluate, evaluate_batch

ROYAL = [51, 47, 43, 39, 35, 0, 5]  # As Ks Qs Js Ts 2c 3d


@pytest.fixture
def seven(hands: Callable[[int, int], np.ndarray]) -> np.ndarray:
    return hands(1000, 7)


@pytest.fixture
def seven_expected(seven: np.ndarray) -> list[int]:
    """Values of ``seven`` from the scalar path on Python ints (a different code path)."""
    return [evaluate(r) for r in seven.tolist()]


# --- evaluate_batch: types and shapes ---------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        np.zeros((3, 7), np.float64),
        np.zeros((3, 7), np.float32),
        np.zeros((3, 7), np.complex128),
        np.ones((3, 7), np.bool_),
        np.array([ROYAL, ROYAL], dtype=object),
        np.array([["As"] * 7]),
        np.array([[b"As"] * 7]),
        [[0.0, 1, 2, 3, 4, 5, 6]],
        [[2**70, 1, 2, 3, 4, 5, 6]],  # becomes an object array
        "As Ks Qs Js Ts 2c 3d",
    ],
    ids=lambda x: getattr(getattr(x, "dtype", None), "str", type(x).__name__),
)
def test_batch_rejects_non_integer_dtypes_with_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match="hands must be an array of integer card ids"):
        evaluate_batch(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "shape",
    [(7,), (5,), (3, 4), (3, 8), (3, 1), (3, 0), (2, 3, 7), (1, 1, 5), ()],
)
def test_batch_rejects_wrong_shapes_naming_hands(shape: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match=r"hands must have shape \(n, 5\) or \(n, 6\) or \(n, 7\), got"):
        evaluate_batch(np.zeros(shape, np.uint8))


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("dtype", ["uint8", "int64", ">i4", "float64"])
def test_batch_empty_gives_empty_uint16_as_numpy_does(k: int, dtype: str) -> None:
    """Empty batches follow NumPy (a filtered pipeline may leave no rows): an empty uint16
    array, whatever the dtype of the absent values."""
    out = evaluate_batch(np.zeros((0, k), dtype))
    assert out.dtype == np.uint16 and out.shape == (0,)


def test_batch_of_empty_list_names_the_shape() -> None:
    with pytest.raises(ValueError, match=r"hands must have shape \(n, 5\) or \(n, 6\) or \(n, 7\), got \(0,\)"):
        evaluate_batch([])


# --- evaluate_batch: card ids and repeats -----------------------------------------------------


def _bad_id_cases() -> list[tuple[str, int]]:
    cases = []
    dtypes = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", ">i4", ">u8", "<i2"]
    for dtype in dtypes:
        info = np.iinfo(np.dtype(dtype))
        for bad in (-1, 52, 127, 255, 2**15, 2**40, info.max):
            if info.min <= bad <= info.max:
                cases.append((dtype, bad))
    return cases


@pytest.mark.parametrize(("dtype", "bad"), _bad_id_cases())
@pytest.mark.parametrize(("n", "row", "col"), [(1, 0, 0), (5, 3, 6), (3000, 2345, 4)])
def test_batch_rejects_card_ids_outside_0_51_naming_row_and_column(
    dtype: str, bad: int, n: int, row: int, col: int
) -> None:
    hands = np.tile(np.asarray(ROYAL, dtype), (n, 1))
    hands[row, col] = bad
    if n > 1:
        hands[row + 1 :, 1] = bad  # a later bad card: the first one must be named
    with pytest.raises(ValueError, match=rf"hands\[{row}, {col}\] = {bad} is not a card id \(0-51\)"):
        evaluate_batch(hands)


@pytest.mark.parametrize("threads", [1, 2])
def test_r2_seven_card_uint8_batch_catches_every_byte_above_51(
    threads: int, hands: Callable[[int, int], np.ndarray], rng: np.random.Generator
) -> None:
    """Seven-card uint8 rows skip the separate scan for ids above 51: the kernel's table has a
    zero entry for every byte 52-255, so such a row fails the popcount check. Every byte
    value, at random rows and columns of a batch big enough to run on several threads; a
    repeat in an earlier row does not hide the bad id (bad ids are reported first)."""
    base = hands(50_000, 7)
    for bad in range(52, 256):
        rows = base.copy()
        row, col = int(rng.integers(1, len(rows))), int(rng.integers(7))
        rows[row, col] = bad
        rows[row - 1, 0] = rows[row - 1, 1]
        with pytest.raises(ValueError, match=rf"hands\[{row}, {col}\] = {bad} is not a card id \(0-51\)"):
            evaluate_batch(rows, threads=threads)


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("row", [0, 1, 2, 3, 4, 4097, 39_999])
@pytest.mark.parametrize("threads", [1, 2])
def test_batch_rejects_a_repeated_card_naming_row_and_card(k: int, row: int, threads: int) -> None:
    hands = np.tile(np.asarray(ROYAL[:k], np.uint8), (40_000, 1))
    hands[row, k - 1] = hands[row, 1]  # Ks twice
    if row + 7 < len(hands):
        hands[row + 7, 0] = hands[row + 7, 2]  # a later repeat is not reported
    with pytest.raises(ValueError, match=rf"hands\[{row}\] repeats card Ks \(columns 1 and {k - 1}\)"):
        evaluate_batch(hands, threads=threads)


@pytest.mark.parametrize("dtype", ["int64", "uint16", ">i4"])
def test_batch_repeated_card_in_other_dtypes(dtype: str) -> None:
    hands = np.tile(np.asarray(ROYAL, dtype), (10, 1))
    hands[6, 3] = hands[6, 0]
    with pytest.raises(ValueError, match=r"hands\[6\] repeats card As"):
        evaluate_batch(hands)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_repeated_card_anywhere(
    k: int, hands: Callable[[int, int], np.ndarray], rng: np.random.Generator
) -> None:
    """Random batches, one repeat put at a random row and pair of columns, every card id."""
    base = hands(40_000, k)
    for cid in range(52):
        rows = base.copy()
        row = int(rng.integers(len(rows)))
        a, b = sorted(rng.choice(k, size=2, replace=False).tolist())
        rows[row, :] = np.setdiff1d(np.arange(52), [cid])[rng.choice(51, k, replace=False)]
        rows[row, a] = rows[row, b] = cid
        threads = 1 + cid % 2
        message = rf"hands\[{row}\] repeats card {cards_str([cid])} \(columns {a} and {b}\)"
        with pytest.raises(ValueError, match=message):
            evaluate_batch(rows, threads=threads)


def test_batch_row_of_one_card_seven_times() -> None:
    with pytest.raises(ValueError, match=r"hands\[0\] repeats card As"):
        evaluate_batch(np.full((1, 7), 51, np.uint8))


# --- evaluate_batch: layouts, dtypes, byte order ----------------------------------------------


@pytest.mark.parametrize(
    "dtype", ["uint8", "int8", "int16", "uint16", "int32", "uint32", "int64", "uint64", ">i4", ">u2", ">i8"]
)
def test_batch_accepts_every_integer_dtype_and_byte_order(
    dtype: str, seven: np.ndarray, seven_expected: list[int]
) -> None:
    values = evaluate_batch(seven.astype(dtype))
    assert values.dtype == np.uint16 and values.tolist() == seven_expected


def test_batch_accepts_lists_and_tuples(seven: np.ndarray, seven_expected: list[int]) -> None:
    assert evaluate_batch(seven.tolist()).tolist() == seven_expected
    assert evaluate_batch(tuple(map(tuple, seven.tolist()))).tolist() == seven_expected
    assert evaluate_batch([ROYAL]).tolist() == [7462]


def test_batch_non_contiguous_layouts(seven: np.ndarray, seven_expected: list[int]) -> None:
    expected = np.asarray(seven_expected)
    layouts = {
        "every other row": (seven[::2], expected[::2]),
        "reversed rows": (seven[::-1], expected[::-1]),
        "reversed columns": (seven[:, ::-1], expected),
        "both reversed": (seven[::-3, ::-1], expected[::-3]),
        "fortran": (np.asfortranarray(seven), expected),
        "transposed view": (np.ascontiguousarray(seven.T).T, expected),
        "column subset": (np.hstack([seven, seven[:, :1]])[:, :7], expected),
        "wide int64 slice": (seven.astype(np.int64)[1::3], expected[1::3]),
        "big-endian fortran": (np.asfortranarray(seven.astype(">i4")), expected),
        "six of seven columns": (seven[:, [6, 0, 2, 4, 1, 3]], None),
        "five strided columns": (seven[:, 1:6], None),
    }
    for name, (arr, want) in layouts.items():
        assert not arr.flags.c_contiguous, name  # the case really is non-contiguous
        got = evaluate_batch(arr)
        if want is None:
            want = np.asarray([_slow.evaluate(r) for r in arr.tolist()])
        assert np.array_equal(got, want), name
    # The caller's array is never modified.
    before = seven.copy()
    evaluate_batch(seven[:, ::-1])
    assert np.array_equal(seven, before)


def test_batch_read_only_and_buffer_input(seven: np.ndarray, seven_expected: list[int]) -> None:
    ro = seven.copy()
    ro.flags.writeable = False
    assert evaluate_batch(ro).tolist() == seven_expected
    from_bytes = np.frombuffer(seven.tobytes(), np.uint8).reshape(-1, 7)
    assert not from_bytes.flags.writeable
    assert evaluate_batch(from_bytes).tolist() == seven_expected
    for offset in range(1, 8):  # contiguous but starting at any byte address
        shifted = np.frombuffer(b"\0" * offset + seven.tobytes(), np.uint8, offset=offset).reshape(-1, 7)
        assert evaluate_batch(shifted).tolist() == seven_expected, offset


def test_batch_output_is_fresh(seven: np.ndarray) -> None:
    a, b = evaluate_batch(seven), evaluate_batch(seven)
    assert a is not b and not np.shares_memory(a, b) and not np.shares_memory(a, seven)
    assert a.flags.c_contiguous and a.flags.writeable


# --- threads ------------------------------------------------------------------------------------


@pytest.mark.parametrize("k", [5, 6, 7])
def test_threads_do_not_change_results(k: int, hands: Callable[[int, int], np.ndarray]) -> None:
    rows = hands(100_003, k)  # above the single-thread threshold, not a multiple of 2, 3 or 4
    one = evaluate_batch(rows, threads=1)
    assert np.array_equal(evaluate_batch(rows, threads=2), one)
    assert np.array_equal(evaluate_batch(rows, threads=3), one)
    assert np.array_equal(evaluate_batch(rows), one)
    assert np.array_equal(evaluate_batch(rows, threads=None), one)
    assert np.array_equal(one[:1000], [evaluate(r) for r in rows[:1000].tolist()])


@pytest.mark.parametrize("bad", [0, -1, -(2**40)])
def test_threads_below_one_is_a_value_error(bad: int) -> None:
    with pytest.raises(ValueError, match=f"threads must be a positive int or None, got {bad}"):
        evaluate_batch([ROYAL], threads=bad)
    with pytest.raises(ValueError, match="threads must be a positive int or None"):
        enumerate_values(fixed="AsKsQsJsTs", threads=bad)


@pytest.mark.parametrize("bad", ["x", "2", 2.0, True, False, [2], np.float64(1)])
def test_threads_of_wrong_type_is_a_type_error(bad: object) -> None:
    with pytest.raises(TypeError, match="threads must be a positive int or None"):
        evaluate_batch([ROYAL], threads=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="threads must be a positive int or None"):
        enumerate_values(fixed="AsKsQsJsTs", threads=bad)  # type: ignore[arg-type]


def test_threads_above_cores_work() -> None:
    assert evaluate_batch([ROYAL], threads=300).tolist() == [7462]
    assert _core.max_threads() >= 1
    assert _core.THREAD_BACKEND == "pthreads"
    # Counts beyond a C int are capped too (they once overflowed in the <int> cast).
    assert evaluate_batch([ROYAL], threads=2**40).tolist() == [7462]


# --- scalar evaluate ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "n"),
    [(ROYAL[:4], 4), (ROYAL + [1], 8), ([], 0), (ROYAL[:1], 1), ("AsKsQsJs", 4),
     ("As Ks Qs Js Ts 2c 3d 4h", 8), (np.arange(8), 8), (np.arange(14).reshape(2, 7), 2)],
)
def test_scalar_rejects_wrong_card_counts(cards: object, n: int) -> None:
    with pytest.raises(ValueError, match=f"cards must hold 5, 6 or 7 cards, got {n}"):
        evaluate(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [52, -1, 255, 2**40, 2**70, -(2**70)])  # beyond 64 bits too
def test_scalar_rejects_bad_ids_naming_them(bad: int) -> None:
    with pytest.raises(CardError, match=f"bad card id {bad}"):
        evaluate([bad, 1, 2, 3, 4])
    with pytest.raises(CardError, match=f"bad card id {bad}"):
        evaluate([0, 1, 2, 3, 4, 5, bad])


@pytest.mark.parametrize(
    ("cards", "token"),
    [("As Ks Qs Js Xx", "Xx"), (["As", "Ks", "Qs", "Js", "1s"], "1s"), ([51, 47, 43, 39, 3.5], "3.5"),
     ([51, 47, 43, 39, None], "None"), ([51, 47, 43, 39, True], "True")],
)
def test_scalar_rejects_bad_cards_naming_them(cards: object, token: str) -> None:
    with pytest.raises(CardError, match=re.escape(token)):
        evaluate(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "cards", [[51, 47, 43, 39, 51], "AsKsQsJsAs", ["As", 47, 43, "Ks", 35], (0, 1, 2, 3, 4, 5, 0)]
)
def test_scalar_rejects_duplicates_naming_the_card(cards: object) -> None:
    with pytest.raises(CardError, match=r"duplicate card (As|Ks|2c)\b"):
        evaluate(cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [None, 51, 5, np.int64(5), np.array(5), 3.5])
def test_scalar_rejects_non_sequences_naming_cards(bad: object) -> None:
    with pytest.raises(TypeError, match=r"^cards must be a text such as 'AsKsQsJsTs' or an iterable"):
        evaluate(bad)  # type: ignore[arg-type]


def test_scalar_accepts_every_card_form() -> None:
    forms = [
        ROYAL[:5],
        tuple(ROYAL[:5]),
        "AsKsQsJsTs",
        "as ks qs js ts",
        ["As", "Ks", "Qs", "Js", "10s"],
        np.array(ROYAL[:5], np.uint8),
        [np.int64(c) for c in ROYAL[:5]],
        iter(ROYAL[:5]),
        (c for c in ROYAL[:5]),
        [51, "Ks", 43, "Js", 35],
    ]
    for cards in forms:
        assert evaluate(cards) == 7462, cards


# --- enumerate_values ---------------------------------------------------------------------------


def _brute_force_hist(fixed: list[int], dead: list[int]) -> np.ndarray:
    """Histogram of every 7-card completion, by listing the completions and batch-evaluating."""
    free = [c for c in range(52) if c not in set(fixed) | set(dead)]
    need = 7 - len(fixed)
    rest = np.array(list(itertools.combinations(free, need)), np.uint8).reshape(comb(len(free), need), need)
    rows = np.hstack([np.tile(np.asarray(fixed, np.uint8), (len(rest), 1)), rest])
    return np.bincount(evaluate_batch(rows), minlength=7463) if len(rows) else np.zeros(7463, np.int64)


@pytest.mark.parametrize(
    ("fixed", "dead"),
    [
        ("AsKsQsJsTs2c3d", ""),  # nothing to enumerate: one hand
        ("AsKsQsJsTs2c3d", "4h5h6h"),
        ("7h 7d 7c 2s 3s 9c", ""),  # one free card
        ("7h 7d 7c 2s 3s 9c", "Kc Kd Ks Kh Ac"),
        ("2s 3s 4s 5s 9h", ""),  # two free cards, a flush draw: the flush path
        ("2s 3s 4s 5s 9h", "6s As 6h"),  # dead cards inside the draws
        ("Kh Kd 7c 2s 9d", "Ah Ad Ac As"),  # two free cards, no flush possible
        ("Ah Kh Qh Jh", "Th"),  # three free cards, royal draw dead
        ("2c 7d 9h", "3c 4c 5c 6c 8c Tc Jc Qc Kc Ac"),  # four free cards
        ("As Ad", "Ks Kd Kh Kc"),  # five free cards, the threaded path
        ("Ah", cards_str(range(24))),  # six free cards from 27: 2-7 dead
        ("", cards_str(range(26))),  # seven free cards from 26 (9 to A): the full enumerator
    ],
)
def test_enumerate_values_with_fixed_and_dead_matches_brute_force(fixed: str, dead: str) -> None:
    fixed_ids = parse_cards(fixed)
    dead_ids = parse_cards(dead)
    want = _brute_force_hist(fixed_ids, dead_ids)
    got = enumerate_values(fixed=fixed or None, dead=dead or None)
    assert got.shape == (7463,) and got.dtype == np.uint64
    assert np.array_equal(got, want)
    assert int(got.sum()) == comb(52 - len(fixed_ids) - len(dead_ids), 7 - len(fixed_ids))
    assert np.array_equal(enumerate_values(fixed=fixed_ids, dead=dead_ids, threads=1), want)
    assert np.array_equal(enumerate_values(fixed=fixed_ids, dead=dead_ids, threads=2), want)


def test_enumerate_values_five_fixed_against_slow() -> None:
    """A small case against the pure-Python oracle directly: 5 fixed, 3 dead, C(44, 2) hands."""
    fixed = [card(c) for c in ("Ah", "Kh", "7h", "7c", "2d")]
    dead = [card(c) for c in ("Qh", "7s", "3d")]
    free = [c for c in range(52) if c not in fixed + dead]
    want = np.zeros(7463, np.int64)
    for pair in itertools.combinations(free, 2):
        want[_slow.evaluate(fixed + list(pair))] += 1
    got = enumerate_values(fixed=fixed, dead=dead)
    assert np.array_equal(got, want) and int(got.sum()) == comb(44, 2) == 946


def test_enumerate_values_when_too_few_cards_remain() -> None:
    assert int(enumerate_values(dead=range(46)).sum()) == 0  # six cards left
    assert int(enumerate_values(fixed=[46], dead=range(45)).sum()) == 1
    assert int(enumerate_values(dead=range(45)).sum()) == 1
    assert int(enumerate_values(fixed=[50, 51], dead=range(46)).sum()) == 0


def test_enumerate_values_errors() -> None:
    with pytest.raises(CardError, match="card As is both fixed and dead"):
        enumerate_values(fixed="AsKs", dead="Qd As")
    with pytest.raises(ValueError, match="at most 7 fixed cards, got 8"):
        enumerate_values(fixed="As Ks Qs Js Ts 9s 8s 7s")
    with pytest.raises(CardError, match="duplicate card As"):
        enumerate_values(fixed="AsAs")
    with pytest.raises(CardError, match="duplicate card Kd"):
        enumerate_values(dead="Kd Kd")
    with pytest.raises(CardError, match="Xx"):
        enumerate_values(fixed="As Xx")
    with pytest.raises(CardError, match="52"):
        enumerate_values(dead=[52])


def test_category_of_bounds() -> None:
    assert _core.category_of(1) == 0 and _core.category_of(7462) == 8
    assert _core.N_VALUES == 7462
    for bad in (0, -5, 7463):
        with pytest.raises(ValueError, match=f"value must be in 1..7462, got {bad}"):
            _core.category_of(bad)


@pytest.mark.parametrize("bad", [2**70, -(2**70), 2**64 + 7462, 2**63])
def test_category_of_huge_ints_is_a_value_error_naming_value(bad: int) -> None:
    for f in (_core.category_of, category, describe):
        with pytest.raises(ValueError, match=f"value must be in 1..7462, got {bad}"):
            f(bad)


@pytest.mark.parametrize("bad", [7462.0, 1.0, True, False, np.bool_(True), "7462", None, np.float64(7462)])
def test_category_and_describe_reject_non_int_values_with_type_error(bad: object) -> None:
    """A hand value is an int: floats and bools (``True == 1``) are refused, not truncated."""
    for f in (_core.category_of, category, describe):
        with pytest.raises(TypeError, match=r"^value must be an int 1..7462, got "):
            f(bad)  # type: ignore[operator]


def test_category_and_describe_accept_numpy_ints() -> None:
    values = evaluate_batch([ROYAL])  # uint16, as every batch result
    assert category(values[0]).name == "STRAIGHT_FLUSH" and describe(values[0]) == "Royal flush"
    assert describe(np.int64(1)) == describe(1)


HS_SPOT: dict[str, Any] = {"holes": np.array([[50, 46]]), "boards": np.array([[0, 5, 22]]), "threads": 2}


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"opponents": 2.0}, "opponents must be an int 1..9, got float 2.0"),
        ({"opponents": True}, "opponents must be an int 1..9, got bool True"),
        ({"opponents": "2"}, "opponents must be an int 1..9, got str '2'"),
        ({"trials": 1000.0, "exact": False}, "trials must be an int"),
        ({"seed": 1.5, "exact": False}, "seed must be an int or None, got float 1.5"),
        ({"seed": "7", "exact": False}, "seed must be an int or None, got str '7'"),
        ({"seed": True, "exact": False}, "seed must be an int or None, got bool True"),
    ],
)
def test_hand_strength_rejects_non_int_arguments_with_type_error(
    kwargs: dict[str, object], match: str
) -> None:
    with pytest.raises(TypeError, match=re.escape(match)):
        hand_strength(**{**HS_SPOT, **kwargs})


def test_hand_strength_accepts_numpy_ints_and_seed_none() -> None:
    want = hand_strength(**HS_SPOT, opponents=2, trials=2000, exact=False, seed=3)
    got = hand_strength(**HS_SPOT, opponents=np.int64(2), trials=np.uint32(2000), exact=False, seed=np.uint64(3))
    assert np.array_equal(got, want)
    fresh = [hand_strength(**HS_SPOT, trials=4000, exact=False, seed=None)[0] for _ in range(3)]
    assert all(0.0 <= x <= 1.0 for x in fresh)
    assert len(set(fresh)) > 1  # None draws a new seed each call


# --- issue 10: one threads check, live cards, empty and huge batches, any layout ----------------

SPOT_HOLES = np.array([[[50, 46], [43, 41]]])
SPOT_BOARDS = np.array([[0, 5, 22]])
THREAD_ENTRY_POINTS: dict[str, Callable[[object], object]] = {
    "evaluate_batch": lambda t: evaluate_batch(np.tile(np.asarray(ROYAL, np.uint8), (40_000, 1)), threads=t),
    "enumerate_values": lambda t: enumerate_values(fixed="AsKsQs", threads=t),
    "equity_exact": lambda t: equity(["AhKh", "QsQd", "Tc9c"], threads=t, progress=False).equity,
    "equity_monte_carlo": lambda t: equity(["AhKh", "QsQd"], trials=20_000, seed=1, threads=t,
                                           progress=False).equity,
    "job_run": lambda t: equity_job(["AhKh", "QQ+"], board="Td7c2s").run(range(3), threads=t).share,
    "equity_batch": lambda t: equity_batch(SPOT_HOLES, SPOT_BOARDS, threads=t),
    "hand_strength": lambda t: hand_strength(np.array([[51, 50]]), np.array([[49, 48, 0]]), trials=20_000,
                                             threads=t),
}


@pytest.mark.parametrize("entry", list(THREAD_ENTRY_POINTS))
@pytest.mark.parametrize(
    ("bad", "exc"),
    [(1.5, TypeError), (2.0, TypeError), (True, TypeError), ("2", TypeError), (0, ValueError),
     (-(2**63), ValueError)],
)
def test_threads_one_validator_for_every_entry_point(entry: str, bad: object, exc: type) -> None:
    with pytest.raises(exc, match="threads must be a positive int or None"):
        THREAD_ENTRY_POINTS[entry](bad)


@pytest.mark.parametrize("entry", list(THREAD_ENTRY_POINTS))
def test_threads_huge_counts_are_clamped_to_max_threads_with_the_same_result(entry: str) -> None:
    """threads=100000 once crashed libgomp, 10**9 gave NaN (an ignored calloc), 2**31 overflowed."""
    want = np.asarray(THREAD_ENTRY_POINTS[entry](1))
    for huge in (100_000, 10**9, 2**31, np.int64(2**40)):
        got = np.asarray(THREAD_ENTRY_POINTS[entry](huge))
        assert np.array_equal(got, want), (entry, huge)
        assert not np.isnan(got.astype(np.float64)).any()


def test_threads_default_follows_affinity_and_omp_num_threads() -> None:
    """Dask and Ray workers set OMP_NUM_THREADS=1; the default thread count still honours it."""
    code = "from fastholdem import _core; print(_core.max_threads())"
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"
    if "OMP_NUM_THREADS" not in os.environ:
        assert _core.max_threads() == min(len(os.sched_getaffinity(0)), _core.MAX_THREADS)


def test_threads_cap_is_max_threads() -> None:
    assert _core.MAX_THREADS == 256
    assert _core.check_threads(10**9) == _core.MAX_THREADS
    assert _core.check_threads(3) == 3 and _core.check_threads(None) == _core.max_threads()


def _others(*keep: str) -> str:
    known = set(parse_cards("".join(keep)))
    return cards_str([c for c in range(52) if c not in known], "")


@pytest.mark.parametrize("mode", [{"exact": True}, {"trials": 1000, "seed": 1}])
@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AhKh", "QsQd"], "", _others("AhKh", "QsQd")),  # 48 dead: no board at all
        (["AhKh", "QsQd"], "2c3c4c", _others("AhKh", "QsQd", "2c3c4c", "5c")),  # one card for two
        ([h[i : i + 4] for h in ["AhKhQhJhThAsKsQsJsTsAdKdQdJdTdAcKcQcJcTc"] for i in range(0, 40, 4)],
         "", cards_str(list(range(29)), "")),  # 10 hands + 29 dead: 3 cards for a board of 5
        (["AhKh", "QQ+", "random"], "", _others("AhKh", "QsQd", "QcQh", "KsKd", "7c8c")),  # 10 for 11
    ],
)
def test_too_few_live_cards_is_a_value_error_in_both_modes(
    mode: dict[str, Any], players: list[str], board: str, dead: str
) -> None:
    """Monte Carlo looped forever and exact mode returned NaN when the live cards could not
    complete the deal."""
    with pytest.raises(ValueError, match="too few live cards"):
        equity(players, board=board, dead=dead, progress=False, **mode)


def test_just_enough_live_cards_still_works() -> None:
    dead = _others("AhKh", "QsQd", "2c3c4c5c6d")
    r = equity(["AhKh", "QsQd"], dead=dead, exact=True, progress=False)
    assert r.deals == 1 and np.isfinite(r.equity).all()
    mc = equity(["AhKh", "QsQd"], dead=dead, trials=500, seed=3, progress=False)
    assert mc.deals == 500 and np.allclose(mc.equity, r.equity)


def test_too_few_live_cards_at_the_compiled_boundary() -> None:
    """The internal entry points refuse such jobs too (no hang, no NaN)."""
    dead = list(range(4, 52))
    holes = np.array([[3, 2, 1, 0]], np.uint8)
    with pytest.raises(ValueError, match="too few live cards"):
        _core.exact_deals(holes, [], dead, 2)
    one = np.array([[3, 2]], np.uint8)
    two = np.array([[1, 0]], np.uint8)
    with pytest.raises(ValueError, match="too few live cards"):
        _core.monte_carlo_blocks([one, two], [None, None], [False, False], [], dead, 1, 0, 1, 100, 1)


def test_equity_batch_and_hand_strength_of_no_spots_are_empty() -> None:
    """Empty batches follow NumPy: a filtered pipeline may leave no spots."""
    eq = equity_batch(np.zeros((0, 3, 2), np.uint8), np.zeros((0, 3), np.uint8))
    assert eq.shape == (0, 3) and eq.dtype == np.float64
    assert equity_batch(np.zeros((0, 2, 2), np.int64)).shape == (0, 2)
    hs = hand_strength(np.zeros((0, 2), np.uint8), np.zeros((0, 5), np.uint8))
    assert hs.shape == (0,) and hs.dtype == np.float64
    with pytest.raises(ValueError, match="2 to 10 players"):
        equity_batch(np.zeros((0, 11, 2), np.uint8))


def test_batch_broadcast_view_is_evaluated_once() -> None:
    """A broadcast view repeats one row: it is checked and evaluated once, not scanned."""
    view = np.broadcast_to(np.asarray(ROYAL, np.int64), (5_000_000, 7))
    out = evaluate_batch(view)
    assert out.shape == (5_000_000,) and (out == 7462).all()
    bad = np.broadcast_to(np.asarray([51, 51, 43, 39, 35, 0, 5], np.uint8), (10**12, 7))
    with pytest.raises(ValueError, match=r"hands\[0\] repeats card As"):
        evaluate_batch(bad)
    with pytest.raises(ValueError, match=r"hands\[0, 6\] = 60 is not a card id"):
        evaluate_batch(np.broadcast_to(np.asarray(ROYAL[:6] + [60]), (10**12, 7)))


@pytest.mark.parametrize("dtype", ["uint8", "int8", "int16", "uint16", "int32", "uint32", "int64", "uint64", ">i8"])
@pytest.mark.parametrize("layout", ["contiguous", "column_slice", "fortran", "reversed", "unaligned"])
@pytest.mark.parametrize("k", [5, 6, 7])
def test_batch_any_layout_converted_in_blocks_matches_contiguous(
    dtype: str, layout: str, k: int, hands: Callable[[int, int], np.ndarray]
) -> None:
    """Inputs other than packed bytes are converted block by block inside the kernel; several
    blocks and threads, every integer type and layout give the values of the packed input,
    and a bad id in a late block is still found and named."""
    base = hands(20_000, 7)
    want = evaluate_batch(np.ascontiguousarray(base[:, :k]), threads=1)
    if layout == "contiguous":
        arr = np.ascontiguousarray(base[:, :k], dtype=dtype)
    elif layout == "column_slice":
        arr = base.astype(dtype)[:, :k]
    elif layout == "fortran":
        arr = np.asfortranarray(base[:, :k], dtype=dtype)
    elif layout == "reversed":
        arr = np.flip(np.flip(base.astype(dtype), 0)[:, :k], 0)
    else:
        size = np.dtype(dtype).itemsize
        raw = np.zeros(base.size * size + 1, np.uint8)[1:]
        arr = raw.view(dtype).reshape(base.shape)[:, :k]
        arr[...] = base[:, :k]
    for threads in (1, 2):
        assert np.array_equal(evaluate_batch(arr, threads=threads), want), (dtype, layout, threads)
    bad = np.array(arr)
    bad[17_000, 2] = 52
    with pytest.raises(ValueError, match=r"hands\[17000, 2\] = 52 is not a card id"):
        evaluate_batch(bad, threads=2)


@pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", ""), reason="ASan reserves the address space itself")
def test_allocation_failure_in_the_core_is_a_memory_error() -> None:
    """With the address space nearly exhausted, the core's scratch allocation fails: a
    MemoryError (not a crash or a histogram of zeros). Threads that cannot start are not an
    error: the work then runs on the calling thread."""
    code = (
        "import resource\n"
        "from fastholdem.evaluate import enumerate_values\n"
        "enumerate_values(fixed='AsKsQs', threads=1)\n"
        "vm = int(open('/proc/self/statm').read().split()[0]) * resource.getpagesize()\n"
        "resource.setrlimit(resource.RLIMIT_AS, (vm + 300_000, resource.RLIM_INFINITY))\n"
        "try:\n"
        "    enumerate_values(fixed='AsKs', threads=256)\n"
        "    print('no error')\n"
        "except MemoryError as exc:\n"
        "    print('MemoryError', exc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "MemoryError out of memory"
