"""Benchmark the hand engine against pokerkit doing the same work in the same run.

Workloads (hands per second, median of ``--repeat`` runs):

* ``nl6 deep``  -- complete 6-player no-limit hands, 200 big blinds each, random policy;
* ``nl6 short`` -- the same with 8-30 big blinds (many all-ins and side pots);
* ``phh parse+replay`` -- parse and replay the PHH corpus (``$FASTHOLDEM_PHH_DIR``, else the
  sample in tests/data/phh), and ``phh replay only`` -- the same from already parsed histories;
* ``table 6 random`` / ``table 6 equity`` -- table-driven hands (``Table`` + agents through
  ``play_hands``: button movement, stacks carried over, auto-rebuy) with six ``RandomPlayer``
  or six ``TightPlayer`` agents (equity engine); fastholdem only;
* ``simulate 6 random`` -- ``simulate()`` of ``--sim-hands`` hands (default 10^5) between six
  random policies, the path behind ``fastholdem simulate --hands 100000`` (stacks reset every
  hand, per-seat tallies); fastholdem only. Its wall time per run is printed below the table.

Both engines deal their own seeded cards, post blinds, show down and award pots; the random
policy is the same code for both (fold 15% when facing a bet, bet/raise 30% to a uniform
amount in the legal range, else check/call). pokerkit is slow, so it plays fewer hands
(``--pk-hands``); rates are per hand. Times come from ``_timing.median_seconds`` (shared by
the benchmark scripts): one untimed warm-up run, then the median of ``--repeat`` runs; the
``simulate`` row skips the warm-up (a 10^5-hand run warms itself) and uses ``--sim-repeat``.

Usage::

    python benchmarks/bench_game.py            # full run
    python benchmarks/bench_game.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

from fastholdem import phh
from fastholdem.game import Bet, GameConfig, Hand, RaiseTo, Structure
from _timing import median_seconds  # noqa: E402  (benchmarks/ is on sys.path when run)

CFG = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
# The sample shipped with the tests; point FASTHOLDEM_PHH_DIR or --phh-dir at the full corpus.
DEFAULT_PHH = Path(__file__).resolve().parents[1] / "tests" / "data" / "phh"


def stacks_for(kind: str, rng: random.Random) -> list[int]:
    if kind == "deep":
        return [400] * 6
    return [2 * rng.randint(8, 30) for _ in range(6)]


def play_fastholdem(n: int, kind: str, seed: int) -> None:
    rng = random.Random(seed)
    for h in range(n):
        hand = Hand(CFG, stacks_for(kind, rng), button=h % 6, seed=rng)
        while hand._actor is not None:
            legal = hand.legal_actions()
            r = rng.random()
            if r < 0.15 and legal.call is not None:
                hand.fold()
            elif r < 0.45 and legal.min_to is not None:
                amount = rng.randint(legal.min_to, legal.max_to)
                hand.apply(Bet(amount) if legal.bet else RaiseTo(amount))
            elif legal.check:
                hand.check()
            else:
                hand.call()


def play_pokerkit(n: int, kind: str, seed: int) -> None:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = tuple(Automation)  # every dealer chore automatic, as in the engine
    rng = random.Random(seed)
    for _ in range(n):
        state = NoLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, stacks_for(kind, rng), 6)
        while state.status:
            r = rng.random()
            if r < 0.15 and state.checking_or_calling_amount:
                state.fold()
            elif r < 0.45 and state.can_complete_bet_or_raise_to():
                lo = state.min_completion_betting_or_raising_to_amount
                hi = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(rng.randint(lo, hi))
            else:
                state.check_or_call()


def replay_fastholdem(texts: list[str]) -> None:
    for text in texts:
        phh.loads(text).replay()


def replay_pokerkit(texts: list[str]) -> None:
    from pokerkit import HandHistory

    for text in texts:
        for _state in HandHistory.loads(text):
            pass


def replay_only_fastholdem(histories: list[phh.HandHistory]) -> None:
    for hh in histories:
        hh.replay()


def replay_only_pokerkit(histories: list[object]) -> None:
    for hh in histories:
        for _state in hh:  # type: ignore[attr-defined]
            pass


def play_table(n: int, policy: str, seed: int) -> None:
    """``n`` table-driven hands between six agents of one built-in policy."""
    from fastholdem.game import RandomPlayer, Table, TightPlayer, play_hands

    table = Table(CFG, [200] * 6, seed=seed, auto_rebuy=True)
    make = RandomPlayer if policy == "random" else TightPlayer
    bots = [make(seed + k) for k in range(6)]
    play_hands(table, bots, n)


def run_simulate(n: int, seed: int) -> None:
    """``simulate()`` of ``n`` hands between six random policies (``fastholdem simulate``'s path)."""
    from fastholdem.simulation.run import simulate

    simulate(["random"] * 6, n, config=CFG, seed=seed, progress=False)


def rate(fn: Callable[[], object], count: int, repeat: int, warm_up: bool = True) -> float:
    """Hands per second of ``fn`` (which plays ``count`` hands): ``median_seconds`` over ``repeat`` runs."""
    return count / median_seconds(fn, repeat, warm_up=warm_up)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=5000, help="fastholdem hands per run")
    parser.add_argument("--pk-hands", type=int, default=200, help="pokerkit hands per run")
    parser.add_argument("--pk-replays", type=int, default=300, help="corpus files pokerkit replays")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (median)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--quick", action="store_true", help="small run for smoke tests")
    parser.add_argument("--phh-dir", default=os.environ.get("FASTHOLDEM_PHH_DIR", str(DEFAULT_PHH)))
    parser.add_argument("--no-pokerkit", action="store_true", help="measure fastholdem only")
    parser.add_argument("--equity-hands", type=int, default=1000, help="table hands per run with equity bots")
    parser.add_argument("--sim-hands", type=int, default=100_000, help="hands per simulate() run")
    parser.add_argument("--sim-repeat", type=int, default=3, help="simulate() runs (median)")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.pk_hands, args.pk_replays, args.repeat = 500, 20, 30, 3
        args.equity_hands = 100
        args.sim_hands, args.sim_repeat = 2000, 1

    have_pokerkit = not args.no_pokerkit
    if have_pokerkit:
        try:
            import pokerkit  # noqa: F401
        except ImportError:
            print("pokerkit is not installed: measuring fastholdem only", file=sys.stderr)
            have_pokerkit = False

    rows: list[tuple[str, float, float | None]] = []
    for kind in ("deep", "short"):
        ours = rate(lambda: play_fastholdem(args.hands, kind, args.seed), args.hands, args.repeat)
        theirs = None
        if have_pokerkit:
            theirs = rate(lambda: play_pokerkit(args.pk_hands, kind, args.seed), args.pk_hands, args.repeat)
        rows.append((f"nl6 {kind} random hands", ours, theirs))

    for policy, count in (("random", args.hands), ("equity", args.equity_hands)):
        ours = rate(lambda c=count, p=policy: play_table(c, p, args.seed), count, args.repeat)
        rows.append((f"table 6 {policy} hands", ours, None))

    sim_rate = rate(lambda: run_simulate(args.sim_hands, args.seed), args.sim_hands, args.sim_repeat,
                    warm_up=False)
    rows.append(("simulate 6 random hands", sim_rate, None))

    corpus = Path(args.phh_dir)
    files = sorted(corpus.rglob("*.phh")) if corpus.is_dir() else []
    if files:
        texts = [f.read_text(encoding="utf-8") for f in files]
        if args.quick:
            texts = texts[:: max(1, len(texts) // 200)]
        ours = rate(lambda: replay_fastholdem(texts), len(texts), args.repeat)
        theirs = None
        if have_pokerkit:
            step = max(1, len(texts) // max(1, args.pk_replays))
            sample = texts[::step]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                theirs = rate(lambda: replay_pokerkit(sample), len(sample), args.repeat)
        rows.append((f"phh parse+replay ({len(texts)})", ours, theirs))
        # The same without TOML parsing (tomllib costs both engines ~0.2 ms per file).
        parsed = [phh.loads(t) for t in texts]
        ours = rate(lambda: replay_only_fastholdem(parsed), len(parsed), args.repeat)
        theirs = None
        if have_pokerkit:
            from pokerkit import HandHistory

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                pk_parsed = [HandHistory.loads(t) for t in sample]
                theirs = rate(lambda: replay_only_pokerkit(pk_parsed), len(pk_parsed), args.repeat)
        rows.append((f"phh replay only ({len(texts)})", ours, theirs))
    else:
        print(f"PHH corpus not found at {corpus}: replay skipped", file=sys.stderr)

    print(f"{'workload':<28} {'fastholdem/s':>14} {'pokerkit/s':>12} {'ratio':>8}")
    for name, ours, theirs in rows:
        if theirs is None:
            print(f"{name:<28} {ours:>14,.0f} {'-':>12} {'-':>8}")
        else:
            print(f"{name:<28} {ours:>14,.0f} {theirs:>12,.1f} {ours / theirs:>7.0f}x")
    print(f"(median of {args.repeat} runs; fastholdem {args.hands} hands/run, pokerkit {args.pk_hands})")
    print(f"simulate(): {args.sim_hands:,} hands in {args.sim_hands / sim_rate:.2f} s "
          f"(median of {args.sim_repeat} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
