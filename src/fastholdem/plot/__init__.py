"""Plots of fastholdem results (needs matplotlib: ``pip install ".[plot]"`` from a checkout).

Every function returns the matplotlib ``Figure`` so that it can be restyled or saved; none
shows a window. One module per subject:

* :mod:`.equity` -- equity bars per player (the CLI's ``equity --plot``).
* :mod:`.ranges` -- the 13x13 range grid and a range's hit chart on a board (``fastholdem range``).
* :mod:`.matrix` -- heatmap of class-against-class equity (:func:`fastholdem.preflop_matrix`).
* :mod:`.next_card` -- equity after each next card (:func:`fastholdem.next_card`).
* :mod:`.ev_graph` -- a player's cumulative winnings, all-in EV, showdown and non-showdown lines
  (``fastholdem hh stats --plot``).
* :mod:`.strategy` -- a solver node's strategy on the 13x13 grid (:func:`fastholdem.solve`).
* :mod:`.report` -- an aggregate report's action frequencies per flop
  (:func:`fastholdem.solver.aggregate_report`).

>>> import matplotlib.pyplot as plt
>>> fig = range_grid("QQ+, AKs")
>>> type(fig).__name__, len(fig.axes) >= 1
('Figure', True)
>>> plt.close(fig)
"""

from __future__ import annotations

from ._backend import save
from .equity import equity_bars
from .ev_graph import ev_graph
from .matrix import matrix
from .next_card import next_card
from .ranges import hit_chart, range_grid
from .report import aggregate_bars
from .strategy import strategy_grid

__all__ = ["aggregate_bars", "equity_bars", "ev_graph", "hit_chart", "matrix", "next_card", "range_grid", "save", "strategy_grid"]
