"""PettingZoo environments of one table where every seat is an agent: AEC and parallel.

Agents are ``"player_0"`` ... ``"player_{players-1}"`` (the seat numbers). An episode is one
hand from the starting stacks; the button moves one seat per hand (R13). Each agent sees its
own view (the observation dict of :mod:`fastholdem.vector.gym_env`, seat arrays turned so
that index 0 is the agent itself). When the hand ends every agent gets its net chips in big
blinds as reward and is terminated. Needs the ``rl`` extra.

:class:`HoldemAECEnv` (:func:`holdem_aec_env`) is turn-based, as poker is: ``agent_selection``
is the seat to act. :class:`HoldemParallelEnv` (:func:`holdem_parallel_env`) asks every live
agent for an action at every step and plays only the action of the agent to act
(``infos[agent]["to_act"]``); the others' actions are ignored (send any, or none).

Action masks, in both: the agent to act gets the mask of its legal actions; every other
agent, and every agent once the hand is over, gets the "pass" mask with the one action
``1`` (check/call, :data:`PASS`), which is ignored (a terminated AEC agent steps ``None``).
So every agent asked for an action, through ``pettingzoo.utils.parallel_to_aec`` too, has
at least one legal action.

An action is an int (Python or NumPy) in ``0 .. actions.size - 1``; anything else (a float
such as ``1.7``, a string, a bool) is refused with
:class:`fastholdem.errors.InvalidActionError`.

>>> env = holdem_aec_env(players=3, seed=2)
>>> env.reset(seed=2)
>>> env.agent_selection, env.observe(env.agent_selection)["action_mask"].tolist()
('player_1', [1, 1, 1, 1, 1, 1])
>>> env.step(1)   # player_1 (the button) calls
>>> env.agent_selection
'player_2'

>>> env = holdem_parallel_env(players=3, seed=2)
>>> obs, infos = env.reset(seed=2)
>>> env.agents
['player_0', 'player_1', 'player_2']
>>> actor = next(a for a in env.agents if infos[a]["to_act"])
>>> obs, rewards, terminated, truncated, infos = env.step({actor: 1})
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]

from .._validate import check_bool, check_int, echo
from ..errors import ConfigError, InputError, InputTypeError, InvalidActionError
from ..game.config import GameConfig
from .actions import ActionSet
from .actions import action_index as _action_index
from .arena import no_limit, seat_view, starting_stacks
from .gym_env import RENDER_FPS, action_space, observation_space
from .tables import Tables

__all__ = ["HoldemAECEnv", "HoldemParallelEnv", "holdem_aec_env", "holdem_parallel_env", "PASS"]

Obs = dict[str, Any]

PASS = 1
"""The one action in the mask of an agent that is not to act (check/call; ignored)."""


class _OneTable:
    """What both PettingZoo envs share: one table of the vector engine, its agents and spaces,
    each agent's view, and one action of the agent to act."""

    metadata: dict[str, Any] = {"name": "fastholdem_holdem_v0", "render_modes": ["ansi"], "render_fps": RENDER_FPS}

    def _setup(self, players: int, config: GameConfig | None, stacks: int | Sequence[int] | None,
               actions: ActionSet | None, strict: bool, seed: int | None, render_mode: str | None) -> None:
        players = check_int(players, "players", what="an int 2..10")
        if not 2 <= players <= 10:
            raise ConfigError(f"a table seats 2 to 10 players (R10), got {players}")
        if actions is not None and not isinstance(actions, ActionSet):
            raise InputTypeError(f"actions must be an ActionSet, got {echo(actions)}")
        check_bool(strict, "strict")
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode must be None or 'ansi', got {echo(render_mode)}")
        self.render_mode = render_mode
        self.players = players
        self.config = config if config is not None else no_limit()
        self.start = starting_stacks(stacks, players, self.config)
        self.actions = actions if actions is not None else ActionSet()
        self.strict = strict
        self.possible_agents = [f"player_{k}" for k in range(players)]
        self.agents: list[str] = []
        total = sum(self.start)
        obs_space = observation_space(players, total, self.actions, False)
        act_space = action_space(total, self.actions, False)
        self._observation_spaces = {a: obs_space for a in self.possible_agents}
        self._action_spaces = {a: act_space for a in self.possible_agents}
        self._seed = None if seed is None else check_int(seed, "seed", what="an int or None")
        self._tables: Tables | None = None

    def __copy__(self) -> _OneTable:
        """An independent copy, as ``copy.deepcopy``: the copy's tables, card streams and
        opponents' generators are its own (a shallow copy would share the engine)."""
        return copy.deepcopy(self)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object every time)."""
        return self._action_spaces[agent]

    def _deal(self, seed: int | None) -> Tables:
        """A new hand (on a new card stream when ``seed`` is given); every agent is live."""
        if seed is not None or self._tables is None:
            if seed is not None:
                fresh = check_int(seed, "seed", what="an int or None")
            else:
                fresh = self._seed if self._seed is not None else int(np.random.SeedSequence().generate_state(1)[0])
            self._tables = Tables(1, self.players, self.config, np.array([self.start], dtype=np.int64), seed=fresh)
        self._tables.reset()
        self.agents = list(self.possible_agents)
        return self._tables

    def _actor(self) -> int:
        """The seat to act, -1 once the hand is over."""
        assert self._tables is not None
        return int(self._tables.legal().actor[0])

    def _view(self, k: int, mask: npt.NDArray[np.int8]) -> Obs:
        """Seat ``k``'s observation with ``mask`` as its action mask."""
        assert self._tables is not None
        obs = {key: value[0] for key, value in seat_view(self._tables.observe(k), self.players).items()}
        obs["action_mask"] = mask
        return obs

    def _masks(self) -> tuple[int, npt.NDArray[np.int8], npt.NDArray[np.int8]]:
        """The seat to act (-1: none), its legal mask, and the pass mask of everyone else."""
        assert self._tables is not None
        legal = self._tables.legal()
        passing = np.zeros(self.actions.size, dtype=np.int8)
        passing[PASS] = 1
        actor = int(legal.actor[0])
        return actor, (self.actions.mask(legal)[0] if actor >= 0 else passing), passing

    def _mask(self, k: int) -> npt.NDArray[np.int8]:
        """Seat ``k``'s action mask: its legal actions when it is to act, else the pass mask."""
        actor, legal, passing = self._masks()
        return legal if k == actor else passing

    def _play(self, agent: str, action: object) -> bool:
        """Play ``agent``'s (the actor's) action; whether the hand is now over."""
        tables = self._tables
        assert tables is not None
        index = _action_index(action, agent, self.actions)
        kind, amount = self.actions.decode(np.array([index], dtype=np.int64), tables.observe(), tables.legal(),
                                           strict=self.strict)
        tables.step(kind, amount)
        return self._actor() < 0

    def _rewards(self) -> dict[str, float]:
        """Every agent's net chips of the finished hand, in big blinds."""
        assert self._tables is not None
        bb = self.config.big_blind
        return {a: float(self._tables.rewards[0, k]) / bb for k, a in enumerate(self.possible_agents)}

    def render(self) -> str | None:
        """A line of text with the board, the pot and the stacks (``ansi`` mode)."""
        if self.render_mode != "ansi" or self._tables is None:
            return None
        from ..cards import card_str

        o = self._tables.observe(0)
        board = " ".join(card_str(int(c)) for c in o.board[0] if c >= 0) or "-"
        return f"street {int(o.street[0])} board {board} | pot {int(o.pot[0])} | stacks {o.stacks[0].tolist()}"

    def close(self) -> None:
        """Nothing to release."""

    def state(self) -> npt.NDArray[Any]:
        """Not provided: a global state would reveal every hole card."""
        raise NotImplementedError(f"{type(self).__name__} has no global state")


class HoldemAECEnv(_OneTable, AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """See :func:`holdem_aec_env`.

    >>> env = HoldemAECEnv(players=2, seed=4)
    >>> env.reset(seed=4)
    >>> for agent in env.agent_iter():
    ...     obs, reward, terminated, truncated, info = env.last()
    ...     env.step(None if terminated else 1)   # check or call down
    >>> env.agents, sorted(env.rewards)
    ([], [])
    """

    def __init__(self, players: int = 6, *, config: GameConfig | None = None,
                 stacks: int | Sequence[int] | None = None, actions: ActionSet | None = None,
                 strict: bool = False, seed: int | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        self._setup(players, config, stacks, actions, strict, seed, render_mode)
        self.agent_selection = self.possible_agents[0]
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (a new card stream when ``seed`` is given); the seat to act is
        ``agent_selection``."""
        self._deal(seed)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._actor()]

    def observe(self, agent: str) -> Obs:
        """``agent``'s view; its ``action_mask`` is the pass mask unless it is to act."""
        if self._tables is None:
            raise RuntimeError("call reset() first")
        k = self.possible_agents.index(agent)
        return self._view(k, self._mask(k))

    def step(self, action: Any) -> None:
        """Play ``agent_selection``'s action (``None`` once it is terminated)."""
        agent = self.agent_selection
        if not self.agents:
            raise RuntimeError("call reset() first: the hand is over")
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self._play(agent, action):
            self.rewards = self._rewards()
            self.terminations = {a: True for a in self.agents}
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.possible_agents[self._actor()]
        self._accumulate_rewards()


class HoldemParallelEnv(_OneTable, ParallelEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """See :func:`holdem_parallel_env`.

    >>> env = HoldemParallelEnv(players=3, seed=4)
    >>> observations, infos = env.reset(seed=4)
    >>> env.possible_agents, sorted(observations["player_0"])[:2]
    (['player_0', 'player_1', 'player_2'], ['action_mask', 'bets'])
    >>> [(a, infos[a]["to_act"], observations[a]["action_mask"].tolist()) for a in env.agents][:2]
    [('player_0', False, [0, 1, 0, 0, 0, 0]), ('player_1', True, [1, 1, 1, 1, 1, 1])]
    """

    metadata: dict[str, Any] = {**_OneTable.metadata, "is_parallelizable": True}

    def __init__(self, players: int = 6, *, config: GameConfig | None = None,
                 stacks: int | Sequence[int] | None = None, actions: ActionSet | None = None,
                 strict: bool = False, seed: int | None = None, render_mode: str | None = None) -> None:
        self._setup(players, config, stacks, actions, strict, seed, render_mode)

    def _observe(self) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """Every agent's view and info: the actor's legal mask, the others' pass mask."""
        actor, legal, passing = self._masks()
        obs, infos = {}, {}
        for k, agent in enumerate(self.possible_agents):
            obs[agent] = self._view(k, legal if k == actor else passing.copy())
            infos[agent] = {"to_act": k == actor}
        return obs, infos

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """Deal a new hand (a new card stream when ``seed`` is given)."""
        self._deal(seed)
        return self._observe()

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, dict[str, Any]]]:
        """Play the action of the agent to act; the others' actions are ignored."""
        if self._tables is None or not self.agents:
            raise RuntimeError("call reset() first: the hand is over")
        agent = self.possible_agents[self._actor()]
        if not isinstance(actions, dict) or agent not in actions:
            raise InvalidActionError(f"{agent} is to act: actions must be a dict that includes it, got {echo(actions)}")
        over = self._play(agent, actions[agent])
        agents = list(self.agents)
        obs, infos = self._observe()
        rewards = self._rewards() if over else {a: 0.0 for a in agents}
        terminated = {a: over for a in agents}
        truncated = {a: False for a in agents}
        if over:
            self.agents = []
        return obs, rewards, terminated, truncated, infos


def holdem_aec_env(players: int = 6, *, config: GameConfig | None = None,
                   stacks: int | Sequence[int] | None = None, actions: ActionSet | None = None,
                   strict: bool = False, seed: int | None = None, render_mode: str | None = None) -> HoldemAECEnv:
    """A PettingZoo ``AECEnv`` of one table where every seat is an agent, in turn.

    Parameters are those of :func:`holdem_parallel_env`.

    Examples
    --------
    >>> import warnings
    >>> from pettingzoo.test import api_test
    >>> with warnings.catch_warnings():   # api_test advises against dict observations (but its own envs')
    ...     warnings.filterwarnings("ignore", "Observation (is not a NumPy array|space for each agent probably)")
    ...     api_test(holdem_aec_env(players=4, seed=1), num_cycles=200)
    Starting API test
    Passed API test
    """
    return HoldemAECEnv(players, config=config, stacks=stacks, actions=actions, strict=strict, seed=seed,
                        render_mode=render_mode)


def holdem_parallel_env(players: int = 6, *, config: GameConfig | None = None,
                        stacks: int | Sequence[int] | None = None, actions: ActionSet | None = None,
                        strict: bool = False, seed: int | None = None,
                        render_mode: str | None = None) -> HoldemParallelEnv:
    """A PettingZoo ``ParallelEnv`` of one table where every seat is an agent.

    Parameters
    ----------
    players:
        Seats (2-10).
    config:
        Game rules (default no limit, blinds 1/2).
    stacks:
        Starting stack of every seat, or one per seat (default 100 big blinds).
    actions:
        The discrete action set (default ``ActionSet()``).
    strict:
        Raise ``ValueError`` on an action the mask forbids instead of checking or calling.
    seed:
        Seed used when ``reset`` is first called without one: the same seed deals the same hands.
    render_mode:
        ``None`` or ``"ansi"``.

    Examples
    --------
    >>> from pettingzoo.test import parallel_api_test
    >>> parallel_api_test(holdem_parallel_env(players=4, seed=1), num_cycles=200)
    Passed Parallel API test
    """
    return HoldemParallelEnv(players, config=config, stacks=stacks, actions=actions, strict=strict, seed=seed,
                             render_mode=render_mode)
