"""What one seat of every table sees (``Tables.observe()``), as arrays.

>>> from fastholdem.game import GameConfig
>>> from fastholdem.vector import Tables
>>> obs = Tables(1, 2, GameConfig(), 100, seed=3).observe()
>>> obs.seat.tolist(), obs.street.tolist(), obs.pot.tolist(), obs.to_call.tolist()
([0], [0], [3], [1])
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

__all__ = ["Observation"]


class Observation(NamedTuple):
    """Per table, the view of one seat (``n`` tables, ``players`` seats).

    Attributes
    ----------
    seat:
        int16 ``(n,)``: whose view this is (the actor when ``observe()`` got no seat; -1 where
        there is none: the hand is over).
    hole:
        int8 ``(n, 2)``: that seat's hole cards (card ids 0..51, R2), -1 where ``seat`` is -1.
    board:
        int8 ``(n, 5)``: the board cards dealt so far, -1 for cards not dealt.
    street:
        int8 ``(n,)``: 0 preflop, 1 flop, 2 turn, 3 river, 4 hand over.
    stacks:
        int64 ``(n, players)``: chips behind, every seat.
    bets:
        int64 ``(n, players)``: chips put in this betting round, every seat.
    folded:
        bool ``(n, players)``.
    pot:
        int64 ``(n,)``: every chip put in so far this hand, all rounds, blinds and antes included
        (0 once the pots are paid).
    to_call:
        int64 ``(n,)``: chips ``seat`` must add to call (at most its stack).
    position:
        int16 ``(n,)``: ``(seat - button) % players``, 0 is the button; -1 where ``seat`` is -1.
    raises:
        int16 ``(n,)``: bets and raises made this betting round (the blinds are not counted).
    button:
        int16 ``(n,)``: the button's seat.

    Examples
    --------
    >>> len(Observation._fields)
    12
    """

    seat: npt.NDArray[np.int16]
    hole: npt.NDArray[np.int8]
    board: npt.NDArray[np.int8]
    street: npt.NDArray[np.int8]
    stacks: npt.NDArray[np.int64]
    bets: npt.NDArray[np.int64]
    folded: npt.NDArray[np.bool_]
    pot: npt.NDArray[np.int64]
    to_call: npt.NDArray[np.int64]
    position: npt.NDArray[np.int16]
    raises: npt.NDArray[np.int16]
    button: npt.NDArray[np.int16]
