"""``fastholdem solve-report`` (issue 30 item 5): the aggregate report as a table and a CSV,
written whole and never over the flops file it reads; bad input is one error line."""

from __future__ import annotations

from pathlib import Path

import pytest

import fastholdem as fh
from fastholdem.cli.main import main

SPOT = ["AA,KK,76s", "QQ,JJ,AQs", "--pot", "10", "--stack", "10", "--sizes", "100%", "--max-iterations", "10",
        "--quiet"]


def test_solve_report_prints_and_writes_the_library_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "report.csv"
    assert main(["solve-report", *SPOT, "--flops", "Td9d6h,AsKd2c", "--path", "check", "-o", str(out)]) == 0
    want = fh.solver.aggregate_report("AA,KK,76s", "QQ,JJ,AQs", ["Td9d6h", "AsKd2c"], pot=10, stack=10,
                                      sizes="100%", max_iterations=10, path=["check"], progress=False)
    captured = capsys.readouterr()
    assert captured.out == want.to_text() + "\n"
    assert out.read_text() == want.to_csv()
    assert captured.err == f"fastholdem: wrote {out}\n"
    # the CSV reads back as a --flops file (header and overall row skipped, weights kept)
    again = tmp_path / "again.csv"
    assert main(["solve-report", *SPOT, "--flops", str(out), "--path", "check", "-o", str(again)]) == 0
    assert again.read_text() == out.read_text()


def test_solve_report_never_writes_over_its_flops_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    flops = tmp_path / "flops.txt"
    flops.write_text("# two flops\nTd9d6h, 2\nAsKd2c\n")
    before = flops.read_text()
    assert main(["solve-report", *SPOT, "--flops", str(flops), "-o", str(flops)]) == 2
    assert flops.read_text() == before and capsys.readouterr().err.startswith("fastholdem: error:")


def test_solve_report_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "bars.png"
    assert main(["solve-report", *SPOT, "--flops", "Td9d6h", "--plot", str(png)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(("argv", "words"), [
    (["--flops", "Td9d"], "--flops"),
    (["--sample", "0"], "--sample"),
    (["--flops", "Td9d6h", "--seed", "2"], "--seed"),
    (["--flops", "Td9d6h", "--path", "check,check"], "--path"),
])
def test_solve_report_bad_input_is_one_error_line(argv: list[str], words: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve-report", *SPOT, *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fastholdem: error:") and words in err and err.count("\n") == 1, err
