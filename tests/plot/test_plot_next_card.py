"""The next-card plot reads at a glance (issue 19, a newcomer's trial item 9): the "now" label
sits in the right margin, clear of every bar, and a card after which the player has no equity
is a visible dash with a legend entry, not an empty slot that looks like missing data."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

from matplotlib.collections import PathCollection  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from fastholdem import next_card, plot  # noqa: E402


def test_next_card_plot_now_label_clear_of_the_bars_and_zero_equity_marked(tmp_path: Path) -> None:
    # On the turn, QsQd against AhKh: the hearts, aces and kings leave QsQd drawing dead.
    result = next_card(["AhKh", "QsQd"], "Td7h2s3c", threads=1)
    fig = plot.next_card(result, player=1)
    fig.savefig(tmp_path / "next.png")  # draw, so that every extent is known
    ax = fig.axes[0]
    renderer = fig.canvas.get_renderer()
    (now,) = [t for t in ax.texts if t.get_text().startswith("now")]
    box = now.get_window_extent(renderer)
    bars = [p for p in ax.patches if isinstance(p, Rectangle) and p.get_height() > 0]
    assert bars and not any(box.overlaps(b.get_window_extent(renderer)) for b in bars)
    assert box.x0 >= ax.get_window_extent(renderer).x1  # in the margin, right of the plot area
    assert box.x1 <= fig.bbox.x1  # and inside the picture
    zero = int((result.equity[:, 1] <= 0).sum())
    assert zero > 0
    (dashes,) = [c for c in ax.collections if isinstance(c, PathCollection) and c.get_label() == "0% equity"]
    assert len(dashes.get_offsets()) == zero
    assert "0% equity" in [t.get_text() for t in ax.get_legend().get_texts()]


def test_next_card_plot_without_zero_equity_cards_has_no_zero_entry() -> None:
    result = next_card(["AhKh", "QsQd"], "Td7h2h", threads=1)
    assert (result.equity[:, 0] > 0).all()
    legend = [t.get_text() for t in plot.next_card(result).axes[0].get_legend().get_texts()]
    assert "0% equity" not in legend
