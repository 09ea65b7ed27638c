"""Brute-force reference for the equity of one hand against N random hands (tests only).

Every completion of the board from the live cards is listed, and for each one every unordered
set of N pairwise disjoint two-card hands from the cards left. A deal is worth 0 to the hand
when an opponent beats it, else 1 / (j + 1) when j opponents tie it. The 7-card values come
from ``fastholdem.evaluate_batch``, all boards at once; the deals are index arrays, so one
board costs a few NumPy operations. The result is an exact fraction.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from fastholdem import evaluate_batch

__all__ = ["deal_sets", "reference_equities"]


@functools.lru_cache(maxsize=None)
def deal_sets(m: int, n: int) -> npt.NDArray[np.intp]:
    """Every unordered set of ``n`` pairwise disjoint pairs of positions 0..m-1, shape
    (count, n, 2). Each set is listed once: position m - 1 is either in no pair, or paired
    with one position j < m - 1 (and the other n - 1 pairs come from the rest).

    >>> deal_sets(4, 2).tolist()
    [[[1, 2], [0, 3]], [[0, 2], [1, 3]], [[0, 1], [2, 3]]]
    """
    if n == 0:
        return np.zeros((1, 0, 2), dtype=np.intp)
    if 2 * n > m:
        return np.zeros((0, n, 2), dtype=np.intp)
    parts = [deal_sets(m - 1, n)]                             # m - 1 dealt to nobody
    for j in range(m - 1):                                    # m - 1 dealt with j
        others = np.array([i for i in range(m - 1) if i != j], dtype=np.intp)
        rest = others[deal_sets(m - 2, n - 1)]                # the other pairs, relabelled
        pair = np.broadcast_to(np.array([[j, m - 1]], dtype=np.intp), (len(rest), 1, 2))
        parts.append(np.concatenate([rest, pair], axis=1))
    return np.concatenate(parts)


def reference_equities(hole: list[int], board: list[int], dead: list[int], opponents: int) -> list[Fraction]:
    """Exact equities of ``hole`` on ``board`` against 1..``opponents`` random hands, ``dead``
    cards left out, by listing every board and every deal.

    >>> royal = [48, 44, 40, 36, 32]            # AcKcQcJcTc: the board plays, every pot is split
    >>> reference_equities([0, 5], royal, list(range(8, 32)), 3)
    [Fraction(1, 2), Fraction(1, 3), Fraction(1, 4)]
    """
    used = set(hole) | set(board) | set(dead)
    assert len(used) == len(hole) + len(board) + len(dead), "a card is used twice"
    live = [c for c in range(52) if c not in used]
    need = 5 - len(board)
    m = len(live) - need                                   # cards left for the opponents
    assert m >= 2 * opponents, "too few live cards"
    runouts = list(itertools.combinations(live, need))
    pairs = list(itertools.combinations(range(m), 2))
    # rows per runout: the hand, then every pair of the remaining cards (positions in `rest`)
    rows = []
    for extra in runouts:
        full = board + list(extra)
        rest = [c for c in live if c not in extra]
        rows.append(hole + full)
        rows.extend([rest[i], rest[j]] + full for i, j in pairs)
    values = evaluate_batch(np.array(rows, dtype=np.int64)).astype(np.int64)
    values = values.reshape(len(runouts), 1 + len(pairs))
    hero = values[:, 0]
    first, second = np.array(pairs, dtype=np.intp).T
    table = np.zeros((len(runouts), m, m), dtype=np.int64)   # table[r, i, j]: value of pair (i, j)
    table[:, first, second] = values[:, 1:]
    table[:, second, first] = values[:, 1:]
    out = []
    for n in range(1, opponents + 1):
        deals = deal_sets(m, n)                                # (D, n, 2) positions
        counts = np.zeros(n + 1, dtype=np.int64)               # deals won with j opponents tying
        for r in range(len(runouts)):
            opp = table[r, deals[..., 0], deals[..., 1]]         # (D, n) opponent values
            beaten = (opp > hero[r]).any(axis=1)
            ties = (opp == hero[r]).sum(axis=1)
            counts += np.bincount(ties[~beaten], minlength=n + 1)
        shares = sum((Fraction(int(counts[j]), j + 1) for j in range(n + 1)), Fraction(0))
        out.append(shares / (len(runouts) * len(deals)))
    return out
