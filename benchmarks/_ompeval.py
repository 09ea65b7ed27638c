"""OMPEval, through pokerfast (OMPEval compiled into a wheel: ``pip install pokerfast``, the
``bench`` extra), as the same-run peer of bench_evaluate.py and bench_equity.py.

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
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

import numpy as np

from fastholdem.cards import card_str

__all__ = ["Duel", "load", "omp_card_ids", "omp_evaluator", "duel", "print_duels"]


def load() -> ModuleType | None:
    """``pokerfast.equity`` if pokerfast and its OMPEval library are installed, else None (with a
    note on stderr; ``FASTHOLDEM_REQUIRE_PEERS=1`` makes that an error)."""
    try:
        from pokerfast import equity as pfe
    except ImportError:
        pfe = None
    if pfe is not None and pfe.available():
        return pfe
    message = "pokerfast (OMPEval) is not installed: pip install 'fastholdem[bench]'; OMPEval rows skipped"
    if os.environ.get("FASTHOLDEM_REQUIRE_PEERS") == "1":
        raise SystemExit(message)
    print(f"warning: {message}", file=sys.stderr)
    return None


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
    workload: str
    ours: list[float]  # CPU seconds per round
    peer: list[float]
    unit: str = "call"  # what one timed call does
    count: int = 1  # items per call (hands, spots): rates are per item
    note: str = ""

    @property
    def ratios(self) -> list[float]:
        return [p / o for o, p in zip(self.ours, self.peer)]


def cpu_seconds(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def duel(workload: str, ours: Callable[[], object], peer: Callable[[], object], rounds: int,
         count: int = 1, unit: str = "call", note: str = "") -> Duel:
    """Alternate ``ours`` and ``peer`` for ``rounds`` rounds (after one untimed call of each)."""
    ours()
    peer()
    a: list[float] = []
    b: list[float] = []
    for _ in range(rounds):
        a.append(cpu_seconds(ours))
        b.append(cpu_seconds(peer))
    return Duel(workload, a, b, unit, count, note)


def _fmt(seconds: float, count: int) -> str:
    if count > 1:
        rate = count / seconds
        if rate >= 1e6:
            return f"{rate / 1e6:,.1f} M/s"
        return f"{rate / 1e3:,.1f} k/s" if rate >= 1e3 else f"{rate:,.2f} /s"
    return f"{seconds * 1e3:,.2f} ms" if seconds < 10 else f"{seconds:,.1f} s"


def print_duels(title: str, duels: list[Duel]) -> None:
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    print(f"{title} (CPU time, alternating rounds; load average {load})")
    header = (f"{'workload':<52} {'fastholdem':>12} {'range':>21} {'OMPEval':>12} {'range':>21} "
              f"{'ratio':>6} {'per round':>11}")
    print(header)
    print("-" * len(header))
    for d in duels:
        mo, mp = statistics.median(d.ours), statistics.median(d.peer)
        r = d.ratios
        print(f"{d.workload:<52} {_fmt(mo, d.count):>12} {_fmt(max(d.ours), d.count) + '-' + _fmt(min(d.ours), d.count):>21} "
              f"{_fmt(mp, d.count):>12} {_fmt(max(d.peer), d.count) + '-' + _fmt(min(d.peer), d.count):>21} "
              f"{statistics.median(r):>5.2f}x {min(r):>4.2f}-{max(r):<4.2f}"
              + (f"  {d.note}" if d.note else ""))
    print("ratio = median over rounds of OMPEval's time / ours (above 1: fastholdem is faster)")
