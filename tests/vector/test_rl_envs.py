"""Gymnasium and PettingZoo adapters: API checkers, seeds, autoreset, chips, lazy imports."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import numpy as np
import pytest

from fastholdem.game import GameConfig, Structure
from fastholdem.vector.actions import ActionSet


def test_import_fastholdem_does_not_import_rl_libraries() -> None:
    code = ("import sys, fastholdem, fastholdem.vector, fastholdem.vector.policies; "
            "print(sorted(m for m in ('gymnasium', 'pettingzoo') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("exact", [False, True])
def test_holdem_env_passes_check_env(gym: Any, exact: bool) -> None:
    from gymnasium.utils.env_checker import check_env

    from fastholdem.vector import HoldemEnv

    check_env(HoldemEnv(players=6, opponents="tight", exact_amounts=exact, seed=1), skip_render_check=True)
    check_env(HoldemEnv(players=2, opponents="random", config=GameConfig(Structure.LIMIT, 1, 2),
                        exact_amounts=exact, seed=2), skip_render_check=True)


def play(env: Any, episodes: int, seed: int) -> list[tuple[Any, ...]]:
    """Play ``episodes`` hands with masked random actions; the trace of everything seen."""
    rng = np.random.default_rng(seed)
    trace: list[tuple[Any, ...]] = []
    obs, info = env.reset(seed=seed)
    for _ in range(episodes):
        while True:
            legal = np.flatnonzero(obs["action_mask"])
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            trace.append((obs["hole"].tolist(), obs["board"].tolist(), obs["stacks"].tolist(), reward))
            if terminated:
                break
        obs, info = env.reset()
        trace.append((obs["hole"].tolist(), info["skipped"]))
    return trace


def test_holdem_env_same_seed_same_hands(gym: Any) -> None:
    from fastholdem.vector import HoldemEnv

    a = play(HoldemEnv(players=4, opponents=["tight", "random", "station"]), 40, seed=7)
    b = play(HoldemEnv(players=4, opponents=["tight", "random", "station"]), 40, seed=7)
    c = play(HoldemEnv(players=4, opponents=["tight", "random", "station"]), 40, seed=8)
    assert a == b and a != c


def test_holdem_env_rewards_are_chips_in_big_blinds(gym: Any) -> None:
    from fastholdem.vector import HoldemEnv

    env = HoldemEnv(players=3, opponents="station", stacks=[100, 50, 300], seed=3)
    obs, _ = env.reset(seed=3)
    hands = 0
    for _ in range(300):
        assert obs["action_mask"].any() and obs["street"][0] < 4
        obs, reward, terminated, _, _ = env.step(int(env.action_space.n) - 1 if obs["action_mask"][-1] else 1)
        if terminated:  # every hand starts from 100 chips: the reward is the change, in big blinds
            assert obs["street"][0] == 4 and not obs["action_mask"].any()
            assert reward * 2 == obs["stacks"][0] - 100
            hands += 1
            obs, _ = env.reset()
    assert hands > 50


def test_holdem_env_strict_refuses_masked_action(gym: Any) -> None:
    from fastholdem.vector import HoldemEnv

    env = HoldemEnv(players=2, opponents="station", strict=True, seed=1)
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0]) if (obs["action_mask"] == 0).any() else None
    if bad is not None:
        with pytest.raises(ValueError, match="illegal"):
            env.step(bad)
    loose = HoldemEnv(players=2, opponents="station", seed=1)
    obs, _ = loose.reset(seed=1)
    loose.step(0)  # a free fold falls back to a check; a real fold folds: no error either way


def test_holdem_vector_env_autoreset_same_step(gym: Any) -> None:
    from gymnasium.vector import AutoresetMode

    from fastholdem.vector import HoldemVectorEnv

    envs = HoldemVectorEnv(8, players=6, opponents="tight", seed=5)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, info = envs.reset(seed=5)
    assert envs.observation_space.contains(obs)
    rng = np.random.default_rng(0)
    finished = 0
    total = np.zeros(8)
    for _ in range(120):
        masks = obs["action_mask"].astype(bool)
        assert masks.any(axis=1).all()  # every table waits for the learner
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert envs.observation_space.contains(obs) and not truncated.any()
        assert (rewards[~terminated] == 0).all()
        total += rewards
        if terminated.any():
            finished += int(terminated.sum())
            assert np.array_equal(info["_final_obs"], terminated)
            for i in np.flatnonzero(terminated):
                final = info["final_obs"][i]
                assert envs.single_observation_space.contains(final)
                assert final["street"][0] == 4 and not final["action_mask"].any()
    assert finished > 20
    assert np.isfinite(total).all()


def test_holdem_vector_env_same_seed_same_hands(gym: Any) -> None:
    from fastholdem.vector import HoldemVectorEnv

    def run(seed: int) -> list[Any]:
        envs = HoldemVectorEnv(4, players=3, opponents="random", seed=seed)
        obs, _ = envs.reset(seed=seed)
        out = [obs["hole"].tolist()]
        for _ in range(30):
            obs, rewards, terminated, _, _ = envs.step(np.ones(4, dtype=np.int64))
            out.append((obs["hole"].tolist(), rewards.tolist()))
        return out

    assert run(9) == run(9) and run(9) != run(10)


def test_holdem_vector_env_exact_amounts(gym: Any) -> None:
    from fastholdem.vector import HoldemVectorEnv

    envs = HoldemVectorEnv(8, players=2, opponents="station", exact_amounts=True, seed=2)
    obs, _ = envs.reset(seed=2)
    assert {"min_to", "max_to"} <= set(obs) and obs["action_mask"].shape == (8, 3)
    for _ in range(40):
        action = {"kind": np.full(8, 2), "amount": obs["min_to"][:, 0].clip(0)}
        obs, rewards, terminated, _, info = envs.step(action)
        assert envs.observation_space.contains(obs)


def test_holdem_env_checks_arguments(gym: Any) -> None:
    from fastholdem.vector import HoldemEnv, HoldemVectorEnv

    with pytest.raises(ValueError, match="2 to 10"):
        HoldemEnv(players=11)
    with pytest.raises(ValueError, match="seat"):
        HoldemEnv(players=3, seat=3)
    with pytest.raises(ValueError, match="one policy per opponent seat"):
        HoldemEnv(players=3, opponents=["random"])
    with pytest.raises(TypeError, match="ActionSet"):
        HoldemEnv(actions=(0.5,))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="num_envs"):
        HoldemVectorEnv(0)


def test_holdem_parallel_env_passes_parallel_api_test(pz: Any) -> None:
    from pettingzoo.test import parallel_api_test

    from fastholdem.vector import holdem_parallel_env

    parallel_api_test(holdem_parallel_env(players=6, seed=1), num_cycles=1000)
    parallel_api_test(holdem_parallel_env(players=2, config=GameConfig(Structure.POT_LIMIT, 1, 2), seed=2),
                      num_cycles=1000)


def test_holdem_parallel_env_conserves_chips_and_repeats(pz: Any) -> None:
    from fastholdem.vector import holdem_parallel_env

    def run(seed: int) -> list[Any]:
        env = holdem_parallel_env(players=5, actions=ActionSet(fractions=(1.0,)), seed=seed)
        out = []
        for k in range(12):
            obs, infos = env.reset(seed=seed) if k == 0 else env.reset()
            rng = np.random.default_rng(k)
            while env.agents:
                actor = [a for a in env.agents if infos[a]["to_act"]]
                assert len(actor) == 1
                move = int(rng.choice(np.flatnonzero(obs[actor[0]]["action_mask"])))
                obs, rewards, terminated, _, infos = env.step({actor[0]: move})
            assert sum(rewards.values()) == 0 and all(terminated.values())
            out.append(sorted(rewards.items()))
        return out

    assert run(4) == run(4) and run(4) != run(5)
