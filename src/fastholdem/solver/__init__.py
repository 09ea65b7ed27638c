"""Heads-up postflop solving (issue 30): Discounted CFR in the C core, exact best responses.

>>> import fastholdem as fh
>>> sol = fh.solve("AA,22", "KK", "2c7d9hTsJs", pot=10, stack=10, sizes="100%")
>>> sol.exploitability <= 0.5
True
"""

from __future__ import annotations

from .flops import FlopClass, canonical_flop, flop_classes, flop_texture
from .game import Engine, Game
from .postflop import Spot, build_game
from .report import AggregateReport, FlopRow, FlopTask, aggregate_report, flop_row, solve_flop
from .solution import Node, Solution, load, solve
from .tree import BetSizes, Size, Tree, TreeConfig, build_tree, parse_size_list, parse_sizes

__all__ = ["AggregateReport", "BetSizes", "Engine", "FlopClass", "FlopRow", "FlopTask", "Game", "Node", "Size",
           "Solution", "Spot", "Tree", "TreeConfig", "aggregate_report", "build_game", "build_tree", "canonical_flop",
           "flop_classes", "flop_row", "flop_texture", "load", "parse_size_list", "parse_sizes", "solve",
           "solve_flop"]
