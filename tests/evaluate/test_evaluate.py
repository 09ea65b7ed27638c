"""The hand evaluator (R5-R9): exhaustive five-card checks, the pure-Python oracle, peers,
straights and kickers, categories, descriptions and the best five cards.

The oracles, strongest first:

* ``reference`` (conftest): ``fastholdem._slow.value5`` over every (rank multiset, suited)
  class, looked up with NumPy; exhaustive on five cards, large samples on six and seven.
* ``fastholdem._slow.evaluate`` itself, unvectorised, on a seeded sample.
* Peers with their own tables: phevaluator and treys number the 7462 classes 1 (royal flush)
  .. 7462 (7-5-4-3-2), so ours must be exactly ``7463 - theirs``; eval7 uses sparse values, so
  only the order is compared.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

from fastholdem import CardError, _slow, card, cards_str, parse_cards
from fastholdem.evaluate import (
    HandCategory,
    best_five,
    categories,
    category,
    category_counts,
    deal,
    describe,
    describe_many,
    enumerate_values,
    evaluate,
    evaluate_batch,
)

if TYPE_CHECKING:
    from conftest import ReferenceEvaluator

HC = HandCategory

#: R9: category counts over all 2,598,960 five-card sets.
R9_FIVE_CARD_COUNTS = {
    HC.STRAIGHT_FLUSH: 40,
    HC.FOUR_OF_A_KIND: 624,
    HC.FULL_HOUSE: 3_744,
    HC.FLUSH: 5_108,
    HC.STRAIGHT: 10_200,
    HC.THREE_OF_A_KIND: 54_912,
    HC.TWO_PAIR: 123_552,
    HC.ONE_PAIR: 1_098_240,
    HC.HIGH_CARD: 1_302_540,
}

#: Number of five-card equivalence classes in each category (they add up to 7462).
CLASSES_PER_CATEGORY = {
    HC.HIGH_CARD: 1277,
    HC.ONE_PAIR: 2860,
    HC.TWO_PAIR: 858,
    HC.THREE_OF_A_KIND: 858,
    HC.STRAIGHT: 10,
    HC.FLUSH: 1277,
    HC.FULL_HOUSE: 156,
    HC.FOUR_OF_A_KIND: 156,
    HC.STRAIGHT_FLUSH: 10,
}


def v(text: str) -> int:
    """Value of a hand given as text."""
    return evaluate(text)


@pytest.fixture(scope="module")
def five_card_values(all_five_card_hands: np.ndarray) -> np.ndarray:
    return evaluate_batch(all_five_card_hands)


# --- R9: every five-card set ----------------------------------------------------------------


def test_r9_five_card_sets_have_exactly_7462_values(five_card_values: np.ndarray) -> None:
    assert five_card_values.dtype == np.uint16 and five_card_values.shape == (2_598_960,)
    assert np.array_equal(np.unique(five_card_values), np.arange(1, 7463))


def test_r9_five_card_category_counts(five_card_values: np.ndarray) -> None:
    hist = np.bincount(five_card_values, minlength=7463)
    assert category_counts(histogram=hist) == R9_FIVE_CARD_COUNTS
    assert category_counts(five_card_values) == R9_FIVE_CARD_COUNTS
    assert sum(R9_FIVE_CARD_COUNTS.values()) == 2_598_960


def test_r9_core_matches_slow_on_every_five_card_set(
    all_five_card_hands: np.ndarray, five_card_values: np.ndarray, reference: ReferenceEvaluator
) -> None:
    expected = reference.value5(all_five_card_hands)
    mismatch = np.flatnonzero(expected != five_card_values)
    assert len(mismatch) == 0, [
        (cards_str(all_five_card_hands[i]), int(five_card_values[i]), int(expected[i])) for i in mismatch[:5]
    ]


def test_reference_oracle_agrees_with_slow_value5(
    all_five_card_hands: np.ndarray, reference: ReferenceEvaluator
) -> None:
    """The vectorised oracle is only a cache of _slow.value5: spot-check that it is faithful."""
    sample = all_five_card_hands[:: 2_598_960 // 3000]
    assert reference.value5(sample).tolist() == [_slow.value5(row) for row in sample.tolist()]


def test_r9_value_endpoints_and_category_boundaries() -> None:
    assert v("7c 5d 4h 3s 2c") == 1
    assert v("As Ks Qs Js Ts") == 7462
    # The 7462 values split into the categories' class counts, in order (R6).
    sizes = np.bincount([category(x) for x in range(1, 7463)], minlength=9)
    assert dict(zip(HC, sizes.tolist())) == CLASSES_PER_CATEGORY
    bounds = np.cumsum(list(CLASSES_PER_CATEGORY.values())).tolist()
    assert bounds == [1277, 4137, 4995, 5853, 5863, 7140, 7296, 7452, 7462]
    # The best and worst hand of every category sit exactly on the boundaries.
    cases = [
        ("Ac Kd Qh Js 9c", 1277, "7c 5d 4h 3s 2c", 1),
        ("Ac Ad Kh Qs Jc", 4137, "2c 2d 5h 4s 3c", 1278),
        ("Ac Ad Kh Ks Qc", 4995, "3c 3d 2h 2s 4c", 4138),
        ("Ac Ad Ah Ks Qc", 5853, "2c 2d 2h 4s 3c", 4996),
        ("Ac Kd Qh Js Tc", 5863, "Ac 2d 3h 4s 5c", 5854),
        ("Ac Kc Qc Jc 9c", 7140, "7c 5c 4c 3c 2c", 5864),
        ("Ac Ad Ah Ks Kc", 7296, "2c 2d 2h 3s 3c", 7141),
        ("Ac Ad Ah As Kc", 7452, "2c 2d 2h 2s 3c", 7297),
        ("Ac Kc Qc Jc Tc", 7462, "Ac 2c 3c 4c 5c", 7453),
    ]
    for cat, (best, best_value, worst, worst_value) in zip(HC, cases):
        assert (v(best), v(worst)) == (best_value, worst_value), cat
        assert category(v(best)) is cat and category(v(worst)) is cat


def test_category_matches_slow_for_every_value() -> None:
    assert [int(category(x)) for x in range(1, 7463)] == [_slow.category_index(x) for x in range(1, 7463)]


@pytest.mark.parametrize("bad", [0, -1, 7463, 65536])
def test_category_rejects_values_outside_1_7462(bad: int) -> None:
    with pytest.raises(ValueError, match="1..7462"):
        category(bad)
    with pytest.raises(ValueError):
        describe(bad)


# --- the core against the pure-Python oracle on 5, 6 and 7 cards -----------------------------


def test_core_matches_slow_evaluate_on_a_seeded_sample(hands: Callable[[int, int], np.ndarray]) -> None:
    """20,000 random hands through _slow.evaluate itself (not the vectorised cache)."""
    for k, n in ((5, 8000), (6, 6000), (7, 6000)):
        rows = hands(n, k)
        expected = [_slow.evaluate(r) for r in rows.tolist()]
        assert evaluate_batch(rows).tolist() == expected, k
        assert [evaluate(r) for r in rows[:2000].tolist()] == expected[:2000], k


@pytest.mark.parametrize(("k", "n"), [(6, 300_000), (7, 500_000)])
def test_core_matches_reference_on_many_hands(
    k: int, n: int, hands: Callable[[int, int], np.ndarray], reference: ReferenceEvaluator
) -> None:
    rows = hands(n, k)
    got = evaluate_batch(rows)
    expected = reference.values(rows)
    mismatch = np.flatnonzero(got != expected)
    assert len(mismatch) == 0, [(cards_str(rows[i]), int(got[i]), int(expected[i])) for i in mismatch[:5]]


def test_r5_value_is_best_of_five_card_subsets_in_the_core(hands: Callable[[int, int], np.ndarray]) -> None:
    """The core is consistent with itself: 6 and 7 cards give the max over their 5-card subsets."""
    for k in (6, 7):
        rows = hands(20_000, k)
        subsets = [evaluate_batch(rows[:, list(cols)]) for cols in itertools.combinations(range(k), 5)]
        assert np.array_equal(evaluate_batch(rows), np.max(subsets, axis=0))


def test_scalar_and_batch_agree_on_every_width(hands: Callable[[int, int], np.ndarray]) -> None:
    for k in (5, 6, 7):
        rows = hands(3000, k)
        batch = evaluate_batch(rows).tolist()
        assert [evaluate(r) for r in rows.tolist()] == batch
        assert [evaluate(cards_str(r)) for r in rows.tolist()[:300]] == batch[:300]
        assert [evaluate(tuple(r)) for r in rows[:300]] == batch[:300]  # numpy ints
        assert [evaluate(r) for r in rows[:300]] == batch[:300]  # numpy rows


# --- peers -----------------------------------------------------------------------------------


def _order_preserving(ours: np.ndarray, theirs: np.ndarray) -> bool:
    """True if ``theirs`` is a strictly increasing function of ``ours`` (same classes, same order)."""
    pairs = np.unique(np.stack([ours.astype(np.int64), theirs.astype(np.int64)], axis=1), axis=0)
    return bool(len(np.unique(pairs[:, 0])) == len(pairs) and (np.diff(pairs[:, 1]) > 0).all())


def test_phevaluator_uses_our_card_ids(peer: Callable[[str], Any]) -> None:
    phevaluator = peer("phevaluator")
    for cid in range(52):
        text = cards_str([cid])
        assert phevaluator.Card(text).id_ == cid
        assert str(phevaluator.Card(cid)) == text


def test_matches_phevaluator_on_a_million_seven_card_hands(
    hands: Callable[[int, int], np.ndarray], peer: Callable[[str], Any]
) -> None:
    phevaluator = peer("phevaluator")
    ev = phevaluator.evaluate_cards
    rows = hands(1_000_000, 7)
    theirs = np.fromiter((ev(*r) for r in rows.tolist()), np.int64, len(rows))
    ours = evaluate_batch(rows).astype(np.int64)
    mismatch = np.flatnonzero(ours != 7463 - theirs)
    assert len(mismatch) == 0, [(cards_str(rows[i]), int(ours[i]), int(theirs[i])) for i in mismatch[:5]]
    assert len(np.unique(ours)) > 4000  # the sample spans almost every seven-card value


@pytest.mark.parametrize("k", [5, 6])
def test_matches_phevaluator_on_five_and_six_cards(
    k: int, hands: Callable[[int, int], np.ndarray], peer: Callable[[str], Any]
) -> None:
    phevaluator = peer("phevaluator")
    ev = phevaluator.evaluate_cards
    rows = hands(200_000, k)
    theirs = np.fromiter((ev(*r) for r in rows.tolist()), np.int64, len(rows))
    assert np.array_equal(evaluate_batch(rows), 7463 - theirs)


def test_matches_treys(hands: Callable[[int, int], np.ndarray], peer: Callable[[str], Any]) -> None:
    treys = peer("treys")
    ids = [treys.Card.new(cards_str([c])) for c in range(52)]
    evaluator = treys.Evaluator()
    for k, n in ((7, 50_000), (6, 5_000), (5, 5_000)):
        rows = hands(n, k)
        theirs = [evaluator.evaluate([ids[c] for c in r[2:]], [ids[r[0]], ids[r[1]]]) for r in rows.tolist()]
        assert np.array_equal(evaluate_batch(rows), 7463 - np.array(theirs)), k


def test_order_matches_eval7(hands: Callable[[int, int], np.ndarray], peer: Callable[[str], Any]) -> None:
    eval7 = peer("eval7")  # import_peer hides eval7's pyparsing deprecation warnings
    deck = [eval7.Card(cards_str([c])) for c in range(52)]
    rows = hands(300_000, 7)
    theirs = np.fromiter((eval7.evaluate([deck[c] for c in r]) for r in rows.tolist()), np.int64, len(rows))
    assert _order_preserving(evaluate_batch(rows), theirs)


def test_missing_peer_skips_or_fails_when_peers_are_required(
    peer: Callable[[str], Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A peer that is not installed skips the test, but fails it under FASTHOLDEM_REQUIRE_PEERS=1."""
    missing = "fastholdem_no_such_peer"
    monkeypatch.delenv("FASTHOLDEM_REQUIRE_PEERS", raising=False)
    with pytest.raises(pytest.skip.Exception):
        peer(missing)
    monkeypatch.setenv("FASTHOLDEM_REQUIRE_PEERS", "1")
    with pytest.raises(pytest.fail.Exception, match=f"{missing}.*FASTHOLDEM_REQUIRE_PEERS=1"):
        peer(missing)
    assert peer("numpy") is np


def test_order_check_detects_disagreement() -> None:
    """The helper above must fail when two classes swap or merge."""
    ours = np.array([1, 2, 3, 3])
    assert _order_preserving(ours, np.array([10, 20, 30, 30]))
    assert not _order_preserving(ours, np.array([20, 10, 30, 30]))
    assert not _order_preserving(ours, np.array([10, 10, 30, 30]))
    assert not _order_preserving(ours, np.array([10, 20, 30, 31]))


# --- R7: straights ---------------------------------------------------------------------------


def test_r7_wheel_is_the_lowest_straight() -> None:
    wheel = v("Ac 2d 3h 4s 5c")
    assert wheel == 5854
    assert category(wheel) is HC.STRAIGHT
    assert wheel > v("Ac Ad Ah Ks Qc") == 5853  # beats the best trips
    assert wheel < v("2c 3d 4h 5s 6c") == 5855  # loses to the six-high straight
    assert v("Tc Jd Qh Ks Ac") == 5863
    straights = [v(" ".join(f"{r}{s}" for r, s in zip(ranks, "cdhsc"))) for ranks in
                 ["A2345", "23456", "34567", "45678", "56789", "6789T", "789TJ", "89TJQ", "9TJQK", "TJQKA"]]
    assert straights == list(range(5854, 5864))


@pytest.mark.parametrize("ranks", ["KA234", "QKA23", "JQKA2"])
def test_r7_no_wrap_around_straights(ranks: str) -> None:
    plain = v(" ".join(f"{r}{s}" for r, s in zip(ranks, "cdhsc")))
    assert category(plain) is HC.HIGH_CARD
    suited = v(" ".join(f"{r}s" for r in ranks))
    assert category(suited) is HC.FLUSH
    # In seven cards too: the ace cannot join both ends.
    assert category(v(" ".join(f"{r}{s}" for r, s in zip(ranks + "98", "cdhscdh")))) is HC.HIGH_CARD


def test_r7_ace_plays_high_or_low_never_both() -> None:
    assert category(v("As Kd Qc Jh 2s 3d 4c")) is HC.HIGH_CARD
    # A wheel plus a six is a six-high straight, not a wheel.
    assert v("Ah 2c 3d 4s 5h 6c Kd") == 5855
    # Broadway and a wheel need different aces' roles; with both available, broadway wins.
    assert v("Ah Kc Qd Js Th 2c 3d") == 5863
    assert v("Ah 2c 3d 4s 5h Kd Qc") == 5854


def test_r7_steel_wheel_is_the_lowest_straight_flush() -> None:
    steel = v("As 2s 3s 4s 5s")
    assert steel == 7453 and category(steel) is HC.STRAIGHT_FLUSH
    assert steel > v("Ac Ad Ah As Kc") == 7452  # beats the best quads
    assert v("As 2s 3s 4s 5s 6s 9d") == 7454  # six-high straight flush in seven cards
    assert v("As 2s 3s 4s 5s Kh Ks") == 7453
    # A straight and a flush that are not the same five cards make a flush, not a straight flush.
    assert category(v("As 2s 3s 4s 5d 9s Kh")) is HC.FLUSH


# --- R8: ties and kickers --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        # quads then kicker
        ("8c 8d 8h 8s Ac", "8c 8d 8h 8s Kc"),
        ("9c 9d 9h 9s 2c", "8c 8d 8h 8s Ac"),
        # full house: trips first, then pair
        ("7c 7d 7h 2s 2c", "6c 6d 6h As Ac"),
        ("Kc Kd Kh 3s 3c", "Kc Kd Kh 2s 2c"),
        # flush: all five cards in order
        ("Ah Kh Qh Jh 9h", "Ad Kd Qd Jd 8d"),
        ("Ah Kh Qh 5h 4h", "Ad Kd Jd Td 9d"),
        ("Ah Kh Qh Jh 3h", "Ad Kd Qd Jd 2d"),
        # straight by top card
        ("6c 7d 8h 9s Tc", "5c 6d 7h 8s 9c"),
        # trips then two kickers
        ("7c 7d 7h As Kc", "7c 7d 7h As Qc"),
        ("7c 7d 7h Ks Qc", "7c 7d 7h Js Tc") ,
        ("8c 8d 8h 2s 3c", "7c 7d 7h As Kc"),
        # two pair: high pair, low pair, kicker
        ("Kc Kd Qh Qs Ac", "Kc Kd Qh Qs Jc"),
        ("Kc Kd Qh Qs 2c", "Kc Kd Jh Js Ac"),
        ("Kc Kd 3h 3s 2c", "Qc Qd Jh Js Ac"),
        # pair then three kickers
        ("Ac Ad Kh Qs Jc", "Ac Ad Kh Qs Tc"),
        ("Ac Ad Kh Qs 3c", "Ac Ad Kh Js Tc"),
        ("Ac Ad Kh 4s 3c", "Ac Ad Qh Js Tc"),
        ("2c 2d 5h 4s 3c", "Ac Kd Qh Js 9c"),
        # high card: all five cards, down to the last
        ("Ac Kd Qh Js 9c", "Ac Kd Qh Js 8c"),
        ("Ac Kd Qh Js 3c", "Ac Kd Qh Ts 9c"),
        ("9c 7d 5h 4s 3c", "9c 7d 5h 4s 2c"),
    ],
)
def test_r8_ranks_and_kickers_decide(better: str, worse: str) -> None:
    assert category(v(better)) >= category(v(worse))
    assert v(better) > v(worse)
    assert _slow.evaluate(parse_cards(better)) > _slow.evaluate(parse_cards(worse))


@pytest.mark.parametrize(
    ("seven", "five"),
    [
        ("Kc Kd Qh Qs Jc Jd 2h", "Kc Kd Qh Qs Jc"),  # three pairs: the third pair's rank is the kicker
        ("7c 7d 7h 6s 6c 6d Ah", "7c 7d 7h 6s 6c"),  # two trips: full house, higher trips full
        ("7c 7d 7h Ks Kc Qd Qh", "7c 7d 7h Ks Kc"),  # trips and two pairs: the higher pair
        ("8c 8d 8h 8s Ac Ad Ah", "8c 8d 8h 8s Ac"),  # quads and trips: one kicker
        ("Ah Kh Qh Jh 9h 8h 2c", "Ah Kh Qh Jh 9h"),  # six of a suit: the best five
        ("Ac Ad Kh Qs Jc 3d 2h", "Ac Ad Kh Qs Jc"),  # sixth and seventh cards never count
        ("5c 6d 7h 8s 9c 9d 5h", "5c 6d 7h 8s 9h"),  # pairs inside a straight do not matter
    ],
)
def test_r8_best_five_of_seven_decides(seven: str, five: str) -> None:
    assert v(seven) == v(five)
    assert v(seven[:-3]) == v(five)  # and of six


def test_r8_suits_never_break_ties(hands: Callable[[int, int], np.ndarray]) -> None:
    rows = hands(100_000, 7)
    values = evaluate_batch(rows)
    for perm in itertools.permutations(range(4)):
        relabelled = (rows & ~np.uint8(3)) | np.asarray(perm, np.uint8)[rows & 3]
        assert np.array_equal(evaluate_batch(relabelled), values), perm
    # Same ranks, different suits, no flush: equal.
    assert v("Ac Kd Qh Js 9c") == v("As Kh Qd Jc 9s")
    assert v("Ac Ad 7h 7s 2c 3d 9h") == v("Ah As 7c 7d 2h 3s 9c")
    # Two flushes of the same ranks in different suits: equal.
    assert v("Ah Kh Qh Jh 9h") == v("As Ks Qs Js 9s")


def test_r8_playing_the_board_ties() -> None:
    board = "As Ks Qs Js Ts"
    assert v(board + " 2c 3d") == v(board + " Ac Ad") == 7462
    board = "5c 6d 7h 8s 9c"
    assert v(board + " 2c 2d") == v(board + " Kh Qd") == v(board) == 5858
    assert v(board + " Th 2c") > v(board + " Kh Qd")  # a ten improves the straight
    board = "Ac Ad Ah As Kc"
    assert v(board + " 2c 3d") == v(board + " Qh Jd") == v(board)


# --- categories, descriptions, best five ------------------------------------------------------


def test_category_names_and_order() -> None:
    assert [c.name for c in HC] == ["HIGH_CARD", "ONE_PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT",
                                    "FLUSH", "FULL_HOUSE", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH"]
    assert str(HC.STRAIGHT_FLUSH) == "Straight flush" and str(HC.HIGH_CARD) == "High card"
    assert category(v("Kh Kd Ks 6c 6d 2s 3h")) is HC.FULL_HOUSE


@pytest.mark.parametrize(
    ("hand", "text"),
    [
        ("As Ks Qs Js Ts 2c 3d", "Royal flush"),
        ("9h Th Jh Qh Kh", "Straight flush, king high"),
        ("As 2s 3s 4s 5s", "Straight flush, five high"),
        ("Ac Ad Ah As Kc 2d", "Four of a kind, aces, king kicker"),
        ("Kh Kd Ks 6c 6d 2s 3h", "Full house, kings full of sixes"),
        ("Ah Kh Qh Jh 9h 2c", "Flush, ace, king, queen, jack, nine"),
        ("Ac 2d 3h 4s 5c Kd", "Straight, five high"),
        ("Tc Jd Qh Ks Ac", "Straight, ace high"),
        ("7c 7d 7h As Kc", "Three of a kind, sevens, kickers ace, king"),
        ("Kc Kd Qh Qs Jc Jd 2h", "Two pair, kings and queens, jack kicker"),
        ("Ac Ad Kh Qs Jc 3d 2h", "Pair of aces, kickers king, queen, jack"),
        ("Ac Kd Qh Js 9c", "High card, ace, king, queen, jack, nine"),
    ],
)
def test_describe(hand: str, text: str) -> None:
    assert describe(v(hand)) == text


def test_describe_is_distinct_for_every_value() -> None:
    prefixes = {
        HC.HIGH_CARD: "High card, ", HC.ONE_PAIR: "Pair of ", HC.TWO_PAIR: "Two pair, ",
        HC.THREE_OF_A_KIND: "Three of a kind, ", HC.STRAIGHT: "Straight, ", HC.FLUSH: "Flush, ",
        HC.FULL_HOUSE: "Full house, ", HC.FOUR_OF_A_KIND: "Four of a kind, ",
        HC.STRAIGHT_FLUSH: "Straight flush, ",
    }
    texts = [describe(x) for x in range(1, 7463)]
    assert len(set(texts)) == 7462
    for x, text in zip(range(1, 7462), texts):
        assert text.startswith(prefixes[category(x)]), (x, text)
    assert texts[-1] == "Royal flush"
    assert texts[0].startswith("High card, seven, five, four, three, ")


@pytest.mark.parametrize(
    ("hand", "five"),
    [
        ("Kh Kd Ks 6c 6d 2s 3h", "KsKhKd6d6c"),
        ("Ah 2c 3d 4s 5h Kd Qc", "5h4s3d2cAh"),  # a wheel reads five-high: the ace last
        ("As Ks Qs Js Ts 2c 3d", "AsKsQsJsTs"),
        ("Ac Kd Qh Js 9c", "AcKdQhJs9c"),
        ("2c 9d 3h Ts 9c 2d Ah", "9d9c2d2cAh"),  # two pair: pairs high to low, then the kicker
    ],
)
def test_best_five_cases(hand: str, five: str) -> None:
    assert cards_str(best_five(hand)) == five


@pytest.mark.parametrize(
    ("hand", "ranks"),
    [
        # Several cards of one rank could fill the hand: which suit is used is not specified.
        ("Kc Kd Qh Qs Jc Jd 2h", "KKQQJ"),
        ("7c 7d 7h 6s 6c 6d Ah", "77766"),
        ("8c 8d 8h 8s Ac Ad Ah", "8888A"),
    ],
)
def test_best_five_ranks_when_suits_are_interchangeable(hand: str, ranks: str) -> None:
    five = best_five(hand)
    assert set(five) <= set(parse_cards(hand))
    assert "".join(cards_str([c])[0] for c in five) == ranks


def test_best_five_makes_the_hand(hands: Callable[[int, int], np.ndarray]) -> None:
    for k in (5, 6, 7):
        for row in hands(300, k).tolist():
            five = best_five(row)
            assert len(five) == 5 and set(five) <= set(row)
            assert evaluate(five) == evaluate(row)
    assert best_five([card("As"), "Ks", 42, 39, "Ts"]) == [51, 47, 42, 39, 35]


@pytest.mark.parametrize("bad", ["As Ks Qs Js", "As Ks Qs Js Ts 9s 8s 7s", ""])
def test_best_five_rejects_wrong_card_counts(bad: str) -> None:
    with pytest.raises(ValueError, match="5, 6 or 7 cards"):
        best_five(bad)


def test_best_five_rejects_duplicates_and_bad_cards() -> None:
    with pytest.raises(CardError, match="duplicate card As"):
        best_five("As Ks Qs Js As")
    with pytest.raises(CardError, match="Xx"):
        best_five("As Ks Qs Js Xx")


# --- six-card hands and the category helper ---------------------------------------------------


def test_six_card_hands(hands: Callable[[int, int], np.ndarray]) -> None:
    assert v("As Ks Qs Js Ts 2c") == 7462
    assert v("Ac 2d 3h 4s 5c 6d") == 5855
    assert v("2c 3d 4h 5s 7c 9d") == v("3d 4h 5s 7c 9d")  # the deuce drops out
    assert v("Ac Ad Kh Kd 7s 7c") == v("Ac Ad Kh Kd 7s")  # the third pair is only a kicker
    rows = hands(50_000, 6)
    # Adding a card never lowers the value, and a sixth card of any width agrees with the scalar path.
    assert (evaluate_batch(rows) >= evaluate_batch(rows[:, :5])).all()
    assert evaluate_batch(rows[:1000]).tolist() == [evaluate(r) for r in rows[:1000].tolist()]


def test_category_counts_folds_a_histogram() -> None:
    hist = np.zeros(7463, np.int64)
    hist[[1, 1277, 1278, 7462]] = [2, 3, 5, 7]
    counts = category_counts(histogram=hist)
    assert counts[HC.HIGH_CARD] == 5 and counts[HC.ONE_PAIR] == 5 and counts[HC.STRAIGHT_FLUSH] == 7
    assert sum(counts.values()) == 17
    assert category_counts(histogram=enumerate_values(fixed="AsKsQsJsTs"))[HC.STRAIGHT_FLUSH] == 1081


def test_category_counts_counts_values() -> None:
    # Issue 19, item 1: values were read as a histogram (HIGH_CARD: 298 for these three).
    counts = category_counts(np.array([7462, 1, 297]))
    assert counts[HC.HIGH_CARD] == 2 and counts[HC.STRAIGHT_FLUSH] == 1 and sum(counts.values()) == 3
    values = evaluate_batch(deal(20_000, 7, seed=1))
    want = {c: int(n) for c, n in zip(HC, np.bincount(categories(values), minlength=9))}
    assert category_counts(values) == want and category_counts(values.reshape(100, -1)) == want
    assert category_counts([]) == {c: 0 for c in HC}


def test_category_counts_refuses_a_histogram_as_values_and_bad_histograms() -> None:
    hist = enumerate_values(fixed="AsKsQsJsTs")
    with pytest.raises(ValueError, match="pass histogram="):
        category_counts(hist)
    with pytest.raises(ValueError, match="7,463 counts"):
        category_counts(histogram=hist[:-1])
    with pytest.raises(ValueError, match="non-negative"):
        category_counts(histogram=-hist.astype(np.int64))
    with pytest.raises(TypeError, match="integer array"):
        category_counts(histogram=hist.astype(float))
    with pytest.raises(TypeError, match="not both or neither"):
        category_counts()
    with pytest.raises(TypeError, match="not both or neither"):
        category_counts([1], histogram=hist)


def test_categories_of_an_empty_list_is_empty() -> None:
    # Issue 19, campaign 9: [] (a float64 array to numpy) raised TypeError.
    for empty in ([], np.array([]), np.zeros(0, np.uint16)):
        assert categories(empty).shape == (0,) and describe_many(empty).shape == (0,)
    with pytest.raises(TypeError):
        categories([1.0])
