"""What the ``fastholdem`` command says, in one form (issue 19, a newcomer's trial items 4, 6, 8, 9):
every error is one line ``fastholdem: error: ...`` with exit status 2 and no traceback (a missing
optional dependency names its ``pip install`` command); notes are ``fastholdem: ...`` on stderr
(``wrote ...``, warnings, "nothing ... done"); the equity output names what it counts the same
way in text and JSON."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fastholdem import equity
from fastholdem.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# Runs the command lines given as JSON in one process in which the named top-level packages
# cannot be imported (a meta path finder refuses them), as when the extra that installs them
# was not asked for; prints [status, stdout, stderr] of each as JSON.
_HIDE = textwrap.dedent("""
    import contextlib, io, json, sys
    from importlib.abc import MetaPathFinder

    class Hide(MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in {"matplotlib", "dask", "distributed"}:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, Hide())
    from fastholdem.cli import main
    runs = []
    for argv in json.loads(sys.argv[1]):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
        runs.append([code, out.getvalue(), err.getvalue()])
    print(json.dumps(runs))
""")


def test_cli_missing_optional_dependency_is_one_error_line_with_the_install_command(tmp_path: Path) -> None:
    png = str(tmp_path / "x.png")
    plots = [["equity", "AhKh", "QsQd", "--board", "Td7c2s", "--plot", png],
             ["equity", "AhKh", "QsQd", "--board", "Td7c2s", "--by-next-card", "--plot", png],
             ["range", "AKs,QQ+", "--plot", png],
             ["range", "AKs,QQ+", "--board", "Td7c2s", "--plot", png]]
    cluster = [["simulate", "--hands", "10", "--scheduler", "local:1"],
               ["equity", "AhKh", "QsQd", "--scheduler", "local:1"]]
    done = subprocess.run([sys.executable, "-c", _HIDE, json.dumps(plots + cluster)], capture_output=True,
                          text=True, check=True, timeout=120)
    for argv, (code, out, err) in zip(plots + cluster, json.loads(done.stdout)):
        extra = "plot" if "--plot" in argv else "dask"
        assert code == 2 and out == "", argv  # refused before the work: nothing printed
        assert err.count("\n") == 1 and "Traceback" not in err, (argv, err)
        assert err.startswith("fastholdem: error: ") and f'pip install ".[{extra}]"' in err, (argv, err)
    assert not (tmp_path / "x.png").exists()


def test_cli_option_errors_use_the_same_error_form(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["equity", "AhKh", "QsQd", "--exact", "--trials", "10"])
    _, err = capsys.readouterr()
    assert stop.value.code == 2
    assert err.splitlines()[-1] == "fastholdem: error: argument --trials: not allowed with argument --exact"


def test_range_help_shows_percent_signs_once(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["range", "--help"])
    out = capsys.readouterr().out
    assert "fastholdem range 15%" in out and "%%" not in out


def test_cli_simulate_zero_hands_says_nothing_was_played(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "--hands", "0", "--players", "2")
    assert code == 0 and err == "fastholdem: nothing simulated: --hands 0 plays no hand\n"
    code, _, err = run(capsys, "simulate", "--hands", "5", "--players", "2", "--seed", "1")
    assert code == 0 and err == ""


def test_cli_phh_check_empty_folder_says_nothing_was_checked(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    code, out, err = run(capsys, "phh", "check", str(tmp_path))
    assert code == 0 and out.startswith("0/0 hands")
    assert err == f"fastholdem: nothing checked: no .phh or .phhs file in {tmp_path}\n"


HH = Path(__file__).resolve().parents[1] / "data" / "hh"


@pytest.mark.parametrize("site, fixture", [
    ("PokerStars", "pokerstars/hhp/allin-preflop.txt"),
    ("GGPoker", "ggpoker/italytoast/CashGame/GeneralHands/GeneralHand.txt"),
    ("Winamax", "winamax/italytoast/CashGame/GeneralHands/GeneralHand.txt"),
    ("888", "888/hhp/cash.hhsmithy.usd.nlh.6max.txt"),
    ("PartyPoker", "partypoker/italytoast/CashGame/GeneralHands/GeneralHand.txt"),
    ("iPoker", "ipoker/italytoast/CashGame/GeneralHands/GeneralHand.txt"),
])
def test_phh_commands_on_site_text_say_to_convert_it_first(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                           site: str, fixture: str) -> None:
    # phh check, hh stats and hh export read PHH; a site's hand-history text is refused by name,
    # with the hh convert command line, instead of "not valid TOML"; nothing is written.
    src = tmp_path / Path(fixture).name
    src.write_bytes((HH / fixture).read_bytes())
    out = tmp_path / "out.txt"
    for argv in (["phh", "check", str(src)], ["hh", "stats", str(src)],
                 ["hh", "export", str(src), "-o", str(out)]):
        code, stdout, err = run(capsys, *argv)
        assert code == 2 and stdout == "", argv
        assert err == (f"fastholdem: error: {src} is {site} hand-history text, not PHH: convert it first "
                       f"with `fastholdem hh convert {src} -o {src.with_suffix('.phhs')}`\n"), argv
    assert sorted(p.name for p in tmp_path.iterdir()) == [src.name]


def test_equity_text_and_json_name_the_deals_alike(capsys: pytest.CaptureFixture[str]) -> None:
    # Range against range, exact: more deals than boards (every board for every hand assignment).
    argv = ["equity", "AA,KK", "QQ", "--board", "2c3d4h"]
    code, text, _ = run(capsys, *argv)
    code_json, data, _ = run(capsys, *argv, "--json")
    deals = json.loads(data)["deals"]
    assert code == code_json == 0 and deals > 45 * 44 // 2
    assert f"exact: {deals:,} deals enumerated" in text and "boards" not in text
    _, text, _ = run(capsys, "equity", "AhKh", "QsQd", "--trials", "5000", "--seed", "1")
    assert "5,000 deals sampled" in text
    result = equity(["AA,KK", "QQ"], board="2c3d4h")
    assert result.deals == deals and result.to_dict()["deals"] == deals


def test_equity_stderr_warns_about_the_time_before_starting_even_when_piped() -> None:
    # Unreachable within the --trials cap: a warning on stderr (not a terminal here), before
    # the result (stderr merged into stdout shows the order).
    done = subprocess.run([sys.executable, "-m", "fastholdem.cli", "equity", "AhKh", "QsQd", "--stderr", "1e-9",
                           "--trials", "1e6", "--seed", "1"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, check=False, timeout=120)
    lines = done.stdout.splitlines()
    assert done.returncode == 0
    assert re.fullmatch(r"fastholdem: warning: --stderr 1e-09 needs about 2\.\de\+17 deals, more than the --trials "
                        r"limit \(1e\+06\): the run stops there, in about \d+ seconds, without reaching the "
                        r"target", lines[0]), lines[0]
    assert lines[1].startswith("player")


def test_equity_stderr_reachable_quickly_has_no_warning(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "equity", "AhKh", "QsQd", "--stderr", "0.01", "--seed", "1", "--quiet")
    assert code == 0 and err == ""


@pytest.mark.parametrize("target", ["0", "-0.1", "1", "2"])
def test_equity_stderr_out_of_range_is_one_error_naming_the_flag(target: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The time-estimate pilot once divided by a zero --stderr (soak fuzz): the target is now
    refused by the run itself, as one error line naming --stderr."""
    assert main(["equity", "AhKh", "QsQd", "--stderr", target]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fastholdem: error:") and "--stderr" in err and "Traceback" not in err


def test_equity_by_hand_numbers_players_as_by_combo(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "AKs", "QQ,JJ", "--board", "2c3d4h", "--by-hand")
    result = equity(["AKs", "QQ,JJ"], board="2c3d4h", by_combo=True)
    heads = [line for line in out.splitlines() if re.match(r"player \d", line)]
    assert code == 0 and heads == ["player 0 (AKs): 4 hands, by_combo(0)", "player 1 (QQ,JJ): 12 hands, by_combo(1)"]
    block = out.split("player 1 (QQ,JJ)")[1].splitlines()[2:]
    best = result.by_combo(1)[result.by_combo(1)["equity"].argmax()]
    assert block[0].split()[0] == best["hand"]


def test_cli_reports_only_through_the_one_helper() -> None:
    """No subcommand writes its own ``fastholdem: ...`` line or prints to stderr: every error and
    note goes through :mod:`fastholdem.cli._report`, so they cannot drift apart again."""
    cli = Path(__file__).resolve().parents[2] / "src" / "fastholdem" / "cli"
    for path in sorted(cli.glob("*.py")):
        if path.name == "_report.py":
            continue
        text = path.read_text(encoding="utf-8")
        assert "sys.stderr" not in text and "SystemExit" not in text, path.name
        assert not re.search(r"""["']fastholdem: """, text), path.name
