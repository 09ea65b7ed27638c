"""Soak: Hypothesis state machines over a hand and its copies, a table, and the PHH round trip.

* ``HandCopyMachine``: random actions, legal or not, on a hand; at any point it takes a copy
  that follows every later action (and must stay equal to the hand) and a copy that is left
  alone (and must never change). Chips are conserved and no stack is negative after every
  step; a refused action changes nothing.
* ``TableMachine``: a cash table where hands are played to the end with random actions,
  busted players rebuy, players leave and join; the chips at the table always equal the
  chips brought to it minus the chips taken away.
* ``PhhRoundTripMachine``: hands of random games (default conventions) played with random
  actions; each finished hand is written as PHH, read back, written again (the same text)
  and replayed (the same board and final stacks).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from soak_tally import COUNTS, soak_settings

from fastholdem import IllegalActionError, InvalidActionError, phh
from fastholdem.game import AllIn, AnteMode, Bet, Call, Check, Fold, GameConfig, Hand, RaiseTo, Structure, Table
from fastholdem.game.buyin import BuyInPolicy

# The soak is long: the default run deselects it, CI runs it (.ci/run: pytest -m slow).
pytestmark = pytest.mark.slow

GAMES = st.tuples(
    st.sampled_from(list(Structure)),
    st.sampled_from([(0, 2), (1, 2), (2, 5), (5, 10), (10, 10)]),
    st.sampled_from([(0, AnteMode.NONE), (1, AnteMode.EVERY_PLAYER), (5, AnteMode.BIG_BLIND)]),
)


def make_config(game: tuple[Structure, tuple[int, int], tuple[int, AnteMode]], **rules: Any) -> GameConfig:
    structure, (small, big), (ante, mode) = game
    return GameConfig(structure, small, big, ante=ante, ante_mode=mode, **rules)


STACKS = st.lists(st.integers(1, 600), min_size=2, max_size=10)


def observable(hand: Hand) -> tuple[Any, ...]:
    """What a user of the hand can see."""
    return (hand.stacks, hand.bets, hand.board, hand.hole_cards, hand.history, hand.actor, hand.street,
            hand.pot_total, hand.is_complete, hand.legal_actions() if not hand.is_complete else None)


def random_action(hand: Hand, rng: random.Random) -> Any:
    """A random action value for the hand: usually legal, sometimes not (a wrong amount or kind)."""
    legal = hand.legal_actions()
    x = rng.random()
    if x < 0.05:
        return rng.choice([Fold(), Check(), Call(), AllIn(), Bet(rng.randint(-5, 1000)), RaiseTo(rng.randint(0, 1000))])
    if legal.fold and legal.call is not None and x < 0.18:
        return Fold()
    if legal.all_in_to is not None and x < 0.25:
        return AllIn()
    if legal.min_to is not None and legal.max_to is not None and x < 0.5:
        to = rng.randint(legal.min_to, legal.max_to)
        return Bet(to) if legal.bet else RaiseTo(to)
    return Check() if legal.check else Call()


class HandCopyMachine(RuleBasedStateMachine):
    """One hand, a copy that follows it and a copy frozen at the moment it was taken."""

    @initialize(game=GAMES, stacks=STACKS, seed=st.integers(0, 2**32), button=st.integers(0, 9))
    def deal(self, game: Any, stacks: list[int], seed: int, button: int) -> None:
        self.new_hand(game, stacks, seed, button)

    @precondition(lambda self: self.hand.is_complete)
    @rule(game=GAMES, stacks=STACKS, seed=st.integers(0, 2**32), button=st.integers(0, 9))
    def deal_again(self, game: Any, stacks: list[int], seed: int, button: int) -> None:
        self.new_hand(game, stacks, seed, button)

    def new_hand(self, game: Any, stacks: list[int], seed: int, button: int) -> None:
        self.hand = Hand(make_config(game, cap_heads_up=seed % 2 == 0), stacks, button=button % len(stacks),
                         seed=seed)
        self.total = sum(stacks)
        self.rng = random.Random(seed)
        self.twin: Hand | None = None
        self.frozen: tuple[Hand, tuple[Any, ...]] | None = None

    @precondition(lambda self: not self.hand.is_complete)
    @rule()
    def act(self) -> None:
        action = random_action(self.hand, self.rng)
        before = observable(self.hand)
        try:
            self.hand.apply(action)
        except (IllegalActionError, InvalidActionError):
            assert observable(self.hand) == before  # R33: a refused action changes nothing
            COUNTS["state-machine refusals"] += 1
            if self.twin is not None:
                try:
                    self.twin.apply(action)
                except (IllegalActionError, InvalidActionError):
                    pass
                else:
                    raise AssertionError(f"the copy accepted {action!r}, the hand refused it") from None
        else:
            if self.twin is not None:
                self.twin.apply(action)
        COUNTS["state-machine steps"] += 1

    @precondition(lambda self: not self.hand.is_complete)
    @rule()
    def take_copies(self) -> None:
        self.twin = self.hand.copy()
        frozen = self.hand.copy()
        self.frozen = (frozen, observable(frozen))

    @invariant()
    def chips_conserved_and_copies_independent(self) -> None:
        stacks = self.hand.stacks
        assert min(stacks) >= 0 and sum(stacks) + self.hand.pot_total == self.total
        if self.twin is not None:
            assert observable(self.twin) == observable(self.hand)
        if self.frozen is not None:
            assert observable(self.frozen[0]) == self.frozen[1]


class TableMachine(RuleBasedStateMachine):
    """A cash table: hands, rebuys, players leaving and joining; the chips add up."""

    @initialize(game=GAMES, stacks=st.lists(st.integers(1, 400), min_size=2, max_size=9), seed=st.integers(0, 2**32))
    def open_table(self, game: Any, stacks: list[int], seed: int) -> None:
        self.table = Table(make_config(game), stacks, seats=10, seed=seed, buy_in=BuyInPolicy.unrestricted())
        self.brought = sum(stacks)
        self.rng = random.Random(seed)

    @precondition(lambda self: len(self.table.active_seats) >= 2)
    @rule()
    def play_hand(self) -> None:
        hand = self.table.start_hand()
        chips = sum(hand.starting_stacks)
        while not hand.is_complete:
            action = random_action(hand, self.rng)
            try:
                hand.apply(action)
            except (IllegalActionError, InvalidActionError):
                continue
            COUNTS["state-machine steps"] += 1
        assert sum(hand.stacks) == chips
        self.table.end_hand()
        COUNTS["table hands"] += 1

    @rule(data=st.data())
    def rebuy_or_join(self, data: st.DataObject) -> None:
        seat = data.draw(st.integers(0, self.table.size - 1))
        amount = data.draw(st.integers(1, 500))
        player = self.table.players[seat]
        if player is None:
            self.table.join(seat, amount)
        elif player.stack == 0:
            self.table.rebuy(seat, amount)
        else:
            return
        self.brought += amount

    @precondition(lambda self: len(self.table.active_seats) > 2)
    @rule(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        seat = data.draw(st.sampled_from(self.table.active_seats))
        self.brought -= self.table.leave(seat)

    @invariant()
    def chips_add_up(self) -> None:
        stacks = [s for s in self.table.stacks if s is not None]
        assert min(stacks, default=0) >= 0
        assert self.table.total_chips == sum(stacks) == self.brought


class PhhRoundTripMachine(RuleBasedStateMachine):
    """Finished hands go through PHH and back unchanged."""

    @initialize(game=GAMES, stacks=STACKS, seed=st.integers(0, 2**32))
    def deal(self, game: Any, stacks: list[int], seed: int) -> None:
        self.rng = random.Random(seed)
        self.new_hand(game, stacks, seed)

    def new_hand(self, game: Any, stacks: list[int], seed: int) -> None:
        self.hand = Hand(make_config(game), stacks, button=seed % len(stacks), seed=seed)

    @precondition(lambda self: not self.hand.is_complete)
    @rule()
    def act(self) -> None:
        try:
            self.hand.apply(random_action(self.hand, self.rng))
        except (IllegalActionError, InvalidActionError):
            return
        COUNTS["state-machine steps"] += 1

    @precondition(lambda self: self.hand.is_complete)
    @rule(game=GAMES, stacks=STACKS, seed=st.integers(0, 2**32))
    def round_trip_then_deal_again(self, game: Any, stacks: list[int], seed: int) -> None:
        text = phh.dumps(self.hand)
        history = phh.loads(text)
        assert phh.dumps(history) == text
        replayed = history.replay()
        assert replayed.board == self.hand.board
        assert sum(replayed.stacks) == sum(self.hand.stacks)
        if history.finishing_stacks is not None:
            assert list(replayed.stacks) == list(history.finishing_stacks)
        assert sorted(replayed.stacks) == sorted(self.hand.stacks)
        COUNTS["PHH round trips"] += 1
        self.new_hand(game, stacks, seed)


TestHandCopyMachine = HandCopyMachine.TestCase
TestHandCopyMachine.settings = soak_settings(300, stateful_step_count=60)
TestTableMachine = TableMachine.TestCase
TestTableMachine.settings = soak_settings(60, stateful_step_count=30)
TestPhhRoundTripMachine = PhhRoundTripMachine.TestCase
TestPhhRoundTripMachine.settings = soak_settings(200, stateful_step_count=80)
