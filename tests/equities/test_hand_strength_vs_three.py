"""Exact equity against two and three random hands on a flop, turn or river (csrc/fh_equity.c:
``strength_vs_two``, ``strength_vs_three``), through ``_core.vs_random_share`` (the same kernels
with dead cards) and ``hand_strength``. Oracle: every deal of the opponents listed and shown
down by ``equity_batch``, on rivers where dead cards leave few live cards, and the mean over the
next card of the street after."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from fastholdem import _core, deal, equity_batch, hand_strength


def brute(hole: list[int], board: list[int], dead: list[int], opponents: int) -> float:
    """Every set of ``opponents`` pairwise disjoint hands from the live cards, shown down."""
    live = [c for c in range(52) if c not in hole + board + dead]
    combos = list(itertools.combinations(live, 2))
    deals = [d for d in itertools.combinations(combos, opponents)
             if len({c for h in d for c in h}) == 2 * opponents]
    holes = np.empty((len(deals), opponents + 1, 2), np.uint8)
    holes[:, 0] = hole
    holes[:, 1:] = np.array(deals, np.uint8)
    boards = np.repeat(np.array([board], np.uint8), len(deals), axis=0)
    return float(equity_batch(holes, boards, threads=1)[:, 0].mean())


@pytest.mark.parametrize("opponents", [1, 2, 3])
def test_vs_random_share_matches_brute_force_on_small_decks(opponents: int) -> None:
    rng = np.random.default_rng(opponents)
    for _ in range(6):
        cards = rng.permutation(52).tolist()
        hole, board = cards[:2], cards[2:7]
        live = 10 + int(rng.integers(0, 4))
        dead = cards[7 + live:]
        got = _core.vs_random_share(hole, board, dead, opponents)
        assert got == pytest.approx(brute(hole, board, dead, opponents), abs=1e-12)


def test_vs_random_share_flush_and_tie_rivers_match_brute_force() -> None:
    spots = [([50, 46], [42, 30, 2, 21, 22]), ([0, 5], [51, 47, 43, 39, 35]), ([48, 1], [44, 40, 36, 32, 4])]
    for hole, board in spots:
        rest = [c for c in range(52) if c not in hole + board]
        dead = rest[::3] + rest[1::3]                     # 15 live cards
        for opponents in (2, 3):
            got = _core.vs_random_share(hole, board, dead, opponents)
            assert got == pytest.approx(brute(hole, board, dead, opponents), abs=1e-12)


def test_hand_strength_vs_three_is_the_mean_over_the_next_card() -> None:
    row = deal(1, 6, seed=21)[0].tolist()
    hole, board = row[:2], row[2:]
    nxt = [c for c in range(52) if c not in row]
    later = hand_strength(np.repeat(np.array([hole], np.uint8), len(nxt), axis=0),
                          np.array([board + [c] for c in nxt], np.uint8), 3, exact=True)
    got = hand_strength(np.array([hole], np.uint8), np.array([board], np.uint8), 3, exact=True)[0]
    assert got == pytest.approx(float(later.mean()), abs=1e-12)
    assert _core.vs_random_share(hole, board, (), 3) == got


def test_vs_random_share_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="opponents"):
        _core.vs_random_share([50, 45], [33, 20, 3], (), 10)
    with pytest.raises(TypeError, match="opponents"):
        _core.vs_random_share([50, 45], [33, 20, 3], (), 2.0)
    with pytest.raises(ValueError, match="used twice"):
        _core.vs_random_share([50, 45], [33, 45, 3], (), 2)
    with pytest.raises(ValueError, match="too few live cards for 3 opponent hands"):
        _core.vs_random_share([50, 45], [33, 20, 3, 4, 5], [c for c in range(52) if c not in (50, 45, 33, 20, 3, 4, 5)][:40], 3)
