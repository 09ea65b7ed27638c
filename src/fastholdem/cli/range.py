"""The ``range`` subcommand of the ``fastholdem`` command line: combos, grid and hit chart.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="fastholdem")
>>> register(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["range", "AKs,QQ+", "--board", "Td7c2s"])
>>> args.range, args.board, args.order
('AKs,QQ+', 'Td7c2s', 'vs1')
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import numpy as np
import numpy.typing as npt

from ..analysis.board_hits import BoardHits, board_hits
from ..ranges import N_COMBOS, Range
from ..ranges.classes import CLASS_NAMES, ORDERS
from ._report import wrote

__all__ = ["register", "grid_text"]


def grid_text(grid: npt.NDArray[np.float64]) -> str:
    """The 13x13 grid of :meth:`Range.grid` as text: class names in the range, ``.`` elsewhere.

    A class partly in the range (weight below 1 or some combos only) is marked ``*`` and
    listed under the grid with its mean weight.

    >>> print(grid_text(Range("AA, AKs:0.5").grid()).splitlines()[0])
     AA  AKs*  .    .    .    .    .    .    .    .    .    .    .
    """
    lines, partial = [], []
    for row in range(13):
        cells = []
        for col in range(13):
            weight, name = float(grid[row, col]), CLASS_NAMES[13 * row + col]
            if weight <= 0:
                cells.append(f"{'.':^4}")
            elif weight >= 1:
                cells.append(f"{name:^4}")
            else:
                cells.append(f"{name + '*':^4}")
                partial.append(f"{name} {100 * weight:.4g}%")
        lines.append(" ".join(cells).rstrip())
    if partial:
        lines.append("* partly in range (mean weight): " + ", ".join(partial))
    return "\n".join(lines)


def _cmd_range(args: argparse.Namespace) -> int:
    rng = Range(args.range, order=args.order)
    weight = float(rng.weights.sum())
    hits = board_hits(rng, args.board) if args.board else None
    if args.json:
        out: dict[str, Any] = {"range": str(rng), "combos": len(rng), "weighted_combos": weight,
                               "percent": 100 * weight / N_COMBOS, "grid": rng.grid().tolist()}
        if hits is not None:
            out["hits"] = hits.to_dict()
        text = json.dumps(out, indent=2)
    else:
        lines = [f"range {str(rng) or '(empty)'}",
                 f"combos {len(rng)} (weighted {weight:g}), {100 * weight / N_COMBOS:.2f}% of {N_COMBOS}",
                 grid_text(rng.grid())]
        text = "\n".join(lines + ([str(hits)] if hits is not None else []))
    # Draw first, so that a bad --plot path (or no matplotlib) fails before anything is printed.
    written = _plot(rng, hits, args.plot) if args.plot else None
    print(text)
    if written is not None:
        wrote(written)
    return 0


def _plot(rng: Range, hits: BoardHits | None, path: str) -> str:
    """Write the hit chart (with a board) or the grid to ``path``; returns the path written.
    Without matplotlib: ImportError naming ``pip install ".[plot]"``."""
    from ..plot import hit_chart, range_grid, save

    return save(hit_chart(hits) if hits is not None else range_grid(rng), path)


def register(sub: Any) -> None:
    """Add the ``range`` command to the subparsers ``sub`` of the ``fastholdem`` parser.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="fastholdem")
    >>> register(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["range", "AKs,QQ+", "--board", "Td7c2s"])
    >>> args.command, args.board
    ('range', 'Td7c2s')
    """
    cmd = sub.add_parser(
        "range", help="combos, 13x13 grid and board hit chart of a range",
        description="Show a range, e.g.: fastholdem range \"AKs,QQ+,A5s-A2s\" --board Td7c2s; "
                    "percentages take the strongest hands: fastholdem range 15%",
    )
    cmd.add_argument("range", help="range text, e.g. \"AKs,QQ+,A5s-A2s\", \"10%%\", \"5-15%%,A5s-A2s\"")
    cmd.add_argument("--board",
                     help="3-5 board cards: also print how the range hits it (made hands, draws)")
    cmd.add_argument("--order", default="vs1", choices=ORDERS,
                     help="ordering for percentages: equity against 1 (default, exact) to 9 random hands")
    cmd.add_argument("--json", action="store_true", help="print JSON")
    cmd.add_argument("--plot", metavar="PNG",
                     help="also draw the grid (or, with --board, the hit chart) to this file "
                          "(needs matplotlib)")
    cmd.set_defaults(func=_cmd_range, flags={"order": "--order", "board": "--board"})
