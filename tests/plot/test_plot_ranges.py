"""Range pictures (``fastholdem.plot.range_grid``, ``hit_chart``) and per-class equity.

Every plot is drawn headless (Agg), written to a PNG and read back: the image must have the
figure's size in pixels and must not be blank.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from fastholdem import Range, board_hits, equity, equity_by_class
from fastholdem.ranges.classes import CLASS_NAMES, class_index

pytest.importorskip("matplotlib")

from fastholdem.plot import hit_chart, range_grid, save  # noqa: E402
from fastholdem.plot.ranges import class_values  # noqa: E402


def _check_png(fig: Any, path: Path) -> np.ndarray:
    """Save ``fig`` at 100 dpi and check the PNG's size and that it has content."""
    import matplotlib.image

    width, height = fig.get_size_inches() * 100
    written = save(fig, path, dpi=100)
    assert written == str(path.resolve())
    image = matplotlib.image.imread(str(path))
    assert image.shape[:2] == (round(height), round(width))
    grey = image[..., :3].mean(axis=2)
    assert grey.std() > 0.05  # not blank: text, cells and edges
    return image


def _colour_at(fig: Any, image: np.ndarray, x: float, y: float) -> np.ndarray:
    """RGB of the image at data coordinates (x, y) of the figure's first axes."""
    px, py = fig.axes[0].transData.transform((x, y))
    return image[image.shape[0] - 1 - int(round(py)), int(round(px)), :3]


def test_range_grid_draws_selected_cells(tmp_path: Path) -> None:
    fig = range_grid("AKs, QQ+, A5s-A2s, KQo:0.5")
    assert fig.axes[0].get_title() == "QQ+, AKs, A5s-A2s, KQo:0.5: 44 combos (3.32%)"
    image = _check_png(fig, tmp_path / "grid.png")
    yellow = _colour_at(fig, image, 1.5, 12.2)  # AKs: row 0, column 1
    grey = _colour_at(fig, image, 2.5, 12.2)  # AQs: not in the range
    assert yellow[0] > 0.9 and yellow[2] < 0.4
    assert abs(grey[0] - grey[2]) < 0.15
    half = _colour_at(fig, image, 1.5, 10.2), _colour_at(fig, image, 1.5, 10.8)  # KQo at weight 0.5
    assert half[0][2] < 0.4 and half[1][2] > 0.7  # filled below, empty above
    labels = {t.get_text() for t in fig.axes[0].texts}
    assert set(CLASS_NAMES) <= labels


def test_range_grid_values_as_mapping_grid_and_by_class_rows(tmp_path: Path) -> None:
    r = Range("TT+, AQs+, AKo")
    rows = equity_by_class(r, "random")
    mapping = {str(h): float(e) for h, e in zip(rows["hand"], rows["equity"])}
    grid = class_values(mapping)
    figs = [range_grid(r, values=rows), range_grid(r, values=mapping), range_grid(r, values=grid)]
    images = [_check_png(fig, tmp_path / f"values{i}.png") for i, fig in enumerate(figs)]
    assert np.array_equal(images[0], images[1]) and np.array_equal(images[0], images[2])
    fig = figs[0]
    assert len(fig.axes) == 2  # the colour bar
    assert "AA\n85.2" in {t.get_text() for t in fig.axes[0].texts}
    best, worst = _colour_at(fig, images[0], 0.5, 12.5), _colour_at(fig, images[0], 1.5, 12.2)
    assert best[1] > best[0]  # AA, the highest equity, is green
    assert worst[0] > worst[1]  # AKs, the lowest here, is red


def test_range_grid_values_outside_zero_one_are_printed_raw(tmp_path: Path) -> None:
    values = np.arange(169, dtype=float)
    fig = range_grid("AA, 22", values=values, title="indices")
    _check_png(fig, tmp_path / "raw.png")
    texts = {t.get_text() for t in fig.axes[0].texts}
    assert "AA\n0" in texts and "22\n168" in texts
    assert fig.axes[0].get_title() == "indices"


def test_class_values_shapes_and_errors() -> None:
    g = class_values({"AKs": 0.67, "72o": 0.35})
    assert g[0, 1] == 0.67 and g[12, 7] == 0.35 and np.isnan(g).sum() == 167
    assert np.array_equal(class_values(np.arange(169.0)), np.arange(169.0).reshape(13, 13))
    rows = np.array([("AA", 0.85)], dtype=[("hand", "U3"), ("equity", "f8")])
    assert class_values(rows)[0, 0] == 0.85
    assert class_values(rows.astype([("hand", "S3"), ("equity", "f8")]))[0, 0] == 0.85  # bytes text
    with pytest.raises(ValueError, match="bad hand class"):
        class_values({"AKx": 1.0})
    with pytest.raises(ValueError, match="fields 'hand' and 'equity'"):
        class_values(np.zeros(2, dtype=[("hand", "U3"), ("value", "f8")]))
    with pytest.raises(ValueError, match="shape"):
        class_values(np.zeros((12, 12)))


def test_hit_chart_draws_every_row(tmp_path: Path) -> None:
    hits = board_hits(Range("random"), "9h8h2c")
    fig = hit_chart(hits)
    _check_png(fig, tmp_path / "hits.png")
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == [label for label, _ in hits.rows()]
    widths = [p.get_width() for p in ax.patches]
    assert widths == pytest.approx([100 * share for _, share in hits.rows()])
    assert ax.get_title() == "random on 9h8h2c (1176 combos)"


def test_plots_refuse_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="does not exist"):
        save(range_grid("AA"), tmp_path / "missing" / "grid.png")


def test_equity_by_class_matches_equity_per_class() -> None:
    r = Range("QQ+, AKs, AhQd:0.5")
    rows = equity_by_class(r, "JJ, AKo", board="Qs7d2c")
    assert rows["hand"].tolist() == ["AA", "AKs", "KK", "AQo", "QQ"]  # grid order
    for hand, combos, value in zip(rows["hand"].tolist(), rows["combos"].tolist(), rows["equity"].tolist()):
        part = Range("AhQd") if hand == "AQo" else Range(hand)
        left = part.without("Qs7d2c")
        assert combos == pytest.approx(float(left.weights.sum()) * (0.5 if hand == "AQo" else 1.0))
        assert value == pytest.approx(equity([left, "JJ, AKo"], board="Qs7d2c").equity[0])
    assert rows.dtype.names == ("hand", "combos", "equity", "stderr")
    assert class_index(rows["hand"][0]) == 0


def test_equity_by_class_monte_carlo_has_stderr_and_refuses_empty() -> None:
    rows = equity_by_class(Range("AA, 72o"), "random", trials=20_000, seed=3, exact=False)
    assert np.all(rows["stderr"] > 0)
    with pytest.raises(ValueError, match="no combo left"):
        equity_by_class(Range("AhAs"), "random", board="As7c2d")
