"""Heatmap of a class-against-class equity matrix (by default :func:`fastholdem.preflop_matrix`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..ranges.classes import CLASS_NAMES, class_index
from ._backend import pyplot
from ..errors import InputError

__all__ = ["matrix"]


def matrix(values: npt.ArrayLike | None = None, classes: Sequence[str] | None = None, *,
           title: str | None = None, annotate: bool | None = None) -> Any:
    """A heatmap of a square matrix of equities, row against column, as a matplotlib Figure.

    Parameters
    ----------
    values : array_like, shape (n, n), optional
        Equity of row ``i`` against column ``j``, in 0..1. Default: the exact heads-up
        :func:`fastholdem.preflop_matrix` (or its rows and columns for ``classes``).
    classes : sequence of str, optional
        The row and column labels, hand classes such as ``"AKs"``. Without ``values`` they
        pick the classes out of the preflop matrix. Default: all 169 (``values`` must then
        be 169 x 169, in the order of :mod:`fastholdem.ranges.classes`).
    title : str, optional
        Default: says what the cells are.
    annotate : bool, optional
        Write each cell's percentage in it (default: when there are at most 16 classes).

    Raises
    ------
    ValueError
        ``values`` is not square, does not match ``classes``, or a class name is bad.

    Examples
    --------
    >>> fig = matrix(classes=["AA", "AKs", "76s", "72o"])
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()]
    ['AA', 'AKs', '76s', '72o']
    """
    if values is None:
        from ..analysis.preflop import preflop_matrix

        full = preflop_matrix()
        if classes is None:
            m = full
        else:
            idx = [class_index(c) for c in classes]
            m = full[np.ix_(idx, idx)]
        default_title = "Heads-up preflop equity, row vs column (exact)"
    else:
        m = np.asarray(values, dtype=np.float64)
        default_title = "Equity, row vs column"
    if m.ndim != 2 or m.shape[0] != m.shape[1]:
        raise InputError(f"values must be a square matrix, got shape {m.shape}")
    labels = list(classes) if classes is not None else (list(CLASS_NAMES) if len(m) == 169 else None)
    if labels is None or len(labels) != len(m):
        raise InputError(f"values has {len(m)} rows: give as many classes (or a 169 x 169 matrix)")
    n = len(m)
    if annotate is None:
        annotate = n <= 16
    plt = pyplot()
    size = 7.5 if n > 16 else 1.6 + 0.55 * n
    fig, ax = plt.subplots(figsize=(size + 1.2, size))
    image = ax.imshow(m, cmap="RdYlGn", vmin=0, vmax=1, interpolation="nearest")
    bar = fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    bar.set_label("equity of the row's hand")
    if n > 16:
        # 169 classes: label the pairs; lines mark the 13 grid rows (a pair's row holds
        # the suited classes to its right and the offsuit ones to its left).
        ticks = [i for i, name in enumerate(labels) if len(name) == 2]
        ax.set_xticks(ticks, [labels[i] for i in ticks], fontsize=7, rotation=90)
        ax.set_yticks(ticks, [labels[i] for i in ticks], fontsize=7)
        for edge in range(13, n, 13):
            ax.axhline(edge - 0.5, color="white", linewidth=0.4)
            ax.axvline(edge - 0.5, color="white", linewidth=0.4)
    else:
        ax.set_xticks(range(n), labels)
        ax.set_yticks(range(n), labels)
    if annotate:
        for i in range(n):
            for j in range(n):
                ax.text(j, i, f"{m[i, j]:.0%}", ha="center", va="center", fontsize=8,
                        color="black" if 0.2 < m[i, j] < 0.8 else "white")
    ax.set_xlabel("column: opponent's hand")
    ax.set_ylabel("row: hand")
    ax.set_title(title if title is not None else default_title)
    fig.tight_layout()
    return fig
