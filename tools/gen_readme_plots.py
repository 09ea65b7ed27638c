"""Generate the pictures of the docs pages (docs/analysis.md) into docs/images/.

Run from the repository root after building the package with the ``plot`` extra:

    python tools/gen_readme_plots.py

Writes one small PNG per kind of plot (``equity.png``, ``next_card.png``, ``matrix.png``,
``range_grid.png``, ``hit_chart.png``). A plot function this version of fastholdem lacks is
skipped with a note on stderr. Open every picture after regenerating it: each must read at
a glance.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import fastholdem as fh
from fastholdem import plot

OUT = Path(__file__).resolve().parent.parent / "docs" / "images"
DPI = 80


def pictures() -> dict[str, Callable[[], Any] | None]:
    """File name -> a function drawing the Figure (None when this version cannot draw it)."""
    out: dict[str, Callable[[], Any] | None] = {
        "equity.png": lambda: plot.equity_bars(fh.equity(["AhKh", "QsQd", "7c7d"], board="Td7h2h", dead="3s")),
        "next_card.png": lambda: plot.next_card(fh.next_card(["AhKh", "QsQd"], board="Td7h2h")),
        "matrix.png": lambda: plot.matrix(classes=["AA", "KK", "QQ", "AKs", "AKo", "JTs", "A5s", "76s", "22",
                                                   "72o"]),
    }
    range_grid = getattr(plot, "range_grid", None)
    out["range_grid.png"] = (None if range_grid is None
                             else lambda: range_grid("QQ+, AJs+, KQs, AKo, A5s-A2s, 76s"))
    hit_chart = getattr(plot, "hit_chart", None)
    out["hit_chart.png"] = (None if hit_chart is None
                            else lambda: hit_chart(fh.board_hits(fh.Range("QQ+, AJs+, KQs, AKo, A5s-A2s, 76s"), "Th9h4c")))
    return out


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, draw in pictures().items():
        if draw is None:
            print(f"skipped {name}: this fastholdem has no such plot yet", file=sys.stderr)
            continue
        path = plot.save(draw(), OUT / name, dpi=DPI)
        print(f"wrote {path} ({Path(path).stat().st_size:,} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
