"""The RL conventions of issue 25: Gymnasium ids and specs, render metadata, the three autoreset
modes (checked against Gymnasium's own SyncVectorEnv), the PettingZoo AEC env, every env by
its library's own checkers, action masks through ``parallel_to_aec``, and the C random
opponents (``Tables.play_random_until``)."""

from __future__ import annotations

import subprocess
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest

from fastholdem.errors import FastHoldemError, InvalidActionError
from fastholdem.game import GameConfig, Structure
from fastholdem.vector import Tables

MODES = ["NextStep", "SameStep", "Disabled"]

# pettingzoo.test.api_test advises against any observation that is not an array, and any
# observation space that is not a Box or Discrete, except in a list of its own environments'
# names. A Dict observation with an action mask is PettingZoo's own convention, so these two
# advisories (and only these) are silenced; every other warning of the checkers is an error.
PZ_ADVICE = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


@contextmanager
def pz_advice_ignored() -> Iterator[None]:
    with warnings.catch_warnings():
        for text in PZ_ADVICE:
            warnings.filterwarnings("ignore", message=text)
        yield


# ---------------------------------------------------------------- registration, spec, render

@pytest.mark.parametrize("order", ["gymnasium first", "fastholdem first"])
def test_gym_make_finds_the_ids_after_import_of_fastholdem_vector(gym: Any, order: str) -> None:
    imports = "import gymnasium as gym; import fastholdem.vector" if order == "gymnasium first" else \
        "import fastholdem.vector, sys; assert 'gymnasium' not in sys.modules; import gymnasium as gym"
    code = (f"{imports}\n"
            "env = gym.make('fastholdem/Holdem-v0', players=3, seed=1)\n"
            "envs = gym.make_vec('fastholdem/HoldemVector-v0', num_envs=4, players=3, seed=1)\n"
            "print(env.spec.id, type(env.unwrapped).__name__, type(envs).__name__, envs.num_envs)\n")
    out = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["fastholdem/Holdem-v0", "HoldemEnv", "HoldemVectorEnv", "4"]


def test_gym_make_env_passes_check_env_with_render_modes(gym: Any) -> None:
    from gymnasium.utils.env_checker import check_env

    from fastholdem.vector import HoldemEnv

    env = gym.make("fastholdem/Holdem-v0", players=4, opponents="tight", seed=2, render_mode="ansi")
    check_env(env.unwrapped)  # render check included: render_fps and a spec are there
    env.reset(seed=2)
    assert env.render().startswith("street 0 board - | you ")  # through PassiveEnvChecker, no warning
    direct = HoldemEnv(players=3, seed=1)
    check_env(direct)
    assert direct.spec is not None and direct.spec.id == "fastholdem/Holdem-v0"
    again = direct.spec.make()  # the spec rebuilds the same env
    assert np.array_equal(again.reset()[0]["hole"], HoldemEnv(players=3, seed=1).reset()[0]["hole"])


def test_gym_make_vec_uses_the_vector_engine_or_gymnasiums_vector_envs(gym: Any) -> None:
    from gymnasium.vector import AutoresetMode, SyncVectorEnv

    from fastholdem.vector import HoldemVectorEnv

    envs = gym.make_vec("fastholdem/Holdem-v0", num_envs=6, players=3, seed=4, autoreset_mode="NextStep")
    assert isinstance(envs, HoldemVectorEnv) and envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert envs.spec.kwargs["num_envs"] == 6
    rebuilt = gym.make_vec(envs.spec)
    assert isinstance(rebuilt, HoldemVectorEnv) and rebuilt.num_envs == 6
    sync = gym.make_vec("fastholdem/Holdem-v0", num_envs=2, vectorization_mode="sync", players=3, seed=4)
    assert isinstance(sync, SyncVectorEnv)
    sync.reset(seed=4)
    sync.step(np.ones(2, dtype=np.int64))
    direct = HoldemVectorEnv(3, players=2, render_mode="ansi")
    assert direct.spec.kwargs["num_envs"] == 3
    direct.reset(seed=1)
    frames = direct.render()
    assert isinstance(frames, tuple) and len(frames) == 3 and all(f.startswith("street") for f in frames)


def test_env_arguments_are_checked_as_fastholdem_errors(gym: Any) -> None:
    from fastholdem.vector import HoldemEnv, HoldemVectorEnv

    for bad in (lambda: HoldemEnv(render_mode="human"), lambda: HoldemVectorEnv(2, autoreset_mode="Later"),
                lambda: HoldemVectorEnv(2, autoreset_mode=3)):
        with pytest.raises(FastHoldemError, match="render_mode|autoreset_mode") as info:
            bad()
        assert isinstance(info.value, ValueError)
    envs = HoldemVectorEnv(3, players=2, autoreset_mode="Disabled")
    envs.reset(seed=1)
    for mask, text in ((np.array([1, 0, 0]), "bool array"), (np.zeros(2, dtype=bool), "shape"),
                       (np.zeros(3, dtype=bool), "at least one")):
        with pytest.raises(FastHoldemError, match=text):
            envs.reset(options={"reset_mask": mask})
    with pytest.raises(FastHoldemError, match="no seed"):
        envs.reset(seed=2, options={"reset_mask": np.ones(3, dtype=bool)})


# ---------------------------------------------------------------- autoreset modes

def _masked_actions(obs: dict[str, Any], rng: np.random.Generator) -> np.ndarray:
    """A uniform legal action per table (action 1 where the mask is empty: ignored there)."""
    mask = obs["action_mask"].astype(bool)
    pick = np.argmax(rng.random(mask.shape) * mask, axis=1)
    return np.where(mask.any(axis=1), pick, 1).astype(np.int64)


@pytest.mark.parametrize("mode", MODES)
def test_vector_env_steps_as_gymnasiums_sync_vector_env_in_every_autoreset_mode(gym: Any, mode: str) -> None:
    """One table: HoldemVectorEnv and Gymnasium's SyncVectorEnv over HoldemEnv deal the same
    hands, so every observation, reward, flag and info must be equal step by step."""
    from gymnasium.utils.env_checker import data_equivalence
    from gymnasium.vector import AutoresetMode, SyncVectorEnv

    from fastholdem.vector import HoldemEnv, HoldemVectorEnv

    ours = HoldemVectorEnv(1, players=3, opponents="random", autoreset_mode=mode)
    theirs = SyncVectorEnv([lambda: HoldemEnv(players=3, opponents="random")], autoreset_mode=AutoresetMode(mode))
    assert ours.metadata["autoreset_mode"] == theirs.metadata["autoreset_mode"]
    a, b = ours.reset(seed=11), theirs.reset(seed=11)
    assert data_equivalence(a, b)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(300):
        actions = _masked_actions(a[0], rng)
        a, b = ours.step(actions), theirs.step(actions)
        assert data_equivalence(a, b), (a, b)
        if a[2].any():
            ended += 1
            if mode == "Disabled":
                mask = a[2].copy()
                a2, b2 = ours.reset(options={"reset_mask": mask}), theirs.reset(options={"reset_mask": mask})
                assert data_equivalence(a2, b2)
                a = (a2[0],) + a[1:]
    assert ended > 30


def test_vector_env_next_step_deals_at_the_step_after_the_end(gym: Any) -> None:
    from fastholdem.vector import HoldemVectorEnv

    envs = HoldemVectorEnv(16, players=6, opponents="random", seed=5, autoreset_mode="NextStep")
    obs, _ = envs.reset(seed=5)
    rng = np.random.default_rng(0)
    done = np.zeros(16, dtype=bool)
    checked = 0
    for _ in range(100):
        before = obs
        obs, rewards, terminated, truncated, infos = envs.step(_masked_actions(obs, rng))
        assert not truncated.any()
        # a table that ended last step: action ignored, new hand, reward 0, not terminated
        assert not terminated[done].any() and (rewards[done] == 0).all()
        assert (obs["street"][done, 0] < 4).all() and obs["action_mask"][done].any(axis=1).all()
        if done.any():
            assert np.array_equal(infos["_skipped"], done) and (infos["skipped"][~done] == 0).all()
            checked += int(done.sum())
        else:
            assert "skipped" not in infos
        # a table that ends now shows its final observation
        assert (obs["street"][terminated, 0] == 4).all() and not obs["action_mask"][terminated].any()
        assert "final_obs" not in infos
        assert not (before["street"][terminated, 0] == 4).any()
        done = terminated
    assert checked > 50


def test_vector_env_disabled_waits_for_reset_mask(gym: Any) -> None:
    from fastholdem.vector import HoldemVectorEnv

    envs = HoldemVectorEnv(8, players=2, opponents="station", seed=1, autoreset_mode="Disabled")
    obs, _ = envs.reset(seed=1)
    terminated = np.zeros(8, dtype=bool)
    while not terminated.any():
        obs, _, terminated, _, _ = envs.step(np.zeros(8, dtype=np.int64))  # fold (or check)
    with pytest.raises(RuntimeError, match="reset_mask"):
        envs.step(np.ones(8, dtype=np.int64))
    obs, infos = envs.reset(options={"reset_mask": terminated})
    assert np.array_equal(infos["_skipped"], terminated)
    assert (obs["street"][:, 0] < 4).all() and obs["action_mask"].any(axis=1).all()
    envs.step(np.ones(8, dtype=np.int64))


@pytest.mark.parametrize("mode", MODES)
def test_gymnasium_vector_wrappers_accept_the_vector_env(gym: Any, mode: str) -> None:
    from gymnasium.vector import AutoresetMode
    from gymnasium.wrappers.vector import FlattenObservation, NormalizeObservation, RecordEpisodeStatistics

    from fastholdem.vector import HoldemVectorEnv

    envs: Any = HoldemVectorEnv(8, players=3, autoreset_mode=mode)
    if AutoresetMode(mode) is AutoresetMode.SAME_STEP:  # Gymnasium's observation wrappers refuse it
        with pytest.raises(ValueError, match="NEXT_STEP or DISABLED"):
            FlattenObservation(envs)
    else:
        envs = FlattenObservation(envs)
        if AutoresetMode(mode) is AutoresetMode.NEXT_STEP:  # NormalizeObservation needs NEXT_STEP
            envs = NormalizeObservation(envs)
    envs = RecordEpisodeStatistics(envs)
    obs, _ = envs.reset(seed=2)
    episodes = 0
    for _ in range(60):
        obs, rewards, terminated, truncated, infos = envs.step(np.ones(8, dtype=np.int64))
        if "episode" in infos:
            episodes += int(infos["_episode"].sum())
        if mode == "Disabled" and terminated.any():
            obs, _ = envs.reset(options={"reset_mask": terminated})
    assert episodes > 8
    if AutoresetMode(mode) is not AutoresetMode.SAME_STEP:
        assert obs.shape == (8, envs.single_observation_space.shape[0])


# ---------------------------------------------------------------- PettingZoo

def test_aec_env_passes_api_test_and_seed_test(pz: Any) -> None:
    from pettingzoo.test import api_test, seed_test

    from fastholdem.vector import holdem_aec_env

    with pz_advice_ignored():
        api_test(holdem_aec_env(players=6, seed=1), num_cycles=1000)
        api_test(holdem_aec_env(players=2, config=GameConfig(Structure.LIMIT, 1, 2), seed=2), num_cycles=500)
    seed_test(lambda: holdem_aec_env(players=6, seed=3), num_cycles=500)


def test_parallel_env_passes_parallel_seed_test_and_api_test_through_parallel_to_aec(pz: Any) -> None:
    from pettingzoo.test import api_test, parallel_seed_test
    from pettingzoo.utils import parallel_to_aec

    from fastholdem.vector import holdem_parallel_env

    parallel_seed_test(lambda: holdem_parallel_env(players=6, seed=3), num_cycles=500)
    with pz_advice_ignored():  # before the fix: "Action mask numpy array is all zeros"
        api_test(parallel_to_aec(holdem_parallel_env(players=6, seed=1)), num_cycles=500)


@pytest.mark.parametrize("kind", ["aec", "parallel_to_aec"])
def test_the_agent_asked_for_an_action_always_has_a_legal_one(pz: Any, kind: str) -> None:
    from pettingzoo.utils import parallel_to_aec

    from fastholdem.vector import holdem_aec_env, holdem_parallel_env

    env = holdem_aec_env(players=5, seed=7) if kind == "aec" else parallel_to_aec(holdem_parallel_env(players=5, seed=7))
    rng = np.random.default_rng(1)
    asked = hands = 0
    env.reset(seed=7)
    while asked < 4000:
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            mask = obs["action_mask"]
            assert mask.any(), (agent, obs)
            asked += 1
            env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
        hands += 1
        env.reset()
    assert hands > 50


def test_aec_env_selects_the_seat_to_act_with_its_legal_actions(pz: Any) -> None:
    from fastholdem.vector import ActionSet, holdem_aec_env

    env = holdem_aec_env(players=4, seed=9)
    env.reset(seed=9)
    rng = np.random.default_rng(2)
    for _ in range(30):
        for agent in env.agent_iter():
            obs, reward, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
                continue
            legal = env.unwrapped._tables.legal()
            assert env.possible_agents[int(legal.actor[0])] == agent
            assert np.array_equal(obs["action_mask"], ActionSet().mask(legal)[0])
            others = [env.observe(a)["action_mask"] for a in env.agents if a != agent]
            assert all(m.tolist() == [0, 1, 0, 0, 0, 0] for m in others)
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        env.reset()


def test_aec_and_parallel_envs_play_the_same_hands(pz: Any) -> None:
    from fastholdem.vector import holdem_aec_env, holdem_parallel_env

    aec, par = holdem_aec_env(players=3, seed=5), holdem_parallel_env(players=3, seed=5)
    for k in range(20):
        aec.reset(seed=5) if k == 0 else aec.reset()
        obs, infos = par.reset(seed=5) if k == 0 else par.reset()
        rng = np.random.default_rng(k)
        totals = {a: 0.0 for a in aec.possible_agents}
        for agent in aec.agent_iter():
            a_obs, reward, terminated, _, _ = aec.last()
            totals[agent] += reward
            if terminated:
                aec.step(None)
                continue
            assert infos[agent]["to_act"]
            assert all(np.array_equal(a_obs[key], obs[agent][key]) for key in a_obs)
            move = int(rng.choice(np.flatnonzero(a_obs["action_mask"])))
            aec.step(move)
            obs, rewards, _, _, infos = par.step({agent: move})
        assert totals == rewards and sum(totals.values()) == 0


@pytest.mark.parametrize("action", [1.7, 1.0, "1", True, None, np.float64(2.0), np.array([1.5])])
def test_pettingzoo_envs_refuse_actions_that_are_not_ints(pz: Any, action: Any) -> None:
    from fastholdem.vector import holdem_aec_env, holdem_parallel_env

    aec = holdem_aec_env(players=3, seed=1)
    aec.reset(seed=1)
    with pytest.raises(InvalidActionError, match="must be an int"):
        aec.step(action)
    par = holdem_parallel_env(players=3, seed=1)
    _, infos = par.reset(seed=1)
    actor = next(a for a in par.agents if infos[a]["to_act"])
    with pytest.raises(InvalidActionError, match=f"{actor}'s action must be an int"):
        par.step({actor: action})
    aec.step(np.int32(1))  # NumPy integers are ints
    par.step({actor: np.array([1])})


# ---------------------------------------------------------------- the C random opponents

def test_play_random_until_stops_at_the_seat_and_leaves_other_tables() -> None:
    from fastholdem.vector import FOLD

    tables = Tables(400, 6, GameConfig(), 300, seed=3)
    mask = np.arange(400) % 3 != 0
    before = tables.observe(0)
    tables.play_random_until(4, mask)
    assert (tables.legal().actor[mask] == 4).all()  # seat 4 acts preflop in every hand
    for field in ("stacks", "bets", "pot", "board"):
        assert np.array_equal(getattr(before, field)[~mask], getattr(tables.observe(0), field)[~mask])
    tables.step(np.full(400, FOLD), mask=mask)
    tables.play_random_until(4, mask)  # seat 4 folded: the random players end every hand
    assert (tables.legal().actor[mask] == -1).all() and (tables.legal().actor[~mask] == 3).all()
    over = np.flatnonzero(mask)
    assert (tables.rewards[over].sum(axis=1) == 0).all() and (tables.rewards[over, 4] <= 0).all()
    assert len(set(map(tuple, tables.rewards[over].tolist()))) > 50
    for i in over[:30]:  # the random actions are on record: each hand replays to its stacks
        history = tables.to_phh(int(i))
        assert list(history.replay().stacks) == list(history.finishing_stacks)
    with pytest.raises(ValueError, match="seat"):
        tables.play_random_until(6)
    with pytest.raises(TypeError, match="bool"):
        tables.play_random_until(1, np.ones(400, dtype=np.int8))


def test_random_opponents_in_c_play_as_random_policy(gym: Any) -> None:
    """The C random opponents fold, call and raise as often as RandomPolicy's (a policy object
    is played in NumPy), over many decisions."""
    from fastholdem.vector import HoldemVectorEnv, RandomPolicy

    def shares(opponents: Any) -> np.ndarray:
        envs = HoldemVectorEnv(256, players=3, opponents=opponents, seed=1)
        obs, _ = envs.reset(seed=1)
        pots = []
        for _ in range(40):
            obs, *_ = envs.step(np.ones(256, dtype=np.int64))
            pots.append(obs["pot"][:, 0])
        return np.histogram(np.concatenate(pots), bins=[0, 1, 7, 20, 60, 200, 10**6])[0] / (40 * 256)

    assert np.abs(shares("random") - shares([RandomPolicy(seed=2), RandomPolicy(seed=3)])).max() < 0.03
