"""One ``Tables`` object used from several threads at once (issue 26 item 1).

Every method of a ``Tables`` holds the object's lock from its first check to its last write, so
concurrent calls run one after the other: a step checked against one state is never applied to
another. A step that a concurrent step made illegal (between this thread's ``legal()`` and its
``step``) is refused with ``IllegalActionError`` and changes nothing, which is what a
single-threaded caller would get for the same action on the same state.

The threads are sized by work (a fixed number of calls each), never by time. After every call a
thread checks, holding the object's lock for a consistent snapshot (a lock the methods take
again: it is reentrant), that no chip was made or lost (stacks plus pot equal the chips the hand
started with), that no stack is negative and that the rewards of every table sum to zero.
"""

from __future__ import annotations

import copy
import sys
import threading
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from fastholdem.errors import IllegalActionError, InputError
from fastholdem.game import GameConfig
from fastholdem.vector import BET_OR_RAISE_TO, CALL, CHECK, FOLD, Tables

N, PLAYERS, STACK = 60, 6, 200
CFG = GameConfig(small_blind=1, big_blind=2)
CALLS = 120  # calls of each thread


@pytest.fixture
def switch_often() -> Iterator[None]:
    """Threads that take turns every 10 us instead of every 5 ms: many more interleavings."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    yield
    sys.setswitchinterval(before)


def _actions(legal: Any, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Random legal actions with many minimum raises (long min-raise wars that outgrow the log)."""
    u = rng.random(legal.actor.shape[0])
    raise_ok = legal.min_to >= 0
    kind = np.where(legal.can_check, CHECK, CALL)
    kind = np.where(~legal.can_check & (u < 0.05), FOLD, kind)
    kind = np.where(raise_ok & (u > 0.35), BET_OR_RAISE_TO, kind)
    amount = np.where(u > 0.97, legal.max_to, legal.min_to)
    return kind.astype(np.int64), np.where(kind == BET_OR_RAISE_TO, amount, 0).astype(np.int64)


def _check_state(tables: Tables) -> list[str]:
    with tables._lock:
        obs = tables.observe(0)
        sums = tables.rewards.sum(axis=1)
    errors = []
    chips = obs.stacks.sum(axis=1) + obs.pot
    if (chips != PLAYERS * STACK).any():
        errors.append(f"chips not conserved in {int((chips != PLAYERS * STACK).sum())} tables")
    if (obs.stacks < 0).any():
        errors.append(f"negative stacks in {int((obs.stacks < 0).any(axis=1).sum())} tables")
    if (sums != 0).any():
        errors.append(f"rewards not summing to 0 in {int((sums != 0).sum())} tables")
    return errors


def _worker(tables: Tables, seed: int, barrier: threading.Barrier, out: dict[str, Any]) -> None:
    rng = np.random.default_rng(seed)
    barrier.wait()
    try:
        for call in range(CALLS):
            if not tables.auto_reset and call % 10 == 9:
                tables.reset(tables.hand_over.copy())
            elif call % 40 == 39:
                tables.play_random(N, fold=0.0, aggression=1.0, threads=2)
            else:
                try:
                    tables.step(*_actions(tables.legal(), rng))
                    out["steps"] += 1
                except IllegalActionError:  # another thread stepped since our legal(): refused
                    out["refused"] += 1
            if call % 20 == 7:  # a copy taken while other threads step is a consistent one
                out["errors"] += _check_state(copy.deepcopy(tables))
            if call % 3 == 0:
                try:
                    tables.to_phh(call % N)
                except InputError as exc:  # two threads reset it: its last hand is overwritten
                    assert "no finished hand on record" in str(exc)
            out["errors"] += _check_state(tables)
    except BaseException as exc:  # noqa: BLE001 - every exception a thread raises fails the test
        out["raised"].append(repr(exc))


@pytest.mark.parametrize("history", [48, 1])
@pytest.mark.parametrize("auto_reset", [False, True])
@pytest.mark.parametrize("threads", [2, 8])
@pytest.mark.usefixtures("switch_often")
def test_tables_one_object_many_threads_loses_no_chip(threads: int, auto_reset: bool, history: int) -> None:
    tables = Tables(N, PLAYERS, CFG, STACK, seed=threads * 10 + history, auto_reset=auto_reset,
                    history=history)
    tables.play_random(N, fold=0.0, aggression=1.0)  # every table has a finished hand on record
    if not auto_reset:
        tables.reset()
    barrier = threading.Barrier(threads)
    outs = [{"steps": 0, "refused": 0, "errors": [], "raised": []} for _ in range(threads)]
    workers = [threading.Thread(target=_worker, args=(tables, 1000 * history + k, barrier, outs[k]))
               for k in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert [o["raised"] for o in outs] == [[]] * threads
    assert [o["errors"] for o in outs] == [[]] * threads
    assert sum(o["steps"] for o in outs) > 0
    assert _check_state(tables) == []
    # every table still plays on from where the threads left it, and its last hand replays
    for _ in range(40):
        tables.step(*_actions(tables.legal(), np.random.default_rng(0)))
    assert _check_state(tables) == []
    for i in np.flatnonzero(tables.hand_over):
        tables.to_phh(int(i))
