"""The 169 starting-hand classes, their 13x13 grid, and orderings of them by strength.

A *class* is a pair (``"QQ"``, 6 combos), a suited hand (``"AKs"``, 4 combos) or an offsuit
hand (``"AKo"``, 12 combos). Classes are numbered by their cell in the Equilab/PokerStove
grid, ``13 * row + col``, with rows and columns in rank order ``A K Q J T 9 8 7 6 5 4 3 2``
(ace first):

* the diagonal ``row == col`` holds the pairs (``AA`` at (0, 0), ``22`` at (12, 12));
* above it, ``col > row``, the suited hands, row = higher rank (``AKs`` at (0, 1));
* below it, ``row > col``, the offsuit hands, column = higher rank (``AKo`` at (1, 0)).

An *ordering* ranks the 169 classes from strongest to weakest; percentage ranges
(``Range("10%")``, :meth:`fastholdem.Range.top`) take whole classes from its top.

* ``"vs1"`` (the default): exact heads-up equity against one random hand, computed from the
  shipped table of every heads-up preflop matchup (``data/preflop_headsup.npz``), as an
  exact integer score, so the order is exact too (shipped as ``data/preflop_vs1.npz`` by
  ``tools/gen_preflop_vs1.py``, from :func:`fastholdem.analysis.preflop.headsup_equity`).
* ``"vs2"`` ... ``"vs9"``: equity against 2-9 random hands, Monte Carlo estimates shipped in
  ``data/preflop_orders.npz`` by ``tools/gen_preflop_orders.py`` (fixed seed; the standard
  error of each estimate is recorded, see :func:`order_equity`).

Classes of equal strength (never seen in the shipped data) keep grid order.

>>> CLASS_NAMES[0], CLASS_NAMES[1], CLASS_NAMES[13], CLASS_NAMES[168]
('AA', 'AKs', 'AKo', '22')
>>> [CLASS_NAMES[i] for i in order()[:5]]
['AA', 'KK', 'QQ', 'JJ', 'TT']
"""

from __future__ import annotations

import os
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from .._validate import echo
from .combos import _ALL_COMBOS
from ..errors import InputError, InputTypeError

__all__ = [
    "GRID_RANKS",
    "CLASS_NAMES",
    "CLASS_SIZES",
    "ORDERS",
    "CLASS_EQUITY_DTYPE",
    "check_order",
    "class_index",
    "combo_classes",
    "order",
    "order_equity",
    "top_classes",
]

GRID_RANKS = "AKQJT98765432"
"""Rank letters of the grid's rows and columns, top/left first."""

_RANK_LETTERS = "23456789TJQKA"  # rank index 0..12, as in card ids


def _cell_class(row: int, col: int) -> tuple[int, int, str]:
    """``(high rank, low rank, kind)`` of a grid cell; ranks 0 (deuce) .. 12 (ace)."""
    a, b = 12 - row, 12 - col
    if row == col:
        return a, a, ""
    if col > row:
        return a, b, "s"
    return b, a, "o"


def _names() -> tuple[str, ...]:
    out = []
    for row in range(13):
        for col in range(13):
            high, low, kind = _cell_class(row, col)
            out.append(_RANK_LETTERS[high] + _RANK_LETTERS[low] + kind)
    return tuple(out)


CLASS_NAMES: tuple[str, ...] = _names()
"""The 169 class names in grid order (``CLASS_NAMES[13 * row + col]``)."""

CLASS_SIZES: npt.NDArray[np.int64] = np.array(
    [6 if n[0] == n[1] else (4 if n[2] == "s" else 12) for n in CLASS_NAMES], dtype=np.int64
)
CLASS_SIZES.flags.writeable = False
"""Combos per class in grid order: 6 per pair, 4 per suited and 12 per offsuit class."""

_NAME_INDEX = {name: i for i, name in enumerate(CLASS_NAMES)}


def class_index(name: str) -> int:
    """Grid index ``13 * row + col`` of a class name such as ``"AKs"`` (case-insensitive;
    the two ranks in either order).

    >>> class_index("AKs"), class_index("kao"), class_index("22")
    (1, 13, 168)

    Raises
    ------
    ValueError
        If ``name`` is not a class name.
    """
    text = name.strip()
    if len(text) in (2, 3):
        r1, r2, kind = text[0].upper(), text[1].upper(), text[2:].lower()
        if r1 in _RANK_LETTERS and r2 in _RANK_LETTERS:
            if _RANK_LETTERS.index(r1) < _RANK_LETTERS.index(r2):
                r1, r2 = r2, r1
            found = _NAME_INDEX.get(r1 + r2 + kind)
            if found is not None:
                return found
    raise InputError(f"bad hand class {echo(name)}: expected e.g. 'AA', 'AKs' or 'AKo'")


@lru_cache(maxsize=1)
def combo_classes() -> npt.NDArray[np.intp]:
    """Grid index of the class of each of the 1,326 combos, in :class:`fastholdem.Range`'s
    canonical combo order (read-only ``(1326,)`` array).

    >>> from fastholdem import Range
    >>> int(combo_classes()[0]), len(Range("AKo").combos)
    (0, 12)
    """
    ranks, suits = _ALL_COMBOS // 4, _ALL_COMBOS % 4
    high, low = ranks[:, 0].astype(np.intp), ranks[:, 1].astype(np.intp)  # high card first
    row_high, row_low = 12 - high, 12 - low
    suited = suits[:, 0] == suits[:, 1]
    out = np.where(suited, 13 * row_high + row_low, 13 * row_low + row_high)
    out.flags.writeable = False
    return out


ORDER_DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "preflop_orders.npz")
"""Path of the shipped Monte Carlo equities against 2-9 random hands."""

ORDERS: tuple[str, ...] = tuple(f"vs{k}" for k in range(1, 10))
"""Names of the orderings: ``"vs1"`` (exact, the default) to ``"vs9"``."""


VS1_DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "preflop_vs1.npz")
"""Path of the shipped exact equities against one random hand (``tools/gen_preflop_vs1.py``)."""


@lru_cache(maxsize=1)
def _headsup_equity() -> npt.NDArray[np.float64]:
    """Exact equity of each class against one random hand, read from the shipped file; it is
    computed by :func:`fastholdem.analysis.preflop.headsup_equity` (exact integer sums over the
    heads-up table) and a test checks the two agree bit for bit."""
    with np.load(VS1_DATA) as data:
        equity: npt.NDArray[np.float64] = np.array(data["equity"], dtype=np.float64)
    equity.flags.writeable = False
    return equity


@lru_cache(maxsize=1)
def _shipped() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    with np.load(ORDER_DATA) as data:
        return data["opponents"], data["equity"], data["stderr"]


def check_order(name: str) -> int:
    """The number of random opponents of ordering ``name`` (``"vs3"`` gives 3).

    >>> check_order("vs3"), check_order("vs1")
    (3, 1)
    >>> check_order("vs10")
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputError: unknown hand ordering 'vs10': use one of vs1, vs2, vs3, vs4, vs5, vs6, vs7, vs8, vs9

    Raises
    ------
    ValueError
        If ``name`` is not one of :data:`ORDERS`.
    """
    if not isinstance(name, str) or name not in ORDERS:
        raise InputError(f"unknown hand ordering {echo(name)}: use one of {', '.join(ORDERS)}")
    return int(name[2:])


def order_equity(name: str = "vs1") -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Equity of each class (grid order) against ``k`` random hands, and its standard error.

    Parameters
    ----------
    name : str
        ``"vs1"`` ... ``"vs9"``.

    Returns
    -------
    equity, stderr : numpy.ndarray of float64, shape (169,)
        For ``"vs1"`` the exact equity and zeros. For the others the Monte Carlo estimate and
        an upper bound of its standard error, ``sqrt(e (1 - e) / trials)`` (a pot share lies
        in [0, 1], so its variance is at most ``e (1 - e)``).

    Raises
    ------
    ValueError
        If ``name`` is not one of :data:`ORDERS`.

    Examples
    --------
    >>> e, se = order_equity()
    >>> round(float(e[class_index("AA")]), 4), float(se.max())
    (0.852, 0.0)
    """
    k = check_order(name)
    if k == 1:
        return _headsup_equity(), np.zeros(169)
    opponents, equity, stderr = _shipped()
    row = int(np.flatnonzero(opponents == k)[0])
    return equity[row], stderr[row]


@lru_cache(maxsize=None)
def order(name: str = "vs1") -> npt.NDArray[np.intp]:
    """The 169 grid indices from the strongest class to the weakest (read-only).

    Sorted by :func:`order_equity` descending; equal equities keep grid order.

    >>> [CLASS_NAMES[i] for i in order()[-3:]]
    ['62o', '42o', '32o']
    """
    check_order(name)
    equity, _ = order_equity(name)
    out = np.lexsort((np.arange(169), -equity)).astype(np.intp)
    out.flags.writeable = False
    return out


def top_classes(fraction: float, name: str = "vs1") -> npt.NDArray[np.intp]:
    """Grid indices of the top ``fraction`` of hands: the shortest run of whole classes from
    the top of ordering ``name`` holding at least ``fraction * 1326`` combos.

    A tolerance of 1e-9 combo absorbs the binary rounding of ``fraction``, so a share that
    lands exactly on a class boundary takes no further class: ``top_classes(6 / 1326)`` is
    AA alone. 0 gives no class, any positive fraction at least one (``1e-12`` is AA), and 1
    all 169.

    Raises
    ------
    TypeError
        If ``fraction`` is not a real number.
    ValueError
        If ``fraction`` is outside [0, 1] (however large: ``10**400`` too) or not a finite
        number, or ``name`` is unknown.

    Examples
    --------
    >>> [CLASS_NAMES[i] for i in top_classes(0.02)]  # 26.52 combos: 4 pairs hold 24
    ['AA', 'KK', 'QQ', 'JJ', 'TT']
    """
    ranked = order(name)
    if isinstance(fraction, bool) or not isinstance(fraction, (int, float, np.integer, np.floating)):
        raise InputTypeError(f"fraction must be a number, not {type(fraction).__name__}")
    try:
        value = float(fraction)
    except OverflowError:  # an int beyond the float range
        value = float("inf")
    if not 0.0 <= value <= 1.0:  # also refuses NaN
        raise InputError(f"fraction must be in [0, 1], got {echo(fraction)}")
    cumulative = np.cumsum(CLASS_SIZES[ranked])
    count = int(np.searchsorted(cumulative, value * 1326 - 1e-9, side="left")) + 1
    if value == 0.0:
        count = 0
    return ranked[: min(count, 169)]


CLASS_EQUITY_DTYPE = np.dtype([("hand", "U3"), ("combos", np.float64), ("equity", np.float64),
                               ("stderr", np.float64)])
"""Rows of :func:`fastholdem.analysis.equity_by_class`: class text, weighted combos, equity and its
standard error."""
