"""Plots of fastholdem results (needs matplotlib: ``pip install "fastholdem[plot]"``).

Every function returns the matplotlib ``Figure`` so that it can be restyled or saved; none
shows a window. One module per subject:

* :mod:`.equity` -- equity bars per player (the CLI's ``equity --plot``).
* :mod:`.matrix` -- heatmap of class-against-class equity (:func:`fastholdem.preflop_matrix`).
* :mod:`.next_card` -- equity after each next card (:func:`fastholdem.next_card`).
"""

from __future__ import annotations

from ._backend import save
from .equity import equity_bars
from .matrix import matrix
from .next_card import next_card

__all__ = ["equity_bars", "matrix", "next_card", "save"]
