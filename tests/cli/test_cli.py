"""The ``fastholdem`` command line: rank and equity (simulate and play live in tests/game)."""

from __future__ import annotations

import importlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fastholdem.cli import main
from fastholdem.progress import Progress


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_help_lists_commands() -> None:
    out = subprocess.run([sys.executable, "-m", "fastholdem.cli", "--help"], capture_output=True, text=True,
                         check=True).stdout
    for command in ("rank", "equity", "simulate", "play"):
        assert command in out


def test_rank_royal_flush(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rank", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d")
    assert code == 0
    assert "7462" in out and "Straight flush" in out and "Royal flush" in out


def test_rank_json_full_house(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rank", "KhKdKs6c6d2s3h", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["category"] == "FULL_HOUSE" and data["description"] == "Full house, kings full of sixes"
    assert sorted(data["best_five"].split()) == sorted(["Kh", "Kd", "Ks", "6c", "6d"])


def test_rank_bad_card_is_a_clean_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rank", "As", "Ks", "Qx", "Js", "Ts")
    assert code == 2 and out == ""
    assert "Qx" in err and "Traceback" not in err


def test_equity_exact_on_a_flop(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "AhKh", "QsQd", "--board", "Td7c2s")
    assert code == 0
    assert "exact: 990 deals enumerated" in out and "24.7475%" in out and "75.2525%" in out


def test_equity_json_ranges_with_dead_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "AKs,QQ+", "random", "--board", "Td7c2s", "--dead", "3h", "--json")
    data = json.loads(out)
    assert code == 0 and data["exact"] is True and data["dead"] == "3h"
    assert sum(p["equity"] for p in data["players"]) == pytest.approx(1.0, abs=1e-12)


def test_equity_monte_carlo_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "equity", "AhKh", "random", "random", "--trials", "20000", "--seed", "5", "--json")[1]
    again = run(capsys, "equity", "AhKh", "random", "random", "--trials", "20000", "--seed", "5", "--json",
                "--threads", "1")[1]
    a, b = json.loads(first), json.loads(again)
    assert a["exact"] is False and a["deals"] == 20000
    assert [p["equity"] for p in a["players"]] == [p["equity"] for p in b["players"]]


def test_equity_clashing_cards_name_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "equity", "AhKh", "AhQd")
    assert code == 2 and "Ah" in err


def test_equity_exact_and_trials_conflict() -> None:
    with pytest.raises(SystemExit):
        main(["equity", "AhKh", "QsQd", "--exact", "--trials", "10"])


@pytest.mark.parametrize(
    "argv, message",
    [
        (["rank", "As", "Ks", "Qs", "Js"], "cards must hold 5, 6 or 7 cards, got 4"),
        (["equity", "AhKh"], "players must hold 2 to 10 hands or ranges, got 1"),
        (["equity", "AhKh", "QsQd", "--trials", "0"], "--trials must be an integer 2..10000000000, got 0"),
        (["equity", "random", "random", "random", "--exact"], "no --exact, or --trials N or --stderr E"),
        (["equity", "AhKh", "QsQd", "--exact", "--stderr", "0.01"],
         "--exact cannot be combined with --stderr"),
        (["equity", "AhKh", "QsQd", "--stderr", "2"], "--stderr must be a number in (0, 1)"),
        (["simulate", "--hands", "-1"], "--hands"),
        (["simulate", "--block-hands", "0"], "--block-hands"),
        (["phh", "check", ".", "--jobs", "0"], "--jobs"),
    ],
)
def test_bad_input_is_an_error_line_and_status_2(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                  message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("fastholdem: error: ") and message in err, err
    assert "Traceback" not in err and err.count("\n") == 1
    # CLI errors name CLI flags, never the library's keyword arguments or Python values.
    assert not re.search(r"\b[a-z_]+=|\bTrue\b|\bFalse\b|\bNone\b|\bint\b", err), err


@pytest.mark.parametrize("exc, message", [(TypeError("bad type"), "bad type"), (MemoryError(), "MemoryError")])
def test_type_and_memory_errors_are_error_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, exc: Exception, message: str
) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise exc

    monkeypatch.setattr(importlib.import_module("fastholdem.equities"), "equity", fail)
    code, out, err = run(capsys, "equity", "AhKh", "QsQd")
    assert (code, out, err) == (2, "", f"fastholdem: error: {message}\n")


def test_bad_input_has_no_traceback_from_the_command() -> None:
    done = subprocess.run([sys.executable, "-m", "fastholdem.cli", "rank", "As", "Ks", "Qs", "Js"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "fastholdem: error: cards must hold 5, 6 or 7 cards, got 4\n"


def test_equity_plot_writes_a_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "equity.png"
    code, _, err = run(capsys, "equity", "AhKh", "QsQd", "7c7d", "--trials", "5000", "--seed", "1",
                       "--plot", str(target))
    assert code == 0
    assert err == f"fastholdem: wrote {target}\n"  # the form of every command (range --plot too)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_progress_bar_draws_after_its_delay() -> None:
    stream = io.StringIO()
    with Progress(total=4, label="work", delay=0.0, enabled=True, stream=stream) as bar:
        for _ in range(4):
            bar.update(1)
    text = stream.getvalue()
    assert "work [" in text and "100.0%" in text and text.endswith("\n")


def test_progress_bar_stays_silent_when_disabled() -> None:
    stream = io.StringIO()
    with Progress(total=4, delay=0.0, enabled=False, stream=stream) as bar:
        bar.update(4)
    assert stream.getvalue() == ""
