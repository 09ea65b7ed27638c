"""Ctrl-C stops every long call of the compiled core (issue 10).

Each long call runs in a fresh subprocess. A helper thread waits until the main thread has
entered the call, waits a little more and sends SIGINT to the process. The call must raise
``KeyboardInterrupt`` (not an error about a buffer format, as the equity tallies once did),
long before it could have finished on its own, and leave no thread behind. The waiting C
caller polls for signals every ~50 ms while the GIL stays released otherwise.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
import time

import pytest

DRIVER = textwrap.dedent(
    """
    import json, os, signal, sys, threading, time, traceback
    import numpy as np
    from fastholdem import _core, equity, equity_batch, equity_job, evaluate_batch, hand_strength
    from fastholdem.evaluate import enumerate_values

    def tasks():
        return len(os.listdir("/proc/self/task"))

    started = threading.Event()
    fired = []

    def fire():
        started.wait()
        time.sleep({delay})
        fired.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    {setup}
    before = tasks()
    helper = threading.Thread(target=fire)
    helper.start()
    started.set()
    t0 = time.perf_counter()
    try:
        {call}
        report = {{"interrupted": False, "seconds": time.perf_counter() - t0}}
    except KeyboardInterrupt:
        after_signal = time.perf_counter() - fired[0]
        helper.join()
        report = {{"interrupted": True, "after_signal": after_signal, "threads_left": tasks() - before,
                   "traceback": traceback.format_exc()}}
    print(json.dumps(report))
    """
)

RNG = "rng = np.random.default_rng(1)"

# name: (setup, call). Each call would run for minutes (or at least several seconds) uninterrupted.
LONG_CALLS = {
    "equity_monte_carlo": ("", "equity(['AhKh', 'QsQd', 'random'], trials=10**10, seed=1, threads=2, progress=False)"),
    "equity_exact_3way_ranges": (
        "", "equity(['QQ+,AK', 'JJ+,AQs', 'random'], exact=True, threads=2, progress=False)"),
    "job_run_one_large_monte_carlo_chunk": (
        "job = equity_job(['AhKh', 'QsQd'], trials=10**10, seed=1)", "job.run(range(job.size), threads=2)"),
    "job_run_one_large_exact_chunk": (
        "job = equity_job(['QQ+,AK', 'JJ+,AQs', 'random'], exact=True)",
        "job.run(range(job.size), threads=1)"),
    "exact_deals_many": (
        RNG + "; deals = np.stack([rng.permutation(52)[:6] for _ in range(5000)]).astype(np.uint8)",
        "_core.exact_deals(deals, [], [], 2)"),
    "equity_batch": (
        RNG + "; holes = np.stack([rng.permutation(52)[:6].reshape(3, 2) for _ in range(20000)])",
        "equity_batch(holes, threads=2)"),
    "hand_strength_monte_carlo": ("", "hand_strength(np.array([[51, 50]] * 2000), opponents=2, trials=10**6, threads=2)"),
    "hand_strength_exact_one_spot": ("", "hand_strength(np.array([[51, 50]]), exact=True, threads=1)"),
    "hand_strength_exact_preflop_vs_three": (
        "", "hand_strength(np.array([[51, 50]]), opponents=3, exact=True, threads=1)"),
    "vs_random_equities_preflop": ("", "_core.vs_random_equities([51, 50], opponents=9, threads=1)"),
    "hand_strength_exact_flops_vs_nine": (
        RNG + "; rows = np.stack([rng.permutation(52)[:5] for _ in range(400)]).astype(np.uint8)",
        "hand_strength(rows[:, :2].copy(), rows[:, 2:].copy(), opponents=9, exact=True, threads=2)"),
    "evaluate_batch_huge_strided": (
        "base = np.tile(np.arange(52, dtype=np.uint8), 2_000_000); "
        "view = np.lib.stride_tricks.as_strided(base, (100_000_000, 7), (1, 1))",
        "evaluate_batch(view, threads=1)"),
    "enumerate_values": ("", "[enumerate_values(threads=1) for _ in range(1000)]"),
}


def _run(setup: str, call: str, delay: float = 0.3) -> dict[str, object]:
    code = DRIVER.format(setup=setup, call=call, delay=delay)
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr
    report: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return report


@pytest.mark.parametrize("name", list(LONG_CALLS))
def test_sigint_stops_long_call_with_keyboard_interrupt(name: str) -> None:
    # The strided batch is the shortest call (about a second on one thread): signal it early.
    report = _run(*LONG_CALLS[name], delay=0.1 if name.startswith("evaluate_batch") else 0.3)
    assert report["interrupted"], f"{name} ran to the end ({report}) instead of stopping"
    tb = str(report["traceback"])
    assert "ValueError" not in tb and "buffer format" not in tb, tb
    assert report["threads_left"] == 0, report
    # Uninterrupted, each call runs for minutes: raising at all means it polled. How soon is a
    # benchmark row (benchmarks/bench_import.py), not a timed assertion.


@pytest.mark.parametrize("threads", [1, 2])
def test_sigint_stops_deal_inside_the_call(threads: int) -> None:
    # Issue 19, campaign item 3: fh_deal ran without a poll, so Ctrl-C 0.3 s into a deal of
    # seconds was only answered once the whole array was dealt, by the interpreter after the
    # call. Raised by the call itself (its frame in the traceback) means the deal polled.
    report = _run("from fastholdem import deal", f"deal(10**8, 7, seed=1, threads={threads})")
    assert report["interrupted"], report
    assert "_core.deal" in str(report["traceback"]), report["traceback"]
    assert report["threads_left"] == 0, report


def test_sigint_cli_exits_130_printing_interrupted() -> None:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    args = [sys.executable, "-m", "fastholdem.cli", "equity", "AhKh", "QsQd", "--trials", "10000000000",
            "--threads", "2", "--quiet"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        # Wait until the job runs: a worker thread exists beside the main thread.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            if len(os.listdir(f"/proc/{proc.pid}/task")) >= 2:
                break
            time.sleep(0.01)
        time.sleep(0.3)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, (proc.returncode, err)
    assert "interrupted" in err and "Traceback" not in err, err


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
    # --jobs 2` over two files that take many seconds: the workers ignore it (started with the
    # signal blocked, as phh check's), the parent terminates them and exits 130 with one line.
    # Before, a signal while the pool started killed a worker and the command hung.
    hand = _HAND.read_text("utf-8-sig").strip() + "\n\n\n"
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text(hand * 30000, encoding="utf-8")
    out = tmp_path / "out.phhs"
    args = [sys.executable, "-m", "fastholdem.cli", "hh", "convert", str(tmp_path / "a.txt"),
            str(tmp_path / "b.txt"), "-o", str(out), "--jobs", "2", "--quiet"]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        need = 1 if when == "workers starting" else 2
        while time.monotonic() < deadline and proc.poll() is None and len(_children(proc.pid)) < need:
            time.sleep(0.0005)
        if when == "workers converting":
            time.sleep(0.5)
        os.killpg(proc.pid, signal.SIGINT)
        workers = _children(proc.pid)
        _, err = proc.communicate(timeout=60)
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
    "from fastholdem.game import GameConfig; from fastholdem.vector import Tables; "
    "tables = Tables({n}, 2, GameConfig(), 100, seed=1, history=0)"
)


def test_sigint_stops_vector_reset_inside_the_call() -> None:
    # Issue 16: dealing 300,000 tables takes tens of ms in C; the deal polls (its frame is in
    # the traceback) instead of answering Ctrl-C only between calls.
    report = _run(VECTOR_SETUP.format(n=300_000), "while True: tables.reset()", delay=0.3)
    assert report["interrupted"], report
    assert "new_hands" in str(report["traceback"]), report["traceback"]


@pytest.mark.slow
def test_sigint_during_vector_step_validation_changes_no_table() -> None:
    # Issue 16: a step over 2 * 10**6 tables checks every action (polling; about 0.1 s) before
    # it applies any, so Ctrl-C during the check raises with no table changed.
    setup = VECTOR_SETUP.format(n=2_000_000) + (
        "; import numpy as np; core = tables._core; "
        "kind = np.where(tables.legal().can_check, 1, 2).astype(np.int64); amount = np.zeros_like(kind)"
    )
    report = _run(setup, "while True: core.check_step(kind, amount, 5)", delay=0.3)
    assert report["interrupted"], report
    assert "check_step" in str(report["traceback"]), report["traceback"]
