"""Bar chart of a player's equity after each possible next card (:func:`fastholdem.next_card`),
grouped by rank, one bar per suit."""

from __future__ import annotations

from typing import Any

from ..analysis.outs import NextCardResult
from .._validate import echo
from ._backend import pyplot
from ..errors import InputError

__all__ = ["next_card"]

#: Four-colour deck: spades black, hearts red, diamonds blue, clubs green (suit id 3..0).
SUIT_COLOURS = {3: "#222222", 2: "#d62728", 1: "#1f77b4", 0: "#2ca02c"}
SUIT_NAMES = {3: "spades", 2: "hearts", 1: "diamonds", 0: "clubs"}
_RANKS = "23456789TJQKA"


def next_card(result: NextCardResult, player: int = 0) -> Any:
    """Player ``player``'s equity after each next card, as a matplotlib Figure.

    Ranks run from ace to deuce, left to right, with one bar per suit in each group
    (spades, hearts, diamonds, clubs; four-colour deck). A card that cannot come (on the
    board, dead or held) is a grey cross; a card after which the player has no equity is a
    flat dash in its suit's colour on the axis (legend: "0% equity"). The dashed line is the
    equity before the card, labelled "now" in the right margin, so bars above it are the
    player's outs.

    Raises
    ------
    ValueError
        If ``player`` is not a player of ``result``.

    Examples
    --------
    >>> from fastholdem import next_card as outs
    >>> fig = next_card(outs(["AhKh", "QsQd"], "Td7h2h"))
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()][:3]
    ['A', 'K', 'Q']
    """
    n_players = len(result.players)
    if not 0 <= player < n_players:
        raise InputError(f"player must be 0..{n_players - 1}, got {echo(player)}")
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(10, 3.8))
    width = 0.2
    live = set(result.cards.tolist())
    gone = [c for c in range(52) if c not in live]
    ax.scatter([(12 - (c >> 2)) + (3 - (c & 3) - 1.5) * width for c in gone], [0.025] * len(gone), marker="x",
               s=14, color="#aaaaaa", linewidths=1, label="cannot come", zorder=3)
    zero_x, zero_colours = [], []
    for suit in (3, 2, 1, 0):
        xs, heights = [], []
        for c, eq in zip(result.cards.tolist(), result.equity[:, player]):
            if c & 3 == suit:
                xs.append((12 - (c >> 2)) + (3 - suit - 1.5) * width)
                heights.append(eq)
                if eq <= 0:
                    zero_x.append(xs[-1])
                    zero_colours.append(SUIT_COLOURS[suit])
        ax.bar(xs, heights, width=width * 0.92, color=SUIT_COLOURS[suit], label=SUIT_NAMES[suit])
    if zero_x:  # drawing dead after these cards: a visible dash, not an empty slot
        ax.scatter(zero_x, [0.006] * len(zero_x), marker="_", s=40, linewidths=2.5, c=zero_colours,
                   label="0% equity", zorder=3, clip_on=False)
    now = float(result.current[player])
    ax.axhline(now, color="grey", linestyle="--", linewidth=1)
    # In the right margin, outside the bars: "now" never covers a bar.
    ax.annotate(f"now\n{now:.1%}", xy=(1.0, now), xycoords=("axes fraction", "data"), xytext=(4, 0),
                textcoords="offset points", va="center", ha="left", fontsize=8, color="dimgrey",
                annotation_clip=False)
    ax.set_xticks(range(13), list(reversed(_RANKS)))
    ax.set_xlim(-0.6, 12.6)
    ax.set_ylim(0, 1.18)
    ax.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    ax.set_ylabel(f"equity of {result.players[player]}")
    street = "turn" if len(result.board) == 6 else "river"
    others = ", ".join(p for i, p in enumerate(result.players) if i != player)
    dead = f", dead {result.dead}" if result.dead else ""
    outs = result.outs(player)
    ax.set_title(f"{result.players[player]} vs {others}: equity by {street} card (board {result.board}{dead}); "
                 f"ahead after {len(outs)} of {len(result.cards)}", fontsize=10)
    ax.legend(ncol=6, fontsize=8, loc="upper center", frameon=False)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    return fig
