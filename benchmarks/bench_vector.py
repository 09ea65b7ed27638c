"""Benchmark the vector engine against Hand, pokerkit and pokerfast in the same run.

Workload: complete 6-max no-limit hands at 200 big blinds (blinds 1/2, stacks 400), every
seat the random player (facing a bet fold 15%, bet or raise 30% to a uniform legal amount,
else check or call). Rows, in hands per second:

* ``Tables.play_random`` -- the vector engine's C fast path (policy in C too), 1 and ``--threads``
  threads (default 2): CPU time per hand (equal for 1 and 2 threads means perfect scaling, which
  a shared machine can still show) and wall-clock hands/s (the speed-up an idle machine gives);
* ``Tables.step + RandomPolicy`` -- the NumPy loop (``legal()``, the vectorised policy in NumPy,
  ``step()``) over ``--tables`` tables with auto reset;
* ``Hand`` -- the reference engine, one hand at a time (the loop of bench_game.py);
* ``pokerkit`` -- pokerkit 0.7.7 (``pip install pokerkit``);
* ``pokerfast`` -- pokerfast's lean 6-max engine ``FastHand`` (``pip install pokerfast``, the
  ``bench`` extra), same stacks and policy.

Engines run in alternating rounds (A, B, C, ... then again), and each row is the median of
``--repeat`` rounds of CPU time (``time.process_time``: on a shared machine, wall time also
counts other processes), except the ``wall`` rows that give the multi-thread speed-up (on a
busy machine the wall-clock rows are low). Peers that are not installed are skipped with a note. The ratio column is against
``Hand`` of the same run.

Usage::

    python benchmarks/bench_vector.py            # full run
    python benchmarks/bench_vector.py --quick    # a few seconds
    python benchmarks/bench_vector.py --threads 2 --repeat 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_game import play_fastholdem, play_pokerkit

from fastholdem.game import GameConfig
from fastholdem.vector import RandomPolicy, Tables

CFG = GameConfig(small_blind=1, big_blind=2)


def play_pokerfast(n: int, seed: int) -> None:
    from pokerfast import FastHand

    rng = random.Random(seed)
    for _ in range(n):
        hand = FastHand(player_count=6, small_blind=1, big_blind=2, min_stack=400, max_stack=400, rng=rng)
        while not hand.done:
            space = hand.get_action_space()
            if not space:
                break
            r = rng.random()
            if r < 0.15 and "call" in space:
                hand.fold()
            elif r < 0.45 and "min_bet" in space:
                hand.bet_or_raise(rng.randint(space["min_bet"], space["max_bet"]))
            elif "check" in space:
                hand.check()
            else:
                hand.call()


def tables_step_loop(tables: Tables, policy: RandomPolicy, hands: int) -> int:
    done = 0
    while done < hands:
        tables.step(*policy.act(None, tables.legal()))  # type: ignore[arg-type]
        done += int(tables.hand_over.sum())
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2_000_000, help="hands per round of play_random")
    parser.add_argument("--step-hands", type=int, default=300_000, help="hands per round of the NumPy loop")
    parser.add_argument("--tables", type=int, default=20_000, help="tables of the vector engine")
    parser.add_argument("--hand-hands", type=int, default=3_000, help="hands per round of Hand")
    parser.add_argument("--pk-hands", type=int, default=60, help="hands per round of pokerkit")
    parser.add_argument("--pf-hands", type=int, default=2_000, help="hands per round of pokerfast")
    parser.add_argument("--threads", type=int, default=2, help="threads of the multi-thread play_random rows")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="small counts, 1 round")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.step_hands, args.tables = 50_000, 5_000, 1_000
        args.hand_hands, args.pk_hands, args.pf_hands, args.repeat = 200, 5, 100, 1

    tables = Tables(args.tables, 6, CFG, 400, seed=1)
    loop_tables = Tables(args.tables, 6, CFG, 400, seed=2, auto_reset=True)
    policy = RandomPolicy(seed=3)
    rows: dict[str, tuple[Callable[[], object], int, bool]] = {
        "Tables.play_random, 1 thread": (lambda: tables.play_random(args.hands, threads=1), args.hands, False),
        "Tables.play_random, 1 thread, wall": (lambda: tables.play_random(args.hands, threads=1), args.hands, True),
        f"Tables.play_random, {args.threads} threads": (
            lambda: tables.play_random(args.hands, threads=args.threads), args.hands, False),
        f"Tables.play_random, {args.threads} threads, wall": (
            lambda: tables.play_random(args.hands, threads=args.threads), args.hands, True),
        "Tables.step + RandomPolicy": (lambda: tables_step_loop(loop_tables, policy, args.step_hands),
                                       args.step_hands, False),
        "Hand": (lambda: play_fastholdem(args.hand_hands, "deep", 1), args.hand_hands, False),
    }
    notes = []
    try:
        import pokerkit  # noqa: F401

        rows["pokerkit"] = (lambda: play_pokerkit(args.pk_hands, "deep", 1), args.pk_hands, False)
    except ImportError:
        notes.append("pokerkit is not installed: skipped (pip install pokerkit)")
    try:
        import pokerfast  # noqa: F401

        rows["pokerfast"] = (lambda: play_pokerfast(args.pf_hands, 1), args.pf_hands, False)
    except ImportError:
        notes.append("pokerfast is not installed: skipped (pip install 'fastholdem[bench]')")

    times: dict[str, list[float]] = {name: [] for name in rows}
    for name, (fn, _, _) in rows.items():  # warm-up
        fn()
    for _ in range(args.repeat):
        for name, (fn, _, wall) in rows.items():
            clock = time.perf_counter if wall else time.process_time
            start = clock()
            fn()
            times[name].append(clock() - start)
    rates = {name: rows[name][1] / statistics.median(ts) for name, ts in times.items()}
    hand_rate = rates["Hand"]
    print(f"6-max no-limit, 200 big blinds, random players; median of {args.repeat} alternating rounds")
    print(f"{'workload':38} {'hands/s':>14} {'x Hand':>9}")
    for name, r in rates.items():
        print(f"{name:38} {r:14,.0f} {r / hand_rate:9.1f}")
    k = args.threads
    one, many = rates["Tables.play_random, 1 thread, wall"], rates[f"Tables.play_random, {k} threads, wall"]
    cpu_one, cpu_many = rates["Tables.play_random, 1 thread"], rates[f"Tables.play_random, {k} threads"]
    print(f"{k} threads / 1 thread: wall-clock speed-up {many / one:.2f}x; CPU time per hand "
          f"{cpu_one / cpu_many:.2f}x of 1 thread's (1.00 = perfect scaling: {k} idle cores give {k}x)")
    print("rows without 'wall' are CPU time (all threads added up)")
    for note in notes:
        print(note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
