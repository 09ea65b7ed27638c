"""A solver node's strategy on the 13x13 grid of hand classes (:class:`fastholdem.solver.Node`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import InputError
from ..ranges.classes import CLASS_NAMES
from ..solver import Node
from ._backend import action_colours, pyplot, square_grid

__all__ = ["strategy_grid"]

_ABSENT = "#f1f1f1"
_EDGE = "#ffffff"


def strategy_grid(node: Node, *, title: str | None = None) -> Any:
    """Draw the acting player's strategy at a solver node on the 13x13 grid, as a Figure.

    Each hand class is a cell split from left to right into its actions' reach-weighted
    frequencies (:meth:`fastholdem.solver.Node.grid`): fold blue, check and call green, bets and
    raises from orange to dark red as they grow. Classes the player does not hold at the node
    stay grey. The legend gives each action's share of the whole range
    (:meth:`~fastholdem.solver.Node.frequencies`). The layout is that of
    :meth:`fastholdem.Range.grid`: ``A K Q ... 2`` from the top left, pairs on the diagonal,
    suited hands above it.

    Parameters
    ----------
    node : fastholdem.solver.Node
        An action node, from :meth:`fastholdem.solver.Solution.node`.
    title : str, optional
        Default: the player and the actions that lead to the node.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> import fastholdem as fh
    >>> import matplotlib.pyplot as plt
    >>> sol = fh.solve("AA,KK,QQ,AKs,76s", "JJ,TT,AQs,KQs", "Td9d6hQc3s", pot=60, stack=370,
    ...                sizes="50%", target=1.0)
    >>> fig = strategy_grid(sol.node())
    >>> fig.axes[0].get_title()
    'OOP to act at the root'
    >>> fig = strategy_grid(sol.node("check", "bet 30"), title="OOP facing a half-pot bet")
    >>> [t.get_text() for t in fig.axes[0].get_legend().get_texts()][0].startswith("fold: ")
    True
    >>> plt.close(fig)
    """
    if not isinstance(node, Node):
        raise InputError(f"node must be a fastholdem.solver.Node (from Solution.node), got {type(node).__name__}")
    if node.strategy is None or not isinstance(node.player, int):
        raise InputError(f"node must be an action node; this one is {node.player!r} (path {list(node.path)})")
    plt = pyplot()
    from matplotlib.patches import Patch, Rectangle  # type: ignore[import-not-found, unused-ignore]

    grid = node.grid()
    colours = action_colours(node.actions)
    fig, ax = plt.subplots(figsize=(7.2, 7.4))
    for row in range(13):
        for col in range(13):
            x, y = col, 12 - row
            shares = grid[:, row, col]
            held = not bool(np.isnan(shares).any())
            if held:
                left = 0.0
                for share, colour in zip(shares.tolist(), colours):
                    if share > 0:
                        ax.add_patch(Rectangle((x + left, y), share, 1, facecolor=colour, edgecolor="none"))
                        left += share
            else:
                ax.add_patch(Rectangle((x, y), 1, 1, facecolor=_ABSENT, edgecolor="none"))
            ax.add_patch(Rectangle((x, y), 1, 1, facecolor="none", edgecolor=_EDGE, linewidth=0.8))
            ax.text(x + 0.5, y + 0.5, CLASS_NAMES[13 * row + col], ha="center", va="center", fontsize=8,
                    color="black" if held else "#9a9a9a", fontweight="bold" if held else "normal")
    square_grid(ax)
    if title is None:
        who = "OOP" if node.player == 0 else "IP"
        where = "at the root" if not node.path else "after " + ", ".join(node.path)
        title = f"{who} to act {where}"
    ax.set_title(title, fontsize=10)
    totals = node.frequencies()
    handles = [Patch(facecolor=colour, label=f"{action}: {100 * totals[action]:.1f}%")
               for action, colour in zip(node.actions, colours)]
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.01), ncol=min(len(handles), 4),
              frameon=False, fontsize=9)
    fig.tight_layout()
    return fig
