"""Dealing hole cards one by one with dealer errors reported and handled (R19, R21).

A :class:`Deal` is what :meth:`Table.start_deal` returns: the deck is shuffled, cards go out one
at a time clockwise from the seat left of the button (R19), and a caller may report that a card
was exposed (which card, at which position of the deal: 1 is the first card dealt) or that a
player got an extra card. The procedure of R21 is then applied:

1. the first or second card of the deal exposed: misdeal, reshuffle, deal again;
2. any other single exposed hole card: the deal goes on; after it the exposed card is
   replaced by the top card of the deck and discarded;
3. more than one exposed hole card: misdeal, the hand restarts;
4. a player dealt more than two cards: misdeal.

A misdeal moves no chips (the hand only starts, blinds and all, when the deal is finished) and
keeps the button.

>>> from fastholdem.game import GameConfig, Table
>>> table = Table(GameConfig(), [100, 100, 100], seed=5, button=0)
>>> deal = table.start_deal(deck=range(52))       # 2c to seat 1, 2d to seat 2, 2h to seat 0, ...
>>> deal.deal_card(), deal.deal_card()
((1, 0), (2, 1))
>>> deal.report_exposed("2c", position=1).value
'misdeal'
>>> deal.dealt, len(table.misdeals)
(0, 1)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .._validate import echo
from ..cards import CardLike, card, card_str, parse_cards
from ..errors import ConfigError, IllegalActionError
from .config import GameConfig
from .hand import Hand

__all__ = ["Deal", "DealerErrorOutcome", "Misdeal", "Replacement"]


class DealerErrorOutcome(enum.Enum):
    """What the table does about a reported dealer error (R21).

    >>> from fastholdem.game import GameConfig, Table
    >>> table = Table(GameConfig(), [100, 100, 100], seed=5, button=0)
    >>> deal = table.start_deal(deck=range(52))       # 2c to seat 1, 2d to seat 2, 2h to seat 0, ...
    >>> _ = [deal.deal_card() for _ in range(4)]
    >>> deal.report_exposed("2h", position=3)          # a later card: replaced after the deal
    <DealerErrorOutcome.REPLACE: 'replace'>
    >>> deal.report_extra_card(1)                      # too many cards: misdeal
    <DealerErrorOutcome.MISDEAL: 'misdeal'>
    """

    MISDEAL = "misdeal"
    """The cards are collected, the deck is reshuffled and the hand is dealt again."""
    REPLACE = "replace"
    """The deal goes on; after it the exposed card is replaced by the top card and discarded."""


@dataclass(frozen=True, slots=True)
class Misdeal:
    """A misdeal declared at the table (R21).

    Attributes
    ----------
    hand_number:
        The number of the hand that was being dealt (it is dealt again under the same number).
    button:
        The button's table seat (unchanged by the misdeal).
    reason:
        Why: ``"card 1 exposed"``, ``"more than one hole card exposed"``, ...
    cards_dealt:
        How many cards had been dealt when it was declared.

    Examples
    --------
    >>> from fastholdem.game import GameConfig, Table
    >>> table = Table(GameConfig(), [100, 100, 100], seed=5, button=0)
    >>> deal = table.start_deal(deck=range(52))       # 2c to seat 1, 2d to seat 2, 2h to seat 0, ...
    >>> _ = deal.deal_card(), deal.deal_card()
    >>> _ = deal.report_exposed("2d", position=2)
    >>> table.misdeals
    [Misdeal(hand_number=1, button=0, reason='card 2 of the deal exposed', cards_dealt=2)]
    """

    hand_number: int
    button: int
    reason: str
    cards_dealt: int


@dataclass(frozen=True, slots=True)
class Replacement:
    """An exposed hole card replaced after the deal (R21, case 2).

    ``seat`` is the table seat, ``exposed`` the discarded card, ``replacement`` the new one.

    >>> from fastholdem.game import GameConfig, Table
    >>> table = Table(GameConfig(), [100, 100, 100], seed=5, button=0)
    >>> deal = table.start_deal(deck=range(52))       # 2c to seat 1, 2d to seat 2, 2h to seat 0, ...
    >>> _ = [deal.deal_card() for _ in range(3)]
    >>> _ = deal.report_exposed("2h", position=3)      # seat 0's first card, seen by all
    >>> hand = deal.finish()
    >>> deal.replacements                              # 2h (id 2) discarded, 3h (id 6) instead
    [Replacement(seat=0, exposed=2, replacement=6)]
    """

    seat: int
    exposed: int
    replacement: int


class Deal:
    """A deal in progress at a table (created by :meth:`Table.start_deal`).

    Attributes
    ----------
    order:
        Table seats in dealing order (left of the button first, R19); each gets a card per round.
    misdeals:
        Misdeals declared during this deal, oldest first.
    replacements:
        Exposed cards replaced when the deal was finished.

    Examples
    --------
    >>> from fastholdem.game import GameConfig, Table
    >>> table = Table(GameConfig(), [100, 100, 100], seed=5, button=0)
    >>> deal = table.start_deal(deck=range(52))       # 2c to seat 1, 2d to seat 2, 2h to seat 0, ...
    >>> deal.order, deal.deal_card(), deal.dealt
    ((1, 2, 0), (1, 0), 1)
    >>> hand = deal.finish()                          # the rest, then blinds and the first actor
    >>> hand.hole_cards[1], hand.actor
    ([0, 3], 0)
    """

    def __init__(
        self,
        *,
        config: GameConfig,
        stacks: Sequence[int],
        button: int,
        seats: Sequence[int],
        deck: list[int],
        rng: random.Random,
        hand_number: int,
        scale: int,
        on_misdeal: Callable[[Misdeal], None],
        on_finish: Callable[[Deal, Hand], None],
    ) -> None:
        self._config = config
        self._stacks = list(stacks)
        self._button = button
        self._seats = tuple(seats)
        n = len(self._seats)
        self._n = n
        self.order: tuple[int, ...] = tuple(self._seats[(button + 1 + k) % n] for k in range(n))
        self._rng = rng
        self._hand_number = hand_number
        self._scale = scale
        self._on_misdeal = on_misdeal
        self._on_finish = on_finish
        self.misdeals: list[Misdeal] = []
        self.replacements: list[Replacement] = []
        self._deck = deck
        self._cards: list[int] = []
        self._exposed: list[int] = []
        self._closed = False

    # ------------------------------------------------------------------ state

    @property
    def dealt(self) -> int:
        """Hole cards dealt so far in the current attempt."""
        return len(self._cards)

    @property
    def total(self) -> int:
        """Hole cards in a complete deal: two per player."""
        return 2 * self._n

    @property
    def done(self) -> bool:
        """True when every hole card of the current attempt is dealt."""
        return len(self._cards) == 2 * self._n

    @property
    def closed(self) -> bool:
        """True once :meth:`finish` has started the hand."""
        return self._closed

    def seat_at(self, position: int) -> int:
        """The table seat receiving the card at ``position`` (1-based) of the deal."""
        self._check_position(position, dealt_only=False)
        return self.order[(position - 1) % self._n]

    def _check_open(self) -> None:
        if self._closed:
            raise IllegalActionError("the deal is finished and the hand has started")

    def _check_position(self, position: int, *, dealt_only: bool) -> None:
        if isinstance(position, bool) or not isinstance(position, int):
            raise IllegalActionError(f"a deal position is a number 1..{2 * self._n}, got {echo(position)}")
        top = len(self._cards) if dealt_only else 2 * self._n
        if not 1 <= position <= top:
            raise IllegalActionError(
                f"position {position} is not a dealt card: {len(self._cards)} of {2 * self._n} dealt"
            )

    # ------------------------------------------------------------------ dealing

    def deal_card(self) -> tuple[int, int]:
        """Deal the next hole card; return ``(table seat, card id)``.

        Raises
        ------
        IllegalActionError
            If every hole card is already dealt or the deal is finished.
        """
        self._check_open()
        if self.done:
            raise IllegalActionError(f"all {2 * self._n} hole cards are dealt: finish the deal")
        c = self._deck[len(self._cards)]
        self._cards.append(c)
        return self.order[(len(self._cards) - 1) % self._n], c

    def deal_all(self) -> None:
        """Deal every remaining hole card."""
        while not self.done:
            self.deal_card()

    # ------------------------------------------------------------------ dealer errors

    def report_exposed(self, exposed: CardLike, position: int) -> DealerErrorOutcome:
        """Report that the dealer exposed the card at ``position`` (1 = first card of the deal).

        Returns
        -------
        DealerErrorOutcome
            ``MISDEAL`` for the first or second card or a second exposed card (the deal starts
            again from a reshuffled deck), ``REPLACE`` otherwise (R21).

        Raises
        ------
        IllegalActionError
            If that position is not dealt yet, holds another card, or was already reported,
            or the deal is finished.
        """
        self._check_open()
        self._check_position(position, dealt_only=True)
        cid = card(exposed)
        actual = self._cards[position - 1]
        if actual != cid:
            raise IllegalActionError(
                f"position {position} of the deal is {card_str(actual)}, not {card_str(cid)}"
            )
        if position in self._exposed:
            raise IllegalActionError(f"the card at position {position} is already reported exposed")
        if position <= 2:
            self._misdeal(f"card {position} of the deal exposed")
            return DealerErrorOutcome.MISDEAL
        self._exposed.append(position)
        if len(self._exposed) > 1:
            self._misdeal("more than one hole card exposed")
            return DealerErrorOutcome.MISDEAL
        return DealerErrorOutcome.REPLACE

    def report_extra_card(self, seat: int) -> DealerErrorOutcome:
        """Report that table seat ``seat`` was dealt more than two hole cards: a misdeal (R21).

        Raises
        ------
        IllegalActionError
            If ``seat`` is not dealt in or the deal is finished.
        """
        self._check_open()
        if seat not in self._seats:
            raise IllegalActionError(f"seat {seat} is not dealt in this hand (seats {list(self.order)})")
        self._misdeal(f"seat {seat} dealt more than two cards")
        return DealerErrorOutcome.MISDEAL

    def _misdeal(self, reason: str) -> None:
        record = Misdeal(self._hand_number, self._seats[self._button], reason, len(self._cards))
        self.misdeals.append(record)
        self._on_misdeal(record)
        deck = list(range(52))
        self._rng.shuffle(deck)
        self._deck = deck
        self._cards = []
        self._exposed = []

    # ------------------------------------------------------------------ finishing

    def finish(self) -> Hand:
        """Deal what is left, replace an exposed card (R21 case 2) and start the hand.

        Returns
        -------
        Hand
            The hand, blinds posted, first player to act; it is also the table's current hand.

        Raises
        ------
        IllegalActionError
            If the deal is already finished.
        """
        self._check_open()
        self.deal_all()
        n = self._n
        holes: list[list[int]] = [[0, 0] for _ in range(n)]
        for p, c in enumerate(self._cards):
            holes[(self._button + 1 + p % n) % n][p // n] = c
        stub = self._deck[2 * n :]
        for position in self._exposed:
            p = position - 1
            index = (self._button + 1 + p % n) % n
            replacement = stub.pop(0)
            holes[index][p // n] = replacement
            self.replacements.append(Replacement(self._seats[index], self._cards[p], replacement))
        hand = Hand(
            self._config, self._stacks, button=self._button, hole_cards=holes, deck=stub, scale=self._scale
        )
        self._closed = True
        self._on_finish(self, hand)
        return hand


def arranged_deck(deck: Any) -> list[int]:
    """A full 52-card deck from ``deck`` (top first), for tests that fix the cards.

    Raises
    ------
    ConfigError
        If ``deck`` is not the 52 distinct cards.
    """
    cards = parse_cards(deck)
    if sorted(cards) != list(range(52)):
        raise ConfigError(f"a deck must hold each of the 52 cards once, got {len(cards)} cards")
    return cards
