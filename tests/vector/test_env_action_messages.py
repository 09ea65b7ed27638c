"""Messages of bad single-table actions (issue 26, item 7): a FastHoldemError naming the
action given and what is valid, never a bare KeyError, a wrapped integer or NumPy's words."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from fastholdem.errors import FastHoldemError, InputError, InvalidActionError

NAMES = r"\(0 fold, 1 check/call, 2 raise 0\.5 pot, 3 raise 0\.75 pot, 4 raise 1 pot, 5 all-in\)"


def env(exact: bool) -> Any:
    from fastholdem.vector import HoldemEnv

    e = HoldemEnv(players=3, opponents="station", exact_amounts=exact, seed=1)
    e.reset(seed=1)
    return e


@pytest.mark.parametrize("action, shown", [
    (1.7, "1.7"), (np.float64(2.0), r"np.float64\(2.0\)"), ("2", "'2'"), (True, "True"), ([1, 2], r"\[1, 2\]"),
])
def test_holdem_env_refuses_a_non_int_action_naming_it(gym: Any, action: Any, shown: str) -> None:
    # before: "actions must be an integer array, got dtype float64" ([1, 2]: NumPy's reshape error)
    with pytest.raises(InvalidActionError, match=f"the learner's action must be an int 0..5 {NAMES}, got {shown}$"):
        env(False).step(action)


@pytest.mark.parametrize("action", [np.uint64(2**64 - 1), 99, -1, np.array([6])])
def test_holdem_env_refuses_an_action_out_of_range_as_given(gym: Any, action: Any) -> None:
    # before: np.uint64(2**64 - 1) was reported as "have [-1]"
    value = int(np.asarray(action).reshape(()))
    with pytest.raises(InvalidActionError, match=f"must be 0..5 {NAMES}, got {value}$"):
        env(False).step(action)


def test_holdem_env_still_takes_ints_numpy_ints_and_one_element_arrays(gym: Any) -> None:
    for action in (1, np.int8(1), np.uint64(1), np.array(1), np.array([1])):
        e = env(False)
        e.step(action)


@pytest.mark.parametrize("action, match", [
    ({"kind": 2}, r"must be a dict \{'kind': .*'amount': chips\}, got \{'kind': 2\} \('amount' missing\)"),
    ({"amount": 5}, r"\('kind' missing\)"),
    ({"kind": 1, "amount": 0, "x": 1}, r"got \{'amount': 0, 'kind': 1, 'x': 1\} \('x' not a key\)$"),
    (2, r"must be a dict .*, got 2$"),
    ({"kind": 1.5, "amount": 0}, r"action\['kind'\] must be 0 \(fold\), 1 \(check/call\) or 2 .*, got 1.5$"),
    ({"kind": 3, "amount": 0}, r"action\['kind'\] must be 0 \(fold\), 1 \(check/call\) or 2 .*, got 3$"),
    ({"kind": 2, "amount": 2.5}, r"action\['amount'\] must be an int of chips \(int64\), got 2.5$"),
    ({"kind": 2, "amount": np.uint64(2**64 - 1)}, r"action\['amount'\] .*, got 18446744073709551615$"),
])
def test_holdem_env_exact_amounts_refuses_a_bad_action_naming_it(gym: Any, action: Any, match: str) -> None:
    # before: {'kind': 2} raised a bare KeyError('amount'); a uint64 amount wrapped to -1
    with pytest.raises(InvalidActionError, match=match):
        env(True).step(action)


def test_holdem_vector_env_reports_uint64_actions_as_given(gym: Any) -> None:
    from fastholdem.vector import HoldemVectorEnv

    envs = HoldemVectorEnv(2, players=2, opponents="station", seed=1)
    envs.reset(seed=1)
    with pytest.raises(InputError, match=r"tables \[0\] have \[18446744073709551615\]"):  # before: [-1]
        envs.step(np.array([2**64 - 1, 1], np.uint64))
    exact = HoldemVectorEnv(2, players=2, opponents="station", exact_amounts=True, seed=1)
    exact.reset(seed=1)
    with pytest.raises(FastHoldemError, match=r"amounts must be chips within int64: tables \[1\]"):
        exact.step({"kind": np.array([2, 2]), "amount": np.array([5, 2**64 - 1], np.uint64)})
