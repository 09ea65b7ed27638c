"""Simulation: many hands between policies, on the ``Hand`` engine or the vector engine.

The layer above :mod:`fastholdem.game` and :mod:`fastholdem.vector`, the one that knows both:

* :mod:`fastholdem.simulation.run`: :func:`simulate` (also ``fastholdem.simulate``), its seeded
  blocks (:func:`plan_simulation`, the face distributed runners drive) and per-seat results;
* :mod:`fastholdem.simulation.vector_block`: one block on the vector engine
  (:func:`~fastholdem.simulation.vector_block.play_block`);
* :mod:`fastholdem.simulation.play`: the terminal game against the built-in bots.

A built-in policy name stands for one row of
:data:`fastholdem.vector.policies.BUILTIN_POLICIES` (its scalar agent and its vectorised policy),
and the kind of every seat's policy is decided by :func:`fastholdem.vector.policies.policy_kind`.

>>> from fastholdem.simulation import simulate
>>> result = simulate(["tight", "call"], 500, seed=3)
>>> result.engine, [seat.policy for seat in result.seats]
('vector', ['tight', 'station'])
"""

from __future__ import annotations

from ..vector.policies import POLICIES, make_player
from .play import play_game
from .run import BLOCK_HANDS, ENGINES, SeatResult, SimulationPlan, SimulationResult, SimulationTally, plan_simulation, simulate

__all__ = ["BLOCK_HANDS", "ENGINES", "POLICIES", "SeatResult", "SimulationPlan", "SimulationResult", "SimulationTally",
           "make_player", "plan_simulation", "play_game", "simulate"]
