"""The shipped exact table of every heads-up preflop matchup (``data/preflop_headsup.npz``).

tools/gen_preflop.py writes it: one row per matchup up to suit permutations and swapping the
players, holding the boards won by each hand and the boards tied, out of all 1,712,304.
Exact heads-up preflop jobs without dead cards read their tallies here instead of
enumerating.

Jobs use the table when :func:`table_available`, which looks at :data:`PREFLOP_TABLE` of
*this* module on each call; pointing that at a missing file switches the table off (as
``benchmarks/bench_equity.py`` does).

>>> keys, counts = load_table()
>>> len(keys), int(counts[0].sum()) == PREFLOP_BOARDS
(47008, True)
>>> import numpy as np
>>> from fastholdem import parse_cards
>>> t = table_tallies(np.array([parse_cards("AsAd KhKc")], dtype=np.uint8))
>>> [int(x) for x in t["win"][0]], int(t["tie"][0, 0])  # of 1,712,304 boards
([1388072, 317694], 6538)
"""

from __future__ import annotations

import os
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ... import _core

__all__ = ["PREFLOP_BOARDS", "PREFLOP_TABLE", "load_table", "table_available", "table_counts", "table_tallies"]

PREFLOP_TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, os.pardir, "data",
                             "preflop_headsup.npz")
"""Path of the shipped table."""
PREFLOP_BOARDS = 1_712_304
"""Boards of a heads-up preflop deal: C(48, 5)."""


def table_available() -> bool:
    """Whether the table file at :data:`PREFLOP_TABLE` exists.

    >>> table_available()                # shipped with the package
    True
    """
    return os.path.exists(PREFLOP_TABLE)


@lru_cache(maxsize=1)
def load_table() -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint32]]:
    """Sorted canonical keys and (wins of hand 1, wins of hand 2, ties) of every heads-up
    preflop matchup, written by tools/gen_preflop.py (loaded once)."""
    with np.load(PREFLOP_TABLE) as data:
        return data["keys"], data["counts"]


def table_counts(deals: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint64]:
    """``(n, 3)`` exact counts of heads-up preflop deals ``(n, 4)`` over all 1,712,304 boards:
    boards won by the first hand, won by the second, tied (in the order of each row).

    >>> import numpy as np
    >>> from fastholdem import parse_cards
    >>> table_counts(np.array([parse_cards("AhKh QsQd"), parse_cards("QsQd AhKh")], dtype=np.uint8)).tolist()
    [[787966, 917606, 6732], [917606, 787966, 6732]]

    Raises
    ------
    RuntimeError
        If the table lacks a matchup (it must be regenerated).
    """
    keys, counts = load_table()
    key = _core.canonical_deal_keys(deals)
    mirror = _core.canonical_deal_keys(np.ascontiguousarray(deals[:, [2, 3, 0, 1]]))
    swapped = mirror < key
    lookup = np.where(swapped, mirror, key)
    pos = np.minimum(np.searchsorted(keys, lookup), len(keys) - 1)
    if not np.array_equal(keys[pos], lookup):  # the table must cover every matchup
        raise RuntimeError(f"{os.path.basename(PREFLOP_TABLE)} lacks a matchup: regenerate it with tools/gen_preflop.py")
    row = counts[pos].astype(np.uint64)
    row[swapped] = row[swapped][:, [1, 0, 2]]
    return row


def table_tallies(deals: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.uint64]]:
    """Exact tallies of heads-up preflop deals (n, 4), read from the shipped table.

    The rows have the layout of ``fastholdem._core.exact_deals``: ``deals``, ``win``,
    ``tie``, ``share``, ``share_sq`` and ``split``, one row per deal.

    >>> import numpy as np
    >>> from fastholdem import parse_cards
    >>> t = table_tallies(np.array([parse_cards("AhKh QsQd")], dtype=np.uint8))
    >>> sorted(t), t["deals"].tolist()
    (['deals', 'share', 'share_sq', 'split', 'tie', 'win'], [1712304])

    Raises
    ------
    RuntimeError
        If the table lacks a matchup (it must be regenerated).
    """
    row = table_counts(deals)
    w1, w2, tie = row[:, 0], row[:, 1], row[:, 2]
    unit, half = np.uint64(_core.SHARE_UNIT), np.uint64(_core.SHARE_UNIT // 2)
    n = len(deals)
    return {
        "deals": np.full(n, PREFLOP_BOARDS, dtype=np.uint64),
        "win": np.stack([w1, w2], axis=1),
        "tie": np.stack([tie, tie], axis=1),
        "share": np.stack([w1 * unit + tie * half, w2 * unit + tie * half], axis=1),
        "share_sq": np.stack([w1 * unit * unit + tie * half * half, w2 * unit * unit + tie * half * half], axis=1),
        "split": np.stack([np.zeros(n, np.uint64), w1 + w2, tie], axis=1),
    }
