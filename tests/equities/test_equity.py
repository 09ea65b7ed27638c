"""The equity engine (issue 3): exact counts, pure-Python oracles, Monte Carlo honesty, errors.

Oracles. Small spots (turn and river boards) are enumerated here with ``fastholdem._slow``, one
seven-card evaluation at a time. Larger ones (a flop with ranges, hand strength on the turn)
use the vectorised ``_slow`` oracle of ``conftest.py`` (``reference``), which shares no code or
table with the C core. Exact results are integer tallies, so they are compared exactly
(``win * deals`` must be the integer count); Monte Carlo is compared within 4 standard errors,
with fixed seeds so that every run draws the same numbers. Heads-up preflop results are read
from the shipped table, so those tests also enumerate the same deals with ``_core.exact_deals``.

Every call passes ``threads=THREADS`` (2) so that the file runs in well under a minute on two
cores; a few tests compare 1 and 2 threads on purpose.
"""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

from fastholdem import _core, _slow
from fastholdem.cards import cards_str, parse_cards
from fastholdem.equities import MAX_ASSIGNMENTS, EquityResult, equity, equity_batch, equity_job, hand_strength
from fastholdem.errors import CardError, RangeError
from fastholdem.ranges import Range

if TYPE_CHECKING:
    from conftest import ReferenceEvaluator  # the ``reference`` fixture

THREADS = 2

# --- helpers ---------------------------------------------------------------------------------


def ids(text: str) -> list[int]:
    return parse_cards(text)


def counts(r: EquityResult, field: str) -> list[int]:
    """``r.<field> * r.deals`` as integers, asserting that they are integers (exact tallies)."""
    raw = getattr(r, field) * r.deals
    rounded = np.rint(raw)
    assert np.allclose(raw, rounded, rtol=0, atol=1e-6), (field, raw)
    return [int(x) for x in rounded]


def brute_force(holes: list[list[int]], board: list[int], dead: list[int]) -> dict[str, object]:
    """Every completion of ``board`` from the unseen cards, evaluated with ``_slow.evaluate``.

    Returns integer tallies: boards, wins alone, ties, pot shares (Fractions) and the number of
    boards split exactly k ways (R37 best hand wins, R38 ties split equally).
    """
    n = len(holes)
    used = set(board) | set(dead) | {c for h in holes for c in h}
    assert len(used) == len(board) + len(dead) + 2 * n, "test spot repeats a card"
    rest = [c for c in range(52) if c not in used]
    win, tie, split = [0] * n, [0] * n, [0] * (n + 1)
    share = [Fraction(0)] * n
    deals = 0
    for extra in itertools.combinations(rest, 5 - len(board)):
        full = board + list(extra)
        values = [_slow.evaluate(h + full) for h in holes]
        best = max(values)
        winners = [p for p, v in enumerate(values) if v == best]
        k = len(winners)
        deals += 1
        split[k] += 1
        for p in winners:
            share[p] += Fraction(1, k)
            if k == 1:
                win[p] += 1
            else:
                tie[p] += 1
    return {"deals": deals, "win": win, "tie": tie, "share": share, "split": split}


Spot = tuple[list[list[int]], list[int], list[int]]


def random_spot(rng: np.random.Generator, players: int, board: int, dead: int) -> Spot:
    deck = [int(c) for c in rng.permutation(52)]
    holes = [sorted(deck[2 * p : 2 * p + 2]) for p in range(players)]
    at = 2 * players
    return holes, deck[at : at + board], deck[at + board : at + board + dead]


def text(cards: list[int]) -> str:
    return cards_str(cards)


def assert_matches_brute_force(holes: list[list[int]], board: list[int], dead: list[int]) -> EquityResult:
    expected = brute_force(holes, board, dead)
    r = equity([text(h) for h in holes], board=text(board), dead=text(dead), threads=THREADS)
    assert r.exact and r.seed is None
    assert r.deals == expected["deals"]
    assert counts(r, "win") == expected["win"]
    assert counts(r, "tie") == expected["tie"]
    assert [int(round(x)) for x in r.split] == expected["split"]
    for p, s in enumerate(expected["share"]):  # type: ignore[attr-defined]
        assert r.equity[p] == pytest.approx(float(s / r.deals), abs=1e-12)
    assert float(r.equity.sum()) == pytest.approx(1.0, abs=1e-12)
    assert np.all(r.stderr == 0)
    return r


# --- exact golden values ---------------------------------------------------------------------


def test_exact_ahkh_vs_qsqd_preflop_counts() -> None:
    r = equity(["AhKh", "QsQd"], threads=THREADS)
    assert r.exact and r.deals == 1_712_304
    assert counts(r, "win") == [787_966, 917_606]
    assert counts(r, "tie") == [6_732, 6_732]
    assert r.split.tolist() == [0, 787_966 + 917_606, 6_732]
    # 787,966 + 6,732 / 2 = 791,332 pot shares out of 1,712,304 boards.
    assert r.equity[0] == pytest.approx(791_332 / 1_712_304, abs=1e-15)
    assert round(float(r.equity[0]), 9) == 0.462144572
    assert r.equity[1] == pytest.approx(1 - 791_332 / 1_712_304, abs=1e-15)
    # The same counts from plain C enumeration (heads-up preflop is otherwise read from a table),
    # and for the same matchup with suits relabelled and seats swapped.
    direct = _core.exact_deals(np.array([ids("AhKh") + ids("QsQd")], dtype=np.uint8), [], [], THREADS)
    assert direct["win"][0].tolist() == [787_966, 917_606] and direct["tie"][0].tolist() == [6_732, 6_732]
    assert int(direct["deals"][0]) == 1_712_304
    for hands in (["AdKd", "QhQc"], ["QsQd", "AhKh"], ["QcQh", "AsKs"]):
        again = equity(hands, threads=THREADS)
        assert sorted(counts(again, "win")) == [787_966, 917_606] and counts(again, "tie") == [6_732, 6_732]
        assert counts(again, "win")[hands.index(next(h for h in hands if h[0] == "A"))] == 787_966


def test_r38_exact_three_way_preflop_counts_and_three_way_splits() -> None:
    r = equity(["AsAd", "KhKc", "7s6s"], threads=THREADS)
    assert r.exact and r.deals == 1_370_754
    assert counts(r, "win") == [835_699, 242_990, 289_013]
    assert counts(r, "tie") == [3_052, 3_052, 3_052]
    assert r.split[3] == 3_052
    assert r.split[2] == 0
    assert r.split[1] == 835_699 + 242_990 + 289_013
    for p, won in enumerate([835_699, 242_990, 289_013]):
        assert r.equity[p] == pytest.approx((won + Fraction(3_052, 3)) / 1_370_754, abs=1e-15)


@pytest.mark.parametrize(
    "players, board", [(["AKs", "QQ,JJ:0.5", "JTs,98s"], ""), (["QQ,AKs", "random", "77"], "Td2c8h")]
)
def test_exact_result_is_independent_of_thread_count(players: list[str], board: str) -> None:
    one = equity(players, board=board, exact=True, threads=1)
    two = equity(players, board=board, exact=True, threads=2)
    for field in ("equity", "win", "tie", "split"):
        assert np.array_equal(getattr(one, field), getattr(two, field))
    assert one.deals == two.deals


def test_hands_may_be_given_as_card_lists_and_in_any_order() -> None:
    a = equity(["AhKh", "QsQd"], board="2c7d9h", threads=THREADS)
    b = equity([[46, 50], ["Qd", "Qs"]], board=[0, 21, 30], threads=THREADS)
    assert np.array_equal(a.equity, b.equity) and a.deals == b.deals == 990


# --- brute force: turn and river, 2-4 players, ties and dead cards (R5, R37, R38) -------------

HAND_PICKED = [
    # (holes, board, dead): chosen for ties and shared outs.
    (["AhKd", "AcKc"], "2c7s9dTc", ""),  # ace-king against ace-king: mostly split
    (["AhKd", "AcKc", "QsQd"], "JsTh2h3h", "9c"),  # straights, flush draw, dead out
    (["As2c", "Ad3d", "7h7c", "KsQs"], "4h5dJc9s", "6c8h"),  # wheel straights tie, dead sixes
    (["AhKd", "2c3d", "Th2h", "QsJs"], "5c6d7h8s9c", ""),  # board straight: R5 playing the board
    (["2c3d", "4c5d", "2h3h"], "AsKsQsJsTs", ""),  # royal on board: everyone splits
    (["AhAd", "KhKd", "QhQd", "JhJd"], "2s3s4s5s", "Ts"),  # four-way board flush/straight risk
    (["9h9d", "9c8c"], "9s8s8d8h", ""),  # quads and full houses on the turn
]


@pytest.mark.parametrize("holes, board, dead", HAND_PICKED, ids=lambda x: x if isinstance(x, str) else None)
def test_r37_r38_hand_picked_spots_match_slow_brute_force(holes: list[str], board: str, dead: str) -> None:
    assert_matches_brute_force([ids(h) for h in holes], ids(board), ids(dead))


def test_r5_r38_board_royal_flush_splits_every_pot_equally() -> None:
    r = assert_matches_brute_force([ids("2c3d"), ids("4c5d"), ids("2h3h")], ids("AsKsQsJsTs"), [])
    assert r.deals == 1 and r.split.tolist() == [0, 0, 0, 1]
    np.testing.assert_allclose(r.equity, 1 / 3, rtol=0, atol=1e-15)
    assert np.all(r.win == 0) and np.all(r.tie == 1)


@pytest.mark.parametrize("players", [2, 3, 7, 9, 10])
def test_r38_everyone_plays_the_board_and_shares_exactly(players: int) -> None:
    # Low unpaired hole cards under a royal flush on the board: every player splits (R5, R38).
    low = [c for c in range(32) if c not in ids("AsKsQsJsTs")][: 2 * players]
    holes = [text(low[2 * p : 2 * p + 2]) for p in range(players)]
    r = equity(holes, board="AsKsQsJsTs", threads=THREADS)
    assert r.deals == 1 and r.split[players] == 1 and r.split.sum() == 1
    np.testing.assert_allclose(r.equity, 1 / players, rtol=0, atol=1e-15)
    assert np.all(r.tie == 1) and np.all(r.win == 0)
    # On the turn, the river Ts puts a royal flush on the board: every player shares that pot.
    turn = equity(holes, board="AsKsQsJs", threads=THREADS)
    assert turn.split[players] >= 1 and np.all(turn.tie * turn.deals >= 1)


@pytest.mark.parametrize("case", range(12))
def test_random_turn_and_river_spots_match_slow_brute_force(rng: np.random.Generator, case: int) -> None:
    rng = np.random.default_rng([int(rng.integers(2**32)), case])  # a different spot per case
    players = 2 + case % 3
    board = 4 if case % 2 == 0 else 5
    dead = case % 4
    holes, b, d = random_spot(rng, players, board, dead)
    assert_matches_brute_force(holes, b, d)


# --- ranges: exact range-vs-range on the flop against a weighted brute force ------------------


def weighted_brute_force(
    reference: ReferenceEvaluator, ranges: list[Range], board: list[int], dead: list[int]
) -> dict[str, Any]:
    """Every collision-free assignment of one combo per player (weight: product of combo
    weights), times every completion of the board, evaluated with the ``_slow`` oracle."""
    taken = set(board) | set(dead)
    rest = [c for c in range(52) if c not in taken]
    missing = 5 - len(board)
    completions = np.array(list(itertools.combinations(rest, missing)), dtype=np.int64).reshape(-1, missing)
    comp_mask = np.zeros(len(completions), dtype=np.uint64)
    for col in range(completions.shape[1]):
        comp_mask |= np.left_shift(np.uint64(1), completions[:, col].astype(np.uint64))
    players = [[(tuple(c), w) for c, w in rng if not set(c) & taken] for rng in ranges]
    # Value of every (combo, completion) pair once, vectorised.
    combos = sorted({c for p in players for c, _ in p})
    values: dict[tuple[int, int], np.ndarray] = {}
    for c in combos:
        rows = np.hstack([np.tile(np.array(c + tuple(board)), (len(completions), 1)), completions])
        clash = (comp_mask & np.uint64((1 << c[0]) | (1 << c[1]))) != 0
        values[c] = np.full(len(completions), -1, dtype=np.int64)  # never read: masked below
        values[c][~clash] = reference.values(rows[~clash])
    n = len(ranges)
    total_w = 0.0
    deals = 0
    win, tie, share = np.zeros(n), np.zeros(n), np.zeros(n)
    split = np.zeros(n + 1)
    for choice in itertools.product(*players):
        cards = [x for c, _ in choice for x in c]
        if len(set(cards)) != len(cards):
            continue
        w = math.prod(wt for _, wt in choice)
        hand_mask = np.uint64(sum(1 << x for x in cards))
        ok = (comp_mask & hand_mask) == 0
        v = np.stack([values[c][ok] for c, _ in choice])
        best = v.max(axis=0)
        is_best = v == best
        k = is_best.sum(axis=0)
        deals += int(ok.sum())
        total_w += w * int(ok.sum())
        win += w * (is_best & (k == 1)).sum(axis=1)
        tie += w * (is_best & (k > 1)).sum(axis=1)
        share += w * (is_best / k).sum(axis=1)
        split += w * np.bincount(k, minlength=n + 1)
    return {"deals": deals, "equity": share / total_w, "win": win / total_w, "tie": tie / total_w,
            "split": split}


RANGE_SPOTS = [
    (["QQ,AKs", "JJ+,AA:0.5"], "Jh7c2d", ""),
    (["QQ:0.25,AKs", "JJ+,AA:0.5"], "Ah7c2d", "Qc"),
    (["AKs,KQs:0.5", "AhAd", "TT-88:0.75"], "Ks9s2h", "8d"),
]


@pytest.mark.parametrize("players, board, dead", RANGE_SPOTS)
def test_range_vs_range_exact_flop_matches_weighted_brute_force(
    reference: ReferenceEvaluator, players: list[str], board: str, dead: str
) -> None:
    r = equity(players, board=board, dead=dead, exact=True, threads=THREADS)
    expected = weighted_brute_force(reference, [Range(p) for p in players], ids(board), ids(dead))
    assert r.exact
    assert r.deals == expected["deals"]
    np.testing.assert_allclose(r.equity, expected["equity"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(r.win, expected["win"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(r.tie, expected["tie"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(r.split, expected["split"], rtol=1e-12, atol=1e-9)


def test_range_auto_mode_enumerates_small_flop_jobs() -> None:
    r = equity(["AKs,QQ+", "random"], board="Td7c2s", seed=1, threads=THREADS)
    forced = equity(["AKs,QQ+", "random"], board="Td7c2s", exact=True, threads=THREADS)
    assert r.exact and r.seed is None
    assert np.array_equal(r.equity, forced.equity)


# --- suit isomorphism: ranges preflop equal the average over their explicit combos ------------


def explicit_deal_tallies(players: list[str]) -> list[dict[str, np.ndarray]]:
    """C enumeration of every collision-free explicit deal of the ranges, one deal per call
    (so neither suit isomorphism nor the heads-up preflop table is involved)."""
    out = []
    for choice in itertools.product(*(Range(p) for p in players)):
        cards = [c for combo, _ in choice for c in combo]
        if len(set(cards)) == len(cards):
            out.append(_core.exact_deals(np.array([cards], dtype=np.uint8), [], [], THREADS))
    return out


@pytest.mark.parametrize("players", [["AKs", "QQ"], ["AKs", "KQs"], ["AA", "KK"], ["AKs", "QQ", "JTs"]])
def test_preflop_range_exact_equals_average_of_explicit_combos(players: list[str]) -> None:
    """Suit isomorphism (and, heads-up, the shipped table) against plain enumeration."""
    r = equity(players, exact=True, threads=THREADS)
    per_deal = explicit_deal_tallies(players)
    deals = np.array([int(t["deals"][0]) for t in per_deal])
    assert np.all(deals == math.comb(52 - 2 * len(players), 5))
    assert r.exact and r.deals == deals.sum()
    total = deals.sum()
    for field in ("win", "tie"):
        want = np.sum([t[field][0] for t in per_deal], axis=0) / total
        np.testing.assert_allclose(getattr(r, field), want, rtol=0, atol=1e-13)
    share = np.sum([t["share"][0] for t in per_deal], axis=0) / (_core.SHARE_UNIT * total)
    np.testing.assert_allclose(r.equity, share, rtol=0, atol=1e-13)
    np.testing.assert_array_equal(r.split, np.sum([t["split"][0] for t in per_deal], axis=0))


# --- equity_batch ------------------------------------------------------------------------------


def test_equity_batch_matches_equity_per_spot(rng: np.random.Generator) -> None:
    for players, board in [(2, 5), (2, 4), (3, 4), (4, 5), (2, 3), (3, 3)]:
        spots = [random_spot(rng, players, board, 0) for _ in range(6)]
        holes = np.array([h for h, _, _ in spots], dtype=np.uint8)
        boards = np.array([b for _, b, _ in spots], dtype=np.uint8)
        got = equity_batch(holes, boards, threads=THREADS)
        assert got.shape == (6, players) and got.dtype == np.float64
        for i, (h, b, _) in enumerate(spots):
            want = equity([text(x) for x in h], board=text(b), threads=THREADS).equity
            np.testing.assert_allclose(got[i], want, rtol=0, atol=1e-12)


def test_equity_batch_preflop_and_layouts() -> None:
    holes = np.array([[ids("AhKh"), ids("QsQd")], [ids("AsAd"), ids("7s6s")]], dtype=np.int64)
    got = equity_batch(holes, threads=THREADS)
    assert got[0, 0] == pytest.approx(791_332 / 1_712_304, abs=1e-15)
    np.testing.assert_allclose(got[1], equity(["AsAd", "7s6s"], threads=THREADS).equity, rtol=0, atol=1e-12)
    # Any integer dtype and memory layout gives the same numbers.
    boards = np.array([ids("2c7d9hTc3s"), ids("2c7d9hTc4s")])
    base = equity_batch(holes, boards, threads=THREADS)
    fortran = np.asfortranarray(holes.astype(np.int16))
    strided = np.repeat(boards, 2, axis=0)[::2].astype(np.uint32)
    assert np.array_equal(equity_batch(fortran, strided, threads=1), base)
    assert np.array_equal(equity_batch(holes, np.empty((2, 0), np.uint8), threads=THREADS), got)


BATCH_HOLES = np.array([[[50, 46], [43, 41]], [[51, 47], [3, 2]]], dtype=np.uint8)
BATCH_BOARDS = np.array([[0, 5, 22], [10, 14, 18]], dtype=np.uint8)


@pytest.mark.parametrize(
    "holes, boards, exc, match",
    [
        (BATCH_HOLES.astype(np.float64), BATCH_BOARDS, TypeError, "holes must be an integer array"),
        (BATCH_HOLES.astype(np.bool_), BATCH_BOARDS, TypeError, "holes must be an integer array"),
        (BATCH_HOLES, BATCH_BOARDS.astype(np.float32), TypeError, "boards must be an integer array"),
        (BATCH_HOLES[:, :, :1], BATCH_BOARDS, ValueError, r"holes must have shape \(m, players, 2\)"),
        (BATCH_HOLES[0], BATCH_BOARDS, ValueError, "players per spot"),  # (2, 2): one player
        (BATCH_HOLES, BATCH_BOARDS[:1], ValueError, r"boards must have shape \(2, 0\|3\|4\|5\)"),
        (BATCH_HOLES, BATCH_BOARDS[:, :2], ValueError, r"boards must have shape"),
        (np.where(BATCH_HOLES == 2, 52, BATCH_HOLES), BATCH_BOARDS, ValueError, r"holes\[1\] holds 52"),
        (np.where(BATCH_HOLES == 2, -1, BATCH_HOLES.astype(np.int64)), BATCH_BOARDS, ValueError,
         r"holes\[1\] holds -1"),
        (BATCH_HOLES, np.where(BATCH_BOARDS == 18, 60, BATCH_BOARDS), ValueError, r"boards\[1\] holds 60"),
        # A card repeated across the holes and the board, or within the holes, names spot and card.
        (np.array([[[50, 46], [43, 41]], [[51, 47], [3, 18]]]), BATCH_BOARDS, ValueError,
         "spot 1 uses card 6h twice"),
        (np.array([[[50, 46], [43, 41]], [[51, 47], [47, 2]]]), BATCH_BOARDS, ValueError,
         "spot 1 uses card Ks twice"),
        (np.array([[[50, 46], [0, 41]], [[51, 47], [3, 2]]]), BATCH_BOARDS, ValueError,
         "spot 0 uses card 2c twice"),
        (np.zeros((1, 11, 2), np.uint8) + np.arange(22, dtype=np.uint8).reshape(1, 11, 2), None, ValueError,
         "2 to 10 players"),
    ],
)
def test_equity_batch_validation_errors(
    holes: np.ndarray, boards: np.ndarray | None, exc: type, match: str
) -> None:
    with pytest.raises(exc, match=match):
        equity_batch(holes, boards, threads=THREADS)


@pytest.mark.parametrize(
    "threads, exc", [(0, ValueError), (-1, ValueError), ("2", TypeError), (True, TypeError)]
)
def test_equity_batch_rejects_bad_threads(threads: object, exc: type) -> None:
    with pytest.raises(exc, match="threads"):
        equity_batch(BATCH_HOLES, BATCH_BOARDS, threads=threads)


# --- hand_strength ---------------------------------------------------------------------------


def strength_brute_force(reference: ReferenceEvaluator, hole: list[int], board: list[int]) -> float:
    """Equity of ``hole`` against one uniformly random opponent hand, every board completion."""
    rest = [c for c in range(52) if c not in set(hole) | set(board)]
    rows_hero, rows_opp = [], []
    for opp in itertools.combinations(rest, 2):
        left = [c for c in rest if c not in opp]
        for extra in itertools.combinations(left, 5 - len(board)):
            full = board + list(extra)
            rows_hero.append(hole + full)
            rows_opp.append(list(opp) + full)
    hero = reference.values(np.array(rows_hero))
    opp = reference.values(np.array(rows_opp))
    return float(((hero > opp) + 0.5 * (hero == opp)).mean())


def test_hand_strength_exact_matches_brute_force_river_and_turn(
    rng: np.random.Generator, reference: ReferenceEvaluator
) -> None:
    spots = [random_spot(rng, 1, 5, 0) for _ in range(3)] + [random_spot(rng, 1, 4, 0) for _ in range(3)]
    for nb in (5, 4):
        chosen = [s for s in spots if len(s[1]) == nb]
        holes = np.array([s[0][0] for s in chosen])
        boards = np.array([s[1] for s in chosen])
        got = hand_strength(holes, boards, exact=True, threads=THREADS)
        assert np.array_equal(got, hand_strength(holes, boards, threads=THREADS))  # auto picks exact
        for i, (h, b, _) in enumerate(chosen):
            assert got[i] == pytest.approx(strength_brute_force(reference, h[0], b), abs=1e-12)


def test_hand_strength_exact_equals_equity_against_random_range(rng: np.random.Generator) -> None:
    h, b, _ = random_spot(rng, 1, 3, 0)
    got = hand_strength(np.array([h[0]]), np.array([b]), exact=True, threads=THREADS)[0]
    want = equity([text(h[0]), "random"], board=text(b), exact=True, threads=THREADS).equity[0]
    assert got == pytest.approx(want, abs=1e-12)


def test_hand_strength_monte_carlo_within_4_stderr_of_exact_and_seeded(rng: np.random.Generator) -> None:
    spots = [random_spot(rng, 1, 3, 0) for _ in range(4)]
    holes = np.array([h[0] for h, _, _ in spots])
    boards = np.array([b for _, b, _ in spots])
    exact = hand_strength(holes, boards, exact=True, threads=THREADS)
    trials = 60_000
    mc = hand_strength(holes, boards, exact=False, trials=trials, seed=11, threads=THREADS)
    # A pot share lies in [0, 1], so its variance is at most mu * (1 - mu).
    bound = 4 * np.sqrt(exact * (1 - exact) / trials) + 1e-9
    assert np.all(np.abs(mc - exact) <= bound), (mc, exact, bound)
    assert not np.array_equal(mc, exact)
    again = hand_strength(holes, boards, exact=False, trials=trials, seed=11, threads=1)
    assert np.array_equal(mc, again)  # same seed: same numbers on any thread count
    other = hand_strength(holes, boards, exact=False, trials=trials, seed=12, threads=THREADS)
    assert not np.array_equal(mc, other)


def test_hand_strength_ties_on_the_board_and_nuts() -> None:
    # The board is a royal flush: every hand splits with every opponent.
    got = hand_strength(np.array([ids("2c3d")]), np.array([ids("AsKsQsJsTs")]), threads=THREADS)
    assert got[0] == 0.5
    nuts = hand_strength(np.array([ids("AsKs")]), np.array([ids("QsJsTs2c3d")]), threads=THREADS)
    assert nuts[0] == 1.0


@pytest.mark.parametrize("trials", [-1, 2**32, 2**70])
def test_hand_strength_rejects_out_of_range_trials_with_value_error(trials: int) -> None:
    with pytest.raises(ValueError, match="trials"):
        hand_strength(np.array([[50, 46]]), np.array([[0, 5, 22]]), exact=False, trials=trials,
                      threads=THREADS)


@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        ({"holes": np.array([[[50, 46], [43, 41]]])}, ValueError, r"shape \(M, 2\)"),
        ({"opponents": 0}, ValueError, "opponents"),
        ({"opponents": 10}, ValueError, "opponents"),
        ({"exact": False, "trials": 0}, ValueError, "trials"),
        ({"holes": np.array([[50, 46]], dtype=np.float64)}, TypeError, "integer"),
        ({"boards": np.array([[0, 5]])}, ValueError, "boards must have shape"),
        ({"boards": np.array([[0, 5, 50]])}, ValueError, "spot 0 uses card Ah twice"),
        ({"threads": 0}, ValueError, "threads"),
    ],
)
def test_hand_strength_validation_errors(kwargs: dict[str, object], exc: type, match: str) -> None:
    args: dict[str, Any] = {"holes": np.array([[50, 46]]), "boards": np.array([[0, 5, 22]]),
                            "threads": THREADS}
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        hand_strength(**args)


# --- Monte Carlo ----------------------------------------------------------------------------

MC_SPOTS = [
    (["AhKh", "QsQd"], "", ""),
    (["AsAd", "KhKc", "7s6s"], "", ""),
    (["AKs,QQ+", "random"], "Td7c2s", ""),
    (["QQ+,AKs:0.5", "JJ-99,AQs"], "", ""),
    (["AhKh", "random", "QQ,JJ:0.5"], "Jc8h2h", "Qd"),
    (["random", "random"], "2c7d9hTs", "Ah"),
]


@pytest.mark.parametrize("players, board, dead", MC_SPOTS)
def test_monte_carlo_within_4_stderr_of_exact(players: list[str], board: str, dead: str) -> None:
    exact = equity(players, board=board, dead=dead, exact=True, threads=THREADS)
    trials = 150_000
    mc = equity(players, board=board, dead=dead, exact=False, trials=trials, seed=2024, threads=THREADS)
    assert not mc.exact and mc.seed == 2024 and mc.deals == trials
    assert np.all(mc.stderr > 0)
    assert np.all(np.abs(mc.equity - exact.equity) <= 4 * mc.stderr), (mc.equity, exact.equity, mc.stderr)
    # Win frequencies: binomial standard error.
    win_se = np.sqrt(exact.win * (1 - exact.win) / trials) + 1e-12
    assert np.all(np.abs(mc.win - exact.win) <= 4 * win_se)
    assert float(mc.equity.sum()) == pytest.approx(1.0, abs=1e-12)
    assert mc.split.sum() == trials


def test_monte_carlo_six_random_players_is_symmetric() -> None:
    r = equity(["random"] * 6, exact=False, trials=200_000, seed=5, threads=THREADS)
    assert np.all(np.abs(r.equity - 1 / 6) <= 4 * r.stderr)


def test_monte_carlo_reported_stderr_is_honest() -> None:
    """Over 40 seeds, the spread of the estimates matches the stderr each run reports."""
    exact = equity(["AhKh", "QsQd"], threads=THREADS)
    trials = 20_000
    runs = [equity(["AhKh", "QsQd"], exact=False, trials=trials, seed=s, threads=THREADS)
            for s in range(1000, 1040)]
    estimates = np.array([r.equity[0] for r in runs])
    reported = np.array([r.stderr[0] for r in runs])
    ratio = estimates.std(ddof=1) / reported.mean()
    assert 0.7 <= ratio <= 1.4, ratio
    # The reported value also matches the true per-trial variance of the pot share:
    # a win is worth 1, a two-way tie 1/2.
    mu = exact.equity[0]
    var = exact.win[0] + exact.tie[0] / 4 - mu * mu
    np.testing.assert_allclose(reported, math.sqrt(var / trials), rtol=0.03)
    # The mean of the 40 runs is 40 times more precise than one run.
    assert abs(estimates.mean() - mu) <= 4 * reported.mean() / math.sqrt(len(runs))


@pytest.mark.parametrize(
    "players, board",
    [(["AhKh", "QsQd"], ""), (["random"] * 6, ""), (["QQ+,AKs:0.5", "JJ-99,AQs", "random"], "Td7c2s")],
)
def test_monte_carlo_same_seed_same_result_on_any_thread_count(players: list[str], board: str) -> None:
    trials = 3 * 32 * 4096 + 1234  # several rounds of blocks plus a partial block
    kwargs = {"board": board, "exact": False, "trials": trials, "seed": 77}
    a = equity(players, threads=2, **kwargs)
    b = equity(players, threads=2, **kwargs)
    c = equity(players, threads=1, **kwargs)
    for other in (b, c):
        for field in ("equity", "win", "tie", "stderr", "split"):
            assert np.array_equal(getattr(a, field), getattr(other, field)), field
        assert other.deals == a.deals == trials
    d = equity(players, threads=2, **{**kwargs, "seed": 78})
    assert not np.array_equal(a.equity, d.equity)


@pytest.mark.parametrize("trials", [2, 7, 4095, 4097, 32 * 4096 + 1, 200_001])
def test_monte_carlo_honours_exact_trial_count(trials: int) -> None:
    r = equity(["AhKh", "QsQd"], exact=False, trials=trials, seed=3, threads=THREADS)
    assert r.deals == trials
    assert r.split.sum() == trials
    assert float(r.equity.sum()) == pytest.approx(1.0, abs=1e-12)


def stderr_checkpoints(limit: int) -> list[int]:
    """Trial counts at which the stderr target is checked: after 4,096 trials, then each time
    the total doubles up to 262,144, then every 131,072 trials (32 blocks)."""
    points = [4096 * 2**k for k in range(7)]  # 4,096 ... 262,144
    while points[-1] < limit:
        points.append(points[-1] + 32 * 4096)
    return points


def test_monte_carlo_loose_stderr_target_stops_after_the_first_small_round() -> None:
    # A pot share's standard deviation is at most 0.5, so 4,096 trials give at most 0.0078.
    r = equity(["AhKh", "QsQd"], exact=False, stderr=0.01, seed=9, threads=THREADS)
    assert not r.exact and r.deals == 4096 and r.stderr.max() <= 0.01
    r = equity(["AhKh", "QsQd"], stderr=0.005, seed=9, threads=THREADS)  # exact=None: stderr asks for MC
    assert not r.exact and r.deals in (8192, 16384) and r.stderr.max() <= 0.005


@pytest.mark.parametrize("target", [0.003, 0.0009])
def test_monte_carlo_stderr_target_stops_at_first_checkpoint_that_meets_it(target: float) -> None:
    r = equity(["AhKh", "QsQd"], exact=False, stderr=target, seed=9, threads=THREADS)
    assert not r.exact
    assert np.all(r.stderr <= target)
    points = stderr_checkpoints(r.deals)
    assert r.deals in points and r.deals < 1_000_000
    # No overshoot: the stopping point is at most twice the trials the target needs.
    need = float((r.stderr.max() / target) ** 2 * r.deals)
    assert r.deals <= 2 * need + 4096
    # The same seed draws the same blocks: the checkpoint before had not reached the target.
    before = points[points.index(r.deals) - 1]
    shorter = equity(["AhKh", "QsQd"], exact=False, trials=before, seed=9, threads=THREADS)
    assert shorter.stderr.max() > target
    # Reproducible for the seed on any thread count, and equal to the fixed-trial run.
    for again in (equity(["AhKh", "QsQd"], stderr=target, seed=9, threads=1),
                  equity(["AhKh", "QsQd"], trials=r.deals, seed=9, threads=THREADS)):
        assert again.deals == r.deals
        for field in ("equity", "win", "tie", "stderr", "split"):
            assert np.array_equal(getattr(again, field), getattr(r, field)), field


def test_monte_carlo_trial_cap_wins_over_the_stderr_target() -> None:
    capped = equity(["AhKh", "QsQd"], exact=False, stderr=1e-6, trials=50_000, seed=9, threads=THREADS)
    assert capped.deals == 50_000 and capped.stderr.max() > 1e-6


def test_auto_mode_samples_big_jobs_and_reports_the_seed() -> None:
    r = equity(["AKs,QQ+", "random"], trials=10_000, seed=123, threads=THREADS)
    assert not r.exact and r.seed == 123 and r.deals == 10_000
    unseeded = equity(["AKs,QQ+", "random"], trials=5_000, threads=THREADS)
    assert isinstance(unseeded.seed, int)
    again = equity(["AKs,QQ+", "random"], trials=5_000, seed=unseeded.seed, threads=THREADS)
    assert np.array_equal(again.equity, unseeded.equity)


# --- errors (B5) ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, kwargs, exc, match",
    [
        (["AhKh"], {}, ValueError, "2 to 10 hands or ranges, got 1"),
        ("AhKh", {}, ValueError, "a list of 2 to 10 hands or ranges, .* got one string 'AhKh'"),
        (["random"] * 11, {}, ValueError, "2 to 10 hands or ranges, got 11"),
        (["AhKh", "QsQd"], {"board": "7c2d"}, CardError, "0, 3, 4 or 5 cards, got 2"),
        (["AhKh", "QsQd"], {"board": "7c2d3h4h5h6h"}, CardError, "got 6"),
        (["AhKh", "QsQd"], {"board": "Ah7c2d"}, CardError, "card Ah of player 1 is also in the board"),
        (["AhKh", "QsQd"], {"dead": "Qd"}, CardError, "card Qd of player 2 is also in the dead cards"),
        (["AhKh", "QsAh"], {}, CardError, "card Ah of player 2 is also in player 1's hand"),
        (["AhKh", "QsQd"], {"board": "2c3c4c", "dead": "2c"}, CardError,
         "card 2c is both dead and on the board"),
        (["AhKh", "QsQd"], {"board": "2c3c4x"}, CardError, "4x"),
        (["AhKh", "AA"], {"dead": "AsAdAc"}, RangeError, "player 2's range 'AA' has no hand left"),
        (["AhKh", "AKx"], {}, RangeError, "bad range token 'AKx'"),
        (["AhKh", "QQ:2"], {}, RangeError, "bad weight"),
        (["AA", "AA", "AA"], {}, RangeError, "cannot be dealt"),
        (["AhKh", "QsQd"], {"threads": 0}, ValueError, "threads must be a positive int"),
        (["AhKh", "QsQd"], {"trials": 0}, ValueError, "trials must be"),
        (["AhKh", "QsQd"], {"trials": True}, TypeError, "trials must be"),
        (["AhKh", "QsQd"], {"stderr": 2}, ValueError, r"stderr must be a number in \(0, 1\)"),
        (["AhKh", "QsQd"], {"stderr": 0}, ValueError, "stderr must be"),
    ],
)
def test_equity_errors(players: object, kwargs: dict[str, object], exc: type, match: str) -> None:
    with pytest.raises(exc, match=match):
        equity(players, **{"threads": THREADS, **kwargs})  # type: ignore[arg-type]


def test_errors_are_value_errors_and_raised_before_any_work() -> None:
    with pytest.raises(ValueError):
        equity(["AhKh", "AhKh"], threads=THREADS)
    with pytest.raises(ValueError, match="exact enumeration would list over"):
        equity(["random"] * 3, exact=True, threads=THREADS)


@pytest.mark.parametrize(
    "kwargs, named",
    [
        ({"trials": 1000}, "trials=1000"),
        ({"stderr": 0.01}, "stderr=0.01"),
        ({"trials": 1000, "stderr": 0.01}, "trials=1000 or stderr=0.01"),
        ({"trials": 1000, "seed": 3}, "trials=1000"),
    ],
)
def test_exact_true_with_trials_or_stderr_is_refused_naming_them(kwargs: dict[str, Any], named: str) -> None:
    with pytest.raises(ValueError, match=f"exact=True cannot be combined with {re.escape(named)}"):
        equity(["AhKh", "QsQd"], board="Td7c2s", exact=True, threads=THREADS, **kwargs)
    if "stderr" not in kwargs:
        with pytest.raises(ValueError, match=f"exact=True cannot be combined with {re.escape(named)}"):
            equity_job(["AhKh", "QsQd"], board="Td7c2s", exact=True, **kwargs)


def test_exact_over_the_assignment_limit_names_the_limit_and_suggests_monte_carlo() -> None:
    with pytest.raises(ValueError) as info:
        equity(["random", "random", "random"], exact=True, threads=THREADS)
    message = str(info.value)
    assert f"{MAX_ASSIGNMENTS:,}" in message and "limit" in message and "MAX_ASSIGNMENTS" in message
    assert "Monte Carlo" in message and "exact=False" in message
    doc = equity.__doc__ or ""
    assert "MAX_ASSIGNMENTS" in doc and f"{MAX_ASSIGNMENTS:,}" in doc
    # The same spot samples when asked to, or when exact is left to choose.
    assert not equity(["random", "random", "random"], trials=1000, seed=1, threads=THREADS).exact
    assert not equity(["random", "random", "random"], seed=1, threads=THREADS).exact


@pytest.mark.parametrize("seed", [1.5, "7", True])
def test_seed_must_be_an_int(seed: object) -> None:
    with pytest.raises(TypeError, match="seed must be an int or None"):
        equity(["AhKh", "QsQd"], trials=100, seed=seed, threads=THREADS)  # type: ignore[arg-type]


def test_result_to_dict_and_text() -> None:
    r = equity(["AhKh", "QsQd"], board="2c7d9h", threads=THREADS)
    d = r.to_dict()
    assert d["exact"] is True and d["deals"] == 990 and d["board"] == "2c7d9h"
    assert [p["hand"] for p in d["players"]] == ["AhKh", "QsQd"]
    assert "990 deals enumerated" in str(r) and "exact" in str(r)
    assert "exact=True" in repr(r)


@pytest.mark.parametrize("text", ["random", "QQ+,AKs", "AA:1e-170,KK:1e-170", "22+:0.25,A2s+", "AhKh:0.5,AsAd"])
def test_narrow_ranges_keeps_what_range_without_keeps(text: str) -> None:
    """inputs.narrow_ranges narrows by a mask of live cards: the same combos, order and weights
    as Range.without (then relative_weights), and narrowing twice changes nothing."""
    from fastholdem import Range
    from fastholdem.equities.inputs import narrow_ranges, read_inputs, relative_weights

    parsed, board, dead = read_inputs(["AcKc", text], "Ah7c2s", "Ks")
    narrow_ranges(parsed, board, dead)
    want = Range(text).without([*board, *dead, 48, 44])
    assert parsed[1].combos.tolist() == want.combos.tolist()
    assert parsed[1].weights.tolist() == relative_weights(want.weights).tolist()
    narrow_ranges(parsed, board, dead)
    assert parsed[1].combos.tolist() == want.combos.tolist()
    assert parsed[1].weights.tolist() == relative_weights(want.weights).tolist()
