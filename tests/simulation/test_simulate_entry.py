"""Issue 19 item 3 and issue 27 item 4: the simulation API is where a newcomer looks for it
(``fastholdem.simulate``, ``fastholdem.simulation``), and a plain function ``f(view) -> action``
is an agent wherever an object with ``act`` is."""

from __future__ import annotations

import subprocess
import sys

import pytest

import fastholdem
from fastholdem.game.players import drive
from fastholdem.game import (
    Call,
    CallingStation,
    Check,
    Fold,
    GameConfig,
    Hand,
    Table,
    View,
    play_hand,
    play_hands,
)
from fastholdem.simulation import SimulationResult


def caller(view: View) -> object:
    return Check() if view.legal_actions().check else Call()


def test_simulate_imported_from_simulation_is_the_function() -> None:
    from fastholdem.simulation import simulate

    result = simulate(["random", "random"], 100, seed=1)
    assert isinstance(result, SimulationResult) and result.hands == 100


def test_simulate_is_an_attribute_of_simulation_after_import_simulation() -> None:
    """``fastholdem.simulation`` (issue 27 item 4) holds it; ``fastholdem.game`` no longer does,
    since the game layer sits below the vector engine that ``simulate`` plays on."""
    code = ("import fastholdem.simulation\nr = fastholdem.simulation.simulate(['random', 'station'], 20, seed=2)\n"
            "import fastholdem, fastholdem.game\nassert fastholdem.simulate is fastholdem.simulation.simulate\n"
            "assert not hasattr(fastholdem.game, 'simulate')\nprint(r.hands)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "20"


def test_simulate_accepts_a_plain_function_as_policy() -> None:
    result = fastholdem.simulate([caller, "random"], 200, seed=3)
    assert result.hands == 200 and result.seats[0].policy == "caller"
    assert sum(s.chips_won for s in result.seats) == 0
    # Same play as an object whose act is the function.
    as_object = fastholdem.simulate([CallingStation(), "random"], 200, seed=3)
    assert [s.chips_won for s in result.seats] == [s.chips_won for s in as_object.seats]


def test_drive_play_hand_play_hands_accept_functions() -> None:
    hand = drive(Hand(GameConfig(), [100, 100, 100], seed=4), [caller, lambda view: Fold(), caller])
    assert hand.is_complete and sum(hand.stacks) == 300
    table = Table(GameConfig(), stacks=[100, 100], seed=5)
    assert play_hand(table, [caller, caller]).is_complete
    assert play_hands(table, [caller, lambda view: Fold()], 5) == 5


def test_simulate_refuses_a_policy_that_is_neither_name_agent_nor_function() -> None:
    with pytest.raises(TypeError, match="act\\(view\\) method or must be a function"):
        fastholdem.simulate([42, "random"], 10, seed=1)
