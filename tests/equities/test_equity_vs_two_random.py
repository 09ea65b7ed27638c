"""``equity([hand, "random", "random"], board)``: the short path through
``_core.vs_two_random_counts`` (csrc/fh_vs_many.c) against the general exact path (the runout
tables), field by field."""

from __future__ import annotations

import random

import numpy as np
import pytest

import fastholdem as fh
from fastholdem import _core
from fastholdem.equities.jobs import run_exact
from fastholdem.equities._plan import job_for_call


def _general(players: list[str], board: str, dead: str | None) -> fh.EquityResult:
    return run_exact(job_for_call(players, board, dead, True, None, None, None, False), 1, False)


@pytest.mark.parametrize("seed", range(4))
def test_equity_vs_two_random_equals_the_general_path(seed: int) -> None:
    rng = random.Random(seed)
    n_board = [3, 4, 5, 5][seed]
    cards = rng.sample(range(52), 2 + n_board + 2 * (seed % 2))
    hand, board = fh.cards_str(cards[:2]), fh.cards_str(cards[2:2 + n_board])
    dead = fh.cards_str(cards[2 + n_board:]) or None
    players = [hand, "random", "random"]
    players.insert(seed % 3, players.pop(0))  # the hand in every seat
    quick = fh.equity(players, board=board, dead=dead)
    general = _general(players, board, dead)
    assert quick.players == general.players and quick.exact and quick.deals == general.deals
    for field in ("equity", "win", "tie"):
        assert np.allclose(getattr(quick, field), getattr(general, field), rtol=0, atol=1e-13), field
    assert np.array_equal(quick.split, general.split)


def test_equity_vs_two_random_ties_above_the_hand_are_splits_between_the_opponents() -> None:
    # 3c4d plays the board AsKsQhJd9c: opponents without a pair or a ten play it too (a
    # three-way split when both do), and two opponents holding a ten each share the straight
    # above it (a two-way split without the hand).
    players, board = ["3c4d", "random", "random"], "AsKsQhJd9c"
    quick, general = fh.equity(players, board=board), _general(players, board, None)
    assert np.array_equal(quick.split, general.split)
    assert quick.split[2] > 0 and quick.split[3] > 0
    below, one_tie, two_ties, above_tied, pairs = _core.vs_two_random_counts(
        fh.parse_cards("3c4d"), fh.parse_cards(board))
    assert below == one_tie == 0 and two_ties > 0 and above_tied > 0  # nothing is below the board
    assert pairs == 45 * 44 * 43 * 42 // 8


def test_equity_vs_two_random_preflop_exact_uses_the_counts() -> None:
    r = fh.equity(["random", "AhKd", "random"], exact=True)
    assert r.exact and r.deals == 2_118_760 * 990 * 903  # boards x ordered pairs of opponent hands
    hero = _core.vs_random_equities(fh.parse_cards("AhKd"), (), (), 2)[1]
    assert r.equity[1] == pytest.approx(hero, abs=1e-15)
    assert r.equity[0] == r.equity[2] == pytest.approx((1 - hero) / 2, abs=1e-15)
    assert float(r.split.sum()) == r.deals
    # without exact=True a preflop three-way call stays Monte Carlo (a second of CPU otherwise)
    assert not fh.equity(["AhKd", "random", "random"], trials=1000, seed=1).exact
