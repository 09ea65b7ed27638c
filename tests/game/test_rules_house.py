"""House rules (docs/rules.md R42-R45): straddles, live and dead posts, blind seats, rake and the
site's pay-out, as public operations of Hand; a refused one changes nothing (R33)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from fastholdem.errors import BadAmountError, ConfigError, IllegalActionError, InvalidActionError
from fastholdem.game import GameConfig, Hand
from fastholdem.game.actions import DealHole, Event


def _state(hand: Hand) -> tuple[object, ...]:
    legal = hand.legal_actions() if hand.awaiting == "action" else None
    return (hand.chips, hand.bets, hand.contributions, hand.pot_total, hand.dead_money, hand.actor,
            hand.history, legal, hand.rake, hand.awaiting)


def _showdown(stacks: list[int], holes: list[str], board: str = "2c3d4h5s9c", button: int = 0) -> Hand:
    hand = Hand(GameConfig(), stacks, button=button, hole_cards=holes, board=board)
    while not hand.is_complete:
        hand.all_in() if hand.legal_actions().all_in_to is not None else hand.check_or_call()
    return hand


def test_r42_straddle_sets_the_bet_and_action_starts_left_of_it() -> None:
    hand = Hand(GameConfig(), [100] * 5, button=0, seed=3)
    hand.post_straddle(3, 4)
    assert hand.history[-1] == Event(0, 3, "bb", 4, 4)
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.min_to) == (4, 4, 8)
    for _ in range(4):
        hand.call()
    assert hand.actor == 3 and hand.legal_actions().check  # the option: the straddler acts last


def test_r42_straddle_in_a_manual_hand_takes_effect_when_the_cards_are_dealt() -> None:
    hand = Hand(GameConfig(), [100] * 4, button=3, manual=True)
    hand.post_straddle(2, 4)
    assert hand.actor is None
    for seat in range(4):
        hand.apply(DealHole(seat, (None, None)))
    assert hand.actor == 3 and hand.legal_actions().call == 4


def test_r42_r33_a_late_or_bad_straddle_is_refused_and_changes_nothing() -> None:
    hand = Hand(GameConfig(), [100] * 4, button=0, seed=1)
    before = _state(hand)
    with pytest.raises(InvalidActionError):
        hand.post_straddle(7, 4)
    with pytest.raises(InvalidActionError):
        hand.post_straddle(3, 4.0)  # type: ignore[arg-type]
    with pytest.raises(BadAmountError):
        hand.post_straddle(3, 0)
    assert _state(hand) == before
    hand.call()
    before = _state(hand)
    with pytest.raises(IllegalActionError):
        hand.post_straddle(3, 4)
    with pytest.raises(IllegalActionError):
        hand.post_dead(3, 1)
    with pytest.raises(IllegalActionError):
        hand.post_live(3, 2)
    assert _state(hand) == before


def test_r43_live_post_counts_toward_a_call_dead_post_is_in_no_bet() -> None:
    hand = Hand(GameConfig(), [100] * 4, button=0, seed=2)
    hand.post_live(0, 2)
    hand.post_dead(3, 1)
    assert hand.bets == [2, 1, 2, 0] and hand.dead_money == 1 and hand.pot_total == 6
    assert hand.chips == [98, 99, 98, 99]
    assert hand.legal_actions().call == 2  # seat 3's bet is still 0: the dead chip is no bet
    hand.call()
    assert hand.actor == 0 and hand.legal_actions().call is None and hand.legal_actions().check
    assert sum(p.amount for p in hand.pots()) == hand.pot_total


def test_r43_a_short_dead_post_takes_the_stack() -> None:
    hand = Hand(GameConfig(), [100, 100, 1], button=0, seed=2, blind_seats=(1, 0))
    before = hand.chips
    hand.post_dead(2, 5)
    assert hand.chips == [before[0], before[1], 0] and hand.dead_money == 1


def test_r44_blind_seats_place_the_blinds() -> None:
    cfg = GameConfig(small_blind=0, big_blind=2)
    hand = Hand(cfg, [100] * 4, button=3, seed=1, blind_seats=(3, 0))
    assert (hand.small_blind_seat, hand.big_blind_seat) == (3, 0)
    assert hand.bets == [2, 0, 0, 0] and hand.actor == 1
    default = Hand(GameConfig(), [100] * 4, button=3, seed=1)
    assert (default.small_blind_seat, default.big_blind_seat) == (0, 1)


@pytest.mark.parametrize("seats", [(0, 0), (0, 4), (1,), "01", (True, 1), None.__class__])
def test_r44_bad_blind_seats_are_a_config_error(seats: object) -> None:
    with pytest.raises(ConfigError):
        Hand(GameConfig(), [100] * 4, seed=1, blind_seats=seats)  # type: ignore[arg-type]


def test_r45_rake_comes_from_the_main_pot_first_then_split_by_r38() -> None:
    # Seat 2 is all-in for 20: main pot 60, side pot 160; the aces of seats 0 and 1 tie everything.
    hand = _showdown([100, 100, 20], ["AsAh", "AdAc", "KsKh"])
    assert [p.amount for p in hand.result.pots] == [60, 160]
    stacks = hand.chips
    assert hand.take_rake(61) == [60, 1]
    assert hand.rake == [60, 1]
    awards = hand.awards()
    assert [sorted(a.shares) for a in awards] == [[0, 0], [79, 80]]
    assert sum(hand.chips) == sum(stacks) - 61
    assert hand.result.stacks == tuple(hand.chips)  # the result follows the rake


def test_r45_rate_cap_and_per_pot() -> None:
    hand = _showdown([100, 100], ["AsAh", "KsKh"])
    assert hand.take_rake(rate=Fraction(1, 20), cap=3) == [3]
    assert hand.chips == [197, 0]
    hand = _showdown([100, 100], ["AsAh", "KsKh"])
    assert hand.take_rake(rate=0.05) == [10]
    hand = _showdown([100, 100, 20], ["AsAh", "KsKh", "QsQh"])
    assert hand.take_rake(per_pot=[2, 3]) == [2, 3]
    assert hand.chips == [220 - 5, 0, 0]


def test_r45_r33_bad_rake_is_refused_and_changes_nothing() -> None:
    hand = Hand(GameConfig(), [100, 100], button=0, seed=1)
    with pytest.raises(IllegalActionError):
        hand.take_rake(1)  # the hand is not complete
    hand = _showdown([100, 100, 20], ["AsAh", "KsKh", "QsQh"])
    before = _state(hand)
    for kwargs in ({}, {"amount": 1, "rate": 0.1}, {"cap": 2, "amount": 1}, {"per_pot": [1]},
                   {"amount": 1.5}, {"rate": "0.1"}):
        with pytest.raises(InvalidActionError):
            hand.take_rake(**kwargs)  # type: ignore[arg-type]
    for kwargs in ({"amount": 301}, {"amount": -1}, {"per_pot": [61, 0]}, {"rate": 2}):
        with pytest.raises(BadAmountError):
            hand.take_rake(**kwargs)  # type: ignore[arg-type]
    assert _state(hand) == before
    hand.take_rake(1)
    before = _state(hand)
    with pytest.raises(IllegalActionError):
        hand.take_rake(1)  # once
    assert _state(hand) == before


def test_r45_pay_out_replaces_the_shares_of_the_seats_listed() -> None:
    hand = _showdown([100, 100, 100], ["AsAh", "AdAc", "KsKh"])
    assert sorted(sum(a.shares) for a in hand.awards()) == [300]
    hand.take_rake(3)
    won = hand.chips
    hand.pay_out([150, 0, 0])
    assert hand.chips == [150, won[1], 0]
    before = _state(hand)
    with pytest.raises(IllegalActionError):
        hand.pay_out([1, 0, 0])
    with pytest.raises(IllegalActionError):
        hand.take_rake(1)
    assert _state(hand) == before
    fresh = _showdown([100, 100, 100], ["AsAh", "AdAc", "KsKh"])
    before = _state(fresh)
    for bad in ([1, 0], [1, 0, -1], "abc", [1.0, 0, 0]):
        with pytest.raises((InvalidActionError, BadAmountError)):
            fresh.pay_out(bad)  # type: ignore[arg-type]
    assert _state(fresh) == before


def test_r45_copy_keeps_the_house_state() -> None:
    hand = _showdown([100, 100], ["AsAh", "KsKh"])
    hand.take_rake(2)
    twin = hand.copy()
    assert twin.rake == [2] and twin.awards() == hand.awards()
    with pytest.raises(IllegalActionError):
        twin.take_rake(1)


def test_r45_a_result_read_before_the_rake_follows_it() -> None:
    hand = _showdown([100, 100], ["AsAh", "KsKh"])
    assert hand.result.stacks == (200, 0)
    hand.take_rake(2)
    assert hand.result.stacks == (198, 0) and sum(hand.result.payoffs) == -2
    hand.pay_out([190, 0])
    assert hand.result.stacks == (190, 0) == tuple(hand.stacks)
