"""OMPEval as the same-run peer of bench_evaluate.py and bench_equity.py, in two builds:

* **OMPEval from source** (the headline peer): an ``ombench`` binary built outside the
  repository (``../shared/peers/README.md``: ``-O3 -march=native``), named by the environment
  variable ``OMPEVAL_BENCH``. Each timed call runs it once and reads the CPU seconds it reports
  on its JSON line. Without ``OMPEVAL_BENCH`` its rows say "not configured".
* **pokerfast** (OMPEval compiled into a wheel: ``pip install pokerfast``, the ``bench`` extra),
  a second row, labelled as the wheel build.

Every duel row runs our call and pokerfast's same call in alternation, round after round, and
times each in CPU time (``time.process_time``: what the process itself used, which a shared
machine disturbs less than wall time). A row shows both medians, the range over rounds, and the
median of the per-round ratios (ours faster above 1).

For ``evaluate`` the peer is pokerfast's batch entry point ``pf_evaluate`` (OMPEval's evaluator
over a buffer of card bytes, called through ctypes on the same rows): ``pokerfast.equity.evaluate``
itself builds that buffer from Python lists, which would time Python, not OMPEval.
"""

from __future__ import annotations

import ctypes
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

import numpy as np

from fastholdem.cards import card_str

__all__ = ["Duel", "SOURCE", "WHEEL", "load", "source_binary", "source_eval", "source_equity",
           "omp_card_ids", "omp_evaluator", "duel", "duel_many", "print_duels"]

#: Row labels of the two OMPEval builds.
SOURCE = "OMPEval from source (ombench)"
WHEEL = "pokerfast (wheel build of OMPEval)"
WHEEL_MISSING = "not installed: pip install 'fastholdem[bench]'"
NOT_CONFIGURED = "not configured: set OMPEVAL_BENCH to an ombench binary (../shared/peers/README.md)"


def load() -> ModuleType | None:
    """``pokerfast.equity`` if pokerfast and its OMPEval library are installed, else None (with a
    note on stderr; ``FASTHOLDEM_REQUIRE_PEERS=1`` makes that an error)."""
    try:
        from pokerfast import equity as pfe
    except ImportError:
        pfe = None
    if pfe is not None and pfe.available():
        return pfe
    message = f"pokerfast (OMPEval's wheel build) is not installed: {WHEEL_MISSING}; its rows say so"
    if os.environ.get("FASTHOLDEM_REQUIRE_PEERS") == "1":
        raise SystemExit(message)
    print(f"warning: {message}", file=sys.stderr)
    return None


def source_binary() -> str | None:
    """The ``ombench`` binary that ``OMPEVAL_BENCH`` names, or None when the variable is unset
    (its rows then say "not configured"). A variable that names no executable is an error."""
    path = os.environ.get("OMPEVAL_BENCH", "")
    if not path:
        return None
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        raise SystemExit(f"OMPEVAL_BENCH={path!r} is not an executable ombench binary")
    return path


def _ombench(binary: str, *args: str | int | float) -> dict[str, float]:
    """Run ``ombench`` once and return its JSON line."""
    proc = subprocess.run([binary, *map(str, args)], capture_output=True, text=True, check=False)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    if proc.returncode != 0 or not lines:
        raise SystemExit(f"ombench {' '.join(map(str, args))} failed ({proc.returncode}): {proc.stdout}{proc.stderr}")
    result: dict[str, float] = json.loads(lines[-1])
    if "error" in result:
        raise SystemExit(f"ombench {' '.join(map(str, args))}: {result['error']}")
    return result


def source_eval(binary: str, n: int, k: int) -> Callable[[], float]:
    """One timed pass of OMPEval's evaluator over ``n`` random ``k``-card rows (its own seeded
    rows of distinct cards, values stored): returns the CPU seconds ombench reports for the pass
    (it generates the rows before its clock starts)."""
    return lambda: _ombench(binary, "eval", n, 1, k)["best_cpu_s"]


def source_equity(binary: str, ranges: list[str], board: str = "", dead: str = "", exact: bool = True,
                  count: int = 1, seconds: float = 1.0) -> Callable[[], float]:
    """One OMPEval ``EquityCalculator`` job on 1 thread. Exact jobs return their CPU seconds;
    Monte Carlo jobs (``exact=False``) run for ``seconds`` and return the CPU seconds per
    ``count`` trials at their measured rate. ``ranges`` are OMPEval range strings (it reads no
    ``JJ-88`` span: spell such ranges out)."""
    spec = "|".join(ranges)

    def run() -> float:
        r = _ombench(binary, "eq", spec, board or "-", dead or "-", 1, int(exact), seconds)
        return r["cpu_s"] if exact else r["cpu_s"] * count / r["hands"]

    return run


# OMPEval's card index is 4 * rank + suit with suits ordered s, h, c, d (ours: c, d, h, s).
_OMP_SUIT = {"s": 0, "h": 1, "c": 2, "d": 3}
_OMP_ID = np.array([4 * (c // 4) + _OMP_SUIT[card_str(c)[1]] for c in range(52)], np.uint8)


def omp_card_ids(hands: np.ndarray) -> np.ndarray:
    """The same cards as OMPEval numbers them."""
    return _OMP_ID[hands]


def omp_evaluator(pfe: ModuleType, hands: np.ndarray) -> tuple[Callable[[], None], np.ndarray]:
    """A call of OMPEval's batch evaluator on ``hands`` (n, k) uint8, and its output array."""
    lib = pfe._load()  # the library pokerfast.equity loads (its batch entry point)
    rows = np.ascontiguousarray(omp_card_ids(hands))
    buf = rows.tobytes()
    n, k = rows.shape
    out = np.empty(n, np.uint16)
    ptr = out.ctypes.data_as(ctypes.POINTER(ctypes.c_uint16))

    def run() -> None:
        if lib.pf_evaluate(buf, n, k, ptr) != 0:
            raise RuntimeError("pf_evaluate failed")

    return run, out


@dataclass
class Duel:
    """One workload: our CPU seconds per round and each peer's (a peer whose list is empty is
    not configured or not installed; ``missing`` says why)."""

    workload: str
    ours: list[float]  # CPU seconds per round
    peers: dict[str, list[float]]
    unit: str = "call"  # what one timed call does
    count: int = 1  # items per call (hands, spots): rates are per item
    note: str = ""
    missing: dict[str, str] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # the peers' rows, in the order given

    def ratio(self, peer: str) -> float:
        """Ratio of medians: the peer's median time over ours (above 1: ours is faster)."""
        return statistics.median(self.peers[peer]) / statistics.median(self.ours)


def cpu_seconds(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def duel(workload: str, ours: Callable[[], object], peer: Callable[[], object], rounds: int,
         count: int = 1, unit: str = "call", note: str = "") -> Duel:
    """Alternate ``ours`` and ``peer`` (pokerfast, timed here) for ``rounds`` rounds."""
    return duel_many([workload], [ours], {WHEEL: peer}, rounds, count=count, unit=unit, note=note)[0]


def duel_many(workloads: list[str], ours: list[Callable[[], object]],
              peers: dict[str, Callable[[], object] | str], rounds: int, count: int = 1, unit: str = "call",
              note: str = "", timed_by_peer: frozenset[str] = frozenset({SOURCE})) -> list[Duel]:
    """Rounds in alternation: each of ``ours`` (one Duel each, e.g. one per kernel), then each
    peer, ``rounds`` times after one untimed call of each. A peer named in ``timed_by_peer``
    returns its own CPU seconds (ombench, a separate process); the others are timed here in CPU
    time. A peer given as a string is missing: the string says why, and its row shows it."""
    live = {name: fn for name, fn in peers.items() if not isinstance(fn, str)}
    missing = {name: fn for name, fn in peers.items() if isinstance(fn, str)}
    for fn in [*ours, *live.values()]:
        fn()
    a: list[list[float]] = [[] for _ in ours]
    b: dict[str, list[float]] = {name: [] for name in live}
    for _ in range(rounds):
        for i, fn in enumerate(ours):
            a[i].append(cpu_seconds(fn))
        for name, fn in live.items():
            b[name].append(float(fn()) if name in timed_by_peer else cpu_seconds(fn))  # type: ignore[arg-type]
    return [Duel(w, t, b, unit, count, note, missing, list(peers)) for w, t in zip(workloads, a)]


def _fmt(seconds: float, count: int) -> str:
    if count > 1:
        rate = count / seconds
        if rate >= 1e6:
            return f"{rate / 1e6:,.1f} M/s"
        return f"{rate / 1e3:,.1f} k/s" if rate >= 1e3 else f"{rate:,.2f} /s"
    return f"{seconds * 1e3:,.2f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def _span(times: list[float], count: int) -> str:
    return _fmt(max(times), count) + "-" + _fmt(min(times), count)


def print_duels(title: str, duels: list[Duel]) -> None:
    """One line per workload and peer: our median and range over rounds, the peer's, and the
    ratio of the medians. The load average is printed at the top."""
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    print(f"load average {load}")
    print(f"{title} (CPU time, alternating rounds, medians)")
    header = (f"{'workload':<56} {'fastholdem':>12} {'range':>25}  {'peer':<34} {'peer median':>12} "
              f"{'range':>25} {'ratio':>8}")
    print(header)
    print("-" * len(header))
    for d in duels:
        names = d.order or [*d.peers, *d.missing]
        for j, name in enumerate(names):
            left = (f"{d.workload:<56} {_fmt(statistics.median(d.ours), d.count):>12} {_span(d.ours, d.count):>25}"
                    if j == 0 else " " * 95)
            if name in d.peers:
                t = d.peers[name]
                right = (f"{_fmt(statistics.median(t), d.count):>12} {_span(t, d.count):>25} "
                         f"{d.ratio(name):>7.2f}x" + (f"  {d.note}" if d.note and j == 0 else ""))
            else:
                right = d.missing[name]
            print(f"{left}  {name:<34} {right}")
    print("ratio = the peer's median time / ours (ratio of medians; above 1: fastholdem is faster)")
