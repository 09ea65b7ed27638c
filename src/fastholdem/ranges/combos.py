"""The canonical order of the 1,326 two-card combos: the bottom of :mod:`fastholdem.ranges`.

Combo ``i`` is ``_ALL_COMBOS[i]`` (higher card id first, rows sorted by descending high then
low card); ``_COMBO_INDEX[a, b]`` is the row of the combo of cards ``a`` and ``b``.

>>> N_COMBOS, _ALL_COMBOS[0].tolist(), int(_COMBO_INDEX[51, 50])
(1326, [51, 50], 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Union

import numpy as np
import numpy.typing as npt

from ..cards import CardLike

__all__ = ["N_COMBOS", "ComboLike"]

N_COMBOS = 1326
"""Number of distinct two-card combos in a 52-card deck."""

ComboLike = Union[str, Sequence[CardLike]]
"""One combo: text such as ``"AhKh"`` or a pair of card ids/texts."""


def _build_combo_table() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.intp]]:
    hi, lo = (a[::-1] for a in np.tril_indices(52, -1))  # hi descending, then lo descending
    table = np.stack([hi, lo], axis=1).astype(np.uint8)
    table.flags.writeable = False
    index = np.full((52, 52), -1, dtype=np.intp)
    index[hi, lo] = index[lo, hi] = np.arange(len(hi))
    index.flags.writeable = False
    return table, index


# _ALL_COMBOS[i] is the i-th combo of the canonical order; _COMBO_INDEX[a, b] is its row.
_ALL_COMBOS, _COMBO_INDEX = _build_combo_table()

