"""The legal actions of every table at once (``Tables.legal()``).

>>> from fastholdem.game import GameConfig
>>> from fastholdem.vector import Tables
>>> legal = Tables(2, 3, GameConfig(), 100, seed=1).legal()
>>> legal.actor.tolist(), legal.call.tolist(), legal.min_to.tolist(), legal.max_to.tolist()
([0, 0], [2, 2], [4, 4], [100, 100])
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

__all__ = ["Legal"]


class Legal(NamedTuple):
    """What each table's player to act may do; every array has shape ``(n,)``.

    The arrays equal :meth:`fastholdem.game.Hand.legal_actions` of each table's hand, field by
    field: ``None`` there is ``-1`` (``actor``, ``min_to``, ``max_to``) or ``0`` (``call``) here.

    Attributes
    ----------
    actor:
        int16: the seat to act, ``-1`` when the table's hand is over.
    can_fold:
        bool: folding is allowed: whenever a seat is to act, except with nothing to call under
        ``conventions="pokerkit"`` (R24), as in ``Hand``.
    can_check:
        bool: nothing to call.
    call:
        int64: chips the actor adds to call (its whole stack when that is less); 0 when no call
        is legal.
    min_to, max_to:
        int64: the smallest and largest legal total bet of a bet or raise this round, ``-1``
        when the actor may not bet or raise. ``min_to == max_to`` below a full raise is a short
        all-in.

    Examples
    --------
    >>> Legal._fields[:3]
    ('actor', 'can_fold', 'can_check')
    """

    actor: npt.NDArray[np.int16]
    can_fold: npt.NDArray[np.bool_]
    can_check: npt.NDArray[np.bool_]
    call: npt.NDArray[np.int64]
    min_to: npt.NDArray[np.int64]
    max_to: npt.NDArray[np.int64]
