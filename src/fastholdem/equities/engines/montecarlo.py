"""Monte Carlo counting behind :class:`fastholdem.EquityJob`: seeded blocks of trials,
block ``b`` drawn from the stream ``(seed, b)``, so any split of the blocks adds up exactly.
"""

from __future__ import annotations

from typing import Any


from ... import _core
from ..inputs import ParsedPlayer

__all__ = ["MonteCarloEngine"]


class MonteCarloEngine:
    """Seeded Monte Carlo; block b draws from stream (seed, b), so blocks add exactly.

    Each trial deals one combo per player, drawn with probability proportional to the
    product of the combo weights among the deals in which no card repeats (``random``
    players straight from the deck), then completes the board (see csrc/fh_montecarlo.h).

    >>> import numpy as np
    >>> from fastholdem.equities.inputs import parse_inputs
    >>> parsed, board, dead = parse_inputs(["AsAd", "random"], None, None)
    >>> engine = MonteCarloEngine(parsed, board, dead, seed=1)
    >>> a = engine.run_blocks(0, 2, 4096, threads=1)
    >>> b = engine.run_blocks(0, 2, 4096, threads=2)        # same blocks, same counts
    >>> int(a["deals"]), all(np.array_equal(a[k], b[k]) for k in a)
    (8192, True)
    """

    def __init__(self, parsed: list[ParsedPlayer], board: list[int], dead: list[int], seed: int,
                 by_combo: bool = False) -> None:
        self.combos = [p.combos for p in parsed]
        self.player_combos = self.combos  # per-combo counts (by_combo) index these
        self.weights = [None if p.random else p.weights for p in parsed]
        self.random = [p.random for p in parsed]
        self.board, self.dead, self.seed = board, dead, seed & (2**64 - 1)
        self.n_players = len(parsed)
        self.by_combo = by_combo  # keep per-combo counts in every block run by a job

    def run_blocks(self, first: int, count: int, size: int, threads: int, by_combo: bool = False
                   ) -> dict[str, Any]:
        """Tally of blocks [first, first + count) of ``size`` trials each.

        The keys are those of :func:`fastholdem._core.exact_deals` for one row. With
        ``by_combo``, also "combo_deals", "combo_share" and "combo_share_sq": per player,
        a uint64 array aligned with that player's parsed combos (``ParsedPlayer.combos``,
        random players included): the trials in which the player held each combo, and the
        sums of its pot shares (units of ``1 / SHARE_UNIT``) and of their squares in those
        trials. Every tally is an integer, so blocks add exactly.
        """
        combos = self.combos if by_combo else [None if r else c for c, r in zip(self.combos, self.random)]
        return _core.monte_carlo_blocks(combos, self.weights, self.random, self.board, self.dead, self.seed,
                                        first, count, size, threads, by_combo)
