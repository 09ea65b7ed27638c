"""``fastholdem.plot.strategy_grid``: a solver node's strategy on the 13x13 grid (issue 30)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("matplotlib")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

import fastholdem as fh  # noqa: E402
from fastholdem.errors import InputError  # noqa: E402
from fastholdem.plot import strategy_grid  # noqa: E402
from fastholdem.ranges.classes import CLASS_NAMES  # noqa: E402


@pytest.fixture(scope="module")
def solution() -> fh.solver.Solution:
    return fh.solve("AA,KK,QQ,AKs,76s,54s", "JJ,TT,AQs,KQs", "Td9d6hQc3s", pot=60, stack=370, sizes="50%",
                    max_iterations=60)


def test_strategy_grid_cells_split_by_the_node_grid(solution: fh.solver.Solution) -> None:
    node = solution.node()
    fig = strategy_grid(node)
    grid = node.grid()
    ax = fig.axes[0]
    filled = [p for p in ax.patches if isinstance(p, Rectangle) and p.get_height() == 1 and p.get_facecolor()[3] > 0]
    for row, col in [(0, 0), (1, 1), (0, 1), (8, 9)]:  # AA, KK, AKs, 76s: held by OOP
        x, y = col, 12 - row
        widths = [p.get_width() for p in filled if x <= p.get_x() < x + 1 and p.get_y() == y]
        shares = [s for s in grid[:, row, col].tolist() if s > 0]  # drawn in action order
        assert np.allclose(widths, shares), (CLASS_NAMES[13 * row + col], widths, shares)
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert [t.split(":")[0] for t in legend] == list(node.actions)
    freqs = node.frequencies()
    assert [float(t.split(": ")[1].rstrip("%")) for t in legend] == [round(100 * freqs[a], 1) for a in node.actions]
    assert ax.get_title() == "OOP to act at the root"
    plt.close(fig)


def test_strategy_grid_names_the_path_and_the_player(solution: fh.solver.Solution) -> None:
    fig = strategy_grid(solution.node("check"))
    assert fig.axes[0].get_title() == "IP to act after check"
    plt.close(fig)


def test_strategy_grid_refuses_what_is_not_an_action_node(solution: fh.solver.Solution) -> None:
    with pytest.raises(InputError, match="node must be an action node"):
        strategy_grid(solution.node("check", "check"))
    with pytest.raises(InputError, match="node must be a fastholdem.solver.Node"):
        strategy_grid("check")  # type: ignore[arg-type]
