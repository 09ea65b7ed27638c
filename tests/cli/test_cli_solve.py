"""``fastholdem solve`` (issue 30): the solved spot's summary, JSON and save; bad input is one
error line and status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import fastholdem as fh
from fastholdem.cli.main import main


def test_solve_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "AA,KK", "QQ,AK", "2c7d9hTsJs", "--pot", "10", "--stack", "20"]) == 0
    out = capsys.readouterr().out
    assert "exploitability" in out and "OOP at the root: check" in out


def test_solve_json_and_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.npz"
    assert main(["solve", "AA,KK", "QQ,AK", "2c7d9hTsJs", "--pot", "10", "--stack", "20", "--json",
                 "--target", "0.2", "--save", str(path)]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["exploitability_pct_pot"] <= 0.2
    assert sum(row["ev"]) == pytest.approx(10, abs=1e-3)
    assert fh.solver.load(path).ev(0) == pytest.approx(row["ev"][0])


@pytest.mark.parametrize(("argv", "words"), [
    (["AA,KK", "", "2c7d9hTsJs"], "ip: empty"),
    (["AA,KK", "QQ", "2c7d9hTsJs", "--sizes", "5"], "sizes"),
    (["AA,KK", "QQ", "2c7d"], "BOARD must have 3, 4 or 5 cards"),
    (["AA,KK", "QQ", "2c7d9h", "--max-iterations", "0"], "--max-iterations"),
])
def test_solve_bad_input_is_one_error_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", *argv, "--pot", "10", "--stack", "20"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fastholdem: error:") and words in err and err.count("\n") == 1
