"""Chunked equity jobs: :class:`EquityJob` cut into units whose integer
:class:`EquityTally` counts add up exactly, and the loops that run a whole job.

Units are distinct deals (exact enumeration), runouts (exact sweep of two players: each
completion of the board) or blocks of ``BLOCK_TRIALS`` Monte Carlo trials (block ``b``
always draws from the stream ``(seed, b)``), so the counts never depend on the threads, the
chunking or the order. :func:`run_exact` and :func:`run_monte_carlo` drive a
job for :func:`fastholdem.equity`; the latter checks a standard-error target on the
fixed round schedule of ``MAX_ROUND_BLOCKS``.

>>> from fastholdem import equity_job
>>> job = equity_job(["AhKh", "QQ+"], board="Td7c2s")  # 12 distinct deals
>>> job.exact, job.chunks(3)
(True, [range(0, 4), range(4, 8), range(8, 12)])
>>> tallies = [job.run(chunk) for chunk in reversed(job.chunks(3))]
>>> r = job.combine(tallies)
>>> r.deals, round(float(r.equity[0]), 4)
(11880, 0.1644)
"""

from __future__ import annotations

import operator
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, overload

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_int, echo
from ..progress import Progress
from .engines.enumeration import ExactEngine
from .engines.montecarlo import MonteCarloEngine
from .engines.sweep import SweepEngine
from .inputs import resolve_threads
from .result import EquityResult, combo_tables, monte_carlo_combo_tables
from ..errors import IndexRangeError, InputError, InputTypeError

__all__ = ["BLOCK_TRIALS", "MAX_ROUND_BLOCKS", "EquityJob", "EquityTally", "RoundCheckpoints",
           "round_checkpoints", "run_exact", "run_monte_carlo"]

BLOCK_TRIALS = 4096
"""Monte Carlo trials per block (one RNG stream per block)."""
SWEEP_CHUNK_WORK = 20_000_000
"""Combos evaluated (entries x runouts) per chunk when :func:`run_exact` runs a sweep: about a
quarter of a second, so short sweeps run as one chunk and long ones report progress."""
RUNOUT_CHUNK_WORK = 5_000_000
"""Value comparisons (hand assignments x players x runouts) per chunk when :func:`run_exact` counts a
flop or turn by runout tables: a few milliseconds, and rows small enough to stay in cache
until they are summed (a 3-way turn of ~360k deals runs as 10 chunks, a flop as 100)."""
FIXED_ROUND_BLOCKS = 256
"""Blocks per round of a Monte Carlo job without a standard-error target (about a million
trials: a fraction of a second, so the progress bar still moves)."""
MAX_ROUND_BLOCKS = 32
"""Most blocks between two checks of the standard-error target. The first check comes after
one block (4,096 trials) and each round then doubles the trials done, up to this many blocks
per round: checks after 1, 2, 4, ..., 64, 96, 128, ... blocks. The schedule depends only on
the blocks done (never on the seed, the thread count or the estimates), so the stopping
point is reproducible and a loose target stops at most one round after it is met."""


@dataclass(frozen=True, eq=False)
class EquityTally:
    """Integer counts of one chunk of an :class:`EquityJob` (from :meth:`EquityJob.run`).

    Attributes
    ----------
    chunk : range
        The units counted: distinct deals (enumeration), runouts (sweep) or trial blocks
        (Monte Carlo).
    deals : numpy.ndarray of uint64, shape (rows,)
        Boards enumerated for each distinct deal of ``chunk`` (enumeration: one row per
        unit), pairs of hands times runouts (sweep: one row), or trials run (Monte Carlo: one
        row, the sum over the chunk's blocks).
    win, tie : numpy.ndarray of uint64, shape (rows, players)
        Deals won alone and deals shared (sweep: weighted by the ranges' weights scaled to
        integers, see :mod:`fastholdem.equities.engines.sweep`).
    share, share_sq : numpy.ndarray of uint64, shape (rows, players)
        Sum of pot shares in units of ``1 / fastholdem._core.SHARE_UNIT``, and of their squares.
    split : numpy.ndarray of uint64, shape (rows, players + 1)
        ``split[:, k]``: deals whose pot was shared by exactly k players.
    elapsed : float
        Seconds spent counting.
    combos : tuple of numpy.ndarray of uint64
        Per-combo counts, one ``(k, n_combos)`` array per player (combos in the order of the
        player's range), or empty when the engine keeps none. Sweep: rows (weight of the
        other range beaten, tied), summed over the chunk's runouts. Monte Carlo: rows
        (trials dealt the combo, sum of its pot shares, sum of their squares), shares in
        ``1 / SHARE_UNIT``.

    Examples
    --------
    >>> from fastholdem import equity_job
    >>> job = equity_job(["AsAd", "KhKc", "7s6s"], board="Td7c2s")
    >>> tally = job.run(range(0, 1))            # one distinct deal: every turn and river
    >>> tally.chunk, tally.deals.tolist(), tally.win.sum(axis=1).tolist()   # C(43, 2) boards
    (range(0, 1), [903], [903])
    """

    chunk: range
    deals: npt.NDArray[np.uint64]
    win: npt.NDArray[np.uint64]
    tie: npt.NDArray[np.uint64]
    share: npt.NDArray[np.uint64]
    share_sq: npt.NDArray[np.uint64]
    split: npt.NDArray[np.uint64]
    elapsed: float = 0.0
    combos: tuple[npt.NDArray[np.uint64], ...] = ()

    _FIELDS = ("deals", "win", "tie", "share", "share_sq", "split")

    @classmethod
    def _from_arrays(cls, chunk: range, arrays: dict[str, Any], elapsed: float) -> EquityTally:
        combos = tuple(np.asarray(c, dtype=np.uint64) for c in arrays.get("combos", ()))
        return cls(chunk, elapsed=elapsed, combos=combos,
                   **{k: np.asarray(arrays[k], dtype=np.uint64) for k in cls._FIELDS})

    def _plus(self, other: EquityTally) -> EquityTally:
        """One-row tallies (sweep, Monte Carlo): the tally of this chunk and the next one."""
        arrays: dict[str, Any] = {k: getattr(self, k) + getattr(other, k) for k in self._FIELDS}
        if self.combos and other.combos:
            arrays["combos"] = [a + b for a, b in zip(self.combos, other.combos)]
        chunk = range(self.chunk.start, other.chunk.stop)
        return self._from_arrays(chunk, arrays, self.elapsed + other.elapsed)


class EquityJob:
    """One equity computation as ``size`` independent units of work (see
    :func:`fastholdem.equity_job`).

    Attributes
    ----------
    exact : bool
        True for exact jobs: enumeration (units are distinct deals) or, for two players,
        the sweep (units are runouts, the completions of the board); False for Monte Carlo
        (units are blocks of ``BLOCK_TRIALS`` trials; the last one holds the remainder of
        ``trials``).
    size : int
        Number of units; chunks are ``range`` objects within ``range(size)``.
    players : tuple of str
        Each player's hand or range.
    board, dead : str
        The board and dead cards.
    trials : int or None
        Monte Carlo trials of the whole job (None when exact).
    seed : int or None
        Monte Carlo seed (None when exact).

    Examples
    --------
    >>> import pickle
    >>> from fastholdem import equity_job
    >>> job = equity_job(["AhKh", "random", "random"], trials=20_000, seed=9)
    >>> job.exact, job.size, job.trials, len(job.chunks(3))    # 5 blocks of 4,096 trials
    (False, 5, 20000, 3)
    >>> parts = [pickle.loads(pickle.dumps(job)).run(c) for c in job.chunks(3)]
    >>> job.combine(parts).deals
    20000
    """

    def __init__(self, engine: ExactEngine | SweepEngine | MonteCarloEngine, players: tuple[str, ...], board: str,
                 dead: str, *, trials: int | None = None, seed: int | None = None) -> None:
        self._engine = engine
        self.exact = not isinstance(engine, MonteCarloEngine)
        self.players, self.board, self.dead = players, board, dead
        self.trials, self.seed = trials, seed
        if isinstance(engine, ExactEngine):
            self.size = len(engine.unique)
        elif isinstance(engine, SweepEngine):
            self.size = engine.size
        else:
            assert trials is not None
            self.size = -(-trials // BLOCK_TRIALS)

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"monte carlo, {self.trials:,} trials, seed {self.seed}"
        return f"EquityJob(players={self.players!r}, board={self.board!r}, {how}, size={self.size})"

    def chunks(self, count: int = 100) -> list[range]:
        """``range(size)`` cut into ``count`` contiguous chunks of nearly equal size (fewer
        when ``size < count``).

        >>> from fastholdem import equity_job
        >>> equity_job(["AhKh", "QsQd"], trials=20_000, seed=1).chunks(2)
        [range(0, 2), range(2, 5)]
        """
        count = min(check_int(count, "count", low=1, what="a positive int"), self.size)
        return [range(self.size * i // count, self.size * (i + 1) // count) for i in range(count)]

    def run(self, chunk: range, threads: int | None = None) -> EquityTally:
        """Count the units in ``chunk`` (a non-empty ``range`` within ``range(size)``, step 1).

        ``threads`` is as in :func:`fastholdem.equity`; it never changes the counts.

        Raises
        ------
        TypeError
            If ``chunk`` is not a ``range``.
        ValueError
            If ``chunk`` is empty, has a step other than 1 or reaches outside ``range(size)``.
        """
        if not isinstance(chunk, range):
            raise InputTypeError(f"chunk must be a range of units, got {type(chunk).__name__}")
        if chunk.step != 1 or not 0 <= chunk.start < chunk.stop <= self.size:
            raise InputError(f"chunk must be a non-empty range with step 1 within range(0, {self.size}), "
                             f"got {echo(chunk)}")
        nthreads = resolve_threads(threads)
        start = time.perf_counter()
        engine = self._engine
        arrays: dict[str, Any]
        if isinstance(engine, (ExactEngine, SweepEngine)):
            arrays = engine.tally(chunk.start, chunk.stop, nthreads)
        else:
            assert self.trials is not None
            full = self.trials // BLOCK_TRIALS  # blocks [0, full) are whole; block ``full`` is the rest
            parts = []
            if chunk.start < full:
                parts.append(engine.run_blocks(chunk.start, min(chunk.stop, full) - chunk.start, BLOCK_TRIALS,
                                               nthreads, engine.by_combo))
            if chunk.stop > full:
                parts.append(engine.run_blocks(full, 1, self.trials - full * BLOCK_TRIALS, nthreads,
                                               engine.by_combo))
            arrays = {k: np.asarray(sum(p[k] for p in parts), dtype=np.uint64)[None, ...]
                      for k in EquityTally._FIELDS}
            if engine.by_combo:
                # Per player: rows (trials dealt the combo, sum of shares, sum of squared shares).
                arrays["combos"] = [
                    np.stack([sum(p[key][i] for p in parts) for key in ("combo_deals", "combo_share", "combo_share_sq")])
                    for i in range(len(self.players))]
        return EquityTally._from_arrays(chunk, arrays, time.perf_counter() - start)

    def combine(self, parts: Iterable[EquityTally]) -> EquityResult:
        """The :class:`EquityResult` of the tallies of disjoint chunks, in any order.

        Exact tallies must cover every unit of the job; Monte Carlo tallies may cover any
        disjoint blocks (the result counts the trials they hold). ``elapsed`` is the sum of
        the tallies' times.

        A Monte Carlo result over a single trial (the tally of a one-trial last block
        alone) reports an infinite standard error: one trial cannot estimate it.

        Raises
        ------
        ValueError
            If ``parts`` is empty, two chunks overlap, a tally does not fit this job, or
            exact tallies leave units out.
        """
        tallies = sorted(parts, key=lambda t: t.chunk.start)
        if not tallies:
            raise InputError("combine needs at least one tally")
        n_players = len(self.players)
        end = 0
        for t in tallies:
            n_rows = len(t.chunk) if isinstance(self._engine, ExactEngine) else 1
            foreign = isinstance(self._engine, SweepEngine) and [c.shape for c in t.combos] != \
                [(2, len(c)) for c in self._engine.combos]
            if foreign or t.chunk.stop > self.size or t.win.shape != (n_rows, n_players) \
                    or t.deals.shape != (n_rows,):
                raise InputError(f"the tally of {echo(t.chunk)} does not belong to this job ({self.size} units, "
                                 f"{n_players} players, {'exact' if self.exact else 'Monte Carlo'})")
            if t.chunk.start < end:
                raise InputError(f"tallies overlap: units {t.chunk.start}..{end - 1} are counted twice")
            if self.exact and t.chunk.start > end:
                raise InputError(f"exact tallies must cover every unit: range({end}, {t.chunk.start}) "
                                 "is missing")
            end = t.chunk.stop
        if self.exact and end != self.size:
            raise InputError(f"exact tallies must cover every unit: range({end}, {self.size}) is missing")
        elapsed = float(sum(t.elapsed for t in tallies))
        engine = self._engine
        if isinstance(engine, (ExactEngine, SweepEngine)):
            if isinstance(engine, ExactEngine):
                eq, win, tie, split, deals, per = engine.finish(
                    [{k: getattr(t, k) for k in EquityTally._FIELDS} for t in tallies])
            else:
                summed = tallies[0]
                for t in tallies[1:]:
                    summed = summed._plus(t)
                eq, win, tie, split, deals, per = engine.finish(summed.combos, int(summed.deals[0]))
            return self._exact_result(eq, win, tie, split, deals, per, elapsed)
        total = {k: np.concatenate([getattr(t, k) for t in tallies]).sum(axis=0, dtype=np.uint64)
                 for k in EquityTally._FIELDS}
        n = float(total["deals"])
        unit = float(_core.SHARE_UNIT)
        mean = total["share"].astype(np.float64) / (unit * n)
        sq = total["share_sq"].astype(np.float64) / (unit**2 * n)
        # One trial has no standard error: report it as unknown (inf), never as 0. Only a
        # tally of a single one-trial block gets here: jobs have at least MIN_TRIALS trials.
        err = np.sqrt(np.maximum(sq - mean * mean, 0.0) / n) if n > 1 else np.full(n_players, np.inf)
        source = None
        if all(t.combos for t in tallies) and isinstance(engine, MonteCarloEngine):
            counts = [np.asarray(np.sum(c, axis=0, dtype=np.uint64)) for c in zip(*(t.combos for t in tallies))]
            source = partial(monte_carlo_combo_tables, engine.player_combos, counts)
        return EquityResult(players=self.players, equity=mean, win=total["win"] / n, tie=total["tie"] / n,
                            stderr=err, exact=False, deals=int(total["deals"]), elapsed=elapsed,
                            seed=self.seed, board=self.board, dead=self.dead,
                            split=total["split"].astype(np.float64), combo_source=source)


    def _exact_result(self, eq: npt.NDArray[np.float64], win: npt.NDArray[np.float64], tie: npt.NDArray[np.float64],
                      split: npt.NDArray[np.float64], deals: int,
                      per: Callable[[], list[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]],
                      elapsed: float) -> EquityResult:
        """The :class:`EquityResult` of an exact job from its engine's finished counts."""
        engine = self._engine
        assert isinstance(engine, (ExactEngine, SweepEngine))
        return EquityResult(players=self.players, equity=eq, win=win, tie=tie, stderr=np.zeros(len(self.players)),
                            exact=True, deals=deals, elapsed=elapsed, split=split, board=self.board,
                            dead=self.dead, combo_source=partial(combo_tables, engine.combos, per))


def run_exact(job: EquityJob, threads: int, progress: bool | None) -> EquityResult:
    """Enumerate ``job`` in about 100 chunks (one when read from the preflop table; a sweep
    in chunks of at least ``SWEEP_CHUNK_WORK`` entry-runouts, runout tables in chunks of at
    least ``RUNOUT_CHUNK_WORK`` comparisons, up to 100).

    >>> from fastholdem import equity_job
    >>> r = run_exact(equity_job(["AsAd", "KhKc"], board="Td7c2s", exact=True), threads=1, progress=False)
    >>> r.exact, round(float(r.equity[0]), 4)
    (True, 0.9162)
    """
    engine = job._engine
    if isinstance(engine, SweepEngine):  # chunks of about SWEEP_CHUNK_WORK entry-runouts each
        count = max(1, min(100, engine.visits() // SWEEP_CHUNK_WORK))
    elif isinstance(engine, ExactEngine) and engine.by_runouts:
        count = max(1, min(100, engine.runout_work() // RUNOUT_CHUNK_WORK))
    else:
        count = 1 if isinstance(engine, ExactEngine) and engine.from_table else 100
    if isinstance(engine, ExactEngine) and engine.sums_apply():
        # Runout tables with unit weights, deals in order: the kernel sums the deals' rows
        # as it goes (the same integers as summing the rows of job.run, without them).
        start = time.perf_counter()
        sums = []
        with Progress(job.size, "exact", enabled=progress) as bar:
            for chunk in job.chunks(count):
                sums.append(engine.sums(chunk.start, chunk.stop, resolve_threads(threads)))
                bar.update(len(chunk))
        finished = engine.finish_sums(sums)
        if finished is not None:
            return job._exact_result(*finished, time.perf_counter() - start)
    parts = []
    with Progress(job.size, "exact", enabled=progress) as bar:
        for chunk in job.chunks(count):
            parts.append(job.run(chunk, threads))
            bar.update(len(chunk))
    return job.combine(parts)


class RoundCheckpoints(Sequence[int]):
    """The checkpoints of :func:`round_checkpoints` as a lazy sequence: O(1) to build, to
    index and to measure, whatever the size (a job of ``MAX_TRIALS`` trials has 76,299
    checkpoints, and building them as a list cost ~38 ms before the first trial).

    After the doubling rounds (1, 2, 4, ... up to ``MAX_ROUND_BLOCKS``), each round adds
    ``MAX_ROUND_BLOCKS`` blocks, so checkpoint ``i`` is a closed form, capped at ``size``.
    It works with :mod:`bisect`.

    >>> points = RoundCheckpoints(10**9)
    >>> len(points), points[:7], points[-1]
    (31250005, [1, 2, 4, 8, 16, 32, 64], 1000000000)
    """

    def __init__(self, size: int) -> None:
        self.size = size
        head: list[int] = []
        done = 0
        while done < size and done < MAX_ROUND_BLOCKS:  # the doubling rounds: a handful
            done = min(size, done + max(1, min(done, MAX_ROUND_BLOCKS)))
            head.append(done)
        self._head = head
        self._start = done
        self._len = len(head) + (-(-(size - done) // MAX_ROUND_BLOCKS) if done < size else 0)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> list[int]: ...

    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._len))]
        i = operator.index(index)
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexRangeError(f"checkpoint index {index} out of range ({self._len} checkpoints)")
        if i < len(self._head):
            return self._head[i]
        return min(self.size, self._start + MAX_ROUND_BLOCKS * (i - len(self._head) + 1))

    def __iter__(self) -> Iterator[int]:
        return (self[i] for i in range(self._len))

    def __repr__(self) -> str:
        return f"RoundCheckpoints({self.size})"


def round_checkpoints(size: int) -> RoundCheckpoints:
    """Blocks done after each Monte Carlo round of a job of ``size`` blocks: the points where a
    standard-error target is checked. A round doubles the blocks done, at most
    ``MAX_ROUND_BLOCKS`` at a time, so the stopping point never depends on threads or machines.
    The points are computed as they are read (:class:`RoundCheckpoints`).

    >>> list(round_checkpoints(40))
    [1, 2, 4, 8, 16, 32, 40]
    """
    return RoundCheckpoints(size)


def run_monte_carlo(job: EquityJob, threads: int, target: float | None, progress: bool | None
                    ) -> EquityResult:
    """Sample ``job`` round by round, stopping early once every stderr is at most ``target``.

    >>> from fastholdem import equity_job
    >>> job = equity_job(["AsAd", "KhKc"], trials=1_000_000, seed=1)
    >>> run_monte_carlo(job, threads=1, target=0.005, progress=False).deals   # stops early
    8192
    """
    assert job.trials is not None
    total: EquityTally | None = None
    done = 0
    # Without a target nothing is checked between rounds: rounds of FIXED_ROUND_BLOCKS
    # blocks (the counts are the same whatever the rounds; fewer calls cost less).
    points: Sequence[int] = (round_checkpoints(job.size) if target is not None else
                             [*range(FIXED_ROUND_BLOCKS, job.size, FIXED_ROUND_BLOCKS), job.size])
    with Progress(job.trials, "monte carlo", enabled=progress) as bar:
        for point in points:
            chunk = range(done, point)
            part = job.run(chunk, threads)
            total = part if total is None else total._plus(part)
            done = point
            if target is None:
                bar.update(int(part.deals[0]))
                continue
            so_far = job.combine([total])
            worst = float(so_far.stderr.max())
            if worst <= target:
                break
            # Progress toward the target: trials needed grow as (err / target)^2.
            need = so_far.deals * (worst / target) ** 2
            bar.update(int(part.deals[0]), total=min(job.trials, max(need, so_far.deals)))
    assert total is not None
    return job.combine([total])
