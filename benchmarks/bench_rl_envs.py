"""Speed of the reinforcement-learning environments with random agents, in hands per second.

Workload: 6-max no-limit hands, 100 big blinds (the envs' defaults: blinds 1/2, stacks 200).
The learner (or, in the PettingZoo envs, every agent) picks a uniform legal action from its
``action_mask``; the Gymnasium envs' opponents are ``opponents="random"`` (the random player,
played in C by ``Tables.play_random_until``). A hand is one episode that ended (``terminated``);
hands dealt past because the learner never acted are not counted. Rows:

* ``HoldemEnv`` -- one table, ``reset``/``step``;
* ``HoldemParallelEnv`` -- the PettingZoo parallel env, the actor's action sent;
* ``HoldemAECEnv`` -- the PettingZoo AEC env, ``agent_iter``/``last``/``step``;
* ``HoldemVectorEnv`` -- 64 and 1,024 tables, in each autoreset mode (``SameStep`` builds
  ``infos["final_obs"]``, one dict per finished hand; ``NextStep`` and ``Disabled`` do not;
  ``Disabled`` calls ``reset(options={"reset_mask": ...})`` after each step with a finished hand).

Every row is CPU time (``time.process_time``: on a shared machine wall time also counts the
other processes), the median of ``--repeat`` alternating rounds of ``--seconds`` each.

Usage::

    python benchmarks/bench_rl_envs.py              # about 20 s (9 rows x 3 rounds x 0.5 s, and set-up)
    python benchmarks/bench_rl_envs.py --quick      # a few seconds
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode

from fastholdem.vector import HoldemAECEnv, HoldemEnv, HoldemParallelEnv, HoldemVectorEnv

PLAYERS = 6


def pick(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniform legal action per row of ``mask`` (action 1 where the row is empty)."""
    m = mask.astype(bool)
    return np.where(m.any(axis=-1), np.argmax(rng.random(m.shape) * m, axis=-1), 1)


def run_holdem_env(seconds: float) -> tuple[int, float]:
    env = HoldemEnv(PLAYERS, opponents="random", seed=1)
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=1)
    hands, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        obs, _, terminated, _, _ = env.step(int(pick(obs["action_mask"], rng)))
        if terminated:
            hands += 1
            obs, _ = env.reset()
    return hands, time.process_time() - start


def run_parallel_env(seconds: float) -> tuple[int, float]:
    env = HoldemParallelEnv(PLAYERS, seed=1)
    rng = np.random.default_rng(0)
    obs, infos = env.reset(seed=1)
    hands, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        actor = next(a for a in env.agents if infos[a]["to_act"])
        obs, _, terminated, _, infos = env.step({actor: int(pick(obs[actor]["action_mask"], rng))})
        if not env.agents:
            hands += 1
            obs, infos = env.reset()
    return hands, time.process_time() - start


def run_aec_env(seconds: float) -> tuple[int, float]:
    env = HoldemAECEnv(PLAYERS, seed=1)
    rng = np.random.default_rng(0)
    env.reset(seed=1)
    hands, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else int(pick(obs["action_mask"], rng)))
        hands += 1
        env.reset()
    return hands, time.process_time() - start


def vector_runner(n: int, mode: AutoresetMode) -> Callable[[float], tuple[int, float]]:
    env = HoldemVectorEnv(n, PLAYERS, opponents="random", seed=1, autoreset_mode=mode)
    rng = np.random.default_rng(0)
    state: dict[str, Any] = {"obs": env.reset(seed=1)[0]}

    def run(seconds: float) -> tuple[int, float]:
        obs = state["obs"]
        hands, start = 0, time.process_time()
        while time.process_time() - start < seconds:
            obs, _, terminated, _, _ = env.step(pick(obs["action_mask"], rng))
            hands += int(terminated.sum())
            if mode is AutoresetMode.DISABLED and terminated.any():
                obs, _ = env.reset(options={"reset_mask": terminated})
        state["obs"] = obs
        return hands, time.process_time() - start

    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU seconds per row and round")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="0.1 s per row, 1 round")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.repeat = 0.1, 1
    rows: dict[str, Callable[[float], tuple[int, float]]] = {
        "HoldemEnv": run_holdem_env,
        "HoldemParallelEnv (PettingZoo)": run_parallel_env,
        "HoldemAECEnv (PettingZoo)": run_aec_env,
    }
    for n in (64, 1024):
        for mode in (AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP, AutoresetMode.DISABLED):
            rows[f"HoldemVectorEnv, {n:,} tables, {mode.value}"] = vector_runner(n, mode)
    for fn in rows.values():  # warm-up
        fn(0.05)
    rates: dict[str, list[float]] = {name: [] for name in rows}
    for _ in range(args.repeat):
        for name, fn in rows.items():
            hands, cpu = fn(args.seconds)
            rates[name].append(hands / cpu)
    print(f"{PLAYERS}-max no-limit, 100 big blinds, random agents and opponents; CPU time, median of "
          f"{args.repeat} alternating rounds of {args.seconds:g} s")
    print(f"{'environment':44} {'hands/s':>12}")
    for name, r in rates.items():
        print(f"{name:44} {statistics.median(r):12,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
