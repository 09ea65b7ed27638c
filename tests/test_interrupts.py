"""Ctrl-C stops every long call of the compiled core (issues 10, 25).

Each long call runs in a fresh subprocess. The interrupt is proven, not raced:

* **The call cannot finish first.** It is sized by its work: a single call (or a loop of
  calls) that would take minutes or hours of CPU even on a fast machine. The child first times
  a small part of the same work (``cal``; ``ratio`` times as much work is at most what the full
  call does), so the full call's CPU cost is estimated on the machine that runs the test.
* **The signal comes once the call runs.** A helper thread waits until the call has used a
  little CPU (a random 0.05-0.25 s, so that repeated tries do not land at the same moment of a
  loop) and, for threaded calls, until its worker threads exist; then it sends SIGINT to the
  process.
* **The call stopped early, from inside.** It raises ``KeyboardInterrupt`` (not an error
  about a buffer format, as the equity tallies once did), having used under a twentieth of
  the CPU the whole work needs, and leaves no thread behind. Where ``frame`` is given, that
  compiled function is in the traceback: it polled and raised. A signal that lands in the
  Python between two calls of a loop (no such frame) is tried again; a call that never polls
  can never show its frame, so a retry cannot make the test pass.

No assertion depends on how fast the machine is; the timeouts only catch a hang. How soon a
call answers is a benchmark row (benchmarks/bench_import.py), not a timed assertion.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
import time
from typing import NamedTuple

import pytest
from interrupt_helpers import process_cpu_seconds, wait_for_cpu

HEADER = textwrap.dedent(
    """
    import json, os, random, re, signal, sys, threading, time, traceback
    import numpy as np
    from fastholdem import _core, deal, equity, equity_batch, equity_job, evaluate_batch, hand_strength
    from fastholdem.evaluate import enumerate_values
    from numpy.lib.stride_tricks import as_strided

    def tasks():
        return len(os.listdir("/proc/self/task"))

    def settled_tasks(at_most=None):
        # A joined thread can stay listed in /proc/self/task for a moment while the kernel
        # reaps it: wait until the count holds still (or, given at_most, falls to it); a
        # thread that is still running never leaves, so a leak still shows.
        deadline, last, same = time.monotonic() + 5, tasks(), 0
        while time.monotonic() < deadline and same < 5:
            time.sleep(0.01)
            now = tasks()
            same = same + 1 if now == last else 0
            last = now
            if at_most is not None and now <= at_most:
                break
        return last

    rng = np.random.default_rng(1)
    """
)

# After the case's setup (which defines cal, full and ratio). PARAMS: frame, threads, poll_ms, tries.
FOOTER = textwrap.dedent(
    """
    cpu = time.process_time
    c0 = cpu()
    cal()
    cpu_cal = cpu() - c0
    _core._set_poll_ms(PARAMS["poll_ms"])
    before = settled_tasks()
    pick = random.Random()
    missed = []
    report = None
    for attempt in range(PARAMS["tries"]):
        ready, stop, state = threading.Event(), threading.Event(), {}
        def fire():
            ready.wait()
            start, wait = cpu(), pick.uniform(0.05, 0.25)
            deadline = time.monotonic() + 240  # a hang fails the test
            while cpu() - start < wait or (PARAMS["threads"] and tasks() <= state["base"]):
                if stop.wait(0.002):  # the call returned first
                    return
                if time.monotonic() > deadline:
                    state["gave_up"] = True
                    break
            os.kill(os.getpid(), signal.SIGINT)
        helper = threading.Thread(target=fire)
        helper.start()
        state["base"] = tasks()  # the main thread and the helper
        c0 = cpu()
        ready.set()
        try:
            full()
        except KeyboardInterrupt:
            cpu_call = cpu() - c0
            helper.join()
            tb = traceback.format_exc()
            if PARAMS["frame"] and not re.search(PARAMS["frame"], tb, re.M):
                missed.append(tb.strip().splitlines()[-3:])
                continue
            report = {"interrupted": True, "cpu_call": cpu_call, "cpu_full": cpu_cal * ratio,
                      "started": not state.get("gave_up"),
                      "threads_left": settled_tasks(before) - before, "traceback": tb, "missed": missed}
        else:
            report = {"interrupted": False, "cpu_call": cpu() - c0, "cpu_full": cpu_cal * ratio}
            stop.set()
            try:
                helper.join()
            except KeyboardInterrupt:
                pass
        break
    if report is None:
        report = {"interrupted": True, "raised_inside": False, "missed": missed}
    print(json.dumps(report))
    """
)


class Case(NamedTuple):
    setup: str  # defines cal(), full() and ratio (full's work / cal's work, at least)
    frame: str | None = None  # a compiled function that must raise (polled inside)
    threads: bool = False  # wait for the call's worker threads before the signal
    poll_ms: int = 0  # 0: the default poll; 2 for calls bounded by memory (tens of ms each)
    tries: int = 5


def _loop(call: str, calls: int = 10**5) -> str:
    """A loop of ``calls`` calls, as ``full``: it runs until interrupted."""
    return f"def full():\n    for _ in range({calls}):\n        {call}\n"


# Three dead cards of three suits: no suit permutation merges deals, so all 718,740 deals of
# these ranges are enumerated (every board for each).
RANGES = ("players = ['QQ+,AK', 'JJ+,AQs', 'random']\njob = equity_job(players, dead='2c3d4h', exact=True)\n")

# name: Case. The full work of each takes minutes to hours of CPU on any machine of today.
_SOLVER = ("from fastholdem.solver import Engine, build_game\nfrom fastholdem.solver.postflop import check_spot\n"
           "e = Engine(build_game(check_spot('AA,KK,QQ,JJ,AK', 'TT,99,AQ,KQ', '2c7d9hTs', 10, 100, '50%')).arrays())\n")

LONG_CALLS = {
    # One DCFR run of a million iterations (the solver's call lives in _solver.pxi, so no
    # _core.pyx frame: a single call, so the interrupt can only come from inside it).
    "solver_run": Case(_SOLVER + "cal = lambda: e.run(2, threads=1)\nfull = lambda: e.run(10**6, threads=1)\n"
                       "ratio = 10**6 / 2\n"),
    "solver_run_threads": Case(_SOLVER + "cal = lambda: e.run(2, threads=2)\nfull = lambda: e.run(10**6, threads=2)\n"
                               "ratio = 10**6 / 2\n", threads=True),
    "equity_monte_carlo": Case(
        "run = lambda n: equity(['AhKh', 'QsQd', 'random'], trials=n, seed=1, threads=2, progress=False)\n"
        "cal = lambda: run(10**6)\nfull = lambda: run(10**10)\nratio = 10**4\n", threads=True),
    "equity_exact_3way_ranges": Case(
        RANGES + "cal = lambda: job.run(range(20), threads=2)\n"
        "full = lambda: equity(players, dead='2c3d4h', exact=True, threads=2, progress=False)\nratio = job.size / 20\n",
        threads=True),
    "job_run_one_large_monte_carlo_chunk": Case(
        "job = equity_job(['AhKh', 'QsQd'], trials=10**10, seed=1)\n"
        "cal = lambda: job.run(range(64), threads=2)\nfull = lambda: job.run(range(job.size), threads=2)\n"
        "ratio = job.size / 64\n", frame="monte_carlo_blocks", threads=True),
    "job_run_one_large_exact_chunk": Case(
        RANGES + "cal = lambda: job.run(range(20), threads=1)\n"
        "full = lambda: job.run(range(job.size), threads=1)\nratio = job.size / 20\n", frame="exact_deals"),
    "exact_deals_many": Case(
        "deals = np.tile(np.stack([rng.permutation(52)[:6] for _ in range(1000)]).astype(np.uint8), (500, 1))\n"
        "cal = lambda: _core.exact_deals(deals[:16], [], [], 2)\nfull = lambda: _core.exact_deals(deals, [], [], 2)\n"
        "ratio = len(deals) / 16\n", frame="exact_deals", threads=True),
    "equity_batch": Case(
        "holes = np.tile(np.stack([rng.permutation(52)[:6].reshape(3, 2) for _ in range(1000)]), (500, 1, 1))\n"
        "cal = lambda: equity_batch(holes[:16], threads=2)\nfull = lambda: equity_batch(holes, threads=2)\n"
        "ratio = len(holes) / 16\n", frame="equity_batch", threads=True),
    "hand_strength_monte_carlo": Case(
        "run = lambda n: hand_strength(np.array([[51, 50]] * n), opponents=2, trials=10**6, threads=2)\n"
        "cal = lambda: run(2)\nfull = lambda: run(10**5)\nratio = 10**5 / 2\n", frame="hand_strength", threads=True),
    "hand_strength_exact_one_spot": Case(
        "run = lambda n: hand_strength(np.array([[51, 50]] * n), exact=True, threads=1)\n"
        "cal = lambda: run(1)\nfull = lambda: run(10**4)\nratio = 10**4\n", frame="hand_strength"),
    # Timed against two opponents: at most the work of the same spot against three.
    "hand_strength_exact_preflop_vs_three": Case(
        "run = lambda n, k: hand_strength(np.array([[51, 50]] * n), opponents=k, exact=True, threads=1)\n"
        "cal = lambda: run(1, 2)\nfull = lambda: run(10**4, 3)\nratio = 10**4\n", frame="hand_strength"),
    # One call takes seconds (it cannot be sized), so a loop of them; timed against two
    # opponents, at most the work of a call against nine.
    "vs_random_equities_preflop": Case(
        "cal = lambda: _core.vs_random_equities([51, 50], opponents=2, threads=1)\nratio = 10**4\n"
        + _loop("_core.vs_random_equities([51, 50], opponents=9, threads=1)", 10**4), frame="vs_random_equities"),
    # A weak hand on a flop (a tenth of a second each against nine): long spots, polled within.
    "hand_strength_exact_flops_vs_nine": Case(
        "run = lambda n: hand_strength(np.array([[12, 13]] * n), np.array([[51, 50, 49]] * n), opponents=9, "
        "exact=True, threads=2)\ncal = lambda: run(1)\nfull = lambda: run(10**5)\nratio = 10**5\n",
        frame="hand_strength", threads=True),
    # 10**8 rows of a view (no copy) per call, a second or so each.
    "evaluate_batch_huge_strided": Case(
        "base = np.tile(np.arange(52, dtype=np.uint8), 2_000_000)\n"
        "view = as_strided(base, (100_000_000, 7), (1, 1))\nout = np.empty(len(view), np.uint16)\n"
        "cal = lambda: evaluate_batch(view[:10**6], threads=1)\nratio = 100 * 10**4\n"
        + _loop("evaluate_batch(view, threads=1, out=out)", 10**4), frame="evaluate_batch"),
    # Every 7-card hand, a tenth of a second per call: polled often.
    "enumerate_values": Case(
        "cal = lambda: enumerate_values(threads=1)\nratio = 10**5\n" + _loop("enumerate_values(threads=1)"),
        frame="enumerate_values", poll_ms=2),
}


def _raised_in(name: str) -> str:
    """A pattern of the traceback line of compiled function ``name`` of ``_core`` (a method
    too): that function raised the exception (a Python line that calls it does not match)."""
    return rf'_core\.pyx", line \d+, in fastholdem\._core\.(\w+\.)?{name}$'


def _run(case: Case) -> dict[str, object]:
    params = {"frame": case.frame and _raised_in(case.frame), "threads": case.threads, "poll_ms": case.poll_ms, "tries": case.tries}
    code = HEADER + case.setup + f"PARAMS = {params!r}\n" + FOOTER
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stderr
    report: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return report


def _check(report: dict[str, object], frame: str | None = None) -> None:
    assert report["interrupted"], f"the call ran to the end instead of stopping: {report}"
    assert report.get("raised_inside", True), f"Ctrl-C was only answered between calls, never inside: {report}"
    assert report["started"], f"the call's worker threads never showed up: {report}"
    tb = str(report["traceback"])
    assert "ValueError" not in tb and "buffer format" not in tb, tb
    if frame:
        assert re.search(_raised_in(frame), tb, re.M), tb
    # Stopped early: a small part of the work the whole call needs (timed on this machine).
    assert float(report["cpu_call"]) < float(report["cpu_full"]) / 20, report  # type: ignore[arg-type]
    assert report["threads_left"] == 0, report


@pytest.mark.parametrize("name", list(LONG_CALLS))
def test_sigint_stops_long_call_with_keyboard_interrupt(name: str) -> None:
    _check(_run(LONG_CALLS[name]), LONG_CALLS[name].frame)


@pytest.mark.parametrize("threads", [1, 2])
def test_sigint_stops_deal_inside_the_call(threads: int) -> None:
    # Issue 19, campaign item 3: fh_deal ran without a poll, so Ctrl-C during a deal of
    # seconds was only answered once the whole array was dealt, by the interpreter after the
    # call. Raised by the call itself (its frame in the traceback) means the deal polled.
    case = Case(f"cal = lambda: deal(10**6, 7, seed=1, threads={threads})\nratio = 10 * 10**5\n"
                + _loop(f"deal(10**7, 7, seed=1, threads={threads})"),
                frame="deal", threads=threads > 1, poll_ms=2)
    _check(_run(case), case.frame)


def test_sigint_cli_exits_130_printing_interrupted() -> None:
    # 10**10 trials, the most a job may run: many minutes of CPU on any machine.
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    args = [sys.executable, "-m", "fastholdem.cli", "equity", "AhKh", "QsQd", "--trials", "10000000000",
            "--threads", "2", "--quiet"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        # Wait until the job runs: a worker thread exists beside the main thread; then until it
        # has used a little CPU.
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and proc.poll() is None:
            if len(os.listdir(f"/proc/{proc.pid}/task")) >= 2:
                break
            time.sleep(0.005)
        wait_for_cpu(proc, 0.1, deadline)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, (proc.returncode, err)
    assert "interrupted" in err and "Traceback" not in err, err
    assert out == "", out  # no result: the job stopped before its end


_HAND = (Path(__file__).resolve().parent / "data" / "hh" / "pokerstars" / "italytoast" / "CashGame"
         / "HandActionTests" / "AllInHandWithShowdown.txt")


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(c) for c in text.split()]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs /proc")
@pytest.mark.parametrize("when", ["workers starting", "workers converting"])
def test_sigint_hh_convert_jobs_stops_workers_without_traceback_or_output(tmp_path: Path, when: str) -> None:
    # Ctrl-C as a terminal sends it (SIGINT to the whole process group) during `hh convert
    # --jobs 2`: the workers ignore it (started with the signal blocked, as phh check's), the
    # parent terminates them and exits 130 with one line. Before, a signal while the pool
    # started killed a worker and the command hung. Two files of 3,000 hands named 200 times
    # each: 1.2 million hands, minutes of work on any machine, so the command cannot finish
    # first (it would then write the output file and exit 0).
    hand = _HAND.read_text("utf-8-sig").strip() + "\n\n\n"
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(hand * 3000, encoding="utf-8")
    out = tmp_path / "out.phhs"
    args = [sys.executable, "-m", "fastholdem.cli", "hh", "convert",
            *[str(tmp_path / name) for name in ("a.txt", "b.txt")] * 200,
            "-o", str(out), "--jobs", "2", "--quiet"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 240
        need = 1 if when == "workers starting" else 2
        while time.monotonic() < deadline and proc.poll() is None and len(_children(proc.pid)) < need:
            time.sleep(0.0005)
        if when == "workers converting":  # until the workers have converted for a while
            workers = _children(proc.pid)
            start = sum(process_cpu_seconds(pid) for pid in workers)
            while (time.monotonic() < deadline and proc.poll() is None
                   and sum(process_cpu_seconds(pid) for pid in workers) - start < 0.3):
                time.sleep(0.005)
        os.killpg(proc.pid, signal.SIGINT)
        workers = _children(proc.pid)
        _, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert workers
    assert proc.returncode == 130, err
    assert err == "fastholdem: interrupted\n", err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.txt"]  # no output, no .part
    for pid in workers:  # no worker left behind
        assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]


VECTOR_SETUP = (
    "from fastholdem.game import GameConfig\nfrom fastholdem.vector import Tables\n"
    "tables = Tables({n}, 2, GameConfig(), 100, seed=1, history=0)\n"
)


def test_sigint_stops_vector_reset_inside_the_call() -> None:
    # Issue 16: dealing 300,000 tables takes tens of ms in C (bounded by memory: a loop of
    # them runs until interrupted); the deal polls (its frame is in the traceback) instead of
    # answering Ctrl-C only between calls.
    case = Case(VECTOR_SETUP.format(n=300_000) + "cal = tables.reset\nratio = 10**5\n" + _loop("tables.reset()"),
                frame="new_hands", poll_ms=2)
    _check(_run(case), case.frame)


@pytest.mark.slow
def test_sigint_during_vector_step_validation_changes_no_table() -> None:
    # Issue 16: a step over 2 * 10**6 tables checks every action (polling; tens of ms) before
    # it applies any, so Ctrl-C during the check raises with no table changed.
    setup = VECTOR_SETUP.format(n=2_000_000) + (
        "core = tables._core\nkind = np.where(tables.legal().can_check, 1, 2).astype(np.int64)\n"
        "amount = np.zeros_like(kind)\ncal = lambda: core.check_step(kind, amount, 5)\nratio = 10**5\n"
    )
    case = Case(setup + _loop("core.check_step(kind, amount, 5)"), frame="check_step", poll_ms=2)
    _check(_run(case), case.frame)
