"""An aggregate report's action frequencies per flop as stacked bars
(:func:`fastholdem.solver.aggregate_report`), as PioSOLVER's aggregated-report chart draws them."""

from __future__ import annotations

from typing import Any

from ..cards import parse_cards
from ..errors import InputError, InputTypeError
from ..solver import AggregateReport, FlopRow, flop_texture
from ._backend import action_colours, pyplot

__all__ = ["aggregate_bars"]

_RANKS = "23456789TJQKA"
_SUITS = {"monotone": 0, "two-tone": 1, "rainbow": 2}
_PAIRS = {"unpaired": 0, "paired": 1, "trips": 2}
_UNREACHED = "#d9d9d9"
_LABEL_EACH = 40  # at most this many flops are named one by one under the bars


def _ranks(row: FlopRow) -> tuple[int, ...]:
    return tuple(sorted((c // 4 for c in parse_cards(row.flop)), reverse=True))


def _order(rows: tuple[FlopRow, ...], sort: str) -> list[FlopRow]:
    if sort == "high card":
        return sorted(rows, key=lambda r: tuple(-x for x in _ranks(r)))
    if sort == "texture":
        def key(r: FlopRow) -> tuple[int, ...]:
            suits, pairs = flop_texture(r.flop)
            return (_SUITS[suits], _PAIRS[pairs], *(-x for x in _ranks(r)))
        return sorted(rows, key=key)
    return sorted(rows, key=lambda r: -r.frequencies.get(sort, -1.0) if r.frequencies else 1.0)


def _group(row: FlopRow, sort: str) -> str:
    if sort == "high card":
        return _RANKS[_ranks(row)[0]] + "-high"
    suits, pairs = flop_texture(row.flop)
    return suits if pairs == "unpaired" else f"{suits} {pairs}"


def aggregate_bars(report: AggregateReport, *, sort: str = "high card", title: str | None = None) -> Any:
    """Draw an aggregate report as a Figure: one bar per flop, split from the bottom up into
    the acting player's action frequencies at the node, and the weighted overall bar at the
    right.

    The colours are those of :func:`strategy_grid` (fold blue, check and call green, bets and
    raises orange to dark red as they grow); a flop where the player never reaches the node is
    a grey bar. Up to 40 flops are named under their bars; more are grouped (by high card, or
    by texture), a tick at the start of each group.

    Parameters
    ----------
    report : fastholdem.solver.AggregateReport
    sort : str
        ``"high card"`` (default: aces first, then by the next cards), ``"texture"``
        (monotone, two-tone, rainbow; unpaired, paired, trips; then high card), or an action
        of the report (its frequency, highest first).
    title : str, optional
        Default: the player, the node and the number of flops.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> import fastholdem as fh
    >>> import matplotlib.pyplot as plt
    >>> rep = fh.solver.aggregate_report("AA,KK,76s", "QQ,JJ,AQs", ["Td9d6h", "AsKd2c", "7c7d2h"], pot=10,
    ...                                  stack=10, sizes="100%", max_iterations=10, progress=False)
    >>> fig = aggregate_bars(rep)       # high card first
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()]
    ['AsKd2c', 'Td9d6h', '7c7d2h', 'overall']
    >>> plt.close(fig)
    """
    if not isinstance(report, AggregateReport):
        raise InputTypeError(f"report must be a fastholdem.solver.AggregateReport (from aggregate_report), "
                             f"got {type(report).__name__}")
    if not isinstance(sort, str) or sort not in ("high card", "texture", *report.actions):
        raise InputError(f"sort must be 'high card', 'texture' or an action of the report "
                         f"({', '.join(report.actions)}), got {sort!r}")
    plt = pyplot()
    from matplotlib.patches import Patch  # type: ignore[import-not-found, unused-ignore]

    rows = _order(report.rows, sort)
    colours = action_colours(report.actions)
    n = len(rows)
    xs = [*range(n), n + 0.5 + 0.5 * (n > _LABEL_EACH) * n / 40]  # the overall bar after a gap
    width = 0.8 if n <= _LABEL_EACH else 1.0
    fig, ax = plt.subplots(figsize=(min(4.0 + 0.32 * n, 12.0) if n <= _LABEL_EACH else 12.0, 4.8))
    for x, row in zip(xs, (*rows, report.overall)):
        if not row.frequencies:
            ax.bar(x, 1.0, width=width, color=_UNREACHED, linewidth=0)
            continue
        bottom = 0.0
        for action, colour in zip(report.actions, colours):
            share = row.frequencies.get(action, 0.0)
            ax.bar(x, share, bottom=bottom, width=width, color=colour, linewidth=0)
            bottom += share
    if n <= _LABEL_EACH:
        ax.set_xticks(xs)
        ax.set_xticklabels([r.flop for r in rows] + ["overall"], rotation=90, fontsize=8, family="monospace")
    else:
        key = "texture" if sort == "texture" else "high card"
        starts: list[int] = []
        names: list[str] = []
        for i, row in enumerate(rows):
            name = _group(row, key)
            if sort in ("high card", "texture") and (not names or name != names[-1]):
                starts.append(i)
                names.append(name)
        ax.set_xticks([*starts, xs[-1]])
        ax.set_xticklabels([*(x.split("-")[0] if key == "high card" else x for x in names), "overall"],
                           rotation=90 if key == "texture" else 0, fontsize=8)
        for s in starts[1:]:
            ax.axvline(s - 0.5, color="white", linewidth=0.6)
        ax.set_xlabel(f"{n:,} flops" + (", by high card" if sort == "high card" else
                                         ", by texture" if sort == "texture" else f", by {sort}"))
    ax.set_xlim(-0.5 * width - 0.5, xs[-1] + width)
    ax.set_ylim(0, 1)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
    ax.set_yticklabels(["0%", "25%", "50%", "75%", "100%"])
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    if title is None:
        who = "OOP" if report.player == 0 else "IP"
        where = "at the root" if not report.path else "after " + ", ".join(report.path)
        title = f"{who} to act {where}: action frequencies on {n:,} flop{'s' if n != 1 else ''}"
    ax.set_title(title, fontsize=10)
    overall = report.overall.frequencies
    handles = [Patch(facecolor=c, label=f"{a}: {100 * overall.get(a, 0.0):.1f}% overall")
               for a, c in zip(report.actions, colours)]
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.22 if n <= _LABEL_EACH else -0.14),
              ncol=min(len(handles), 4), frameon=False, fontsize=9)
    fig.tight_layout()
    return fig
