"""Exact ``hand_strength`` against one random hand on a flop, turn or river (csrc/fh_equity.c).

The kernel counts the opponent's hands by rank-pair class per runout and corrects the card pairs
that make a flush. The oracle is the job of ``equity([hand, "random"], board)`` counted by the general path
(runout tables or the sweep; ``equity`` itself now calls this kernel), on random spots and on boards made to hold three, four and five
cards of one suit.
"""

from __future__ import annotations

import numpy as np
import pytest

from fastholdem import deal, equity_job, hand_strength
from fastholdem.cards import cards_str


def oracle(hole: np.ndarray, board: np.ndarray) -> float:
    """The general path (``equity`` itself now takes the kernel under test for this call)."""
    job = equity_job([cards_str(hole.tolist()), "random"], board=cards_str(board.tolist()), exact=True)
    return float(job.combine([job.run(c, threads=1) for c in job.chunks(1)]).equity[0])


def one_suit_heavy(rng: np.random.Generator, n_board: int, suited: int) -> tuple[np.ndarray, np.ndarray]:
    """A hole and a board holding ``suited`` cards of one random suit (the rest random)."""
    s = int(rng.integers(0, 4))
    suit_cards = [4 * r + s for r in rng.permutation(13)[:suited]]
    rest = [c for c in rng.permutation(52).tolist() if c not in suit_cards]
    board = suit_cards + rest[: n_board - suited]
    free = [c for c in rest if c not in board]
    hole = free[:2]
    free_suit = [4 * r + s for r in range(13) if 4 * r + s not in board]
    if free_suit and rng.random() < 0.5:  # sometimes the hole holds the suit too
        hole = [free_suit[0], next(c for c in free if c != free_suit[0])]
    return np.array(hole, np.uint8), np.array(board, np.uint8)


@pytest.mark.parametrize("n_board", [3, 4, 5])
def test_hand_strength_vs_one_random_spots_match_equity(n_board: int) -> None:
    rows = deal(8 if n_board == 3 else 20, 2 + n_board, seed=n_board)
    holes, boards = np.ascontiguousarray(rows[:, :2]), np.ascontiguousarray(rows[:, 2:])
    got = hand_strength(holes, boards, 1, exact=True, threads=1)
    for i in range(len(rows)):
        assert got[i] == pytest.approx(oracle(holes[i], boards[i]), abs=1e-12)


@pytest.mark.parametrize(("n_board", "suited"), [(3, 3), (4, 3), (4, 4), (5, 3), (5, 4), (5, 5)])
def test_hand_strength_vs_one_flush_boards_match_equity(n_board: int, suited: int) -> None:
    rng = np.random.default_rng(10 * n_board + suited)
    spots = [one_suit_heavy(rng, n_board, suited) for _ in range(4 if n_board == 3 else 8)]
    holes = np.array([h for h, _ in spots], np.uint8)
    boards = np.array([b for _, b in spots], np.uint8)
    got = hand_strength(holes, boards, 1, exact=True, threads=2)
    for i, (hole, board) in enumerate(spots):
        assert got[i] == pytest.approx(oracle(hole, board), abs=1e-12)


def test_hand_strength_vs_one_known_river_spots() -> None:
    """A royal flush on the board ties every hand; the nut straight flush beats every hand."""
    board = np.array([[51, 47, 43, 39, 35]], np.uint8)  # As Ks Qs Js Ts
    assert hand_strength(np.array([[0, 1]], np.uint8), board, 1, exact=True)[0] == 0.5
    board = np.array([[47, 43, 39, 35, 0]], np.uint8)  # Ks Qs Js Ts 2c
    assert hand_strength(np.array([[51, 1]], np.uint8), board, 1, exact=True)[0] == 1.0
