"""Action codes of the vector engine: what ``Tables.step(kind, amount)`` takes per table.

>>> Kind.CALL == CALL == 2
True
"""

from __future__ import annotations

import enum

__all__ = ["BET_OR_RAISE_TO", "CALL", "CHECK", "FOLD", "Kind"]


class Kind(enum.IntEnum):
    """One table's action in :meth:`fastholdem.vector.Tables.step`.

    ``BET_OR_RAISE_TO`` takes its amount from ``amount``: the player's total bet this round after
    the action (a bet when nobody has bet, else a raise; PHH ``cbr``).

    >>> [k.name for k in Kind]
    ['FOLD', 'CHECK', 'CALL', 'BET_OR_RAISE_TO']
    """

    FOLD = 0
    CHECK = 1
    CALL = 2
    BET_OR_RAISE_TO = 3


FOLD = int(Kind.FOLD)
CHECK = int(Kind.CHECK)
CALL = int(Kind.CALL)
BET_OR_RAISE_TO = int(Kind.BET_OR_RAISE_TO)
