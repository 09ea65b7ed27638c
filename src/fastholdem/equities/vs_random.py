"""One hand against one to nine random hands, exactly, with dead cards.

:func:`vs_random_equities` reads cards as text or ids and returns the hand's exact equity
against 1, 2, ..., ``opponents`` random hands in one pass over the boards
(``fastholdem._core.vs_random_equities``, csrc/fh_vs_many.c): against one to three hands the
opponents' hands are listed per board; against more, the sets of opponent hands are counted
by inclusion and exclusion over the hands that tie or beat the hand. Boards that only differ
in ways no hand can tell apart are solved once.

>>> [round(float(e), 4) for e in vs_random_equities("AhKd", "Td7c2s", opponents=3)]
[0.54, 0.3351, 0.2368]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .. import _core
from ..cards import CardsLike, parse_cards
from ..errors import InputError

__all__ = ["vs_random_equities"]


def vs_random_equities(hand: CardsLike, board: CardsLike = None, dead: CardsLike = None, opponents: int = 9,
                       threads: int | None = None) -> npt.NDArray[np.float64]:
    """Exact equity of ``hand`` against 1, 2, ..., ``opponents`` random hands.

    Every completion of the board and every deal of the opponents' hands from the cards left
    (the board's, the hand's and the dead cards taken out) is counted; a pot shared by ``k``
    players gives each ``1/k``. All counts are exact integers.

    Parameters
    ----------
    hand : str or sequence of int
        Two cards, e.g. ``"AhKd"``.
    board : str or sequence of int, optional
        0, 3, 4 or 5 board cards.
    dead : str or sequence of int, optional
        Cards out of play (folded, burned or seen).
    opponents : int
        The largest number of random opponents, 1..9 (default 9).
    threads : int, optional
        Only the polling thread is used; accepted for symmetry with the other calls.

    Returns
    -------
    numpy.ndarray of float64, shape (opponents,)
        Entry ``n - 1``: the equity against ``n`` random hands.

    Raises
    ------
    CardError
        A card that cannot be read.
    ValueError
        Not two hand cards, a board of 1, 2 or 6+ cards, a card used twice, ``opponents``
        outside 1..9, or too few cards left to deal the opponents and the board.
    TypeError
        ``opponents`` is not an int.
    KeyboardInterrupt
        Ctrl-C (a preflop call against four or more hands runs for tens of seconds).

    Notes
    -----
    Time per call, one core: a river or turn spot takes milliseconds (weak hands on low or
    paired boards up to tenths of a second); a flop spot a few milliseconds against up to
    three hands and a tenth of a second against nine (the median over random spots; weak hands
    up to seconds); a preflop spot about a second against two or three hands and tens of
    seconds against four to nine.

    Examples
    --------
    >>> eq = vs_random_equities("AsAc", "Kd7h2c", opponents=9)
    >>> [round(float(e), 3) for e in eq[[0, 4, 8]]]
    [0.887, 0.543, 0.325]
    >>> round(float(vs_random_equities("AsAc", "Kd7h2c", dead="KhKs", opponents=1)[0]), 4)
    0.9001
    """
    hole = parse_cards(hand)
    if len(hole) != 2:
        raise InputError(f"hand must hold 2 cards, got {len(hole)}")
    return _core.vs_random_equities(hole, parse_cards(board), parse_cards(dead), opponents, threads)
