"""Bet sizes over many tables, and the discrete action set of the reinforcement-learning adapters.

:func:`pot_fraction_to` is :func:`fastholdem.game.sizing.bet_pot_fraction` (R32) for every
table at once. :class:`ActionSet` turns small integers (``0`` fold, ``1`` check/call, ``2..``
bet or raise to a pot fraction, last: all-in) into the ``(kind, amount)`` arrays of
``Tables.step``, and says which of them are legal (the ``action_mask`` of the Gymnasium and
PettingZoo environments).

>>> actions = ActionSet(fractions=(0.5, 1.0))
>>> actions.names
('fold', 'check/call', 'raise 0.5 pot', 'raise 1 pot', 'all-in')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from .._core import as_array
from .._validate import check_bool, echo, is_bool
from .kinds import BET_OR_RAISE_TO, CALL, CHECK, FOLD
from .legal import Legal
from .observation import Observation
from ..errors import IllegalActionError, InputError, InputTypeError, InvalidActionError

__all__ = ["ActionSet", "pot_fraction_to", "DEFAULT_FRACTIONS"]

DEFAULT_FRACTIONS: tuple[float, ...] = (0.5, 0.75, 1.0)
"""Pot fractions of the default :class:`ActionSet`: half pot, three quarters, pot."""

I64 = npt.NDArray[np.int64]


def _fraction(value: object) -> Fraction:
    if type(value) is Fraction and value > 0:
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction, np.integer, np.floating)):
        raise InputTypeError(f"a pot fraction must be a number, got {echo(value)}")
    f = Fraction(float(value)).limit_denominator(1000) if isinstance(value, (float, np.floating)) else \
        Fraction(int(value)) if isinstance(value, (int, np.integer)) else value
    if not f > 0:
        raise InputError(f"a pot fraction must be positive, got {echo(value)}")
    return f


def pot_fraction_to(obs: Observation, legal: Legal, fraction: float | Fraction) -> I64:
    """The raise-to amount of a bet or raise of ``fraction`` of the pot, in every table.

    As :func:`fastholdem.game.sizing.bet_pot_fraction` (R32): with no bet in the round the
    bet is ``fraction * pot``; facing a bet it is a call followed by a raise of ``fraction``
    of the pot after the call, so ``1`` is the pot-limit maximum. Rounded to the nearest chip
    (halves up) and clamped to ``[legal.min_to, legal.max_to]``.

    Parameters
    ----------
    obs:
        ``Tables.observe()`` (the actor's view).
    legal:
        ``Tables.legal()``.
    fraction:
        A positive number (floats are read to three decimals, ``0.333`` and ``1/3`` differ).

    Returns
    -------
    numpy.ndarray of int64, shape (n,)
        The amount, or -1 where no bet or raise is allowed.

    Raises
    ------
    TypeError, ValueError
        If ``fraction`` is not a positive number.

    Examples
    --------
    >>> from fastholdem.game import GameConfig
    >>> from fastholdem.vector import Tables
    >>> tables = Tables(2, 2, GameConfig(small_blind=1, big_blind=2), 100, seed=1)
    >>> tables.reset()
    >>> pot_fraction_to(tables.observe(), tables.legal(), 1).tolist()  # pot 3, call 1, raise by 4
    [6, 6]
    """
    f = _fraction(fraction)
    rows = np.arange(len(legal.actor))
    seat = np.maximum(legal.actor.astype(np.int64), 0)
    # Where a raise is allowed the call takes less than the whole stack, so ``legal.call`` is the
    # full amount to match: the current bet is the actor's bet plus it (preflop that is at least
    # the big blind, also when the big blind was posted short, R14a).
    need = legal.call.astype(np.int64)
    current = obs.bets[rows, seat] + need
    # to = current + f (pot + need), halves up: floor((2 p (pot + need) + q) / 2q) with f = p/q.
    to = current + (2 * f.numerator * (obs.pot + need) + f.denominator) // (2 * f.denominator)
    to = np.clip(to, legal.min_to, legal.max_to)
    return np.where(legal.min_to >= 0, to, -1).astype(np.int64)


class ActionSet:
    """A discrete action abstraction: fold, check/call, bet or raise to pot fractions, all-in.

    Action ``0`` folds, ``1`` checks or calls, ``2 .. 1 + len(fractions)`` bet or raise to a
    fraction of the pot (:func:`pot_fraction_to`, so clamped to the legal range), and the last
    action (when ``all_in``) bets or raises to ``legal.max_to``: every chip in no limit, the
    pot-limit maximum in pot limit, the fixed bet in fixed limit. A call that takes every chip
    is action ``1``.

    Legal actions (:meth:`mask`): fold only when facing a bet (folding when checking is free
    is legal in card rooms but never better, so it is masked unless ``free_fold``; under
    ``conventions="pokerkit"`` it is not legal at all, R24); check/call
    always; the bet sizes and all-in whenever a bet or raise is allowed.

    Parameters
    ----------
    fractions:
        Pot fractions of the bet/raise actions (default :data:`DEFAULT_FRACTIONS`).
    all_in:
        Include the all-in (maximum bet) action.
    free_fold:
        Allow folding when checking is free, where the rules do (``Legal.can_fold``: the
        card-room conventions, not pokerkit's).

    Examples
    --------
    >>> ActionSet().size, ActionSet(fractions=(), all_in=False).names
    (6, ('fold', 'check/call'))
    """

    def __init__(self, fractions: Sequence[float | Fraction] = DEFAULT_FRACTIONS, *, all_in: bool = True,
                 free_fold: bool = False) -> None:
        if isinstance(fractions, (str, bytes)) or not isinstance(fractions, Sequence):
            raise InputTypeError(f"fractions must be a sequence of numbers, got {echo(fractions)}")
        self.fractions: tuple[Fraction, ...] = tuple(_fraction(f) for f in fractions)
        self.all_in = bool(check_bool(all_in, "all_in"))
        self.free_fold = bool(check_bool(free_fold, "free_fold"))
        self.size = 2 + len(self.fractions) + int(self.all_in)

    @property
    def names(self) -> tuple[str, ...]:
        """A short name of every action, by index."""
        sizes = tuple(f"raise {float(f):g} pot" for f in self.fractions)
        return ("fold", "check/call", *sizes) + (("all-in",) if self.all_in else ())

    def __repr__(self) -> str:
        fractions = ", ".join(f"{float(f):g}" for f in self.fractions)
        return f"ActionSet(fractions=({fractions}), all_in={self.all_in}, free_fold={self.free_fold})"

    def mask(self, legal: Legal) -> npt.NDArray[np.int8]:
        """``(n, size)`` int8: 1 where the action is legal in the table (all 0 where no actor).

        >>> import numpy as np
        >>> from fastholdem.game import GameConfig
        >>> from fastholdem.vector import Tables
        >>> tables = Tables(1, 3, GameConfig(), 100, seed=2)
        >>> tables.reset()
        >>> ActionSet().mask(tables.legal())
        array([[1, 1, 1, 1, 1, 1]], dtype=int8)
        """
        n = len(legal.actor)
        out = np.zeros((n, self.size), dtype=np.int8)
        live = legal.actor >= 0
        fold = legal.can_fold & live
        if not self.free_fold:
            fold &= ~legal.can_check
        out[:, 0] = fold
        out[:, 1] = live
        out[:, 2:] = (live & (legal.min_to >= 0))[:, None]
        return out

    def decode(self, actions: npt.ArrayLike, obs: Observation, legal: Legal, *,
               strict: bool = False) -> tuple[npt.NDArray[np.int8], I64]:
        """The ``(kind, amount)`` arrays of ``Tables.step`` for one action index per table.

        Parameters
        ----------
        actions:
            ``(n,)`` integers in ``0 .. size - 1``.
        obs, legal:
            ``Tables.observe()`` and ``Tables.legal()`` of the same moment.
        strict:
            Raise on an action the mask forbids. When false (the default) a forbidden action
            falls back to check/call: folding when checking is free checks, a bet or raise
            where none is allowed checks or calls.

        Raises
        ------
        TypeError
            If ``actions`` is not an integer array.
        ValueError
            If its shape is not ``(n,)``, an index is out of range, or (``strict``) an action
            is forbidden; the message names the first tables.

        Examples
        --------
        >>> from fastholdem.game import GameConfig
        >>> from fastholdem.vector import Tables
        >>> tables = Tables(2, 2, GameConfig(), 100, seed=1)
        >>> tables.reset()
        >>> kind, amount = ActionSet().decode([1, 4], tables.observe(), tables.legal())
        >>> kind.tolist(), amount.tolist()   # call; raise to the pot
        ([2, 3], [0, 6])
        """
        a = as_array(actions, "actions")
        n = len(legal.actor)
        if a.dtype.kind not in "iu":
            raise InputTypeError(f"actions must be an integer array, got dtype {a.dtype}")
        if a.shape != (n,):
            raise InputError(f"actions must have shape ({n},), got {a.shape}")
        bad = np.flatnonzero((a < 0) | (a >= self.size))  # before the cast: a uint64 above int64 stays itself
        if len(bad):
            raise InputError(f"actions must be in 0..{self.size - 1}: tables {bad[:5].tolist()} "
                             f"have {a[bad[:5]].tolist()}")
        a = a.astype(np.int64)
        mask = self.mask(legal)
        live = legal.actor >= 0
        allowed = mask[np.arange(n), a].astype(bool) | ~live
        if strict and not allowed.all():
            bad = np.flatnonzero(~allowed)
            raise IllegalActionError(f"illegal actions in tables {bad[:5].tolist()}: "
                             f"{[self.names[int(a[i])] for i in bad[:5]]}")
        a = np.where(allowed, a, 1)
        passive = np.where(legal.can_check, CHECK, CALL)
        kind = np.where(a == 0, FOLD, passive).astype(np.int8)
        amount = np.zeros(n, dtype=np.int64)
        for j, f in enumerate(self.fractions):
            chosen = a == 2 + j
            if chosen.any():
                amount = np.where(chosen, pot_fraction_to(obs, legal, f), amount)
                kind[chosen] = BET_OR_RAISE_TO
        if self.all_in:
            chosen = a == self.size - 1
            amount = np.where(chosen, legal.max_to, amount)
            kind[chosen] = BET_OR_RAISE_TO
        return kind, amount.astype(np.int64)

    def decode_exact(self, kinds: npt.ArrayLike, amounts: npt.ArrayLike, legal: Legal, *,
                     strict: bool = False) -> tuple[npt.NDArray[np.int8], I64]:
        """``(kind, amount)`` for exact amounts: ``kinds`` 0 fold, 1 check/call, 2 bet/raise to
        ``amounts`` (clamped to the legal range unless ``strict``, where it must be legal).

        A forbidden fold or raise falls back to check/call as in :meth:`decode`.

        Examples
        --------
        >>> from fastholdem.game import GameConfig
        >>> from fastholdem.vector import Tables
        >>> tables = Tables(1, 2, GameConfig(), 100, seed=1)
        >>> tables.reset()
        >>> kind, amount = ActionSet().decode_exact([2], [1000], tables.legal())
        >>> int(kind[0]), int(amount[0])
        (3, 100)
        """
        k = as_array(kinds, "kinds")
        x = as_array(amounts, "amounts")
        n = len(legal.actor)
        for name, arr in (("kinds", k), ("amounts", x)):
            if arr.dtype.kind not in "iu":
                raise InputTypeError(f"{name} must be an integer array, got dtype {arr.dtype}")
            if arr.shape != (n,):
                raise InputError(f"{name} must have shape ({n},), got {arr.shape}")
        bad = np.flatnonzero((k < 0) | (k > 2))
        if len(bad):
            raise InputError(f"kinds must be 0 (fold), 1 (check/call) or 2 (bet/raise): tables "
                             f"{bad[:5].tolist()} have {k[bad[:5]].tolist()}")
        bad = np.flatnonzero(x > np.iinfo(np.int64).max) if x.dtype == np.uint64 else bad[:0]
        if len(bad):
            raise InputError(f"amounts must be chips within int64: tables {bad[:5].tolist()} "
                             f"have {x[bad[:5]].tolist()}")
        k = k.astype(np.int64)
        x = x.astype(np.int64)
        live = legal.actor >= 0
        can_raise = legal.min_to >= 0
        fold_ok = legal.can_fold & (self.free_fold | ~legal.can_check)
        allowed = ~live | (k == 1) | ((k == 0) & fold_ok) | ((k == 2) & can_raise)
        if strict:
            allowed &= ~((k == 2) & live & can_raise & ((x < legal.min_to) | (x > legal.max_to)))
            if not allowed.all():
                bad = np.flatnonzero(~allowed)
                raise IllegalActionError(f"illegal actions in tables {bad[:5].tolist()} (kinds "
                                 f"{k[bad[:5]].tolist()}, amounts {x[bad[:5]].tolist()})")
        k = np.where(allowed, k, 1)
        passive = np.where(legal.can_check, CHECK, CALL)
        kind = np.where(k == 0, FOLD, np.where(k == 2, BET_OR_RAISE_TO, passive)).astype(np.int8)
        amount = np.where(k == 2, np.clip(x, legal.min_to, legal.max_to), 0).astype(np.int64)
        return kind, amount


def action_index(action: object, agent: str, actions: ActionSet) -> int:
    """``action`` as an index of ``actions``: an int (or a NumPy integer, or a one-element
    integer array); floats, strings and bools are refused, not truncated. ``agent`` names
    who acts in the message.

    >>> action_index(4, "player_0", ActionSet())
    4
    """
    value = action
    if isinstance(value, np.ndarray) and value.size == 1 and value.dtype.kind in "iu":
        value = value.reshape(()).item()
    valid = f"0..{actions.size - 1} ({', '.join(f'{k} {n}' for k, n in enumerate(actions.names))})"
    if is_bool(value) or not isinstance(value, (int, np.integer)):
        raise InvalidActionError(f"{agent}'s action must be an int {valid}, got {echo(action)}")
    index = int(value)
    if not 0 <= index < actions.size:
        raise InvalidActionError(f"{agent}'s action must be {valid}, got {index}")
    return index


def exact_action(action: object, who: str) -> tuple[int, int]:
    """One exact-amount action ``{'kind': 0|1|2, 'amount': chips}`` as ``(kind, amount)``:
    each an int (or NumPy integer, or one-element integer array); anything else, a missing
    or extra key, a kind outside 0..2 or an amount beyond int64 is refused, naming ``who``.

    >>> exact_action({"kind": 2, "amount": 40}, "the learner")
    (2, 40)
    """
    if not isinstance(action, dict) or set(action) != {"kind", "amount"}:
        keys = set(action) if isinstance(action, dict) else {"kind", "amount"}
        missing = [repr(k) for k in ("kind", "amount") if k not in keys]
        extra = sorted(repr(k) for k in keys - {"kind", "amount"})
        why = "".join(f" ({' and '.join(ks)} {what})" for ks, what in ((missing, "missing"), (extra, "not a key")) if ks)
        raise InvalidActionError(f"{who}'s exact-amount action must be a dict {{'kind': 0 fold | 1 check/call | "
                                 f"2 bet/raise, 'amount': chips}}, got {echo(action)}{why}")
    out = []
    for key, what, low, high in (("kind", "0 (fold), 1 (check/call) or 2 (bet/raise to 'amount')", 0, 2),
                                 ("amount", "an int of chips (int64)", -(1 << 63), (1 << 63) - 1)):
        value = action[key]
        if isinstance(value, np.ndarray) and value.size == 1 and value.dtype.kind in "iu":
            value = value.reshape(()).item()
        if is_bool(value) or not isinstance(value, (int, np.integer)):
            raise InvalidActionError(f"{who}'s action[{key!r}] must be {what}, got {echo(action[key])}")
        if not low <= int(value) <= high:
            raise InvalidActionError(f"{who}'s action[{key!r}] must be {what}, got {int(value)}")
        out.append(int(value))
    return out[0], out[1]
