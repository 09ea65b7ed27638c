"""Benchmark ``fastholdem.simulate`` on its two engines, side by side in the same run.

Rows (hands per CPU second of this process, median of ``--repeat`` rounds; the rows of a
round run one after the other, so load from other processes hits them alike):

* ``simulate 6 random, vector (C)`` -- six built-in random players: every block is played
  in C by ``Tables.play_random`` (the path of ``fastholdem simulate --players 6``);
* ``simulate tight + 5 random, vector (stepped)`` -- the vector engine stepped from Python,
  one ``TightPolicy`` and five ``RandomPolicy`` seats;
* ``simulate 6 random, Hand`` / ``simulate tight + 5 random, Hand`` -- the same tables on the
  ``Hand`` engine (``engine="hand"``: ``RandomPlayer`` and the Monte Carlo ``TightPlayer``).

Usage::

    python benchmarks/bench_simulate.py            # about a minute
    python benchmarks/bench_simulate.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import fastholdem

ROWS: list[tuple[str, list[str], str, int]] = [
    # name, policies, engine, hands (full run)
    ("simulate 6 random, vector (C)", ["random"] * 6, "vector", 2_000_000),
    ("simulate tight + 5 random, vector (stepped)", ["tight"] + ["random"] * 5, "vector", 200_000),
    ("simulate 6 random, Hand", ["random"] * 6, "hand", 20_000),
    ("simulate tight + 5 random, Hand", ["tight"] + ["random"] * 5, "hand", 2_000),
]


def cpu_seconds(run: Callable[[], object]) -> float:
    began = time.process_time()
    run()
    return time.process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds: 1/100 of the hands, 1 round")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (default 3)")
    args = parser.parse_args()
    scale = 100 if args.quick else 1
    rounds = 1 if args.quick else args.repeat
    times: dict[str, list[float]] = {name: [] for name, *_ in ROWS}
    for r in range(rounds):
        for name, policies, engine, hands in ROWS:
            n = max(hands // scale, 200)
            times[name].append(cpu_seconds(
                lambda: fastholdem.simulate(policies, n, seed=r + 1, engine=engine, progress=False)) / n)
    base = statistics.median(times[ROWS[2][0]])
    print(f"{'workload':<46} {'hands/CPU s':>12} {'vs Hand, 6 random':>18}")
    for name, *_ in ROWS:
        per_hand = statistics.median(times[name])
        print(f"{name:<46} {1 / per_hand:>12,.0f} {base / per_hand:>17.1f}x")


if __name__ == "__main__":
    main()
