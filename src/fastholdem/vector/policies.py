"""Vectorised policies: ``act(obs, legal) -> (kind, amount)`` over every table at once.

>>> import numpy as np
>>> from fastholdem.game import GameConfig
>>> from fastholdem.vector import Tables
>>> tables = Tables(3, 2, GameConfig(), 100, seed=1)
>>> kind, amount = RandomPolicy(seed=0).act(tables.observe(), tables.legal())
>>> kind.shape, amount.dtype
((3,), dtype('int64'))
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .kinds import BET_OR_RAISE_TO, CALL, CHECK, FOLD
from .legal import Legal
from .observation import Observation

__all__ = ["RandomPolicy"]


class RandomPolicy:
    """The random player of :class:`fastholdem.game.RandomPlayer`, for every table at once.

    Per table: facing a bet it folds with probability ``fold``; with probability ``aggression``
    it bets or raises to a uniform legal amount; otherwise it checks or calls. (The C fast path
    :meth:`fastholdem.vector.Tables.play_random` plays the same policy.)

    Parameters
    ----------
    seed:
        Seed of the policy's ``numpy.random.Generator``.
    fold, aggression:
        Probabilities, with ``fold + aggression <= 1``.

    Examples
    --------
    >>> from fastholdem.game import GameConfig
    >>> from fastholdem.vector import Tables, Kind
    >>> tables = Tables(4, 3, GameConfig(), 100, seed=2)
    >>> kind, _ = RandomPolicy(seed=1, fold=0.0, aggression=0.0).act(tables.observe(), tables.legal())
    >>> [Kind(k).name for k in kind]
    ['CALL', 'CALL', 'CALL', 'CALL']
    """

    def __init__(self, seed: int | None = None, *, fold: float = 0.15, aggression: float = 0.30) -> None:
        for name, p in (("fold", fold), ("aggression", aggression)):
            if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0.0 <= p <= 1.0:
                raise ValueError(f"{name} must be a probability in [0, 1], got {p!r}")
        if fold + aggression > 1.0:
            raise ValueError(f"fold + aggression must be at most 1, got {fold + aggression}")
        self.rng = np.random.default_rng(seed)
        self.fold = float(fold)
        self.aggression = float(aggression)

    def act(self, obs: Observation, legal: Legal) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """One action per table: ``(kind, amount)`` int64 arrays of shape ``(n,)``.

        Examples
        --------
        >>> from fastholdem.game import GameConfig
        >>> from fastholdem.vector import Tables
        >>> tables = Tables(2, 2, GameConfig(), 100, seed=0)
        >>> kind, amount = RandomPolicy(seed=3, fold=0.0, aggression=1.0).act(tables.observe(), tables.legal())
        >>> bool(((amount >= 3) & (amount <= 100)).all()), kind.tolist()
        (True, [3, 3])
        """
        n = legal.actor.shape[0]
        rng = self.rng
        r = rng.random(n)
        can_raise = legal.min_to >= 0
        fold = (r < self.fold) & (legal.call > 0)
        bet = ~fold & (r < self.fold + self.aggression) & can_raise
        kind = np.where(legal.can_check, CHECK, CALL).astype(np.int64)
        kind[bet] = BET_OR_RAISE_TO
        kind[fold] = FOLD
        span = np.where(can_raise, legal.max_to - legal.min_to + 1, 1)
        amount = legal.min_to + (rng.random(n) * span).astype(np.int64)
        return kind, np.where(bet, np.minimum(amount, legal.max_to), 0).astype(np.int64)
