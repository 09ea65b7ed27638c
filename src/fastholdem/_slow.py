"""Pure-Python reference evaluator: slow and obviously correct.

It is the test oracle for the C core and the input of ``tools/gen_tables.py``.
A hand's *value* is the 1-based position of its five-card equivalence class in the sorted
list of all 7462 classes (R9): 1 is 7-5-4-3-2 offsuit, 7462 the royal flush.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache

from .errors import CardError

__all__ = ["class_key", "all_class_keys", "value5", "evaluate", "category_index", "straight_top"]

# Category indices, low to high (R6).
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def straight_top(ranks: Iterable[int]) -> int | None:
    """Top rank of the best straight among ``ranks`` (0 = deuce .. 12 = ace), or None.

    The ace plays high (T-J-Q-K-A) or low (A-2-3-4-5, top rank 3); never both (R7).
    """
    present = set(ranks)
    for top in range(12, 2, -1):
        if top == 3:
            needed = {12, 0, 1, 2, 3}
        else:
            needed = set(range(top - 4, top + 1))
        if needed <= present:
            return top
    return None


def class_key(ranks: Sequence[int], flush: bool) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break ranks) of five cards given their ranks and whether suited (R6-R8)."""
    counts = Counter(ranks)
    # Ranks ordered by (count, rank), highest first: the order that breaks ties (R8).
    order = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    top = straight_top(ranks) if len(counts) == 5 else None
    if top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, (top,))
    if flush:
        return (FLUSH, order)
    if shape[0] == 4:
        return (QUADS, order)
    if shape == [3, 2]:
        return (FULL_HOUSE, order)
    if shape[0] == 3:
        return (TRIPS, order)
    if shape == [2, 2, 1]:
        return (TWO_PAIR, order)
    if shape[0] == 2:
        return (ONE_PAIR, order)
    return (HIGH_CARD, order)


@lru_cache(maxsize=1)
def all_class_keys() -> dict[tuple[int, tuple[int, ...]], int]:
    """Map every five-card class key to its value 1..7462."""
    keys = set()
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        keys.add(class_key(ranks, False))
        if len(set(ranks)) == 5:
            keys.add(class_key(ranks, True))
    ordered = sorted(keys)
    return {key: i + 1 for i, key in enumerate(ordered)}


def value5(cards: Sequence[int]) -> int:
    """Value (1..7462) of exactly five card ids."""
    ranks = [c >> 2 for c in cards]
    flush = len({c & 3 for c in cards}) == 1
    return all_class_keys()[class_key(ranks, flush)]


def evaluate(cards: Sequence[int]) -> int:
    """Value of the best five of 5, 6 or 7 card ids (R5)."""
    if not 5 <= len(cards) <= 7 or len(set(cards)) != len(cards):
        raise CardError(f"need 5-7 distinct cards, got {list(cards)}")
    return max(value5(five) for five in itertools.combinations(cards, 5))


def category_index(value: int) -> int:
    """Category index (0 = high card .. 8 = straight flush) of a value."""
    return _category_bounds().index(next(b for b in _category_bounds() if value <= b))


@lru_cache(maxsize=1)
def _category_bounds() -> list[int]:
    """Highest value of each category, in category order."""
    bounds = [0] * 9
    for (cat, _), value in all_class_keys().items():
        bounds[cat] = max(bounds[cat], value)
    return bounds
