"""The vector engine's C object (``fastholdem._core.VecCore``) has methods, not arrays (issue 27).

Its arrays are private: observers get read-only views, a masked step and the auto reset of
callable stacks run in C, one call (``hands``) gives the records of finished hands, and the
rules come as a keyword-built ``VecConfig``, not a positional tuple.
"""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from fastholdem import phh
from fastholdem._core import VecConfig, VecCore, _vec_layout  # type: ignore[attr-defined]
from fastholdem.errors import InputError, InputTypeError
from fastholdem.game import GameConfig
from fastholdem.vector import RandomPolicy, Tables

CFG = GameConfig(small_blind=1, big_blind=2)
KW = {"players": 3, "small_blind": 1, "big_blind": 2, "min_bet": 2, "bet_sizes": (2, 2, 4, 4)}


def _rows(core: VecCore) -> dict[str, np.ndarray]:
    """Every per-table array of the engine state (first axis: the tables), copied."""
    names = [name for name, _, shape in _vec_layout(core.n, core.players, core.history) if shape[:1] == (core.n,)]
    return {name: core.view(name).copy() for name in names}


def test_vec_core_has_no_writable_array_attribute() -> None:
    tables = Tables(5, 3, CFG, 100, seed=1)
    core = tables._core
    arrays = {name: getattr(core, name) for name in dir(core)
              if not name.startswith("__") and isinstance(getattr(core, name), np.ndarray)}
    assert set(arrays) == {"stacks", "rewards", "hand_over", "actor", "button"}
    for name, arr in arrays.items():
        assert not arr.flags.writeable, name
        with pytest.raises(ValueError, match="read-only"):
            arr[...] = 0
        with pytest.raises(AttributeError):
            setattr(core, name, np.zeros_like(arr))
    for name, _, _ in _vec_layout(core.n, core.players, core.history):
        assert not core.view(name).flags.writeable, name
    assert not core.view("base").flags.writeable
    with pytest.raises(InputError, match="name"):
        core.view("nope")
    for view in (tables.stacks, tables.rewards, tables.hand_over, tables.hole):
        assert not view.flags.writeable


def test_masked_step_in_c_steps_only_the_tables_asked_for() -> None:
    # Each table is independent: after a masked step, a table in the mask is as a full step of a
    # twin left it, and a table outside it is as it was (its action, legal or not, is ignored).
    tables = Tables(64, 4, CFG, 60, seed=3)
    policy = RandomPolicy(seed=4)
    rng = np.random.default_rng(5)
    for _ in range(60):
        kind, amount = policy.act(tables.observe(), tables.legal())
        mask = rng.random(tables.n) < 0.5
        kind = np.where(mask, kind, 9)  # held tables send no action at all
        twin = copy.deepcopy(tables)
        before = _rows(tables._core)
        twin.step(np.where(mask, kind, 0).clip(0, 3), amount)
        tables.step(kind, amount, mask=mask)
        after, stepped = _rows(tables._core), _rows(twin._core)
        for name in before:
            assert np.array_equal(after[name][~mask], before[name][~mask]), name
            assert np.array_equal(after[name][mask], stepped[name][mask]), name
        if tables.hand_over.any():
            tables.reset(tables.hand_over.copy())


def test_a_held_table_is_neither_checked_nor_stepped() -> None:
    tables = Tables(2, 2, CFG, 100, seed=1)
    tables.step([1, 0], mask=np.array([False, True]))   # table 0 cannot check (1 to call): held
    assert tables.hand_over.tolist() == [False, True]
    with pytest.raises(InputError, match="auto_reset=False"):
        Tables(2, 2, CFG, 100, seed=1, auto_reset=True).step([0, 0], mask=np.array([True, False]))


@pytest.mark.parametrize("conventions", ["card-room", "pokerkit"])
def test_auto_reset_with_callable_stacks_reports_as_fixed_stacks_do(conventions: str) -> None:
    # Callable stacks take C's report-only reset (the next hands are dealt once the stacks are
    # drawn); drawing the same stacks as an array must give the same hands, rewards and records,
    # including hands that need no action (a seat of 1 chip, R14a).
    row = np.array([1, 2, 9], np.int64)
    config = GameConfig(small_blind=1, big_blind=2, conventions=conventions)
    fixed = Tables(40, 3, config, np.tile(row, (40, 1)), seed=7, auto_reset=True)
    drawn = Tables(40, 3, config, lambda rng, k: np.tile(row, (k, 1)), seed=7, auto_reset=True)
    policy = RandomPolicy(seed=8)
    finished = 0
    for _ in range(150):
        kind, amount = policy.act(fixed.observe(), fixed.legal())
        fixed.step(kind, amount)
        drawn.step(kind, amount)
        assert np.array_equal(fixed.hand_over, drawn.hand_over)
        assert np.array_equal(fixed.rewards, drawn.rewards)
        assert np.array_equal(fixed.stacks, drawn.stacks)
        assert np.array_equal(fixed.legal().actor, drawn.legal().actor)
        over = np.flatnonzero(fixed.hand_over)
        finished += over.size
        for i in over[:3]:
            assert phh.dumps(fixed.to_phh(int(i))) == phh.dumps(drawn.to_phh(int(i)))
    assert finished > 500


def test_hands_is_the_record_of_last_hands_and_to_phh() -> None:
    tables = Tables(6, 3, CFG, 100, seed=2)
    policy = RandomPolicy(seed=1)
    while not tables.hand_over.all():
        tables.step(*policy.act(tables.observe(), tables.legal()))
    core = tables._core
    record = core.hands(np.arange(6), True, True)
    last = tables.last_hands()
    for field in last._fields:
        assert np.array_equal(getattr(last, field), record[field]), field
    for i, (kinds, amounts, count, raises) in enumerate(record["actions"]):
        assert len(kinds) == count and len(amounts) == raises
        moves = [a.split()[1] for a in tables.to_phh(i).actions if not a.startswith("d ")]
        assert sum(m in ("f", "cc", "cbr") for m in moves) == count
    dealt = core.hands([0], False)
    assert set(dealt) == {"button", "start", "hole", "board"}
    tables.reset(np.array([True] + [False] * 5))
    assert core.hands([1, 2])["folded"] is not None
    assert core.hands([0, 1])["folded"] is None              # table 0 has been dealt again
    with pytest.raises(IndexError, match="table 6"):
        core.hands([6])
    fresh = Tables(1, 2, CFG, 100, seed=1)._core
    with pytest.raises(InputError, match="table 0 has no finished hand on record"):
        fresh.hands([0])


def test_vec_config_is_built_from_keywords_and_checks_every_field() -> None:
    config = VecConfig(**KW, ante=1, ante_mode=2, carry_stacks=True)
    assert VecConfig(**config.as_dict()) == config
    assert pickle.loads(pickle.dumps(config)) == config and hash(config) == hash(VecConfig(**config.as_dict()))
    assert config.players == 3 and config.carry_stacks and "ante_mode=2" in repr(config)
    with pytest.raises(TypeError):
        VecConfig(3, 1, 2, 2, (2, 2, 4, 4))  # type: ignore[misc]
    with pytest.raises(TypeError):
        VecCore(2, (0, 0, 0, 1, 2, 0, 0, 2, (2, 2, 4, 4), -1, 0, 0, 0, 0), np.ones((1, 3)), 0, 1, 0)  # type: ignore[arg-type]
    bad = [({"ante_mode": 3}, InputError, "ante_mode"), ({"bet_cap": 10_001}, InputError, "bet_cap"),
           ({"players": 11}, InputError, "players"), ({"small_blind": 3}, InputError, "small_blind 3 exceeds"),
           ({"big_blind": 1 << 56}, InputError, "big_blind"), ({"bet_sizes": (1, 2)}, InputError, "bet_sizes"),
           ({"limit": 2}, InputTypeError, "limit"), ({"pokerkit": "yes"}, InputTypeError, "pokerkit"),
           ({"min_bet": 2.0}, InputTypeError, "min_bet"),
           ({"limit": True, "pot_limit": True}, InputError, "limit and pot_limit")]
    for change, exc, word in bad:
        with pytest.raises(exc, match=word):
            VecConfig(**{**KW, **change})
    tables = Tables(2, 3, GameConfig(small_blind=1, big_blind=2, ante=1), 100, seed=1, carry_stacks=True)
    assert tables._core.config.carry_stacks and tables._core.config.as_dict()["ante"] == 1


@pytest.mark.parametrize(("fold", "aggression", "exc", "word"), [
    (-0.1, 0.3, ValueError, r"fold must be a probability in \[0, 1\], got -0.1"),
    (0.1, True, ValueError, r"aggression must be a probability in \[0, 1\], got True"),
    (0.6, 0.6, ValueError, "fold \\+ aggression must be at most 1, got 1.2"),
    ("x", 0.1, ValueError, r"fold must be a probability in \[0, 1\], got 'x'"),
])
def test_tables_and_random_policy_check_probabilities_alike(fold: object, aggression: object, exc: type,
                                                              word: str) -> None:
    tables = Tables(2, 2, CFG, 100, seed=1)
    calls = [lambda: RandomPolicy(fold=fold, aggression=aggression),  # type: ignore[arg-type]
             lambda: tables.play_random(10, fold=fold, aggression=aggression),  # type: ignore[arg-type]
             lambda: tables.play_random_until(0, fold=fold, aggression=aggression)]  # type: ignore[arg-type]
    for call in calls:
        with pytest.raises(exc, match=word):
            call()
