"""Analysis above the equity engines: preflop tables, next-card equities, hit charts and
equity by hand class. Each function takes hands or a :class:`fastholdem.Range` and calls
:mod:`fastholdem.equities` or the compiled core.

>>> from fastholdem import Range
>>> hits = board_hits(Range("AKs, QQ+"), "Td7c2s")
>>> hits.total
22.0
"""

from __future__ import annotations

from .board_hits import BoardHits, board_hits
from .by_class import equity_by_class
from .outs import NextCardResult, next_card
from .preflop import headsup_equity, preflop_matrix, preflop_vs_random, preflop_vs_random_stderr

__all__ = [
    "BoardHits",
    "NextCardResult",
    "board_hits",
    "equity_by_class",
    "headsup_equity",
    "next_card",
    "preflop_matrix",
    "preflop_vs_random",
    "preflop_vs_random_stderr",
]
