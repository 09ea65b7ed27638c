"""Exception hierarchy of fastholdem.

Every error raised for bad input is a :class:`FastHoldemError` and also the built-in error
Python code expects: a value out of range, a bad shape, card or option is a ``ValueError``
(:class:`InputError` and the families below), an argument of the wrong type a ``TypeError``
(:class:`InputTypeError`, and :class:`CardTypeError` for card input). Callers may catch either.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "FastHoldemError",
    "InputError",
    "InputTypeError",
    "IndexRangeError",
    "CardError",
    "CardTypeError",
    "RangeError",
    "InvalidActionError",
    "IllegalActionError",
    "OutOfTurnError",
    "BadAmountError",
    "ConfigError",
    "HandHistoryError",
]


class FastHoldemError(Exception):
    """Root of every error fastholdem raises on purpose.

    >>> import fastholdem as fh
    >>> try:
    ...     fh.evaluate("As Ks Qs Js Zz")
    ... except fh.FastHoldemError as exc:
    ...     print(type(exc).__name__, isinstance(exc, ValueError))
    CardError True
    """


class InputError(FastHoldemError, ValueError):
    """An argument of the right type with a bad value: out of range, a wrong shape, an unknown
    option, a job too big. The message names the argument. The families below (cards, ranges,
    configurations, actions, hand histories) are ``ValueError`` too.

    >>> import fastholdem as fh
    >>> fh.deal(-1)
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputError: n must be >= 0, got -1
    """


class InputTypeError(FastHoldemError, TypeError):
    """An argument of the wrong type (``bool`` is not a count, ``2.0`` is not an int, a float
    array is not card ids). The message names the argument.

    >>> import fastholdem as fh
    >>> fh.evaluate_batch([[0, 1, 2, 3, 4]], threads=1.5)
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputTypeError: threads must be a positive int or None, got float 1.5
    """


class IndexRangeError(FastHoldemError, IndexError, ValueError):
    """An index outside its range (a table, a player, a checkpoint): an ``IndexError``, as Python
    code that indexes expects, and a ``ValueError`` like every other bad value. The message
    names the argument and the range.

    >>> from fastholdem.game import GameConfig
    >>> from fastholdem.vector import Tables
    >>> Tables(2, 2, GameConfig(), 100, seed=1).to_phh(5)
    Traceback (most recent call last):
    ...
    fastholdem.errors.IndexRangeError: i (the table) must be in 0..1, got 5
    """


class CardError(FastHoldemError, ValueError):
    """Malformed card text or a bad card id (R2); the message names the bad token.

    >>> from fastholdem import parse_cards
    >>> parse_cards("As Kx")
    Traceback (most recent call last):
    ...
    fastholdem.errors.CardError: bad card 'Kx' in 'As Kx'
    """


class CardTypeError(FastHoldemError, TypeError):
    """Card input of the wrong type: numbers where card text is read, text or objects where
    card ids are read, an item that is not a text (``None``, a missing value).

    >>> import numpy as np
    >>> from fastholdem import evaluate_batch
    >>> evaluate_batch(np.array(["AhKd7c2s3h"]))
    Traceback (most recent call last):
    ...
    fastholdem.errors.CardTypeError: hands must be an array of integer card ids, got dtype <U10: ...
    """


class RangeError(FastHoldemError, ValueError):
    """Malformed hand-range text; the message names the bad token.

    >>> from fastholdem import Range
    >>> Range("AKs, QQ+, J9x")
    Traceback (most recent call last):
    ...
    fastholdem.errors.RangeError: bad range token 'J9x': ...
    """


class InvalidActionError(FastHoldemError, ValueError):
    """An action that cannot be parsed or makes no sense in any state.

    >>> from fastholdem.game import PreAction
    >>> PreAction.call(0)
    Traceback (most recent call last):
    ...
    fastholdem.errors.InvalidActionError: ...
    """


class IllegalActionError(FastHoldemError, ValueError):
    """A well-formed action that is not allowed now (R33).

    Attributes
    ----------
    reason:
        Why the action was refused.
    legal:
        What is legal instead (a ``LegalActions`` value, or ``None``).

    Examples
    --------
    >>> from fastholdem import IllegalActionError
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100, 100], seed=1)
    >>> try:
    ...     hand.check()
    ... except IllegalActionError as exc:
    ...     print(exc.reason)
    ...     print(exc.legal)
    seat 0 cannot check: 2 to call (preflop, seat 0 to act)
    seat 0 may fold, call 2, raise to 4..100
    """

    def __init__(self, reason: str, legal: Any = None) -> None:
        message = reason if legal is None else f"{reason}; legal: {legal}"
        super().__init__(message)
        self.reason = reason
        self.legal = legal


class OutOfTurnError(IllegalActionError):
    """A player tried to act when it is not their turn.

    >>> from fastholdem.game import Fold, GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100, 100], seed=1)
    >>> hand.apply(Fold(), seat=2)
    Traceback (most recent call last):
    ...
    fastholdem.errors.OutOfTurnError: ...
    """


class BadAmountError(IllegalActionError):
    """A bet, raise or call amount the betting structure does not allow.

    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100, 100], seed=1)
    >>> hand.raise_to(500)
    Traceback (most recent call last):
    ...
    fastholdem.errors.BadAmountError: ...
    """


class ConfigError(FastHoldemError, ValueError):
    """Bad stakes, seat count, stacks or buy-in (R10, R11).

    >>> from fastholdem.game import GameConfig
    >>> GameConfig(small_blind=1, big_blind=-2)
    Traceback (most recent call last):
    ...
    fastholdem.errors.ConfigError: big_blind must be positive, got -2
    """


class HandHistoryError(FastHoldemError, ValueError):
    """A hand history (PHH) that cannot be read or does not replay.

    >>> from fastholdem import phh
    >>> phh.loads('variant = "XX"')
    Traceback (most recent call last):
    ...
    fastholdem.errors.HandHistoryError: ...
    """
