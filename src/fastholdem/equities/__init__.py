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

>>> import numpy as np
>>> job = equity_job(["QQ+,AKs", "random"], board="Td7c2s")
>>> parts = [job.run(chunk) for chunk in job.chunks(4)]  # anywhere, in any order
>>> whole = equity(["QQ+,AKs", "random"], board="Td7c2s")
>>> bool(np.array_equal(job.combine(parts).equity, whole.equity))
True

This package's ``__init__`` is the public entry only (the modules with a leading underscore
are implementation, not API). The pipeline, one module per step:

1. :mod:`.inputs` parses and checks players, board, dead cards, threads, mode and seed;
2. ``_plan`` checks the mode arguments, parses the inputs once (``parse_call``), picks the
   engine and builds the job;
3. :mod:`.engines` count: :mod:`.engines.enumeration`, :mod:`.engines.sweep` (two players:
   one pass per runout), :mod:`.engines.table` (the shipped heads-up preflop table) and
   :mod:`.engines.montecarlo`; a hand against one or two random hands on a flop, turn or
   river (or two preflop, with ``exact=True``) is counted from the parsed call by one C call
   instead of a job (``_quick``); one hand against 1-9 random hands, exactly, is
   :func:`vs_random_equities` (:mod:`.vs_random`);
4. :mod:`.jobs` cuts a job into chunks, runs them and combines their integer tallies;
5. :mod:`.result` holds :class:`EquityResult`.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence

from .. import _core
from .._validate import check_bool
from ..cards import CardsLike
from ._plan import DEFAULT_TRIALS, EXACT_AUTO_LIMIT, MAX_ASSIGNMENTS, SWEEP_AUTO_LIMIT
from ._plan import job_for_call, parse_call, plan_job
from ._quick import vs_random_result
from .inputs import MAX_TRIALS as MAX_TRIALS
from .inputs import MIN_TRIALS as MIN_TRIALS
from .inputs import PlayerLike, resolve_threads
from .jobs import BLOCK_TRIALS as BLOCK_TRIALS
from .jobs import MAX_ROUND_BLOCKS as MAX_ROUND_BLOCKS
from .jobs import EquityJob, EquityTally, run_exact, run_monte_carlo
from .result import EquityResult
from .vs_random import vs_random_equities

__all__ = ["DEFAULT_TRIALS", "EXACT_AUTO_LIMIT", "EquityJob", "EquityResult", "EquityTally", "MAX_ASSIGNMENTS",
           "PlayerLike", "SWEEP_AUTO_LIMIT", "equity", "equity_batch", "equity_job", "hand_strength",
           "vs_random_equities"]

equity_batch = _core.equity_batch
hand_strength = _core.hand_strength

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
    by_combo: bool = False,
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
        example three ``"random"`` players preflop); use Monte Carlo for those. Two players
        with a board or dead cards are usually counted by a sweep over the runouts instead,
        which lists no assignments. False
        samples. None (default) samples when ``trials`` or ``stderr`` is given, else
        enumerates when that is cheap (at most ``MAX_ASSIGNMENTS`` assignments and distinct
        hand assignments x boards x players <= 3e8, or heads-up preflop, read from the shipped exact
        table, or a two-player sweep evaluating at most 1e8 combos over the runouts,
        ``SWEEP_AUTO_LIMIT``) and samples otherwise.
    trials : int, optional
        Monte Carlo trials, 2 to ``MAX_TRIALS`` (default 1,000,000 unless ``stderr`` is
        given); with ``stderr``, the most trials to run. One trial is refused: it has no
        standard error.
    stderr : float, optional
        Monte Carlo stops once every player's standard error is at most this. The target is
        checked on a fixed schedule (after 4,096 trials, then each time the trials done
        double, then every 131,072 trials; see ``MAX_ROUND_BLOCKS``), so the same seed
        stops at the same point on any number of threads.
    seed : int, optional
        Monte Carlo seed (default: a random one, reported in the result). The same seed
        gives the same result whatever ``threads`` is.
    threads : int, optional
        Threads to use; default all cores. Counts above ``_core.MAX_THREADS`` (256) are
        clamped; a non-int is a TypeError, below 1 a ValueError. Ctrl-C stops the job with
        KeyboardInterrupt. Too few live cards to deal every hand and the board is a
        ValueError.
    progress : bool, optional
        Draw a progress bar on stderr for jobs longer than a second (default: if stderr is
        a terminal).
    by_combo : bool, optional
        Monte Carlo also counts each combo's trials and pot shares, for
        :meth:`EquityResult.by_combo` (with a standard error per combo); this costs 15-50%
        of the trial rate, so it is off by default. Exact results always have them.

    Returns
    -------
    EquityResult

    Raises
    ------
    CardError, RangeError
        Bad or clashing cards, or a range left empty by the known cards.
    ValueError
        Wrong number of players or board cards, ``trials``/``stderr``/``threads`` out of
        range, ``exact=True`` together with ``trials`` or ``stderr``, or an exact job over
        the ``MAX_ASSIGNMENTS`` limit.
    TypeError
        An argument of the wrong type: ``trials``, ``seed`` or ``threads`` that is not an
        int (``bool`` and ``float`` such as ``1.5`` or ``1e6`` included), ``stderr`` that is
        not a number, ``exact`` or ``progress`` that is not a bool or None.

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
    nthreads = resolve_threads(threads)
    check_bool(progress, "progress", optional=True)
    call = parse_call(players, board, dead, exact, trials, stderr, seed, by_combo)
    quick = vs_random_result(call, nthreads)
    if quick is not None:
        return dataclasses.replace(quick, elapsed=time.perf_counter() - start)
    job = plan_job(call)
    if job.exact:
        result = run_exact(job, nthreads, progress)
    else:
        result = run_monte_carlo(job, nthreads, stderr, progress)
    return dataclasses.replace(result, elapsed=time.perf_counter() - start)


def equity_job(
    players: Sequence[PlayerLike],
    board: CardsLike = None,
    dead: CardsLike = None,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    by_combo: bool = False,
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
        Monte Carlo trials of the whole job, 2 to ``MAX_TRIALS`` (default 1,000,000).
    seed : int, optional
        Monte Carlo seed (default: a random one, in :attr:`EquityJob.seed`).
    by_combo : bool, optional
        As :func:`equity`: Monte Carlo tallies also carry per-combo counts.

    Returns
    -------
    EquityJob

    Raises
    ------
    CardError, RangeError, ValueError, TypeError
        As :func:`equity`.

    Examples
    --------
    >>> import numpy as np
    >>> job = equity_job(["AhKh", "random", "random"], trials=100_000, seed=7)
    >>> job.exact, job.size  # 24 full blocks of 4,096 trials and one of 1,696
    (False, 25)
    >>> first, second = job.run(range(0, 10)), job.run(range(10, 25))
    >>> r = job.combine([second, first])
    >>> r.deals, bool(np.array_equal(r.equity, equity(["AhKh", "random", "random"], trials=100_000,
    ...                                                 seed=7).equity))
    (100000, True)
    """
    return job_for_call(players, board, dead, exact, trials, None, seed, by_combo)
