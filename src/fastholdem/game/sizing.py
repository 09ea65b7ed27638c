"""Pre-actions (R31) and bet-sizing presets (R32).

A *pre-action* is what a player selects before their turn: fold, check, check/fold, call
(this amount), call any, or bet/raise (to an amount). When the turn comes it fires only if it is
still legal exactly as chosen; otherwise it is dropped and the player acts normally.

>>> from fastholdem.game import GameConfig, Hand
>>> hand = Hand(GameConfig(small_blind=1, big_blind=2), [100, 100, 100], button=0, seed=1)
>>> resolve(PreAction.call(2), hand.legal_actions())        # seat 0 faces 2 to call
Call()
>>> resolve(PreAction.call(10), hand.legal_actions()) is None   # the amount differs: dropped
True
>>> raise_by_multiple(hand, 3), bet_pot_fraction(hand, "pot")
(RaiseTo(amount=6), RaiseTo(amount=7))
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Union

from .._validate import echo
from ..errors import InvalidActionError, OutOfTurnError
from .actions import Bet, Call, Check, Fold, LegalActions, RaiseTo

if TYPE_CHECKING:
    from .hand import Hand

__all__ = [
    "PreKind",
    "PreAction",
    "PreActions",
    "resolve",
    "raise_by_multiple",
    "bet_pot_fraction",
    "preset",
    "PRESETS",
]


class PreKind(enum.Enum):
    """The pre-actions a player may queue (R31).

    >>> PreAction.check_fold().kind, PreKind("call any")
    (<PreKind.CHECK_FOLD: 'check/fold'>, <PreKind.CALL_ANY: 'call any'>)
    """

    FOLD = "fold"
    CHECK = "check"
    CHECK_FOLD = "check/fold"
    CALL = "call"
    CALL_ANY = "call any"
    BET_RAISE = "bet/raise"


@dataclass(frozen=True, slots=True)
class PreAction:
    """A queued action (R31). Build it with the class methods.

    Attributes
    ----------
    kind:
        The :class:`PreKind`.
    amount:
        ``CALL``: the chips to add that the player agreed to call (``LegalActions.call``);
        ``BET_RAISE``: the total bet this round ("to"); ``None`` otherwise.

    Examples
    --------
    >>> str(PreAction.call(10)), str(PreAction.bet_raise(30)), str(PreAction.check_fold())
    ('call 10', 'bet/raise 30', 'check/fold')
    """

    kind: PreKind
    amount: int | None = None

    def __post_init__(self) -> None:
        needs = self.kind in (PreKind.CALL, PreKind.BET_RAISE)
        if needs:
            a = self.amount
            if isinstance(a, bool) or not isinstance(a, int) or a <= 0:
                raise InvalidActionError(
                    f"pre-action {self.kind.value} needs a positive chip amount, got {echo(a)}"
                )
        elif self.amount is not None:
            raise InvalidActionError(f"pre-action {self.kind.value} takes no amount")

    @classmethod
    def fold(cls) -> PreAction:
        """Fold when the turn comes (always legal for the player to act)."""
        return cls(PreKind.FOLD)

    @classmethod
    def check(cls) -> PreAction:
        """Check if nothing is to call; dropped when facing a bet."""
        return cls(PreKind.CHECK)

    @classmethod
    def check_fold(cls) -> PreAction:
        """Check if possible, else fold."""
        return cls(PreKind.CHECK_FOLD)

    @classmethod
    def call(cls, amount: int) -> PreAction:
        """Call exactly ``amount`` more chips; dropped if the amount to call is different."""
        return cls(PreKind.CALL, amount)

    @classmethod
    def call_any(cls) -> PreAction:
        """Call whatever is to call; dropped when there is nothing to call."""
        return cls(PreKind.CALL_ANY)

    @classmethod
    def bet_raise(cls, amount: int) -> PreAction:
        """Bet or raise to ``amount``; dropped if that amount is not legal then."""
        return cls(PreKind.BET_RAISE, amount)

    def __str__(self) -> str:
        return self.kind.value if self.amount is None else f"{self.kind.value} {self.amount}"


PlayerMove = Union[Fold, Check, Call, Bet, RaiseTo]


def resolve(pre: PreAction, legal: LegalActions) -> PlayerMove | None:
    """The action ``pre`` turns into now, or ``None`` when it is dropped (R31).

    Parameters
    ----------
    pre:
        The queued pre-action.
    legal:
        The legal actions of the player whose turn it is.

    Returns
    -------
    Fold, Check, Call, Bet, RaiseTo or None
        ``None`` when the pre-action is not legal as chosen (a check facing a bet, a call for a
        different amount, a bet/raise amount outside the legal range, ...).

    Examples
    --------
    >>> legal = LegalActions(seat=1, fold=True, check=True, call=None, min_to=2, max_to=100, bet=True)
    >>> resolve(PreAction.check_fold(), legal), resolve(PreAction.bet_raise(10), legal)
    (Check(), Bet(amount=10))
    >>> resolve(PreAction.call_any(), legal) is None
    True
    """
    if legal.seat is None:
        return None
    kind = pre.kind
    if kind is PreKind.FOLD:
        return Fold() if legal.fold else None
    if kind is PreKind.CHECK:
        return Check() if legal.check else None
    if kind is PreKind.CHECK_FOLD:
        return Check() if legal.check else Fold()
    if kind is PreKind.CALL:
        return Call() if legal.call is not None and legal.call == pre.amount else None
    if kind is PreKind.CALL_ANY:
        return Call() if legal.call is not None else None
    amount = pre.amount
    lo, hi = legal.min_to, legal.max_to
    if amount is None or lo is None or hi is None or not lo <= amount <= hi:
        return None
    return Bet(amount) if legal.bet else RaiseTo(amount)


class PreActions:
    """Pre-actions queued per seat for one hand (R31). Each fires or is dropped once.

    Examples
    --------
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(small_blind=1, big_blind=2), [100, 100, 100], button=0, seed=1)
    >>> queue = PreActions()
    >>> queue.set(hand, 1, PreAction.fold())
    >>> _ = hand.call()                      # seat 0 calls; now seat 1 is to act
    >>> queue.take(hand)                     # the fold fires
    Fold()
    >>> queue.pending(1) is None
    True
    """

    __slots__ = ("_queued", "dropped")

    def __init__(self) -> None:
        self._queued: dict[int, PreAction] = {}
        self.dropped: list[tuple[int, PreAction]] = []
        """Pre-actions that were no longer legal when their turn came, as ``(seat, pre)``."""

    def set(self, hand: Hand, seat: int, pre: PreAction) -> None:
        """Queue ``pre`` for ``seat`` (replacing any earlier one).

        Raises
        ------
        OutOfTurnError
            If it is ``seat``'s turn already (act instead), or ``seat`` cannot act any more.
        """
        if not 0 <= seat < hand.n:
            raise OutOfTurnError(f"no seat {seat} in this hand")
        if hand.actor == seat:
            raise OutOfTurnError(f"it is seat {seat}'s turn: act instead of queueing {pre}")
        if hand.is_complete or hand.folded[seat] or hand._stacks[seat] == 0:
            raise OutOfTurnError(f"seat {seat} has no more decisions in this hand")
        self._queued[seat] = pre

    def cancel(self, seat: int) -> None:
        """Remove the pre-action of ``seat``, if any."""
        self._queued.pop(seat, None)

    def pending(self, seat: int) -> PreAction | None:
        """The pre-action queued for ``seat``, or ``None``."""
        return self._queued.get(seat)

    def clear(self) -> None:
        """Forget every queued pre-action (at the end of a hand)."""
        self._queued.clear()

    def take(self, hand: Hand) -> PlayerMove | None:
        """Pop the actor's pre-action: the action to apply, or ``None`` if none fires."""
        seat = hand.actor
        if seat is None or not self._queued:
            return None
        pre = self._queued.pop(seat, None)
        if pre is None:
            return None
        action = resolve(pre, hand.legal_actions())
        if action is None:
            self.dropped.append((seat, pre))
        return action

    def __len__(self) -> int:
        return len(self._queued)


# ---------------------------------------------------------------------- sizing (R32)


def _round_half_up(x: Fraction) -> int:
    return int((x + Fraction(1, 2)).__floor__())


def _clamped(legal: LegalActions, to: int) -> Bet | RaiseTo | None:
    lo, hi = legal.min_to, legal.max_to
    if lo is None or hi is None:
        return None
    to = lo if to < lo else hi if to > hi else to
    return Bet(to) if legal.bet else RaiseTo(to)


def raise_by_multiple(hand: Hand, multiple: int | float | Fraction) -> Bet | RaiseTo | None:
    """Raise to ``multiple`` times the current bet, as the nearest legal amount (R32).

    The target is ``multiple * current bet`` rounded to the nearest chip (halves up), then
    clamped to the legal range: up to the minimum raise, down to the structure's maximum
    (pot limit) or the player's stack. With no bet in the round the big blind stands in for
    the bet (an opening bet of 2x or 3x the big blind). Fixed limit has one legal size.

    Returns
    -------
    Bet, RaiseTo or None
        ``None`` when the player to act may not bet or raise.

    Examples
    --------
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(small_blind=5, big_blind=10), [25, 1000], button=0, seed=1)
    >>> raise_by_multiple(hand, 2), raise_by_multiple(hand, 3)   # seat 0 has only 25
    (RaiseTo(amount=20), RaiseTo(amount=25))
    """
    legal = hand.legal_actions()
    if legal.min_to is None:
        return None
    current = hand._max_bet or hand.config.big_blind
    return _clamped(legal, _round_half_up(Fraction(multiple) * current))


_FRACTIONS = {"33%": Fraction(33, 100), "50%": Fraction(1, 2), "pot": Fraction(1), "100%": Fraction(1)}


def bet_pot_fraction(hand: Hand, fraction: str | int | float | Fraction) -> Bet | RaiseTo | None:
    """Bet or raise a fraction of the pot, as the nearest legal amount (R32).

    With no bet in the round the bet is ``fraction * pot``. Facing a bet it is a pot-sized
    raise scaled by ``fraction``: call first, then raise by ``fraction`` of the pot after the
    call (so ``"pot"`` is the pot-limit maximum, R28). Rounded to the nearest chip (halves up)
    and clamped to the legal range and the stack.

    Parameters
    ----------
    fraction:
        ``"33%"``, ``"50%"``, ``"pot"`` / ``"100%"``, or a number such as ``0.75``.

    Returns
    -------
    Bet, RaiseTo or None
        ``None`` when the player to act may not bet or raise.

    Raises
    ------
    InvalidActionError
        On an unknown preset name or a fraction that is not positive.

    Examples
    --------
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(small_blind=1, big_blind=2), [100, 100], button=0, seed=1)
    >>> _ = hand.call(); _ = hand.check()              # flop, pot 4, nothing bet
    >>> [bet_pot_fraction(hand, f).amount for f in ("33%", "50%", "pot")]   # 1.32 -> min bet 2
    [2, 2, 4]
    """
    if isinstance(fraction, str):
        try:
            f = _FRACTIONS[fraction.strip().lower()]
        except KeyError:
            raise InvalidActionError(
                f"unknown pot fraction {echo(fraction)}: use 33%, 50%, pot/100% or a number"
            ) from None
    else:
        f = Fraction(fraction)
    if f <= 0:
        raise InvalidActionError(f"pot fraction must be positive, got {echo(fraction)}")
    legal = hand.legal_actions()
    if legal.min_to is None or legal.seat is None:
        return None
    current = hand._max_bet
    need = current - hand._bets[legal.seat]
    to = current + f * (hand.pot_total + need)
    return _clamped(legal, _round_half_up(to))


PRESETS: dict[str, tuple[str, Fraction]] = {
    "2x": ("multiple", Fraction(2)),
    "3x": ("multiple", Fraction(3)),
    "33%": ("pot", Fraction(33, 100)),
    "50%": ("pot", Fraction(1, 2)),
    "pot": ("pot", Fraction(1)),
}
"""The named presets of R32: ``2x``/``3x`` the bet and ``33%``/``50%``/``pot`` of the pot."""


def preset(hand: Hand, name: str) -> Bet | RaiseTo | None:
    """The action of a named preset (see :data:`PRESETS`) for the player to act.

    Examples
    --------
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(small_blind=1, big_blind=2), [100, 100, 100], button=0, seed=1)
    >>> preset(hand, "3x"), preset(hand, "50%")
    (RaiseTo(amount=6), RaiseTo(amount=5))

    Raises
    ------
    InvalidActionError
        On an unknown preset name.
    """
    try:
        how, value = PRESETS[name.strip().lower()]
    except KeyError:
        raise InvalidActionError(f"unknown sizing preset {echo(name)}: use one of {', '.join(PRESETS)}") from None
    if how == "multiple":
        return raise_by_multiple(hand, value)
    return bet_pot_fraction(hand, value)
