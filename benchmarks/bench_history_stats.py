"""Benchmark player statistics and all-in EV over PHH sessions (``fastholdem hh stats``).

Workloads (CPU seconds on one core: the equity engine runs with ``threads=1``; hands per
second; medians of ``--repeat`` runs):

* ``stats, no all-in EV`` -- :func:`fastholdem.history.stats.stats_files` over a session of
  ``--hands`` simulated 6-max hands (default 10^6; ``--copies K`` reads it K times, so that
  ``--hands 200000 --copies 5`` counts 10^6 hands without simulating them all): the fast PHH
  scan, one summary per hand and the counts of every statistic, for every player and position;
* ``stats with all-in EV`` -- the same with every all-in hand at its exact all-in EV;
* ``all-in EV of N all-ins`` -- :func:`fastholdem.history.allin_ev.allin_ev` alone over the
  first ``--allins`` all-in hands of the session (default 10^5), already summarised;
* ``all-in EV of N heads-up all-ins`` -- the same over ``--allins`` heads-up all-ins dealt at
  random (40% preflop, 35% on the flop, 25% on the turn), the common case of real play;
* ``tomllib load_all (peer)`` -- for scale, :func:`fastholdem.phh.loads_all` (the standard
  TOML reader) over the first ``--peer-hands`` hands, against the fast scan of the same hands
  (``scan (same hands)``); the ratio column compares the two.

The session is simulated once (seed 2026: policies tight, tight, random, tight, station,
tight; stacks reset each hand) and cached as ``--session`` (default: a temporary file).

Where the time goes (cProfile, then callgrind instruction counts): before issue 17's speed-up,
about half in the per-hand Python walk of ``history.summary`` (``str.split`` on every action),
a third in the scan (per-line work, the JSON decode, building the ``HandHistory``) and the rest
in counting. Now the walk is in C (``csrc/fh_hhwalk.c``, the Python walk as the fallback for
any other spelling), actions are parsed once per distinct text, a hand is one JSON decode of
a few string replacements, and each table's accumulators are cached: the JSON decode and
``_from_dict`` are the largest parts left.

Measured (``--hands 50000 --copies 20 --session s50k.phhs``: 10^6 hands; load average 6-7 on
the 2 cores, so an idle core is faster): see docs/performance.md.

Usage::

    python benchmarks/bench_history_stats.py            # full run (10^6 hands; minutes)
    python benchmarks/bench_history_stats.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

from fastholdem import phh
from fastholdem import simulate
from fastholdem.history.allin_ev import allin_ev
from fastholdem.history.scan import iter_hands
from fastholdem.history.stats import stats_files
from fastholdem.history.summary import summarize

POLICIES = ["tight", "tight", "random", "tight", "station", "tight"]


def cpu_median(fn: Callable[[], object], repeat: int) -> float:
    """Median CPU seconds of ``repeat`` calls (no warm-up: each call is long)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times)


def heads_up_allins(count: int, seed: int = 7) -> list[object]:
    """``count`` summaries of heads-up all-ins, dealt at random (see the module docstring)."""
    import random

    from fastholdem.cards import card_str

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = [card_str(c) for c in rng.sample(range(52), 9)]
        street = rng.choices([0, 3, 4], weights=(40, 35, 25))[0]
        actions = [f"d dh p1 {cards[0]}{cards[1]}", f"d dh p2 {cards[2]}{cards[3]}"]
        if street:
            actions += ["p2 cc", "p1 cc", "d db " + "".join(cards[4:7])]
            if street == 4:
                actions += ["p1 cc", "p2 cc", "d db " + cards[7]]
            actions += ["p1 cbr 98", "p2 cc"]
        else:
            actions += ["p2 cbr 100", "p1 cc"]
        board = cards[4:9]
        actions += ["d db " + "".join(board[:3])] if not street else []
        actions += ["d db " + board[3]] if street < 4 else []
        actions += ["d db " + board[4]]
        hh = phh.HandHistory("NT", [0, 0], [1, 2], [100, 100], actions, min_bet=2,
                             finishing_stacks=[100, 100])
        out.append(summarize(hh))
    return out


def make_session(path: str, hands: int) -> None:
    if os.path.exists(path) and os.path.getsize(path) > 0:
        with open(path, encoding="utf-8") as fh:
            if sum(1 for line in fh if line.startswith("[")) == hands:
                return
    start = time.perf_counter()
    with open(path, "w", encoding="utf-8") as fh:
        simulate(POLICIES, hands, seed=2026, phh=fh, progress=False)
    print(f"simulated {hands:,} hands into {path} in {time.perf_counter() - start:.0f} s", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands in the session")
    parser.add_argument("--copies", type=int, default=1,
                        help="read the session this many times (hands x copies counted)")
    parser.add_argument("--allins", type=int, default=100_000)
    parser.add_argument("--peer-hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--session", help="PHH session file to create or reuse")
    parser.add_argument("--quick", action="store_true", help="a few thousand hands")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.allins, args.peer_hands = 3000, 500, 500
    tmp = None
    path = args.session
    if path is None:
        tmp = tempfile.mkdtemp(prefix="bench-hh-")
        path = os.path.join(tmp, "session.phhs")
    make_session(path, args.hands)

    rows: list[tuple[str, int, float, str]] = []
    paths = [path] * args.copies
    total = args.hands * args.copies
    t = cpu_median(lambda: stats_files(paths, threads=1, allin_ev=False), args.repeat)
    rows.append(("stats, no all-in EV", total, t, ""))
    t_ev = cpu_median(lambda: stats_files(paths, threads=1), args.repeat)
    rows.append(("stats with all-in EV", total, t_ev, ""))

    summaries = []
    for _, hh in iter_hands(path):
        if isinstance(hh, phh.HandHistory):
            s = summarize(hh)
            if s.allin_board is not None:
                summaries.append(s)
                if len(summaries) == args.allins:
                    break
    kinds: dict[str, int] = {}
    for s in summaries:
        street = ("preflop", "", "", "flop", "turn")[len(s.allin_board or ())]
        key = f"{sum(not f for f in s.folded)}-way {street}"
        kinds[key] = kinds.get(key, 0) + 1
    t = cpu_median(lambda: allin_ev(summaries, threads=1), args.repeat)
    rows.append((f"all-in EV of {len(summaries):,} all-ins", len(summaries), t, ""))
    heads_up = heads_up_allins(args.allins)
    t = cpu_median(lambda: allin_ev(heads_up, threads=1), args.repeat)  # type: ignore[arg-type]
    rows.append((f"all-in EV of {len(heads_up):,} heads-up all-ins", len(heads_up), t, ""))

    with open(path, encoding="utf-8") as fh:
        text_lines = []
        count = 0
        for line in fh:
            if line.startswith("["):
                count += 1
                if count > args.peer_hands:
                    break
            text_lines.append(line)
    text = "".join(text_lines)
    peer_n = min(count, args.peer_hands)
    import io

    t_peer = cpu_median(lambda: phh.loads_all(text), args.repeat)
    t_scan = cpu_median(lambda: [h for _, h in iter_hands(io.StringIO(text))], args.repeat)
    rows.append(("tomllib load_all (peer)", peer_n, t_peer, ""))
    rows.append(("scan (same hands)", peer_n, t_scan, f"{t_peer / t_scan:.1f}x faster"))

    print(f"{'workload':<32} {'hands':>10} {'CPU s':>9} {'hands/s':>12}  note")
    for name, n, secs, note in rows:
        print(f"{name:<32} {n:>10,} {secs:>9.2f} {n / secs if secs else float('inf'):>12,.0f}  {note}")
    print("all-in hands by kind: " + ", ".join(f"{k} {v:,}" for k, v in sorted(kinds.items())))
    if tmp is not None:
        os.unlink(path)
        os.rmdir(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
