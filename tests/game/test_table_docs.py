"""The docstring examples of the table modules run (doctest)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["buyin", "levels", "dealing", "table", "sizing", "players"]  # simulation: tests/simulation


@pytest.mark.parametrize("name", MODULES)
def test_table_module_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"fastholdem.game.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_phh_session_docstring_examples() -> None:
    module = importlib.import_module("fastholdem.history.phh")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
