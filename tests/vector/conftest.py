"""Fixtures of the vector tests: the RL libraries, imported as peers (skipped when absent, a
failure in CI)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


@pytest.fixture(scope="module")
def gym(peer: Callable[[str], Any]) -> Any:
    """``gymnasium``."""
    return peer("gymnasium")


@pytest.fixture(scope="module")
def pz(peer: Callable[[str], Any]) -> Any:
    """``pettingzoo``."""
    return peer("pettingzoo")
