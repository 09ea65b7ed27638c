"""Benchmark fastholdem.dask against local runs of the same jobs (and so choose the chunk size).

Prints, for one exact equity job of about 10 s on one thread (``AhKh`` vs ``QQ,JJ,TT`` vs
``random`` preflop, 4,182 distinct deals; ``--quick``: ``AhKh`` vs ``QsQd`` vs ``22+``, 0.1 s):

* the local time of ``fastholdem.equity`` on 1 and 2 threads;
* the time of ``fastholdem.dask.equity`` on a ``LocalCluster`` of 1 and of 2 worker
  processes (1 thread each), with the default chunk size, and its share of the local
  throughput on as many threads;
* the 2-worker time for several fixed chunk sizes (units per chunk);
* the per-chunk overhead: a Monte Carlo job cut into one-block chunks (4,096 trials, about a
  millisecond of work): wall time per chunk on the 2-worker cluster, and CPU time per chunk
  (client, scheduler and workers together) beyond the work itself;
* ``simulate`` of random players: local hands per second, and the 2-worker cluster time
  with blocks of ``--sim-block`` hands.

The clusters are started before any timing (their start-up is printed separately) and warmed
with one small job. Times are medians of ``--repeat`` runs; every run is checked to give the
local answer. Wall times on a shared machine swing with other load; CPU times (summed over
this process and the workers, read with ``time.process_time``) hardly do, so efficiencies are
also given as the local work's CPU time over the cluster's.

Usage::

    python benchmarks/bench_dask.py              # about 5 minutes on 2 quiet cores
    python benchmarks/bench_dask.py --quick      # about half a minute (mostly cluster start-up)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import fastholdem
import fastholdem.dask as fhd
from fastholdem.equities import BLOCK_TRIALS
from fastholdem.simulation.run import BLOCK_HANDS, simulate

from distributed import Client, LocalCluster


def _same(a: fastholdem.EquityResult, b: fastholdem.EquityResult) -> None:
    if not (np.array_equal(a.equity, b.equity) and a.deals == b.deals and np.array_equal(a.stderr, b.stderr)):
        raise SystemExit("fastholdem.dask gave a different answer from the local run")


def _timed(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """Median seconds of ``repeat`` calls (no warm-up: the caller warmed up) and the last result."""
    out: list[Any] = []
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        out.append(fn())
        times.append(time.perf_counter() - start)
    return statistics.median(times), out[-1]


def _cpu(client: Client | None) -> float:
    """CPU seconds used so far by this process (the client and, in a LocalCluster, the
    scheduler) and by every worker process."""
    own = time.process_time()
    if client is None:
        return own
    return own + sum(client.run(time.process_time).values())


def _idle_cpu_rate(client: Client, seconds: float = 3.0) -> float:
    """CPU seconds per wall second that the idle cluster (heartbeats, event loops) burns."""
    cpu0, start = _cpu(client), time.perf_counter()
    time.sleep(seconds)
    return (_cpu(client) - cpu0) / (time.perf_counter() - start)


def _cpu_timed(fn: Callable[[], Any], client: Client | None, repeat: int) -> tuple[float, float, Any]:
    """Median wall seconds, median CPU seconds (all processes) and the last result. CPU time
    hardly depends on other load of the machine, unlike wall time."""
    walls, cpus, out = [], [], None
    for _ in range(repeat):
        cpu0, start = _cpu(client), time.perf_counter()
        out = fn()
        walls.append(time.perf_counter() - start)
        cpus.append(_cpu(client) - cpu0)
    return statistics.median(walls), statistics.median(cpus), out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small jobs, one repeat")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    parser.add_argument("--sim-hands", type=int, default=40_000, help="hands of the simulate figure")
    parser.add_argument("--sim-block", type=int, default=BLOCK_HANDS,
                        help="hands per block of the simulate figure (default BLOCK_HANDS)")
    args = parser.parse_args(argv)
    repeat = 1 if args.quick else args.repeat
    players = ["AhKh", "QsQd", "22+"] if args.quick else ["AhKh", "QQ,JJ,TT", "random"]
    job = fastholdem.equity_job(players, exact=True)
    sim_hands = 2_000 if args.quick else args.sim_hands
    sim_block = 500 if args.quick else args.sim_block
    print(f"job: {' vs '.join(players)} exact preflop, {job.size:,} distinct deals; medians of {repeat}; "
          f"CHUNK_SECONDS = {fhd.CHUNK_SECONDS}")

    def run_local(threads: int) -> fastholdem.EquityResult:
        return fastholdem.equity(players, exact=True, threads=threads)

    run_local(1)  # warm-up (tables, page cache)
    wall1, work_cpu, reference = _cpu_timed(lambda: run_local(1), None, repeat)
    wall2, _, _ = _cpu_timed(lambda: run_local(2), None, repeat)
    rows: list[tuple[str, float, str]] = [
        ("local, 1 thread", wall1, f"{work_cpu:.2f} CPU s"),
        ("local, 2 threads", wall2, f"{wall1 / wall2:.2f}x of 1 thread"),
    ]
    starts: list[float] = []
    idles: list[float] = []
    sweep: list[tuple[str, float, float]] = []
    for workers in (1, 2):
        began = time.perf_counter()
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=":0") as cluster, Client(cluster) as client:
            starts.append(time.perf_counter() - began)
            fhd.equity(["AhKh", "QsQd"], trials=100_000, seed=1, client=client)  # workers import fastholdem
            idle = _idle_cpu_rate(client)
            idles.append(idle)

            def run_dask(units: int | None, c: Client = client) -> fastholdem.EquityResult:
                result = fhd.equity(players, exact=True, client=c, chunks=units)
                _same(result, reference)
                return result

            wall, cpu, _ = _cpu_timed(lambda: run_dask(None), client, repeat)
            local = wall1 if workers == 1 else wall2
            rows.append((f"LocalCluster, {workers} worker{'s' * (workers > 1)}", wall,
                         f"{local / wall:.0%} of local on {workers} thread{'s' * (workers > 1)} (wall); "
                         f"CPU {cpu:.2f} s: {work_cpu / cpu:.0%}, {work_cpu / (cpu - idle * wall):.0%} "
                         "without the idle cluster's"))
            if workers != 2:
                continue
            for units in ((4, 16) if args.quick else (4, 16, 64, 256)):
                wall, cpu, _ = _cpu_timed(lambda: run_dask(units), client, repeat)
                sweep.append((f"{units} ({-(-job.size // units)} chunks)", wall, cpu - idle * wall))
            # Per-chunk overhead: one-block chunks (4,096 trials) of a heads-up Monte Carlo job.
            tasks = 50 if args.quick else 400
            trials = tasks * BLOCK_TRIALS
            mc_job = fastholdem.equity_job(["AhKh", "QsQd"], trials=trials, seed=2)
            _, mc_work, _ = _cpu_timed(lambda: mc_job.run(range(0, mc_job.size), 1), None, repeat)
            mc_wall, mc_cpu, _ = _cpu_timed(
                lambda: fhd.equity(["AhKh", "QsQd"], trials=trials, seed=2, client=client, chunks=1),
                client, repeat)
            sim_wall, sim_work, _ = _cpu_timed(
                lambda: simulate(["random"] * 6, sim_hands, seed=3, progress=False, block_hands=sim_block),
                None, repeat)
            simd_wall, simd_cpu, _ = _cpu_timed(
                lambda: fhd.simulate(["random"] * 6, sim_hands, seed=3, client=client, block_hands=sim_block),
                client, repeat)
    print(f"LocalCluster start-up: {', '.join(f'{s:.1f} s' for s in starts)} (1 and 2 workers; not timed below)")
    print(f"{'run':<30} {'wall s':>8}  note")
    for name, seconds, note in rows:
        print(f"{name:<30} {seconds:>8.2f}  {note}")
    print(f"idle cluster CPU: {', '.join(f'{r:.3f}' for r in idles)} CPU s per s (1 and 2 workers; subtracted "
          "below)")
    print(f"{'units per chunk (2 workers)':<30} {'wall s':>8}  share of local on 2 threads (wall); work CPU / CPU")
    for name, wall, cpu in sweep:
        print(f"{name:<30} {wall:>8.2f}  {wall2 / wall:.0%}; {work_cpu / cpu:.0%}")
    per_chunk = (mc_cpu - idles[-1] * mc_wall - mc_work) / tasks
    print(f"per-chunk overhead ({tasks} one-block chunks, 2 workers): {mc_wall / tasks * 1e3:.1f} ms wall per chunk, "
          f"{per_chunk * 1e3:.1f} ms CPU per chunk (client + scheduler + worker) beyond its work "
          "and the idle cluster's")
    print(f"-> chunks of {fhd.CHUNK_SECONDS:.2f} s carry {per_chunk / fhd.CHUNK_SECONDS:.1%} overhead; "
          f"{20 * per_chunk:.2f} s would carry 5%")
    print(f"simulate, 6 random players, {sim_hands:,} hands in blocks of {sim_block:,}: local {sim_wall:.2f} s "
          f"({sim_hands / sim_work:,.0f} hands per CPU s), LocalCluster 2 workers {simd_wall:.2f} s "
          f"({sim_wall / simd_wall:.2f}x; work CPU / CPU {sim_work / simd_cpu:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
