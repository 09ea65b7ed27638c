"""Gymnasium environments: one learning seat against fixed vectorised opponents.

:class:`HoldemEnv` is a ``gymnasium.Env`` over one table; :class:`HoldemVectorEnv` a
``gymnasium.vector.VectorEnv`` over ``num_envs`` tables stepped together by the vector
engine. An episode is one hand; every hand starts from the starting stacks and the button
moves one seat per hand (R13). Needs the ``rl`` extra (``pip install ".[rl]"`` from a checkout).

Observation (a dict; seat arrays are turned so that index 0 is the learner, index 1 the
next seat clockwise, ...):

========================  =====================================================================
``hole``                  int8 (2,): the learner's hole cards (card ids 0-51, R2)
``board``                 int8 (5,): the board, -1 for cards not dealt yet
``street``                int8 (1,): 0 preflop, 1 flop, 2 turn, 3 river, 4 hand over
``position``              int8 (1,): (seat - button) % players, 0 = button
``stacks``, ``bets``      int64 (players,): chips behind / put in this betting round
``folded``                int8 (players,): 1 for a seat that folded
``pot``                   int64 (1,): every chip put in this hand
``to_call``               int64 (1,): chips the learner must add to call
``raises``                int8 (1,): bets and raises this round
``action_mask``           int8 (actions,): 1 for each legal action (all 0 once the hand is over)
``min_to``, ``max_to``    int64 (1,): legal raise-to range, -1 if none (``exact_amounts`` only)
========================  =====================================================================

Actions: ``Discrete(actions.size)`` of an :class:`fastholdem.vector.actions.ActionSet` (fold,
check/call, bet or raise to pot fractions, all-in), or with ``exact_amounts`` a dict
``{"kind": Discrete(3), "amount": Discrete(chips + 1)}``: 0 fold, 1 check/call, 2 bet or raise
to ``amount`` chips (clamped to the legal range). An action the mask forbids falls back to check/call (or raises
``ValueError`` with ``strict=True``).

Reward: the learner's net chips of the hand in big blinds, given when the hand ends (0 on
the other steps). Hands in which the learner never acts are dealt past; their chips are in
``info["skipped"]`` (big blinds) of the next ``reset`` (or, in the vector env, of the step
that deals them).

>>> env = HoldemEnv(players=3, opponents="station", seed=5)
>>> obs, info = env.reset(seed=5)
>>> sorted(obs)[:3], obs["action_mask"].shape, env.action_space
(['action_mask', 'bets', 'board'], (6,), Discrete(6))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .._validate import check_bool, check_int, echo
from ..game.config import GameConfig
from .actions import ActionSet
from .arena import Arena, no_limit
from ..errors import InputError, InputTypeError

__all__ = ["HoldemEnv", "HoldemVectorEnv", "observation_space", "action_space"]

Obs = dict[str, Any]


def observation_space(players: int, total: int, actions: ActionSet, exact: bool) -> spaces.Dict:
    """The observation space of one table (``total``: chips in play, bounds stacks and pots).

    >>> sorted(observation_space(2, 400, ActionSet(), False).spaces)[:4]
    ['action_mask', 'bets', 'board', 'folded']
    """
    def box(low: int, high: int, shape: tuple[int, ...], dtype: Any) -> spaces.Box:
        return spaces.Box(low=low, high=high, shape=shape, dtype=dtype)

    fields: dict[str, spaces.Space[Any]] = {
        "hole": box(-1, 51, (2,), np.int8),
        "board": box(-1, 51, (5,), np.int8),
        "street": box(0, 4, (1,), np.int8),
        "position": box(0, players - 1, (1,), np.int8),
        "stacks": box(0, total, (players,), np.int64),
        "bets": box(0, total, (players,), np.int64),
        "folded": box(0, 1, (players,), np.int8),
        "pot": box(0, total, (1,), np.int64),
        "to_call": box(0, total, (1,), np.int64),
        "raises": box(0, 127, (1,), np.int8),
        "action_mask": box(0, 1, (3 if exact else actions.size,), np.int8),
    }
    if exact:
        fields["min_to"] = box(-1, total, (1,), np.int64)
        fields["max_to"] = box(-1, total, (1,), np.int64)
    return spaces.Dict(fields)


def action_space(total: int, actions: ActionSet, exact: bool) -> spaces.Space[Any]:
    """The action space of one table.

    >>> action_space(400, ActionSet(), False)
    Discrete(6)
    """
    if not exact:
        return spaces.Discrete(actions.size)
    # The amount is a Discrete of every chip count: an exact integer (a Box would be a float
    # range to normalise), clamped to the legal range when played.
    return spaces.Dict({"kind": spaces.Discrete(3), "amount": spaces.Discrete(total + 1)})


def _options(actions: ActionSet | None, exact_amounts: bool, strict: bool) -> ActionSet:
    check_bool(exact_amounts, "exact_amounts")
    check_bool(strict, "strict")
    if actions is None:
        return ActionSet()
    if not isinstance(actions, ActionSet):
        raise InputTypeError(f"actions must be an ActionSet, got {echo(actions)}")
    return actions


def _decode(arena: Arena, actions: ActionSet, exact: bool, strict: bool, action: Any
            ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]:
    """The engine's (kind, amount) arrays of a batch of actions (one per table)."""
    tables = arena.tables
    legal = tables.legal()
    if exact:
        if not isinstance(action, dict) or set(action) != {"kind", "amount"}:
            raise InputTypeError(f"an exact-amount action is a dict with 'kind' and 'amount', "
                                 f"got {echo(action)}")
        kinds = np.asarray(action["kind"]).reshape(arena.n)
        amounts = np.asarray(action["amount"]).reshape(arena.n)
        return actions.decode_exact(kinds, amounts, legal, strict=strict)
    return actions.decode(np.asarray(action).reshape(arena.n), tables.observe(), legal, strict=strict)


def _row(batch: Obs, i: int) -> Obs:
    return {key: value[i] for key, value in batch.items()}


class _Learner:
    """What both environments share: the arena of ``n`` tables with one learning seat, its
    spaces, and how seeds pick its card streams."""

    actions: ActionSet
    exact: bool
    strict: bool
    config: GameConfig
    _arena: Arena

    def _setup(self, n: int, players: int, opponents: Any, seat: int, config: GameConfig | None,
               stacks: int | Sequence[int] | None, actions: ActionSet | None, exact_amounts: bool, strict: bool,
               seed: int | None) -> tuple[spaces.Dict, spaces.Space[Any]]:
        """Check the arguments, build the arena (dealt on the first reset) and return the
        observation and action spaces of one table."""
        self.actions = _options(actions, exact_amounts, strict)
        self.exact = exact_amounts
        self.strict = strict
        self.config = config if config is not None else no_limit()
        self._spec = (n, players, opponents, seat, stacks)
        self._seed = None if seed is None else check_int(seed, "seed", what="an int or None")
        self._arena = self._new_arena(self._seed if self._seed is not None else 0)
        self._dealt = False
        total = self._arena.total_chips
        return (observation_space(self._arena.players, total, self.actions, exact_amounts),
                action_space(total, self.actions, exact_amounts))

    def _new_arena(self, seed: int) -> Arena:
        n, players, opponents, seat, stacks = self._spec
        return Arena(n, players, self.config, stacks, seat=seat, opponents=opponents, seed=seed)

    def _deal(self, seed: int | None, rng: np.random.Generator) -> None:
        """A new card stream for ``seed`` (or, at the first reset without a seed given anywhere,
        one drawn from ``rng``), then a new hand in every table."""
        if seed is not None:
            self._arena = self._new_arena(check_int(seed, "seed", what="an int or None"))
        elif not self._dealt and self._seed is None:
            self._arena = self._new_arena(int(rng.integers(2**62)))
        self._arena.deal()
        self._dealt = True


class HoldemEnv(_Learner, gym.Env[Obs, Any]):
    """One table of no-limit (or any ``config``) hold'em: the learner at ``seat`` against
    ``opponents`` (see the module docstring for observations, actions and rewards).

    Parameters
    ----------
    players:
        Seats at the table (2-10).
    opponents:
        A built-in policy name (``random``, ``station``, ``tight``) or a vectorised policy for
        every other seat, or a sequence of them, one per other seat in seat order.
    seat:
        The learner's seat.
    config:
        Game rules (default no limit, blinds 1/2).
    stacks:
        Starting stack of every seat, or one per seat (default 100 big blinds).
    actions:
        The discrete action set (default ``ActionSet()``: fold, check/call, 1/2, 3/4 and 1 pot,
        all-in).
    exact_amounts:
        Use the ``{"kind", "amount"}`` action space instead.
    strict:
        Raise ``ValueError`` on an action the mask forbids instead of checking or calling.
    seed:
        Seed used when ``reset`` is first called without one: the same seed deals the same hands.
    render_mode:
        ``None`` or ``"ansi"`` (``render()`` returns a line of text).

    Examples
    --------
    >>> from gymnasium.utils.env_checker import check_env
    >>> env = HoldemEnv(players=6, opponents="tight", seed=1)
    >>> check_env(env, skip_render_check=True)
    >>> obs, info = env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.step(1)   # check or call
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}

    def __init__(self, players: int = 6, opponents: Any = "random", *, seat: int = 0,
                 config: GameConfig | None = None, stacks: int | Sequence[int] | None = None,
                 actions: ActionSet | None = None, exact_amounts: bool = False, strict: bool = False,
                 seed: int | None = None, render_mode: str | None = None) -> None:
        if render_mode not in (None, "ansi"):
            raise InputError(f"render_mode must be None or 'ansi', got {echo(render_mode)}")
        self.render_mode = render_mode
        self.observation_space, self.action_space = self._setup(
            1, players, opponents, seat, config, stacks, actions, exact_amounts, strict, seed)
        self._last: Obs | None = None

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Deal the next hand (a new card stream when ``seed`` is given) up to the learner's
        first action."""
        super().reset(seed=seed)
        self._deal(seed, self.np_random)
        bb = self.config.big_blind
        obs = _row(self._arena.observation(self.actions, self.exact), 0)
        self._last = obs
        return obs, {"skipped": float(self._arena.skipped[0]) / bb}

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the opponents up to the learner's next action or the
        end of the hand."""
        if not self._dealt or self._arena.tables.legal().actor[0] != self._arena.seat:
            raise RuntimeError("call reset() first: the hand is over")
        if self.exact:
            batch = {"kind": np.asarray(action["kind"]).reshape(1),
                     "amount": np.asarray(action["amount"]).reshape(1)} if isinstance(action, dict) else action
        else:
            batch = np.asarray(action).reshape(1)
        kind, amount = _decode(self._arena, self.actions, self.exact, self.strict, batch)
        over = bool(self._arena.step(kind, amount)[0])
        reward = float(self._arena.tables.rewards[0, self._arena.seat]) / self.config.big_blind if over else 0.0
        obs = _row(self._arena.observation(self.actions, self.exact), 0)
        self._last = obs
        return obs, reward, over, False, {}

    def render(self) -> str | None:
        """A line of text: street, board, the learner's cards, pot and stacks (``ansi``)."""
        if self.render_mode != "ansi" or self._last is None:
            return None
        from ..cards import card_str

        o = self._last
        board = " ".join(card_str(int(c)) for c in o["board"] if c >= 0) or "-"
        hole = " ".join(card_str(int(c)) for c in o["hole"] if c >= 0)
        return (f"street {int(o['street'][0])} board {board} | you {hole} | pot {int(o['pot'][0])} "
                f"to call {int(o['to_call'][0])} | stacks {o['stacks'].tolist()}")


class HoldemVectorEnv(_Learner, gym.vector.VectorEnv[Obs, Any, npt.NDArray[Any]]):
    """``num_envs`` tables stepped together on the vector engine, each a :class:`HoldemEnv`.

    Autoreset: ``AutoresetMode.SAME_STEP`` (``metadata["autoreset_mode"]``). When a table's
    hand ends, ``step`` returns its reward and ``terminated=True`` together with the first
    observation of its next hand; the last observation of the finished hand is in
    ``infos["final_obs"]`` (an object array, as gymnasium's ``SyncVectorEnv`` gives it, with
    the mask ``infos["_final_obs"]``), and ``infos["skipped"]`` holds the big blinds of hands
    dealt past meanwhile.

    Parameters are those of :class:`HoldemEnv` plus ``num_envs``.

    Examples
    --------
    >>> envs = HoldemVectorEnv(8, players=6, opponents="tight", seed=3)
    >>> obs, info = envs.reset(seed=3)
    >>> obs["action_mask"].shape
    (8, 6)
    >>> obs, rewards, terminated, truncated, info = envs.step(np.ones(8, dtype=np.int64))
    >>> rewards.shape, rewards.dtype
    ((8,), dtype('float64'))
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int, players: int = 6, opponents: Any = "random", *, seat: int = 0,
                 config: GameConfig | None = None, stacks: int | Sequence[int] | None = None,
                 actions: ActionSet | None = None, exact_amounts: bool = False, strict: bool = False,
                 seed: int | None = None) -> None:
        num_envs = check_int(num_envs, "num_envs", what="a positive int")
        if num_envs < 1:
            raise InputError(f"num_envs must be at least 1, got {num_envs}")
        self.num_envs = num_envs
        self.single_observation_space, self.single_action_space = self._setup(
            num_envs, players, opponents, seat, config, stacks, actions, exact_amounts, strict, seed)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def reset(self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Obs, dict[str, Any]]:
        """Deal a new hand in every table (one card stream for all tables: ``seed`` is an int)."""
        if isinstance(seed, list):
            raise InputTypeError("HoldemVectorEnv takes one int seed for all its tables, not a list")
        super().reset(seed=seed)
        self._deal(seed, self.np_random)
        return self._arena.observation(self.actions, self.exact), \
            {"skipped": self._arena.skipped / self.config.big_blind}

    def step(self, actions: Any) -> tuple[Obs, npt.NDArray[np.float64], npt.NDArray[np.bool_],
                                          npt.NDArray[np.bool_], dict[str, Any]]:
        """Play one learner action in every table; finished tables deal their next hand."""
        if not self._dealt:
            raise RuntimeError("call reset() first")
        kind, amount = _decode(self._arena, self.actions, self.exact, self.strict, actions)
        over = self._arena.step(kind, amount)
        bb = self.config.big_blind
        rewards = np.where(over, self._arena.tables.rewards[:, self._arena.seat], 0) / bb
        infos: dict[str, Any] = {}
        if over.any():
            final = self._arena.observation(self.actions, self.exact)
            final_obs = np.full(self.num_envs, None, dtype=object)
            for i in np.flatnonzero(over):
                final_obs[i] = _row(final, int(i))
            infos["final_obs"], infos["_final_obs"] = final_obs, over.copy()
            self._arena.deal(over)
            infos["skipped"] = np.where(over, self._arena.skipped, 0) / bb
            infos["_skipped"] = over.copy()
        obs = self._arena.observation(self.actions, self.exact)
        truncated = np.zeros(self.num_envs, dtype=bool)
        return obs, rewards.astype(np.float64), over, truncated, infos
