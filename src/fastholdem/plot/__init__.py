"""Plots of fastholdem results (needs matplotlib: ``pip install "fastholdem[plot]"``).

Every function returns the matplotlib ``Figure`` so that it can be restyled or saved; none
shows a window. One module per subject:

* :mod:`.equity` -- equity bars per player (the CLI's ``equity --plot``).
* :mod:`.ranges` -- the 13x13 range grid and a range's hit chart on a board (``fastholdem range``).
* :mod:`.matrix` -- heatmap of class-against-class equity (:func:`fastholdem.preflop_matrix`).
* :mod:`.next_card` -- equity after each next card (:func:`fastholdem.next_card`).

>>> import matplotlib.pyplot as plt
>>> fig = range_grid("QQ+, AKs")
>>> type(fig).__name__, len(fig.axes) >= 1
('Figure', True)
>>> plt.close(fig)
"""

from __future__ import annotations

from ._backend import save
from .equity import equity_bars
from .matrix import matrix
from .next_card import next_card
from .ranges import hit_chart, range_grid

__all__ = ["equity_bars", "hit_chart", "matrix", "next_card", "range_grid", "save"]
