"""The record of each table's last finished hand, as arrays (``Tables.last_hands``).

>>> import numpy as np
>>> from fastholdem.game import GameConfig
>>> from fastholdem.vector import Tables, FOLD
>>> tables = Tables(2, 3, GameConfig(), 100, seed=1)
>>> for _ in range(2):
...     tables.step(np.full(2, FOLD))
>>> record = tables.last_hands()
>>> record.rewards.tolist(), record.winners.tolist()[0], record.showdown.tolist()
([[0, -1, 1], [0, -1, 1]], [False, False, True], [False, False])
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

__all__ = ["HandRecord"]


class HandRecord(NamedTuple):
    """What the engine recorded of ``k`` finished hands (one per table asked for).

    Attributes
    ----------
    button:
        int16 ``(k,)``: the button's seat in that hand.
    start:
        int64 ``(k, players)``: every seat's stack when the hand was dealt (before antes and
        blinds).
    hole:
        int8 ``(k, players, 2)``: every seat's hole cards (card ids, R2).
    board:
        int8 ``(k, 5)``: the five board cards the hand was dealt (all five, even when the hand
        ended before the river).
    rewards:
        int64 ``(k, players)``: chips won (negative: lost) by each seat.
    showdown:
        bool ``(k,)``: the hand was decided at a showdown (R37).
    winning_value:
        uint16 ``(k,)``: the best hand value shown down (1..7462), 0 without a showdown.
    winners:
        bool ``(k, players)``: the seats that won chips from a pot (uncalled chips returned,
        R30, do not count).
    folded:
        bool ``(k, players)``: the seats that folded; ``None`` when a table asked for has been
        dealt its next hand since (see :meth:`Tables.last_hands`).

    Examples
    --------
    >>> HandRecord._fields[:4]
    ('button', 'start', 'hole', 'board')
    """

    button: npt.NDArray[np.int16]
    start: npt.NDArray[np.int64]
    hole: npt.NDArray[np.int8]
    board: npt.NDArray[np.int8]
    rewards: npt.NDArray[np.int64]
    showdown: npt.NDArray[np.bool_]
    winning_value: npt.NDArray[np.uint16]
    winners: npt.NDArray[np.bool_]
    folded: npt.NDArray[np.bool_] | None
