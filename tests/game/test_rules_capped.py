"""Capped no limit (docs/rules.md R46): Hand(..., stack_cap=C) lets no seat put more than C chips
into the hand; the chips beyond it stay behind, counted in the stacks and the result."""

from __future__ import annotations

import pytest

from fastholdem import phh
from fastholdem.errors import ConfigError, FastHoldemError
from fastholdem.game import GameConfig, Hand


def test_r46_a_capped_seat_is_all_in_at_the_cap_and_keeps_the_rest() -> None:
    hand = Hand(GameConfig(), [100, 30, 15], button=0, hole_cards=["AsAh", "KsKh", "QsQh"],
                board="2c3d4h5s9c", stack_cap=20)
    assert hand.stacks == [100, 29, 13] and hand.chips == [100, 29, 13]  # the blinds are in
    legal = hand.legal_actions()
    assert legal.all_in_to == 20  # the button may put in the cap, not its stack
    hand.all_in()
    hand.call()  # the small blind calls the cap: all-in for the hand, 10 chips stay behind
    hand.call()  # the big blind is all-in for its 15
    assert hand.is_complete
    assert hand.stacks == [80 + 55, 10, 0]  # the aces win 20 + 20 + 15; the rest stays behind
    assert list(hand.result.stacks) == hand.stacks and sum(hand.result.payoffs) == 0


def test_r46_without_a_cap_the_same_hand_plays_for_the_stacks() -> None:
    hand = Hand(GameConfig(), [100, 30, 15], button=0, hole_cards=["AsAh", "KsKh", "QsQh"],
                board="2c3d4h5s9c")
    assert hand.legal_actions().all_in_to == 100


@pytest.mark.parametrize("cap", [0, -5, 2.5, "20", True])
def test_r46_bad_stack_cap_is_refused(cap: object) -> None:
    with pytest.raises(FastHoldemError, match="stack_cap"):
        Hand(GameConfig(), [100, 100], stack_cap=cap)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        Hand(GameConfig(), [100, 100], stack_cap=0)


def test_r46_copy_and_phh_replay_keep_the_cap() -> None:
    hand = Hand(GameConfig(), [100, 100], button=0, seed=4, stack_cap=30)
    twin = hand.copy()
    assert twin.legal_actions().all_in_to == hand.legal_actions().all_in_to == 30
    text = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            'starting_stacks = [100, 50]\nactions = ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 30", "p1 cc",'
            ' "d db 2c3d4h", "d db 5s", "d db 9c"]\n_stack_cap = 30\nfinishing_stacks = [130, 20]\n')
    hh = phh.loads(text)
    assert hh.replay().stacks == hh.finishing_stacks == [130, 20]
