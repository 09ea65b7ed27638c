"""Preflop tables: class-against-class heads-up equity, and equity against random hands.

Both are indexed by the 169 hand classes in the grid order of :mod:`fastholdem.ranges.classes`
(``CLASS_NAMES[i]``; ``AA`` is 0, ``AKs`` 1, ``AKo`` 13, ``22`` 168; a 169-vector reshapes
to the 13x13 grid of :meth:`fastholdem.Range.grid` with ``.reshape(13, 13)``).

>>> from fastholdem.ranges.classes import class_index
>>> m = preflop_matrix()
>>> m.shape, round(float(m[class_index("AA"), class_index("KK")]), 4)
((169, 169), 0.8195)
>>> bool((m + m.T == 1).all())
True
>>> round(float(preflop_vs_random(1)[class_index("AA")]), 4)
0.852
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import echo
from ..equities.engines.table import PREFLOP_BOARDS, table_counts
from ..ranges.classes import CLASS_SIZES, combo_classes, order_equity
from ..ranges.combos import _ALL_COMBOS
from ..errors import InputError

__all__ = ["headsup_equity", "preflop_matrix", "preflop_vs_random", "preflop_vs_random_stderr"]


@lru_cache(maxsize=1)
def _class_shares() -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """``(share, pairs)``, each (169, 169): summed over every pair of disjoint combos of
    classes (a, b), the half-pots won by a's combo (2 per board won, 1 per board tied),
    and the number of such combo pairs. Integers, held exactly in float64.

    Suit permutations map any combo of a class to any other and keep results, so each
    class a is played once, by its first combo, against all 1,326 combos, and its sums
    are multiplied by its combo count: 169 x 1,225 table lookups instead of 812,175."""
    combos = _ALL_COMBOS
    classes = combo_classes()
    reps = combos[[int(np.flatnonzero(classes == c)[0]) for c in range(169)]]
    one = np.uint64(1)
    rep_masks = (one << reps[:, 0].astype(np.uint64)) | (one << reps[:, 1].astype(np.uint64))
    masks = (one << combos[:, 0].astype(np.uint64)) | (one << combos[:, 1].astype(np.uint64))
    a, j = np.repeat(np.arange(169), len(combos)), np.tile(np.arange(len(combos)), 169)
    ok = (rep_masks[a] & masks[j]) == 0
    a, j = a[ok], j[ok]
    deals = np.ascontiguousarray(np.concatenate([reps[a], combos[j]], axis=1))
    counts = table_counts(deals).astype(np.int64)
    won, tied = counts[:, 0], counts[:, 2]
    cell = a * 169 + classes[j]
    half = np.bincount(cell, weights=(2 * won + tied).astype(np.float64), minlength=169 * 169)
    pairs = np.bincount(cell, minlength=169 * 169).astype(np.float64)
    scale = CLASS_SIZES.astype(np.float64)[:, None]
    share = half.reshape(169, 169) * scale
    n_pairs = pairs.reshape(169, 169) * scale
    share.flags.writeable = False
    n_pairs.flags.writeable = False
    return share, n_pairs


def headsup_equity() -> npt.NDArray[np.float64]:
    """Exact equity of each class (grid order) against one random hand, computed from the
    heads-up table: the half-pots each class wins against every combo, summed as exact
    integers, over the combo pairs counted. This is what ``data/preflop_vs1.npz`` ships for
    the ``"vs1"`` order of percentage ranges (``tools/gen_preflop_vs1.py``).

    >>> from fastholdem.ranges.classes import class_index
    >>> round(float(headsup_equity()[class_index("AA")]), 4)
    0.852
    """
    share, pairs = _class_shares()
    equity: npt.NDArray[np.float64] = share.sum(axis=1) / (2.0 * PREFLOP_BOARDS * pairs.sum(axis=1))
    return equity


def preflop_matrix() -> npt.NDArray[np.float64]:
    """The exact heads-up preflop equity of every hand class against every other.

    ``m[a, b]`` is class ``a``'s equity (wins plus half the ties) against class ``b``,
    averaged over every pair of combos of the two classes that share no card, each pair
    weighted equally (as ``equity(Range(a), Range(b))`` weights them), over all 1,712,304
    boards. Read from the shipped exact table (:mod:`fastholdem.equities.engines.table`) in
    a fraction of a second on first use, then cached; each call returns a fresh copy.

    The larger of ``m[a, b]`` and ``m[b, a]`` is the exact ratio rounded once; the other
    is 1 minus it, so ``m + m.T == 1`` holds exactly (the diagonal is exactly 0.5).

    Returns
    -------
    numpy.ndarray of float64, shape (169, 169)
        Rows and columns in the class order of :mod:`fastholdem.ranges.classes`.

    Examples
    --------
    >>> from fastholdem.ranges.classes import class_index
    >>> m = preflop_matrix()
    >>> round(float(m[class_index("AKo"), class_index("22")]), 4)
    0.4735
    """
    return _matrix().copy()


@lru_cache(maxsize=1)
def _matrix() -> npt.NDArray[np.float64]:
    share, pairs = _class_shares()
    ratio = share / (2.0 * PREFLOP_BOARDS * pairs)
    # Round the larger side once and derive the smaller as 1 - it: exact in floating point
    # (Sterbenz), so the two sides add up to 1 exactly.
    upper = share >= share.T
    m = np.where(upper, ratio, 1.0 - ratio.T)
    m.flags.writeable = False
    return m


def _order_name(opponents: object) -> str:
    n = int(_core.as_int(opponents, "opponents", "an int 1..9"))
    if not 1 <= n <= 9:
        raise InputError(f"opponents must be 1..9, got {echo(n)}")
    return f"vs{n}"


def preflop_vs_random(opponents: int = 1) -> npt.NDArray[np.float64]:
    """Each class's preflop equity against ``opponents`` random hands, all to showdown.

    One opponent is exact (from the shipped heads-up table: a combo of the class against
    every hand it leaves, every board). Two to nine opponents come from the shipped Monte
    Carlo table ``data/preflop_orders.npz`` (``tools/gen_preflop_orders.py``: 1,000,000
    trials per class and opponent count); :func:`preflop_vs_random_stderr` gives its
    standard errors. These are the equities that order the classes for percentage ranges
    (:func:`fastholdem.ranges.classes.order_equity`).

    Parameters
    ----------
    opponents : int
        1..9.

    Returns
    -------
    numpy.ndarray of float64, shape (169,)
        In the class order of :mod:`fastholdem.ranges.classes` (``.reshape(13, 13)`` for the grid).

    Raises
    ------
    TypeError
        ``opponents`` is not an int (``bool`` and ``float`` are refused).
    ValueError
        ``opponents`` is outside 1..9.

    Examples
    --------
    >>> from fastholdem.ranges.classes import class_index
    >>> eq = preflop_vs_random(1)
    >>> round(float(eq[class_index("72o")]), 4)
    0.3458
    >>> 0.40 < float(preflop_vs_random(3)[class_index("AA")]) < 0.66
    True
    """
    return np.array(order_equity(_order_name(opponents))[0])


def preflop_vs_random_stderr(opponents: int = 1) -> npt.NDArray[np.float64]:
    """The standard error of each entry of :func:`preflop_vs_random`: zeros for one opponent
    (exact), else the bound ``sqrt(e (1 - e) / trials)`` recorded with the shipped table.

    >>> float(preflop_vs_random_stderr(1).max()), float(preflop_vs_random_stderr(9).max()) <= 0.0005
    (0.0, True)
    """
    return np.array(order_equity(_order_name(opponents))[1])
