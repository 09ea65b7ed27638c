"""Soak: Hypothesis fuzzing of every parser and of the C boundary.

Each case either succeeds or raises a clean, documented exception: ``FastHoldemError``
(``CardError``, ``RangeError``, ``HandHistoryError``, ...), ``ValueError``, ``TypeError`` or
``MemoryError``. Anything else (``KeyError``, ``AttributeError``, ``IndexError``, a crash of
the interpreter, a hang) fails the soak. The command line must end with status 0 or 2 and
never print a traceback.

The C-boundary cases use small arrays of every integer and float dtype, C and Fortran
order, strided, reversed and read-only views, card ids inside and outside 0-51, and wrong
shapes, with threads 1 or 2 (the thread-count checks themselves live in the core tests).
"""

from __future__ import annotations

import contextlib
import io
from decimal import Decimal
from typing import Any

import pytest
import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from soak_tally import COUNTS, soak_settings

from fastholdem import (
    FastHoldemError,
    Range,
    card,
    equity,
    equity_batch,
    evaluate,
    evaluate_batch,
    hand_strength,
    parse_cards,
    phh,
)
from fastholdem.cli import main

# The soak is long: the default run deselects it, CI runs it (.ci/run: pytest -m slow).
pytestmark = pytest.mark.slow

CLEAN = (FastHoldemError, ValueError, TypeError, MemoryError)
"""The exceptions bad input may raise."""


def clean(kind: str, call: Any, *args: Any, **kwargs: Any) -> Any:
    """``call(*args, **kwargs)``, counted; a clean exception is an answer, anything else fails."""
    COUNTS[f"fuzz cases ({kind})"] += 1
    try:
        return call(*args, **kwargs)
    except CLEAN:
        return None


# --- parsers ----------------------------------------------------------------------------------

CARD_ALPHABET = list("23456789TJQKAtjqka10cdhsCDHS ,\t\n:-+?xZ_.") + ["\u00e9", "\u3000", "\x00"]
CARD_TEXT = st.one_of(st.text(st.sampled_from(CARD_ALPHABET), max_size=40), st.text(max_size=20))
CARD_ITEMS = st.lists(st.one_of(st.integers(-3, 60), st.sampled_from(["As", "10h", "zz", "", "2c"]),
                                st.floats(allow_nan=True), st.none(), st.booleans(), st.binary(max_size=3)),
                      max_size=8)


@soak_settings(3000)
@given(text=CARD_TEXT, items=CARD_ITEMS, unique=st.booleans())
def test_fuzz_card_parsers(text: str, items: list[Any], unique: bool) -> None:
    ids = clean("cards", parse_cards, text, unique=unique)
    if ids is not None:
        assert all(0 <= c <= 51 for c in ids)
        if unique:
            assert len(set(ids)) == len(ids)
    clean("cards", card, text)
    clean("cards", parse_cards, items, unique=unique)
    for item in items[:3]:
        clean("cards", card, item)


RANGE_PIECES = ["AA", "KK", "22", "AKs", "AKo", "AK", "KTo+", "A2s+", "TT+", "22-55", "A5s-A2s", "AhKh", "10s9s",
                "random", "any", "*", ":0.5", ":1", ":2", ":", ":.", ":1e-3", ":0", "-", "+", ",", " ", "  ", "\t",
                "s", "o", "x", "QQs", "A", "AKsx", "Kh", "5", "e", "ANY"]
RANGE_TEXT = st.one_of(st.lists(st.sampled_from(RANGE_PIECES), max_size=12).map("".join), st.text(max_size=30))


@soak_settings(3000)
@given(text=RANGE_TEXT)
def test_fuzz_range_text(text: str) -> None:
    r = clean("ranges", Range, text)
    if r is not None and len(r):
        assert Range(str(r)) == r  # what parses prints back to an equal range
        assert np.all((r.weights > 0) & (r.weights <= 1))


COMBO_ITEMS = st.one_of(
    st.lists(st.one_of(st.sampled_from(["AhKh", "KhAh", "AhAh", "Ah", "AhKhQh", " AsKs ", "x"]),
                       st.tuples(st.integers(-2, 55), st.integers(-2, 55)), st.lists(st.integers(0, 51), max_size=3),
                       st.integers(), st.none(), st.binary(max_size=4)), max_size=6),
    st.sampled_from(["AhKh", b"AhKh", 5, None, 1.5]),
    st.builds(lambda n, lo, hi, dtype: np.random.default_rng(n).integers(lo, hi, size=(n % 5, 2 + n % 2)).astype(dtype),
              st.integers(0, 20), st.integers(-3, 10), st.integers(11, 300),
              st.sampled_from([np.uint8, np.int16, np.int64, np.float64])),
)
WEIGHTS = st.one_of(st.none(), st.lists(st.floats(allow_nan=True, allow_infinity=True), max_size=6),
                    st.sampled_from(["abc", b"ab", 0.5, [[1.0]], [1j], [True], [Decimal("0.5")]]))


@soak_settings(2000)
@given(combos=COMBO_ITEMS, weights=WEIGHTS)
def test_fuzz_range_from_combos(combos: Any, weights: Any) -> None:
    r = clean("ranges", Range.from_combos, combos, weights)
    if r is not None:
        assert Range.from_combos(r.combos, r.weights) == r


PHH_HEADER = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n" \
             "starting_stacks = [200, 200, 200]\n"
PHH_ACTIONS = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 7c7d", "d dh p4 2c3c", "p3 cbr 6", "p1 cc", "p2 f", "p3 cc",
               "p1 cbr 400", "p2 cbr 1.5", "p3 sm 7c7d", "p1 sm", "d db Td7c2s", "d db 2h", "d db AsAs", "p9 f",
               "p1 xx", "p1", "", "  p3   cc  ", "p1 cbr -1", "p1 cbr 1e3", "#", "p3 cc # note"]
PHH_VALUES = ["0", "-1", "1.5", "'x'", "[]", "[1]", "[1, 2]", "[0, 0, 0]", "[1, 2, 0]", "true", "{}", "[[1]]",
              "1e400", "'NT'", "'FT'", "'PT'", "[200, 200, 200]", "['a']", "99999999999999999999999"]
PHH_FIELDS = ["variant", "antes", "blinds_or_straddles", "min_bet", "small_bet", "big_bet", "starting_stacks",
              "finishing_stacks", "ante_trimming_status", "actions", "players", "seat_count"]


@soak_settings(2000)
@given(actions=st.lists(st.sampled_from(PHH_ACTIONS), max_size=12),
       overrides=st.lists(st.tuples(st.sampled_from(PHH_FIELDS), st.sampled_from(PHH_VALUES)), max_size=3),
       noise=st.text(max_size=12))
def test_fuzz_phh_text(actions: list[str], overrides: list[tuple[str, str]], noise: str) -> None:
    lines = PHH_HEADER + f"actions = {actions!r}\n"
    for name, value in overrides:
        lines += f"{name} = {value}\n"
    for text in (lines, lines + noise, noise + lines):
        history = clean("PHH", phh.loads, text)
        if history is not None:
            hand = clean("PHH", history.replay)
            if hand is not None:
                assert sum(hand.stacks) == sum(history.starting_stacks)
    clean("PHH", phh.loads_all, f"[1]\n{lines}\n[2]\n{noise}")


NUMBER_TEXT = st.one_of(st.integers(-5, 3000).map(str), st.sampled_from(["1e3", "2.0e3", "1.5", "abc", "", "1e400",
                                                                        "nan", "-0", "0x10", "1_000", " 7 "]))
EQUITY_OPTIONS = st.lists(st.one_of(
    st.tuples(st.just("--board"), st.sampled_from(["Td7c2s", "Td7c2s9h", "2c3c", "AhAd2c", "Td7c2s9h4d", "xx"])),
    st.tuples(st.just("--dead"), st.sampled_from(["3h", "3h4h", "Ah", "zz", ""])),
    st.tuples(st.just("--trials"), NUMBER_TEXT),
    st.tuples(st.just("--stderr"), st.sampled_from(["0.01", "1e-9", "2", "0", "x", "nan"])),
    st.tuples(st.just("--seed"), NUMBER_TEXT),
    st.tuples(st.just("--threads"), st.sampled_from(["1", "2", "0", "-1", "1.5", "x"])),
    st.tuples(st.sampled_from(["--json", "--exact"])),
), max_size=4)
SIMULATE_OPTIONS = st.lists(st.one_of(
    st.tuples(st.just("--players"), st.sampled_from(["2", "3", "6", "1", "11", "x"])),
    st.tuples(st.just("--hands"), st.sampled_from(["0", "5", "2e1", "-1", "1.5"])),
    st.tuples(st.just("--policy"), st.sampled_from(["random", "station,random", "tight", "random,,tight", "bogus",
                                                    ",", "random,station,tight,random,station,tight,random"])),
    st.tuples(st.just("--structure"), st.sampled_from(["nl", "pl", "fl", "xx"])),
    st.tuples(st.just("--blinds"), st.sampled_from(["1/2", "5/10", "2/1", "0/2", "1/0", "1/2/3", "a/b"])),
    st.tuples(st.just("--ante"), st.sampled_from(["0", "1", "-1"])),
    st.tuples(st.just("--stack"), st.sampled_from(["1", "100", "0", "-5"])),
    st.tuples(st.just("--seed"), NUMBER_TEXT),
    st.tuples(st.sampled_from(["--json", "--carry-stacks", "--no-progress"])),
), max_size=5)


@soak_settings(300)
@given(command=st.sampled_from(["rank", "equity", "simulate"]),
       players=st.lists(st.sampled_from(["AhKh", "QsQd", "7c7d", "AKs", "QQ+", "xx", "AhAh", "", "AK,77"]),
                        max_size=4),
       cards=st.lists(st.sampled_from(["As", "Ks", "Qs", "Js", "Ts", "2c", "3d", "AsKs", "Zz", "As"]), max_size=8),
       equity_options=EQUITY_OPTIONS, simulate_options=SIMULATE_OPTIONS)
def test_fuzz_command_line(command: str, players: list[str], cards: list[str], equity_options: list[tuple[str, ...]],
                           simulate_options: list[tuple[str, ...]]) -> None:
    if command == "rank":
        argv = ["rank", *cards]
    elif command == "equity":
        argv = ["equity", *players, "--quiet"] + [x for option in equity_options for x in option]
        if "--board" not in argv:  # keep preflop enumerations of ranges out of the budget
            argv += ["--board", "Td7c2s"]
        if "--trials" not in argv and "--exact" not in argv:  # --stderr 1e-9 alone runs up to 1e10 trials
            argv += ["--trials", "3000"]
    else:
        argv = ["simulate", "--hands", "5"] + [x for option in simulate_options for x in option]
    COUNTS["fuzz cases (command line)"] += 1
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse: bad options (2)
            status = exc.code  # type: ignore[assignment]
    assert status in (0, 2), (argv, status, err.getvalue())
    assert "Traceback" not in err.getvalue()
    if status == 2:
        assert "error:" in err.getvalue() and len(err.getvalue()) < 5000


# --- the C boundary ---------------------------------------------------------------------------

DTYPES = [np.uint8, np.int8, np.uint16, np.int16, np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64,
          np.bool_]


@st.composite
def card_arrays(draw: st.DrawFn, width: st.SearchStrategy[int], rows: int = 6) -> np.ndarray:
    """Small card-id arrays in every dtype and layout: mostly valid cards, sometimes not."""
    n = draw(st.integers(0, rows))
    k = draw(width)
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    if draw(st.booleans()):  # distinct valid cards per row
        base = np.array([rng.permutation(52)[:k] for _ in range(n)], dtype=np.int64).reshape(n, k)
    else:
        base = rng.integers(-3, 60, size=(n, k))
    arr = base.astype(draw(st.sampled_from(DTYPES)))
    layout = draw(st.sampled_from(["C", "F", "rows", "reversed", "readonly", "cols", "1d", "3d"]))
    if layout == "F":
        arr = np.asfortranarray(arr)
    elif layout == "rows":
        arr = np.repeat(arr, 2, axis=0)[::2]
    elif layout == "reversed":
        arr = arr[::-1, ::-1]
    elif layout == "readonly":
        arr.flags.writeable = False
    elif layout == "cols":
        arr = np.repeat(arr, 2, axis=1)[:, ::2]
    elif layout == "1d":
        arr = arr.reshape(-1)
    elif layout == "3d":
        arr = arr.reshape(n, 1, k)
    return arr


THREADS = st.sampled_from([None, 1, 2])


@soak_settings(1500)
@given(hands=card_arrays(st.integers(0, 9)), threads=THREADS)
def test_fuzz_evaluate_batch(hands: np.ndarray, threads: int | None) -> None:
    values = clean("C boundary", evaluate_batch, hands, threads=threads)
    if values is not None:
        assert values.dtype == np.uint16 and values.shape == (hands.shape[0],)
        assert np.all((values >= 1) & (values <= 7462))
        if len(hands):
            assert int(values[0]) == evaluate(hands[0].astype(np.int64).tolist())
    clean("C boundary", evaluate, hands[0].tolist() if hands.ndim and len(hands) else [])


@st.composite
def spots(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray | None]:
    players = draw(st.integers(0, 4))
    holes = draw(card_arrays(st.just(2 * players), rows=4))
    if holes.ndim == 2 and holes.shape[1] % 2 == 0 and draw(st.booleans()):
        holes = holes.reshape(holes.shape[0], holes.shape[1] // 2, 2)
    board_width = draw(st.sampled_from([0, 3, 4, 5, 2, 6]))
    boards = draw(st.one_of(st.none(), card_arrays(st.just(board_width), rows=4)))
    return holes, boards


@soak_settings(800)
@given(spot=spots(), threads=THREADS)
def test_fuzz_equity_batch(spot: tuple[np.ndarray, np.ndarray | None], threads: int | None) -> None:
    holes, boards = spot
    out = clean("C boundary", equity_batch, holes, boards, threads=threads)
    if out is not None:
        assert np.all(np.isfinite(out)) and np.all((out >= 0) & (out <= 1))
        if out.size:
            assert np.allclose(out.sum(axis=1), 1.0)


@soak_settings(800)
@given(holes=card_arrays(st.sampled_from([2, 2, 2, 1, 3]), rows=3),
       boards=st.one_of(st.none(), card_arrays(st.sampled_from([3, 4, 5, 0, 2]), rows=3)),
       opponents=st.sampled_from([1, 2, 3, 0, 10, -1, 1.0, True, np.int64(2)]),
       exact=st.sampled_from([None, False, True, "yes", 1]),
       trials=st.sampled_from([None, 50, 200, 0, 1.5, -3, 2**40]),
       seed=st.sampled_from([0, 7, None, -1, 2**70, 1.5, "1"]), threads=THREADS)
def test_fuzz_hand_strength(holes: np.ndarray, boards: np.ndarray | None, opponents: Any, exact: Any, trials: Any,
                            seed: Any, threads: int | None) -> None:
    if exact is True and (boards is None or boards.ndim != 2 or boards.shape[1] < 4):
        exact = False  # exact preflop or flop spots are legitimately long
    if trials is None:
        trials = 100
    out = clean("C boundary", hand_strength, holes, boards, opponents=opponents, exact=exact, trials=trials,
                seed=seed, threads=threads)
    if out is not None:
        assert out.shape == (holes.shape[0],) and np.all(np.isfinite(out)) and np.all((out >= 0) & (out <= 1))


@soak_settings(600)
@given(players=st.lists(st.one_of(st.sampled_from(["AhKh", "QsQd", "7c7d", "AKs", "QQ+", "random", "xx", "AhAh", "",
                                                   "JJ:0.5, AQo", "2c2d"]),
                                  st.lists(st.one_of(st.integers(-1, 53), st.sampled_from(["As", "Kd", "x"])),
                                           max_size=3)), max_size=5),
       board=st.sampled_from([None, "", "Td7c2s", "Td7c2s9h", "Td7c2s9h4d", "2c3c", "AhAd", "zz", [0, 1, 2]]),
       dead=st.sampled_from([None, "3h", "3h4h5h6h", "Qs", [51], "xx"]),
       trials=st.sampled_from([None, 2, 500, 0, 1, 1.5, "10"]), seed=st.sampled_from([None, 3, -4, 1.0]),
       threads=THREADS)
def test_fuzz_equity(players: list[Any], board: Any, dead: Any, trials: Any, seed: Any, threads: int | None) -> None:
    if trials is None and board in (None, "", "AhAd", "2c3c"):
        trials = 500  # no preflop enumerations of ranges: they are correct but take seconds
    result = clean("C boundary", equity, players, board, dead, trials=trials, seed=seed, threads=threads)
    if result is not None:
        assert np.all(np.isfinite(result.equity)) and np.all(np.isfinite(result.stderr))
        assert abs(float(result.equity.sum()) - 1.0) < 1e-9
