"""Hand evaluation (R5-R9): values, categories, descriptions and the best five cards.

A hand's *value* is an int 1..7462: higher is stronger, equal values tie, 7462 is the royal
flush and 1 is 7-5-4-3-2 of mixed suits (R9). Evaluation runs in the C core.

>>> v = evaluate("Kh Kd Ks 6c 6d 2s 3h")
>>> category(v).name, describe(v)
('FULL_HOUSE', 'Full house, kings full of sixes')
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from . import _core, _slow
from .cards import CardsLike, parse_cards

__all__ = [
    "HandCategory",
    "evaluate",
    "evaluate_batch",
    "category",
    "describe",
    "best_five",
    "category_counts",
    "enumerate_values",
]

evaluate = _core.evaluate
evaluate_batch = _core.evaluate_batch
enumerate_values = _core.enumerate_values


class HandCategory(enum.IntEnum):
    """The nine hand categories, low to high (R6)."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    def __str__(self) -> str:
        return self.name.replace("_", " ").capitalize()


def category(value: int) -> HandCategory:
    """The :class:`HandCategory` of a value 1..7462.

    >>> category(7462), category(1)
    (<HandCategory.STRAIGHT_FLUSH: 8>, <HandCategory.HIGH_CARD: 0>)

    Raises
    ------
    TypeError
        If ``value`` is not an int (``bool`` and ``float`` are refused; NumPy ints are fine).
    ValueError
        If ``value`` is outside 1..7462.
    """
    return HandCategory(_core.category_of(value))


_RANK_NAMES = ["deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
               "king", "ace"]


def _plural(rank: int) -> str:
    name = _RANK_NAMES[rank]
    return "sixes" if name == "six" else name + "s"


@lru_cache(maxsize=1)
def _keys_by_value() -> dict[int, tuple[int, tuple[int, ...]]]:
    return {value: key for key, value in _slow.all_class_keys().items()}


def describe(value: int) -> str:
    """Plain-English description of a value, e.g. ``"Full house, kings full of sixes"``.

    >>> describe(7462), describe(1)
    ('Royal flush', 'High card, seven, five, four, three, deuce')

    Raises
    ------
    TypeError, ValueError
        As :func:`category`.
    """
    cat = category(value)
    ranks = _keys_by_value()[value][1]
    names = [_RANK_NAMES[r] for r in ranks]
    if cat is HandCategory.STRAIGHT_FLUSH:
        return "Royal flush" if ranks[0] == 12 else f"Straight flush, {names[0]} high"
    if cat is HandCategory.FOUR_OF_A_KIND:
        return f"Four of a kind, {_plural(ranks[0])}, {names[1]} kicker"
    if cat is HandCategory.FULL_HOUSE:
        return f"Full house, {_plural(ranks[0])} full of {_plural(ranks[1])}"
    if cat is HandCategory.FLUSH:
        return "Flush, " + ", ".join(names)
    if cat is HandCategory.STRAIGHT:
        return f"Straight, {names[0]} high"
    if cat is HandCategory.THREE_OF_A_KIND:
        return f"Three of a kind, {_plural(ranks[0])}, kickers {names[1]}, {names[2]}"
    if cat is HandCategory.TWO_PAIR:
        return f"Two pair, {_plural(ranks[0])} and {_plural(ranks[1])}, {names[2]} kicker"
    if cat is HandCategory.ONE_PAIR:
        return f"Pair of {_plural(ranks[0])}, kickers " + ", ".join(names[1:])
    return "High card, " + ", ".join(names)


def best_five(cards: CardsLike) -> list[int]:
    """The five of 5-7 cards that make the hand, strongest-first by rank significance.

    >>> from fastholdem.cards import cards_str
    >>> cards_str(best_five("Kh Kd Ks 6c 6d 2s 3h"))
    'KsKhKd6d6c'
    """
    ids = parse_cards(cards)
    if not 5 <= len(ids) <= 7:
        raise ValueError(f"cards must hold 5, 6 or 7 cards, got {len(ids)}")
    best = max(itertools.combinations(ids, 5), key=lambda five: _core.evaluate(list(five)))
    counts: dict[int, int] = {}
    for c in best:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    # Order as the hand is read: bigger groups first, then higher rank; a wheel's ace last.
    wheel = {c >> 2 for c in best} == {12, 0, 1, 2, 3}
    def significance(c: int) -> tuple[int, int, int]:
        rank = -1 if (wheel and c >> 2 == 12) else c >> 2
        return (counts[c >> 2], rank, c)
    return sorted(best, key=significance, reverse=True)


def category_counts(hist: np.ndarray | Sequence[int]) -> dict[HandCategory, int]:
    """Fold a value histogram (index = value, as from :func:`enumerate_values`) into counts
    per category.

    >>> category_counts(enumerate_values(fixed="AsKsQsJsTs"))[HandCategory.STRAIGHT_FLUSH]
    1081
    """
    counts = np.asarray(hist, dtype=np.int64)
    bounds = [0, *(_slow._category_bounds())]
    return {HandCategory(i): int(counts[bounds[i] + 1 : bounds[i + 1] + 1].sum()) for i in range(9)}

