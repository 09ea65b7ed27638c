"""One learning seat against fixed opponent policies, on many tables at once.

The engine room of :class:`fastholdem.vector.HoldemEnv` and
:class:`fastholdem.vector.HoldemVectorEnv` (kept free of Gymnasium): an :class:`Arena` deals
hands, lets the opponents act until the learner is to act or the hand is over, applies the
learner's actions, and builds the learner's observation (seat arrays turned so that index 0
is the learner, then the seats after it clockwise).

>>> from fastholdem.game import GameConfig
>>> arena = Arena(4, 3, GameConfig(), 200, seat=0, opponents="station", seed=1)
>>> arena.deal()
>>> bool((arena.tables.legal().actor == 0).all())   # every table waits for seat 0
True
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from .._validate import check_int, echo
from ..errors import ConfigError, InputTypeError
from ..game.config import GameConfig, Structure
from .actions import ActionSet
from .legal import Legal
from .observation import Observation
from .policies import act_by_seat, policy_key, policy_kind, seat_functions
from .tables import Tables

__all__ = ["Arena", "MAX_REDEALS", "no_limit", "opponent_functions", "seat_view", "starting_stacks"]

MAX_REDEALS = 1000
"""Most hands in a row a table may deal in which the learner never acts before
:meth:`Arena.deal` gives up (RuntimeError)."""


def starting_stacks(stacks: int | Sequence[int] | None, players: int, config: GameConfig) -> list[int]:
    """The starting stack of every seat: an int for all, one per seat, or None (100 big blinds).

    >>> starting_stacks(None, 3, GameConfig())
    [200, 200, 200]

    Raises
    ------
    TypeError, ConfigError
        On a non-int or a stack below 1, or a wrong number of stacks.
    """
    if stacks is None:
        return [100 * config.big_blind] * players
    if isinstance(stacks, (int, np.integer)) and not isinstance(stacks, bool):
        values = [int(stacks)] * players
    elif isinstance(stacks, Sequence):
        values = [check_int(s, "stacks", what="an int") for s in stacks]
        if len(values) != players:
            raise ConfigError(f"stacks needs one entry per seat ({players}), got {len(values)}")
    else:
        raise InputTypeError(f"stacks must be an int, one int per seat or None, got {echo(stacks)}")
    if min(values) < 1:
        raise ConfigError(f"stacks must be at least 1 chip, got {echo(stacks)}")
    return values


def opponent_functions(opponents: Any, players: int, seats: Sequence[int], seed: int) -> list[Any]:
    """One ``act(obs, legal)`` function per seat (None for seats not listed in ``seats``).

    ``opponents`` is one policy (a built-in name or a vectorised policy) for every seat of
    ``seats``, or a sequence of them in the order of ``seats``. Built-in ``random`` policies
    get seeds drawn from ``seed``.

    >>> fns = opponent_functions("station", 3, [1, 2], seed=7)
    >>> fns[0] is None, callable(fns[1]), callable(fns[2])
    (True, True, True)
    """
    if policy_kind(opponents) != "agent":  # one policy for every opponent seat
        chosen = [opponents] * len(seats)
    elif isinstance(opponents, Sequence):
        chosen = list(opponents)
        if len(chosen) != len(seats):
            raise ConfigError(f"opponents needs one policy per opponent seat ({len(seats)}), got {len(chosen)}")
    else:
        raise InputTypeError(f"opponents must be a policy name, a vectorised policy or a sequence of them, "
                             f"got {echo(opponents)}")
    for p in chosen:
        if policy_kind(p) == "agent":
            raise InputTypeError(f"an opponent must be a policy name or a vectorised policy, got {echo(p)}")
    seeds = np.random.SeedSequence([seed, 1]).generate_state(players, dtype=np.uint64)
    by_seat: list[Any] = [None] * players
    for s, p in zip(seats, chosen):
        by_seat[s] = p
    return seat_functions(by_seat, [int(x) for x in seeds])


def seat_view(obs: Observation, players: int) -> dict[str, npt.NDArray[Any]]:
    """The batched observation arrays of ``obs`` (one seat's view per table), seat arrays
    turned so that index 0 is that seat.

    >>> from fastholdem.vector import Tables
    >>> view = seat_view(Tables(2, 3, no_limit(), 100, seed=1).observe(), 3)
    >>> view["hole"].shape, view["stacks"].shape, int(view["pot"][0, 0])
    ((2, 2), (2, 3), 3)
    """
    n = len(obs.street)
    seat = obs.seat
    if n and int(seat.min()) == int(seat.max()):  # one seat everywhere: turn the columns
        order = _order(max(int(seat[0]), 0), players)

        def turned(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
            return a[:, order]
    else:
        rows = np.arange(n)[:, None]
        orders = (np.maximum(seat.astype(np.int64), 0)[:, None] + np.arange(players)[None, :]) % players

        def turned(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
            return a[rows, orders]
    return {
        "hole": obs.hole.astype(np.int8).reshape(n, 2),
        "board": obs.board.astype(np.int8).reshape(n, 5),
        "street": obs.street.astype(np.int8).reshape(n, 1),
        "position": obs.position.astype(np.int8).reshape(n, 1),
        "stacks": turned(obs.stacks).astype(np.int64, copy=False),
        "bets": turned(obs.bets).astype(np.int64, copy=False),
        "folded": turned(obs.folded).astype(np.int8),
        "pot": obs.pot.astype(np.int64).reshape(n, 1),
        "to_call": obs.to_call.astype(np.int64).reshape(n, 1),
        "raises": np.minimum(obs.raises, 127).astype(np.int8).reshape(n, 1),
    }


@lru_cache(maxsize=None)
def _order(seat: int, players: int) -> npt.NDArray[np.intp]:
    """The seats from ``seat`` on, clockwise (read-only)."""
    order = (seat + np.arange(players)) % players
    order.flags.writeable = False
    return order


class Arena:
    """``n`` tables of ``players`` seats: the learner at ``seat``, ``opponents`` elsewhere.

    Every hand starts from ``stacks`` (the button moves one seat per hand, R13). A hand in
    which the learner never acts (all fold to its big blind, or it is all-in from the blinds)
    is played out and the next one dealt at once; its chips are added to :attr:`skipped`.

    Parameters
    ----------
    n, players:
        Tables and seats per table (2-10).
    config:
        Game rules.
    stacks:
        Starting stacks: an int or one per seat.
    seat:
        The learner's seat.
    opponents:
        See :func:`opponent_functions`.
    seed:
        Seed of the cards and of the built-in opponents.

    Examples
    --------
    >>> arena = Arena(4, 3, no_limit(), 100, seat=0, opponents="random", seed=5)
    >>> arena.n, arena.players
    (4, 3)
    """

    def __init__(self, n: int, players: int, config: GameConfig, stacks: int | Sequence[int] | None, *,
                 seat: int, opponents: Any, seed: int) -> None:
        players = check_int(players, "players", what="an int 2..10")
        if not 2 <= players <= 10:
            raise ConfigError(f"a table seats 2 to 10 players (R10), got {players}")
        seat = check_int(seat, "seat", what=f"an int 0..{players - 1}")
        if not 0 <= seat < players:
            raise ConfigError(f"seat must be 0..{players - 1}, got {seat}")
        self.players = players
        self.seat = seat
        self.config = config
        self.start = starting_stacks(stacks, players, config)
        others = [s for s in range(players) if s != seat]
        self.functions = opponent_functions(opponents, players, others, seed)
        # Every opponent the built-in random player: they play in C (Tables.play_random_until).
        self.random_opponents = _all_random(opponents)
        table_seed = int(np.random.SeedSequence([seed, 0]).generate_state(1, dtype=np.uint64)[0])
        self.tables = Tables(n, players, config, np.tile(np.array(self.start, dtype=np.int64), (n, 1)),
                             seed=table_seed)
        self.skipped = np.zeros(n, dtype=np.int64)
        self.total_chips = sum(self.start)
        self._legal: Legal | None = None
        self._view: Observation | None = None

    def __copy__(self) -> Arena:
        """An independent copy, as ``copy.deepcopy``: the copy's tables, card streams and
        opponents' generators are its own (a shallow copy would share the engine)."""
        return copy.deepcopy(self)

    def legal(self) -> Legal:
        """``tables.legal()``, kept until the tables next change."""
        if self._legal is None:
            self._legal = self.tables.legal()
        return self._legal

    def view(self) -> Observation:
        """``tables.observe(seat)`` (the learner's view), kept until the tables next change."""
        if self._view is None:
            self._view = self.tables.observe(self.seat)
        return self._view

    def _changed(self) -> None:
        self._legal = None
        self._view = None

    @property
    def n(self) -> int:
        """Number of tables."""
        return int(self.tables.n)

    def _play_opponents(self, active: npt.NDArray[np.bool_]) -> None:
        """Let the opponents act in the ``active`` tables until the learner is to act or the hand
        is over."""
        tables = self.tables
        self._changed()
        if self.random_opponents:
            tables.play_random_until(self.seat, active)
            return
        while True:
            legal = tables.legal()
            turn = active & (legal.actor >= 0) & (legal.actor != self.seat)
            if not turn.any():
                return
            kind, amount = act_by_seat(self.functions, tables.observe(), legal, turn)
            tables.step(kind, amount, mask=turn)

    def deal(self, mask: npt.NDArray[np.bool_] | None = None) -> None:
        """Deal a new hand in every table (or the ``mask`` tables) and play it up to the
        learner's first action; ``skipped`` is reset for those tables, then holds the chips of
        hands dealt meanwhile in which the learner never acted.

        Raises
        ------
        RuntimeError
            After :data:`MAX_REDEALS` such hands in a row in one table.
        """
        todo = np.ones(self.n, dtype=bool) if mask is None else np.asarray(mask, dtype=bool).copy()
        self.skipped[todo] = 0
        for _ in range(MAX_REDEALS):
            if not todo.any():
                return
            self.tables.reset(todo)
            self._changed()
            self._play_opponents(todo)
            over = todo & (self.legal().actor < 0)
            self.skipped[over] += self.tables.rewards[over, self.seat]
            todo = over
        raise RuntimeError(f"seat {self.seat} never got to act in {MAX_REDEALS} hands in a row "
                           f"(tables {np.flatnonzero(todo)[:5].tolist()})")

    def step(self, kind: npt.NDArray[np.integer[Any]], amount: npt.NDArray[np.integer[Any]]
             ) -> npt.NDArray[np.bool_]:
        """Apply the learner's action in every table where it is to act, then let the
        opponents play on; returns the tables whose hand is now over (their chips are in
        ``tables.rewards[:, seat]``)."""
        turn = self.legal().actor == self.seat
        self.tables.step(kind, amount, mask=turn)
        self._changed()
        self._play_opponents(turn)
        over: npt.NDArray[np.bool_] = turn & (self.legal().actor < 0)
        return over

    def observation(self, actions: ActionSet, exact: bool) -> dict[str, npt.NDArray[Any]]:
        """The learner's batched observation, with its ``action_mask`` (and, with ``exact``,
        the legal raise-to range ``min_to``/``max_to``, -1 when no raise is allowed)."""
        legal = self.legal()
        out = seat_view(self.view(), self.players)
        mine = legal.actor == self.seat
        mask = actions.mask(legal) if not exact else _exact_mask(actions, legal)
        out["action_mask"] = np.where(mine[:, None], mask, 0).astype(np.int8)
        if exact:
            out["min_to"] = np.where(mine, legal.min_to, -1).astype(np.int64).reshape(-1, 1)
            out["max_to"] = np.where(mine, legal.max_to, -1).astype(np.int64).reshape(-1, 1)
        return out


def _all_random(opponents: Any) -> bool:
    """Whether every opponent is the built-in random player, named (``"random"``)."""
    chosen = ([opponents] if policy_kind(opponents) == "name" else list(opponents) if isinstance(opponents, Sequence)
              else [])
    return bool(chosen) and all(policy_key(p) == "random" for p in chosen)


def _exact_mask(actions: ActionSet, legal: Legal) -> npt.NDArray[np.int8]:
    """``(n, 3)`` mask of the exact-amount kinds: fold, check/call, bet/raise."""
    full = actions.mask(legal)
    return np.stack([full[:, 0], full[:, 1], (legal.actor >= 0) & (legal.min_to >= 0)], axis=1).astype(np.int8)


def no_limit() -> GameConfig:
    """The default game of the adapters: no limit, blinds 1/2.

    >>> cfg = no_limit()
    >>> cfg.structure.name, cfg.small_blind, cfg.big_blind
    ('NO_LIMIT', 1, 2)
    """
    return GameConfig(Structure.NO_LIMIT, 1, 2)
