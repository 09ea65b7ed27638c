"""Exact preflop enumeration by rank multisets with flush corrections (csrc/fh_equity.c).

Without a board, fixed-hand deals are counted per rank multiset of the five board cards, then
corrected where someone makes a flush. The oracle is the board-by-board enumeration, reached by
fixing the first board card: summed over every live first card, those tallies count each board
five times (once per card of it), so they must equal five times the preflop tallies, in every
field (wins, ties, shares, squared shares, split sizes).
"""

from __future__ import annotations

import numpy as np
import pytest

from fastholdem import _core
from fastholdem.cards import parse_cards


def preflop_by_first_card(deal: np.ndarray, dead: list[int]) -> dict[str, np.ndarray]:
    used = set(deal.tolist()) | set(dead)
    total: dict[str, np.ndarray] = {}
    for c in range(52):
        if c in used:
            continue
        part = _core.exact_deals(deal[None, :], [c], dead, 1)
        for key, value in part.items():
            total[key] = total.get(key, 0) + value
    return total


def random_deal(rng: np.random.Generator, players: int, n_dead: int) -> tuple[np.ndarray, list[int]]:
    cards = rng.permutation(52)[: 2 * players + n_dead]
    return np.ascontiguousarray(cards[: 2 * players], np.uint8), sorted(int(c) for c in cards[2 * players :])


def assert_five_times(deal: np.ndarray, dead: list[int]) -> None:
    fast = _core.exact_deals(deal[None, :], [], dead, 1)
    slow = preflop_by_first_card(deal, dead)
    for key in fast:
        assert np.array_equal(slow[key], 5 * fast[key]), key


@pytest.mark.parametrize(
    "hands",
    [
        ["AsAd", "KhKc", "7s6s"],
        ["AsAd", "KhKc", "7s6s", "QdJd"],
        ["AsAd", "KhKc", "7s6s", "QdJd", "Tc9c", "5h5d"],
        ["AhKh", "QhJh"],  # two players who share a suit: four-flush boards for both
        ["2s3s", "4s5s", "6s7s", "8s9s", "TsJs"],  # one suit: straight flushes and flush ties
    ],
)
def test_equity_preflop_ranks_match_board_enumeration(hands: list[str]) -> None:
    deal = np.array([c for h in hands for c in parse_cards(h)], np.uint8)
    assert_five_times(deal, [])


@pytest.mark.parametrize("seed", range(12))
def test_equity_preflop_ranks_random_deals_with_dead_cards(seed: int) -> None:
    rng = np.random.default_rng(seed)
    players = int(rng.integers(2, 11))
    n_dead = int(rng.integers(0, 52 - 2 * players - 5 + 1)) if seed % 3 == 0 else int(rng.integers(0, 4))
    deal, dead = random_deal(rng, players, n_dead)
    assert_five_times(deal, dead)


def test_equity_preflop_ranks_known_three_way_counts() -> None:
    """AsAd / KhKc / 7s6s: 1,370,754 boards and the split count of the board-by-board count."""
    deal = np.array([c for h in ["AsAd", "KhKc", "7s6s"] for c in parse_cards(h)], np.uint8)
    t = _core.exact_deals(deal[None, :], [], [], 1)
    assert int(t["deals"][0]) == 1_370_754
    assert int(t["split"][0, 1:].sum()) == 1_370_754
