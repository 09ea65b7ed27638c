"""Dealing rules: R3, R4 (hole and community cards), R18 (seeded shuffle), R19 (deal order), R20 (burns)."""

from __future__ import annotations

import random

import pytest

from fastholdem import ConfigError, InvalidActionError, parse_cards
from fastholdem.game import DealHole, GameConfig, Hand

CFG = GameConfig(small_blind=1, big_blind=2)


def _check_down(hand: Hand) -> None:
    while hand.actor is not None:
        legal = hand.legal_actions()
        hand.check() if legal.check else hand.call()


def _lazy_shuffle(seed: int, count: int) -> list[int]:
    """The documented deal: one Fisher-Yates step per card drawn from random.Random(seed)."""
    rng = random.Random(seed)
    deck = list(range(52))
    out = []
    for p in range(count):
        j = p + int(rng.random() * (52 - p))
        deck[p], deck[j] = deck[j], deck[p]
        out.append(deck[p])
    return out


def test_r03_two_hole_cards_each() -> None:
    hand = Hand(CFG, [100] * 6, seed=3)
    assert all(len(h) == 2 for h in hand.hole_cards)
    every = [c for h in hand.hole_cards for c in h]
    assert len(set(every)) == 12
    with pytest.raises(ConfigError, match="exactly two"):
        Hand(CFG, [100, 100], hole_cards=["AsKsQs", None])
    manual = Hand(CFG, [100, 100], manual=True)
    with pytest.raises(InvalidActionError, match="two hole cards"):
        manual.apply(DealHole(1, (51,)))


def test_r04_five_community_cards_flop_turn_river() -> None:
    hand = Hand(CFG, [100] * 3, seed=11)
    _check_down(hand)
    boards = [ev.cards for ev in hand.history if ev.kind == "board"]
    assert [len(b) for b in boards] == [3, 1, 1]
    assert len(hand.board) == 5 and len(set(hand.board)) == 5


def test_r18_same_seed_same_hand() -> None:
    a = Hand(CFG, [100] * 6, seed=42)
    b = Hand(CFG, [100] * 6, seed=42)
    c = Hand(CFG, [100] * 6, seed=43)
    _check_down(a)
    _check_down(b)
    _check_down(c)
    assert a.hole_cards == b.hole_cards and a.board == b.board
    assert (a.hole_cards, a.board) != (c.hole_cards, c.board)


def test_r19_deal_order_one_card_at_a_time_from_left_of_button() -> None:
    n, button, seed = 5, 2, 7
    hand = Hand(CFG, [100] * n, button=button, seed=seed)
    deals = [ev.seat for ev in hand.history if ev.kind == "deal"]
    assert deals == [3, 4, 0, 1, 2]  # left of the button first, the button last
    drawn = _lazy_shuffle(seed, 2 * n)
    for k, cid in enumerate(drawn):
        seat = (button + 1 + k % n) % n
        assert hand.hole_cards[seat][k // n] == cid


def test_r20_burn_before_flop_turn_and_river() -> None:
    n, seed = 3, 9
    hand = Hand(CFG, [100] * n, button=0, seed=seed)
    _check_down(hand)
    kinds = [ev.kind for ev in hand.history if ev.kind in ("burn", "board")]
    assert kinds == ["burn", "board"] * 3
    drawn = _lazy_shuffle(seed, 2 * n + 8)
    after_holes = drawn[2 * n :]
    burns = [ev.cards[0] for ev in hand.history if ev.kind == "burn"]
    assert burns == [after_holes[0], after_holes[4], after_holes[6]]
    assert hand.board == after_holes[1:4] + [after_holes[5], after_holes[7]]


def test_r19_fixed_cards_are_dealt_and_kept_out_of_the_deck() -> None:
    hand = Hand(CFG, [100] * 3, hole_cards=["AsKs", None, "2c2d"], board="QsJsTs", seed=1)
    assert hand.hole_cards[0] == parse_cards("AsKs") and hand.hole_cards[2] == parse_cards("2c2d")
    _check_down(hand)
    assert hand.board[:3] == parse_cards("QsJsTs")
    used = [c for h in hand.hole_cards for c in h] + hand.board
    assert len(set(used)) == len(used)
