"""Plots of fastholdem results (needs matplotlib: ``pip install "fastholdem[plot]"``).

Every function returns the matplotlib ``Figure`` so that it can be restyled or saved; none
shows a window. One module per subject:

* :mod:`.equity` -- equity bars per player (the CLI's ``equity --plot``).
"""

from __future__ import annotations

from ._backend import save
from .equity import equity_bars

__all__ = ["equity_bars", "save"]
