"""``fastholdem phh check`` against hostile files and Ctrl-C (issue 19, campaign items 2 and 6).

* A deeply nested ``.phh`` (``variant = [[[...]]]``, 1,000 levels) is a ``HandHistoryError``, and
  ``phh check`` reports it in one line, not a RecursionError traceback.
* Ctrl-C, as a terminal sends it (SIGINT to the whole process group), during
  ``phh check --jobs 2``: the pool workers ignore it and the parent cancels; the command prints
  ``fastholdem: interrupted`` and nothing else on stderr, and exits with status 130, whenever
  the signal comes once fastholdem code runs (the imports, the pool start, the checking). Only
  the interpreter's own start-up, before the console script's first line, is out of reach.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fastholdem import HandHistoryError, phh
from fastholdem.cli import main
from fastholdem.game import GameConfig, Hand

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "phh"
NESTED = "variant = " + "[" * 1000 + "]" * 1000 + "\n"


def test_phh_loads_deeply_nested_arrays_is_a_hand_history_error() -> None:
    with pytest.raises(HandHistoryError, match="nested too deeply"):
        phh.loads(NESTED)
    with pytest.raises(HandHistoryError, match="nested too deeply"):
        phh.loads_all("[1]\n" + NESTED)


def test_phh_check_reports_a_deeply_nested_file_in_one_line(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "deep.phh").write_text(NESTED, encoding="utf-8")
    hand = Hand(GameConfig(), [100, 100], seed=1)
    hand.fold()
    phh.dump(hand, tmp_path / "good.phh")
    code = main(["phh", "check", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert len(lines) == 2 and lines[0].startswith(str(tmp_path / "deep.phh") + ": ") and "nested too deeply" in lines[0]
    assert lines[1].startswith("1/2 hands replay")


# The console script, as a user runs it (its launcher answers a Ctrl-C during the imports too).
_SCRIPT = Path(sys.executable).with_name("fastholdem")


def _wait_for_imports(pid: int) -> None:
    """Wait until the process loads numpy's compiled module: ``import fastholdem`` is under way,
    so the interpreter's own start-up (site, .pth files: before any fastholdem code can run) is
    over. Linux only (``/proc``)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if "numpy" in Path(f"/proc/{pid}/maps").read_text():
                return
        except OSError:  # exited already
            return
        time.sleep(0.002)


# The sample named this many times: some 65,000 hands to replay, a minute or more of work on
# any machine, so the command cannot finish before the signal (it would then print its report).
_REPEATS = 200


def _interrupt_once(delay: float) -> tuple[int | None, str, str]:
    """Run ``fastholdem phh check`` over the sample ``_REPEATS`` times with 2 jobs in its own
    process group, send SIGINT to the group ``delay`` seconds after it starts importing numpy
    (during the imports, the pool start or the checking), and return (status, stdout, stderr)."""
    args = [str(_SCRIPT), "phh", "check", *[str(SAMPLE)] * _REPEATS, "--jobs", "2"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    _wait_for_imports(proc.pid)
    time.sleep(delay)
    try:
        os.killpg(proc.pid, signal.SIGINT)
    except ProcessLookupError:  # already done
        pass
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        return None, out, err
    return proc.returncode, out, err


def _interrupt_many(runs: int, seed: int) -> None:
    """Interrupt ``runs`` times at random moments of the first 0.8 s; every run stops before
    its end (no report on stdout) and ends cleanly."""
    rng = random.Random(seed)
    for _ in range(runs):
        delay = rng.uniform(0.0, 0.8)
        code, out, err = _interrupt_once(delay)
        assert (code, err) == (130, "fastholdem: interrupted\n"), (delay, code, err[-2000:])
        assert "hands replay" not in out, (delay, out[-2000:])


@pytest.mark.skipif(not _SCRIPT.exists() or not Path("/proc/self/maps").exists(),
                    reason="needs the fastholdem console script and /proc")
def test_phh_check_ctrl_c_with_jobs_exits_130_without_traceback() -> None:
    _interrupt_many(3, seed=1)


@pytest.mark.slow
@pytest.mark.skipif(not _SCRIPT.exists() or not Path("/proc/self/maps").exists(),
                    reason="needs the fastholdem console script and /proc")
def test_phh_check_ctrl_c_with_jobs_exits_130_without_traceback_soak() -> None:
    # 60 random moments by default (about a minute on 2 cores); FASTHOLDEM_INTERRUPT_RUNS sets it.
    _interrupt_many(int(os.environ.get("FASTHOLDEM_INTERRUPT_RUNS", "60")), seed=2)
