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

import copy
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from gymnasium.envs.registration import EnvSpec

from .._validate import check_bool, check_int, echo
from ..errors import ConfigError, InputError, InputTypeError
from ..game.config import GameConfig
from .actions import ActionSet, action_index, exact_action
from .arena import Arena, no_limit
from .registration import ENTRY_POINT, HOLDEM_ID, VECTOR_ENTRY_POINT

__all__ = ["HoldemEnv", "HoldemVectorEnv", "RENDER_FPS", "observation_space", "action_space"]

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
    legal = arena.legal()
    if exact:
        if not isinstance(action, dict) or set(action) != {"kind", "amount"}:
            raise InputTypeError(f"an exact-amount action is a dict with 'kind' and 'amount', "
                                 f"got {echo(action)}")
        kinds = np.asarray(action["kind"]).reshape(arena.n)
        amounts = np.asarray(action["amount"]).reshape(arena.n)
        return actions.decode_exact(kinds, amounts, legal, strict=strict)
    return actions.decode(np.asarray(action).reshape(arena.n), arena.view(), legal, strict=strict)


RENDER_FPS = 4
"""``metadata["render_fps"]`` of the environments: ``ansi`` frames are text, shown at most this
often by a viewer that paces them."""


def _rows(batch: Obs, rows: npt.NDArray[np.intp]) -> list[Obs]:
    """The observation dicts of the tables ``rows`` (each holds views of one copied batch)."""
    keys = list(batch)
    columns = [list(batch[key][rows]) for key in keys]
    return [dict(zip(keys, values)) for values in zip(*columns)]


def _render_line(o: Obs) -> str:
    from ..cards import card_str

    board = " ".join(card_str(int(c)) for c in o["board"] if c >= 0) or "-"
    hole = " ".join(card_str(int(c)) for c in o["hole"] if c >= 0)
    return (f"street {int(o['street'][0])} board {board} | you {hole} | pot {int(o['pot'][0])} "
            f"to call {int(o['to_call'][0])} | stacks {o['stacks'].tolist()}")


def _render_mode(render_mode: object) -> str | None:
    if render_mode not in (None, "ansi"):
        raise ConfigError(f"render_mode must be None or 'ansi', got {echo(render_mode)}")
    return None if render_mode is None else "ansi"


def _autoreset_mode(mode: object) -> AutoresetMode:
    """``mode`` as an ``AutoresetMode`` (its value, e.g. ``"NextStep"``, is accepted too)."""
    if isinstance(mode, AutoresetMode):
        return mode
    try:
        return AutoresetMode(mode)
    except ValueError:
        names = ", ".join(f"AutoresetMode.{m.name}" for m in AutoresetMode)
        raise ConfigError(f"autoreset_mode must be one of {names} (or its value), got {echo(mode)}") from None


def _reset_mask(mask: object, n: int) -> npt.NDArray[np.bool_]:
    """Check ``options["reset_mask"]`` as Gymnasium's own vector envs do."""
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_:
        raise ConfigError(f"options['reset_mask'] must be a NumPy bool array, got {echo(mask)}")
    if mask.shape != (n,):
        raise ConfigError(f"options['reset_mask'] must have shape ({n},), got {mask.shape}")
    if not mask.any():
        raise ConfigError("options['reset_mask'] must be true for at least one table")
    return mask.copy()


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
        self._kwargs: dict[str, Any] = {"players": players, "opponents": opponents, "seat": seat, "config": config,
                                        "stacks": stacks, "actions": actions, "exact_amounts": exact_amounts,
                                        "strict": strict, "seed": seed}
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

    def __copy__(self) -> _Learner:
        """An independent copy, as ``copy.deepcopy``: the copy's tables, card streams and
        opponents' generators are its own (a shallow copy would share the engine)."""
        return copy.deepcopy(self)

    def _env_spec(self, **extra: Any) -> EnvSpec:
        """The spec ``gymnasium.make`` (``make_vec`` with ``extra``) would give this env."""
        kwargs = {**self._kwargs, **extra}
        return EnvSpec(HOLDEM_ID, entry_point=ENTRY_POINT, vector_entry_point=VECTOR_ENTRY_POINT, kwargs=kwargs)


class HoldemEnv(_Learner, gym.Env[Obs, Any]):
    """One table of no-limit (or any ``config``) hold'em: the learner at ``seat`` against
    ``opponents`` (see the module docstring for observations, actions and rewards).

    Registered with Gymnasium as ``fastholdem/Holdem-v0`` (``gymnasium.make`` passes its
    keyword arguments here); an env built directly gets the same :attr:`spec`.

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
    >>> env = HoldemEnv(players=6, opponents="tight", seed=1, render_mode="ansi")
    >>> check_env(env)
    >>> env.spec.id
    'fastholdem/Holdem-v0'
    >>> obs, info = env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.step(1)   # check or call
    >>> env.render()[:6]
    'street'
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": RENDER_FPS}

    def __init__(self, players: int = 6, opponents: Any = "random", *, seat: int = 0,
                 config: GameConfig | None = None, stacks: int | Sequence[int] | None = None,
                 actions: ActionSet | None = None, exact_amounts: bool = False, strict: bool = False,
                 seed: int | None = None, render_mode: str | None = None) -> None:
        self.render_mode = _render_mode(render_mode)
        self.observation_space, self.action_space = self._setup(
            1, players, opponents, seat, config, stacks, actions, exact_amounts, strict, seed)
        self.spec = self._env_spec(**({} if render_mode is None else {"render_mode": render_mode}))
        self._last: Obs | None = None

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Deal the next hand (a new card stream when ``seed`` is given) up to the learner's
        first action."""
        super().reset(seed=seed)
        self._deal(seed, self.np_random)
        bb = self.config.big_blind
        obs = _rows(self._arena.observation(self.actions, self.exact), _FIRST)[0]
        self._last = obs
        return obs, {"skipped": float(self._arena.skipped[0]) / bb}

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the opponents up to the learner's next action or the
        end of the hand."""
        if not self._dealt or self._arena.legal().actor[0] != self._arena.seat:
            raise RuntimeError("call reset() first: the hand is over")
        batch: Any
        if self.exact:
            k, x = exact_action(action, "the learner")
            batch = {"kind": np.array([k]), "amount": np.array([x])}
        else:
            batch = np.array([action_index(action, "the learner", self.actions)])
        kind, amount = _decode(self._arena, self.actions, self.exact, self.strict, batch)
        over = bool(self._arena.step(kind, amount)[0])
        reward = float(self._arena.tables.rewards[0, self._arena.seat]) / self.config.big_blind if over else 0.0
        obs = _rows(self._arena.observation(self.actions, self.exact), _FIRST)[0]
        self._last = obs
        return obs, reward, over, False, {}

    def render(self) -> str | None:
        """A line of text: street, board, the learner's cards, pot and stacks (``ansi``)."""
        if self.render_mode != "ansi" or self._last is None:
            return None
        return _render_line(self._last)


_FIRST = np.zeros(1, dtype=np.intp)


class HoldemVectorEnv(_Learner, gym.vector.VectorEnv[Obs, Any, npt.NDArray[Any]]):
    """``num_envs`` tables stepped together on the vector engine, each a :class:`HoldemEnv`.

    ``gymnasium.make_vec("fastholdem/Holdem-v0", num_envs=...)`` builds one (the vector entry
    point; ``fastholdem/HoldemVector-v0`` too). All tables draw from one card stream, so
    ``reset`` takes one int ``seed``.

    Autoreset (``autoreset_mode``, also in ``metadata["autoreset_mode"]``), as Gymnasium's own
    vector envs do it (https://farama.org/Vector-Autoreset-Mode):

    ``AutoresetMode.SAME_STEP`` (the default)
        When a table's hand ends, ``step`` returns its reward and ``terminated=True`` together
        with the first observation of its next hand. The last observation of the finished hand
        is in ``infos["final_obs"]`` (an object array, with the mask ``infos["_final_obs"]``),
        its step info in ``infos["final_info"]``, and ``infos["skipped"]`` (mask
        ``infos["_skipped"]``) holds the big blinds of the hands dealt past meanwhile.
    ``AutoresetMode.NEXT_STEP``
        ``step`` returns the last observation of the finished hand with its reward and
        ``terminated=True``; the next ``step`` ignores that table's action, deals its next
        hand and returns the hand's first observation with reward 0, ``terminated=False`` and
        the deal's ``infos["skipped"]``. Gymnasium's observation wrappers
        (``gymnasium.wrappers.vector.FlattenObservation`` and friends) need this mode or
        ``DISABLED``; Gymnasium's own vector envs default to it.
    ``AutoresetMode.DISABLED``
        A finished table stays finished until ``reset(options={"reset_mask": mask})`` deals
        the tables of ``mask`` (``step`` refuses to run while a finished table waits).

    Parameters are those of :class:`HoldemEnv` plus ``num_envs`` and ``autoreset_mode``
    (an ``AutoresetMode`` or its value, e.g. ``"NextStep"``).

    Examples
    --------
    >>> envs = HoldemVectorEnv(8, players=6, opponents="tight", seed=3)
    >>> obs, info = envs.reset(seed=3)
    >>> obs["action_mask"].shape
    (8, 6)
    >>> obs, rewards, terminated, truncated, info = envs.step(np.ones(8, dtype=np.int64))
    >>> rewards.shape, rewards.dtype
    ((8,), dtype('float64'))
    >>> from gymnasium.wrappers.vector import FlattenObservation
    >>> flat = FlattenObservation(HoldemVectorEnv(4, players=2, autoreset_mode=AutoresetMode.NEXT_STEP))
    >>> flat.reset(seed=1)[0].shape
    (4, 24)
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": ["ansi"],
                                "render_fps": RENDER_FPS}

    def __init__(self, num_envs: int, players: int = 6, opponents: Any = "random", *, seat: int = 0,
                 config: GameConfig | None = None, stacks: int | Sequence[int] | None = None,
                 actions: ActionSet | None = None, exact_amounts: bool = False, strict: bool = False,
                 seed: int | None = None, render_mode: str | None = None,
                 autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP) -> None:
        num_envs = check_int(num_envs, "num_envs", what="a positive int")
        if num_envs < 1:
            raise ConfigError(f"num_envs must be at least 1, got {num_envs}")
        self.num_envs = num_envs
        self.render_mode = _render_mode(render_mode)
        self.autoreset_mode = _autoreset_mode(autoreset_mode)
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        self.single_observation_space, self.single_action_space = self._setup(
            num_envs, players, opponents, seat, config, stacks, actions, exact_amounts, strict, seed)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        extra: dict[str, Any] = {"num_envs": num_envs, "autoreset_mode": self.autoreset_mode}
        if render_mode is not None:
            extra["render_mode"] = render_mode
        self.spec = self._env_spec(**extra, vectorization_mode="vector_entry_point")
        # NEXT_STEP: tables whose hand ended at the last step (dealt at the next one);
        # DISABLED: finished tables waiting for reset(options={"reset_mask": ...}).
        self._waiting = np.zeros(num_envs, dtype=bool)
        self._last: Obs | None = None

    def reset(self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Obs, dict[str, Any]]:
        """Deal a new hand in every table (one card stream for all tables: ``seed`` is an int),
        or only in the tables of ``options["reset_mask"]`` (a bool array, no seed)."""
        if isinstance(seed, list):
            raise InputTypeError("HoldemVectorEnv takes one int seed for all its tables, not a list")
        bb = self.config.big_blind
        if options is not None and "reset_mask" in options:
            mask = _reset_mask(options["reset_mask"], self.num_envs)
            if seed is not None:
                raise ConfigError("reset with a reset_mask takes no seed: the tables share one card stream")
            if not self._dealt:
                raise RuntimeError("call reset() without a reset_mask first")
            self._arena.deal(mask)
            self._waiting &= ~mask
            infos = {"skipped": np.where(mask, self._arena.skipped, 0) / bb, "_skipped": mask}
        else:
            super().reset(seed=seed)
            self._deal(seed, self.np_random)
            self._waiting[:] = False
            infos = {"skipped": self._arena.skipped / bb, "_skipped": np.ones(self.num_envs, dtype=bool)}
        obs = self._arena.observation(self.actions, self.exact)
        self._last = obs
        return obs, infos

    def step(self, actions: Any) -> tuple[Obs, npt.NDArray[np.float64], npt.NDArray[np.bool_],
                                          npt.NDArray[np.bool_], dict[str, Any]]:
        """Play one learner action in every table, then autoreset as ``autoreset_mode`` says."""
        if not self._dealt:
            raise RuntimeError("call reset() first")
        arena = self._arena
        mode = self.autoreset_mode
        waiting = self._waiting
        if mode is AutoresetMode.DISABLED and waiting.any():
            raise RuntimeError(f"autoreset is disabled and the hands of tables {np.flatnonzero(waiting)[:5].tolist()} "
                               f"are over: deal them with reset(options={{'reset_mask': ...}}) first")
        kind, amount = _decode(arena, self.actions, self.exact, self.strict, actions)
        over = arena.step(kind, amount)
        bb = self.config.big_blind
        rewards = np.where(over, arena.tables.rewards[:, arena.seat], 0) / bb
        infos: dict[str, Any] = {}
        if mode is AutoresetMode.SAME_STEP:
            if over.any():
                rows = np.flatnonzero(over)
                final_obs = np.full(self.num_envs, None, dtype=object)
                for i, row in zip(rows, _rows(arena.observation(self.actions, self.exact), rows)):
                    final_obs[i] = row
                infos["final_obs"], infos["_final_obs"] = final_obs, over.copy()
                infos["final_info"], infos["_final_info"] = {}, over.copy()
                arena.deal(over)
                infos["skipped"], infos["_skipped"] = np.where(over, arena.skipped, 0) / bb, over.copy()
        else:
            if mode is AutoresetMode.NEXT_STEP and waiting.any():
                arena.deal(waiting)
                infos["skipped"], infos["_skipped"] = np.where(waiting, arena.skipped, 0) / bb, waiting
            self._waiting = over.copy()
        obs = arena.observation(self.actions, self.exact)
        self._last = obs
        return obs, rewards.astype(np.float64), over, np.zeros(self.num_envs, dtype=bool), infos

    def render(self) -> tuple[str, ...] | None:
        """A line of text per table, as :meth:`HoldemEnv.render` (``ansi``)."""
        if self.render_mode != "ansi" or self._last is None:
            return None
        return tuple(_render_line(o) for o in _rows(self._last, np.arange(self.num_envs)))
