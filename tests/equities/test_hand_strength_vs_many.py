"""Exact equity of one hand against 1..9 random hands (csrc/fh_vs_many.c through
``_core.vs_random_equities``).

Checked four ways:

- against the brute-force reference of tests/reference/vs_many.py (every board and every deal
  listed, valued by ``evaluate_batch``) on small live decks: many dead cards, so every street
  and 1-6 opponents can be listed; hand-picked spots (ties, flush boards, straights, pairs,
  full houses) and seeded random ones;
- on the full deck, against the independent kernels of one to three opponents
  (``_core.vs_random_share``, ``_core.vs_random_counts``) and, preflop, ``equity`` with a
  ``"random"`` player;
- against identities that hold for every spot: a street's equity is the mean over the next
  card; over every hand dealt from the live cards, the mean equity against N hands is
  1 / (N + 1) (the N + 1 players are exchangeable); relabelling the suits changes nothing; the
  equity lies in [0, 1] and does not grow with N (the first N of N + 1 random hands are N random
  hands, and one more hand can only lower the share of a deal);
- input validation.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import factorial

import numpy as np
import numpy.typing as npt
import pytest
from reference.vs_many import deal_sets, reference_equities

import fastholdem
from fastholdem import _core, equity, parse_cards

TOL = 1e-12
Equities = npt.NDArray[np.float64]


def live_spot(hole: str, board: str, live: str) -> tuple[list[int], list[int], list[int]]:
    """(hole, board, dead) ids of a spot whose live cards are exactly ``live``."""
    h, b, lv = parse_cards(hole), parse_cards(board), parse_cards(live)
    assert not set(lv) & set(h + b), "a live card is in the hand or on the board"
    dead = [c for c in range(52) if c not in h + b + lv]
    return h, b, dead


def most_opponents(board: Sequence[int], dead: Sequence[int], cap: int = 6) -> int:
    live = 52 - 2 - len(board) - len(dead)
    return min(cap, (live - (5 - len(board))) // 2)


def check_against_reference(hole: list[int], board: list[int], dead: list[int], opponents: int) -> None:
    """Both paths of the kernel: up to three opponents, every opponent hand is listed per board;
    asked for four or more, every entry comes from the inclusion-exclusion count."""
    want = reference_equities(hole, board, dead, opponents)
    for asked in sorted({min(opponents, 3), opponents}):
        got = _core.vs_random_equities(hole, board, dead, asked)
        assert got.shape == (asked,) and got.dtype == np.float64
        check_bounds(got)
        for n in range(1, asked + 1):
            assert abs(float(got[n - 1]) - float(want[n - 1])) <= TOL, (
                f"hole={hole} board={board} dead={dead} N={n} (asked {asked}): kernel "
                f"{float(got[n - 1])!r}, reference {float(want[n - 1])!r}")


def check_bounds(eq: Equities) -> None:
    """In [0, 1] and non-increasing in the number of opponents."""
    assert np.all(eq >= 0.0) and np.all(eq <= 1.0)
    assert np.all(np.diff(eq) <= 1e-15), eq


def random_small_spot(rng: np.random.Generator, n_board: int, n_live: int
                      ) -> tuple[list[int], list[int], list[int]]:
    """A random hand and board with ``n_live`` live cards; the dead cards in random order."""
    cards = [int(c) for c in rng.permutation(52)]
    hole, board = cards[:2], cards[2:2 + n_board]
    dead = cards[2 + n_board + n_live:]
    return hole, board, dead


# ---------------------------------------------------------------------------------------------
# the reference itself


def test_vs_random_equities_reference_lists_every_deal_once() -> None:
    for m in range(11):
        for n in range(6):
            sets = deal_sets(m, n)
            count = factorial(m) // (factorial(m - 2 * n) * factorial(n) * 2 ** n) if 2 * n <= m else 0
            assert sets.shape == (count, n, 2)
            keys = {frozenset(frozenset(p) for p in s) for s in sets.tolist()}
            assert len(keys) == count                                  # no set twice
            assert all(len({c for p in k for c in p}) == 2 * n for k in keys)  # disjoint pairs
            assert sets.size == 0 or (sets.min() >= 0 and sets.max() < m)


def test_vs_random_equities_reference_counts_split_pots() -> None:
    # The royal flush on the board plays for everyone: every pot is split N + 1 ways.
    hole, board, dead = live_spot("2d3h", "AcKcQcJcTc", "9c8cAhKd5s4s7h6d9dQhJs3c")
    want = [1 / (n + 1) for n in range(1, 7)]
    assert [float(e) for e in reference_equities(hole, board, dead, 6)] == pytest.approx(want, abs=TOL)
    assert _core.vs_random_equities(hole, board, dead, 6) == pytest.approx(want, abs=TOL)


# ---------------------------------------------------------------------------------------------
# small live decks against the reference: hand-picked spots

SPOTS = {
    # rivers
    "river-board-straight-splits": ("2c2d", "9h8d7s6c5h", "TsTdJc4c4d3h2hAsKdQc8s6s"),
    "river-three-hearts-hero-one": ("Qh4c", "Kh8h2h9d3s", "AhJh5hTh7hKsKd9c8s2cAc"),
    "river-three-hearts-hero-two-low": ("5h4h", "Kh8h2h9d3s", "AhQhJh7h3hKs9c2sQsAdJc6h"),
    "river-four-spades-hero-queen": ("Qs3d", "Ks9s5s2s7c", "AsJs3s4sTs8d8hKc7d6sAd"),
    "river-four-spades-hero-none": ("AdAh", "Ks9s5s2s7c", "AsJs3s4sTs8d8hKc7d6sAc"),
    "river-five-hearts-board-plays": ("2c2d", "KhJh9h6h3h", "AhQh4h2hTh5c5dKcJsAs8h"),
    "river-straight-flush": ("ThJh", "9h8h7h2c2d", "6h5hQhAh2h2s9c8cKh3h4h"),
    "river-trips-board-quads-boats": ("Ac2d", "7c7d7hKsKd", "7sKhKcAsAhQd3c3s2h9c5d"),
    "river-two-pair-board-boats": ("Qs9d", "QhQd5c5s9h", "Qc5d5h9s9cAdAcKh2c3dJs"),
    "river-set-of-eights": ("8c8d", "8hKd3sTc2h", "8sKsKcThTs3d3cAhQd9s7sJc"),
    "river-wheel": ("Ah2c", "3s4d5h9cKd", "6d6s2dAc3c4c5cKsKhQhJh7s"),
    "river-two-pair-board-plays": ("9c2h", "3dAsKh3sKs", "9d2dAcAdKcKd3h3c4c5cQdJd"),
    # turns
    "turn-flush-draw-paired-board": ("Ah5h", "Kh8h8c2d", "Qh3h9h8sKcKs2h4c5d7sJd6c"),
    "turn-straight-draws": ("JdTs", "9h8c2s3d", "Qc7h7dQd6cKdJhTh9s8d4c5hAs"),
    "turn-four-clubs": ("AcQd", "9c6c4c2c", "KcJc3c5cAdAhQs9d7h8hTc2s"),
    "turn-trips-board-ties": ("3d4h", "JsJdJh6c", "JcAsKs6d6h2c3c4s9s9dTh8c"),
    # flops
    "flop-monotone-hero-no-heart": ("AsAd", "9h6h2h", "KhQh4h3h7h9s6c2dKsAc8dTd"),
    "flop-paired-set-under-trips": ("5c5d", "5hQsQd", "QcQh5sAsKsKh9c2d3h4c6c7c"),
    "flop-wheel-draw": ("Ah2c", "3s4d9h", "5c5h6dAcAs2d3c4s9cKdThJh7s"),
    "flop-two-flush-draws": ("KsQs", "Js8s8d", "AsTs9s2s3dJdJh8c8hAh4c"),
    # preflop (dead cards, so without the suit isomorphism)
    "preflop-aces": ("AhAs", "", "AcAdKsKhKd7c7d2h3h4h5h6sQh"),
    "preflop-suited-connector": ("7h6h", "", "2h3h4h5h8h9hAhKcKd5c9s8d"),
    "preflop-king-deuce": ("Kd2c", "", "AsAdAhKsKc2s2h3c4c5c6c7c9d"),
    "preflop-suited-ace-king": ("AcKc", "", "QcJcTc9c8c2d3d4d5s6s7s8h"),
}


@pytest.mark.parametrize("name", list(SPOTS))
def test_vs_random_equities_match_the_reference_on_hand_picked_spots(name: str) -> None:
    hole, board, dead = live_spot(*SPOTS[name])
    check_against_reference(hole, board, dead, most_opponents(board, dead))


def test_vs_random_equities_reach_six_opponents() -> None:
    # river with 12 live cards: six opponents take every one of them
    hole, board, dead = live_spot("Jd9d", "Td8d2d2sQc", "KdAdQdQs7h7d9c9sTcJcAs3d")
    check_against_reference(hole, board, dead, 6)
    # turn with 13 live cards
    hole, board, dead = live_spot("6s6h", "6dKhKs4c", "6cKcKd4h4d5h7h8h3s2sAsAcTd")
    check_against_reference(hole, board, dead, 6)


# ---------------------------------------------------------------------------------------------
# small live decks against the reference: seeded random spots

# (street, live cards, spots): under a second in all
RANDOM_DEFAULT = [(5, 11, 6), (5, 12, 2), (4, 11, 4), (4, 12, 2), (3, 12, 3), (0, 12, 2), (0, 13, 1)]
RANDOM_SLOW = [(5, 12, 30), (5, 13, 20), (5, 14, 6), (4, 12, 20), (4, 13, 12), (3, 12, 15), (3, 13, 10),
               (3, 14, 4), (0, 13, 10), (0, 14, 6), (0, 15, 3)]


@pytest.mark.parametrize(("n_board", "n_live", "spots"), RANDOM_DEFAULT)
def test_vs_random_equities_match_the_reference_on_random_spots(n_board: int, n_live: int,
                                                                spots: int) -> None:
    rng = np.random.default_rng(1000 * n_board + n_live)
    for _ in range(spots):
        hole, board, dead = random_small_spot(rng, n_board, n_live)
        check_against_reference(hole, board, dead, most_opponents(board, dead))


@pytest.mark.slow
@pytest.mark.parametrize(("n_board", "n_live", "spots"), RANDOM_SLOW)
def test_vs_random_equities_match_the_reference_on_many_random_spots(n_board: int, n_live: int,
                                                                      spots: int) -> None:
    rng = np.random.default_rng(7000 + 1000 * n_board + n_live)
    for _ in range(spots):
        hole, board, dead = random_small_spot(rng, n_board, n_live)
        check_against_reference(hole, board, dead, most_opponents(board, dead))


@pytest.mark.slow
def test_vs_random_equities_match_the_reference_against_seven_opponents() -> None:
    rng = np.random.default_rng(71)
    for n_board, n_live, opponents in [(5, 14, 7), (5, 15, 7)]:
        hole, board, dead = random_small_spot(rng, n_board, n_live)
        check_against_reference(hole, board, dead, opponents)


def narrow_spot(rng: np.random.Generator) -> tuple[list[int], list[int], list[int]]:
    """A random spot whose hand, board and live cards come from a narrow deck: two suits (flushes
    and straight flushes everywhere), four ranks (pairs, trips, quads and ties), or one suit and
    two ranks."""
    kind = int(rng.integers(0, 3))
    if kind == 0:
        suits = rng.choice(4, 2, replace=False)
        pool = [c for c in range(52) if c % 4 in suits]
    elif kind == 1:
        ranks = rng.choice(13, 4, replace=False)
        pool = [c for c in range(52) if c // 4 in ranks]
    else:
        suit, ranks = int(rng.integers(4)), rng.choice(13, 2, replace=False)
        pool = [c for c in range(52) if c % 4 == suit or c // 4 in ranks]
    n_board = int(rng.choice([0, 3, 4, 5]))
    n_live = int(rng.integers(9, 13))
    pick = [int(c) for c in rng.permutation(pool)[:2 + n_board + n_live]]
    dead = [c for c in range(52) if c not in pick]
    rng.shuffle(dead)
    return pick[:2], pick[2:2 + n_board], dead


def test_vs_random_equities_match_the_reference_on_narrow_decks() -> None:
    rng = np.random.default_rng(61)
    for _ in range(12):
        hole, board, dead = narrow_spot(rng)
        check_against_reference(hole, board, dead, most_opponents(board, dead))


@pytest.mark.slow
def test_vs_random_equities_match_the_reference_on_many_narrow_decks() -> None:
    rng = np.random.default_rng(62)
    for _ in range(500):
        hole, board, dead = narrow_spot(rng)
        check_against_reference(hole, board, dead, most_opponents(board, dead))


# ---------------------------------------------------------------------------------------------
# the full deck against the kernels of one to three opponents


def check_against_share_kernels(hole: list[int], board: list[int], dead: list[int]) -> Equities:
    """vs_random_equities asked for 9 (inclusion-exclusion) and for 3 (hands listed per board)
    against vs_random_counts (one opponent) and vs_random_share's kernels for one and two
    opponents (per-card counts) and three (the listing, so only the 9 call is independent)."""
    every = _core.vs_random_equities(hole, board, dead, 9)
    check_bounds(every)
    won, tied, total = _core.vs_random_counts(hole, board, dead)
    for got in (every, _core.vs_random_equities(hole, board, dead, 3)):
        assert abs(float(got[0]) - (won + tied / 2) / total) <= TOL, (hole, board, dead, 1, float(got[0]))
        for n in (1, 2, 3):
            want = _core.vs_random_share(hole, board, dead, n)
            assert abs(float(got[n - 1]) - want) <= TOL, (
                f"hole={hole} board={board} dead={dead} N={n} (asked {len(got)}): vs_random_equities "
                f"{float(got[n - 1])!r}, vs_random_share {want!r}")
    return every


def random_full_spot(rng: np.random.Generator, n_board: int, max_dead: int
                     ) -> tuple[list[int], list[int], list[int]]:
    cards = [int(c) for c in rng.permutation(52)]
    n_dead = int(rng.integers(0, max_dead + 1))
    return cards[:2], cards[2:2 + n_board], cards[2 + n_board:2 + n_board + n_dead]


def test_vs_random_equities_match_the_share_kernels_on_rivers_and_turns() -> None:
    rng = np.random.default_rng(31)
    for n_board, spots in ((5, 40), (4, 12)):
        for _ in range(spots):
            check_against_share_kernels(*random_full_spot(rng, n_board, 4))


def test_vs_random_equities_match_the_share_kernels_on_hand_picked_full_deck_spots() -> None:
    for hole, board in [("2c2d", "9h8d7s6c5h"), ("Qh4c", "Kh8h2h9d3s"), ("Qs3d", "Ks9s5s2s"),
                        ("2c2d", "KhJh9h6h3h"), ("ThJh", "9h8h7h2c"), ("Ac2d", "7c7d7hKsKd"),
                        ("3d4h", "JsJdJh6c9s"), ("AsKs", "AcAdKh")]:
        check_against_share_kernels(parse_cards(hole), parse_cards(board), [])


@pytest.mark.slow
def test_vs_random_equities_match_the_share_kernels_where_the_board_plays() -> None:
    # many tying and beating hands: the slowest boards of the kernel (seconds each)
    for hole, board in [("3d4h", "JsJdJh6c"), ("9c2h", "3dAsKh3sKs"), ("9c2h", "3dAsKh")]:
        check_against_share_kernels(parse_cards(hole), parse_cards(board), [])


def test_vs_random_equities_match_the_share_kernels_on_a_flop() -> None:
    check_against_share_kernels(parse_cards("9s8s"), parse_cards("Ts7h2s"), [])


@pytest.mark.slow
def test_vs_random_equities_match_the_share_kernels_on_many_spots() -> None:
    rng = np.random.default_rng(32)
    for n_board, spots in ((5, 100), (4, 40), (3, 6)):
        for _ in range(spots):
            check_against_share_kernels(*random_full_spot(rng, n_board, 6))


@pytest.mark.slow
@pytest.mark.parametrize("hand", ["AhKd", "QsQh", "QcQd", "9s8s"])
def test_vs_random_equities_match_exact_equity_preflop(hand: str) -> None:
    # No dead cards: the suit isomorphism. The hands differ in their groups of interchangeable
    # suits (offsuit: two free suits; pair: two free suits and the pair's; suited: three), and
    # QsQh / QcQd in which suits those are. Asked for up to three opponents, the hands are
    # listed per board.
    want = float(equity([hand, "random"], exact=True).equity[0])
    listed = _core.vs_random_equities(parse_cards(hand), (), (), 3)
    assert abs(float(listed[0]) - want) <= TOL, (hand, float(listed[0]), want)
    # (The counted path preflop, four to nine opponents, is checked against the shipped tables
    # in tests/equities/test_hand_strength_exact_many.py: a minute per hand.)


@pytest.mark.slow
@pytest.mark.parametrize("hands", [("QsQh", "QcQd"), ("9s8s", "9d8d"), ("AhKd", "AsKc")])
def test_vs_random_equities_preflop_isomorphism_does_not_depend_on_suit_names(hands: tuple[str, ...]) -> None:
    first = _core.vs_random_equities(parse_cards(hands[0]), (), (), 2)  # seconds; 4 would take minutes
    got = _core.vs_random_equities(parse_cards(hands[1]), (), (), 2)
    assert got == pytest.approx(first, abs=TOL), hands


# Found by these tests and fixed: with dead cards, when the dead cards of one suit had the same
# ranks as the hand's cards of another (AhKd dead Ac: 0.6222123610996194, dead As:
# 0.6329497918419829, equity(exact=True) 0.6267920455803276 for both; 7h6h on 9h9c2s dead 7c6c),
# group_boards (fh_vs_many.c) took the two suits as interchangeable. Now the hand, the board and
# the dead cards must each hold the same ranks in both suits.


@pytest.mark.parametrize(("hole", "board", "dead"), [
    ("7h6h", "9h9c2s", "7c6c"),    # gave 0.22755461592670895 before the fix; the kernels 0.26389084644898597
    ("AhKh", "QhQc2s", "AcKc"),    # gave 0.5998075998075998; the kernels 0.6197724755864291
    ("7h6h", "9h9c2s5d", "7c6c"), ("7h6h", "9h9c2s", "")])
def test_vs_random_equities_flop_with_suits_alike_in_dead_cards_match_the_share_kernels(
        hole: str, board: str, dead: str) -> None:
    # hearts and clubs hold the same ranks among the fixed cards, the hand's in one suit and dead
    # cards in the other: the two suits are not interchangeable. Asked for three opponents (the
    # listing path; the boards are grouped the same way for more, see the slow spots).
    h, b, d = parse_cards(hole), parse_cards(board), parse_cards(dead)
    got = _core.vs_random_equities(h, b, d, 3)
    want = [_core.vs_random_share(h, b, d, n) for n in (1, 2, 3)]
    assert got == pytest.approx(want, abs=TOL), (hole, board, dead, got, want)


@pytest.mark.slow
@pytest.mark.parametrize(("hole", "board", "dead"), [
    ("7h6h", "9h9c2s", "7c6c"),
    ("AhKh", "QhQc2s", "AcKc"),
    ("7h6h", "9h9c2s", "")])
def test_vs_random_equities_flop_with_suits_alike_in_dead_cards_match_the_share_kernels_counted(
        hole: str, board: str, dead: str) -> None:
    check_against_share_kernels(parse_cards(hole), parse_cards(board), parse_cards(dead))


def test_vs_random_equities_preflop_dead_card_of_a_hole_rank_keeps_suit_symmetry() -> None:
    # swapping clubs and spades fixes AhKd and sends a dead Ac to a dead As
    hole = parse_cards("AhKd")
    with_ac = _core.vs_random_equities(hole, (), parse_cards("Ac"), 1)
    with_as = _core.vs_random_equities(hole, (), parse_cards("As"), 1)
    assert with_ac == pytest.approx(with_as, abs=TOL)


@pytest.mark.slow
@pytest.mark.parametrize(("hand", "dead"), [
    ("AhKd", "Ac"), ("AhKd", "As"),
    ("QsQh", "Qc"), ("QsQh", "QcKd"),
    ("7h6h", "7c6c"),
    ("7h6h", "7c6d"), ("AhKd", "2c2h"), ("AhKd", "5c"), ("7h6h", "7c")])
def test_vs_random_equities_preflop_dead_card_of_a_hole_rank_match_exact_equity(hand: str, dead: str) -> None:
    got = float(_core.vs_random_equities(parse_cards(hand), (), parse_cards(dead), 1)[0])
    want = float(equity([hand, "random"], dead=dead, exact=True).equity[0])
    assert abs(got - want) <= TOL, (hand, dead, got, want)


@pytest.mark.slow
def test_vs_random_equities_preflop_isomorphism_is_the_mean_over_one_dead_card() -> None:
    # A dead card drawn at random leaves a uniform deal: the equity with no dead card (suit
    # isomorphism) is the mean over the 50 single dead cards (no isomorphism; suits told apart
    # by the dead card). Against two hands: the boards are grouped the same way for any count,
    # and 51 preflop calls take under a minute.
    hole = parse_cards("QsQh")
    got = _core.vs_random_equities(hole, (), (), 2)
    rows = [_core.vs_random_equities(hole, (), [d], 2) for d in range(52) if d not in hole]
    assert got == pytest.approx(np.mean(rows, axis=0), abs=TOL)


# ---------------------------------------------------------------------------------------------
# identities


def mean_over_next_card(hole: list[int], board: list[int], dead: list[int], opponents: int) -> Equities:
    nxt = [c for c in range(52) if c not in hole + board + dead]
    rows = [_core.vs_random_equities(hole, board + [c], dead, opponents) for c in nxt]
    return np.asarray(np.mean(rows, axis=0), dtype=np.float64)


def test_vs_random_equities_on_a_turn_are_the_mean_over_the_river() -> None:
    rng = np.random.default_rng(41)
    for _ in range(3):
        hole, board, dead = random_full_spot(rng, 4, 3)
        got = _core.vs_random_equities(hole, board, dead, 9)
        check_bounds(got)
        assert got == pytest.approx(mean_over_next_card(hole, board, dead, 9), abs=TOL)


def test_vs_random_equities_on_a_flop_are_the_mean_over_the_turn() -> None:
    hole, board = parse_cards("JcJd"), parse_cards("Js8h3h")
    got = _core.vs_random_equities(hole, board, [], 9)
    assert got == pytest.approx(mean_over_next_card(hole, board, [], 9), abs=TOL)


def test_vs_random_equities_preflop_with_dead_cards_are_the_mean_over_the_flop() -> None:
    # 16 live cards: 560 flops
    rng = np.random.default_rng(43)
    hole, _, dead = random_small_spot(rng, 0, 16)
    got = _core.vs_random_equities(hole, [], dead, 5)
    live = [c for c in range(52) if c not in hole + dead]
    flops = [_core.vs_random_equities(hole, list(f), dead, 5) for f in itertools.combinations(live, 3)]
    assert got == pytest.approx(np.mean(flops, axis=0), abs=TOL)


def mean_over_hands(board: list[int], dead: list[int], opponents: int) -> npt.NDArray[np.float64]:
    live = [c for c in range(52) if c not in board + dead]
    rows = [_core.vs_random_equities(list(h), board, dead, opponents)
            for h in itertools.combinations(live, 2)]
    return np.asarray(np.mean(rows, axis=0), dtype=np.float64)


def fair_shares(opponents: int) -> list[float]:
    return [1 / (n + 1) for n in range(1, opponents + 1)]


def test_vs_random_equities_average_one_share_over_every_hand() -> None:
    rng = np.random.default_rng(47)
    cards = [int(c) for c in rng.permutation(52)]
    # a river with 30 live cards, a turn with 24, a preflop spot with 15 (no isomorphism)
    assert mean_over_hands(cards[:5], cards[35:], 9) == pytest.approx(fair_shares(9), abs=TOL)
    assert mean_over_hands(cards[:4], cards[28:], 9) == pytest.approx(fair_shares(9), abs=TOL)
    assert mean_over_hands([], cards[15:], 4) == pytest.approx(fair_shares(4), abs=TOL)


@pytest.mark.slow
def test_vs_random_equities_average_one_share_over_every_hand_on_the_full_deck() -> None:
    # a river and a turn (1,081 and 1,128 hands), then a flop with 14 dead cards (630 hands, vs 4)
    rng = np.random.default_rng(48)
    for n_board in (5, 4):
        board = [int(c) for c in rng.permutation(52)[:n_board]]
        assert mean_over_hands(board, [], 9) == pytest.approx(fair_shares(9), abs=TOL)
    cards = [int(c) for c in rng.permutation(52)]
    assert mean_over_hands(cards[:3], cards[38:], 4) == pytest.approx(fair_shares(4), abs=TOL)


def relabel(cards: Sequence[int], perm: Sequence[int]) -> list[int]:
    return [4 * (c // 4) + perm[c % 4] for c in cards]


def test_vs_random_equities_do_not_depend_on_suit_names() -> None:
    rng = np.random.default_rng(53)
    flop = random_small_spot(rng, 3, 36)
    spots = [random_full_spot(rng, 5, 8), random_full_spot(rng, 4, 8), flop,
             (parse_cards("Qh4c"), parse_cards("Kh8h2h9d3s"), parse_cards("Ah5s")),
             (parse_cards("ThJh"), parse_cards("9h8h7h2c"), [])]
    small = random_small_spot(rng, 0, 16)                   # preflop, dead cards: no isomorphism
    spots.append(small)
    for hole, board, dead in spots:
        opponents = most_opponents(board, dead, 9)
        want = _core.vs_random_equities(hole, board, dead, opponents)
        for perm in [(3, 2, 1, 0), (1, 2, 3, 0)]:
            got = _core.vs_random_equities(relabel(hole, perm), relabel(board, perm), relabel(dead, perm),
                                           opponents)
            assert got == pytest.approx(want, abs=TOL), (hole, board, dead, perm)
        # the order of the cards does not matter either
        got = _core.vs_random_equities(hole[::-1], board[::-1], dead[::-1], opponents)
        assert got == pytest.approx(want, abs=TOL)


# ---------------------------------------------------------------------------------------------
# input


def test_vs_random_equities_accept_numpy_cards_and_any_sequence() -> None:
    hole, board, dead = [50, 45], [33, 20, 3, 46, 4], [0, 1]
    want = _core.vs_random_equities(hole, board, dead, 4)
    got = _core.vs_random_equities(np.array(hole, np.uint8),  # type: ignore[arg-type]
                                   tuple(np.array(board, np.int64)), np.array(dead, np.int16),
                                   np.int64(4))  # type: ignore[arg-type]
    assert np.array_equal(got, want)
    assert np.array_equal(_core.vs_random_equities(hole, board, set(dead), 4), want)
    assert np.array_equal(_core.vs_random_equities(hole, board, dead, 4, threads=1), want)
    assert len(_core.vs_random_equities(hole, board)) == 9                  # default: 9 opponents


def test_vs_random_equities_public_function_reads_text() -> None:
    want = _core.vs_random_equities(parse_cards("AhKd"), parse_cards("Td7c2sKh"), parse_cards("2c3d"), 5)
    assert np.array_equal(fastholdem.vs_random_equities("AhKd", "Td7c2sKh", "2c3d", 5), want)
    dead = iter(parse_cards("2c3d"))
    assert np.array_equal(fastholdem.vs_random_equities("AhKd", "Td7c2sKh", dead, 5), want)


def test_vs_random_equities_accept_an_iterator_of_dead_cards() -> None:
    want = _core.vs_random_equities([50, 45], [33, 20, 3, 46, 4], [0, 1], 4)
    got = _core.vs_random_equities([50, 45], [33, 20, 3, 46, 4], iter([0, 1]), 4)
    assert np.array_equal(got, want)


@pytest.mark.parametrize(("hole", "board", "dead", "error", "match"), [
    ([52, 0], [], [], ValueError, "hole must hold card ids 0-51, got 52"),
    ([-1, 0], [], [], ValueError, "hole must hold card ids 0-51"),
    ([1, 0], [10, 11, 99], [], ValueError, "board must hold card ids 0-51, got 99"),
    ([1, 0], [], [60], ValueError, "dead must hold card ids 0-51, got 60"),
    ([1.0, 0], [], [], TypeError, "hole must hold card ids"),
    ([1, 0], [True, 2, 3], [], TypeError, "board must hold card ids"),
    ([1, 0], [], ["Ah"], TypeError, "dead must hold card ids"),
    ([5, 5], [], [], ValueError, "used twice"),
    ([5, 6], [7, 8, 6], [], ValueError, "used twice"),
    ([5, 6], [7, 8, 9], [9], ValueError, "used twice"),
    ([5, 6], [], [9, 10, 9], ValueError, "used twice"),
    ([5], [], [], ValueError, "hole must hold 2 cards, got 1"),
    ([5, 6, 7], [], [], ValueError, "hole must hold 2 cards, got 3"),
    ([5, 6], [7], [], ValueError, "board must hold 0, 3, 4 or 5 cards, got 1"),
    ([5, 6], [7, 8], [], ValueError, "board must hold 0, 3, 4 or 5 cards, got 2"),
    ([5, 6], [7, 8, 9, 10, 11, 12], [], ValueError, "board must hold 0, 3, 4 or 5 cards, got 6"),
])
def test_vs_random_equities_refuse_bad_cards(hole: list[object], board: list[object], dead: list[object],
                                             error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        _core.vs_random_equities(hole, board, dead, 1)           # type: ignore[arg-type]


@pytest.mark.parametrize(("opponents", "error"), [(0, ValueError), (10, ValueError), (-1, ValueError),
                                                  (True, TypeError), (2.0, TypeError), ("3", TypeError),
                                                  (None, TypeError)])
def test_vs_random_equities_refuse_bad_opponent_counts(opponents: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="opponents"):
        _core.vs_random_equities([50, 45], [33, 20, 3, 46, 4], (), opponents)  # type: ignore[arg-type]


@pytest.mark.parametrize("n_board", [0, 3, 4, 5])
def test_vs_random_equities_need_enough_live_cards(n_board: int) -> None:
    hole, board = [0, 1], list(range(2, 2 + n_board))
    rest = list(range(2 + n_board, 52))
    for opponents in (1, 4, 9) if n_board else (1, 5):
        need = 2 * opponents + 5 - n_board
        ok = _core.vs_random_equities(hole, board, rest[need:], opponents)   # exactly enough
        assert ok.shape == (opponents,)
        check_bounds(ok)
        with pytest.raises(ValueError, match=f"too few live cards for {opponents} opponent hand"):
            _core.vs_random_equities(hole, board, rest[need - 1:], opponents)


@pytest.mark.parametrize(("threads", "error"), [(0, ValueError), (-3, ValueError), (1.5, TypeError),
                                                (True, TypeError), ("2", TypeError)])
def test_vs_random_equities_refuse_bad_thread_counts(threads: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="threads"):
        _core.vs_random_equities([50, 45], [33, 20, 3, 46, 4], (), 2,
                                 threads=threads)  # type: ignore[arg-type]


def test_vs_random_equities_clamp_huge_thread_counts() -> None:
    want = _core.vs_random_equities([50, 45], [33, 20, 3, 46], (), 9, threads=1)
    got = _core.vs_random_equities([50, 45], [33, 20, 3, 46], (), 9, threads=10**6)
    assert np.array_equal(got, want)
