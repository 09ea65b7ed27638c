"""Monte Carlo counting behind :class:`fastholdem.EquityJob`: seeded blocks of trials,
block ``b`` drawn from the stream ``(seed, b)``, so any split of the blocks adds up exactly.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ... import _core
from ..inputs import ParsedPlayer

__all__ = ["MonteCarloEngine"]


class MonteCarloEngine:
    """Seeded Monte Carlo; block b draws from stream (seed, b), so blocks add exactly."""

    def __init__(self, parsed: list[ParsedPlayer], board: list[int], dead: list[int], seed: int) -> None:
        self.player_combos = [p.combos for p in parsed]  # per-combo counts (by_combo) index these
        self.combos = [None if p.random else p.combos for p in parsed]
        self.cum = [None if p.random else np.cumsum(p.weights) for p in parsed]
        self.random = [p.random for p in parsed]
        self.board, self.dead, self.seed = board, dead, seed & (2**64 - 1)
        self.n_players = len(parsed)

    def run_blocks(self, first: int, count: int, size: int, threads: int) -> dict[str, Any]:
        """Tally of blocks [first, first + count) of ``size`` trials each."""
        return _core.monte_carlo(self.combos, self.cum, self.random, self.board, self.dead, self.seed,
                                 first, count, size, threads)
