"""The ``fastholdem range`` command: combos, percentage, text grid, hit chart, JSON and plots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fastholdem import Range
from fastholdem.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_range_cli_prints_combos_percentage_and_grid(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "range", "AKs,QQ+,A5s-A2s")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "range QQ+, AKs, A5s-A2s"
    assert lines[1] == "combos 38 (weighted 38), 2.87% of 1326"
    grid = [line.split() for line in lines[2:15]]
    assert grid[0] == ["AA", "AKs", ".", ".", ".", ".", ".", ".", ".", "A5s", "A4s", "A3s", "A2s"]
    assert grid[1][1] == "KK" and grid[2][2] == "QQ" and grid[3] == ["."] * 13
    assert len(lines) == 15


def test_range_cli_marks_partial_classes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "range", "AhKh, QQ:0.5")
    assert code == 0
    assert out.splitlines()[-1] == "* partly in range (mean weight): AKs 25%, QQ 50%"
    assert "AKs*" in out and "QQ*" in out


def test_range_cli_percentages_and_orders(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "range", "10%")
    assert code == 0 and out.splitlines()[1] == "combos 134 (weighted 134), 10.11% of 1326"
    code, out, _ = run(capsys, "range", "10%", "--order", "vs9", "--json")
    assert code == 0 and json.loads(out)["range"] == str(Range("10%", order="vs9"))


def test_range_cli_board_prints_the_hit_chart(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "range", "AhKh, 9s8s, QQ", "--board", "Th7h2s")
    assert code == 0
    assert "on Th7h2s: 8 combos without the board cards" in out
    assert "  One pair                      75.00%" in out
    assert "  flush draw                    12.50%" in out
    assert "  OESD                          12.50%" in out


def test_range_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "range", "AKs, QQ:0.5", "--board", "Td7c2s", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["combos"] == 10 and data["weighted_combos"] == 7.0
    assert data["percent"] == pytest.approx(700 / 1326)
    assert data["grid"][2][2] == 0.5 and data["grid"][0][1] == 1.0
    assert data["hits"]["shares"]["One pair"] == pytest.approx(3 / 7)


def test_range_cli_plot_writes_and_says_where(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    for name, extra in (("grid.png", []), ("hits.png", ["--board", "Td7c2s"])):
        target = tmp_path / name
        code, out, err = run(capsys, "range", "AKs,QQ+", *extra, "--plot", str(target))
        assert code == 0
        assert err == f"fastholdem: wrote {target}\n" and "wrote" not in out
        assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    code, out, err = run(capsys, "range", "AKs", "--json", "--plot", str(tmp_path / "j.png"))
    assert code == 0 and json.loads(out)["combos"] == 4 and err == f"fastholdem: wrote {tmp_path / 'j.png'}\n"


def test_range_cli_missing_folder_is_a_clean_error(capsys: pytest.CaptureFixture[str],
                                                   tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    missing = tmp_path / "nope" / "grid.png"
    code, out, err = run(capsys, "range", "AKs", "--plot", str(missing))
    assert code == 2 and out == ""
    assert err == f"fastholdem: error: cannot write {missing}: folder {missing.parent} does not exist\n"


@pytest.mark.parametrize("argv, message", [
    (["range", "AKx"], "bad range token 'AKx'"),
    (["range", "120%"], "percentages run from 0 to 100"),
    (["range", "AhKh", "--board", "Ah7c2d"], "no combo left"),
    (["range", "AA", "--board", "Td7c"], "3, 4 or 5"),
])
def test_range_cli_bad_input_is_an_error_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                              message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("fastholdem: error: ") and message in err


def test_range_cli_is_listed_in_the_help() -> None:
    from fastholdem.cli import build_parser

    text = build_parser().format_help()
    assert "range" in text and "13x13 grid" in text
