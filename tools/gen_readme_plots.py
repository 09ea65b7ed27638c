"""Generate the pictures of the docs pages (docs/analysis.md) into docs/images/.

Run from the repository root after building the package with the ``plot`` extra:

    python tools/gen_readme_plots.py

Writes one small PNG per kind of plot (``equity.png``, ``next_card.png``, ``matrix.png``,
``range_grid.png``, ``hit_chart.png``, ``solver_grid.png``, ``solver_report.png``, and ``ev_graph.png``: the hand-history graph of a tight
player over 20,000 simulated 6-max hands, from ``fastholdem hh stats``). A plot function this version of fastholdem lacks is
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
    ev_graph = getattr(plot, "ev_graph", None)
    out["ev_graph.png"] = None if ev_graph is None else _ev_graph
    strategy_grid = getattr(plot, "strategy_grid", None)
    out["solver_grid.png"] = None if strategy_grid is None else _solver_grid
    aggregate_bars = getattr(plot, "aggregate_bars", None)
    out["solver_report.png"] = None if aggregate_bars is None else _solver_report
    return out


def _solver_grid() -> Any:
    """IP's river strategy after OOP checks, on postflop-solver's README spot (docs/solver.md)."""
    oop = "22+,A2s+,A8o+,K7s+,K9o+,Q8s+,Q9o+,J8s+,J9o+,T8+,97+,86+,75+,64s+,65o,54,43s"
    ip = "22+,A4s+,A9o+,K9s+,KTo+,Q9s+,QTo+,J9+,T9,98s,87s,76s,65s"
    sol = fh.solve(oop, ip, "Td9d6hQc3s", pot=60, stack=370, sizes="50%", target=0.5)
    return plot.strategy_grid(sol.node("check"), title="IP after OOP checks: river Td9d6h Qc 3s, pot 60")


def _solver_report() -> Any:
    """OOP's flop strategy at the root on 100 random flops of the 1,755 (docs/solver.md)."""
    report = fh.solver.aggregate_report(REPORT_OOP, REPORT_IP, "all", sample=100, seed=30, pot=10, stack=10,
                                        sizes="100%", max_iterations=50, progress=True)
    return plot.aggregate_bars(report, title="OOP's flop c-bet (all-in, SPR 1) on 100 random flops of the 1,755")


REPORT_OOP = "AA,KK,QQ,AK,A5s,76s"
REPORT_IP = "JJ,TT,99,AQs,KQs,JTs"


def _ev_graph() -> Any:
    """The graph of ``fastholdem hh stats --hero tight0 --plot`` over a simulated session."""
    import io
    import os
    import tempfile

    from fastholdem import simulate
    from fastholdem.history.stats import stats_files

    text = io.StringIO()
    simulate(["tight", "random", "station", "tight", "random", "station"], 20_000, seed=2026, phh=text,
             progress=False)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "session.phhs")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text.getvalue())
        report = stats_files([path], hero="tight0")
    series = report.series
    assert series is not None
    return plot.ev_graph(series.net, series.allin_ev, series.showdown,
                         title="tight0: 20,000 simulated 6-max hands (hh stats --plot)")


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
