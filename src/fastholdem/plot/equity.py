"""Equity bars: each player's win share and tie share, with error bars for Monte Carlo."""

from __future__ import annotations

from typing import Any

from ..equity.result import EquityResult
from ._backend import pyplot

__all__ = ["equity_bars"]


def equity_bars(result: EquityResult) -> Any:
    """A bar chart of each player's equity (win + tie share) as a matplotlib Figure.

    Monte Carlo results get error bars of two standard errors.

    Examples
    --------
    >>> from fastholdem import equity
    >>> fig = equity_bars(equity(["AhKh", "QsQd"], board="Td7c2s"))
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()]
    ['AhKh', 'QsQd']
    """
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(1.2 + 1.1 * len(result.players), 3.2))
    x = range(len(result.players))
    ties = result.equity - result.win
    ax.bar(x, result.win, label="win")
    ax.bar(x, ties, bottom=result.win, label="tie share")
    if not result.exact:
        ax.errorbar(x, result.equity, yerr=2 * result.stderr, fmt="none", ecolor="black", capsize=3)
    ax.set_xticks(list(x), result.players)
    ax.set_ylabel("equity")
    ax.set_ylim(0, 1)
    where = f"board {result.board}" if result.board else "preflop"
    ax.set_title(where + (" (exact)" if result.exact else " (Monte Carlo, ±2 s.e.)"))
    ax.legend()
    fig.tight_layout()
    return fig
