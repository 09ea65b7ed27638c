"""The vector engine's documentation runs: docs/vector-engine.md and every module's examples."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "vector-engine.md"
MODULES = ["vector", "vector.kinds", "vector.legal", "vector.observation", "vector.tables", "vector.policies",
           "vector._export", "vector.record"]


def test_vector_engine_page_runs() -> None:
    result = doctest.testfile(str(PAGE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 8
    assert result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_vector_module_examples(name: str) -> None:
    module = importlib.import_module(f"fastholdem.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
