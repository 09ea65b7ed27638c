"""The 169 preflop hand classes (13 pairs, 78 suited, 78 offsuit) in one fixed order.

The order is the 13x13 grid read row by row, ranks ace first (``AKQJT98765432``): the
class at grid row ``i``, column ``j`` has index ``13 * i + j``, so any 169-vector in this
order reshapes to the grid with ``.reshape(13, 13)``.

* ``i == j``: the pair of that rank (``AA`` at index 0, ``22`` at index 168);
* ``i < j``, above the diagonal: suited, the row's rank high (``AKs`` at index 1);
* ``i > j``, below the diagonal: offsuit, the column's rank high (``AKo`` at index 13).

>>> CLASS_NAMES[:3], CLASS_NAMES[13], CLASS_NAMES[168], len(CLASS_NAMES)
(('AA', 'AKs', 'AQs'), 'AKo', '22', 169)
>>> class_index("AKo"), class_index("72o"), grid_position(class_index("72o"))
(13, 163, (12, 7))
>>> import numpy as np
>>> classes_of(np.array([[51, 50], [51, 47], [47, 50], [20, 1]])).tolist()
[0, 1, 13, 163]
>>> CLASS_SIZES[:2].tolist(), int(CLASS_SIZES.sum())
([6, 4], 1326)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .errors import RangeError

__all__ = ["CLASS_NAMES", "CLASS_SIZES", "GRID_RANKS", "class_combos", "class_index", "classes_of",
           "grid_position"]

GRID_RANKS = "AKQJT98765432"
"""Rank letters of the grid's rows and columns, ace first."""


def _name(i: int, j: int) -> str:
    if i == j:
        return GRID_RANKS[i] * 2
    if i < j:
        return GRID_RANKS[i] + GRID_RANKS[j] + "s"
    return GRID_RANKS[j] + GRID_RANKS[i] + "o"


CLASS_NAMES: tuple[str, ...] = tuple(_name(i, j) for i in range(13) for j in range(13))
"""The 169 class names (``"AA"``, ``"AKs"``, ``"AKo"``, ...) in grid order (see the module)."""

_INDEX = {name: i for i, name in enumerate(CLASS_NAMES)}

CLASS_SIZES: npt.NDArray[np.int64] = np.array(
    [6 if name[0] == name[1] else (4 if name.endswith("s") else 12) for name in CLASS_NAMES], dtype=np.int64)
"""Combos of each class: 6 per pair, 4 per suited class, 12 per offsuit class."""
CLASS_SIZES.flags.writeable = False


def class_index(name: str) -> int:
    """Index 0..168 of a class name; ranks in either order and any case (``"kao"`` is ``AKo``).

    Raises
    ------
    RangeError
        If ``name`` is not a pair, or two ranks followed by ``s`` or ``o``.
    """
    text = name.strip() if isinstance(name, str) else ""
    if len(text) in (2, 3):
        r1, r2, kind = text[0].upper(), text[1].upper(), text[2:].lower()
        if r1 in GRID_RANKS and r2 in GRID_RANKS:
            hi, lo = sorted((r1, r2), key=GRID_RANKS.index)
            key = hi + lo + kind if hi != lo else (hi + lo if not kind else "")
            if key in _INDEX:
                return _INDEX[key]
    raise RangeError(f"bad hand class {name!r}: expected a pair (QQ) or two ranks and s/o (AKs, T9o)")


def grid_position(index: int) -> tuple[int, int]:
    """``(row, column)`` of class ``index`` in the 13x13 grid."""
    if not 0 <= int(index) < 169:
        raise ValueError(f"class index must be 0..168, got {index}")
    row, col = divmod(int(index), 13)
    return row, col


def classes_of(combos: npt.ArrayLike) -> npt.NDArray[np.intp]:
    """Class index of each two-card combo of an ``(..., 2)`` array of card ids (any order).

    Raises
    ------
    ValueError
        If the last axis is not 2, a card id is outside 0-51, or a combo repeats a card.
    """
    arr = np.asarray(combos)
    if arr.ndim < 1 or arr.shape[-1] != 2:
        raise ValueError(f"combos must have shape (..., 2), got {arr.shape}")
    if arr.dtype.kind not in "iu" or (arr.size and (arr.min() < 0 or arr.max() > 51)):
        raise ValueError("combos must hold integer card ids 0-51")
    a, b = arr[..., 0].astype(np.intp), arr[..., 1].astype(np.intp)
    if np.any(a == b):
        raise ValueError("a combo holds the same card twice")
    # Grid row/column of a rank: ace (12) is 0, deuce (0) is 12.
    hi = 12 - np.maximum(a >> 2, b >> 2)
    lo = 12 - np.minimum(a >> 2, b >> 2)
    suited = (a & 3) == (b & 3)
    row = np.where(suited, hi, lo)
    col = np.where(suited, lo, hi)
    return np.asarray(13 * row + col, dtype=np.intp)


def class_combos(index: int) -> npt.NDArray[np.uint8]:
    """The combos of class ``index`` as an ``(m, 2)`` uint8 array, higher card id first,
    rows in descending order (``m`` is 6, 4 or 12)."""
    row, col = grid_position(index)
    r1, r2 = 12 - min(row, col), 12 - max(row, col)
    out = []
    for s1 in range(3, -1, -1):
        for s2 in range(3, -1, -1):
            a, b = 4 * r1 + s1, 4 * r2 + s2
            if row == col and a <= b:
                continue
            if (row < col) != (s1 == s2) and row != col:
                continue
            out.append((a, b))
    return np.array(sorted(out, reverse=True), dtype=np.uint8)
