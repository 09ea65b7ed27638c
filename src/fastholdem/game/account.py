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
from .actions import Event, EventKind, LegalActions
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
    _history: list[Event]
    _values: dict[int, int]

    def _out(self, chips: int) -> Any: ...

    @property
    def boards(self) -> list[list[int]]: ...

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


# The line of each kind of event in ``describe`` (format fields: seat, amount, to, times, cards,
# tail, street, value). A win has none: the pots are written after the events.
_ACCOUNT_LINES: dict[str, str] = {
    EventKind.ANTE: "{seat} posts ante {amount}{tail}",
    EventKind.SB: "{seat} posts small blind {amount}{tail}",
    EventKind.BB: "{seat} posts big blind {amount}{tail}",
    EventKind.DEAL: "{seat} is dealt {cards}",
    EventKind.BURN: "dealer burns a card",
    EventKind.BOARD: "*** {street} *** {cards}",
    EventKind.FOLD: "{seat} folds",
    EventKind.CHECK: "{seat} checks",
    EventKind.CALL: "{seat} calls {amount}{tail}",
    EventKind.BET: "{seat} bets {to}{tail}",
    EventKind.RAISE: "{seat} raises to {to}{tail}",
    EventKind.RETURN: "{seat} takes back {amount} (uncalled)",
    EventKind.SHOW: "{seat} shows {cards}{value}",
    EventKind.MUCK: "{seat} mucks",
    EventKind.RUNS: "the players agree to run it {times} times",
}
_ACTION_KINDS = frozenset(k for k in EventKind if k.is_action)


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
        line = _ACCOUNT_LINES.get(kind)
        if line is None:  # a win: the pots are written below
            continue
        if kind in _ACTION_KINDS and ev.street != street:
            street = ev.street
            if street == 0:
                lines.append("*** PREFLOP ***")
        if kind == EventKind.BOARD:
            street = ev.street
        cards = "????" if kind == EventKind.DEAL and not reveal else _cards(ev.cards)
        value = hand._values.get(ev.seat) if kind == EventKind.SHOW and ev.seat is not None else None
        lines.append(line.format(
            seat=f"seat {ev.seat}", amount=out(ev.amount), to=out(ev.to), times=ev.amount, cards=cards,
            tail=" and is all-in" if ev.all_in else "", street=_STREETS[ev.street],
            value=f" ({describe_value(value)})" if value is not None else "",
        ))
    boards = [b for b in hand.boards if b]
    if len(boards) == 1:
        lines.append(f"Board: {_cards(boards[0])}")
    for k, board in enumerate(boards if len(boards) > 1 else ()):
        lines.append(f"Board {k + 1}: {_cards(board)}")
    if hand.is_complete:
        result = hand.result
        several = len(result.boards) > 1
        k = -1
        for pot in result.pots:
            k += pot.board == 0
            name = "Main pot" if k == 0 else f"Side pot {k}"
            won = ", ".join(f"seat {w} wins {s}" for w, s in zip(pot.winners, pot.shares))
            how = "" if result.showdown else " without showdown"
            elig = " ".join(str(e) for e in pot.eligible)
            where = f", board {pot.board + 1}" if several else ""
            lines.append(f"{name} {pot.amount} (seats {elig}{where}): {won}{how}")
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
