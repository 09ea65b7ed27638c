"""Benchmark the fastholdem hand evaluator against the installed peers, in one run, as one table.

Rows (median of ``--repeat`` runs; all on the same seeded random 7-card hands):

* ``evaluate_batch``  -- a ``(N, 7)`` uint8 array, on 1 thread and on all threads;
* ``evaluate``        -- the scalar call on a list of 7 ints, per call;
* ``enumerate_values()`` -- every one of the 133,784,560 seven-card sets, 1 thread and all threads;
* ``deal`` -- random 7-card hands dealt in C, against NumPy idioms for the same array
  (rejection of rows with a repeated card, a vectorised partial Fisher-Yates, argpartition
  and argsort of random keys, ``Generator.permuted``, a ``Generator.choice`` loop); the
  ratio column is ``deal``'s rows per second over the fastest idiom's;
* peers, per call: phevaluator ``evaluate_cards(*ints)``, eval7 ``evaluate`` on ``eval7.Card``
  lists, treys ``Evaluator().evaluate(board, hand)`` (pure Python: fewer hands). A peer that is
  not installed is skipped with a warning.

"vs peer" is each row's hands per second divided by the fastest peer's. The targets column
states the project's performance targets and whether this run met them (timings on a shared
2-core machine vary by tens of percent between runs).

Usage::

    python benchmarks/bench_evaluate.py            # full run, about half a minute
    python benchmarks/bench_evaluate.py --quick    # a few seconds (the smoke test runs this)
    OMPEVAL_BENCH=/path/to/ombench python benchmarks/bench_evaluate.py --ompeval-only   # the headline table

The first table is the headline: ``evaluate_batch`` against OMPEval built from source (an
``ombench`` binary named by ``OMPEVAL_BENCH``, built outside the repository as
``../shared/peers/README.md`` says) and against pokerfast, OMPEval's wheel build, in rounds
that alternate all of them (CPU time, medians, ratio of medians).
"""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from fastholdem import _core, deal
from fastholdem.cards import card_str
from fastholdem.evaluate import enumerate_values, evaluate, evaluate_batch
from _timing import median_seconds  # noqa: E402  (benchmarks/ is on sys.path when run)
import _ompeval  # noqa: E402

N_SEVEN = 133_784_560

# Targets (hands per second unless stated).
TARGET_BATCH_1T = 590e6  # issue 29: 1.3x OMPEval from source (about 453 M/s on 7 cards); the duel above is the verdict
TARGET_THREAD_SPEEDUP = 1.8
TARGET_ENUM_1T_S = 0.14


def make_hands(n: int, seed: int) -> np.ndarray:
    """``(n, 7)`` C-contiguous uint8 array of random 7-card hands (distinct cards per row)."""
    rng = np.random.default_rng(seed)
    hands = rng.integers(0, 52, size=(n, 7), dtype=np.uint8)
    todo = np.arange(n)
    while len(todo):
        bits = np.left_shift(np.uint64(1), hands[todo].astype(np.uint64))
        todo = todo[bits.sum(axis=1) != np.bitwise_or.reduce(bits, axis=1)]
        hands[todo] = rng.integers(0, 52, size=(len(todo), 7), dtype=np.uint8)
    return hands


# --- per-call runners (also used by test_bench_evaluate.py) -------------------------------------


def run_scalar(rows: list[list[int]]) -> None:
    ev = evaluate
    for r in rows:
        ev(r)


def phevaluator_runner(rows: list[list[int]]) -> Callable[[], None] | None:
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        return None

    def run() -> None:
        for r in rows:
            evaluate_cards(*r)

    return run


def eval7_runner(rows: list[list[int]]) -> Callable[[], None] | None:
    try:
        with warnings.catch_warnings():
            # eval7's range parser uses pyparsing names that pyparsing 3 deprecates.
            warnings.simplefilter("ignore", DeprecationWarning)
            import eval7
    except ImportError:
        return None
    deck = [eval7.Card(card_str(c)) for c in range(52)]
    hands = [[deck[c] for c in r] for r in rows]
    ev = eval7.evaluate

    def run() -> None:
        for h in hands:
            ev(h)

    return run


def treys_runner(rows: list[list[int]]) -> Callable[[], None] | None:
    try:
        from treys import Card, Evaluator
    except ImportError:
        return None
    ids = [Card.new(card_str(c)) for c in range(52)]
    deals = [([ids[c] for c in r[2:]], [ids[r[0]], ids[r[1]]]) for r in rows]
    ev = Evaluator().evaluate

    def run() -> None:
        for board, hand in deals:
            ev(board, hand)

    return run


def check_against_phevaluator(rows: list[list[int]]) -> None:
    """A benchmark of wrong answers is worthless: compare values before timing."""
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        return
    ours = evaluate_batch(np.asarray(rows, np.uint8)).tolist()
    if ours != [7463 - evaluate_cards(*r) for r in rows]:
        raise SystemExit("fastholdem and phevaluator disagree: not benchmarking")


# --- deal() against NumPy idioms ------------------------------------------------------------------

_CHUNK = 16_384  # rows per NumPy step: the (rows, 52) arrays stay in cache (the fastest size tried)


def _chunked(one: Callable[[np.random.Generator, int], np.ndarray]
             ) -> Callable[[int, int], np.ndarray]:
    def run(n: int, seed: int) -> np.ndarray:
        rng = np.random.default_rng(seed)
        return np.concatenate([one(rng, min(_CHUNK, n - lo)) for lo in range(0, n, _CHUNK)])
    return run


def _reject(rng: np.random.Generator, n: int) -> np.ndarray:
    """Draw 7 independent cards per row; redraw the rows that repeat a card (~35%)."""
    hands = rng.integers(0, 52, size=(n, 7), dtype=np.uint8)
    todo = np.arange(n)
    while len(todo):
        s = np.sort(hands[todo], axis=1)
        todo = todo[(s[:, 1:] == s[:, :-1]).any(axis=1)]
        hands[todo] = rng.integers(0, 52, size=(len(todo), 7), dtype=np.uint8)
    return hands


def _fisher_yates(rng: np.random.Generator, n: int) -> np.ndarray:
    deck = np.tile(np.arange(52, dtype=np.uint8), (n, 1))
    rows = np.arange(n)
    for i in range(7):
        j = i + rng.integers(0, 52 - i, size=n)
        top = deck[rows, i].copy()
        deck[rows, i] = deck[rows, j]
        deck[rows, j] = top
    return deck[:, :7]


def _argpartition(rng: np.random.Generator, n: int) -> np.ndarray:
    return np.argpartition(rng.random((n, 52), dtype=np.float32), 7, axis=1)[:, :7].astype(np.uint8)


def _argsort(rng: np.random.Generator, n: int) -> np.ndarray:
    return rng.random((n, 52), dtype=np.float32).argsort(axis=1)[:, :7].astype(np.uint8)


def _permuted(rng: np.random.Generator, n: int) -> np.ndarray:
    return rng.permuted(np.broadcast_to(np.arange(52, dtype=np.uint8), (n, 52)), axis=1)[:, :7]


def _choice_loop(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([rng.choice(52, 7, replace=False) for _ in range(n)], dtype=np.uint8)


#: (name, dealer(n, seed) -> (n, 7) uint8, fraction of the rows it is timed on)
NUMPY_DEALERS: list[tuple[str, Callable[[int, int], np.ndarray], float]] = [
    ("numpy: integers + reject repeats", _chunked(_reject), 1.0),
    ("numpy: vectorised Fisher-Yates", _chunked(_fisher_yates), 1.0),
    ("numpy: argpartition of f32 keys", _chunked(_argpartition), 1.0),
    ("numpy: argsort of f32 keys", _chunked(_argsort), 1.0),
    ("numpy: Generator.permuted", _chunked(_permuted), 1.0),
    ("numpy: Generator.choice loop", _choice_loop, 0.01),
]


def deal_rows(n: int, repeat: int, seed: int, threads: int) -> list[Row]:
    """``deal`` on 1 and ``threads`` threads and every NumPy idiom, each checked (distinct
    cards per row) first; the idioms are the peers of this table. The runs alternate
    (one of each per round, ``repeat`` rounds, medians), so that every row sees the same
    load on a shared machine."""
    runs: list[tuple[str, int, Callable[[], object], bool]] = [
        ("deal(N, 7), 1 thread", n, lambda: deal(n, 7, seed=seed, threads=1), False)]
    if threads > 1:
        runs.append((f"deal(N, 7), {threads} threads", n, lambda: deal(n, 7, seed=seed, threads=threads), False))
    for name, dealer, share in NUMPY_DEALERS:
        m = max(1, int(n * share))
        out = dealer(m, seed)
        s = np.sort(out, axis=1)
        if out.shape != (m, 7) or (s[:, 1:] == s[:, :-1]).any():
            raise SystemExit(f"{name} dealt a bad array: not benchmarking")
        runs.append((name, m, lambda dealer=dealer, m=m: dealer(m, seed), True))
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(repeat):
        for i, (_, _, run, _) in enumerate(runs):
            times[i].append(median_seconds(run, 1, warm_up=False))
    rows = [Row(name, m, float(np.median(t)), peer=peer) for (name, m, _, peer), t in zip(runs, times)]
    fastest = max(r.rate for r in rows if r.peer)
    rows[0].target, rows[0].met = ">= 10x fastest NumPy idiom", rows[0].rate >= 10 * fastest
    return rows


# --- the table ---------------------------------------------------------------------------------------


@dataclass
class Row:
    name: str
    hands: int
    seconds: float
    peer: bool = False
    target: str = ""
    met: bool | None = None

    @property
    def rate(self) -> float:
        return self.hands / self.seconds


def _fmt_rate(rate: float) -> str:
    if rate >= 1e6:
        return f"{rate / 1e6:,.1f} M"
    return f"{rate / 1e3:,.1f} k"


def _fmt_time(seconds: float) -> str:
    return f"{seconds * 1e3:,.1f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def print_table(rows: list[Row], title: str) -> None:
    peers = [r for r in rows if r.peer]
    fastest = max(peers, key=lambda r: r.rate) if peers else None
    print(title)
    header = (f"{'workload':<38} {'hands':>12} {'median':>11} {'hands/s':>11} {'ns/hand':>9} "
              f"{'vs peer':>9}  {'target':<28} {'met':<4}")
    print(header)
    print("-" * len(header))
    for r in rows:
        ratio = f"{r.rate / fastest.rate:,.1f}x" if fastest else "-"
        met = "-" if r.met is None else ("yes" if r.met else "NO")
        print(f"{r.name:<38} {r.hands:>12,} {_fmt_time(r.seconds):>11} {_fmt_rate(r.rate):>11} "
              f"{1e9 * r.seconds / r.hands:>9,.1f} {ratio:>9}  {r.target:<28} {met:<4}")
    if fastest:
        print(f"vs peer = hands/s over the fastest peer's ({fastest.name}, {_fmt_rate(fastest.rate)}/s)")


def ompeval_duels(hands: np.ndarray, rounds: int) -> list[_ompeval.Duel]:
    """``evaluate_batch`` (1 thread, into a preallocated ``out=``) against OMPEval on 7-, 6- and
    5-card rows, once per batch kernel this CPU runs, in rounds that alternate every kernel of
    ours, OMPEval built from source (``OMPEVAL_BENCH``: ombench evaluates its own seeded random
    rows of the same size, values stored) and pokerfast's wheel build (its batch entry point on
    our rows). Our values are checked against OMPEval's order (through pokerfast) first."""
    binary = _ompeval.source_binary()
    pfe = _ompeval.load()
    duels = []
    before = _core.eval_kernel()
    kernels = list(reversed(_core.eval_kernels_supported()))

    def with_kernel(kernel: str, rows: np.ndarray, out: np.ndarray) -> Callable[[], object]:
        def run() -> None:
            _core.set_eval_kernel(kernel)
            evaluate_batch(rows, threads=1, out=out)
        return run

    try:
        for k in (7, 6, 5):
            rows = np.ascontiguousarray(hands[:, :k])
            out = np.empty(len(rows), np.uint16)
            peers: dict[str, Callable[[], object] | str] = {
                _ompeval.SOURCE: _ompeval.source_eval(binary, len(rows), k) if binary else _ompeval.NOT_CONFIGURED}
            if pfe is not None:
                peer, peer_out = _ompeval.omp_evaluator(pfe, rows)
                peer()
                for kernel in kernels:
                    _core.set_eval_kernel(kernel)
                    evaluate_batch(rows[:100_000], threads=1, out=out[:100_000])
                    a, b = out[:100_000].astype(np.int64), peer_out[:100_000].astype(np.int64)
                    if not (np.sign(np.diff(a)) == np.sign(np.diff(b))).all():
                        raise SystemExit("fastholdem and OMPEval order hands differently: not benchmarking")
                peers[_ompeval.WHEEL] = peer
            else:
                peers[_ompeval.WHEEL] = _ompeval.WHEEL_MISSING
            duels += _ompeval.duel_many(
                [f"evaluate_batch (N,{k}) uint8, 1 thread, {kernel}" + (" (default)" if kernel == before else "")
                 for kernel in kernels],
                [with_kernel(kernel, rows, out) for kernel in kernels], peers, rounds, count=len(rows))
    finally:
        _core.set_eval_kernel(before)
    return duels


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=10_000_000, help="hands for evaluate_batch")
    parser.add_argument("--calls", type=int, default=200_000, help="hands for the per-call rows")
    parser.add_argument("--deal-n", type=int, default=1_000_000, help="rows for deal and the NumPy idioms")
    parser.add_argument("--treys-n", type=int, default=20_000, help="hands for treys (pure Python)")
    parser.add_argument("--repeat", type=int, default=7, help="runs per row (median)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--threads", type=int, default=_core.max_threads(), help="the 'all threads' count")
    parser.add_argument("--no-peers", action="store_true", help="measure fastholdem only")
    parser.add_argument("--quick", action="store_true", help="small sizes, for smoke tests")
    parser.add_argument("--ompeval-only", action="store_true",
                        help="only the headline table against OMPEval (source build and pokerfast)")
    args = parser.parse_args(argv)
    if args.quick:
        args.n, args.calls, args.treys_n, args.repeat, args.deal_n = 200_000, 10_000, 1_000, 3, 100_000
    args.calls = min(args.calls, args.n)
    args.treys_n = min(args.treys_n, args.calls)

    hands = make_hands(args.n, args.seed)
    per_call = hands[: args.calls].tolist()
    check_against_phevaluator(per_call[:5000])
    if not args.no_peers:  # the headline: OMPEval built from source, then its wheel build
        _ompeval.print_duels(f"evaluate_batch against OMPEval, {args.n:,} random rows, hands per second, "
                             f"{args.repeat} rounds", ompeval_duels(hands, args.repeat))
        print()
        if args.ompeval_only:
            return 0
    nt = args.threads
    rows: list[Row] = []

    t1 = median_seconds(lambda: evaluate_batch(hands, threads=1), args.repeat)
    rows.append(Row("evaluate_batch (N,7) uint8, 1 thread", args.n, t1, target=">= 590 M/s",
                    met=args.n / t1 >= TARGET_BATCH_1T))
    tn = median_seconds(lambda: evaluate_batch(hands, threads=nt), args.repeat)
    speedup = t1 / tn
    rows.append(Row(f"evaluate_batch (N,7) uint8, {nt} threads", args.n, tn,
                    target=f">= {TARGET_THREAD_SPEEDUP}x 1 thread (got {speedup:.2f}x)",
                    met=speedup >= TARGET_THREAD_SPEEDUP if nt > 1 else None))
    ts = median_seconds(lambda: run_scalar(per_call), args.repeat)
    scalar = Row("evaluate(list of 7 ints), per call", args.calls, ts, target="<= phevaluator per call")
    rows.append(scalar)
    te1 = median_seconds(lambda: enumerate_values(threads=1), args.repeat)
    rows.append(Row("enumerate_values(), 1 thread", N_SEVEN, te1, target=f"<= {TARGET_ENUM_1T_S} s",
                    met=te1 <= TARGET_ENUM_1T_S))
    ten = median_seconds(lambda: enumerate_values(threads=nt), args.repeat)
    rows.append(Row(f"enumerate_values(), {nt} threads", N_SEVEN, ten))

    if not args.no_peers:
        peers = [
            ("phevaluator evaluate_cards(*ints)", phevaluator_runner, args.calls),
            ("eval7 evaluate(Card list)", eval7_runner, args.calls),
            ("treys Evaluator().evaluate", treys_runner, args.treys_n),
        ]
        for name, make, n in peers:
            run = make(per_call[:n])
            if run is None:
                print(f"warning: {name.split()[0]} is not installed: row skipped", file=sys.stderr)
                continue
            rows.append(Row(name, n, median_seconds(run, args.repeat), peer=True))
        phe = next((r for r in rows if r.name.startswith("phevaluator")), None)
        if phe is not None:
            scalar.met = scalar.seconds / scalar.hands <= phe.seconds / phe.hands

    load = " / ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    title = (f"fastholdem evaluator: random 7-card hands, seed {args.seed}, median of {args.repeat} runs, "
             f"{nt} threads max ({_core.THREAD_BACKEND}), load average {load}")
    print_table(rows, title)
    print()
    print_table(deal_rows(args.deal_n, args.repeat, args.seed, nt),
                f"fastholdem.deal: random 7-card hands (rows), runs alternating, median of {args.repeat}; "
                f"NumPy {np.__version__}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
