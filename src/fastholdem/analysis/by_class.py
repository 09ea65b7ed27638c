"""Equity of each hand class of a range: the per-class table behind range-grid heat maps.

>>> from fastholdem import Range
>>> t = equity_by_class(Range("AA, 72o"), "random")
>>> t["hand"].tolist(), [round(float(e), 4) for e in t["equity"]]
(['AA', '72o'], [0.852, 0.3458])
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import CardsLike, parse_cards
from ..equities import equity
from ..ranges import Range
from ..ranges.range import check_range
from ..ranges.classes import CLASS_EQUITY_DTYPE, CLASS_NAMES, combo_classes
from ..ranges.combos import _ALL_COMBOS, _COMBO_INDEX, N_COMBOS
from ..errors import InputError

__all__ = ["equity_by_class"]


def equity_by_class(
    rng: Range,
    opponent: str | Range,
    board: CardsLike = None,
    dead: CardsLike = None,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = 0,
    threads: int | None = None,
) -> npt.NDArray[Any]:
    """Equity of each hand class of range ``rng`` against an opponent's hand or range.

    One :func:`fastholdem.equity` call per class present, each class holding its combos
    of ``rng`` with their weights (preflop heads-up calls read the shipped exact
    table, so they are quick).

    Parameters
    ----------
    rng : Range
        The range split by class.
    opponent : str or Range
        The opponent's hand (``"QsQd"``) or range (``"random"``, ``"20%"``).
    board, dead : cards, optional
        As for :func:`fastholdem.equity`; combos using them are left out.
    exact, trials, seed, threads
        As for :func:`fastholdem.equity` (seed 0 by default, so that Monte Carlo
        results repeat).

    Returns
    -------
    numpy.ndarray
        A structured array, one row per class present, strongest grid cell first
        (grid order), with fields ``hand`` (class text such as ``"AKs"``), ``combos``
        (weighted combos played) and ``equity`` and ``stderr`` (float64); the shape that
        :func:`fastholdem.plot.range_grid` takes as ``values``.

    Raises
    ------
    ValueError
        If no combo of ``rng`` is left without the board and dead cards.

    Examples
    --------
    >>> from fastholdem import Range
    >>> t = equity_by_class(Range("AKs"), "QsQd", board="Qh7c2d")
    >>> t["hand"].tolist(), float(t["combos"][0])
    (['AKs'], 4.0)
    """
    check_range(rng, "rng")
    left = rng.without(parse_cards(board, unique=False) + parse_cards(dead, unique=False))
    dense = np.zeros(N_COMBOS)
    combos = left.combos
    dense[_COMBO_INDEX[combos[:, 0], combos[:, 1]]] = left.weights
    classes = combo_classes()
    present = np.flatnonzero(np.bincount(classes, weights=dense, minlength=169) > 0)
    if not len(present):
        raise InputError("the range has no combo left without the board and dead cards")
    out = np.zeros(len(present), dtype=CLASS_EQUITY_DTYPE)
    for i, c in enumerate(present.tolist()):
        rows = np.flatnonzero((classes == c) & (dense > 0))
        part = Range.from_combos(_ALL_COMBOS[rows], dense[rows])
        result = equity([part, opponent], board=board, dead=dead, exact=exact, trials=trials,
                        seed=seed, threads=threads, progress=False)
        out[i] = (CLASS_NAMES[c], float(dense[rows].sum()), result.equity[0], result.stderr[0])
    return out
