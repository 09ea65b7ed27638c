"""Range pictures: the 13x13 grid of hand classes (Equilab style) and the hit chart on a board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from ..analysis.board_hits import DRAWS, BoardHits, board_hits
from ..ranges.classes import CLASS_NAMES, class_index
from ..ranges import N_COMBOS, Range
from ._backend import pyplot, square_grid
from ..errors import InputError

__all__ = ["range_grid", "hit_chart", "class_values"]

ClassValues = Union[Mapping[str, float], npt.ArrayLike]
"""Numbers per hand class: a mapping ``{"AKs": 0.67, ...}``, a (13, 13) grid, a (169,) array in
grid order, or a structured array with fields ``hand`` and ``equity`` (as
:func:`fastholdem.analysis.equity_by_class` returns)."""

# Equilab-like colours: unselected cells tinted by kind, selected cells yellow.
_EMPTY = {"pair": "#c9d3dc", "suited": "#e9d3cf", "offsuit": "#e4e4e4"}
_SELECTED = "#f7d23e"
_EDGE = "#8a8a8a"


def class_values(values: ClassValues) -> npt.NDArray[np.float64]:
    """``values`` as a (13, 13) float grid (NaN where a class has no value).

    Parameters
    ----------
    values : mapping, array_like or structured array
        See :data:`ClassValues`.

    Raises
    ------
    ValueError
        Unknown class names, a wrong shape, or a structured array without ``hand`` and
        ``equity`` fields.

    Examples
    --------
    >>> g = class_values({"AKs": 0.67, "72o": 0.35})
    >>> float(g[0, 1]), float(g[12 - 0, 12 - 5]), int(np.isnan(g).sum())
    (0.67, 0.35, 167)
    """
    grid = np.full(169, np.nan)
    if isinstance(values, Mapping):
        for name, value in values.items():
            grid[class_index(str(name))] = float(value)
        return grid.reshape(13, 13)
    array = np.asarray(values)
    if array.dtype.names is not None:
        if "hand" not in array.dtype.names or "equity" not in array.dtype.names:
            raise InputError(
                f"a structured values array needs fields 'hand' and 'equity', has {array.dtype.names}"
            )
        for name, value in zip(array["hand"].tolist(), array["equity"].tolist()):
            text = name.decode("ascii") if isinstance(name, bytes) else str(name)
            grid[class_index(text)] = float(value)
        return grid.reshape(13, 13)
    if array.shape == (13, 13) or array.shape == (169,):
        return np.asarray(array, dtype=np.float64).reshape(13, 13)
    raise InputError(
        f"values must be a mapping, a (13, 13) or (169,) array, or by_class rows, not shape {array.shape}"
    )


def _kind(row: int, col: int) -> str:
    return "pair" if row == col else ("suited" if col > row else "offsuit")


def range_grid(
    range: Range | str,
    values: ClassValues | None = None,
    *,
    title: str | None = None,
    cmap: str = "RdYlGn",
    vmin: float | None = None,
    vmax: float | None = None,
) -> Any:
    """Draw a range as the 13x13 grid of hand classes, Equilab style, as a Figure.

    The layout is that of :meth:`fastholdem.Range.grid`: ``A K Q ... 2`` from the top left,
    pairs on the diagonal, suited hands above it, offsuit below. Without ``values`` the
    classes in the range are yellow; a class only partly in the range (some combos, or a
    weight below 1) is filled from the bottom up to its mean weight. Classes outside the
    range keep a pale tint of their kind (pairs blue-grey, suited pink, offsuit grey).

    Parameters
    ----------
    range : Range or str
    values : mapping, array_like or structured array, optional
        A number per class, e.g. equities from :func:`fastholdem.analysis.equity_by_class` or
        ``EquityResult.by_class``; see :func:`class_values`. Classes in the range are then
        coloured by their value on ``cmap`` with a colour bar, and labelled with it (as a
        percentage when every value lies in [0, 1]).
    title : str, optional
        Default: the range text, its combo count and its share of the 1,326 combos.
    cmap, vmin, vmax
        Colour map and its limits for ``values`` (default: the range of the values shown).

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> fig = range_grid("QQ+, AKs")
    >>> fig.axes[0].get_title()
    'QQ+, AKs: 22 combos (1.66%)'
    """
    plt = pyplot()
    from matplotlib.patches import Rectangle  # type: ignore[import-not-found, unused-ignore]

    rng = range if isinstance(range, Range) else Range(range)
    weights = rng.grid()
    numbers = class_values(values) if values is not None else None
    shown = numbers[weights > 0] if numbers is not None else np.zeros(0)
    shown = shown[~np.isnan(shown)]
    colormap = plt.get_cmap(cmap)
    lo = float(vmin if vmin is not None else (shown.min() if len(shown) else 0.0))
    hi = float(vmax if vmax is not None else (shown.max() if len(shown) else 1.0))
    if hi <= lo:
        lo, hi = lo - 0.5, hi + 0.5
    as_percent = bool(len(shown)) and bool(((shown >= 0) & (shown <= 1)).all())

    fig, ax = plt.subplots(figsize=(7.6 if numbers is not None else 6.6, 6.8))
    for row in np.arange(13).tolist():
        for col in np.arange(13).tolist():
            x, y = col, 12 - row
            weight = float(weights[row, col])
            ax.add_patch(Rectangle((x, y), 1, 1, facecolor=_EMPTY[_kind(row, col)], edgecolor="none"))
            name = CLASS_NAMES[13 * row + col]
            label, colour = name, "#6f6f6f"
            if weight > 0:
                fill = _SELECTED
                if numbers is not None and not np.isnan(numbers[row, col]):
                    value = float(numbers[row, col])
                    fill = colormap((value - lo) / (hi - lo))
                    label = f"{name}\n{100 * value:.1f}" if as_percent else f"{name}\n{value:.3g}"
                ax.add_patch(Rectangle((x, y), 1, weight, facecolor=fill, edgecolor="none"))
                colour = "black"
            ax.add_patch(Rectangle((x, y), 1, 1, facecolor="none", edgecolor=_EDGE, linewidth=0.6))
            ax.text(x + 0.5, y + 0.5, label, ha="center", va="center", fontsize=7.5 if "\n" in label else 8.5,
                    color=colour, fontweight="bold" if weight > 0 else "normal")
    square_grid(ax)
    combos = float(rng.weights.sum())
    if title is None:
        text = str(rng) if len(rng) else "empty range"
        if len(text) > 60:
            text = text[:57] + "..."
        title = f"{text}: {combos:g} combos ({100 * combos / N_COMBOS:.2f}%)"
    ax.set_title(title, fontsize=10)
    if numbers is not None:
        from matplotlib.cm import ScalarMappable  # type: ignore[import-not-found, unused-ignore]
        from matplotlib.colors import Normalize  # type: ignore[import-not-found, unused-ignore]

        scale = 100.0 if as_percent else 1.0
        bar = fig.colorbar(ScalarMappable(Normalize(lo * scale, hi * scale), colormap), ax=ax, shrink=0.8)
        bar.set_label("equity (%)" if as_percent else "value")
    fig.tight_layout()
    return fig


_GROUP_COLOURS = {"made": "#3b7dd8", "draw": "#e8952e", "both": "#8e5bc4"}


def hit_chart(hits: BoardHits, *, title: str | None = None) -> Any:
    """Draw a range's hit chart on a board (:meth:`fastholdem.analysis.board_hits`) as a Figure.

    One horizontal bar per line of :meth:`BoardHits.rows`: the made-hand categories (blue),
    the draws (orange) and the combined lines (purple), each labelled with its share.

    Parameters
    ----------
    hits : BoardHits
    title : str, optional
        Default: the range, the board and the number of combos.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> fig = hit_chart(board_hits(Range("AKs, QQ+"), "Td7c2s"))
    >>> fig.axes[0].get_yticklabels()[0].get_text()
    'Straight flush'
    """
    plt = pyplot()
    rows = hits.rows()
    labels = [label for label, _ in rows]
    shares = np.array([100 * share for _, share in rows])
    groups = ["made" if i < 9 else ("draw" if label in DRAWS else "both") for i, label in enumerate(labels)]
    fig, ax = plt.subplots(figsize=(7.2, 1.4 + 0.3 * len(rows)))
    y = np.arange(len(rows))
    ax.barh(y, shares, color=[_GROUP_COLOURS[g] for g in groups], height=0.7)
    for yi, share in zip(y.tolist(), shares.tolist()):
        ax.text(share + 0.8, yi, f"{share:.1f}%", va="center", fontsize=8)
    ax.set_yticks(y, labels)
    ax.invert_yaxis()
    ax.set_xlim(0, max(10.0, float(shares.max()) * 1.15 + 5))
    ax.set_xlabel("share of the range's combos (%)")
    if title is None:
        text = hits.range if len(hits.range) <= 50 else hits.range[:47] + "..."
        title = f"{text} on {hits.board} ({hits.total:g} combos)"
    ax.set_title(title, fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    from matplotlib.patches import Patch  # type: ignore[import-not-found, unused-ignore]

    ax.legend(handles=[Patch(color=_GROUP_COLOURS[g], label=t) for g, t in
                       (("made", "made hand"), ("draw", "draw"), ("both", "combined"))],
              loc="lower right", fontsize=8)
    fig.tight_layout()
    return fig
