"""One block of ``simulate`` on the vector engine: per-seat tallies of ``hands`` hands.

:func:`play_block` is what ``fastholdem.simulate`` runs for each seeded block when every
policy is vectorisable (the built-in names ``random``, ``station`` and ``tight``, or objects of
the vectorised policy protocol). How the seed of a block maps to its hands:

* When every seat plays the built-in ``random`` policy (or every seat ``station``) and no hand
  history is written, one table plays the whole block in C (``Tables.play_random``), its first
  button drawn from the block's seed and moving one seat per hand (R13), like the ``Hand``
  engine's block table.
* Otherwise ``k = min(block_hands, STEP_TABLES)`` tables are stepped together from Python:
  table ``t`` deals hand ``t`` with the button at ``(b + t) % players`` (``b`` drawn from the
  block's seed) and, as soon as a hand ends, deals the block's next hand (the button moves one
  seat), until every hand of the block is dealt. Tables whose hands are all done wait, and
  every policy is asked once per step over all ``k`` tables. Built-in policies are made once
  per name, seeded from the block's seeds; policy objects are used as given.

Either way the tally is a function of the block's seeds and the policies only: the same seed
and block size give the same numbers in one process or spread over a cluster. A block cut
short (the last block of a run) plays exactly the first hands of the full block: each table
draws its cards from its own stream, a random policy draws one number per table and step,
and a table's hands never depend on how many hands the block has.

>>> from fastholdem.game import GameConfig
>>> tally = play_block(["tight", "random", "station"], GameConfig(), [200] * 3, 1000, seed=1,
...                    policy_seeds=[2, 3, 4])
>>> int(tally.hands.sum()), int(sum(tally.total))
(3000, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..evaluate import categories, evaluate_batch
from ..game.config import GameConfig
from ..vector.policies import act_by_seat, policy_key, policy_kind, seat_functions
from ..vector.tables import Tables

__all__ = ["BlockTally", "STEP_TABLES", "is_vectorisable", "play_block", "plays_in_c"]

STEP_TABLES = 2048
"""Most tables a block steps together from Python (the block's hands are dealt over them)."""

_FAST = {"random": (0.15, 0.30), "station": (0.0, 0.0)}  # RandomPlayer's and CallingStation's odds


@dataclass
class BlockTally:
    """Per-seat sums of one block: hands dealt, chips won, squared chips won (Python ints, exact),
    hands shown down, and showdowns won by category (``(players, 9)``).

    >>> t = BlockTally.empty(3)
    >>> t.hands.tolist(), t.total, t.wins.shape
    ([0, 0, 0], [0, 0, 0], (3, 9))
    """

    hands: npt.NDArray[np.int64]
    total: list[int]
    squares: list[int]
    showdowns: npt.NDArray[np.int64]
    wins: npt.NDArray[np.int64]

    @classmethod
    def empty(cls, players: int) -> BlockTally:
        """A tally of no hands."""
        return cls(np.zeros(players, np.int64), [0] * players, [0] * players, np.zeros(players, np.int64),
                   np.zeros((players, 9), np.int64))


def is_vectorisable(policy: object) -> bool:
    """True for a built-in policy name or a vectorised policy object or function.

    >>> is_vectorisable("tight"), is_vectorisable(lambda view: None)
    (True, False)
    """
    kind = policy_kind(policy)
    return policy_key(policy) is not None if kind == "name" else kind == "vector"


def plays_in_c(policies: Sequence[Any]) -> bool:
    """True when a block of ``policies`` is played in C (every seat the built-in ``random``, or
    every seat ``station``) as long as no hand history is written.

    >>> plays_in_c(["random"] * 6), plays_in_c(["random", "tight"])
    (True, False)
    """
    return _fast_odds(policies) is not None


def _fast_odds(policies: Sequence[Any]) -> tuple[float, float] | None:
    keys = {policy_key(p) for p in policies}  # None for anything but a built-in name
    if len(keys) == 1:
        key = keys.pop()
        if key in _FAST:
            return _FAST[key]
    return None


def _squares(r: npt.NDArray[np.int64]) -> list[int]:
    """Column sums of squares, exact (int64 while it cannot overflow, else Python ints)."""
    if r.size == 0:
        return [0] * r.shape[1]
    big = int(np.abs(r).max())
    if big < (1 << 20) and len(r) < (1 << 22):
        return [int(x) for x in (r * r).sum(axis=0)]
    return [sum(int(x) * int(x) for x in col) for col in r.T]


def play_block(
    policies: Sequence[Any],
    config: GameConfig,
    start: Sequence[int],
    hands: int,
    *,
    seed: int,
    policy_seeds: Sequence[int],
    carry_stacks: bool = False,
    block_hands: int | None = None,
    record: Callable[[Tables, npt.NDArray[np.intp], npt.NDArray[np.int64]], None] | None = None,
    tick: Callable[[int], None] | None = None,
) -> BlockTally:
    """Play ``hands`` hands between ``policies`` (one per seat) and tally them per seat.

    Parameters
    ----------
    policies:
        Built-in names or vectorised policies, one per seat (see :func:`is_vectorisable`).
    config, start:
        The rules and every seat's starting stack.
    hands:
        Hands in the block.
    seed, policy_seeds:
        The block's table seed and one seed per seat for built-in policies.
    carry_stacks:
        Carry stacks from hand to hand on each table (a seat without chips rebuys).
    block_hands:
        The size of a full block (default ``hands``): it sets the number of tables, so that a
        shorter block plays the first hands of the full one.
    record:
        Called as ``record(tables, rows, numbers)`` whenever the hands of tables ``rows`` have
        just finished (before those tables deal again); ``numbers`` are their 0-based hand
        numbers in the block (hands finish in another order than they are dealt).
    tick:
        Called with the number of hands just finished.

    Returns
    -------
    BlockTally

    >>> from fastholdem.game import GameConfig
    >>> t = play_block(["station", "tight"], GameConfig(), [200, 200], 500, seed=3, policy_seeds=[1, 2])
    >>> t.hands.tolist(), sum(t.total)          # chips move between seats, none are lost
    ([500, 500], 0)
    """
    players = len(policies)
    tally = BlockTally.empty(players)
    if hands == 0:
        return tally
    start_row = np.array([start], dtype=np.int64)
    first_button = int(np.random.SeedSequence([seed, 7]).generate_state(1, dtype=np.uint64)[0] % players)
    odds = _fast_odds(policies) if record is None else None
    if odds is not None:
        tables = Tables(1, players, config, start_row, seed=seed, button=first_button, carry_stacks=carry_stacks,
                        history=0)
        result = tables.play_random(hands, fold=odds[0], aggression=odds[1], threads=1)
        tally.hands += int(result["hands"])
        tally.total = [int(x) for x in result["total"]]
        tally.squares = [int(x) for x in result["squares"]]
        tally.showdowns += np.asarray(result["showdowns"], dtype=np.int64)
        tally.wins += np.asarray(result["wins"], dtype=np.int64).reshape(players, 9)
        if tick is not None:
            tick(hands)
        return tally
    functions = seat_functions(policies, policy_seeds)
    k = min(max(hands, block_hands or 0), STEP_TABLES)
    buttons = (first_button + np.arange(k)) % players
    # Every bet or raise adds at least a big blind to the largest bet, so a hand has at most
    # (stack / big blind) of them, each answered by fewer than ``players`` actions: keep that
    # many actions for to_phh when hands are recorded (twice the largest starting stack when
    # stacks carry over), none otherwise.
    deepest = max(start) * (2 if carry_stacks else 1)
    history = 0 if record is None else min(10_000, (deepest // config.big_blind + 5) * players)
    tables = Tables(k, players, config, np.repeat(start_row, k, axis=0), seed=seed, button=buttons,
                    carry_stacks=carry_stacks, history=history)
    number = np.arange(k, dtype=np.int64)  # the block's hand number on each table
    live = number < hands
    dealt = k
    while live.any():
        legal = tables.legal()
        finished = live & (legal.actor < 0)
        if finished.any():
            rows = np.flatnonzero(finished)
            _tally_rows(tables, rows, tally)
            if record is not None:
                record(tables, rows, number[rows])
            if tick is not None:
                tick(len(rows))
            live[rows] = False
            again = rows[: max(0, min(len(rows), hands - dealt))]
            if len(again):
                mask = np.zeros(k, dtype=bool)
                mask[again] = True
                tables.reset(mask)
                number[again] = dealt + np.arange(len(again))
                live[again] = True
                dealt += len(again)
            continue
        kind, amount = act_by_seat(functions, tables.observe(), legal)
        tables.step(kind, amount, mask=live)
    return tally


def _tally_rows(tables: Tables, rows: npt.NDArray[np.intp], tally: BlockTally) -> None:
    """Add the finished hands of tables ``rows`` (not dealt again yet) to ``tally``."""
    players = tables.players
    record = tables.last_hands(rows)
    r = record.rewards
    tally.hands += len(rows)
    sums = r.sum(axis=0)
    tally.total = [a + int(b) for a, b in zip(tally.total, sums)]
    tally.squares = [a + b for a, b in zip(tally.squares, _squares(r))]
    sd = record.showdown
    if not sd.any():
        return
    assert record.folded is not None  # the block deals a finished table again only after this
    shown = ~record.folded[sd]
    tally.showdowns += shown.sum(axis=0)
    t, s = np.nonzero(record.winners[sd] & shown)
    if len(t):
        hole = record.hole[sd][t, s]
        cats = categories(evaluate_batch(np.concatenate([hole, record.board[sd][t]], axis=1), threads=1))
        np.add.at(tally.wins, (s, cats.astype(np.intp)), 1)
    assert tally.wins.shape == (players, 9)
