"""Pre-actions (R31), also queued by agents through the drivers, and sizing presets (R32)."""

from __future__ import annotations

from typing import Any

import pytest

from fastholdem.errors import InvalidActionError, OutOfTurnError
from fastholdem.game import (
    Bet,
    Call,
    Check,
    Fold,
    GameConfig,
    Hand,
    PreAction,
    PreActions,
    RaiseTo,
    Structure,
    Table,
    bet_pot_fraction,
    preset,
    raise_by_multiple,
)
from fastholdem.game.players import CallingStation, PreActingPlayer, View, drive, play_hand, play_hands

NL = GameConfig(Structure.NO_LIMIT, small_blind=5, big_blind=10)


def hand3(stacks: list[int] | None = None, cfg: GameConfig = NL) -> Hand:
    # Button 0: seat 1 small blind, seat 2 big blind, seat 0 acts first.
    return Hand(cfg, stacks or [1000, 1000, 1000], button=0, seed=1)


def test_r31_call_fires_for_the_same_amount() -> None:
    hand = hand3()
    queue = PreActions()
    queue.set(hand, 1, PreAction.call(5))  # small blind: 5 more to call the big blind
    hand.call()  # seat 0 limps
    assert hand.actor == 1
    assert queue.take(hand) == Call()


def test_r31_call_10_cancelled_when_the_amount_changed() -> None:
    hand = hand3()
    queue = PreActions()
    queue.set(hand, 2, PreAction.call(10))
    hand.raise_to(30)  # seat 0 raises: seat 2 (big blind 10) now faces 20, not 10
    hand.fold()
    assert hand.actor == 2
    assert queue.take(hand) is None
    assert queue.dropped == [(2, PreAction.call(10))]
    assert queue.pending(2) is None  # dropped, not kept for later


def test_r31_queue_refused_for_actor_and_folded_seat() -> None:
    hand = hand3()
    queue = PreActions()
    with pytest.raises(OutOfTurnError, match="act instead"):
        queue.set(hand, 0, PreAction.fold())
    hand.call()
    hand.fold()
    with pytest.raises(OutOfTurnError, match="no more decisions"):
        queue.set(hand, 1, PreAction.check())
    with pytest.raises(InvalidActionError):
        PreAction.call(0)
    with pytest.raises(InvalidActionError):
        PreAction(PreAction.fold().kind, 5)


def test_r31_check_fold_and_check() -> None:
    hand = hand3()
    queue = PreActions()
    queue.set(hand, 2, PreAction.check_fold())
    hand.call()
    hand.call()
    # The big blind may check its option: check/fold checks.
    assert queue.take(hand) == Check()
    hand.check()
    # Flop: seat 1 acts first. A check pre-action for seat 2 fires if nobody bets ...
    queue.set(hand, 2, PreAction.check())
    hand.check()
    assert queue.take(hand) == Check()
    hand.check()
    hand.check()  # seat 0: turn
    # ... and is dropped when facing a bet; check/fold folds instead.
    queue.set(hand, 2, PreAction.check())
    queue.set(hand, 0, PreAction.check_fold())
    hand.bet(20)  # seat 1 bets the turn
    assert hand.actor == 2 and queue.take(hand) is None
    hand.call()
    assert hand.actor == 0 and queue.take(hand) == Fold()


def test_r31_call_any_fold_and_bet_raise() -> None:
    hand = hand3()
    queue = PreActions()
    queue.set(hand, 1, PreAction.call_any())
    queue.set(hand, 2, PreAction.bet_raise(40))
    hand.raise_to(25)
    assert queue.take(hand) == Call()  # any amount
    hand.call()
    assert queue.take(hand) == RaiseTo(40)  # 40 is a legal raise (min 40)
    hand.raise_to(40)
    queue.set(hand, 1, PreAction.bet_raise(50))  # a re-raise to 50 is below the minimum
    hand.fold()
    assert hand.actor == 1 and queue.take(hand) is None  # min re-raise is to 55
    assert queue.dropped[-1] == (1, PreAction.bet_raise(50))


def test_r31_bet_pre_action_fires_as_bet_on_an_open_round() -> None:
    hand = Hand(NL, [1000, 1000], button=0, seed=3)
    queue = PreActions()
    hand.call()
    hand.check()
    queue.set(hand, 0, PreAction.bet_raise(15))  # flop: seat 1 acts first, then seat 0
    hand.check()
    assert queue.take(hand) == Bet(15)


def test_r31_pre_actions_through_the_table_driver() -> None:
    table = Table(NL, [1000, 1000, 1000], seed=4, button=0)
    hand = table.start_hand()
    queue = PreActions()
    queue.set(hand, 1, PreAction.fold())
    queue.set(hand, 2, PreAction.call(10))  # dropped: nothing to call after the limp, check instead
    asked = []

    class Recorder(CallingStation):
        def act(self, view):  # type: ignore[no-untyped-def]
            asked.append(view.seat)
            return super().act(view)

    drive(hand, [Recorder()] * 3, preactions=queue)
    assert hand.folded == [False, True, False]
    assert asked[:2] == [0, 2]  # seat 1 never asked; seat 2 asked after its call was dropped
    assert len(queue) == 0


def test_r32_raise_two_and_three_times_the_bet() -> None:
    hand = hand3()
    assert raise_by_multiple(hand, 2) == RaiseTo(20)
    assert raise_by_multiple(hand, 3) == RaiseTo(30)
    hand.raise_to(35)
    assert raise_by_multiple(hand, 2) == RaiseTo(70)
    assert raise_by_multiple(hand, 3) == RaiseTo(105)
    assert preset(hand, "2x") == RaiseTo(70)


def test_r32_clamped_to_min_raise_and_stack() -> None:
    hand = hand3([1000, 60, 1000])
    hand.raise_to(25)
    # Seat 1 holds 60 in all (5 posted): 3x 25 = 75 -> all-in at 60; 2x = 50 -> below min 40? no: 50
    assert raise_by_multiple(hand, 3) == RaiseTo(60)
    assert raise_by_multiple(hand, 2) == RaiseTo(50)
    assert raise_by_multiple(hand, 1.2) == RaiseTo(40)  # 30 -> up to the minimum raise (25 + 15)


def test_r32_pot_fractions() -> None:
    hand = Hand(NL, [1000, 1000], button=0, seed=5)
    hand.call()
    hand.check()  # flop, pot 20
    assert [bet_pot_fraction(hand, f) for f in ("33%", "50%", "pot")] == [Bet(10), Bet(10), Bet(20)]
    hand.bet(20)  # seat 1 bets 20 into 20: pot 40
    # Facing a bet: call 20, then a fraction of the pot after the call (60).
    assert bet_pot_fraction(hand, "pot") == RaiseTo(80)
    assert bet_pot_fraction(hand, "50%") == RaiseTo(50)
    assert bet_pot_fraction(hand, "33%") == RaiseTo(40)  # 20 + 19.8 = 39.8 -> 40 (also the min)


def test_r32_nearest_chip_and_pot_limit_maximum() -> None:
    pl = GameConfig(Structure.POT_LIMIT, small_blind=1, big_blind=2)
    hand = Hand(pl, [100, 100, 100], button=0, seed=2)
    legal = hand.legal_actions()
    assert bet_pot_fraction(hand, "pot") == RaiseTo(legal.max_to)  # 7: the pot-limit maximum
    assert bet_pot_fraction(hand, 2) == RaiseTo(legal.max_to)  # clamped to the structure
    assert bet_pot_fraction(hand, "50%") == RaiseTo(5)  # 2 + 2.5 = 4.5 -> 5 (halves up)


def test_r32_fixed_limit_has_one_size_and_none_when_capped() -> None:
    fl = GameConfig(Structure.LIMIT, small_blind=5, big_blind=10)
    hand = hand3(cfg=fl)
    assert raise_by_multiple(hand, 3) == RaiseTo(20)
    assert bet_pot_fraction(hand, "pot") == RaiseTo(20)
    for to in (20, 30, 40):
        hand.raise_to(to)  # three raises: the cap of four bets is reached
    assert hand.legal_actions().min_to is None
    assert preset(hand, "3x") is None and preset(hand, "pot") is None


def test_r32_unknown_presets() -> None:
    hand = hand3()
    with pytest.raises(InvalidActionError, match="unknown sizing preset"):
        preset(hand, "4x")
    with pytest.raises(InvalidActionError, match="unknown pot fraction"):
        bet_pot_fraction(hand, "75")
    with pytest.raises(InvalidActionError, match="positive"):
        bet_pot_fraction(hand, 0)


# ---------------------------------------------------------------- pre-actions of agents (R31)


class _PreCaller(CallingStation):
    """Queues "call what I face now" (or "check") while others act; records when it is asked."""

    def __init__(self) -> None:
        self.asked: list[int] = []
        self.pre_views: list[tuple[int, bool, int]] = []

    def pre_action(self, view: View) -> PreAction:
        self.pre_views.append((view.seat, view.is_turn, view.to_call))
        return PreAction.call(view.to_call) if view.to_call else PreAction.check()

    def act(self, view: View) -> Any:
        self.asked.append(view.street)
        return super().act(view)


class _Raiser(CallingStation):
    """Raises to 30 preflop when it may, else checks or calls."""

    def act(self, view: View) -> Any:
        if view.street == 0 and view.legal_actions().min_to is not None:
            return RaiseTo(30)
        return super().act(view)


def test_r31_agent_pre_actions_fire_or_are_dropped_by_play_hand() -> None:
    table = Table(NL, [1000, 1000, 1000], seed=4, button=0)
    raiser, small, big = _Raiser(), _PreCaller(), _PreCaller()
    queue = PreActions()
    hand = play_hand(table, [raiser, small, big], preactions=queue)
    assert isinstance(small, PreActingPlayer) and not isinstance(raiser, PreActingPlayer)
    # Asked while others act, never on its own turn; to_call is the seat's own amount.
    assert small.pre_views[0] == (1, False, 5) and big.pre_views[1] == (2, False, 20)
    assert not any(turn for _, turn, _ in small.pre_views + big.pre_views)
    # The small blind queued "call 5"; the raise to 30 made it stale: dropped, and it is asked.
    assert queue.dropped == [(1, PreAction.call(5))]
    assert small.asked == [0]
    # The big blind queued "call 20" after the raise: it fired, as did every later "check".
    assert big.asked == []
    calls = [(e.seat, e.amount) for e in hand.history if e.kind == "call"]
    assert calls == [(1, 25), (2, 20)]
    assert [e.kind for e in hand.history if e.seat in (1, 2) and 0 < e.street < 4] == ["check", "check"] * 3
    assert hand.is_complete and len(queue) == 0 and table.total_chips == 3000


class _PreFolder(CallingStation):
    """Always queues a fold; asked to act only in a hand where it was never asked to pre-act."""

    def __init__(self) -> None:
        self.pre_hand: object = None
        self.asked = 0
        self.consulted = 0

    def pre_action(self, view: View) -> PreAction:
        self.pre_hand = view._hand
        self.consulted += 1
        return PreAction.fold()

    def act(self, view: View) -> Any:
        assert self.pre_hand is not view._hand, "a queued fold did not fire"
        self.asked += 1
        return super().act(view)


def test_r31_pre_actions_in_play_hands_and_simulate() -> None:
    from fastholdem.simulation.run import simulate

    folder = _PreFolder()
    table = Table(NL, [1000] * 3, seed=5, auto_rebuy=True)
    assert play_hands(table, [CallingStation(), folder, CallingStation()], 30) == 30
    assert folder.consulted > 0 and folder.asked > 0  # asked only where never consulted first
    folder = _PreFolder()
    result = simulate(["station", folder, "station"], 60, seed=2, progress=False)
    assert folder.consulted > 0
    assert result.seats[1].chips_won < 0 and result.seats[1].showdowns < result.seats[0].showdowns


def test_r31_pre_action_answers_are_checked() -> None:
    class Bad(CallingStation):
        def pre_action(self, view: View) -> object:
            return "fold"

    with pytest.raises(InvalidActionError, match="must return a PreAction or None"):
        drive(Hand(NL, [1000] * 3, button=0, seed=1), [CallingStation(), Bad(), CallingStation()])


def test_r31_pre_action_none_cancels_the_queued_one() -> None:
    hand = hand3()
    queue = PreActions()
    queue.set(hand, 1, PreAction.fold())  # by the caller; the agent's answer replaces it

    class Undecided(CallingStation):
        def pre_action(self, view: View) -> None:
            return None

    drive(hand, [CallingStation(), Undecided(), CallingStation()], preactions=queue)
    assert hand.folded == [False, False, False] and not queue.dropped


def test_view_to_call_of_a_seat_not_to_act() -> None:
    hand = hand3([1000, 1000, 15])
    hand.raise_to(40)
    assert hand.actor == 1
    views = [View(hand, i) for i in range(3)]
    assert [v.to_call for v in views] == [0, 35, 5]  # seat 2 can only add its last 5 chips
    assert [v.is_turn for v in views] == [False, True, False]
