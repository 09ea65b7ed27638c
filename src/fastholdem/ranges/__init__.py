"""Hand ranges as values: range text, the 1,326 combos, the 169 classes and their % orders.

The bottom of the package is :mod:`~fastholdem.ranges.combos` (the canonical combo order),
then :mod:`~fastholdem.ranges.classes` (the 169 classes, the grid, the percentage orders read
from shipped data) and :mod:`~fastholdem.ranges.range` (:class:`Range`). Nothing here imports
equity or analysis: what needs equities takes a Range from above
(:func:`fastholdem.analysis.equity_by_class`, :func:`fastholdem.analysis.board_hits`).

>>> from fastholdem.ranges import Range
>>> len(Range("AKs, QQ+")), N_COMBOS
(22, 1326)
"""

from __future__ import annotations

from .combos import N_COMBOS, ComboLike
from .range import Range

__all__ = ["Range", "N_COMBOS", "ComboLike"]
