"""Every plot function returns a Figure that draws headless (Agg) into a PNG of the expected
size that is not blank; the CLI's --plot and --by-next-card."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("matplotlib")

from matplotlib.figure import Figure  # noqa: E402
from matplotlib.image import imread  # noqa: E402

from fastholdem import equity, next_card, plot  # noqa: E402
from fastholdem.cli import main  # noqa: E402

DPI = 100


def drawn(fig: Any, path: Path) -> np.ndarray:
    """Save ``fig`` with plot.save and read the PNG back as an (h, w, channels) array."""
    assert isinstance(fig, Figure)
    width, height = fig.get_size_inches() * DPI
    written = plot.save(fig, path, dpi=DPI)
    assert written == str(path.resolve())
    image = imread(written)
    assert image.shape[:2] == (round(height), round(width))
    return image


def assert_not_blank(image: np.ndarray) -> None:
    rgb = image[..., :3]
    ink = (rgb < 0.9).any(axis=2).mean()   # share of pixels that are not (near) white
    colours = len(np.unique((rgb * 255).astype(np.uint8).reshape(-1, 3), axis=0))
    assert ink > 0.03 and colours > 20, (ink, colours)


PLOTS: dict[str, Callable[[], Any]] = {
    "equity_bars exact": lambda: plot.equity_bars(equity(["AhKh", "QsQd"], board="Td7c2s", dead="3h")),
    "equity_bars monte carlo": lambda: plot.equity_bars(
        equity(["AhKh", "QsQd", "7c7d"], trials=20_000, seed=1)),
    "matrix, all 169": lambda: plot.matrix(),
    "matrix, a few classes": lambda: plot.matrix(classes=["AA", "AKs", "T9s", "72o"]),
    "matrix, given values": lambda: plot.matrix(np.array([[0.5, 0.7], [0.3, 0.5]]), ["AKs", "QQ"]),
    "next_card": lambda: plot.next_card(next_card(["AhKh", "QsQd"], "Td7h2h", threads=1)),
    "next_card, second player on the turn": lambda: plot.next_card(
        next_card(["AsAd", "8h7h"], "6h5c2hKd", dead="Qc", threads=1), player=1),
}


@pytest.mark.parametrize("name", list(PLOTS))
def test_plot_draws_a_png_of_its_size_that_is_not_blank(name: str, tmp_path: Path) -> None:
    assert_not_blank(drawn(PLOTS[name](), tmp_path / "plot.png"))


def test_plot_blank_check_can_fail(tmp_path: Path) -> None:
    plt = pytest.importorskip("matplotlib.pyplot")
    with pytest.raises(AssertionError):
        assert_not_blank(drawn(plt.figure(figsize=(3, 2)), tmp_path / "blank.png"))


def test_equity_bars_title_names_board_and_dead_cards_and_labels_bars() -> None:
    fig = plot.equity_bars(equity(["AhKh", "QsQd"], board="Td7c2s", dead="3h"))
    ax = fig.axes[0]
    assert ax.get_title().startswith("board Td7c2s, dead 3h: exact")
    labels = sorted(t.get_text() for t in ax.texts)
    assert labels == sorted(f"{e:.1%}" for e in equity(["AhKh", "QsQd"], board="Td7c2s", dead="3h").equity)
    preflop = plot.equity_bars(equity(["AhKh", "QsQd"], trials=5000, seed=2)).axes[0].get_title()
    assert preflop.startswith("preflop: Monte Carlo, 5,000 deals sampled")


def test_matrix_rejects_bad_shapes() -> None:
    with pytest.raises(ValueError, match="square"):
        plot.matrix(np.zeros((2, 3)), ["AA", "KK"])
    with pytest.raises(ValueError, match="give as many classes"):
        plot.matrix(np.zeros((3, 3)))


def test_next_card_plot_rejects_a_bad_player() -> None:
    with pytest.raises(ValueError, match="player must be 0..1"):
        plot.next_card(next_card(["AhKh", "QsQd"], "Td7h2h", threads=1), player=2)


def test_cli_plot_says_where_it_wrote(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "eq.png"
    assert main(["equity", "AhKh", "QsQd", "--board", "Td7c2s", "--plot", str(target)]) == 0
    _, err = capsys.readouterr()
    assert err == f"fastholdem: wrote {target.resolve()}\n"
    assert_not_blank(imread(str(target)))


def test_cli_by_next_card_prints_the_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "cards.png"
    code = main(["equity", "AsAd", "8h7h", "--board", "6h5c2hKd", "--by-next-card", "--threads", "1",
                 "--plot", str(target)])
    out, err = capsys.readouterr()
    assert code == 0
    assert "river card" in out and "8h7h: ahead after 15 of 44 cards" in out
    assert err == f"fastholdem: wrote {target.resolve()}\n"
    assert_not_blank(imread(str(target)))
    assert main(["equity", "AsAd", "8h7h", "--board", "6h5c2hKd", "--by-next-card", "--json", "--threads", "1"]) == 0
    data = json.loads(capsys.readouterr()[0])
    assert len(data["by_next_card"]["cards"]) == 44 and data["players"][0]["hand"] == "AsAd"


def test_cli_by_next_card_needs_a_flop_or_turn(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsAd", "8h7h", "--by-next-card"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "--by-next-card needs a flop" in err
