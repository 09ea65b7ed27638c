"""Action values, the legal-action summary and history events (R24, R33).

Actions are frozen, hashable values. Amounts always mean "to": the player's total bet in the
current betting round after the action, as in PHH ``cbr``.

>>> RaiseTo(6), str(RaiseTo(6)), Fold() == Fold()
(RaiseTo(amount=6), 'cbr 6', True)
>>> legal = LegalActions(seat=2, fold=True, check=False, call=2, min_to=4, max_to=200, bet=False)
>>> RaiseTo(6) in legal, RaiseTo(3) in legal, Check() in legal
(True, False, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple, Union, cast

__all__ = [
    "Fold",
    "Check",
    "Call",
    "Bet",
    "RaiseTo",
    "AllIn",
    "DealHole",
    "DealBoard",
    "Show",
    "Muck",
    "RunIt",
    "PlayerAction",
    "DealerAction",
    "Action",
    "LegalActions",
    "Event",
    "EventKind",
]


@dataclass(frozen=True, slots=True)
class Fold:
    """Give up the hand and every chip already put in (R24).

    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100, 100], button=0, seed=1)
    >>> hand.apply(Fold()).kind, hand.folded, str(Fold())
    ('fold', [True, False, False], 'f')
    """

    def __str__(self) -> str:
        return "f"


@dataclass(frozen=True, slots=True)
class Check:
    """Pass when there is nothing to call (R24).

    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100, 100], button=0, seed=1)
    >>> _ = hand.call(), hand.call()          # the big blind may check its option
    >>> Check() in hand.legal_actions(), hand.apply(Check()).kind
    (True, 'check')
    """

    def __str__(self) -> str:
        return "cc"


@dataclass(frozen=True, slots=True)
class Call:
    """Match the highest bet, or put in every chip if the stack is shorter (R24, R34).

    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100, 100], button=0, seed=1)
    >>> event = hand.apply(Call())
    >>> event.kind, event.amount, event.to
    ('call', 2, 2)
    """

    def __str__(self) -> str:
        return "cc"


@dataclass(frozen=True, slots=True)
class Bet:
    """Open the betting of a round: the player's bet becomes ``amount`` (R24).

    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100, 100], button=0, seed=1)
    >>> _ = hand.call(), hand.call(), hand.check()   # to the flop: seat 1 opens
    >>> hand.apply(Bet(4)).kind, hand.bets
    ('bet', [0, 4, 0])
    """

    amount: int

    def __str__(self) -> str:
        return f"cbr {self.amount}"


@dataclass(frozen=True, slots=True)
class RaiseTo:
    """Raise the highest bet so that the player's total bet this round is ``amount``.

    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100, 100], button=0, seed=1)
    >>> event = hand.apply(RaiseTo(6))
    >>> event.kind, event.amount, event.to, str(RaiseTo(6))
    ('raise', 6, 6, 'cbr 6')
    """

    amount: int

    def __str__(self) -> str:
        return f"cbr {self.amount}"


@dataclass(frozen=True, slots=True)
class AllIn:
    """Put in every chip: a call, bet or raise, whichever the stack makes it (R24, R34).

    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100, 100], button=0, seed=1)
    >>> event = hand.apply(AllIn())
    >>> event.kind, event.to, event.all_in
    ('raise', 100, True)
    """

    def __str__(self) -> str:
        return "allin"


@dataclass(frozen=True, slots=True)
class DealHole:
    """Dealer: give ``seat`` its two hole cards (manual dealing). ``None`` marks an unknown card.

    >>> from fastholdem.cards import parse_cards
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100], manual=True)
    >>> _ = hand.apply(DealHole(1, tuple(parse_cards("AsKs"))))   # dealing starts left of the button
    >>> _ = hand.apply(DealHole(0, (None, None)))                 # an opponent's unknown cards
    >>> hand.hole_cards, str(DealHole(0, (None, None)))
    ([[None, None], [51, 47]], 'd dh ????')
    """

    seat: int
    cards: tuple[int | None, ...]

    def __str__(self) -> str:
        from ..cards import card_str

        return "d dh " + "".join("??" if c is None else card_str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class DealBoard:
    """Dealer: burn (implicitly) and deal the flop (3 cards), turn or river (1 card).

    >>> from fastholdem.cards import parse_cards
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100], manual=True)
    >>> _ = hand.apply(DealHole(1, (None, None))), hand.apply(DealHole(0, (None, None)))
    >>> _ = hand.call(), hand.check()
    >>> _ = hand.apply(DealBoard(tuple(parse_cards("Td7c2s"))))
    >>> hand.board, hand.phase.name
    ([33, 20, 3], 'FLOP')
    """

    cards: tuple[int, ...]

    def __str__(self) -> str:
        from ..cards import card_str

        return "d db " + "".join(card_str(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Show:
    """Showdown: ``seat`` shows its hole cards (``cards`` reveals them if they were unknown).

    >>> str(Show(0)), str(Show(1, (51, 47)))
    ('sm', 'sm AsKs')
    """

    seat: int
    cards: tuple[int, ...] | None = None

    def __str__(self) -> str:
        from ..cards import card_str

        return "sm" + ("" if not self.cards else " " + "".join(card_str(c) for c in self.cards))


@dataclass(frozen=True, slots=True)
class Muck:
    """Showdown: ``seat`` throws its hand away unshown and gives up its claim to every pot.

    >>> Muck(1), str(Muck(1))
    (Muck(seat=1), 'sm')
    """

    seat: int

    def __str__(self) -> str:
        return "sm"


@dataclass(frozen=True, slots=True)
class RunIt:
    """The players still in agree to deal the rest of the board ``times`` times (R41).

    Legal from the start of the hand (a standing agreement, used only if the hand ends all-in
    with cards to come) until the first card of the run-out is dealt. ``times`` is 1 to 4;
    each pot is then split into ``times`` parts, one per board.

    >>> RunIt(2), str(RunIt(2))
    (RunIt(times=2), 'run 2')
    """

    times: int

    def __str__(self) -> str:
        return f"run {self.times}"


PlayerAction = Union[Fold, Check, Call, Bet, RaiseTo, AllIn]
DealerAction = Union[DealHole, DealBoard, Show, Muck, RunIt]
Action = Union[PlayerAction, DealerAction]


class LegalActions(NamedTuple):
    """What the player to act may do now (R24-R29). Immutable.

    Attributes
    ----------
    seat:
        The seat to act, or ``None`` when no player is to act.
    fold, check:
        Whether folding / checking is allowed. Folding is allowed whenever a seat is to act,
        except with nothing to call under ``conventions="pokerkit"`` (R24).
    call:
        Chips the player must add to call (all their chips if the stack is shorter), or
        ``None`` when there is nothing to call.
    min_to, max_to:
        Smallest and largest total bet this round for a bet or raise, or ``None`` when the
        player may not bet or raise (cap reached, betting not reopened, nobody left to respond).
        A ``min_to`` equal to ``max_to`` below a full raise is a short all-in.
    bet:
        True when a bet or raise here is an opening ``Bet``; False when it is a ``RaiseTo``.
    all_in_to:
        The player's total bet this round after ``AllIn`` (a call for less or exactly, or a
        bet/raise of every chip), or ``None`` when going all-in is not allowed (for example a
        fixed-limit stack larger than the one allowed bet).

    Examples
    --------
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100, 100], button=0, seed=1)
    >>> legal = hand.legal_actions()
    >>> legal.call, legal.min_to, legal.max_to, legal.check, RaiseTo(50) in legal
    (2, 4, 100, False, True)
    """

    seat: int | None
    fold: bool
    check: bool
    call: int | None
    min_to: int | None
    max_to: int | None
    bet: bool
    all_in_to: int | None = None

    def __contains__(self, action: object) -> bool:
        if self.seat is None:
            return False
        cls = type(action)
        if cls is Fold:
            return self.fold
        if cls is Check:
            return self.check
        if cls is Call:
            return self.call is not None
        if cls is AllIn:
            return self.all_in_to is not None
        if cls is Bet or cls is RaiseTo:
            min_to = self.min_to
            if min_to is None or (cls is Bet) != self.bet:
                return False
            max_to = self.max_to
            assert max_to is not None  # set together with min_to
            # type(action) is Bet or RaiseTo (checked above); cast only informs the checker
            amount = cast("Bet | RaiseTo", action).amount
            return type(amount) is int and min_to <= amount <= max_to
        return False

    @property
    def can_raise(self) -> bool:
        """True when a bet or raise is allowed."""
        return self.min_to is not None

    def __str__(self) -> str:
        if self.seat is None:
            return "no player to act"
        parts = []
        if self.fold:
            parts.append("fold")
        if self.check:
            parts.append("check")
        if self.call is not None:
            parts.append(f"call {self.call}")
        if self.min_to is not None:
            word = "bet" if self.bet else "raise to"
            if self.min_to == self.max_to:
                parts.append(f"{word} {self.min_to}")
            else:
                parts.append(f"{word} {self.min_to}..{self.max_to}")
        return f"seat {self.seat} may " + ", ".join(parts)


class EventKind(str, Enum):
    """What an :class:`Event` of ``Hand.history`` records.

    Each kind is also its name as a string: it compares, hashes, prints, formats and serialises
    (``repr`` and ``json`` included) as today's strings, so ``ev.kind == "fold"`` and
    ``{"fold": ...}[ev.kind]`` both hold.

    >>> EventKind.FOLD == "fold", str(EventKind.RAISE), f"{EventKind.SB}", EventKind("bb")
    (True, 'raise', 'sb', 'bb')
    >>> [k.value for k in EventKind if k.is_action]
    ['fold', 'check', 'call', 'bet', 'raise']
    """

    ANTE = "ante"
    SB = "sb"
    BB = "bb"
    DEAL = "deal"
    BURN = "burn"
    BOARD = "board"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    RETURN = "return"
    SHOW = "show"
    MUCK = "muck"
    WIN = "win"
    RUNS = "runs"

    __hash__ = str.__hash__  # as the string, so a str-keyed mapping finds a kind and back

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return repr(self.value)

    def __format__(self, spec: str) -> str:
        return str.__format__(str(self), spec)

    @property
    def is_action(self) -> bool:
        """True for a player's betting action: fold, check, call, bet or raise (R24)."""
        return self in _ACTION_KINDS

    @property
    def is_post(self) -> bool:
        """True for a forced bet: an ante, a blind or a straddle (R14-R16, R42)."""
        return self in _POST_KINDS


_ACTION_KINDS = frozenset((EventKind.FOLD, EventKind.CHECK, EventKind.CALL, EventKind.BET, EventKind.RAISE))
_POST_KINDS = frozenset((EventKind.ANTE, EventKind.SB, EventKind.BB))


class Event(NamedTuple):
    """One entry of ``Hand.history``.

    Attributes
    ----------
    street:
        0 preflop, 1 flop, 2 turn, 3 river, 4 showdown/after betting.
    seat:
        The seat concerned, or ``None`` for the board.
    kind:
        An :class:`EventKind`, equal to its string: ``ante``, ``sb``, ``bb`` (also a straddle or
        live post, R42, R43), ``deal``, ``burn``, ``board``, ``fold``, ``check``, ``call``,
        ``bet``, ``raise``, ``return`` (uncalled chips, R30), ``show``, ``muck``, ``win``, and
        ``runs`` (the players agree to run the board ``amount`` times, R41).
    amount:
        Chips moved by the event: put in (posts, calls, bets, raises), given back (``return``)
        or won (``win``); 0 otherwise.
    to:
        The seat's total bet this round after a post, call, bet or raise; 0 otherwise.
    cards:
        Cards dealt, burned or shown (``None`` for an unknown card).
    all_in:
        True when the event put the player's last chip in.

    Examples
    --------
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100, 100], button=0, seed=1)
    >>> [(e.kind, e.seat, e.amount) for e in hand.history if e.kind in ("sb", "bb")]
    [('sb', 1, 1), ('bb', 2, 2)]
    """

    street: int
    seat: int | None
    kind: EventKind
    amount: int = 0
    to: int = 0
    cards: tuple[int | None, ...] = ()
    all_in: bool = False
