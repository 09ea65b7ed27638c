"""Hypothesis state machine: random actions, legal or not, on random hands.

After every step: chips are conserved to the unit, no stack is negative, exactly one player is
to act or none, and ``legal_actions()`` agrees with what ``apply`` accepts (an action is
accepted exactly when ``action in hand.legal_actions()``; a refused one leaves the hand
unchanged, R33).
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from fastholdem import IllegalActionError, InvalidActionError
from fastholdem.game import AllIn, AnteMode, Bet, Call, Check, Fold, GameConfig, Hand, RaiseTo, Structure

_PUT_IN = frozenset(("ante", "sb", "bb", "call", "bet", "raise"))


def _snapshot(hand: Hand) -> dict[str, Any]:
    """Every slot except the two caches (``_legal``, ``_result``), deep-copied."""
    state: dict[str, Any] = {}
    for name in Hand.__slots__:
        if hasattr(hand, name) and name not in ("_legal", "_result"):
            value = getattr(hand, name)
            if name == "_rand":
                value = None if value is None else value.__self__.getstate()
            state[name] = copy.deepcopy(value)
    return state

CONFIGS = st.builds(
    GameConfig,
    structure=st.sampled_from(list(Structure)),
    small_blind=st.sampled_from([0, 1, 2, 5]),
    big_blind=st.sampled_from([5, 10]),
    ante=st.sampled_from([0, 0, 1, 5]),
    ante_mode=st.just(AnteMode.NONE),
    cap_heads_up=st.booleans(),
    half_bet_reopens=st.booleans(),
).flatmap(
    lambda cfg: st.sampled_from(
        [cfg]
        if cfg.ante == 0
        else [cfg, GameConfig(cfg.structure, cfg.small_blind, cfg.big_blind, cfg.ante, AnteMode.BIG_BLIND)]
    )
).flatmap(
    # The same invariants hold under pokerkit's conventions (which have no half_bet_reopens).
    lambda cfg: st.sampled_from([cfg, dataclasses.replace(cfg, conventions="pokerkit", half_bet_reopens=False)])
)


def _amounts(hand: Hand) -> st.SearchStrategy[int]:
    legal = hand.legal_actions()
    points = [0, 1, hand.config.big_blind, sum(hand.starting_stacks)]
    for v in (legal.min_to, legal.max_to, legal.all_in_to):
        if v is not None:
            points += [v - 1, v, v + 1]
    if legal.min_to is not None and legal.max_to is not None:
        return st.one_of(st.sampled_from(points), st.integers(legal.min_to, legal.max_to))
    return st.sampled_from(points)


class HandMachine(RuleBasedStateMachine):
    hand: Hand

    @initialize(
        cfg=CONFIGS,
        stacks=st.lists(st.integers(1, 400), min_size=2, max_size=10),
        button=st.integers(0, 9),
        seed=st.integers(0, 2**32),
    )
    def start(self, cfg: GameConfig, stacks: list[int], button: int, seed: int) -> None:
        self.hand = Hand(cfg, stacks, button=button % len(stacks), seed=seed)
        self.total = sum(stacks)

    @precondition(lambda self: self.hand.actor is not None)
    @rule(data=st.data(), kind=st.sampled_from(["fold", "check", "call", "allin", "bet", "raise"]))
    def any_action(self, data: Any, kind: str) -> None:
        hand = self.hand
        if kind in ("bet", "raise"):
            amount = data.draw(_amounts(hand))
            action: Any = Bet(amount) if kind == "bet" else RaiseTo(amount)
        else:
            action = {"fold": Fold(), "check": Check(), "call": Call(), "allin": AllIn()}[kind]
        legal = hand.legal_actions()
        expected = action in legal
        assert hand.can_apply(action) == expected
        before = _snapshot(hand)
        try:
            hand.apply(action)
        except (IllegalActionError, InvalidActionError):
            assert not expected, f"{action} refused but listed in {legal}"
            assert _snapshot(hand) == before
        else:
            assert expected, f"{action} accepted but not in {legal}"

    @precondition(lambda self: self.hand.actor is not None)
    @rule(data=st.data())
    def legal_action(self, data: Any) -> None:
        hand = self.hand
        legal = hand.legal_actions()
        options: list[Any] = [Fold()] if legal.fold else []
        if legal.check:
            options.append(Check())
        if legal.call is not None:
            options.append(Call())
        if legal.min_to is not None:
            cls = Bet if legal.bet else RaiseTo
            options.append(cls(data.draw(st.integers(legal.min_to, legal.max_to))))
        if legal.all_in_to is not None:
            options.append(AllIn())
        hand.apply(data.draw(st.sampled_from(options)))

    @precondition(lambda self: self.hand.is_complete)
    @rule(seed=st.integers(0, 2**32))
    def next_hand(self, seed: int) -> None:
        old = self.hand
        stacks = [s for s in old.stacks if s > 0]
        if len(stacks) < 2:
            stacks = [100, 100]
        self.hand = Hand(old.config, stacks, button=(old.button + 1) % len(stacks), seed=seed)
        self.total = sum(stacks)

    @invariant()
    def chips_conserved(self) -> None:
        hand = self.hand
        assert sum(hand.stacks) + hand.pot_total == self.total
        assert sum(hand.contributions) == hand.pot_total or hand.is_complete
        if hand.is_complete:
            result = hand.result
            assert hand.pot_total == 0 and sum(result.payoffs) == 0
            # Every chip put in (posts, calls, bets, raises) is in a pot or was returned uncalled
            # (R30, R35), and every pot is paid out in full (R38).
            put_in = sum(ev.amount for ev in hand.history if ev.kind in _PUT_IN)
            pots = sum(p.amount for p in result.pots)
            assert pots + sum(a for _, a in result.uncalled) == put_in
            assert all(sum(p.shares) == p.amount for p in result.pots)
            assert sum(ev.amount for ev in hand.history if ev.kind == "win") == pots

    @invariant()
    def no_negative_stack(self) -> None:
        assert min(self.hand.stacks) >= 0 and min(self.hand.bets) >= 0

    @invariant()
    def one_actor_or_none(self) -> None:
        hand = self.hand
        legal = hand.legal_actions()
        assert legal.seat == hand.actor
        if hand.actor is None:
            assert hand.is_complete  # the engine deals itself: no waiting for the dealer
        else:
            i = hand.actor
            assert not hand.folded[i] and hand.stacks[i] > 0 and not hand.is_complete
            # R24: a fold is allowed on every turn, except with nothing to call under pokerkit's conventions
            assert legal.fold == (not (legal.check and hand.config.pokerkit))
            assert legal.check or legal.call is not None
            assert legal.check != (legal.call is not None)


TestHandMachine = HandMachine.TestCase
TestHandMachine.settings = settings(
    max_examples=100,
    stateful_step_count=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
