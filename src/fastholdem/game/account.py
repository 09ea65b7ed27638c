"""A readable account of a hand: ``print(hand)`` (posts, actions, board, pots, showdown).

>>> from fastholdem.game import GameConfig, Hand
>>> hand = Hand(GameConfig(), [100, 100], hole_cards=["AsAh", "KsKh"], board="2c3d4h5s9c")
>>> _ = hand.fold()
>>> print(hand)
No-limit hold'em, blinds 1/2, 2 players, button seat 0
Seat 0: 100 (button)
Seat 1: 100
seat 0 posts small blind 1
seat 1 posts big blind 2
seat 1 is dealt ????
seat 0 is dealt ????
*** PREFLOP ***
seat 0 folds
seat 1 takes back 1 (uncalled)
Main pot 2 (seats 1): seat 1 wins 2 without showdown
Final stacks: 99 101
"""

from __future__ import annotations

from typing import Any, Protocol

from ..cards import card_str
from ..evaluate import describe as describe_value
from .actions import Event, LegalActions
from .config import AnteMode, GameConfig, Structure
from .pots import Pot

__all__ = ["HandRecord", "describe"]


class HandRecord(Protocol):
    """What :func:`describe` reads of a hand (``fastholdem.game.Hand`` provides it).

    Declaring it here keeps this module independent of ``hand.py``, which imports it.

    >>> from fastholdem.game import GameConfig, Hand
    >>> hand: HandRecord = Hand(GameConfig(), [100, 100], seed=1)
    >>> describe(hand).splitlines()[0]
    "No-limit hold'em, blinds 1/2, 2 players, button seat 0"
    """

    config: GameConfig
    n: int
    button: int
    starting_stacks: tuple[int, ...]
    _board: list[int]
    _history: list[Event]
    _values: dict[int, int]

    def _out(self, chips: int) -> Any: ...

    @property
    def awaiting(self) -> str | None: ...

    @property
    def actor(self) -> int | None: ...

    @property
    def is_complete(self) -> bool: ...

    @property
    def result(self) -> Any: ...

    def pots(self) -> list[Pot]: ...

    def legal_actions(self) -> LegalActions: ...

_STRUCTURE = {
    Structure.NO_LIMIT: "No-limit",
    Structure.POT_LIMIT: "Pot-limit",
    Structure.LIMIT: "Fixed-limit",
}
_STREETS = ("PREFLOP", "FLOP", "TURN", "RIVER", "SHOWDOWN")


def _cards(cards: Any) -> str:
    return "".join("??" if c is None else card_str(c) for c in cards)


def describe(hand: HandRecord, *, reveal: bool = False) -> str:
    """Return a readable account of ``hand`` so far (what ``print(hand)`` shows).

    Hole cards are shown as ``????`` until they are shown down, unless ``reveal`` is true.
    Hands shown down are described by name (``fastholdem.describe``) once the pots are awarded.

    Examples
    --------
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100], button=0, hole_cards=["KsKh", "6c6d"], board="Kd6h6s9s3h")
    >>> _ = hand.call(); _ = hand.check()
    >>> while hand.actor is not None:
    ...     _ = hand.check()
    >>> for line in describe(hand).splitlines()[-5:]:
    ...     print(line)
    seat 1 shows 6c6d (Four of a kind, sixes, king kicker)
    seat 0 shows KsKh (Full house, kings full of sixes)
    Board: Kd6h6s9s3h
    Main pot 4 (seats 0 1): seat 1 wins 4
    Final stacks: 98 102
    """
    cfg = hand.config
    out = hand._out
    lines = []
    head = f"{_STRUCTURE[cfg.structure]} hold'em, blinds {out(cfg.small_blind)}/{out(cfg.big_blind)}"
    if cfg.structure is Structure.LIMIT:
        head += f", bets {out(cfg.bet_sizes[0])}/{out(cfg.bet_sizes[2])}"
    if cfg.ante_mode is AnteMode.EVERY_PLAYER:
        head += f", ante {out(cfg.ante)}"
    elif cfg.ante_mode is AnteMode.BIG_BLIND:
        head += f", big-blind ante {out(cfg.ante)}"
    lines.append(f"{head}, {hand.n} players, button seat {hand.button}")
    for i, s in enumerate(hand.starting_stacks):
        lines.append(f"Seat {i}: {out(s)}" + (" (button)" if i == hand.button else ""))
    street = -1
    for ev in hand._history:
        kind = ev.kind
        if kind in ("fold", "check", "call", "bet", "raise") and ev.street != street:
            street = ev.street
            if street == 0:
                lines.append("*** PREFLOP ***")
        seat = f"seat {ev.seat}"
        tail = " and is all-in" if ev.all_in else ""
        if kind == "ante":
            lines.append(f"{seat} posts ante {out(ev.amount)}{tail}")
        elif kind == "sb":
            lines.append(f"{seat} posts small blind {out(ev.amount)}{tail}")
        elif kind == "bb":
            lines.append(f"{seat} posts big blind {out(ev.amount)}{tail}")
        elif kind == "deal":
            lines.append(f"{seat} is dealt {_cards(ev.cards) if reveal else '????'}")
        elif kind == "burn":
            lines.append("dealer burns a card")
        elif kind == "board":
            street = ev.street
            lines.append(f"*** {_STREETS[ev.street]} *** {_cards(ev.cards)}")
        elif kind == "fold":
            lines.append(f"{seat} folds")
        elif kind == "check":
            lines.append(f"{seat} checks")
        elif kind == "call":
            lines.append(f"{seat} calls {out(ev.amount)}{tail}")
        elif kind == "bet":
            lines.append(f"{seat} bets {out(ev.to)}{tail}")
        elif kind == "raise":
            lines.append(f"{seat} raises to {out(ev.to)}{tail}")
        elif kind == "return":
            lines.append(f"{seat} takes back {out(ev.amount)} (uncalled)")
        elif kind == "show":
            value = hand._values.get(ev.seat) if ev.seat is not None else None
            extra = f" ({describe_value(value)})" if value is not None else ""
            lines.append(f"{seat} shows {_cards(ev.cards)}{extra}")
        elif kind == "muck":
            lines.append(f"{seat} mucks")
    if hand._board:
        lines.append(f"Board: {_cards(hand._board)}")
    if hand.is_complete:
        result = hand.result
        for k, pot in enumerate(result.pots):
            name = "Main pot" if k == 0 else f"Side pot {k}"
            won = ", ".join(f"seat {w} wins {s}" for w, s in zip(pot.winners, pot.shares))
            how = "" if result.showdown else " without showdown"
            elig = " ".join(str(e) for e in pot.eligible)
            lines.append(f"{name} {pot.amount} (seats {elig}): {won}{how}")
        lines.append("Final stacks: " + " ".join(str(s) for s in result.stacks))
    else:
        pots = hand.pots()
        if pots:
            lines.append(
                "Pots: " + ", ".join(f"{out(p.amount)} (seats {' '.join(map(str, p.eligible))})" for p in pots)
            )
        if hand.actor is not None:
            lines.append(f"To act: {hand.legal_actions()}")
        elif hand.awaiting is not None:
            lines.append(f"Waiting for: {hand.awaiting}")
    return "\n".join(lines)
