"""R33: illegal actions are rejected with the reason and what is legal; the state is unchanged."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from fastholdem import BadAmountError, IllegalActionError, InvalidActionError, OutOfTurnError
from fastholdem.game import Bet, Call, Check, DealBoard, Fold, GameConfig, Hand, LegalActions, RaiseTo

CFG = GameConfig(small_blind=1, big_blind=2)

LEGAL = "legal: seat 0 may fold, call 2, raise to 4..100"
CASES = [
    (Check(), None, IllegalActionError, "cannot check: 2 to call", True),
    (RaiseTo(3), None, BadAmountError, "minimum is 4", True),
    (RaiseTo(101), None, BadAmountError, "maximum is 100", True),
    (Bet(10), None, IllegalActionError, "use RaiseTo", True),
    (Fold(), 2, OutOfTurnError, "seat 0's turn", True),
    (DealBoard((0, 1, 2)), None, IllegalActionError, "manual dealing", False),
    ("raise", None, InvalidActionError, "not an action", False),
]


@pytest.mark.parametrize(("action", "seat", "error", "text", "with_legal"), CASES)
def test_r33_illegal_action_says_why_and_leaves_state_unchanged(
    snapshot: Callable[[Hand], Any],
    action: Any,
    seat: int | None,
    error: type,
    text: str,
    with_legal: bool,
) -> None:
    hand = Hand(CFG, [100, 100, 100], button=0, seed=1)
    before = snapshot(hand)
    with pytest.raises(error, match=text) as info:
        hand.apply(action, seat)
    assert snapshot(hand) == before
    if with_legal:
        assert isinstance(info.value, IllegalActionError)
        assert isinstance(info.value.legal, LegalActions)
        assert LEGAL in str(info.value)
        assert not hand.can_apply(action, seat)


def test_r33_no_action_after_the_hand_is_over(snapshot: Callable[[Hand], Any]) -> None:
    hand = Hand(CFG, [100, 100], button=0, seed=1)
    hand.fold()
    before = snapshot(hand)
    for action in (Fold(), Call(), Check(), RaiseTo(10)):
        with pytest.raises(OutOfTurnError, match="no player is to act"):
            hand.apply(action)
    assert snapshot(hand) == before


def test_r33_more_chips_than_the_stack() -> None:
    hand = Hand(CFG, [100, 30, 100], button=2, seed=1)
    hand.call()  # button 2, SB 0, BB 1: seat 2 acts first
    with pytest.raises(BadAmountError, match="maximum is 100"):
        hand.raise_to(150)
    with pytest.raises(InvalidActionError):
        hand.apply(RaiseTo(10.5))  # type: ignore[arg-type]


def test_r33_verify_matches_apply() -> None:
    hand = Hand(CFG, [100, 100, 100], button=0, seed=1)
    hand.verify(RaiseTo(4))
    with pytest.raises(BadAmountError):
        hand.verify(RaiseTo(3))
