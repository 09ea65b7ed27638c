"""Equity bars: each player's win share and tie share, with error bars for Monte Carlo."""

from __future__ import annotations

from typing import Any

from ..equities.result import EquityResult
from ._backend import pyplot

__all__ = ["equity_bars"]


def equity_bars(result: EquityResult) -> Any:
    """A bar chart of each player's equity (win + tie share) as a matplotlib Figure.

    Each bar is labelled with the equity in percent; the title names the board (or
    "preflop") and the dead cards, and says how the result was computed. Monte Carlo
    results get error bars of two standard errors.

    Examples
    --------
    >>> from fastholdem import equity
    >>> fig = equity_bars(equity(["AhKh", "QsQd"], board="Td7c2s"))
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()]
    ['AhKh', 'QsQd']
    >>> fig.axes[0].get_title()
    'board Td7c2s: exact, 990 deals enumerated'
    >>> sorted(t.get_text() for t in fig.axes[0].texts)
    ['24.7%', '75.3%']
    """
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(2.4 + 1.1 * len(result.players), 3.4))
    x = range(len(result.players))
    ties = result.equity - result.win
    ax.bar(x, result.win, label="win")
    ax.bar(x, ties, bottom=result.win, label="tie share")
    if not result.exact:
        ax.errorbar(x, result.equity, yerr=2 * result.stderr, fmt="none", ecolor="black", capsize=3)
    top = result.equity + (0 if result.exact else 2 * result.stderr)
    for i, (e, y) in enumerate(zip(result.equity, top)):
        ax.text(i, y + 0.02, f"{e:.1%}", ha="center", va="bottom", fontsize=9)
    ax.set_xticks(list(x), result.players)
    ax.set_ylabel("equity")
    ax.set_ylim(0, 1.15)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0])
    where = f"board {result.board}" if result.board else "preflop"
    if result.dead:
        where += f", dead {result.dead}"
    how = (f"exact, {result.deals:,} deals enumerated" if result.exact
           else f"Monte Carlo, {result.deals:,} deals sampled, ±2 s.e.")
    ax.set_title(f"{where}: {how}", fontsize=10)
    ax.legend(loc="upper right", fontsize=8, frameon=False)
    fig.tight_layout()
    return fig
