"""Benchmark the equity engine against eval7, pokerkit and poker-equity in the same run.

One table, medians of ``--repeat`` runs (fixed seeds, inputs built once before timing):

* exact preflop: AhKh vs QsQd; AsAd vs KhKc vs 7s6s; ``AKs,QQ+`` vs ``random`` (``exact=True``)
  on 1 thread and on ``--threads`` (``--quick``: ``AA`` vs ``KK,QQ``); heads-up cases both as
  users get them (the shipped preflop table) and "enumerated" by the C core with the table off;
* exact range vs range on the flop Td7c2s (the sweep): ``AKs,QQ+`` vs ``random`` and ``random``
  vs ``random``, 1 thread and ``--threads``, next to ``evaluate_batch`` of 20 M random hands
  in the same run (issue 11's yardstick for ``random`` vs ``random``); and ``random`` vs
  ``random`` preflop with the dead card 2c (full run only);
* Monte Carlo: 6 players all random (trials per second per thread, 1 and ``--threads``
  threads), ``AKs,QQ+`` vs ``random`` vs ``random`` and AhKh vs QsQd heads-up on 1 thread;
* exact multiway ranges postflop: ``AKs,QQ+`` vs ``JJ-88`` vs ``random`` on the flop Td7c2s
  and the turn Td7c2sKh, 1 thread (``--quick``: ``KQs`` instead of ``random``);
* ``equity_batch`` on 10,000 random river and turn spots, 2 players (spots per second);
* ``hand_strength`` on 10,000 random flop hands against 1 random opponent, Monte Carlo with
  1,000 trials per hand (hands per second).

Peers run the cases they support, when installed (else a note on stderr): eval7's exact
function is river-only and its Monte Carlo is heads-up hand vs range; pokerkit only samples
and is slow, so it runs few samples and its rate is scaled; poker-equity declines exact
range-vs-range jobs of this size. The ``issue`` column holds the reference figures of issue 3.
Every ``x`` column is our speed divided by theirs: above 1, fastholdem is faster.

Usage::

    python benchmarks/bench_equity.py              # full run, about 90 seconds on 2 cores
    python benchmarks/bench_equity.py --quick      # a few seconds
    python benchmarks/bench_equity.py --threads 4
    OMPEVAL_BENCH=/path/to/ombench python benchmarks/bench_equity.py --ompeval-only   # the headline table

The first table is the headline: ``equity`` on 1 thread against OMPEval built from source (an
``ombench`` binary named by ``OMPEVAL_BENCH``, built outside the repository as
``../shared/peers/README.md`` says) and against pokerfast, OMPEval's wheel build, in rounds
that alternate all of them (CPU time, medians, ratio of medians); under it, for each Monte
Carlo row, the standard error at equal trials of both (the spread of independent runs).
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from fastholdem import _core
from fastholdem.cards import card_str, cards_str, parse_cards
from fastholdem.equities import equity, equity_batch, hand_strength
from fastholdem.evaluate import deal, evaluate_batch
from _timing import median_seconds  # noqa: E402  (benchmarks/ is on sys.path when run)
import _ompeval  # noqa: E402

PEERS = ("eval7", "pokerkit", "poker-equity")

# Reference figures from issue 3: seconds for exact jobs, trials/s per thread for Monte Carlo.
REF_HU_EXACT = 2.3e-3
REF_3WAY_EXACT = 2.6e-3
REF_RANGE_EXACT_1 = 3.49
REF_RANGE_EXACT_2 = 1.76  # on 2 threads
REF_MC6_PER_THREAD = 14.8e6

# eval7 builds its range parser with pyparsing names that now warn; nothing else is silenced.
warnings.filterwarnings("ignore", message=r"'\w+' deprecated - use", module=r"eval7\.rangestring")


# The module whose PREFLOP_TABLE is read when a job starts.
_TABLE_MODULE = importlib.import_module("fastholdem.equities.engines.table")
HAVE_TABLE = True


@contextmanager
def preflop_table_off() -> Iterator[None]:
    """Make heads-up preflop jobs enumerate instead of reading the shipped table."""
    saved = _TABLE_MODULE.PREFLOP_TABLE
    _TABLE_MODULE.PREFLOP_TABLE = saved + ".benchmark-disabled"  # a path that does not exist
    try:
        yield
    finally:
        _TABLE_MODULE.PREFLOP_TABLE = saved


@dataclass
class Row:
    """One case: ``kind`` is "time" (seconds, lower is better) or "rate" (per second)."""

    name: str
    kind: str
    ours: float
    ref: float | None = None
    peers: dict[str, float] = field(default_factory=dict)


def speed_ratio(row: Row, theirs: float) -> float:
    return theirs / row.ours if row.kind == "time" else row.ours / theirs


def fmt(kind: str, value: float | None) -> str:
    if value is None:
        return "-"
    if kind == "time":
        return f"{value * 1e3:.2f} ms" if value < 1 else f"{value:.2f} s"
    for unit, scale in (("M/s", 1e6), ("k/s", 1e3)):
        if value >= scale:
            return f"{value / scale:.2f} {unit}"
    return f"{value:.1f} /s"


def print_table(rows: list[Row], peers: list[str]) -> None:
    cols = ["issue", *peers]
    head = f"{'case':<52} {'fastholdem':>11}" + "".join(f" {c:>12} {'x':>7}" for c in cols)
    print(head)
    print("-" * len(head))
    for row in rows:
        line = f"{row.name:<52} {fmt(row.kind, row.ours):>11}"
        for c in cols:
            theirs = row.ref if c == "issue" else row.peers.get(c)
            ratio = "-" if theirs is None else f"{speed_ratio(row, theirs):.2f}x"
            line += f" {fmt(row.kind, theirs):>12} {ratio:>7}"
        print(line)


# --- inputs ----------------------------------------------------------------------------------


def random_7card_hands(m: int, seed: int) -> np.ndarray:
    """``(m, 7)`` uint8 rows of distinct cards, seeded."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((m, 52)), axis=1)[:, :7].astype(np.uint8)


def random_spots(m: int, players: int, board: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``(m, players, 2)`` holes and ``(m, board)`` boards of distinct cards, seeded."""
    rng = np.random.default_rng(seed)
    deals = np.argsort(rng.random((m, 52)), axis=1)[:, : 2 * players + board].astype(np.uint8)
    return deals[:, : 2 * players].reshape(m, players, 2), np.ascontiguousarray(deals[:, 2 * players :])


# --- peers -----------------------------------------------------------------------------------


def load_peers(skip: bool) -> dict[str, Any]:
    found: dict[str, Any] = {}
    if skip:
        return found
    for name, module in (("eval7", "eval7"), ("pokerkit", "pokerkit"), ("poker-equity", "poker_equity")):
        try:
            found[name] = __import__(module)
        except ImportError:
            print(f"{name} is not installed: its columns stay empty", file=sys.stderr)
    return found


class Eval7:
    """eval7: exact hand vs range on the river only; Monte Carlo hand vs range."""

    def __init__(self, mod: Any) -> None:
        self.mod = mod
        self.deck = [mod.Card(card_str(c)) for c in range(52)]
        self.any_hand = mod.HandRange("22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32")
        assert len(self.any_hand) == 1326

    def cards(self, ids: Any) -> list[Any]:
        return [self.deck[int(c)] for c in ids]

    def hu_monte_carlo(self, trials: int) -> Callable[[], Any]:
        hero = self.cards(parse_cards("AhKh"))
        villain = self.mod.HandRange("QsQd")
        return lambda: self.mod.py_hand_vs_range_monte_carlo(hero, villain, [], trials)

    def river_batch(self, holes: np.ndarray, boards: np.ndarray) -> Callable[[], Any]:
        # eval7 takes a range as (hand, weight) pairs: one villain hand of weight 1.
        spots = [(self.cards(h[0]), [(tuple(self.cards(h[1])), 1.0)], self.cards(b))
                 for h, b in zip(holes, boards)]
        exact = self.mod.py_hand_vs_range_exact
        return lambda: [exact(hero, villain, board) for hero, villain, board in spots]

    def strength(self, holes: np.ndarray, boards: np.ndarray, trials: int) -> Callable[[], Any]:
        spots = [(self.cards(h), self.cards(b)) for h, b in zip(holes, boards)]
        mc, any_hand = self.mod.py_hand_vs_range_monte_carlo, self.any_hand
        return lambda: [mc(hero, any_hand, board, trials) for hero, board in spots]


class PokerKit:
    """pokerkit: Monte Carlo only (``calculate_equities``), pure Python."""

    def __init__(self, mod: Any) -> None:
        self.mod = mod
        self.args = (2, 5, mod.Deck.STANDARD, (mod.StandardHighHand,))

    def monte_carlo(self, players: list[str], samples: int) -> Callable[[], Any]:
        ranges = [[[]] if p == "random" else self.mod.parse_range(p) for p in players]
        return lambda: self.mod.calculate_equities(ranges, (), *self.args, sample_count=samples)

    def strength(self, holes: np.ndarray, boards: np.ndarray, samples: int) -> Callable[[], Any]:
        spots = [(self.mod.parse_range(cards_str(h)), self.mod.Card.parse(cards_str(b)))
                 for h, b in zip(holes, boards)]
        fn = self.mod.calculate_hand_strength
        return lambda: [fn(2, hero, board, *self.args, sample_count=samples) for hero, board in spots]


class PokerEquity:
    """poker-equity: exact (``exact``) and Monte Carlo (``chunk``) through its mask API."""

    def __init__(self, mod: Any) -> None:
        self.mod = mod
        self.full = mod.full_deck()

    @staticmethod
    def seat(hand: Any) -> list[list[int]]:
        return [[1 << int(c) for c in hand]]

    def exact(self, players: list[str], board: str = "") -> Callable[[], Any]:
        seats = [self.seat(parse_cards(p)) for p in players]
        masks = [1 << c for c in parse_cards(board)]
        return lambda: self.mod.exact("holdem", seats, masks, 0)

    def monte_carlo(self, players: list[str], samples: int, threads: int) -> Callable[[], Any]:
        seats = [[[self.full, self.full]] if p == "random" else self.seat(parse_cards(p)) for p in players]
        return lambda: self.mod.chunk("holdem", seats, [], 0, samples, 1, threads)

    def batch(self, holes: np.ndarray, boards: np.ndarray) -> Callable[[], Any]:
        spots = [([self.seat(h) for h in spot], [1 << int(c) for c in b]) for spot, b in zip(holes, boards)]
        exact = self.mod.exact
        return lambda: [exact("holdem", seats, board, 0) for seats, board in spots]

    def strength(self, holes: np.ndarray, boards: np.ndarray, trials: int, threads: int) -> Callable[[], Any]:
        anyone = [[self.full, self.full]]
        spots = [([self.seat(h), anyone], [1 << int(c) for c in b]) for h, b in zip(holes, boards)]
        chunk = self.mod.chunk
        return lambda: [chunk("holdem", seats, board, 0, trials, i, threads)
                        for i, (seats, board) in enumerate(spots)]


# --- the run ---------------------------------------------------------------------------------


# Fixed hands for the exact multiway rows against OMPEval.
MULTIWAY = ["AsAd", "KhKc", "7s6s", "QdJd", "Tc9c", "5h5d"]


# OMPEval reads no "JJ-88" span (it silently reads something else): its side spells it out.
_OMP_SPELLED = {"JJ-88": "JJ,TT,99,88"}


def _per_trial_error(estimates: list[tuple[float, int]]) -> float:
    """The standard error of one trial, from independent runs' (estimate, trials): the root
    mean square of (estimate - their mean) * sqrt(trials), over runs - 1 (the mean weighted
    by trials). At n trials the standard error of a run is this over sqrt(n), whatever run
    lengths measured it."""
    centre = sum(e * n for e, n in estimates) / sum(n for _, n in estimates)
    return (sum((e - centre) ** 2 * n for e, n in estimates) / (len(estimates) - 1)) ** 0.5


def standard_errors(name: str, players: list[str], omp_players: list[str], binary: str | None,
                    trials: int, runs: int) -> str:
    """Player 0's standard error at equal trials, measured the same way on both sides: the
    spread of ``runs`` independent runs (ours: seeds 1..runs of ``trials`` trials; OMPEval:
    ``runs`` runs of ombench for the time ours takes, each reporting its trial count) about
    their mean, scaled to one trial (then to ``trials``); our own reported
    ``stderr`` and OMPEval's (when its ombench prints ``stdev_per_hand``) beside it."""
    ours, reported = [], []
    start = time.process_time()
    for seed in range(1, runs + 1):
        r = equity(players, exact=False, trials=trials, seed=seed, threads=1)
        ours.append((float(r.equity[0]), trials))
        reported.append(float(r.stderr[0]) * trials ** 0.5)
    seconds = max((time.process_time() - start) / runs, 0.02)
    theirs: list[tuple[float, int]] = []
    omp_reported: list[float] = []
    if binary:
        for _ in range(runs):
            got = _ompeval._ombench(binary, "eq", "|".join(omp_players), "-", "-", 1, 0, seconds)
            theirs.append((float(got["eq0"]), int(got["hands"])))
            if "stdev_per_hand" in got:
                omp_reported.append(float(got["stdev_per_hand"]))
    per_ours = _per_trial_error(ours)
    line = (f"{name}: player 0's standard error at {trials:,} trials (spread of {runs} runs, scaled): "
            f"fastholdem {per_ours / trials ** 0.5:.2e} (its stderr says {statistics.median(reported) / trials ** 0.5:.2e})")
    if theirs:
        per_theirs = _per_trial_error(theirs)
        line += (f", OMPEval from source {per_theirs / trials ** 0.5:.2e} "
                 f"({'its stdev says ' + format(statistics.median(omp_reported) / trials ** 0.5, '.2e') if omp_reported else 'its ombench prints no stdev'}; "
                 f"{statistics.median(n for _, n in theirs):,.0f} trials a run); ratio {per_ours / per_theirs:.2f}")
    else:
        line += f", OMPEval from source {_ompeval.NOT_CONFIGURED}"
    return line


def headline_duels(quick: bool, rounds: int, notes: list[str] | None = None) -> list[_ompeval.Duel]:
    """The headline table: our ``equity`` (1 thread) against OMPEval built from source
    (``OMPEVAL_BENCH``, its ``EquityCalculator`` through ombench) and pokerfast's wheel build
    of it, in alternating rounds, CPU time: exact jobs (equities checked to agree first) and
    Monte Carlo trials per second (and, into ``notes``, player 0's standard error at equal
    trials on both sides: :func:`standard_errors`). Without ``OMPEVAL_BENCH`` the source rows say "not
    configured"; pokerfast's Python call reports no trial count, so its Monte Carlo rows are
    marked as such."""
    binary = _ompeval.source_binary()
    pfe = _ompeval.load()
    duels: list[_ompeval.Duel] = []
    omp_names = lambda players: [_OMP_SPELLED.get(p, p) for p in players]  # noqa: E731

    def exact(name: str, players: list[str], board: str = "") -> None:
        ours = np.asarray(equity(players, board=board, exact=True, threads=1).equity)
        peers: dict[str, Callable[[], object] | str] = {}
        if binary:
            got = _ompeval._ombench(binary, "eq", "|".join(omp_names(players)), board or "-", "-", 1, 1, 0)["eq0"]
            if abs(got - ours[0]) > 2e-6:
                raise SystemExit(f"fastholdem and OMPEval (source) disagree on {name}: {ours[0]} vs {got}")
            peers[_ompeval.SOURCE] = _ompeval.source_equity(binary, omp_names(players), board)
        else:
            peers[_ompeval.SOURCE] = _ompeval.NOT_CONFIGURED
        if pfe is not None:
            theirs = pfe.equity(omp_names(players), board=board, exact=True, threads=1)
            if np.max(np.abs(ours - np.asarray(theirs))) > 1e-9:
                raise SystemExit(f"fastholdem and OMPEval (pokerfast) disagree on {name}: not benchmarking")
            peers[_ompeval.WHEEL] = lambda: pfe.equity(omp_names(players), board=board, exact=True, threads=1)
        else:
            peers[_ompeval.WHEEL] = _ompeval.WHEEL_MISSING
        duels.extend(_ompeval.duel_many(
            [name], [lambda: equity(players, board=board, exact=True, threads=1)], peers, rounds))

    def monte_carlo(name: str, players: list[str], trials: int, seconds: float) -> None:
        peers: dict[str, Callable[[], object] | str] = {
            _ompeval.SOURCE: (_ompeval.source_equity(binary, omp_names(players), exact=False, count=trials,
                                                     seconds=seconds) if binary else _ompeval.NOT_CONFIGURED),
            _ompeval.WHEEL: "no trial count from pokerfast's equity(): no row"}
        duels.extend(_ompeval.duel_many(
            [name], [lambda: equity(players, exact=False, trials=trials, seed=1, threads=1)], peers, rounds,
            count=trials, note="trials per second"))
        if notes is not None:
            se_trials, se_runs = (trials // 8, 16) if quick else (trials // 40, 96)
            notes.append(standard_errors(name, players, omp_names(players), binary, se_trials, se_runs))

    exact("equity AsAd vs KhKc vs 7s6s, exact, preflop", ["AsAd", "KhKc", "7s6s"])
    exact("equity AKs,QQ+ vs random, exact, flop Td7c2s", ["AKs,QQ+", "random"], "Td7c2s")
    if not quick:
        exact("equity random vs random, exact, flop Td7c2s", ["random", "random"], "Td7c2s")
        exact("equity AKs,QQ+ vs JJ-88 vs random, exact, flop Td7c2s", ["AKs,QQ+", "JJ-88", "random"], "Td7c2s")
    exact("equity AKs,QQ+ vs JJ-88 vs random, exact, turn Td7c2sKh", ["AKs,QQ+", "JJ-88", "random"], "Td7c2sKh")
    if not quick:
        exact("equity AKs,QQ+ vs JJ-88 vs random, exact, flop AhKh2h", ["AKs,QQ+", "JJ-88", "random"], "AhKh2h")
    trials, seconds = (200_000, 0.1) if quick else (4_000_000, 0.5)
    monte_carlo("equity 6 random hands, Monte Carlo", ["random"] * 6, trials, seconds)
    monte_carlo("equity AKs,QQ+ vs random vs random, Monte Carlo", ["AKs,QQ+", "random", "random"], trials, seconds)
    return duels


def ompeval_duels(quick: bool, rounds: int) -> list[_ompeval.Duel]:
    """Our calls against pokerfast's (OMPEval) same calls, alternating, 1 thread, CPU time:
    ``equity`` exact of fixed hands preflop (3-6 players), of a hand and of ``AKs,QQ+`` against
    ``random`` on a flop and a turn; ``hand_strength(exact=True)`` against one random hand on
    random flop, turn, river and preflop spots vs ``equity_vs_random_many``, and against two
    random hands vs one ``equity([hand, "random", "random"])`` per spot. Equities are checked
    to agree (1e-9) before timing."""
    pfe = _ompeval.load()
    if pfe is None:
        return []
    duels = []

    def both(name: str, players: list[str], board: str = "", note: str = "") -> None:
        ours = equity(players, board=board, exact=True, threads=1)
        theirs = pfe.equity(players, board=board, exact=True, threads=1)
        if np.max(np.abs(np.asarray(ours.equity) - np.asarray(theirs))) > 1e-9:
            raise SystemExit(f"fastholdem and OMPEval disagree on {name}: not benchmarking")
        duels.append(_ompeval.duel(
            name, lambda: equity(players, board=board, exact=True, threads=1),
            lambda: pfe.equity(players, board=board, exact=True, threads=1), rounds, note=note))

    for n in (3, 4, 5, 6) if not quick else (3,):
        both(f"equity {'/'.join(MULTIWAY[:n])}, exact", MULTIWAY[:n])
    both("equity AhKd vs random, flop Td7c2s, exact", ["AhKd", "random"], "Td7c2s")
    both("equity AhKd vs random, turn Td7c2sKh, exact", ["AhKd", "random"], "Td7c2sKh")
    both("equity AhKd vs random, river Td7c2sKh3c, exact", ["AhKd", "random"], "Td7c2sKh3c")
    both("equity AhKd vs random vs random, turn Td7c2sKh", ["AhKd", "random", "random"], "Td7c2sKh",
         "two random hands: one count")
    both("equity AKs,QQ+ vs random, flop Td7c2s, exact", ["AKs,QQ+", "random"], "Td7c2s", "the sweep")
    sizes = {3: 200, 4: 1_000, 5: 10_000, 0: 2} if not quick else {3: 20, 4: 100, 5: 1_000}
    for n_board, m in sizes.items():
        rows = deal(m, 2 + n_board, seed=7)
        holes, boards = np.ascontiguousarray(rows[:, :2]), np.ascontiguousarray(rows[:, 2:])
        queries = [(cards_str(h.tolist()), cards_str(b.tolist())) for h, b in zip(holes, boards)]
        b = boards if n_board else None
        ours = hand_strength(holes, b, 1, exact=True, threads=1)
        if np.max(np.abs(ours - np.asarray(pfe.equity_vs_random_many(queries)))) > 1e-9:
            raise SystemExit("fastholdem and OMPEval disagree on hand_strength: not benchmarking")
        street = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}[n_board]
        duels.append(_ompeval.duel(
            f"hand_strength exact vs 1 random, {m:,} {street} spots",
            lambda holes=holes, b=b: hand_strength(holes, b, 1, exact=True, threads=1),
            lambda queries=queries: pfe.equity_vs_random_many(queries), rounds if n_board else 1,
            count=m, note="vs equity_vs_random_many"))
    # Against two random hands OMPEval has no batch call: one exact equity() per spot.
    sizes = {3: 1, 4: 2, 5: 20} if not quick else {4: 1, 5: 2}
    for n_board, m in sizes.items():
        opponents_duel(pfe, duels, 2, n_board, m, rounds if n_board > 3 else 3)
    if not quick:  # OMPEval takes about 30 s for one river spot against three random hands
        opponents_duel(pfe, duels, 3, 5, 1, 1)
    return duels


def opponents_duel(pfe: Any, duels: list[_ompeval.Duel], opponents: int, n_board: int, m: int, rounds: int) -> None:
    """``hand_strength`` exact against ``opponents`` random hands on ``m`` random spots, against
    one OMPEval ``equity([hand] + ["random"] * opponents)`` per spot."""
    rows = deal(m, 2 + n_board, seed=6 + opponents)
    holes, boards = np.ascontiguousarray(rows[:, :2]), np.ascontiguousarray(rows[:, 2:])
    queries = [(cards_str(h.tolist()), cards_str(b.tolist())) for h, b in zip(holes, boards)]

    def peer(queries: list[tuple[str, str]] = queries) -> list[float]:
        return [pfe.equity([h] + ["random"] * opponents, board=b, exact=True, threads=1)[0] for h, b in queries]

    ours = hand_strength(holes, boards, opponents, exact=True, threads=1)
    if np.max(np.abs(ours - np.asarray(peer()))) > 1e-9:
        raise SystemExit(f"fastholdem and OMPEval disagree on hand_strength vs {opponents}: not benchmarking")
    street = {3: "flop", 4: "turn", 5: "river"}[n_board]
    duels.append(_ompeval.duel(
        f"hand_strength exact vs {opponents} random, {m:,} {street} spot{'s' if m > 1 else ''}",
        lambda: hand_strength(holes, boards, opponents, exact=True, threads=1),
        peer, rounds, count=m, note=f"vs equity(h{', random' * opponents}) per spot"))


def many_opponents(quick: bool, preflop: bool) -> None:
    """``hand_strength`` exact against 4 and 9 random hands (csrc/fh_vs_many.c), 1 thread, CPU
    time of each spot on its own: the median, 90th percentile and slowest spot of random flop,
    turn and river spots (the work grows with the opponent hands that tie or beat the hand, so
    weak hands on paired boards are the slow ones). OMPEval has no column: its exact
    ``equity`` of one hand against four random hands on a river did not finish within half an
    hour, and pokerfast stops at six players."""
    print()
    print("hand_strength exact against many random hands, 1 thread (CPU time per spot)")
    print(f"{'workload':<44} {'median':>10} {'p90':>10} {'slowest':>10}")
    sizes = {3: 40, 4: 100, 5: 400} if not quick else {4: 5, 5: 20}
    for n_board, m in sizes.items():
        rows = deal(m, 2 + n_board, seed=90 + n_board)
        street = {3: "flop", 4: "turn", 5: "river"}[n_board]
        for opponents in (4, 9):
            times = []
            for row in rows:
                hole, board = np.ascontiguousarray(row[None, :2]), np.ascontiguousarray(row[None, 2:])
                start = time.process_time()
                hand_strength(hole, board, opponents, exact=True, threads=1)
                times.append(time.process_time() - start)
            times.sort()
            print(f"{f'vs {opponents} random, {m} random {street} spots':<44} "
                  + " ".join(f"{t * 1e3:>7,.1f} ms" for t in (statistics.median(times), times[int(0.9 * m)], times[-1])))
    if preflop:
        for hand, opponents in (("AhKd", 2), ("AhKh", 3), ("AhKd", 4)):
            start = time.process_time()
            hand_strength(np.array([parse_cards(hand)]), None, opponents, exact=True, threads=1)
            print(f"{f'vs {opponents} random, preflop {hand}':<44} {time.process_time() - start:>8,.2f} s")
        start = time.process_time()
        _core.vs_random_equities(parse_cards("AhKd"), (), (), 9, threads=1)
        print(f"{'vs 1..9 random, preflop AhKd, one call':<44} {time.process_time() - start:>8,.2f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small run for smoke tests")
    parser.add_argument("--preflop-many", action="store_true",
                        help="also time exact preflop spots against 2 and 9 random hands (minutes)")
    parser.add_argument("--threads", type=int, default=_core.max_threads(),
                        help="threads for the 'all threads' rows (default: all cores)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (median)")
    parser.add_argument("--slow-repeat", type=int, default=3,
                        help="runs of the multi-second enumerated range jobs")
    parser.add_argument("--spots", type=int, default=10_000, help="spots for equity_batch and hand_strength")
    parser.add_argument("--no-peers", action="store_true", help="measure fastholdem only")
    parser.add_argument("--ompeval-only", action="store_true",
                        help="only the headline table against OMPEval (source build and pokerfast)")
    args = parser.parse_args(argv)
    if args.threads < 1:
        parser.error("--threads must be >= 1")
    T = args.threads
    quick = args.quick
    repeat = 2 if quick else args.repeat
    slow_repeat = 1 if quick else args.slow_repeat
    spots = 500 if quick else args.spots
    mc_trials = 200_000 if quick else 4_000_000
    strength_trials = 1_000
    if not args.no_peers:  # the headline: OMPEval built from source, then its wheel build
        se_lines: list[str] = []
        _ompeval.print_duels("fastholdem equity against OMPEval, 1 thread",
                             headline_duels(quick, 3 if quick else args.repeat, se_lines))
        for line in se_lines:
            print(line)
        print()
        if args.ompeval_only:
            return 0
    mods = load_peers(args.no_peers)
    e7 = Eval7(mods["eval7"]) if "eval7" in mods else None
    pk = PokerKit(mods["pokerkit"]) if "pokerkit" in mods else None
    pe = PokerEquity(mods["poker-equity"]) if "poker-equity" in mods else None
    peer_repeat = 1 if quick else min(repeat, 3)
    thread_counts = (1,) if T == 1 else (1, T)
    rows: list[Row] = []
    notes: list[str] = []

    # Exact preflop, fixed hands: as users get it (heads-up preflop comes from the shipped table)
    # and enumerated by the C core with the table switched off.
    for name, players, ref, enumerate_too in (
        ("AhKh vs QsQd exact", ["AhKh", "QsQd"], REF_HU_EXACT, True),
        ("AsAd vs KhKc vs 7s6s exact", ["AsAd", "KhKc", "7s6s"], REF_3WAY_EXACT, False),
    ):
        row = Row(name, "time", median_seconds(lambda: equity(players, threads=T), repeat), ref)
        if pe is not None:
            fn = pe.exact(players)
            got = fn()["players"][0]["equity"]
            if abs(got - equity(players, threads=T).equity[0]) > 1e-9:
                notes.append(f"poker-equity disagrees on {name}: {got}")
            row.peers["poker-equity"] = median_seconds(fn, peer_repeat, warm_up=False)  # fn() warmed it
        rows.append(row)
        if enumerate_too and HAVE_TABLE:
            with preflop_table_off():
                ours = median_seconds(lambda: equity(players, threads=T), repeat)
            rows.append(Row(f"{name}, enumerated", "time", ours, ref, dict(row.peers)))

    # Exact preflop range vs range: the table (heads-up), then enumeration with suit
    # isomorphism, parallel over distinct deals.
    players = ["AA", "KK,QQ"] if quick else ["AKs,QQ+", "random"]
    label = f"{players[0]!r} vs {players[1]!r} exact"
    modes = [("", nullcontext)] + ([(", enumerated", preflop_table_off)] if HAVE_TABLE else [])
    for suffix, context in modes:
        for threads in thread_counts:
            ref = REF_RANGE_EXACT_1 if threads == 1 else REF_RANGE_EXACT_2 if threads == 2 else None
            with context():
                ours = median_seconds(lambda: equity(players, exact=True, threads=threads),
                                      slow_repeat if suffix else repeat, warm_up=not suffix)
            rows.append(Row(f"{label}{suffix}, {threads} thr", "time", ours, None if quick else ref))
    notes.append("range exact: eval7 and pokerkit have no exact preflop mode; poker-equity's exact "
                 "returns None (declines) for range-vs-range jobs of this size")
    if HAVE_TABLE:
        notes.append("'enumerated' rows switch off the shipped heads-up preflop table "
                     f"({_TABLE_MODULE.__name__}.PREFLOP_TABLE), so the C core enumerates every board")

    # Exact range vs range on a flop: the sweep (one pass per runout), and evaluate_batch of
    # 20 M hands in the same run as the yardstick for random vs random.
    flop = "Td7c2s"
    for players in (["AKs,QQ+", "random"], ["random", "random"]):
        for threads in thread_counts:
            ours = median_seconds(lambda: equity(players, board=flop, exact=True, threads=threads), repeat)
            rows.append(Row(f"{players[0]!r} vs {players[1]!r} exact, flop {flop}, {threads} thr", "time", ours))
    n_hands = 2_000_000 if quick else 20_000_000
    hands = np.tile(random_7card_hands(1_000_000, seed=11), (n_hands // 1_000_000, 1))
    for threads in thread_counts:
        rows.append(Row(f"evaluate_batch {n_hands // 1_000_000} M hands, {threads} thr", "time",
                        median_seconds(lambda: evaluate_batch(hands, threads=threads), repeat)))
    del hands
    if not quick:
        secs = median_seconds(lambda: equity(["random", "random"], dead="2c", exact=True, threads=T), 1,
                              warm_up=False)
        rows.append(Row(f"'random' vs 'random' exact, preflop, dead 2c, {T} thr", "time", secs))
    notes.append("range exact on the flop: the sweep (issue 11); OMPEval's rows are in the first table")

    # Monte Carlo, 6 players all random: trials per second per thread.
    six = ["random"] * 6
    for threads in thread_counts:
        secs = median_seconds(
            lambda: equity(six, exact=False, trials=mc_trials, seed=1, threads=threads), repeat)
        row = Row(f"MC 6 random players, {threads} thr (per thread)", "rate", mc_trials / secs / threads,
                  REF_MC6_PER_THREAD)
        if pe is not None:
            secs = median_seconds(pe.monte_carlo(six, mc_trials // 4, threads), peer_repeat)
            row.peers["poker-equity"] = mc_trials // 4 / secs / threads
        if pk is not None and threads == 1:
            n = 100 if quick else 500
            row.peers["pokerkit"] = n / median_seconds(pk.monte_carlo(six, n), 1, warm_up=False)
        rows.append(row)

    # Monte Carlo, one range against two random players, 1 thread (issue 11): its rate is
    # compared with the 6-random rate on 1 thread of this run in a note (target: 1.6x).
    three = ["AKs,QQ+", "random", "random"]
    secs = median_seconds(lambda: equity(three, exact=False, trials=mc_trials, seed=1, threads=1), repeat)
    rows.append(Row("MC 'AKs,QQ+' vs random vs random, 1 thr", "rate", mc_trials / secs))
    # The ratio to the 6-random rate from runs in alternation, timed in CPU seconds (1 thread):
    # other processes on the machine then move both alike.
    ratios = []
    for _ in range(repeat):
        cpu = []
        for players in (three, six):
            start = time.process_time()
            equity(players, exact=False, trials=mc_trials, seed=1, threads=1)
            cpu.append(time.process_time() - start)
        ratios.append(cpu[1] / cpu[0])
    notes.append(f"MC 'AKs,QQ+' vs random vs random runs {statistics.median(ratios):.2f}x the trials/s of MC 6 "
                 "random players (1 thread, CPU time, median of runs in alternation)")

    notes.append("history, not this run: OMPEval (C++, built outside the repository; 1 thread, CPU time, medians "
                 "of 5 runs alternating with fastholdem, 2026-11-30): MC 'AKs,QQ+' vs random vs random 28.8 M/s (fastholdem 35.4, "
                 "1.23x); MC 6 random 13.9 M/s (fastholdem 19.5, 1.40x); 'AKs,QQ+' vs random exact on Td7c2s "
                 "36 ms (23 ms, 1.57x); 'AKs,QQ+' vs 'JJ-88' vs random exact (2026-12-01, wall time on one "
                 "pinned core, medians of 5-9 alternating runs) on Td7c2s 0.87 s (fastholdem 0.25 s, 3.5x), "
                 "on AhKh2h 0.28 s (0.11 s, 2.5x), on Td7c2sKh 0.046 s (0.046 s, 1.0x)")

    # Exact multiway ranges postflop (runout tables), 1 thread.
    multi = ["AKs,QQ+", "JJ-88", "KQs"] if quick else ["AKs,QQ+", "JJ-88", "random"]
    for board in ("Td7c2s", "Td7c2sKh"):
        ours = median_seconds(lambda: equity(multi, board=board, exact=True, threads=1), slow_repeat)
        rows.append(Row(f"{multi[0]!r} vs {multi[1]!r} vs {multi[2]!r} exact, {board}, 1 thr", "time", ours))

    # Monte Carlo heads-up, 1 thread.
    hu = ["AhKh", "QsQd"]
    secs = median_seconds(lambda: equity(hu, exact=False, trials=mc_trials, seed=1, threads=1), repeat)
    row = Row("MC AhKh vs QsQd, 1 thr", "rate", mc_trials / secs)
    if e7 is not None:
        row.peers["eval7"] = mc_trials / 4 / median_seconds(e7.hu_monte_carlo(mc_trials // 4), peer_repeat)
    if pe is not None:
        secs = median_seconds(pe.monte_carlo(hu, mc_trials // 4, 1), peer_repeat)
        row.peers["poker-equity"] = mc_trials / 4 / secs
    if pk is not None:
        n = 200 if quick else 1000
        row.peers["pokerkit"] = n / median_seconds(pk.monte_carlo(hu, n), 1, warm_up=False)
    rows.append(row)

    # equity_batch: exact, independent spots, 2 players. Peers loop over a subset.
    for street, nb in (("river", 5), ("turn", 4)):
        holes, boards = random_spots(spots, 2, nb, seed=nb)
        row = Row(f"equity_batch {spots:,} {street} spots, {T} thr", "rate",
                  spots / median_seconds(lambda: equity_batch(holes, boards, threads=T), repeat))
        sub = max(50, spots // 10)
        if e7 is not None and nb == 5:
            fn = e7.river_batch(holes[:sub], boards[:sub])
            want = equity_batch(holes[:sub], boards[:sub], threads=T)[:, 0]
            if not np.allclose(fn(), want, atol=1e-6):
                notes.append("eval7 disagrees with equity_batch on river spots")
            row.peers["eval7"] = sub / median_seconds(fn, peer_repeat)
        if pe is not None:
            row.peers["poker-equity"] = sub / median_seconds(pe.batch(holes[:sub], boards[:sub]), peer_repeat)
        rows.append(row)
    notes.append("equity_batch: eval7's exact function handles river boards only; pokerkit has no exact mode")

    # hand_strength: flop, 1 random opponent, Monte Carlo.
    holes, boards = random_spots(spots, 1, 3, seed=3)
    holes = np.ascontiguousarray(holes[:, 0])
    secs = median_seconds(
        lambda: hand_strength(holes, boards, exact=False, trials=strength_trials, seed=1, threads=T), repeat)
    row = Row(f"hand_strength {spots:,} flops vs 1, MC {strength_trials}, {T} thr", "rate", spots / secs)
    sub = max(20, spots // 20)
    if e7 is not None:
        secs = median_seconds(e7.strength(holes[:sub], boards[:sub], strength_trials), peer_repeat)
        row.peers["eval7"] = sub / secs
    if pe is not None:
        row.peers["poker-equity"] = sub / median_seconds(
            pe.strength(holes[:sub], boards[:sub], strength_trials, T), peer_repeat)
    if pk is not None:
        n, samples = 5, 100  # scaled to strength_trials per hand below
        secs = median_seconds(pk.strength(holes[:n], boards[:n], samples), 1, warm_up=False)
        row.peers["pokerkit"] = n / secs * samples / strength_trials
    rows.append(row)

    peer_names = [p for p in PEERS if p in mods]
    print(f"fastholdem equity benchmark: --threads {T}{' --quick' if quick else ''}, "
          f"median of {repeat} runs ({slow_repeat} for enumerated range exact), threads: {_core.THREAD_BACKEND}")
    print_table(rows, peer_names)
    print("x = our speed / theirs (>1: fastholdem faster). 'issue' = reference figures of issue 3 "
          "(range exact on N thr: the 2-thread figure, shown when N = 2).")
    print("eval7 and pokerkit run single-threaded; peers run on a subset of the spots; pokerkit runs "
          "few samples and its rate is scaled.")
    for note in notes:
        print(f"note: {note}")
    if not args.no_peers:
        duels = ompeval_duels(quick, 3 if quick else max(repeat, 5))
        if duels:
            print()
            _ompeval.print_duels(f"fastholdem against {_ompeval.WHEEL}, 1 thread; hand_strength in spots per "
                                 "second", duels)
    many_opponents(quick, args.preflop_many)
    return 0


if __name__ == "__main__":
    sys.exit(main())
