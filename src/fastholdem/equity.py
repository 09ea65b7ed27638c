"""Equity: each player's share of the pot over every possible board (exact) or over random
deals (Monte Carlo), for 2-10 players holding hands or ranges.

>>> r = equity(["AhKh", "QsQd"])
>>> r.exact, r.deals, round(float(r.equity[0]), 9)
(True, 1712304, 0.462144572)

Work is cut into chunks whose integer tallies add up exactly: groups of distinct deals for
enumeration, seeded blocks of trials for Monte Carlo (block ``b`` always draws from the
stream ``(seed, b)``). The same seed therefore gives the same result with any number of
threads, and chunks may be computed anywhere and combined. :func:`equity_job` exposes the
chunks (and :func:`equity` runs the same jobs):

>>> job = equity_job(["QQ+,AKs", "random"], board="Td7c2s")
>>> parts = [job.run(chunk) for chunk in job.chunks(4)]  # anywhere, in any order
>>> whole = equity(["QQ+,AKs", "random"], board="Td7c2s")
>>> bool(np.array_equal(job.combine(parts).equity, whole.equity))
True
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from . import _core
from .cards import CardsLike, card_str, cards_str, parse_cards
from .errors import CardError, RangeError
from .progress import Progress
from .ranges import N_COMBOS, Range

__all__ = ["EquityJob", "EquityResult", "EquityTally", "PlayerLike", "equity", "equity_batch", "equity_job",
           "hand_strength"]

PlayerLike = Union[str, Range, Sequence[Union[int, str]]]
"""A player: a hand (``"AhKh"`` or two cards) or a range (``"AKs,QQ+"``, a :class:`Range`)."""

equity_batch = _core.equity_batch
hand_strength = _core.hand_strength

_Floats = npt.NDArray[np.float64]

BLOCK_TRIALS = 4096
"""Monte Carlo trials per block (one RNG stream per block)."""
MAX_ROUND_BLOCKS = 32
"""Most blocks between two checks of the standard-error target. The first check comes after
one block (4,096 trials) and each round then doubles the trials done, up to this many blocks
per round: checks after 1, 2, 4, ..., 64, 96, 128, ... blocks. The schedule depends only on
the blocks done (never on the seed, the thread count or the estimates), so the stopping
point is reproducible and a loose target stops at most one round after it is met."""
DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 10**10
EXACT_AUTO_LIMIT = 300_000_000
"""``exact=None`` enumerates when distinct deals x boards x players is at most this."""
MAX_ASSIGNMENTS = 5_000_000
"""Most hand assignments (one combo per player) an exact job may list: ``exact=True`` raises
ValueError beyond it, and ``exact=None`` samples instead."""


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`equity`.

    Attributes
    ----------
    players : tuple of str
        Each player's hand or range, as given.
    equity, win, tie, stderr : numpy.ndarray of float64, shape (players,)
        Equity (wins plus tie shares; sums to 1), probability of winning alone, of sharing
        the pot, and the standard error of ``equity`` (0 when exact).
    exact : bool
        True if every board (and every assignment of range hands) was enumerated.
    deals : int
        Boards enumerated (summed over hand assignments) or Monte Carlo trials.
    elapsed : float
        Seconds spent.
    seed : int or None
        The Monte Carlo seed (None when exact).
    board, dead : str
        The board and dead cards.
    split : numpy.ndarray of float64, shape (players + 1,)
        ``split[k]``: weighted count of deals whose pot was shared by exactly k players.
    """

    players: tuple[str, ...]
    equity: npt.NDArray[np.float64]
    win: npt.NDArray[np.float64]
    tie: npt.NDArray[np.float64]
    stderr: npt.NDArray[np.float64]
    exact: bool
    deals: int
    elapsed: float
    seed: int | None = None
    board: str = ""
    dead: str = ""
    split: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))

    def to_dict(self) -> dict[str, Any]:
        """Plain-Python form (for JSON)."""
        return {
            "players": [
                {"hand": p, "equity": float(e), "win": float(w), "tie": float(t), "stderr": float(s)}
                for p, e, w, t, s in zip(self.players, self.equity, self.win, self.tie, self.stderr)
            ],
            "board": self.board,
            "dead": self.dead,
            "exact": self.exact,
            "deals": self.deals,
            "seed": self.seed,
            "elapsed": self.elapsed,
        }

    def __str__(self) -> str:
        width = max(6, *(len(p) for p in self.players))
        head = f"{'player':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}"
        if not self.exact:
            head += f"  {'stderr':>8}"
        lines = [head]
        for i, p in enumerate(self.players):
            line = f"{p:<{width}}  {self.equity[i]:8.4%}  {self.win[i]:8.4%}  {self.tie[i]:8.4%}"
            if not self.exact:
                line += f"  {self.stderr[i]:8.4%}"
            lines.append(line)
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        what = "boards" if self.exact else "trials"
        context = f"board {self.board or '-'}" + (f", dead {self.dead}" if self.dead else "")
        lines.append(f"{context}; {how}: {self.deals:,} {what} in {self.elapsed:.3f} s")
        return "\n".join(lines)

    def __repr__(self) -> str:
        eq = ", ".join(f"{e:.4f}" for e in self.equity)
        return f"EquityResult(players={self.players!r}, equity=[{eq}], exact={self.exact}, deals={self.deals})"


@dataclass
class _Player:
    label: str
    combos: npt.NDArray[np.uint8]  # (n, 2)
    weights: npt.NDArray[np.float64]
    fixed: bool
    random: bool
    range: Range | None = None


def _parse_player(index: int, spec: PlayerLike) -> _Player:
    if isinstance(spec, Range):
        rng = spec
        label = str(spec)
    elif isinstance(spec, str):
        label = spec.strip()
        try:
            ids = parse_cards(spec)
        except CardError:
            ids = []
        if len(ids) == 2:
            combo = np.array([[max(ids), min(ids)]], dtype=np.uint8)
            return _Player(cards_str(ids), combo, np.ones(1), fixed=True, random=False)
        rng = Range(spec)
    else:
        ids = parse_cards(spec)
        if len(ids) != 2:
            raise CardError(f"player {index + 1}: a hand has 2 cards, got {len(ids)}")
        combo = np.array([[max(ids), min(ids)]], dtype=np.uint8)
        return _Player(cards_str(ids), combo, np.ones(1), fixed=True, random=False)
    w = rng.weights
    is_random = len(rng) == N_COMBOS and bool(np.all(w == w[0]))
    return _Player(label, rng.combos, w, fixed=len(rng) == 1, random=is_random, range=rng)


def _prepare(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike
             ) -> tuple[list[_Player], list[int], list[int]]:
    if isinstance(players, (str, Range)) or not 2 <= len(players) <= _core.MAX_PLAYERS:
        n = 1 if isinstance(players, (str, Range)) else len(players)
        raise ValueError(f"players must hold 2 to {_core.MAX_PLAYERS} hands or ranges, got {n}")
    board_ids = parse_cards(board)
    if len(board_ids) not in (0, 3, 4, 5):
        raise CardError(f"a board has 0, 3, 4 or 5 cards, got {len(board_ids)}")
    dead_ids = parse_cards(dead)
    parsed = [_parse_player(i, p) for i, p in enumerate(players)]
    owner: dict[int, str] = {}
    for c in board_ids:
        owner[c] = "the board"
    for c in dead_ids:
        if c in owner:
            raise CardError(f"card {card_str(c)} is both dead and on {owner[c]}")
        owner[c] = "the dead cards"
    for i, p in enumerate(parsed):
        if p.fixed and not p.random:
            for c in map(int, p.combos[0]):
                if c in owner:
                    raise CardError(f"card {card_str(c)} of player {i + 1} is also in {owner[c]}")
                owner[c] = f"player {i + 1}'s hand"
    taken = list(owner)
    for i, p in enumerate(parsed):
        if p.fixed:
            continue
        keep = (p.range if p.range is not None else Range.from_combos(p.combos, p.weights)).without(taken)
        if len(keep) == 0:
            raise RangeError(f"player {i + 1}'s range {p.label!r} has no hand left without the cards "
                             f"{cards_str(sorted(taken), ' ')}")
        p.combos, p.weights = keep.combos, keep.weights
    return parsed, board_ids, dead_ids


def _assignments(parsed: list[_Player], limit: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]] | None:
    """Every collision-free choice of one combo per player, with its weight (product of the
    combo weights); None when more than ``limit`` would have to be listed."""
    deals = np.zeros((1, 0), dtype=np.uint8)
    weights = np.ones(1)
    masks = np.zeros(1, dtype=np.uint64)
    one = np.uint64(1)
    for p in parsed:
        n = len(p.combos)
        if len(deals) * n > limit:
            return None
        cmask = (one << p.combos[:, 0].astype(np.uint64)) | (one << p.combos[:, 1].astype(np.uint64))
        a = np.repeat(np.arange(len(deals)), n)
        b = np.tile(np.arange(n), len(deals))
        ok = (masks[a] & cmask[b]) == 0
        a, b = a[ok], b[ok]
        deals = np.concatenate([deals[a], p.combos[b]], axis=1)
        weights = weights[a] * p.weights[b]
        masks = masks[a] | cmask[b]
    return np.ascontiguousarray(deals), weights


def _thread_count(threads: object) -> int:
    """``threads`` resolved: None means all cores; else a positive int (ValueError otherwise)."""
    if threads is None:
        return _core.max_threads()
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
        raise ValueError(f"threads must be a positive int or None, got {threads!r}")
    return threads


def _check_mode(exact: bool | None, trials: int | None, stderr: float | None) -> None:
    """Reject conflicting or out-of-range mode arguments with a ValueError naming them."""
    if exact:
        given = [f"{name}={value!r}" for name, value in (("trials", trials), ("stderr", stderr))
                 if value is not None]
        if given:
            raise ValueError(f"exact=True cannot be combined with {' or '.join(given)}: those set Monte "
                             "Carlo; pass exact=False (or leave exact=None) to sample, or drop them")
    if trials is not None and (isinstance(trials, bool) or not 1 <= int(trials) <= MAX_TRIALS):
        raise ValueError(f"trials must be 1..{MAX_TRIALS}, got {trials!r}")
    if stderr is not None and not (isinstance(stderr, (int, float)) and 0 < stderr < 1):
        raise ValueError(f"stderr must be a number in (0, 1), got {stderr!r}")


def _check_seed(seed: int | None) -> int | None:
    """``seed`` as an int (TypeError for ``bool``, floats and other non-ints)."""
    return None if seed is None else int(_core.as_int(seed, "seed", "an int or None"))


def equity(
    players: Sequence[PlayerLike],
    board: CardsLike = None,
    dead: CardsLike = None,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool | None = None,
) -> EquityResult:
    """Each player's equity: exact enumeration of every board, or Monte Carlo.

    Parameters
    ----------
    players : sequence of 2-10 hands or ranges
        A hand is ``"AhKh"`` or two cards; a range is range text (``"AKs,QQ+"``,
        ``"random"``; see :class:`fastholdem.Range`) or a :class:`Range`.
    board : cards, optional
        0, 3, 4 or 5 community cards.
    dead : cards, optional
        Cards known to be out of play.
    exact : bool, optional
        True enumerates every board (and every collision-free assignment of range hands,
        weighted); it cannot be combined with ``trials`` or ``stderr``, and refuses jobs
        that would list more than 5,000,000 hand assignments (``MAX_ASSIGNMENTS``: for
        example three ``"random"`` players preflop); use Monte Carlo for those. False
        samples. None (default) samples when ``trials`` or ``stderr`` is given, else
        enumerates when that is cheap (at most ``MAX_ASSIGNMENTS`` assignments and distinct
        deals x boards x players <= 3e8, or heads-up preflop, read from the shipped exact
        table) and samples otherwise.
    trials : int, optional
        Monte Carlo trials (default 1,000,000 unless ``stderr`` is given); with ``stderr``,
        the most trials to run.
    stderr : float, optional
        Monte Carlo stops once every player's standard error is at most this. The target is
        checked on a fixed schedule (after 4,096 trials, then each time the trials done
        double, then every 131,072 trials; see ``MAX_ROUND_BLOCKS``), so the same seed
        stops at the same point on any number of threads.
    seed : int, optional
        Monte Carlo seed (default: a random one, reported in the result). The same seed
        gives the same result whatever ``threads`` is.
    threads : int, optional
        Threads to use; default all cores.
    progress : bool, optional
        Draw a progress bar on stderr for jobs longer than a second (default: if stderr is
        a terminal).

    Returns
    -------
    EquityResult

    Raises
    ------
    CardError, RangeError
        Bad or clashing cards, or a range left empty by the known cards.
    ValueError
        Wrong number of players or board cards, bad ``trials``/``stderr``/``threads``,
        ``exact=True`` together with ``trials`` or ``stderr``, or an exact job over the
        ``MAX_ASSIGNMENTS`` limit.
    TypeError
        A ``seed`` that is not an int.

    Examples
    --------
    >>> r = equity(["AsAd", "KhKc", "7s6s"])
    >>> [round(float(e), 4) for e in r.equity]
    [0.6104, 0.178, 0.2116]
    >>> equity(["AKs,QQ+", "random"], board="Td7c2s", seed=1).exact
    True
    >>> r = equity(["AhKh", "QsQd"], stderr=0.01, seed=1)  # a loose target stops early
    >>> r.exact, r.deals
    (False, 4096)
    """
    start = time.perf_counter()
    nthreads = _thread_count(threads)
    _check_mode(exact, trials, stderr)
    if exact is None and (trials is not None or stderr is not None):
        exact = False  # asking for trials or a standard error asks for Monte Carlo
    limit = trials if trials is not None else (MAX_TRIALS if stderr is not None else DEFAULT_TRIALS)
    job = _make_job(players, board, dead, exact, int(limit), _check_seed(seed))
    if job.exact:
        result = _run_exact(job, nthreads, progress)
    else:
        result = _run_monte_carlo(job, nthreads, stderr, progress)
    return dataclasses.replace(result, elapsed=time.perf_counter() - start)


def equity_job(
    players: Sequence[PlayerLike],
    board: CardsLike = None,
    dead: CardsLike = None,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
) -> EquityJob:
    """The work of :func:`equity`, split into independent chunks that combine exactly.

    Use it to spread one computation over processes or machines: cut the job with
    :meth:`EquityJob.chunks`, count each chunk with :meth:`EquityJob.run` wherever you like,
    and merge the tallies with :meth:`EquityJob.combine`. Enumeration chunks are groups of
    distinct deals; Monte Carlo chunks are blocks of 4,096 trials, block ``b`` drawn from
    the stream ``(seed, b)``. Tallies are integer counts, so every split gives the result of
    the whole job, bit for bit; jobs, chunks (``range`` objects) and tallies pickle.

    Parameters
    ----------
    players, board, dead
        As :func:`equity`.
    exact : bool, optional
        As :func:`equity`: True enumerates (refused with ``trials``, or beyond
        ``MAX_ASSIGNMENTS`` hand assignments), False samples, None picks.
    trials : int, optional
        Monte Carlo trials of the whole job (default 1,000,000).
    seed : int, optional
        Monte Carlo seed (default: a random one, in :attr:`EquityJob.seed`).

    Returns
    -------
    EquityJob

    Raises
    ------
    CardError, RangeError, ValueError, TypeError
        As :func:`equity`.

    Examples
    --------
    >>> job = equity_job(["AhKh", "random", "random"], trials=100_000, seed=7)
    >>> job.exact, job.size  # 24 full blocks of 4,096 trials and one of 1,696
    (False, 25)
    >>> first, second = job.run(range(0, 10)), job.run(range(10, 25))
    >>> r = job.combine([second, first])
    >>> r.deals, bool(np.array_equal(r.equity, equity(["AhKh", "random", "random"], trials=100_000,
    ...                                                 seed=7).equity))
    (100000, True)
    """
    _check_mode(exact, trials, None)
    if exact is None and trials is not None:
        exact = False
    return _make_job(players, board, dead, exact, DEFAULT_TRIALS if trials is None else int(trials),
                     _check_seed(seed))


def _make_job(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike, exact: bool | None,
              trials: int, seed: int | None) -> EquityJob:
    """Enumeration when ``exact`` is true (or None and enumeration is cheap), else ``trials``
    Monte Carlo trials with ``seed`` (a random one when None)."""
    parsed, board_ids, dead_ids = _prepare(players, board, dead)
    labels = tuple(p.label for p in parsed)
    board_text, dead_text = cards_str(board_ids), cards_str(dead_ids)
    missing = 5 - len(board_ids)
    boards_per_deal = _core.board_count(52 - len(board_ids) - len(dead_ids) - 2 * len(parsed), missing)
    listed = None
    if exact is not False:
        listed = _assignments(parsed, MAX_ASSIGNMENTS)
        if listed is None and exact:
            raise ValueError(f"exact enumeration would list over {MAX_ASSIGNMENTS:,} hand assignments "
                             "(the limit, fastholdem.equity.MAX_ASSIGNMENTS); use Monte Carlo instead: "
                             "exact=False, or give trials or stderr")
    if listed is not None and len(listed[0]) == 0:
        raise RangeError("the ranges cannot be dealt without two players sharing a card")
    if listed is not None:
        engine = _ExactJob(listed[0], listed[1], board_ids, dead_ids)
        if exact or engine.cost(boards_per_deal) <= EXACT_AUTO_LIMIT:
            return EquityJob(engine, labels, board_text, dead_text)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little") >> 1
    mc = _MonteCarloJob(parsed, board_ids, dead_ids, seed)
    return EquityJob(mc, labels, board_text, dead_text, trials=trials, seed=seed)


def _run_exact(job: EquityJob, threads: int, progress: bool | None) -> EquityResult:
    """Enumerate ``job`` in about 100 chunks (one when read from the preflop table)."""
    engine = job._engine
    count = 1 if isinstance(engine, _ExactJob) and engine.from_table else 100
    parts = []
    with Progress(job.size, "exact", enabled=progress) as bar:
        for chunk in job.chunks(count):
            parts.append(job.run(chunk, threads))
            bar.update(len(chunk))
    return job.combine(parts)


def _round_blocks(done: int) -> int:
    """Blocks in the next Monte Carlo round after ``done`` blocks (see ``MAX_ROUND_BLOCKS``)."""
    return max(1, min(done, MAX_ROUND_BLOCKS))


def _run_monte_carlo(job: EquityJob, threads: int, target: float | None, progress: bool | None
                     ) -> EquityResult:
    """Sample ``job`` round by round, stopping early once every stderr is at most ``target``."""
    assert job.trials is not None
    total: EquityTally | None = None
    done = 0
    with Progress(job.trials, "monte carlo", enabled=progress) as bar:
        while done < job.size:
            chunk = range(done, min(job.size, done + _round_blocks(done)))
            part = job.run(chunk, threads)
            total = part if total is None else total._plus(part)
            done = chunk.stop
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


@dataclass(frozen=True, eq=False)
class EquityTally:
    """Integer counts of one chunk of an :class:`EquityJob` (from :meth:`EquityJob.run`).

    Attributes
    ----------
    chunk : range
        The units counted: distinct deals (exact) or trial blocks (Monte Carlo).
    deals : numpy.ndarray of uint64, shape (rows,)
        Boards enumerated for each distinct deal of ``chunk`` (exact: one row per unit), or
        trials run (Monte Carlo: one row, the sum over the chunk's blocks).
    win, tie : numpy.ndarray of uint64, shape (rows, players)
        Deals won alone and deals shared.
    share, share_sq : numpy.ndarray of uint64, shape (rows, players)
        Sum of pot shares in units of ``1 / fastholdem._core.SHARE_UNIT``, and of their squares.
    split : numpy.ndarray of uint64, shape (rows, players + 1)
        ``split[:, k]``: deals whose pot was shared by exactly k players.
    elapsed : float
        Seconds spent counting.
    """

    chunk: range
    deals: npt.NDArray[np.uint64]
    win: npt.NDArray[np.uint64]
    tie: npt.NDArray[np.uint64]
    share: npt.NDArray[np.uint64]
    share_sq: npt.NDArray[np.uint64]
    split: npt.NDArray[np.uint64]
    elapsed: float = 0.0

    _FIELDS = ("deals", "win", "tie", "share", "share_sq", "split")

    @classmethod
    def _from_arrays(cls, chunk: range, arrays: dict[str, Any], elapsed: float) -> EquityTally:
        return cls(chunk, elapsed=elapsed, **{k: np.asarray(arrays[k], dtype=np.uint64) for k in cls._FIELDS})

    def _plus(self, other: EquityTally) -> EquityTally:
        """Monte Carlo: the one-row tally of this chunk and the next one (``other``)."""
        arrays = {k: getattr(self, k) + getattr(other, k) for k in self._FIELDS}
        chunk = range(self.chunk.start, other.chunk.stop)
        return self._from_arrays(chunk, arrays, self.elapsed + other.elapsed)


class EquityJob:
    """One equity computation as ``size`` independent units of work (see :func:`equity_job`).

    Attributes
    ----------
    exact : bool
        True for enumeration (units are distinct deals), False for Monte Carlo (units are
        blocks of ``BLOCK_TRIALS`` trials; the last one holds the remainder of ``trials``).
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
    """

    def __init__(self, engine: _ExactJob | _MonteCarloJob, players: tuple[str, ...], board: str, dead: str,
                 *, trials: int | None = None, seed: int | None = None) -> None:
        self._engine = engine
        self.exact = isinstance(engine, _ExactJob)
        self.players, self.board, self.dead = players, board, dead
        self.trials, self.seed = trials, seed
        if isinstance(engine, _ExactJob):
            self.size = len(engine.unique)
        else:
            assert trials is not None
            self.size = -(-trials // BLOCK_TRIALS)

    def __repr__(self) -> str:
        how = "exact" if self.exact else f"monte carlo, {self.trials:,} trials, seed {self.seed}"
        return f"EquityJob(players={self.players!r}, board={self.board!r}, {how}, size={self.size})"

    def chunks(self, count: int = 100) -> list[range]:
        """``range(size)`` cut into ``count`` contiguous chunks of nearly equal size (fewer
        when ``size < count``).

        >>> equity_job(["AhKh", "QsQd"], trials=20_000, seed=1).chunks(2)
        [range(0, 2), range(2, 5)]
        """
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(f"count must be a positive int, got {count!r}")
        count = min(count, self.size)
        return [range(self.size * i // count, self.size * (i + 1) // count) for i in range(count)]

    def run(self, chunk: range, threads: int | None = None) -> EquityTally:
        """Count the units in ``chunk`` (a non-empty ``range`` within ``range(size)``, step 1).

        ``threads`` is as in :func:`equity`; it never changes the counts.

        Raises
        ------
        TypeError
            If ``chunk`` is not a ``range``.
        ValueError
            If ``chunk`` is empty, has a step other than 1 or reaches outside ``range(size)``.
        """
        if not isinstance(chunk, range):
            raise TypeError(f"chunk must be a range of units, got {type(chunk).__name__}")
        if chunk.step != 1 or not 0 <= chunk.start < chunk.stop <= self.size:
            raise ValueError(f"chunk must be a non-empty range with step 1 within range(0, {self.size}), "
                             f"got {chunk!r}")
        nthreads = _thread_count(threads)
        start = time.perf_counter()
        engine = self._engine
        if isinstance(engine, _ExactJob):
            arrays = engine.tally(chunk.start, chunk.stop, nthreads)
        else:
            assert self.trials is not None
            full = self.trials // BLOCK_TRIALS  # blocks [0, full) are whole; block ``full`` is the rest
            parts = []
            if chunk.start < full:
                parts.append(engine.run_blocks(chunk.start, min(chunk.stop, full) - chunk.start, BLOCK_TRIALS,
                                               nthreads))
            if chunk.stop > full:
                parts.append(engine.run_blocks(full, 1, self.trials - full * BLOCK_TRIALS, nthreads))
            arrays = {k: np.asarray(sum(p[k] for p in parts), dtype=np.uint64)[None, ...]
                      for k in EquityTally._FIELDS}
        return EquityTally._from_arrays(chunk, arrays, time.perf_counter() - start)

    def combine(self, parts: Iterable[EquityTally]) -> EquityResult:
        """The :class:`EquityResult` of the tallies of disjoint chunks, in any order.

        Exact tallies must cover every unit of the job; Monte Carlo tallies may cover any
        disjoint blocks (the result counts the trials they hold). ``elapsed`` is the sum of
        the tallies' times.

        Raises
        ------
        ValueError
            If ``parts`` is empty, two chunks overlap, a tally does not fit this job, or
            exact tallies leave units out.
        """
        tallies = sorted(parts, key=lambda t: t.chunk.start)
        if not tallies:
            raise ValueError("combine needs at least one tally")
        n_players = len(self.players)
        end = 0
        for t in tallies:
            n_rows = len(t.chunk) if self.exact else 1
            if t.chunk.stop > self.size or t.win.shape != (n_rows, n_players) or t.deals.shape != (n_rows,):
                raise ValueError(f"the tally of {t.chunk!r} does not belong to this job ({self.size} units, "
                                 f"{n_players} players, {'exact' if self.exact else 'Monte Carlo'})")
            if t.chunk.start < end:
                raise ValueError(f"tallies overlap: units {t.chunk.start}..{end - 1} are counted twice")
            if self.exact and t.chunk.start > end:
                raise ValueError(f"exact tallies must cover every unit: range({end}, {t.chunk.start}) "
                                 "is missing")
            end = t.chunk.stop
        if self.exact and end != self.size:
            raise ValueError(f"exact tallies must cover every unit: range({end}, {self.size}) is missing")
        elapsed = float(sum(t.elapsed for t in tallies))
        if isinstance(self._engine, _ExactJob):
            rows = {k: np.concatenate([getattr(t, k) for t in tallies]) for k in EquityTally._FIELDS}
            eq, win, tie, split, deals = self._engine.finish(rows)
            return EquityResult(players=self.players, equity=eq, win=win, tie=tie, stderr=np.zeros(n_players),
                                exact=True, deals=deals, elapsed=elapsed, split=split, board=self.board,
                                dead=self.dead)
        total = {k: np.concatenate([getattr(t, k) for t in tallies]).sum(axis=0, dtype=np.uint64)
                 for k in EquityTally._FIELDS}
        n = float(total["deals"])
        unit = float(_core.SHARE_UNIT)
        mean = total["share"].astype(np.float64) / (unit * n)
        sq = total["share_sq"].astype(np.float64) / (unit**2 * n)
        err = np.sqrt(np.maximum(sq - mean * mean, 0.0) / n)
        return EquityResult(players=self.players, equity=mean, win=total["win"] / n, tie=total["tie"] / n,
                            stderr=err, exact=False, deals=int(total["deals"]), elapsed=elapsed,
                            seed=self.seed, board=self.board, dead=self.dead,
                            split=total["split"].astype(np.float64))


PREFLOP_TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "preflop_headsup.npz")
PREFLOP_BOARDS = 1_712_304


@lru_cache(maxsize=1)
def _preflop_table() -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint32]]:
    """Sorted canonical keys and (wins of hand 1, wins of hand 2, ties) of every heads-up
    preflop matchup, written by tools/gen_preflop.py."""
    with np.load(PREFLOP_TABLE) as data:
        return data["keys"], data["counts"]


def _preflop_tallies(deals: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.uint64]]:
    """Exact tallies of heads-up preflop deals (n, 4), read from the shipped table."""
    keys, counts = _preflop_table()
    key = _core.canonical_deal_keys(deals)
    mirror = _core.canonical_deal_keys(np.ascontiguousarray(deals[:, [2, 3, 0, 1]]))
    swapped = mirror < key
    lookup = np.where(swapped, mirror, key)
    pos = np.minimum(np.searchsorted(keys, lookup), len(keys) - 1)
    if not np.array_equal(keys[pos], lookup):  # the table must cover every matchup
        raise RuntimeError(f"{os.path.basename(PREFLOP_TABLE)} lacks a matchup: regenerate it with tools/gen_preflop.py")
    row = counts[pos].astype(np.uint64)
    w1 = np.where(swapped, row[:, 1], row[:, 0])
    w2 = np.where(swapped, row[:, 0], row[:, 1])
    tie = row[:, 2]
    unit, half = np.uint64(_core.SHARE_UNIT), np.uint64(_core.SHARE_UNIT // 2)
    n = len(deals)
    return {
        "deals": np.full(n, PREFLOP_BOARDS, dtype=np.uint64),
        "win": np.stack([w1, w2], axis=1),
        "tie": np.stack([tie, tie], axis=1),
        "share": np.stack([w1 * unit + tie * half, w2 * unit + tie * half], axis=1),
        "share_sq": np.stack([w1 * unit * unit + tie * half * half, w2 * unit * unit + tie * half * half], axis=1),
        "split": np.stack([np.zeros(n, np.uint64), w1 + w2, tie], axis=1),
    }


class _ExactJob:
    """Enumeration over distinct deals; chunks of distinct deals are independent.

    Heads-up preflop deals without dead cards come from the shipped exact table instead.
    """

    def __init__(self, deals: npt.NDArray[np.uint8], weights: npt.NDArray[np.float64],
                 board: list[int], dead: list[int]) -> None:
        self.board, self.dead = board, dead
        self.n_players: int = int(deals.shape[1]) // 2
        self.weights = weights
        self.from_table = not board and not dead and self.n_players == 2 and os.path.exists(PREFLOP_TABLE)
        if self.n_players <= 5 and len(deals) > 1:
            keys = _core.canonical_deal_keys(deals, board, dead)
            _, first, self.inverse = np.unique(keys, return_index=True, return_inverse=True)
            self.unique: npt.NDArray[np.uint8] = np.ascontiguousarray(deals[first])
        else:
            self.unique, self.inverse = deals, np.arange(len(deals))

    def cost(self, boards_per_deal: int) -> int:
        if self.from_table:
            return len(self.unique)
        return len(self.unique) * int(boards_per_deal) * self.n_players

    def tally(self, lo: int, hi: int, threads: int) -> dict[str, npt.NDArray[np.uint64]]:
        """Integer tallies of distinct deals [lo, hi), one row per deal."""
        if self.from_table:
            return _preflop_tallies(self.unique[lo:hi])
        return _core.exact_deals(self.unique[lo:hi], self.board, self.dead, threads)

    def finish(self, t: dict[str, npt.NDArray[np.uint64]]) -> tuple[_Floats, _Floats, _Floats, _Floats, int]:
        """Equity, win, tie, split (weighted) and the number of boards, from the tallies of
        every distinct deal (rows in order)."""
        w = self.weights
        inv = self.inverse
        deals_w = float(np.dot(w, t["deals"][inv].astype(np.float64)))
        share = w @ t["share"][inv].astype(np.float64)
        win = w @ t["win"][inv].astype(np.float64)
        tie = w @ t["tie"][inv].astype(np.float64)
        split = w @ t["split"][inv].astype(np.float64)
        total_deals = int(t["deals"][inv].sum())
        eq = share / (_core.SHARE_UNIT * deals_w)
        return eq, win / deals_w, tie / deals_w, split, total_deals


class _MonteCarloJob:
    """Seeded Monte Carlo; block b draws from stream (seed, b), so blocks add exactly."""

    def __init__(self, parsed: list[_Player], board: list[int], dead: list[int], seed: int) -> None:
        self.combos = [None if p.random else p.combos for p in parsed]
        self.cum = [None if p.random else np.cumsum(p.weights) for p in parsed]
        self.random = [p.random for p in parsed]
        self.board, self.dead, self.seed = board, dead, seed & (2**64 - 1)
        self.n_players = len(parsed)

    def run_blocks(self, first: int, count: int, size: int, threads: int) -> dict[str, Any]:
        """Tally of blocks [first, first + count) of ``size`` trials each."""
        return _core.monte_carlo(self.combos, self.cum, self.random, self.board, self.dead, self.seed,
                                 first, count, size, threads)
