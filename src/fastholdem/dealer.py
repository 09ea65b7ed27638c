"""Random hands in bulk: :func:`deal` fills an ``(n, k)`` array of distinct cards in C.

>>> hands = deal(1_000_000, 7, seed=1)        # a million random 7-card hands
>>> hands.shape, hands.dtype
((1000000, 7), dtype('uint8'))
>>> import numpy as np
>>> bool(np.array_equal(deal(10, seed=5, threads=1), deal(10, seed=5, threads=2)))
True

Each row is a partial Fisher-Yates shuffle of the live deck with an exactly uniform integer
draw, so every ordered ``k``-tuple of live cards is equally likely. Rows are dealt in
seeded blocks of 8,192 (block ``b`` from the stream ``(seed, b)``), so the array depends on
the seed only, not on the thread count, and a shorter deal with the same seed is a prefix
of a longer one. Feed the rows to :func:`fastholdem.evaluate_batch` to rank them.
"""

from __future__ import annotations

from . import _core

__all__ = ["deal"]

deal = _core.deal
