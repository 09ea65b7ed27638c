"""Exception hierarchy of fastholdem.

Every family subclasses both :class:`FastHoldemError` and :class:`ValueError`, so callers
may catch either.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "FastHoldemError",
    "CardError",
    "RangeError",
    "InvalidActionError",
    "IllegalActionError",
    "OutOfTurnError",
    "BadAmountError",
    "ConfigError",
    "HandHistoryError",
]


class FastHoldemError(Exception):
    """Root of every error fastholdem raises on purpose."""


class CardError(FastHoldemError, ValueError):
    """Malformed card text or a bad card id (R2); the message names the bad token."""


class RangeError(FastHoldemError, ValueError):
    """Malformed hand-range text; the message names the bad token."""


class InvalidActionError(FastHoldemError, ValueError):
    """An action that cannot be parsed or makes no sense in any state."""


class IllegalActionError(FastHoldemError, ValueError):
    """A well-formed action that is not allowed now (R33).

    Attributes
    ----------
    reason:
        Why the action was refused.
    legal:
        What is legal instead (a ``LegalActions`` value, or ``None``).
    """

    def __init__(self, reason: str, legal: Any = None) -> None:
        message = reason if legal is None else f"{reason}; legal: {legal}"
        super().__init__(message)
        self.reason = reason
        self.legal = legal


class OutOfTurnError(IllegalActionError):
    """A player tried to act when it is not their turn."""


class BadAmountError(IllegalActionError):
    """A bet, raise or call amount the betting structure does not allow."""


class ConfigError(FastHoldemError, ValueError):
    """Bad stakes, seat count, stacks or buy-in (R10, R11)."""


class HandHistoryError(FastHoldemError, ValueError):
    """A hand history (PHH) that cannot be read or does not replay."""
