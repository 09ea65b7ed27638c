"""The site's odd chips (docs/rules.md R47): Hand.give_odd_chips(seats) gives the odd chips of
split pots to the seats the site gave them to; anything else than odd chips is refused."""

from __future__ import annotations

import pytest

from fastholdem import phh
from fastholdem.errors import BadAmountError, HandHistoryError, IllegalActionError, InvalidActionError
from fastholdem.game import GameConfig, Hand


def _three_way(rake: int = 1) -> Hand:
    hand = Hand(GameConfig(), [11, 11, 11], button=2, hole_cards=["AsKh", "AdKc", "AhKs"], board="2c3d4h5s9c")
    while not hand.is_complete:
        hand.all_in() if hand.legal_actions().all_in_to is not None else hand.check_or_call()
    if rake:
        hand.take_rake(rake)
    return hand


def test_r47_the_odd_chips_go_where_the_site_gave_them() -> None:
    hand = _three_way()
    assert hand.stacks == [11, 11, 10]  # R38: the two odd chips from the first seat left of the button
    hand.give_odd_chips([2, 0])
    assert hand.stacks == [11, 10, 11] and list(hand.result.stacks) == hand.stacks
    assert [a.shares for a in hand.awards()] == [(11, 10, 11)]
    assert sum(hand.result.payoffs) == -1  # the rake


@pytest.mark.parametrize("seats", [[0], [0, 0], [0, 1, 2], [0, 5]])
def test_r47_seats_that_are_not_the_odd_chips_are_refused(seats: list[int]) -> None:
    hand = _three_way()
    before = (hand.stacks, hand.awards())
    with pytest.raises((BadAmountError, InvalidActionError)):
        hand.give_odd_chips(seats)
    assert (hand.stacks, hand.awards()) == before


def test_r47_once_per_finished_hand() -> None:
    hand = Hand(GameConfig(), [100, 100], button=0, seed=1)
    with pytest.raises(IllegalActionError):
        hand.give_odd_chips([])
    done = _three_way()
    done.give_odd_chips([1, 2])
    with pytest.raises(IllegalActionError):
        done.give_odd_chips([1, 2])
    with pytest.raises(InvalidActionError):
        _three_way().give_odd_chips("12")  # type: ignore[arg-type]


def test_r47_phh_odd_chips_field() -> None:
    text = ('variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
            'starting_stacks = [11, 11, 11]\nactions = ["d dh p1 AsKh", "d dh p2 AdKc", "d dh p3 AhKs",'
            ' "p3 cbr 11", "p1 cc", "p2 cc", "d db 2c3d4h", "d db 5s", "d db 9c"]\n_rake = 1\n')
    assert phh.loads(text).replay().stacks == [11, 11, 10]
    assert phh.loads(text + "_odd_chips = [3, 1]\n").replay().stacks == [11, 10, 11]
    for bad in ("[4, 1]", "[1]", '"p1"'):
        with pytest.raises(HandHistoryError, match="_odd_chips"):
            phh.loads(text + f"_odd_chips = {bad}\n").replay()
