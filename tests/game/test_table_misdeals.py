"""Dealer errors during the deal and the misdeal procedure (R21)."""

from __future__ import annotations

import pytest

from fastholdem.cards import card_str
from fastholdem.errors import IllegalActionError
from fastholdem.game import DealerErrorOutcome, GameConfig, Structure, Table

NL = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
DECK = list(range(51, -1, -1))  # As, Ah, Ad, Ac, Ks, ... top first


def table4() -> Table:
    return Table(NL, [100, 100, 100, 100], seed=8, button=1)


def test_r21_first_or_second_card_exposed_reshuffle_and_redeal() -> None:
    for position in (1, 2):
        table = table4()
        deal = table.start_deal(deck=DECK)
        assert deal.order == (2, 3, 0, 1)  # from the left of the button (R19)
        cards = [deal.deal_card() for _ in range(3)]
        assert cards[0] == (2, 51) and cards[1] == (3, 50)
        outcome = deal.report_exposed(card_str(cards[position - 1][1]), position=position)
        assert outcome is DealerErrorOutcome.MISDEAL
        assert deal.dealt == 0  # the cards are collected
        assert [m.reason for m in table.misdeals] == [f"card {position} of the deal exposed"]
        hand = deal.finish()
        # Reshuffled and dealt again: the same table and deck without the misdeal deals the
        # stub's top cards, the redeal does not.
        clean = table4().start_deal(deck=DECK).finish()
        assert clean.hole_cards == [[49, 45], [48, 44], [51, 47], [50, 46]]
        assert hand.hole_cards != clean.hole_cards
        dealt = [c for h in hand.hole_cards for c in h]
        assert len(set(dealt)) == 8 and set(dealt) not in (set(range(44, 52)), set(range(8)))
        # A misdeal moves no chips and keeps the button.
        assert table.button == 1 and hand.button == 1
        assert list(hand.starting_stacks) == [100] * 4
        assert table.hands_played == 0 and table.misdeals[0].hand_number == 1


def test_r21_other_exposed_card_replaced_after_the_deal() -> None:
    table = table4()
    deal = table.start_deal(deck=DECK)
    for _ in range(5):
        deal.deal_card()
    # Position 4 went to seat 1 (the button): Ac.
    assert deal.seat_at(4) == 1
    assert deal.report_exposed("Ac", position=4) is DealerErrorOutcome.REPLACE
    hand = deal.finish()  # the deal goes on to the end first
    assert not table.misdeals
    # Seat 1's first card is replaced by the top card after the deal (9th card: Qs).
    holes = {table.hand_seats[i]: h for i, h in enumerate(hand.hole_cards)}
    assert holes[1] == [card_index("Qs"), card_index("Kc")]
    assert holes[2] == [card_index("As"), card_index("Ks")]
    assert [r.exposed for r in table.replacements] == [card_index("Ac")]
    # The exposed card is discarded: it is nowhere in the hand, and the board continues from
    # the deck after the replacement card (burn Qh, flop Qd Qc Js).
    while hand.actor is not None:
        hand.check_or_call()
    seen = [c for ev in hand.history for c in ev.cards]
    assert card_index("Ac") not in seen
    assert hand.board[:3] == [card_index(x) for x in ("Qd", "Qc", "Js")]
    assert table.total_chips == 400


def test_r21_more_than_one_exposed_card_is_a_misdeal() -> None:
    table = table4()
    deal = table.start_deal(deck=DECK)
    deal.deal_all()
    assert deal.report_exposed("Ad", position=3) is DealerErrorOutcome.REPLACE
    assert deal.report_exposed("Ks", position=5) is DealerErrorOutcome.MISDEAL
    assert [m.reason for m in table.misdeals] == ["more than one hole card exposed"]
    assert table.misdeals[0].cards_dealt == 8 and table.misdeals[0].button == 1
    hand = deal.finish()
    assert not deal.replacements  # the restart forgot the first exposure
    assert table.stacks == [100] * 4 and hand.button == 1


def test_r21_extra_card_is_a_misdeal() -> None:
    table = table4()
    deal = table.start_deal()
    deal.deal_card()
    assert deal.report_extra_card(2) is DealerErrorOutcome.MISDEAL
    assert table.misdeals[-1].reason == "seat 2 dealt more than two cards"
    with pytest.raises(IllegalActionError, match="not dealt in"):
        deal.report_extra_card(7)
    deal.finish()
    assert table.button == 1


def test_r21_reports_are_checked() -> None:
    table = table4()
    deal = table.start_deal(deck=DECK)
    deal.deal_card()
    with pytest.raises(IllegalActionError, match="not a dealt card"):
        deal.report_exposed("Ah", position=2)
    with pytest.raises(IllegalActionError, match="is As, not Kd"):
        deal.report_exposed("Kd", position=1)
    with pytest.raises(IllegalActionError, match="deal is in progress"):
        table.start_hand()
    deal.finish()
    with pytest.raises(IllegalActionError, match="finished"):
        deal.report_extra_card(1)


def test_r21_deal_without_errors_plays_like_any_hand() -> None:
    table = table4()
    hand = table.start_deal().finish()
    while hand.actor is not None:
        hand.check_or_call()
    table.end_hand()
    assert table.hands_played == 1 and table.total_chips == 400
    assert table.start_hand() is not None and table.button == 2  # R13 as usual


def card_index(text: str) -> int:
    from fastholdem.cards import card

    return card(text)
