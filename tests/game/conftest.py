"""Shared fixtures of the game tests."""

from __future__ import annotations

import copy
from typing import Any, Callable

import pytest

from fastholdem.game import Hand


def _snapshot(hand: Hand) -> dict[str, Any]:
    state: dict[str, Any] = {}
    for name in Hand.__slots__:
        if not hasattr(hand, name) or name in ("_legal", "_result"):
            continue
        value = getattr(hand, name)
        if name == "_rand":
            value = None if value is None else value.__self__.getstate()
        state[name] = copy.deepcopy(value)
    return state


@pytest.fixture
def snapshot() -> Callable[[Hand], dict[str, Any]]:
    """Every slot of a hand, deep-copied: equal snapshots mean an unchanged hand (R33).

    Two slots are caches, not state, and are left out: ``_legal`` (the legal actions, computed
    on demand) and ``_result`` (built on first access).
    """
    return _snapshot
