"""The same equity jobs, batches and simulations on a Dask cluster, with the same answers.

Needs the optional extra: ``pip install ".[dask]"`` from a checkout (``dask[distributed]``), on the
machine that calls these functions and on every worker. ``import fastholdem`` never imports
Dask; this module does.

* :func:`equity` maps the chunks of an :class:`~fastholdem.EquityJob` over the cluster and
  combines their integer tallies: the :class:`~fastholdem.EquityResult` is bit for bit the
  one of :func:`fastholdem.equity` with the same arguments and seed, ``stderr`` targets
  included (they are checked on the same schedule of rounds).
* :func:`evaluate_batch` and :func:`equity_batch` turn ``dask.array`` inputs chunked along
  rows into lazy ``dask.array`` results, one block per task.
* :func:`simulate` plays the seeded blocks of :func:`fastholdem.simulation.simulate` on the
  workers and merges their per-seat counts exactly: same seed and ``block_hands``, same
  result.

Where to run: ``client=None`` uses the current default client (the last
``distributed.Client`` made), else the scheduler named by the ``DASK_SCHEDULER_ADDRESS``
environment variable; a string is a scheduler address (``tcp://HOST:8786``), and
``local:N`` starts a ``LocalCluster`` of N worker processes for the call (see
:func:`connect`). When a worker dies, Dask runs its chunks again elsewhere; chunks are pure
functions of the job, so the answer does not change. A chunk that raises fails the call with
that exception, and Ctrl-C cancels the chunks not yet done.

>>> import fastholdem.dask as fhd  # doctest: +SKIP
>>> with fhd.connect("local:2") as client:  # doctest: +SKIP
...     r = fhd.equity(["AhKh", "QQ+", "random"], client=client)
"""

from __future__ import annotations

import bisect
import dataclasses
import inspect
import io
import os
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from typing import IO, Any

import numpy as np
import numpy.typing as npt

try:
    import dask.array as da
    from distributed import Client, Future, LocalCluster, as_completed, default_client
except ImportError as exc:  # the optional extra is missing
    raise ImportError(f'fastholdem.dask needs Dask: pip install ".[dask]" in the fastholdem checkout '
                      f'(or pip install "dask[distributed]") ({exc})') from exc

from ._validate import echo
from .cards import CardsLike
from . import _core
from .equities import EquityJob, EquityResult, EquityTally, PlayerLike
from .equities._plan import job_for_call
from .equities.jobs import round_checkpoints
from .evaluate import evaluate_batch as _evaluate_batch
from .equities import equity_batch as _equity_batch
from .game.config import GameConfig
from .simulation.run import BLOCK_HANDS, SimulationPlan, SimulationResult, plan_simulation
from .progress import Progress
from .errors import InputError, InputTypeError
from .solver import AggregateReport, Solution
from .solver import aggregate_report as _aggregate_report
from .solver import load as _load_solution
from .solver import solve as _solve

__all__ = ["CHUNK_SECONDS", "CONNECT_SECONDS", "ClientLike", "connect", "equity", "equity_batch", "evaluate_batch",
           "simulate", "solve_many", "aggregate_report"]

CHUNK_SECONDS = 0.5
"""Default work per equity chunk, in seconds of one worker thread (estimated from one unit
run on the caller before the job is sent). ``benchmarks/bench_dask.py`` measured about
5.6-6.4 ms of CPU per chunk (client, scheduler and worker) on a 2-worker ``LocalCluster``: half
a second keeps that near 1.2% and leaves room for a slower network, and jobs too small for
4 such chunks per worker thread get smaller chunks (see :func:`equity`)."""
_MIN_CHUNKS_PER_THREAD = 4

CONNECT_SECONDS = 5.0
"""How long :func:`connect` waits for the scheduler at an address to answer (Dask's own default
is 30 s): a scheduler on a network answers in milliseconds, so a wrong address or port fails
within seconds."""

ClientLike = Client | str | None
"""A ``distributed.Client``, a scheduler address (``tcp://HOST:8786`` or ``local:N``), or None."""


# ---------------------------------------------------------------- clients


@contextmanager
def connect(address: str, *, timeout: float = CONNECT_SECONDS) -> Iterator[Client]:
    """A ``distributed.Client`` of the scheduler at ``address``, closed on exit.

    ``local:N`` starts a ``LocalCluster`` of N worker processes of one thread each for the
    duration (closed on exit too); anything else is a scheduler address such as
    ``tcp://HOST:8786``, which must answer within ``timeout`` seconds (default
    :data:`CONNECT_SECONDS`).

    Raises
    ------
    InputError
        If ``local:N`` has an N that is not a positive integer, or no scheduler answers at
        the address within ``timeout`` seconds (a ``ValueError`` too).

    Examples
    --------
    >>> cluster = LocalCluster(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=":0")
    >>> with connect(cluster.scheduler_address) as client:     # as with "tcp://HOST:8786"
    ...     workers = len(client.scheduler_info()["workers"])
    >>> workers
    1
    >>> cluster.close()
    """
    if address.startswith("local:"):
        count = address[len("local:"):]
        if not count.isdigit() or int(count) < 1:
            raise InputError(f"local:N needs a positive number of workers, got {echo(address)}")
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=int(count), threads_per_worker=1, processes=True, dashboard_address=":0")
        with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
            yield client
    else:
        try:
            client = Client(address, timeout=timeout)  # type: ignore[no-untyped-call]
        except OSError as exc:
            raise InputError(f"no Dask scheduler answers at {echo(address)} within {timeout:g} s: "
                             f"{exc}") from exc
        with client:
            yield client


@contextmanager
def _client(client: ClientLike) -> Iterator[Client]:
    """The client to use (see the module docstring)."""
    if isinstance(client, Client):
        yield client
        return
    if client is None:
        try:
            found = default_client()  # type: ignore[no-untyped-call]
        except ValueError:
            address = os.environ.get("DASK_SCHEDULER_ADDRESS")
            if not address:
                raise InputError("no Dask client: make a distributed.Client first, pass client= (a Client or "
                                 "a scheduler address), or set DASK_SCHEDULER_ADDRESS") from None
            with connect(address) as made:
                yield made
        else:
            yield found
        return
    if isinstance(client, str):
        with connect(client) as made:
            yield made
        return
    raise InputTypeError(f"client must be a distributed.Client, an address or None, "
                         f"got {type(client).__name__}")


def _worker_threads(client: Client) -> int:
    """Threads of all the cluster's workers (at least 1)."""
    return max(1, sum(client.nthreads().values()))  # type: ignore[no-untyped-call]


def _window(client: Client) -> int:
    """Tasks in flight at once: enough to hide the round trips, few enough that a met target
    or an error leaves little to cancel."""
    return 4 * _worker_threads(client) + 4


def _threads(threads: int | None) -> int:
    """Threads per block on a worker: 1 by default (workers run one task per core), else the
    shared check of every entry point (``fastholdem._core.check_threads``)."""
    return 1 if threads is None else int(_core.check_threads(threads))


_POLL_SECONDS = 0.05
"""How often :func:`_stream` looks at the Ctrl-C flag while no task finishes."""


@contextmanager
def _sigint_flag() -> Iterator[threading.Event]:
    """An event that Ctrl-C (SIGINT) sets while the body runs, instead of raising.

    Raising KeyboardInterrupt wherever the main thread happens to be is not reliable while
    Dask's client code runs there: a KeyboardInterrupt raised inside a finalizer, a weakref
    callback or a handler that catches BaseException is swallowed, and the call then ran to
    its end (issue 19, item 10: 312 s). A handler that only sets a flag cannot be lost; the
    caller raises KeyboardInterrupt itself at a point of its choosing. The previous handler
    is put back on exit. Only the default handler on the main thread is replaced: elsewhere
    (another thread, a handler of the application's own) the event is simply never set.
    """
    hit = threading.Event()
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield hit
        return
    signal.signal(signal.SIGINT, lambda signum, frame: hit.set())
    try:
        yield hit
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _stream(client: Client, tasks: Iterable[Any], submit: Callable[[Any], Future[Any]], window: int
            ) -> Generator[tuple[int, Any], None, None]:
    """Submit ``submit(task)`` for every task, at most ``window`` in flight, and yield
    ``(index, result)`` as they finish, in any order.

    A task that raises re-raises here; on any exit (an error, Ctrl-C, the caller stopping
    early and closing this generator) the futures not yet done are cancelled. Ctrl-C sets a
    flag (:func:`_sigint_flag`) that is read at least every ``_POLL_SECONDS`` and after
    each yield, and raises KeyboardInterrupt here.
    """
    pending: dict[Future[Any], int] = {}
    queue = iter(enumerate(tasks))
    ac = as_completed(loop=client.loop)  # type: ignore[no-untyped-call]
    with _sigint_flag() as interrupted:
        try:
            for index, task in queue:
                future = submit(task)
                pending[future] = index
                ac.add(future)  # type: ignore[no-untyped-call]
                if len(pending) >= window:
                    break
            while pending:
                if interrupted.is_set():
                    raise KeyboardInterrupt
                batch = ac.next_batch(block=False)  # type: ignore[no-untyped-call]
                if not batch:
                    interrupted.wait(_POLL_SECONDS)
                    continue
                for future in batch:
                    index = pending.pop(future)
                    result = future.result()  # re-raises the chunk's exception
                    future.release()
                    for nxt, task in queue:
                        new = submit(task)
                        pending[new] = nxt
                        ac.add(new)  # type: ignore[no-untyped-call]
                        break
                    yield index, result
                    if interrupted.is_set():
                        raise KeyboardInterrupt
        finally:
            if pending:
                client.cancel(list(pending))  # type: ignore[no-untyped-call]


# ---------------------------------------------------------------- equity


def _schedule(size: int, target: bool) -> Sequence[int]:
    """Unit counts after which the standard-error target is checked: the rounds of
    :func:`fastholdem.equity` (``MAX_ROUND_BLOCKS``), or just ``size`` without a target."""
    return round_checkpoints(size) if target else [size]


def _cut(chunk: range, points: Sequence[int]) -> list[range]:
    """``chunk`` cut at every checkpoint inside it (``points`` sorted)."""
    lo = bisect.bisect_right(points, chunk.start)  # O(log n) reads of a lazy RoundCheckpoints
    hi = bisect.bisect_left(points, chunk.stop)
    edges = [chunk.start, *points[lo:hi], chunk.stop]
    return [range(a, b) for a, b in zip(edges, edges[1:]) if b > a]


def _tasks(size: int, units: int, points: Sequence[int], grow: bool) -> Iterator[list[range]]:
    """The pieces of each task after the probe (unit 0): tasks of ``units`` units, or with a
    target, of 1, 2, 4, ... units up to ``units`` (a loose target then stops soon, as locally)."""
    start, step = 1, (1 if grow else units)
    while start < size:
        n = min(step, units)
        yield _cut(range(start, min(start + n, size)), points)
        start += n
        step *= 2


def _run_pieces(job: EquityJob, pieces: list[range], threads: int) -> list[EquityTally]:
    """One task: the tally of each piece (pieces end at checkpoints, so the caller can check
    the target at every checkpoint)."""
    return [job.run(piece, threads) for piece in pieces]


def _add(a: EquityTally, b: EquityTally) -> EquityTally:
    """The one-row Monte Carlo tally of two adjacent chunks, field by field (integer sums)."""
    values: dict[str, Any] = {}
    for f in dataclasses.fields(EquityTally):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if isinstance(x, range):
            values[f.name] = range(x.start, y.stop)
        elif isinstance(x, tuple):  # per-combo rows, one array per player (empty when not kept)
            values[f.name] = tuple(p + q for p, q in zip(x, y)) if x and y else ()
        else:
            values[f.name] = x + y
    return EquityTally(**values)


def _chunk_units(job: EquityJob, probe_seconds: float, threads_total: int, chunks: int | None,
                 target: bool) -> int:
    """Units per task: ``chunks``, or about ``CHUNK_SECONDS`` of work, fewer when that leaves
    a worker thread less than 4 tasks (without a target; with one the job's end is unknown)."""
    if chunks is not None:
        if isinstance(chunks, bool) or not isinstance(chunks, int) or chunks < 1:
            raise InputError(f"chunks must be a positive int (units per chunk) or None, got {echo(chunks)}")
        return chunks
    by_time = int(CHUNK_SECONDS / max(probe_seconds, 1e-6))
    by_balance = -(-job.size // (_MIN_CHUNKS_PER_THREAD * threads_total))
    return max(1, by_time if target else min(by_time, by_balance))


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
    client: ClientLike = None,
    chunks: int | None = None,
) -> EquityResult:
    """:func:`fastholdem.equity` on a Dask cluster: the same result, bit for bit.

    The job (:func:`fastholdem.equity_job`) is cut into chunks that run as Dask tasks; their
    integer tallies are gathered and combined. Exact results never depend on the chunks;
    Monte Carlo blocks draw from the streams ``(seed, block)`` wherever they run, and a
    ``stderr`` target is checked at the same block counts as locally, so the same seed stops
    at the same trial. Up to a few chunks per worker thread are in flight at once; past a
    met target they are cancelled.

    Parameters
    ----------
    players, board, dead, exact, trials, stderr, seed, by_combo
        As :func:`fastholdem.equity`.
    threads : int, optional
        Threads of each chunk on its worker (default 1: a worker runs one chunk per thread
        it has). Never changes the result.
    progress : bool, optional
        Draw a progress bar on stderr (default: if stderr is a terminal).
    client : distributed.Client, str or None
        Where to run (see the module docstring).
    chunks : int, optional
        Units per chunk: distinct deals (exact) or blocks of 4,096 trials (Monte Carlo).
        Default: about ``CHUNK_SECONDS`` of work (timed on one unit here), fewer when that
        leaves a worker thread less than 4 chunks. Never changes the result.

    Returns
    -------
    EquityResult
        Equal to ``fastholdem.equity(...)`` with the same arguments in every field but
        ``elapsed``.

    Raises
    ------
    CardError, RangeError, ValueError, TypeError
        As :func:`fastholdem.equity` (checked before anything is sent), and for bad
        ``chunks``, ``threads`` or ``client``.
    Exception
        The exception of a chunk that failed on its worker.

    Examples
    --------
    >>> import fastholdem as fh
    >>> client = Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=":0")
    >>> r = equity(["AhKh", "QQ+", "random"], board="Td7c2s", trials=40_960, seed=3, client=client)
    >>> local = fh.equity(["AhKh", "QQ+", "random"], board="Td7c2s", trials=40_960, seed=3)
    >>> r.deals, bool((r.equity == local.equity).all())
    (40960, True)
    >>> client.close()
    """
    started = time.perf_counter()
    nthreads = _threads(threads)
    job = job_for_call(players, board, dead, exact, trials, stderr, seed, by_combo)
    target = None if job.exact else stderr
    with _client(client) as cl:
        result = _run_job(cl, job, target, nthreads, progress, chunks)
    return dataclasses.replace(result, elapsed=time.perf_counter() - started)


def _run_job(client: Client, job: EquityJob, target: float | None, threads: int, progress: bool | None,
             chunks: int | None) -> EquityResult:
    points = _schedule(job.size, target is not None)
    first = job.run(range(0, 1), 1)  # the probe that sizes the chunks is the job's first unit
    units = _chunk_units(job, first.elapsed, _worker_threads(client), chunks, target is not None)
    tasks = _tasks(job.size, units, points, grow=target is not None)
    window = _window(client)
    remote_job = client.scatter(job, broadcast=True, hash=False)  # type: ignore[no-untyped-call]

    def submit(pieces: list[range]) -> Future[Any]:
        return client.submit(_run_pieces, remote_job, pieces, threads, pure=False)

    done_parts: dict[int, list[EquityTally]] = {}
    collected = [first]
    running = first
    next_task = 0
    point = 0  # index in points of the next checkpoint to check
    try:
        with Progress(job.size, "exact" if job.exact else "monte carlo", enabled=progress) as bar:
            bar.update(1)
            if target is not None and points[0] == 1 and _met(job, running, target, bar):
                return job.combine([running])
            with closing(_stream(client, tasks, submit, window)) as finished:
                for index, parts in finished:
                    bar.update(sum(len(p.chunk) for p in parts))
                    if target is None:
                        collected.extend(parts)
                        continue
                    done_parts[index] = parts
                    while next_task in done_parts:  # walk the finished prefix in unit order
                        for part in done_parts.pop(next_task):
                            running = _add(running, part)
                            while point < len(points) and points[point] < running.chunk.stop:
                                point += 1
                            if point < len(points) and points[point] == running.chunk.stop:
                                if _met(job, running, target, bar):
                                    return job.combine([running])
                        next_task += 1
            return job.combine([running] if target is not None else collected)
    finally:
        client.cancel([remote_job])  # type: ignore[no-untyped-call]


def _met(job: EquityJob, running: EquityTally, target: float, bar: Progress) -> bool:
    """Whether every standard error of the units so far is at most ``target``."""
    so_far = job.combine([running])
    worst = float(so_far.stderr.max())
    if worst <= target:
        return True
    done = running.chunk.stop
    bar.update(0, total=min(job.size, max(done * (worst / target) ** 2, done)))
    return False


# ---------------------------------------------------------------- batches


def _evaluate_block(block: npt.NDArray[Any], threads: int) -> npt.NDArray[np.uint16]:
    return _evaluate_batch(block, threads=threads)


def _equity_block(holes: npt.NDArray[Any], boards: npt.NDArray[Any] | None, threads: int
                  ) -> npt.NDArray[np.float64]:
    return _equity_batch(holes, boards, threads=threads)


def evaluate_batch(hands: Any, threads: int | None = None) -> da.Array:
    """Lazy values of the rows of an ``(n, 5|6|7)`` dask array: :func:`fastholdem.evaluate_batch`
    block by block.

    Parameters
    ----------
    hands : dask.array.Array or array-like, shape (n, 5|6|7)
        Card ids, chunked along rows (columns are merged into one chunk).
    threads : int, optional
        Threads per block (default 1: Dask workers run one block per thread they have).

    Returns
    -------
    dask.array.Array of uint16, shape (n,)
        Computing it raises what :func:`fastholdem.evaluate_batch` raises for a bad block.

    Examples
    --------
    >>> import dask.array as da, numpy as np
    >>> x = da.from_array(np.array([[0, 4, 8, 12, 48], [51, 47, 43, 39, 35]]), chunks=1)  # two straight flushes
    >>> evaluate_batch(x).compute(scheduler="sync").tolist()
    [7453, 7462]
    """
    x = da.asarray(hands)  # type: ignore[no-untyped-call]
    if x.ndim != 2:
        raise InputError(f"hands must be a 2-d (n, 5|6|7) array, got {x.ndim} dimensions")
    x = x.rechunk({1: -1})
    values: da.Array = x.map_blocks(_evaluate_block, _threads(threads), dtype=np.uint16, drop_axis=1,
                                    meta=np.empty((0,), np.uint16))
    return values


def equity_batch(holes: Any, boards: Any = None, threads: int | None = None) -> da.Array:
    """Lazy exact equities of ``(M, P, 2)`` holes on ``(M, 0|3|4|5)`` boards:
    :func:`fastholdem.equity_batch` block by block.

    Parameters
    ----------
    holes : dask.array.Array or array-like, shape (M, P, 2)
        Hole cards, chunked along rows.
    boards : dask.array.Array or array-like, shape (M, 0|3|4|5), optional
        Boards, rechunked to the rows of ``holes``.
    threads : int, optional
        Threads per block (default 1).

    Returns
    -------
    dask.array.Array of float64, shape (M, P)

    Examples
    --------
    >>> import dask.array as da
    >>> holes = da.from_array([[[48, 49], [44, 45]]], chunks=1)  # AA v KK
    >>> boards = da.from_array([[0, 5, 10, 23, 30]], chunks=1)
    >>> equity_batch(holes, boards).compute(scheduler="sync").tolist()
    [[1.0, 0.0]]
    """
    h = da.asarray(holes)  # type: ignore[no-untyped-call]
    if h.ndim != 3:
        raise InputError(f"holes must be a 3-d (M, P, 2) array, got {h.ndim} dimensions")
    h = h.rechunk({1: -1, 2: -1})
    nthreads = _threads(threads)
    if boards is None:
        alone: da.Array = h.map_blocks(_equity_block, None, nthreads, dtype=np.float64, drop_axis=2,
                                       meta=np.empty((0, 0), np.float64))
        return alone
    b = da.asarray(boards)  # type: ignore[no-untyped-call]
    if b.ndim != 2 or b.shape[0] != h.shape[0]:
        raise InputError(f"boards must be a 2-d (M, 0|3|4|5) array with the M={h.shape[0]} rows of holes, "
                         f"got shape {b.shape}")
    b = b.rechunk({0: h.chunks[0], 1: -1})
    equities: da.Array = da.blockwise(  # type: ignore[no-untyped-call]
        _equity_block, "ij", h, "ijk", b, "il", nthreads, None, dtype=np.float64, concatenate=True,
        meta=np.empty((0, 0), np.float64))
    return equities


# ---------------------------------------------------------------- simulate


def simulate(
    policies: Sequence[Any],
    hands: int,
    *,
    config: GameConfig | None = None,
    stacks: int | Sequence[int] | None = None,
    seed: int | None = None,
    carry_stacks: bool = False,
    phh: IO[str] | None = None,
    progress: bool | None = None,
    progress_stream: IO[str] | None = None,
    block_hands: int = BLOCK_HANDS,
    engine: str = "auto",
    client: ClientLike = None,
) -> SimulationResult:
    """:func:`fastholdem.simulation.simulate` with its seeded blocks played on a Dask cluster.

    Each block of ``block_hands`` hands is one task; the per-seat counts (hands, chips,
    sums of squares, showdowns, winning categories) of the blocks are added exactly, so the
    result equals ``fastholdem.simulation.simulate`` with the same ``seed`` and ``block_hands``
    (all but ``elapsed``). Agent objects travel to the workers pickled, one copy per block.
    The blocks run on the engine the local call would use: the vector engine when every
    policy is vectorisable.

    Parameters
    ----------
    policies, hands, config, stacks, seed, carry_stacks, progress, progress_stream, block_hands, engine
        As :func:`fastholdem.simulation.simulate`.
    phh : text file, optional
        Every block writes its hands as PHH text on its worker; the texts are written here
        in block order, giving the same session file as locally.
    client : distributed.Client, str or None
        Where to run (see the module docstring).

    Returns
    -------
    SimulationResult

    Raises
    ------
    ConfigError
        As :func:`fastholdem.simulation.simulate`, before anything is sent.
    Exception
        The exception of a block that failed on its worker (for example an agent's).

    Examples
    --------
    >>> import fastholdem as fh
    >>> client = Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=":0")
    >>> s = simulate(["random", "station"], 600, seed=4, block_hands=200, client=client)
    >>> here = fh.simulate(["random", "station"], 600, seed=4, block_hands=200, progress=False)
    >>> [x.chips_won for x in s.seats] == [x.chips_won for x in here.seats], s.hands
    (True, 600)
    >>> client.close()
    """
    plan = plan_simulation(policies, hands, config=config, stacks=stacks, seed=seed, carry_stacks=carry_stacks,
                           block_hands=block_hands, engine=engine)
    tally = plan.new_tally()
    texts: dict[int, str] = {}
    written = 0
    began = time.perf_counter()
    with _client(client) as cl, Progress(hands, "simulate", enabled=progress, stream=progress_stream) as bar:
        remote_plan = cl.scatter(plan, broadcast=True, hash=False)  # type: ignore[no-untyped-call]

        def submit(b: int) -> Future[Any]:
            return cl.submit(SimulationPlan.play_block, remote_plan, b, phh is not None, pure=False)

        try:
            window = _window(cl)
            with closing(_stream(cl, range(plan.blocks), submit, window)) as finished:
                for b, (part, text) in finished:
                    tally.merge(part)
                    bar.update(len(plan.block(b)))
                    if phh is not None and text is not None:
                        texts[b] = text
                        while written in texts:
                            phh.write(texts.pop(written))
                            written += 1
        finally:
            cl.cancel([remote_plan])  # type: ignore[no-untyped-call]
    return plan.result(tally, time.perf_counter() - began)



# ---------------------------------------------------------------- solve


# The spot's arguments are solve's own, but for how to run it (set by solve_many).
_SOLVE_PARAMS = {name: p for name, p in inspect.signature(_solve).parameters.items()
                 if name not in ("threads", "progress")}
_SOLVE_KEYS = frozenset(_SOLVE_PARAMS)
_SOLVE_NEEDED = frozenset(name for name, p in _SOLVE_PARAMS.items() if p.default is inspect.Parameter.empty)


def _solve_spot(spot: dict[str, Any], threads: int) -> bytes:
    """One spot solved on a worker, returned as the bytes of :meth:`Solution.save`."""
    buffer = io.BytesIO()
    _solve(**spot, threads=threads, progress=False).save(buffer)
    return buffer.getvalue()


def solve_many(spots: Sequence[Mapping[str, Any]], *, threads: int | None = None, client: ClientLike = None,
               progress: bool | None = None, progress_stream: IO[str] | None = None) -> list[Solution]:
    """Solve many postflop spots on a Dask cluster, one task per spot: the same solutions as
    :func:`fastholdem.solve` gives locally.

    Parameters
    ----------
    spots : sequence of mappings
        The keyword arguments of :func:`fastholdem.solve` for each spot: ``oop``, ``ip``,
        ``board``, ``pot``, ``stack``, and optionally ``sizes``, ``target``,
        ``max_iterations``, ``check_every``, ``max_nodes``, ``max_memory``.
    threads : int, optional
        Threads per spot on its worker (default 1: workers run one task per thread they have).
        The solver gives the same strategy for any thread count.
    client : distributed.Client, str or None
        See the module docstring.
    progress : bool, optional
        A bar over the spots (default: when the output is a terminal).
    progress_stream : file, optional
        Where the bar goes (default stderr).

    Returns
    -------
    list of Solution
        In the order of ``spots``. A spot that cannot be solved raises its error here, and the
        spots still running are cancelled.

    Examples
    --------
    >>> from distributed import Client, LocalCluster
    >>> spots = [dict(oop="AA,22", ip="KK", board=b, pot=10, stack=10, sizes="100%", max_iterations=20)
    ...          for b in ("2c7d9hTsJs", "3c7d9hTsJs")]
    >>> with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0") as cluster, \\
    ...         Client(cluster) as client:
    ...     sols = solve_many(spots, client=client, progress=False)
    >>> import fastholdem as fh
    >>> [s.ev(0) for s in sols] == [fh.solve(**s).ev(0) for s in spots]
    True
    """
    if isinstance(spots, (str, bytes, Mapping)) or not isinstance(spots, Sequence):
        raise InputTypeError(f"spots must be a sequence of mappings (solve's keyword arguments), "
                             f"got {type(spots).__name__}")
    tasks: list[dict[str, Any]] = []
    for i, spot in enumerate(spots):
        if not isinstance(spot, Mapping):
            raise InputTypeError(f"spots[{i}] must be a mapping of solve's keyword arguments, "
                                 f"got {type(spot).__name__}")
        unknown = sorted(set(spot) - _SOLVE_KEYS, key=str)
        if unknown:
            raise InputError(f"spots[{i}]: unknown argument {echo(unknown[0])} "
                             f"(solve takes {', '.join(sorted(_SOLVE_KEYS))})")
        missing = sorted(_SOLVE_NEEDED - set(spot))
        if missing:
            raise InputError(f"spots[{i}]: missing {', '.join(missing)}")
        tasks.append(dict(spot))
    nthreads = _threads(threads)
    solved: dict[int, Solution] = {}
    with _client(client) as c, Progress(len(tasks), "solve", enabled=progress, stream=progress_stream) as bar:
        for index, data in _stream(c, tasks, lambda spot: c.submit(_solve_spot, spot, nthreads, pure=False),
                                   _window(c)):
            solved[index] = _load_solution(io.BytesIO(data))
            bar.update(1)
    return [solved[i] for i in range(len(tasks))]  # _stream yields every task or raises


def aggregate_report(oop: Any, ip: Any, flops: Any = "all", *, threads: int | None = None,
                     client: ClientLike = None, **options: Any) -> AggregateReport:
    """:func:`fastholdem.solver.aggregate_report` with the flops solved on a Dask cluster, one
    task per flop: the same report as locally.

    Each task solves its flop on a worker and sends back only its row of the report (the
    frequencies, EVs and equities at the node), never the solution: a flop's solution can be
    hundreds of megabytes, and a report over the 1,755 flops needs none of them on the client.

    Parameters
    ----------
    oop, ip, flops
        As :func:`fastholdem.solver.aggregate_report`.
    threads : int, optional
        Threads per flop on its worker (default 1: workers run one task per thread they have).
    client : distributed.Client, str or None
        See the module docstring.
    **options
        The other keyword arguments of :func:`fastholdem.solver.aggregate_report` (``pot``,
        ``stack``, ``sizes``, ``path``, ``sample``, ``seed``, ``progress``...), but ``map``.

    Examples
    --------
    >>> from distributed import Client, LocalCluster
    >>> import fastholdem as fh
    >>> spot = dict(flops=["Td9d6h", "AsKd2c"], pot=10, stack=10, sizes="100%", max_iterations=10, progress=False)
    >>> with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=":0") as cluster, \\
    ...         Client(cluster) as client:
    ...     there = aggregate_report("AA,KK", "QQ,AQs", client=client, **spot)
    >>> there == fh.solver.aggregate_report("AA,KK", "QQ,AQs", **spot)
    True
    """
    if "map" in options:
        raise InputError("map: fastholdem.dask.aggregate_report maps over the cluster; for another map use "
                         "fastholdem.solver.aggregate_report")
    nthreads = _threads(threads)
    with _client(client) as c:
        def on_cluster(function: Callable[[Any], Any], tasks: Iterable[Any]) -> Iterator[Any]:
            for _, row in _stream(c, tasks, lambda task: c.submit(function, task, pure=False), _window(c)):
                yield row

        return _aggregate_report(oop, ip, flops, threads=nthreads, map=on_cluster, **options)
