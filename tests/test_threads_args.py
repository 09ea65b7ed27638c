"""``threads=`` and ``--threads`` checked at the boundary (issue 26, item 5): the hand-history
functions refuse a bad thread count whether or not a hand needs the equity engine, and every
command reads ``--threads`` through one argparse type with one rule, naming ``--threads``."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from fastholdem import phh
from fastholdem._core import check_threads
from fastholdem.cli import main
from fastholdem.errors import FastHoldemError, InputTypeError
from fastholdem.history.allin_ev import allin_ev
from fastholdem.history.stats import player_stats, stats_files
from fastholdem.history.summary import summarize

_HEAD = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
         'starting_stacks = [100, 100]\nplayers = ["ann", "bob"]\n')
FOLD = _HEAD + 'actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\nfinishing_stacks = [101, 99]\n'
"""A hand without an all-in: no engine call."""
FLOP_ALLIN = _HEAD + ('actions = ["d dh p1 KhKc", "d dh p2 AsAd", "p2 cc", "p1 cc", "d db 2c3d4h", '
                      '"p1 cbr 98", "p2 cc", "d db 9s", "d db Kd"]\nfinishing_stacks = [200, 0]\n')
"""An all-in on the flop: the all-in EV asks the engine."""

BAD = [0, -1, 1.5, "x", [2], True, np.float64(2.0), "2"]


def _file(tmp_path: Path, name: str, *texts: str) -> Path:
    path = tmp_path / name
    path.write_text("".join(f"[{k}]\n{t}\n" for k, t in enumerate(texts, 1)), encoding="utf-8")
    return path


def _calls(tmp_path: Path) -> dict[str, object]:
    fold, allin = phh.loads(FOLD), phh.loads(FLOP_ALLIN)
    files = {"none": _file(tmp_path, "none.phhs", FOLD), "allin": _file(tmp_path, "allin.phhs", FLOP_ALLIN)}
    return {
        "allin_ev(no hands)": lambda t: allin_ev([], threads=t),
        "allin_ev(a fold)": lambda t: allin_ev([summarize(fold)], threads=t),
        "allin_ev(an all-in)": lambda t: allin_ev([summarize(allin)], threads=t),
        "player_stats(no hands)": lambda t: player_stats([], threads=t),
        "player_stats(a fold)": lambda t: player_stats([fold], threads=t),
        "player_stats(a fold, hero)": lambda t: player_stats([fold], hero="ann", threads=t),
        "player_stats(no all-in EV)": lambda t: player_stats([allin], threads=t, allin_ev=False),
        "player_stats(an all-in)": lambda t: player_stats([allin], threads=t),
        "stats_files(no files)": lambda t: stats_files([], threads=t),
        "stats_files(a fold)": lambda t: stats_files([files["none"]], threads=t),
        "stats_files(a missing file)": lambda t: stats_files([tmp_path / "missing.phhs"], threads=t),
        "stats_files(an all-in)": lambda t: stats_files([files["allin"]], threads=t),
    }


@pytest.mark.parametrize("bad", BAD, ids=repr)
def test_history_functions_refuse_a_bad_thread_count_whatever_the_hands(tmp_path: Path, bad: object) -> None:
    with pytest.raises((TypeError, ValueError)) as expected:
        check_threads(bad)  # the library's own rule, which the engine applies
    for name, call in _calls(tmp_path).items():
        with pytest.raises(type(expected.value), match=r"^threads must be a positive int or None") as got:
            call(bad)  # type: ignore[operator]
        assert str(got.value) == str(expected.value), name
        assert isinstance(got.value, FastHoldemError) and isinstance(got.value, (TypeError, ValueError))


@pytest.mark.parametrize("good", [None, 1, 2, np.int64(3), 10**6])
def test_history_functions_take_a_good_thread_count(tmp_path: Path, good: object) -> None:
    for call in _calls(tmp_path).values():
        call(good)  # type: ignore[operator]


def test_player_stats_checks_its_other_arguments_before_the_hands() -> None:
    fold = phh.loads(FOLD)
    with pytest.raises(InputTypeError, match="hero must be a player name"):
        player_stats([fold], hero=5)  # type: ignore[arg-type]
    with pytest.raises(InputTypeError, match="allin_ev must be True or False"):
        player_stats([], allin_ev=1)  # type: ignore[arg-type]
    with pytest.raises(InputTypeError, match="allin_ev must be True or False"):
        stats_files([], allin_ev="no")  # type: ignore[arg-type]


def _commands(tmp_path: Path) -> dict[str, list[str]]:
    """Every command with a --threads option, on input that needs no engine call (hh stats on a
    fold) and on input that does (a flop all-in; equity always does)."""
    return {
        "hh stats (a fold)": ["hh", "stats", str(_file(tmp_path, "none.phhs", FOLD))],
        "hh stats (an all-in)": ["hh", "stats", str(_file(tmp_path, "allin.phhs", FLOP_ALLIN))],
        "equity": ["equity", "AhKh", "QsQd", "--board", "Td7c2s", "--quiet"],
    }


@pytest.mark.parametrize("text", ["0", "-1", "1.5", "x", "[2]", "", "1e-3", "inf", "nan", "0x10", "true"])
def test_every_command_refuses_a_bad_threads_option_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    for name, argv in _commands(tmp_path).items():
        with pytest.raises(SystemExit) as stop:
            main([*argv, "--threads", text])
        out, err = capsys.readouterr()
        assert stop.value.code == 2 and out == "", name
        assert err.splitlines()[-1] == (f"fastholdem: error: argument --threads: expected a positive integer "
                                        f"such as 4, got {text!r}"), (name, err)


@pytest.mark.parametrize("text", ["1", "4", "1_000", "1e6", "2.0e2", "300"])
def test_every_command_takes_the_same_good_threads_option(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          text: str) -> None:
    """One rule: exact integers from 1 (as every integer option reads them); above MAX_THREADS the
    library uses MAX_THREADS."""
    for name, argv in _commands(tmp_path).items():
        assert main([*argv, "--threads", text]) == 0, name
        assert capsys.readouterr().err == "", name


def test_stats_files_and_convert_refuse_one_path_alone(tmp_path: Path) -> None:
    """One path where a list is expected would be read character by character (``stats_files``
    reported one unreadable "file" per character): refused, naming ``paths``, before any read."""
    from fastholdem.history.sites import convert

    path = _file(tmp_path, "s.phhs", FOLD)
    for one in (str(path), path, bytes(path)):
        with pytest.raises(InputTypeError, match=r"^paths must be a list of files or folders, got .*: write \["):
            stats_files(one)  # type: ignore[arg-type]
        with pytest.raises(InputTypeError, match=r"^paths must be a list of files or folders"):
            convert(one, tmp_path / "out.phhs")  # type: ignore[arg-type]
    with pytest.raises(InputTypeError, match=r"^paths must be a list of files or folders, got int 3"):
        stats_files(3)  # type: ignore[arg-type]
    assert not (tmp_path / "out.phhs").exists()
    assert stats_files((p for p in [path])).hands == 1  # any iterable of paths
