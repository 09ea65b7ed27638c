"""Worker processes that answer Ctrl-C as one command: ``phh check --jobs`` and ``hh convert --jobs``.

A terminal sends SIGINT to the whole process group, workers included. :func:`imap` starts its
workers with SIGINT blocked (so none can be interrupted before it ignores the signal), lets them
ignore it, and leaves the answer to the parent: a KeyboardInterrupt there (or any exception, or
the caller dropping the iterator) terminates the workers at once and is raised again, so the
command stops within a second, prints no worker traceback and can remove its partial output.

>>> list(imap(abs, [-1, -2, 3], jobs=2))
[1, 2, 3]
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

__all__ = ["imap", "ignore_sigint", "sigint_held"]

T = TypeVar("T")
R = TypeVar("R")


def ignore_sigint() -> None:
    """Worker start-up: ignore Ctrl-C (the parent alone answers it), then let signals through.

    >>> import signal
    >>> previous = signal.getsignal(signal.SIGINT)
    >>> ignore_sigint(); signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    True
    >>> _ = signal.signal(signal.SIGINT, previous)
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def sigint_held() -> Iterator[None]:
    """Hold SIGINT back (block it) while workers are started.

    A child inherits the blocked mask (and keeps it across exec), so no worker can be
    interrupted before :func:`ignore_sigint` runs. A Ctrl-C meanwhile stays pending and reaches
    this process when the block ends, as a KeyboardInterrupt. A no-op off the main thread or
    without ``pthread_sigmask``.

    >>> with sigint_held():
    ...     pass
    """
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def imap(fn: Callable[[T], R], items: Iterable[T], *, jobs: int) -> Iterator[R]:
    """``fn`` over ``items`` in ``jobs`` worker processes; results in the order of ``items``.

    ``fn`` must be a module-level function (it is pickled). The workers ignore Ctrl-C; a
    KeyboardInterrupt in the caller, an exception from ``fn`` or closing the iterator early
    terminates them at once, and the exception is raised again.

    >>> list(imap(len, ["a", "bb"], jobs=1))
    [1, 2]
    """
    with sigint_held():  # the workers start with Ctrl-C ignored (see sigint_held)
        pool = multiprocessing.Pool(jobs, initializer=ignore_sigint)
    try:
        yield from pool.imap(fn, items)
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
