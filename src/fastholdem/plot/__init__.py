"""Plots of fastholdem results (needs matplotlib: ``pip install "fastholdem[plot]"``).

Every function returns the matplotlib ``Figure`` so that it can be restyled or saved; none
shows a window. One module per subject:

* :mod:`.equity` -- equity bars per player (the CLI's ``equity --plot``).
* :mod:`.ranges` -- the 13x13 range grid and a range's hit chart on a board (``fastholdem range``).
"""

from __future__ import annotations

from ._backend import save
from .equity import equity_bars
from .ranges import hit_chart, range_grid

__all__ = ["equity_bars", "save"]
__all__ += ["range_grid", "hit_chart"]
