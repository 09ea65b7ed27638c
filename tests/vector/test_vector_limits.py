"""fastholdem.vector.Tables at its limits: tallies beyond int64 (issue 26 item 2) and the messages
of the boundary checks (issue 26 item 7)."""

from __future__ import annotations

import numpy as np
import pytest

from fastholdem.game import GameConfig
from fastholdem.vector import Tables

MAX_STACK = 2**52 - 1  # the largest stack a table takes


def _hand_by_hand(tables: Tables, rounds: int) -> tuple[list[int], list[int]]:
    """Per-seat sums of the rewards and of their squares, in Python ints, over ``rounds`` calls of
    ``play_random(n)`` (one hand per table each)."""
    total, squares = [0] * tables.players, [0] * tables.players
    for _ in range(rounds):
        tables.play_random(tables.n, threads=1, fold=1.0, aggression=0.0)
        for row in tables.rewards.tolist():
            for seat, won in enumerate(row):
                total[seat] += won
                squares[seat] += won * won
    return total, squares


def test_play_random_total_beyond_int64_is_exact() -> None:
    # Seat 0 is the big blind of all 500 tables; everyone folds to it, so it wins nine antes of
    # 2**51 chips and the small blind in each: 500 * (9 * 2**51 + 1) > 2**63.
    cfg = GameConfig(small_blind=1, big_blind=2, ante=2**51)
    tables = Tables(500, 10, cfg, MAX_STACK, seed=1, button=7)
    tally = tables.play_random(500, fold=1.0, aggression=0.0, threads=1)
    rewards = tables.rewards.tolist()  # one hand per table
    total = [sum(row[seat] for row in rewards) for seat in range(10)]
    squares = [sum(row[seat] ** 2 for row in rewards) for seat in range(10)]
    assert total[0] == 500 * (9 * 2**51 + 1) > 2**63
    assert tally["total"] == total
    assert tally["squares"] == squares


@pytest.mark.parametrize("threads", [1, 2])
def test_play_random_total_below_int64_is_exact(threads: int) -> None:
    # Heads-up, the button posts a small blind of 2**51 and folds it in each of 20,000 tables:
    # seat 0 loses 20,000 * 2**51 > 2**63 (two threads add their tallies).
    cfg = GameConfig(small_blind=2**51, big_blind=2**52 - 2)
    tables = Tables(20_000, 2, cfg, MAX_STACK, seed=1, button=1)
    tally = tables.play_random(20_000, fold=1.0, aggression=0.0, threads=threads)
    rewards = tables.rewards.tolist()
    total = [sum(row[seat] for row in rewards) for seat in range(2)]
    assert total == [-20_000 * 2**51, 20_000 * 2**51]
    assert total[0] < -(2**63)
    assert tally["total"] == total
    assert tally["squares"] == [sum(row[seat] ** 2 for row in rewards) for seat in range(2)]


@pytest.mark.slow  # 2.4 million hands, a few seconds
def test_play_random_squares_beyond_2_128_are_exact() -> None:
    # Antes leave every seat 2 chips: everyone folds to the big blind, who wins ten antes. The
    # hands repeat every 10 (the button goes round), so k rounds sum to k times the first; the
    # squares of a seat pass 2**128 after about 93,000 rounds of the two tables.
    cfg = GameConfig(small_blind=1, big_blind=2, ante=MAX_STACK - 2)
    one = Tables(2, 10, cfg, MAX_STACK, seed=3)
    total, squares = _hand_by_hand(one, 10)
    k = 120_000
    tally = Tables(2, 10, cfg, MAX_STACK, seed=3).play_random(2 * 10 * k, fold=1.0, aggression=0.0, threads=2)
    assert tally["total"] == [k * x for x in total] == [0] * 10
    assert tally["squares"] == [k * x for x in squares]
    assert min(tally["squares"]) > 2**128
