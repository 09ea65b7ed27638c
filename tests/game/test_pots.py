"""Unit and property tests of the pure pot functions (R30, R35, R38)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fastholdem.game.pots import Pot, layer_pots, seat_order, split_amount, uncalled


def test_uncalled_top_contribution_above_second() -> None:
    assert uncalled([100, 300, 50]) == (1, 200)
    assert uncalled([100, 100, 50]) is None
    assert uncalled([0, 7]) == (1, 7)


def test_layer_pots_seed_003() -> None:
    assert layer_pots([50, 100, 200, 200], [False] * 4) == [
        Pot(200, (0, 1, 2, 3)),
        Pot(150, (1, 2, 3)),
        Pot(200, (2, 3)),
    ]


def test_layer_pots_seed_004() -> None:
    assert layer_pots([100, 150, 150], [False] * 3) == [Pot(300, (0, 1, 2)), Pot(100, (1, 2))]


def test_folded_chips_stay_and_same_eligibility_merges() -> None:
    # Seat 1 folded after 30: its chips stay; the 30 and 100 levels have the same claimants.
    assert layer_pots([100, 30, 100], [False, True, False]) == [Pot(230, (0, 2))]
    # Seat 0 all-in for 20, seat 1 folded 60, seat 2 put in 70 (10 uncalled left in on purpose).
    assert layer_pots([20, 60, 70], [False, True, False]) == [Pot(60, (0, 2)), Pot(90, (2,))]


def test_dead_money_goes_to_the_main_pot() -> None:
    assert layer_pots([10, 50, 50], [False] * 3, dead=7) == [Pot(37, (0, 1, 2)), Pot(80, (1, 2))]
    assert layer_pots([0, 0], [False, False], dead=5) == [Pot(5, (0, 1))]


def test_pot_nobody_can_win_merges_down() -> None:
    # Seats 1 and 2 folded above seat 0's level: their excess joins the pot below.
    assert layer_pots([10, 30, 30], [False, True, True]) == [Pot(70, (0,))]


def test_split_amount_odd_chips_from_left_of_button() -> None:
    assert split_amount(10, [0, 1], button=0, n_seats=3) == [5, 5]
    assert split_amount(11, [0, 1], button=0, n_seats=3) == [5, 6]  # seat 1 is left of button
    assert split_amount(11, [0, 1, 2], button=2, n_seats=3) == [4, 4, 3]
    assert split_amount(11, [2, 0, 1], button=0, n_seats=3) == [4, 3, 4]
    assert seat_order([0, 1, 2, 3], button=3, n_seats=4) == [0, 1, 2, 3]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 500), st.booleans()), min_size=2, max_size=10),
    st.integers(0, 50),
)
def test_layer_pots_conserve_chips_and_respect_levels(seats: list[tuple[int, bool]], dead: int) -> None:
    contributions = [c for c, _ in seats]
    folded = [f for _, f in seats]
    # As in a real hand, someone still in the hand put in the most (folds face a larger bet).
    folded[contributions.index(max(contributions))] = False
    pots = layer_pots(contributions, folded, dead)
    assert sum(p.amount for p in pots) == sum(contributions) + dead
    for pot in pots:
        assert pot.eligible and all(not folded[i] for i in pot.eligible)
    # An all-in player wins at most, from each opponent, what they put in themselves (R35).
    for i, c in enumerate(contributions):
        if folded[i]:
            continue
        winnable = sum(p.amount for p in pots if i in p.eligible)
        cap = sum(min(c, other) for other in contributions) + dead
        assert winnable <= cap


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 9), st.integers(0, 9))
def test_split_amount_conserves_and_differs_by_at_most_one(amount: int, k: int, button: int) -> None:
    winners = list(range(k))
    shares = split_amount(amount, winners, button % 10, 10)
    assert sum(shares) == amount
    assert max(shares) - min(shares) <= 1
    ordered = seat_order(winners, button % 10, 10)
    extra = [s for s in ordered if shares[winners.index(s)] > amount // k]
    assert extra == ordered[: amount % k]
