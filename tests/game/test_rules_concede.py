"""An all-in player concedes (docs/rules.md R48): Hand.concede(seat) out of turn, while the betting
goes on; the chips stay in the pots, which the seat can no longer win."""

from __future__ import annotations

import pytest

from fastholdem import phh
from fastholdem.errors import IllegalActionError, InvalidActionError
from fastholdem.game import GameConfig, Hand


def _hand() -> Hand:
    return Hand(GameConfig(ante=5), [100, 100, 100, 5], button=0,
                hole_cards=["AsAh", "KsKh", "QsQh", "JsJh"], board="2c3d4h5s9c")


def test_r48_an_all_in_seat_concedes_out_of_turn() -> None:
    hand = _hand()
    assert hand.actor == 0
    hand.concede(3)
    assert hand.actor == 0 and hand.folded[3]
    hand.fold()
    hand.fold()
    assert hand.is_complete and hand.stacks == [95, 94, 116, 0]


def test_r48_a_conceded_seat_wins_nothing_at_showdown() -> None:
    hand = _hand()  # the jacks would win nothing anyway; the aces take the main pot without them
    hand.concede(3)
    while not hand.is_complete:
        hand.check_or_call()
    assert 3 not in {w for a in hand.awards() for w in a.winners} and hand.stacks[3] == 0
    assert sum(hand.stacks) == 305


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_r48_a_seat_with_chips_cannot_concede(seat: int) -> None:
    hand = _hand()
    before = (hand.chips, hand.history, hand.actor)
    with pytest.raises(IllegalActionError):
        hand.concede(seat)
    assert (hand.chips, hand.history, hand.actor) == before
    with pytest.raises(InvalidActionError):
        hand.concede(4)


def test_r48_phh_fold_of_an_all_in_player_is_a_concession() -> None:
    text = ('variant = "NT"\nantes = [5, 5, 5, 5]\nblinds_or_straddles = [1, 2, 0, 0]\nmin_bet = 2\n'
            'ante_trimming_status = true\nstarting_stacks = [100, 100, 5, 100]\n'
            'actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", "p3 f", "p4 f", "p1 f"]\n')
    assert phh.loads(text).replay().stacks == [94, 116, 0, 95]
