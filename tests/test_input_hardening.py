"""Regression tests of issue 10 (Python side): linear parsers, short error messages, an
independent ``Hand.copy()``, one integer and one boolean check for every argument.

Linearity is checked without timing assertions: each large input runs in a subprocess
with a timeout of many seconds. A quadratic parser needs minutes on these inputs (the
whitespace case took over 60 s before the fix), a linear one well under a second, so the
timeout separates them by a wide margin on any machine.
"""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import fastholdem as fh
from fastholdem import CardError, Range, RangeError, equity, equity_job, hand_strength, parse_cards
from fastholdem._validate import ECHO_LIMIT, check_bool, check_int, echo
from fastholdem.cli import build_parser, main
from fastholdem.game import GameConfig, Hand, Table
from fastholdem.simulation.run import simulate
from fastholdem.progress import Progress, format_seconds

LINEAR_TIMEOUT = 30.0
"""Seconds a parser may take on a 10^5-10^6 character input (linear: well under one)."""


def run_isolated(code: str) -> str:
    """Run ``code`` in a fresh interpreter; fail (not hang) if it exceeds ``LINEAR_TIMEOUT``."""
    try:
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                              text=True, timeout=LINEAR_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"did not finish within {LINEAR_TIMEOUT:.0f} s: super-linear parsing")
    assert done.returncode == 0, done.stderr
    return done.stdout


# --- 1. every parser is linear ----------------------------------------------------------------


def test_range_parsing_is_linear_in_whitespace() -> None:
    out = run_isolated("""
        from fastholdem import Range
        print(len(Range("AA" + " " * 100_000 + "KK")))
        print(len(Range("AA" + " " * 100_000 + ":" + " " * 100_000 + "0.5")))
        print(len(Range("22" + " " * 100_000 + "-" + " " * 100_000 + "55")))
    """)
    assert out.split() == ["12", "6", "24"]


@pytest.mark.parametrize(
    "setup, expression",
    [
        ("from fastholdem import Range", 'Range("AA:" + "1" * 200_000 + "x")'),  # weight regex
        ("from fastholdem import Range", 'Range("AA:" + "1" * 100_000 + "e" + "1" * 100_000 + "x")'),
        ("from fastholdem import Range", 'Range("AA" + ", " * 300_000 + "x")'),
        ("from fastholdem import Range", 'Range(" \\t" * 300_000)'),
        ("from fastholdem import Range", 'Range("x" * 1_000_000)'),
        ("from fastholdem import parse_cards", 'parse_cards("As" + " " * 500_000 + "Kd" * 100_000)'),
        ("from fastholdem import parse_cards", 'parse_cards("As" * 100_000 + "x")'),
        ("from fastholdem import card", 'card(" " * 500_000 + "As" + " " * 500_000)'),
        ("from fastholdem import phh",
         'phh.loads("variant = \'NT\'\\nactions = [\'p1 " + " " * 500_000 + "cbr 5\']\\n" + " " * 500_000)'),
        ("from fastholdem.cli.game import _policies", '_policies([" ," * 300_000 + "random"], 6)'),
        ("from fastholdem.cli.game import parse_blinds", 'parse_blinds("1" * 500_000 + "/2")'),
        ("from fastholdem.cli import main", 'main(["equity", "AhKh", "QsQd", "--trials", "1" * 100_000])'),
    ],
)
def test_parsers_are_linear_on_large_inputs(setup: str, expression: str) -> None:
    out = run_isolated(f"""
        import sys
        {setup}
        try:
            {expression}
        except (ValueError, TypeError, SystemExit) as exc:
            message = str(exc)
            print("error", len(message))
        else:
            print("ok")
    """)
    # Parsed or refused quickly; a refusal quotes a bounded part of the input.
    kind, *size = out.split()
    assert kind in ("ok", "error")
    if size:
        assert int(size[0]) < 1000


# --- 2. error messages quote a bounded part of the input ---------------------------------------


def test_error_messages_cut_long_tokens_with_an_ellipsis() -> None:
    huge = "x" * 10**6
    cases = [
        lambda: Range(huge),
        lambda: Range("AA, " + huge + ":0.5"),
        lambda: Range("AA:" + "9" * 10**6),
        lambda: Range(" " * 10**6),
        lambda: Range.from_combos([huge]),
        lambda: parse_cards(huge),
        lambda: parse_cards("As" * 5000 + "Zz"),
        lambda: fh.card(huge),
        lambda: equity(["AhKh", huge]),
        lambda: check_int(huge, "trials"),
        lambda: check_bool(huge, "exact"),
    ]
    for make in cases:
        with pytest.raises((ValueError, TypeError)) as info:
            make()
        message = str(info.value)
        assert len(message) < 400, message[:400]
        assert "..." in message


def test_echo_keeps_short_values_and_names_the_length_of_long_ones() -> None:
    assert echo("AKs") == "'AKs'"
    assert echo(42) == "42"
    cut = echo("y" * 12_345)
    assert "..." in cut and cut.endswith("(12,345 characters)") and len(cut) < ECHO_LIMIT + 40
    assert "..." in echo(list(range(10**5)))
    assert "(2,000 bytes)" in echo(b"z" * 2000)


# --- 3. Hand.copy() shares no mutable state ---------------------------------------------------


def deal_to_flop(hand: Hand) -> list[int]:
    while len(hand.board) < 3 and not hand.is_complete:
        if hand.legal_actions().check:
            hand.check()
        else:
            hand.call()
    return hand.board


@pytest.mark.parametrize("seed", range(20))
def test_hand_copy_is_independent_of_the_original(seed: int) -> None:
    cfg = GameConfig()
    original = Hand(cfg, [100, 100, 100], seed=seed)
    alone = deal_to_flop(Hand(cfg, [100, 100, 100], seed=seed))
    twin = original.copy()
    assert deal_to_flop(twin) == alone  # the copy continues the same deck
    assert deal_to_flop(original) == alone  # and dealing it did not move the original's
    assert original.stacks == twin.stacks and original.history == twin.history


def test_hand_copy_from_a_shared_generator_and_mid_hand() -> None:
    rng = random.Random(11)
    hand = Hand(GameConfig(), [50, 80, 120, 200], seed=rng)
    hand.call()
    twin = hand.copy()
    assert deal_to_flop(twin) == deal_to_flop(hand)
    rng.random()  # the caller's generator is not the copies'
    assert twin.board == hand.board
    for name in Hand.__slots__:
        a, b = getattr(hand, name, None), getattr(twin, name, None)
        if isinstance(a, (list, dict)):
            assert a is not b, name


# --- 4. integer arguments: TypeError for a non-int, ValueError out of range ---------------------


@pytest.mark.parametrize("bad", [1.5, 1000.0, 1e6, True, "1000", None.__class__])
def test_equity_trials_must_be_an_int(bad: object) -> None:
    with pytest.raises(TypeError, match="trials must be an int"):
        equity(["AhKh", "QsQd"], trials=bad, seed=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="trials must be an int"):
        equity_job(["AhKh", "QsQd"], trials=bad, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [1.0, 1.5, False, "1", np.float64(3)])
def test_integer_arguments_refuse_non_ints_everywhere(bad: object) -> None:
    calls = [
        lambda: equity(["AhKh", "QsQd"], trials=1000, seed=bad),  # type: ignore[arg-type]
        lambda: equity_job(["AhKh", "QsQd"], trials=1000, seed=1).chunks(bad),  # type: ignore[arg-type]
        lambda: hand_strength(np.array([[51, 47]]), opponents=bad, trials=100),
        lambda: hand_strength(np.array([[51, 47]]), trials=bad, exact=False),
        lambda: hand_strength(np.array([[51, 47]]), seed=bad, trials=100, exact=False),
        lambda: simulate(["random", "random"], bad),  # type: ignore[arg-type]
        lambda: simulate(["random", "random"], 1, seed=bad),  # type: ignore[arg-type]
        lambda: Hand(GameConfig(), [100, 100], seed=bad),  # type: ignore[arg-type]
        lambda: Table(GameConfig(), [100, 100], seed=bad),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(TypeError, match="must be"):
            call()


def test_integer_arguments_accept_numpy_integers() -> None:
    r = equity(["AhKh", "QsQd"], trials=np.int64(5000), seed=np.uint32(3), threads=1)
    assert r.deals == 5000 and r.seed == 3
    assert len(equity_job(["AhKh", "QsQd"], trials=9000, seed=1).chunks(np.int16(2))) == 2
    assert Hand(GameConfig(), [100, 100], seed=np.int64(4)).board == []


def test_equity_needs_two_trials_for_a_standard_error() -> None:
    for trials in (0, 1, -5):
        with pytest.raises(ValueError, match=r"trials must be an int 2\.\."):
            equity(["AhKh", "QsQd"], trials=trials, seed=1)
    r = equity(["AhKh", "QsQd"], trials=2, seed=1, threads=1)
    assert r.deals == 2 and np.all(np.isfinite(r.stderr))


def test_one_trial_tally_reports_an_unknown_not_a_zero_standard_error() -> None:
    job = equity_job(["AhKh", "QsQd"], trials=4097, seed=5)  # one block of 4,096 and one of 1
    last = job.combine([job.run(range(1, 2), threads=1)])
    assert last.deals == 1 and np.all(np.isinf(last.stderr))
    whole = job.combine([job.run(range(2), threads=1)])
    assert whole.deals == 4097 and np.all(np.isfinite(whole.stderr)) and np.all(whole.stderr > 0)


@pytest.mark.parametrize("stderr, exc", [("0.1", TypeError), (True, TypeError), (0.0, ValueError),
                                         (float("nan"), ValueError), (1.5, ValueError)])
def test_equity_stderr_type_and_range(stderr: object, exc: type) -> None:
    with pytest.raises(exc, match="stderr must be a number"):
        equity(["AhKh", "QsQd"], stderr=stderr)  # type: ignore[arg-type]


# --- 5. booleans are booleans; clear errors for wrong shapes --------------------------------------


@pytest.mark.parametrize("bad", ["no", "yes", 1, 0, [], None])
def test_game_config_flags_refuse_truthy_stand_ins(bad: object) -> None:
    for flag in ("cap_heads_up", "uncapped_river", "half_bet_reopens"):
        with pytest.raises(TypeError, match=f"{flag} must be True or False"):
            GameConfig(**{flag: bad})  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["yes", "no", 1, 0.0])
def test_bool_arguments_refuse_truthy_stand_ins(bad: object) -> None:
    calls = [
        lambda: hand_strength(np.array([[51, 47]]), exact=bad, trials=100),
        lambda: equity(["AhKh", "QsQd"], exact=bad),  # type: ignore[arg-type]
        lambda: equity(["AhKh", "QsQd"], board="2c3d4h", progress=bad),  # type: ignore[arg-type]
        lambda: equity_job(["AhKh", "QsQd"], exact=bad),  # type: ignore[arg-type]
        lambda: simulate(["random", "random"], 1, carry_stacks=bad),  # type: ignore[arg-type]
        lambda: simulate(["random", "random"], 1, progress=bad),  # type: ignore[arg-type]
        lambda: Hand(GameConfig(), [100, 100], manual=bad),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(TypeError, match="must be True"):
            call()
    assert GameConfig(cap_heads_up=np.True_).cap_heads_up is True  # NumPy booleans are booleans


def test_hand_and_table_with_a_number_for_stacks_say_so() -> None:
    for make in (lambda: Hand(GameConfig(), 100), lambda: Table(GameConfig(), 100)):  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"stacks must be a sequence .* got int 100"):
            make()
    with pytest.raises(TypeError, match="auto_rebuy must be True, False or a positive chip count"):
        Table(GameConfig(), [100, 100], auto_rebuy="yes")  # type: ignore[arg-type]


def test_range_from_combos_bytes_and_text_weights_are_clear_errors() -> None:
    with pytest.raises(TypeError, match="from_combos takes a list of combos, not bytes"):
        Range.from_combos(b"AhKh")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="weights must be numbers"):
        Range.from_combos(["AhKh"], "abc")
    with pytest.raises(TypeError, match="weights must be numbers"):
        Range.from_combos(["AhKh"], [1j])
    with pytest.raises(TypeError, match="weights must be a sequence of numbers"):
        Range.from_combos(["AhKh", "AsKs"], [[1.0], [0.5, 0.5]])
    with pytest.raises(TypeError, match="not int"):
        Range.from_combos(5)  # type: ignore[arg-type]
    for bad in ([b"AhKh"], [5], [None]):
        with pytest.raises(RangeError, match="expected text such as 'AhKh' or a pair of cards"):
            Range.from_combos(bad)  # type: ignore[arg-type]
    with pytest.raises(CardError):
        Range.from_combos([(51, 99)])
    assert Range.from_combos(["AhKh"], np.array([0.5], dtype=np.float32)) == Range("AhKh:0.5")


# --- 6. the progress bar: a smooth, honest time left, nothing misleading after an interrupt -----


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def last_frame(text: str) -> str:
    return text.rstrip("\n").split("\r")[-1]


def test_progress_eta_follows_the_rate_not_the_first_chunk() -> None:
    clock, stream = FakeClock(), io.StringIO()
    with Progress(total=1000, label="job", delay=0.0, enabled=True, stream=stream, clock=clock) as bar:
        clock.now = 0.01
        bar.update(1)  # a fast first chunk: the old estimate extrapolated from it alone
        assert "eta ?" in last_frame(stream.getvalue())
        for _ in range(20):  # then a steady 10 units per second
            clock.now += 1.0
            bar.update(10)
        eta = bar.eta()
        assert eta is not None and abs(eta - (1000 - 201) / 10) < 5
        clock.now += 1.0
        bar.update(10, total=2000)  # the total is re-estimated: the time left grows by 1000 / rate
        eta = bar.eta()
        assert eta is not None and abs(eta - (2000 - 211) / 10) < 5
        clock.now += 1.0
        bar.update(1)  # one chunk at a tenth of the rate moves the estimate, but far less than 10x
        eta = bar.eta()
        assert eta is not None and (2000 - 212) / 10 < eta < 1.5 * (2000 - 212) / 10


def test_progress_bar_says_interrupted_and_shows_no_time_left() -> None:
    clock, stream = FakeClock(), io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        with Progress(total=100, label="job", delay=0.0, enabled=True, stream=stream, clock=clock) as bar:
            for _ in range(5):
                clock.now += 1.0
                bar.update(5)
            raise KeyboardInterrupt
    frame = last_frame(stream.getvalue())
    assert "interrupted" in frame and "eta" not in frame and "100.0%" not in frame
    assert " 25.0%" in frame and stream.getvalue().endswith("\n")


def test_progress_bar_says_done_at_the_end() -> None:
    clock, stream = FakeClock(), io.StringIO()
    with Progress(total=100, label="job", delay=0.0, enabled=True, stream=stream, clock=clock) as bar:
        clock.now += 2.0
        bar.update(40)  # a Monte Carlo run may stop early, once its target is met
    frame = last_frame(stream.getvalue())
    assert "done" in frame and "100.0%" in frame and "eta" not in frame


def test_progress_formats_long_durations() -> None:
    assert [format_seconds(s) for s in (0.04, 59.9, 61, 3599, 3600, 8964.5, 4e6, float("inf"))] == [
        "0.0s", "59.9s", "1m01s", "59m59s", "1h00m", "2h29m", ">99h", ">99h"]


# --- 6. command line: clean errors, honest Monte Carlo output, number notation, help text ------


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["equity", "AhKh", "QsQd", "--board", "Td7c2s", "--plot", "{missing}/x.png"], "does not exist"),
        (["equity", "AhKh", "QsQd", "--board", "Td7c2s", "--plot", "{folder}"], "it is a folder"),
        (["simulate", "--hands", "3", "--seed", "1", "--phh", "{missing}/out.phhs"], "does not exist"),
        (["simulate", "--hands", "3", "--seed", "1", "--phh", "{folder}"], "it is a folder"),
    ],
)
def test_cli_unwritable_output_paths_exit_2_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], message: str
) -> None:
    paths = {"missing": str(tmp_path / "no" / "such" / "dir"), "folder": str(tmp_path)}
    code, out, err = run_cli(capsys, *(a.format(**paths) for a in argv))
    assert code == 2 and out == ""  # refused before computing or printing anything
    assert err.startswith("fastholdem: error: cannot write ") and message in err
    assert "Traceback" not in err


def test_cli_os_errors_while_writing_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = os.open

    def refuse(path: str, *args: Any, **kwargs: Any) -> int:  # the output's folder refuses new files
        if os.path.dirname(os.fspath(path)) == str(tmp_path):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refuse)
    code, _, err = run_cli(capsys, "simulate", "--hands", "2", "--phh", str(tmp_path / "out.phhs"))
    assert code == 2 and err.startswith("fastholdem: error: ") and "Permission denied" in err


def test_cli_stderr_target_not_met_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "AhKh", "QsQd", "--stderr", "1e-9", "--trials", "1000", "--seed", "1", "--quiet"]
    code, out, _ = run_cli(capsys, *argv)
    assert code == 0 and "stderr target 1e-09 not met" in out and "1,000 deals" in out
    code, out, _ = run_cli(capsys, *argv, "--json")
    data = json.loads(out)
    assert data["stderr_target"] == 1e-9 and data["stderr_target_met"] is False and data["deals"] == 1000
    code, out, _ = run_cli(capsys, "equity", "AhKh", "QsQd", "--stderr", "0.01", "--seed", "1", "--json")
    data = json.loads(out)
    assert data["stderr_target_met"] is True and max(p["stderr"] for p in data["players"]) <= 0.01
    code, out, _ = run_cli(capsys, "equity", "AhKh", "QsQd", "--stderr", "0.01", "--seed", "1")
    assert "not met" not in out


@pytest.mark.parametrize("text, value", [("1e6", 10**6), ("1E6", 10**6), ("2.5e3", 2500), ("1000.0", 1000),
                                         ("1_000", 1000), ("+7", 7), (" 12 ", 12)])
def test_cli_counts_accept_exact_integers_in_float_notation(text: str, value: int) -> None:
    args = build_parser().parse_args(["equity", "AhKh", "QsQd", "--trials", text, "--seed", text])
    assert args.trials == value and args.seed == value
    args = build_parser().parse_args(["simulate", "--hands", text])
    assert args.hands == value


@pytest.mark.parametrize("text", ["1.5", "1e-3", "abc", "nan", "inf", "1e400", "", "1" * 200])
def test_cli_counts_refuse_non_integers(capsys: pytest.CaptureFixture[str], text: str) -> None:
    with pytest.raises(SystemExit) as info:
        build_parser().parse_args(["equity", "AhKh", "QsQd", "--trials", text])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "expected an integer such as 1000 or 1e6" in err and len(err) < 1000


def test_cli_trials_in_scientific_notation_run(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "equity", "AhKh", "QsQd", "--trials", "5e3", "--seed", "2", "--json")
    assert code == 0 and json.loads(out)["deals"] == 5000


@pytest.mark.parametrize("policy", ["random,,tight", "random,", ",random", " , ", ""])
def test_cli_policy_list_refuses_empty_names(capsys: pytest.CaptureFixture[str], policy: str) -> None:
    code, out, err = run_cli(capsys, "simulate", "--hands", "2", "--policy", policy)
    assert code == 2 and out == "" and "fastholdem: error: empty policy name" in err


def test_cli_help_texts_show_single_percent_signs(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("rank", "equity", "simulate", "play"):
        with pytest.raises(SystemExit):
            build_parser().parse_args([command, "--help"])
        out = capsys.readouterr().out
        assert "%%" not in out, command
        if command == "play":
            assert "33% 50%" in " ".join(out.split())
