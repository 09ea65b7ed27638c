"""fastholdem.vector.Tables at its limits: tallies beyond int64 (issue 26 item 2) and the messages
of the boundary checks (issue 26 item 7)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from fastholdem.errors import ConfigError, InputError, InputTypeError
from fastholdem.game import GameConfig, Structure
from fastholdem.vector import FOLD, Tables

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
    tally = Tables(2, 10, cfg, MAX_STACK, seed=3).play_random(20 * k, fold=1.0, aggression=0.0, threads=2)
    assert tally["total"] == [k * x for x in total] == [0] * 10
    assert tally["squares"] == [k * x for x in squares]
    assert min(tally["squares"]) > 2**128


# ---- boundary messages (issue 26 item 7) -------------------------------------------------


def test_tables_of_no_table_take_empty_lists() -> None:
    # NumPy makes [] a float64 array: with nothing in it, it is an empty array of actions
    tables = Tables(0, 2, GameConfig(), 100)
    tables.step([])
    tables.step([], [], mask=[])
    tables.reset([])
    tables.play_random_until(0, [])
    assert tables.last_hands([]).rewards.shape == (0, 2)
    assert tables.observe([]).seat.shape == (0,)
    # with tables, an empty list is the wrong shape, and the message says so
    three = Tables(3, 2, GameConfig(), 100, seed=1)
    with pytest.raises(InputError, match=r"kind must have shape \(3,\), got \(0,\)"):
        three.step([])
    with pytest.raises(InputError, match=r"mask must have shape \(3,\), got \(0,\)"):
        three.reset([])
    assert three.last_hands([]).rewards.shape == (0, 2)  # no row asked for


@pytest.mark.parametrize(
    ("i", "what"), [(True, "bool True"), (1.5, "float 1.5"), ("0", "str '0'"), (None, "NoneType None")])
def test_tables_to_phh_refuses_a_table_that_is_not_an_int(i: object, what: str) -> None:
    tables = Tables(2, 2, GameConfig(), 100, seed=1)
    tables.step([FOLD, FOLD])
    with pytest.raises(InputTypeError, match=rf"^i \(the table\) must be an int, got {re.escape(what)}$"):
        tables.to_phh(i)  # type: ignore[arg-type]
    assert tables.to_phh(np.int64(1)).finishing_stacks == [101, 99]


@pytest.mark.parametrize("n", [2**40 + 1, 2**62, 2**64])
def test_tables_refuses_n_beyond_its_limit_naming_it(n: int) -> None:
    with pytest.raises(InputError, match=r"^n must be at most 2\*\*40 \(1,099,511,627,776\) tables, got \d+"):
        Tables(n, 2, GameConfig(), 100)


def test_tables_config_message_names_the_option_set() -> None:
    # No limit does not use the fixed-limit bet sizes: big blinds of 2**55 play (all short)
    tables = Tables(20, 6, GameConfig(small_blind=2**54, big_blind=2**55), 1000, seed=2)
    tally = tables.play_random(200, fold=0.1, aggression=0.5, threads=1)
    assert sum(tally["total"]) == 0
    assert (tables.stacks.sum(axis=1) == 6000).all()
    # fixed limit does: its big bet is twice the big blind unless set, and the message says so
    limit = GameConfig(Structure.LIMIT, small_blind=2**54, big_blind=2**55)
    message = (r"^big_blind=36028797018963968 makes big_bet \(2 \* big_blind unless set\) 72057594037927936 "
               r"chips; the vector engine needs every amount below 2\*\*56$")
    with pytest.raises(ConfigError, match=message):
        Tables(1, 2, limit, 100)
    too_big = r" must be below 2\*\*56 chips in the vector engine, got 7"
    with pytest.raises(ConfigError, match=r"^small_bet=36028797018963968 makes big_bet \(2 \* small_bet"):
        Tables(1, 2, GameConfig(Structure.LIMIT, small_bet=2**55), 100)
    with pytest.raises(ConfigError, match="^big_bet" + too_big):
        Tables(1, 2, GameConfig(Structure.LIMIT, big_bet=2**56), 100)
    with pytest.raises(ConfigError, match="^big_blind" + too_big):
        Tables(1, 2, GameConfig(small_blind=1, big_blind=2**56), 100)
    with pytest.raises(ConfigError, match="^min_bet" + too_big):
        Tables(1, 2, GameConfig(min_bet=2**56), 100)
    Tables(1, 2, GameConfig(Structure.LIMIT, min_bet=2**70), 100)  # fixed limit has no use for min_bet
    Tables(1, 2, GameConfig(big_bet=2**70), 100)  # nor no limit for big_bet


def test_tables_to_phh_without_a_log_says_so_plainly() -> None:
    tables = Tables(1, 2, GameConfig(), 100, seed=1, history=0)
    tables.step([FOLD])
    message = (r"^table 0's last hand cannot be replayed: these tables keep no action log \(history=0\); "
               r"make them with history=1 or more$")
    with pytest.raises(InputError, match=message):
        tables.to_phh(0)
