"""The hand-history graph of poker trackers: cumulative winnings, all-in EV, showdown and non-showdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ._backend import pyplot
from ..errors import InputError

__all__ = ["ev_graph"]


def ev_graph(
    net: Sequence[float],
    allin_ev: Sequence[float],
    showdown: Sequence[int | bool],
    *,
    title: str | None = None,
) -> Any:
    """Four cumulative lines over the hands played, in big blinds, as a matplotlib Figure.

    Parameters
    ----------
    net:
        The result of each hand in big blinds, in the order played.
    allin_ev:
        The same with all-in hands at their all-in EV (:mod:`fastholdem.history.allin_ev`).
    showdown:
        Whether each hand went to showdown: the green line (net won) is split into the blue
        showdown line and the red non-showdown line, which add up to it.
    title:
        Title of the chart (default: the number of hands).

    Examples
    --------
    >>> fig = ev_graph([1.5, -2.0, 10.0], [1.5, -2.0, 4.0], [0, 1, 1])
    >>> [line.get_label() for line in fig.axes[0].get_lines()][:4]
    ['net won (+9.5 bb)', 'all-in EV (+3.5 bb)', 'showdown (+8.0 bb)', 'non-showdown (+1.5 bb)']
    """
    plt = pyplot()
    won = np.asarray(net, dtype=np.float64)
    ev = np.asarray(allin_ev, dtype=np.float64)
    sd = np.asarray(showdown, dtype=bool)
    if not len(won) == len(ev) == len(sd):
        raise InputError(
            f"net, allin_ev and showdown need one entry per hand, got {len(won)}, {len(ev)}, {len(sd)}"
        )
    x = np.arange(1, len(won) + 1)
    lines = (
        ("net won", np.cumsum(won), "#2ca02c", 1.6),
        ("all-in EV", np.cumsum(ev), "#ff7f0e", 1.2),
        ("showdown", np.cumsum(np.where(sd, won, 0.0)), "#1f77b4", 1.0),
        ("non-showdown", np.cumsum(np.where(sd, 0.0, won)), "#d62728", 1.0),
    )
    fig, ax = plt.subplots(figsize=(8, 4.2))
    for label, y, color, width in lines:
        last = float(y[-1]) if len(y) else 0.0
        amount = f"{last:+,.1f}" if abs(last) < 1000 else f"{last:+,.0f}"
        ax.plot(x, y, color=color, linewidth=width, label=f"{label} ({amount} bb)")
    ax.axhline(0, color="0.6", linewidth=0.8)
    ax.set_xlabel("hands")
    ax.set_ylabel("big blinds won")
    ax.set_title(title or f"{len(won):,} hands", fontsize=10)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left", fontsize=8, frameon=False)
    fig.tight_layout()
    return fig
