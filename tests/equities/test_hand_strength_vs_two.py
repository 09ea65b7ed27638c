"""Exact ``hand_strength`` against two random hands on a flop, turn or river (csrc/fh_equity.c,
``strength_vs_two``: each runout's opponent hands valued once, the pairs of disjoint hands
counted from per-card degrees). Oracles: every deal of the two opponents listed and shown down
by ``equity_batch`` (river), and the mean over the next card of the verified street after."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from fastholdem import deal, equity_batch, hand_strength


def brute_river(hole: list[int], board: list[int]) -> float:
    """Every unordered pair of disjoint opponent hands, shown down one by one."""
    live = [c for c in range(52) if c not in hole + board]
    combos = list(itertools.combinations(live, 2))
    deals = [(a, b) for a, b in itertools.combinations(combos, 2) if not set(a) & set(b)]
    holes = np.empty((len(deals), 3, 2), np.uint8)
    holes[:, 0] = hole
    holes[:, 1:] = np.array(deals, np.uint8)
    boards = np.repeat(np.array([board], np.uint8), len(deals), axis=0)
    return float(equity_batch(holes, boards, threads=2)[:, 0].mean())


def strength(hole: list[int], board: list[int]) -> float:
    return float(hand_strength(np.array([hole], np.uint8), np.array([board], np.uint8), 2, exact=True,
                               threads=1)[0])


@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_hand_strength_vs_two_river_matches_brute_force(seed: int) -> None:
    row = deal(1, 7, seed=seed)[0].tolist()
    assert strength(row[:2], row[2:]) == pytest.approx(brute_river(row[:2], row[2:]), abs=1e-12)


def test_hand_strength_vs_two_flush_and_pair_rivers_match_brute_force() -> None:
    # Ah Kh on Qh 9h 2h 7c 7d (a flush against boats), and 2c 3d on a royal flush board (every pot split).
    for hole, board in [([50, 46], [42, 30, 2, 21, 22]), ([0, 5], [51, 47, 43, 39, 35])]:
        assert strength(hole, board) == pytest.approx(brute_river(hole, board), abs=1e-12)
    assert strength([0, 5], [51, 47, 43, 39, 35]) == pytest.approx(1 / 3, abs=1e-15)


@pytest.mark.parametrize("n_board", [3, 4])
def test_hand_strength_vs_two_is_the_mean_over_the_next_card(n_board: int) -> None:
    row = deal(1, 2 + n_board, seed=10 + n_board)[0].tolist()
    hole, board = row[:2], row[2:]
    nxt = [c for c in range(52) if c not in row]
    boards = np.array([board + [c] for c in nxt], np.uint8)
    later = hand_strength(np.repeat(np.array([hole], np.uint8), len(nxt), axis=0), boards, 2, exact=True)
    assert strength(hole, board) == pytest.approx(float(later.mean()), abs=1e-12)


def test_hand_strength_vs_two_is_exact_by_default_and_refuses_bad_cards() -> None:
    hole, board = np.array([[50, 45]], np.uint8), np.array([[33, 20, 3]], np.uint8)
    assert hand_strength(hole, board, 2)[0] == hand_strength(hole, board, 2, exact=True)[0]
    with pytest.raises(ValueError, match="twice"):
        hand_strength(hole, np.array([[50, 20, 3]], np.uint8), 2, exact=True)
    with pytest.raises(ValueError, match="opponents"):
        hand_strength(hole, board, 10, exact=True)
