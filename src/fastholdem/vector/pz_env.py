"""A PettingZoo ``ParallelEnv``: every seat of one table is an agent.

Agents are ``"player_0"`` ... ``"player_{players-1}"`` (the seat numbers). An episode is one
hand from the starting stacks; the button moves one seat per hand (R13). At every step each
live agent gets its own view (the observation dict of :mod:`fastholdem.vector.gym_env`, seat
arrays turned so that index 0 is the agent itself); only the agent to act has a non-zero
``action_mask``, and only its action is played: the others' actions are ignored (send any,
or none). When the hand ends every agent gets its net chips in big blinds as reward and
``terminated=True``, and ``agents`` becomes empty. Needs the ``rl`` extra.

>>> env = holdem_parallel_env(players=3, seed=2)
>>> obs, infos = env.reset(seed=2)
>>> env.agents
['player_0', 'player_1', 'player_2']
>>> actor = next(a for a in env.agents if obs[a]["action_mask"].any())
>>> obs, rewards, terminated, truncated, infos = env.step({actor: 1})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from .._validate import check_bool, check_int, echo
from ..game.config import GameConfig
from .actions import ActionSet
from .arena import no_limit, seat_view, starting_stacks
from .gym_env import action_space, observation_space
from .tables import Tables
from ..errors import InputError, InputTypeError

__all__ = ["HoldemParallelEnv", "holdem_parallel_env"]

Obs = dict[str, Any]


class HoldemParallelEnv(ParallelEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """See :func:`holdem_parallel_env`.

    >>> env = HoldemParallelEnv(players=3, seed=4)
    >>> observations, infos = env.reset(seed=4)
    >>> env.possible_agents, sorted(observations["player_0"])[:2]
    (['player_0', 'player_1', 'player_2'], ['action_mask', 'bets'])
    """

    metadata: dict[str, Any] = {"name": "fastholdem_holdem_v0", "render_modes": ["ansi"], "is_parallelizable": True}

    def __init__(self, players: int = 6, *, config: GameConfig | None = None,
                 stacks: int | Sequence[int] | None = None, actions: ActionSet | None = None,
                 strict: bool = False, seed: int | None = None, render_mode: str | None = None) -> None:
        players = check_int(players, "players", what="an int 2..10")
        if not 2 <= players <= 10:
            raise InputError(f"a table seats 2 to 10 players (R10), got {players}")
        if actions is not None and not isinstance(actions, ActionSet):
            raise InputTypeError(f"actions must be an ActionSet, got {echo(actions)}")
        check_bool(strict, "strict")
        if render_mode not in (None, "ansi"):
            raise InputError(f"render_mode must be None or 'ansi', got {echo(render_mode)}")
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

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object every time)."""
        return self._action_spaces[agent]

    def _new_tables(self, seed: int) -> Tables:
        start = np.array([self.start], dtype=np.int64)
        return Tables(1, self.players, self.config, start, seed=seed)

    def _observe(self) -> dict[str, Obs]:
        assert self._tables is not None
        legal = self._tables.legal()
        mask = self.actions.mask(legal)[0]
        out = {}
        for k, agent in enumerate(self.possible_agents):
            view = seat_view(self._tables.observe(k), self.players)
            obs = {key: value[0] for key, value in view.items()}
            obs["action_mask"] = mask.copy() if legal.actor[0] == k else np.zeros_like(mask)
            out[agent] = obs
        return out

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """Deal a new hand (a new card stream when ``seed`` is given)."""
        if seed is not None:
            self._tables = self._new_tables(check_int(seed, "seed", what="an int or None"))
        elif self._tables is None:
            fresh = self._seed if self._seed is not None else int(np.random.SeedSequence().generate_state(1)[0])
            self._tables = self._new_tables(fresh)
        self._tables.reset()
        self.agents = list(self.possible_agents)
        return self._observe(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool],
                                                     dict[str, bool], dict[str, dict[str, Any]]]:
        """Play the action of the agent to act; the others' actions are ignored."""
        tables = self._tables
        if tables is None or not self.agents:
            raise RuntimeError("call reset() first: the hand is over")
        legal = tables.legal()
        actor = int(legal.actor[0])
        agent = self.possible_agents[actor]
        if agent not in actions:
            raise InputError(f"{agent} is to act: actions must include it")
        kind, amount = self.actions.decode(np.array([actions[agent]], dtype=np.int64).reshape(1),
                                           tables.observe(), legal, strict=self.strict)
        tables.step(kind, amount)
        over = bool(tables.legal().actor[0] < 0)
        agents = list(self.agents)
        obs = self._observe()
        bb = self.config.big_blind
        rewards = {a: float(tables.rewards[0, k]) / bb if over else 0.0 for k, a in enumerate(agents)}
        terminated = {a: over for a in agents}
        truncated = {a: False for a in agents}
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        if over:
            self.agents = []
        return obs, rewards, terminated, truncated, infos

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
        raise NotImplementedError("HoldemParallelEnv has no global state")


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
