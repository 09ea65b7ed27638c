"""Copies of the vector engine and its RL environments (issue 26, item 6): ``pickle``,
``copy.deepcopy`` and ``copy.copy`` give independent copies, C state included, and the
pickled engine state is versioned and checked on load."""

from __future__ import annotations

import copy
import hashlib
import pickle
import struct
import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from fastholdem import phh
from fastholdem._core import VecCore, vec_from_state
from fastholdem.errors import FastHoldemError, InputError, InputTypeError
from fastholdem.game import GameConfig, Structure
from fastholdem.vector import Tables

COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda x: pickle.loads(pickle.dumps(x)),
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
}


def draw_stacks(rng: np.random.Generator, k: int) -> Any:
    """A stack source drawn per hand (module level, so that pickle finds it)."""
    return rng.integers(20, 300, size=(k, 3))


def random_actions(tables: Tables, rng: np.random.Generator) -> tuple[Any, Any]:
    """A legal action for every table, raising often and by the minimum (long hands, which
    overflow a short history log)."""
    legal = tables.legal()
    u = rng.random(tables.n)
    kind = np.where(legal.can_check, 1, 2)
    kind = np.where((u < 0.1) & legal.can_fold & ~legal.can_check, 0, kind)
    raise_ok = legal.min_to >= 0
    kind = np.where((u > 0.35) & raise_ok, 3, kind)
    amount = np.where(u > 0.9, legal.max_to, legal.min_to)
    return kind, np.where(kind == 3, amount, 0)


def snapshot(tables: Tables) -> tuple[Any, ...]:
    """Everything a user can read of ``tables``: observation, legal actions, rewards, records."""
    obs = tables.observe()
    legal = tables.legal()
    phhs = []
    for i in range(tables.n):
        try:
            phhs.append(phh.dumps(tables.to_phh(i)))
        except ValueError as exc:
            phhs.append(str(exc))
    return (tuple(np.asarray(getattr(obs, f)).tolist() for f in obs._fields),
            tuple(np.asarray(getattr(legal, f)).tolist() for f in legal._fields),
            tables.rewards.tolist(), tables.hand_over.tolist(), tables.stacks.tolist(), phhs,
            tables.rng.integers(2**62, size=3).tolist())


def tables_kinds() -> dict[str, Callable[[], Tables]]:
    return {
        "overflow": lambda: Tables(6, 4, GameConfig(), 500, seed=11, history=3),
        "auto_carry": lambda: Tables(6, 3, GameConfig(small_blind=1, big_blind=2), draw_stacks, seed=12,
                                     auto_reset=True, carry_stacks=True, history=6),
        "limit_no_log": lambda: Tables(5, 6, GameConfig(Structure.LIMIT, 1, 2), 60, seed=13, history=0,
                                       auto_reset=True),
    }


def play(tables: Tables, rng: np.random.Generator, steps: int) -> None:
    for _ in range(steps):
        tables.step(*random_actions(tables, rng))
        if not tables.auto_reset and tables.hand_over.all():
            tables.reset()


@pytest.mark.parametrize("how", list(COPIES))
@pytest.mark.parametrize("kind", list(tables_kinds()))
def test_tables_copy_is_independent_and_plays_the_same_hands(kind: str, how: str) -> None:
    # before the fix: pickle and deepcopy raised "self.v cannot be converted to a Python
    # object for pickling", and copy.copy shared the engine
    original = tables_kinds()[kind]()
    play(original, np.random.default_rng(1), 40)   # records, overflow logs and a used rng
    twin = COPIES[how](original)
    assert twin._core is not original._core
    assert twin._core.state() == original._core.state()
    assert snapshot(copy.deepcopy(twin)) == snapshot(copy.deepcopy(original))

    before = twin._core.state()
    play(original, np.random.default_rng(2), 25)    # stepping one leaves the other as it was
    assert twin._core.state() == before
    play(twin, np.random.default_rng(2), 25)        # the same actions: the same hands
    assert snapshot(twin) == snapshot(original)
    for _ in range(30):
        a, b = random_actions(original, np.random.default_rng(3)), random_actions(twin, np.random.default_rng(3))
        original.step(*a)
        twin.step(*b)
        assert snapshot(twin) == snapshot(original)
    original.reset()
    twin.reset()
    assert snapshot(twin) == snapshot(original)      # the same future cards and drawn stacks


def test_tables_copy_keeps_the_overflow_log() -> None:
    tables = Tables(4, 4, GameConfig(), 10_000, seed=5, history=3)
    while not tables.hand_over.all():                # min-raise wars: far beyond 3 actions a hand
        legal = tables.legal()
        tables.step(np.where(legal.min_to >= 0, 3, 2), np.maximum(legal.min_to, 0))
    assert (tables._core.view("log_len").max() > 3)
    twin = pickle.loads(pickle.dumps(tables))
    for i in range(4):
        assert phh.dumps(twin.to_phh(i)) == phh.dumps(tables.to_phh(i))
        rep = int(tables._core.view("rep")[i])
        assert twin._core.extra_log(i, rep) == tables._core.extra_log(i, rep)


def test_tables_play_random_is_the_same_after_a_copy() -> None:
    tables = Tables(50, 6, GameConfig(), 200, seed=8)
    twin = copy.deepcopy(tables)
    assert tables.play_random(2000, threads=1) == twin.play_random(2000, threads=1)


def test_a_tables_with_a_lock_attribute_copies_with_a_fresh_lock() -> None:
    tables = Tables(2, 2, GameConfig(), 100, seed=1)
    tables._lock = threading.RLock()  # type: ignore[attr-defined]
    for how in COPIES.values():
        twin = how(tables)
        assert type(twin._lock) is type(tables._lock) and twin._lock is not tables._lock


def test_vec_core_pickles_and_copies_on_its_own() -> None:
    core = Tables(3, 2, GameConfig(), 100, seed=2)._core
    for how in COPIES.values():
        twin = how(core)
        assert isinstance(twin, VecCore) and twin is not core and twin.state() == core.state()
        twin.new_hands(None, True)
        assert twin.state() != core.state()


# ---------------------------------------------------------------- the state is checked on load

def state_of(n: int = 3, history: int = 3) -> bytes:
    tables = Tables(n, 3, GameConfig(), 200, seed=4, history=history)
    play(tables, np.random.default_rng(0), 12)
    return tables._core.state()


def resealed(body: bytes) -> bytes:
    """``body`` with a valid digest (what a deliberate edit, not corruption, looks like)."""
    return body + hashlib.blake2b(body, digest_size=16).digest()


def test_truncated_or_garbled_state_raises_never_crashes() -> None:
    blob = state_of()
    for cut in range(0, len(blob), 7):
        with pytest.raises(InputError, match="state: "):
            vec_from_state(blob[:cut])
    for i in range(len(blob)):
        garbled = bytearray(blob)
        garbled[i] ^= 0x5A
        with pytest.raises(InputError, match="state: "):
            vec_from_state(bytes(garbled))
    with pytest.raises(InputError, match="state: "):
        vec_from_state(blob + b"\0")
    with pytest.raises(InputTypeError, match="state must be bytes"):
        vec_from_state("not bytes")  # type: ignore[arg-type]


def test_a_garbled_pickle_raises_a_fastholdem_error() -> None:
    tables = Tables(2, 2, GameConfig(), 100, seed=1)
    state = tables._core.state()
    data = pickle.dumps(tables)
    bad = data.replace(state[40:60], bytes(20))
    assert bad != data
    with pytest.raises(FastHoldemError, match="digest mismatch"):
        pickle.loads(bad)


def test_a_state_of_another_layout_version_is_refused_clearly() -> None:
    blob = state_of()
    body = bytearray(blob[:-16])
    struct.pack_into("<I", body, 8, 2)
    with pytest.raises(InputError, match="another fastholdem build .*layout version 2.* reads version 1"):
        vec_from_state(resealed(bytes(body)))
    body = bytearray(blob[:-16])
    struct.pack_into("<I", body, 12, 12345)
    with pytest.raises(InputError, match="another fastholdem build"):
        vec_from_state(resealed(bytes(body)))
    with pytest.raises(InputError, match="not a fastholdem vector engine state"):
        vec_from_state(b"PICKLE!!" + blob[8:])


def edited(field: str, value: int, index: tuple[int, ...]) -> bytes:
    """A valid state with one array element changed (digest resealed)."""
    from fastholdem._core import _vec_layout  # type: ignore[attr-defined]

    n, players, history = 3, 3, 3
    blob = state_of(n, history)
    pos = 8 + 4 + 4 + 8 + 4 + 4 + 8 + struct.calcsize("<iiiqqqiqqqqqiiiii") + players * 8
    for name, dtype, shape in _vec_layout(n, players, history):
        arr = np.frombuffer(blob, dtype, int(np.prod(shape)), pos).reshape(shape).copy()
        if name == field:
            arr[index] = value
            body = blob[:pos] + arr.tobytes() + blob[pos + arr.nbytes:-16]
            return resealed(body)
        pos += arr.nbytes
    raise AssertionError(field)


@pytest.mark.parametrize("field, value, index, what", [
    ("actor", 7, (0,), "actor or button"),           # an actor seat beyond the table (a shift by -1 in C)
    ("button", -1, (1,), "actor or button"),
    ("street", 9, (0,), "street"),
    ("slot", 2, (0,), "record slot"),
    ("folded", 0xFFFF, (0,), "seat masks"),
    ("stacks", -5, (0, 1), "chip amounts"),
    ("hole", 60, (0, 0, 0, 0), "card ids"),
    ("log", 9, (0, 0, 0), "action kinds"),
    ("log_len", -1, (0, 0), "counters"),
])
def test_a_resealed_state_with_values_the_engine_cannot_play_is_refused(field: str, value: int,
                                                                        index: tuple[int, ...], what: str) -> None:
    with pytest.raises(InputError, match=what):
        vec_from_state(edited(field, value, index))


def test_a_running_hand_with_a_card_twice_or_every_seat_folded_is_refused() -> None:
    blob = state_of()
    core = vec_from_state(blob)
    t = int(np.flatnonzero(core.view("running"))[0])
    slot = int(core.view("slot")[t])
    card = int(core.view("hole")[t, slot, 0, 0])
    with pytest.raises(InputError, match="a card twice"):
        vec_from_state(edited("hole", card, (t, slot, 1, 0)))
    with pytest.raises(InputError, match="every seat folded"):
        vec_from_state(edited("folded", 0b111, (t,)))
    with pytest.raises(InputError, match="past the river"):   # bet_sizes[street] would read beyond its 4
        vec_from_state(edited("street", 4, (t,)))


# ---------------------------------------------------------------- the RL environments

def gym_trace(env: Any, seed: int, steps: int) -> list[Any]:
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(steps):
        mask = env._last["action_mask"] if env._last is not None else None
        action = int(rng.choice(np.flatnonzero(mask)))
        if env.exact:
            action = {"kind": min(action, 2), "amount": int(rng.integers(0, 400))}
        obs, reward, terminated, truncated, info = env.step(action)
        out.append(({k: np.asarray(v).tolist() for k, v in obs.items()}, reward, terminated))
        if terminated:
            obs, info = env.reset()
            out.append(({k: np.asarray(v).tolist() for k, v in obs.items()}, info))
    return out


@pytest.mark.parametrize("how", list(COPIES))
@pytest.mark.parametrize("exact", [False, True])
def test_holdem_env_copies_play_alike_apart_and_pass_check_env(gym: Any, how: str, exact: bool) -> None:
    from gymnasium.utils.env_checker import check_env

    from fastholdem.vector import HoldemEnv

    env = HoldemEnv(players=4, opponents=["random", "tight", "station"], exact_amounts=exact, seed=3)
    env.reset(seed=3)
    gym_trace(env, 0, 20)
    twin = COPIES[how](env)
    assert twin._arena.tables._core is not env._arena.tables._core
    state = twin._arena.tables._core.state()
    first = gym_trace(env, 1, 60)                     # opponents' and np_random generators copied too
    assert twin._arena.tables._core.state() == state
    assert gym_trace(twin, 1, 60) == first
    check_env(COPIES[how](env), skip_render_check=True)


@pytest.mark.parametrize("how", list(COPIES))
def test_holdem_vector_env_copies_play_alike(gym: Any, how: str) -> None:
    from fastholdem.vector import HoldemVectorEnv

    envs = HoldemVectorEnv(5, players=3, opponents="random", seed=4)
    envs.reset(seed=4)
    twin = COPIES[how](envs)
    rng_a, rng_b = np.random.default_rng(9), np.random.default_rng(9)
    for _ in range(40):
        mask_a, mask_b = envs._last["action_mask"], twin._last["action_mask"]
        pick_a = np.array([rng_a.choice(np.flatnonzero(m)) for m in mask_a])
        pick_b = np.array([rng_b.choice(np.flatnonzero(m)) for m in mask_b])
        assert plain(envs.step(pick_a)) == plain(twin.step(pick_b))


def plain(x: Any) -> Any:
    """``x`` with every array, dict and tuple turned into lists and dicts (for ``==``)."""
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    if isinstance(x, np.ndarray):
        return [plain(v) for v in x] if x.dtype == object else x.tolist()
    return x


def pz_run(env: Any, seed: int, steps: int, parallel: bool) -> list[Any]:
    rng = np.random.default_rng(seed)
    out: list[Any] = []
    for _ in range(steps):
        if parallel:
            if not env.agents:
                obs, _ = env.reset()
                out.append(plain(obs))
                continue
            acts = {}
            for a in env.agents:
                mask = env._mask(env.possible_agents.index(a))
                acts[a] = int(rng.choice(np.flatnonzero(mask)))
            obs, rew, term, trunc, info = env.step(acts)
            out.append(plain((obs, rew, term)))
        else:
            agent = env.agent_selection
            if env.terminations.get(agent) or env.truncations.get(agent):
                env.step(None)
                if not env.agents:
                    env.reset()
                out.append(("done", dict(env.rewards)))
                continue
            mask = env.observe(agent)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
            out.append(plain((agent, env.observe(agent), env.rewards)))
    return out


@pytest.mark.parametrize("how", list(COPIES))
@pytest.mark.parametrize("parallel", [False, True])
def test_pettingzoo_env_copies_play_alike_apart_and_pass_api_test(pz: Any, how: str, parallel: bool) -> None:
    from pettingzoo.test import api_test
    from pettingzoo.utils import parallel_to_aec
    from test_rl_conventions import pz_advice_ignored

    from fastholdem.vector import holdem_aec_env, holdem_parallel_env

    env = (holdem_parallel_env if parallel else holdem_aec_env)(players=4, seed=5)
    env.reset(seed=5)
    pz_run(env, 0, 15, parallel)
    twin = COPIES[how](env)
    state = twin._tables._core.state()
    first = pz_run(env, 1, 80, parallel)
    assert twin._tables._core.state() == state
    assert pz_run(twin, 1, 80, parallel) == first
    checked = COPIES[how](env)
    with pz_advice_ignored():
        api_test(parallel_to_aec(checked) if parallel else checked, num_cycles=200)


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_gymnasium_made_env_deep_copies_and_pickles(gym: Any, how: str) -> None:
    import gymnasium

    from fastholdem.vector.registration import HOLDEM_ID

    env = gymnasium.make(HOLDEM_ID, players=3, seed=2)
    env.reset(seed=2)
    twin = COPIES[how](env)
    assert twin.unwrapped is not env.unwrapped
    rng_a, rng_b = np.random.default_rng(4), np.random.default_rng(4)
    obs_a = obs_b = env.unwrapped._last
    for _ in range(50):
        a = plain(env.step(int(rng_a.choice(np.flatnonzero(obs_a["action_mask"])))))
        b = plain(twin.step(int(rng_b.choice(np.flatnonzero(obs_b["action_mask"])))))
        assert a == b
        obs_a, obs_b = env.unwrapped._last, twin.unwrapped._last
        if a[2]:
            obs_a, _ = env.reset()
            obs_b, _ = twin.reset()
