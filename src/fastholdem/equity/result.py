"""The result type of an equity computation: :class:`EquityResult`.

>>> from fastholdem import equity
>>> r = equity(["AhKh", "QsQd"])
>>> r
EquityResult(players=('AhKh', 'QsQd'), equity=[0.4621, 0.5379], exact=True, deals=1712304)
>>> print(r)
player    equity       win       tie
AhKh    46.2145%  46.0179%   0.3932%
QsQd    53.7855%  53.5890%   0.3932%
board -; exact: 1,712,304 boards in ... s
>>> r.to_dict()["players"][1]["hand"]
'QsQd'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["EquityResult"]


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`fastholdem.equity` (and of :meth:`fastholdem.EquityJob.combine`).

    Attributes
    ----------
    players : tuple of str
        Each player's hand or range, as given.
    equity, win, tie, stderr : numpy.ndarray of float64, shape (players,)
        Equity (wins plus tie shares; sums to 1), probability of winning alone, of sharing
        the pot, and the standard error of ``equity`` (0 when exact).
    exact : bool
        True if every board (and every assignment of range hands) was enumerated.
    deals : int
        Boards enumerated (summed over hand assignments) or Monte Carlo trials.
    elapsed : float
        Seconds spent.
    seed : int or None
        The Monte Carlo seed (None when exact).
    board, dead : str
        The board and dead cards.
    split : numpy.ndarray of float64, shape (players + 1,)
        ``split[k]``: weighted count of deals whose pot was shared by exactly k players.
    """

    players: tuple[str, ...]
    equity: npt.NDArray[np.float64]
    win: npt.NDArray[np.float64]
    tie: npt.NDArray[np.float64]
    stderr: npt.NDArray[np.float64]
    exact: bool
    deals: int
    elapsed: float
    seed: int | None = None
    board: str = ""
    dead: str = ""
    split: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))

    def to_dict(self) -> dict[str, Any]:
        """Plain-Python form (for JSON)."""
        return {
            "players": [
                {"hand": p, "equity": float(e), "win": float(w), "tie": float(t), "stderr": float(s)}
                for p, e, w, t, s in zip(self.players, self.equity, self.win, self.tie, self.stderr)
            ],
            "board": self.board,
            "dead": self.dead,
            "exact": self.exact,
            "deals": self.deals,
            "seed": self.seed,
            "elapsed": self.elapsed,
        }

    def __str__(self) -> str:
        width = max(6, *(len(p) for p in self.players))
        head = f"{'player':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}"
        if not self.exact:
            head += f"  {'stderr':>8}"
        lines = [head]
        for i, p in enumerate(self.players):
            line = f"{p:<{width}}  {self.equity[i]:8.4%}  {self.win[i]:8.4%}  {self.tie[i]:8.4%}"
            if not self.exact:
                line += f"  {self.stderr[i]:8.4%}"
            lines.append(line)
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        what = "boards" if self.exact else "trials"
        context = f"board {self.board or '-'}" + (f", dead {self.dead}" if self.dead else "")
        lines.append(f"{context}; {how}: {self.deals:,} {what} in {self.elapsed:.3f} s")
        return "\n".join(lines)

    def __repr__(self) -> str:
        eq = ", ".join(f"{e:.4f}" for e in self.equity)
        return f"EquityResult(players={self.players!r}, equity=[{eq}], exact={self.exact}, deals={self.deals})"
