"""matplotlib, imported on first use with a non-interactive backend, and saving figures."""

from __future__ import annotations

import os
from typing import Any

from .._validate import output_file


def pyplot() -> Any:
    """``matplotlib.pyplot`` on the Agg backend; ImportError names the extra to install."""
    try:
        import matplotlib  # type: ignore[import-not-found, unused-ignore]

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]
    except ImportError as exc:  # optional dependency
        raise ImportError('plots need matplotlib: pip install ".[plot]" in the fastholdem checkout '
                          '(or pip install matplotlib)') from exc
    return plt


def save(fig: Any, path: str | os.PathLike[str], dpi: int = 120) -> str:
    """Write ``fig`` to ``path`` and close it; returns the absolute path written.

    >>> import os, tempfile
    >>> import fastholdem as fh
    >>> from fastholdem import plot
    >>> path = plot.save(plot.equity_bars(fh.equity(["AhKh", "QsQd"], board="Td7h2h")),
    ...                  os.path.join(tempfile.mkdtemp(), "bars.png"), dpi=40)
    >>> os.path.isabs(path), os.path.getsize(path) > 0
    (True, True)

    Raises
    ------
    ValueError
        The folder of ``path`` does not exist, or ``path`` is a folder.

    The figure is written to a temporary file renamed over ``path`` at the end: an error or
    Ctrl-C while drawing leaves ``path`` as it was and no partial file.
    """
    suffix = os.path.splitext(os.fspath(path))[1][1:]
    try:
        with output_file(path, binary=True) as fh:  # whole or not at all
            fig.savefig(fh, dpi=dpi, format=suffix or None)  # the format of the name, as a path gives
    finally:
        pyplot().close(fig)
    return os.path.abspath(path)


def square_grid(ax: Any) -> None:
    """Make ``ax`` the bare 13x13 board of hand classes: unit cells, no ticks, no frame."""
    ax.set_xlim(0, 13)
    ax.set_ylim(0, 13)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    for side in ax.spines.values():
        side.set_visible(False)


_PASSIVE = {"fold": "#5b8fd6", "check": "#62b06a", "call": "#62b06a"}
_AGGRESSIVE = ("#f0a35e", "#e0703a", "#c9452b", "#9e2a1f", "#6e1a14")  # smallest size first


def action_colours(actions: tuple[str, ...]) -> list[str]:
    """A colour per solver action: fold blue, check and call green, bets and raises from
    orange to dark red by size (in the order given, smallest first), the same in every plot.

    >>> action_colours(("check", "bet 30", "allin 370"))
    ['#62b06a', '#f0a35e', '#e0703a']
    """
    sized = [a for a in actions if a.split()[0] not in _PASSIVE]
    return [_PASSIVE.get(a.split()[0]) or _AGGRESSIVE[min(sized.index(a), len(_AGGRESSIVE) - 1)]
            for a in actions]
