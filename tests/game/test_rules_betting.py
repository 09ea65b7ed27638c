"""Betting rules: R22-R29 (rounds, order, actions, end of round, limit / no-limit / pot-limit,
incomplete raises) and R40 (the three structures)."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from fastholdem import FastHoldemError, IllegalActionError
from fastholdem.game import Bet, Check, Fold, GameConfig, Hand, PreAction, RaiseTo, Structure
from fastholdem.game.sizing import resolve

NL = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
PL = GameConfig(Structure.POT_LIMIT, small_blind=1, big_blind=2)
FL = GameConfig(Structure.LIMIT, small_blind=1, big_blind=2)


def _limp_to_flop(hand: Hand) -> None:
    """Everyone calls preflop, the big blind checks."""
    while hand.street == 0 and hand.actor is not None:
        legal = hand.legal_actions()
        hand.check() if legal.check else hand.call()


def test_r22_board_runs_out_when_no_more_betting_is_possible() -> None:
    hand = Hand(NL, [100, 100, 100], button=0, seed=5)
    hand.all_in()
    hand.call()
    hand.fold()
    assert hand.is_complete and len(hand.board) == 5
    assert [e.kind for e in hand.history if e.kind in ("check", "bet")] == []


def test_r22_one_player_with_chips_left_does_not_bet_alone() -> None:
    hand = Hand(NL, [100, 50, 100], button=0, seed=5)
    hand.call()  # seat 0
    hand.all_in()  # seat 1: 50
    hand.call()  # seat 2 calls 50
    hand.call()  # seat 0 calls 50
    # Two players still have chips: betting continues on the flop.
    assert hand.street == 1 and hand.actor == 2
    hand.all_in()
    hand.fold()
    assert hand.is_complete and len(hand.board) == 5


def test_r23_preflop_left_of_big_blind_then_first_active_left_of_button() -> None:
    hand = Hand(NL, [100] * 5, button=2, seed=1)
    # SB 3, BB 4: preflop starts left of the big blind.
    assert hand.actor == 0
    hand.call()
    hand.call()
    hand.call()  # button
    hand.fold()  # small blind folds
    assert hand.actor == 4
    hand.check()  # the big blind's option
    assert hand.street == 1
    assert hand.actor == 4  # seat 3 (left of button) folded: next active left of button
    order = []
    for _ in range(4):
        order.append(hand.actor)
        hand.check()
    assert order == [4, 0, 1, 2]


def test_r24_check_only_when_nothing_to_call_and_fold_gives_up_chips() -> None:
    hand = Hand(NL, [100, 100, 100], button=0, seed=1)
    assert not hand.can_apply(Check())
    hand.call()
    hand.call()
    hand.check()
    hand.bet(10)  # seat 1 on the flop
    hand.fold()  # seat 2 gives up its 2 preflop chips
    hand.call()
    assert hand.folded == [False, False, True]
    assert hand.pot_total == 26
    assert hand.contributions == [12, 12, 2]


def _free_check_spot(conventions: str) -> Hand:
    """Issue 25's hand: stacks 341, 2 and 355, blinds 1 and 2 (the big blind is all-in for its
    blind), seat 2 raises to 47 and seat 0 calls; on the flop seat 0 may check."""
    hand = Hand(GameConfig(small_blind=1, big_blind=2, conventions=conventions), [341, 2, 355], button=2,
                hole_cards=["2c3d", "AhAd", "7s8s"], board="9sTsJs2h4h")
    hand.raise_to(47)
    hand.call()
    assert hand.street == 1 and hand.actor == 0
    return hand


def test_r24_pokerkit_conventions_refuse_a_fold_when_checking_is_free(snapshot: Callable[[Hand], Any]) -> None:
    hand = _free_check_spot("pokerkit")
    legal = hand.legal_actions()
    assert legal.check and not legal.fold and Fold() not in legal
    assert str(legal) == "seat 0 may check, bet 2..294"
    assert not hand.can_apply(Fold())
    before = snapshot(hand)
    for attempt in (hand.fold, lambda: hand.fold(0), lambda: hand.apply(Fold()), lambda: hand.verify(Fold())):
        with pytest.raises(IllegalActionError, match="seat 0 cannot fold: nothing to call, check instead") as err:
            attempt()
        assert isinstance(err.value, FastHoldemError) and isinstance(err.value, ValueError)
        assert snapshot(hand) == before
    # R31: a queued fold is dropped; check/fold checks.
    assert resolve(PreAction.fold(), legal) is None and resolve(PreAction.check_fold(), legal) == Check()
    hand.check()
    # pokerkit's R25: seat 2 is asked although only the all-in seat 1 is left to answer; it may
    # not fold either (this fold is the one that gave other stacks in pokerkit).
    assert hand.actor == 2 and not hand.legal_actions().fold
    with pytest.raises(IllegalActionError, match="seat 2 cannot fold"):
        hand.fold()
    hand.bet(10)
    assert hand.legal_actions().fold  # facing a bet, folding is allowed
    hand.fold()
    assert hand.folded == [True, False, False]


def test_r24_card_room_allows_a_fold_when_checking_is_free() -> None:
    hand = _free_check_spot("card-room")
    legal = hand.legal_actions()
    assert legal.check and legal.fold and hand.can_apply(Fold())
    hand.fold()
    # The fold stands: seat 0's 47 chips stay in the pots. Seat 2 covers the all-in seat 1 and
    # nobody else could answer a bet, so it is not asked (R25); the board is dealt out.
    assert hand.is_complete and hand.folded == [True, False, False]
    assert hand.stacks == [294, 0, 404]  # 7s8s wins the main pot of 6 and takes the side pot of 90
    assert [(p.amount, p.winners) for p in hand.result.pots] == [(6, (2,)), (90, (2,))]


def test_r25_round_ends_only_after_everyone_acted_on_the_last_raise() -> None:
    hand = Hand(NL, [100, 100, 100], button=0, seed=1)
    hand.call()  # seat 0
    hand.call()  # seat 1
    hand.raise_to(8)  # seat 2, the big blind, raises its option
    assert hand.street == 0 and hand.actor == 0
    hand.call()
    assert hand.street == 0 and hand.actor == 1
    hand.call()
    assert hand.street == 1


def test_r26_fixed_limit_sizes_small_then_big_bet() -> None:
    hand = Hand(FL, [100] * 3, button=0, seed=1)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (4, 4)
    _limp_to_flop(hand)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to, legal.bet) == (2, 2, True)
    hand.check(), hand.check(), hand.check()
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (4, 4)  # the turn uses the big bet


def test_r26_fixed_limit_cap_one_bet_three_raises() -> None:
    hand = Hand(FL, [100] * 3, button=0, seed=1)
    hand.raise_to(4)  # big blind is the bet; raise 1
    hand.raise_to(6)  # raise 2
    hand.raise_to(8)  # raise 3: cap of 4 bets reached
    legal = hand.legal_actions()
    assert legal.min_to is None and legal.call == 4
    with pytest.raises(IllegalActionError, match="cap"):
        hand.raise_to(10)
    hand.call()
    hand.call()
    hand.bet(2), hand.raise_to(4), hand.raise_to(6), hand.raise_to(8)
    assert hand.legal_actions().min_to is None


def test_r26_fixed_limit_cap_lifted_heads_up_and_configurable() -> None:
    hand = Hand(FL, [100, 100], button=0, seed=1)
    for to in (4, 6, 8, 10, 12):
        hand.raise_to(to)
    assert hand.legal_actions().min_to == 14
    capped = GameConfig(Structure.LIMIT, small_blind=1, big_blind=2, cap_heads_up=True)
    hand = Hand(capped, [100, 100], button=0, seed=1)
    for to in (4, 6, 8):
        hand.raise_to(to)
    assert hand.legal_actions().min_to is None
    # Three players, one folds: two remain in the hand, so the cap is lifted.
    hand = Hand(FL, [100] * 3, button=0, seed=1)
    hand.raise_to(4)
    hand.fold()
    for to in (6, 8, 10):
        hand.raise_to(to)
    assert hand.legal_actions().min_to == 12


def test_r26_uncapped_river_variant() -> None:
    cfg = GameConfig(Structure.LIMIT, small_blind=1, big_blind=2, uncapped_river=True)
    hand = Hand(cfg, [200] * 3, button=0, seed=1)
    _limp_to_flop(hand)
    while hand.street < 3:
        hand.check()
    for to in (4, 8, 12, 16):
        hand.apply(Bet(to) if to == 4 else RaiseTo(to))
    assert hand.legal_actions().min_to == 20


def test_r27_no_limit_min_bet_min_raise_and_all_in() -> None:
    hand = Hand(NL, [100, 100, 100], button=0, seed=1)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (4, 100)
    hand.raise_to(10)  # a raise of 8
    legal = hand.legal_actions()
    assert (legal.min_to, legal.max_to) == (18, 100)
    hand.fold()
    hand.call()
    legal = hand.legal_actions()
    assert legal.bet and (legal.min_to, legal.max_to) == (2, 90)
    hand.bet(5)
    assert hand.legal_actions().min_to == 10


def test_r28_pot_limit_max_is_call_plus_pot_after_call() -> None:
    hand = Hand(PL, [100, 100, 100], button=0, seed=1)
    # Seat 0: call 2, the pot is then 1 + 2 + 2 = 5, so the maximum is 2 + 5 = 7.
    assert hand.legal_actions().max_to == 7
    hand.raise_to(7)
    # Seat 1 (1 in): call 6, pot after call = 1 + 2 + 7 + 6 = 16, maximum 7 + 16 = 23.
    assert hand.legal_actions().max_to == 23
    hand.call()
    hand.call()
    legal = hand.legal_actions()
    assert legal.bet and (legal.min_to, legal.max_to) == (2, 21)


def _r29_setup(stack1: int, stack2: int) -> Hand:
    hand = Hand(NL, [1000, stack1, stack2, 1000], button=3, seed=1)
    _limp_to_flop(hand)
    assert hand.actor == 0
    hand.bet(100)
    return hand


def test_r29_incomplete_all_in_raise_does_not_reopen() -> None:
    hand = _r29_setup(152, 1000)
    hand.all_in()  # seat 1 to 150: raises by 50, less than a full raise
    hand.call()
    hand.call()
    legal = hand.legal_actions()
    assert hand.actor == 0 and legal.call == 50 and legal.min_to is None
    with pytest.raises(IllegalActionError, match="R29"):
        hand.raise_to(300)


def test_r29_player_who_has_not_acted_may_raise_an_incomplete_raise() -> None:
    hand = _r29_setup(152, 1000)
    hand.all_in()
    assert hand.legal_actions().min_to == 250  # seat 2: full raise over 150


def test_r29_two_short_all_ins_adding_to_a_full_raise_reopen() -> None:
    hand = _r29_setup(152, 212)
    hand.all_in()  # 150 (+50)
    hand.all_in()  # 210 (+60): seat 0 now faces 110 >= 100
    hand.call()
    legal = hand.legal_actions()
    assert hand.actor == 0 and legal.call == 110 and legal.min_to == 310


def test_r29_fixed_limit_full_raise_rule_and_half_bet_variant() -> None:
    for half, expected in ((False, None), (True, 5)):
        cfg = GameConfig(Structure.LIMIT, small_blind=1, big_blind=2, half_bet_reopens=half)
        hand = Hand(cfg, [100, 5, 100, 100], button=3, seed=1)
        _limp_to_flop(hand)
        hand.bet(2)
        hand.all_in()  # seat 1: to 3, half a bet
        hand.call()
        hand.call()
        assert hand.actor == 0
        assert hand.legal_actions().min_to == expected


def test_r40_three_structures() -> None:
    maxima = {}
    for cfg in (NL, PL, FL):
        maxima[cfg.structure] = Hand(cfg, [100] * 3, button=0, seed=1).legal_actions().max_to
    assert maxima == {Structure.NO_LIMIT: 100, Structure.POT_LIMIT: 7, Structure.LIMIT: 4}


def test_r25_covered_small_blind_heads_up_not_asked_to_act() -> None:
    # Heads-up, the big blind is all-in for 3, less than the small blind of 5: nobody could
    # respond to the small blind and its 5 cover the all-in, so it is not asked to act (it could
    # otherwise fold a winning share). The board is dealt out and the 2 chips nobody matched
    # come back (R30).
    hand = Hand(GameConfig(small_blind=5, big_blind=10), [100, 3], button=0, seed=2)
    assert hand.actor is None and hand.is_complete
    assert not [e for e in hand.history if e.kind in ("fold", "check", "call", "bet", "raise")]
    assert hand.result.uncalled == ((0, 2),) and sum(hand.stacks) == 103


def test_r25_covered_big_blind_not_asked_after_short_call_and_fold() -> None:
    hand = Hand(GameConfig(small_blind=1, big_blind=2), [100, 100, 1], button=2, seed=5)
    hand.call()  # the button calls all-in for 1
    hand.fold()  # the small blind folds
    # The big blind's 2 cover the all-in and nobody is left to respond: no turn for it.
    assert hand.actor is None and hand.is_complete and len(hand.board) == 5


def test_r25_player_asked_when_someone_put_in_more() -> None:
    # The big blind is all-in for its full 10; the small blind (5 in) must still call or fold.
    hand = Hand(GameConfig(small_blind=5, big_blind=10), [100, 10], button=0, seed=2)
    assert hand.actor == 0 and hand.legal_actions().call == 5
    # A short big blind (all-in for 7 of 10) above the small blind: the small blind still acts
    # and, by R14a, calls the full big blind; the 3 chips nobody matched come back (R30).
    short = Hand(GameConfig(small_blind=5, big_blind=10), [100, 7], button=0, seed=2)
    assert short.actor == 0 and short.legal_actions().call == 5
    short.call()
    assert short.is_complete and short.result.uncalled == ((0, 3),)
