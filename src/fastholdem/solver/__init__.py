"""Heads-up postflop solving (issue 30): Discounted CFR in the C core, exact best responses.

>>> import fastholdem as fh
>>> sol = fh.solve("AA,22", "KK", "2c7d9hTsJs", pot=10, stack=10, sizes="100%")
>>> sol.exploitability <= 0.5
True
"""

from __future__ import annotations

from .game import Engine, Game
from .postflop import Spot, build_game, parse_sizes
from .solution import Node, Solution, load, solve

__all__ = ["Engine", "Game", "Node", "Solution", "Spot", "build_game", "load", "parse_sizes", "solve"]
