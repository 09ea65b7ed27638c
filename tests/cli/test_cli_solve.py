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
    (["AA,KK", "QQ", "2c7d9hTsJs", "--size", "river ip bet=75%,big"], "sizes['river ip bet']: 'big' is not a size"),
    (["AA,KK", "QQ", "2c7d9hTsJs", "--size", "raise 2.5x"], "--size: 'raise 2.5x' must be KEY=SIZES"),
    (["AA,KK", "QQ", "2c7d9hTsJs", "--rake", "2"], "--rake must be"),
])
def test_solve_bad_input_is_one_error_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", *argv, "--pot", "10", "--stack", "20"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fastholdem: error:") and words in err and err.count("\n") == 1


def test_solve_takes_the_size_grammar_and_rake(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "AA,KK", "QQ,AK", "2c7d9hTsJs", "--pot", "10", "--stack", "20", "--json",
                 "--sizes", "40%", "--size", "oop bet=2e,a", "--size", "raise=2.5x", "--rake", "0.05",
                 "--rake-cap", "1", "--max-iterations", "30"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert set(row["root"]) == {"check", "bet 6", "allin 20"}   # 10 * ((2 * 20 / 10 + 1) ** 0.5 - 1) / 2 = 6.2
    assert sum(row["ev"]) < 10   # the rake leaves the table


def test_solve_storage_16bit_saves_a_16bit_solution(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s16.npz"
    assert main(["solve", "AA,KK", "QQ,AK", "2c7d9hTsJs", "--pot", "10", "--stack", "20", "--storage", "16bit",
                 "--target", "0.2", "--save", str(path), "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["exploitability_pct_pot"] <= 0.2
    assert fh.solver.load(path).storage == "16bit"
