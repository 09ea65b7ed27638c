"""Table events the readers must model (issue 28, class 4), on hand-made fixtures written for
fastholdem (tests/data/hh/table_events/): each converts to the site's own numbers, worked out by
hand from its text, and replays in the engine to them."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from fastholdem import phh
from fastholdem.errors import HandHistoryError
from fastholdem.history.sites import read

DATA = Path(__file__).resolve().parent.parent / "data" / "hh"
D = Decimal


def _one(name: str) -> phh.HandHistory:
    [rec] = list(read(str(DATA / "table_events" / name)))
    assert rec.status == "converted", str(rec)
    assert rec.history is not None
    assert rec.history.replay().stacks == rec.history.finishing_stacks
    return rec.history


def test_table_event_out_of_hand_and_sitting_out_are_not_dealt_in():
    hh = _one("out_of_hand_and_sitting_out.txt")
    assert hh.fields["players"] == ["Ben", "Eve", "Ava"] and hh.fields["seats"] == [2, 5, 1]
    assert hh.finishing_stacks == [D("24.9"), D("24.75"), D("25.35")]


def test_table_event_ipoker_type_8_and_empty_seats():
    hh = _one("ipoker_empty_seats_and_sitting_out.xml")  # two name="" seats, Cal type="8"
    assert hh.fields["players"] == ["Ben", "Dee", "Ava"] and hh.fields["seats"] == [3, 6, 1]
    assert hh.finishing_stacks == [D("8.87"), D("8.9"), D("9.7")]


def test_R44_table_event_heads_up_2005_button_posts_the_big_blind():
    hh = _one("heads_up_2005_button_posts_big_blind.txt")
    assert hh.fields["_blind_seats"] == [1, 2]  # p1 (Ben) the small blind, the button the big
    assert hh.blinds_or_straddles == [D("0.25"), D("0.5")]
    assert (hh.fields["year"], hh.fields["_time_zone_abbreviation"]) == (2005, "ET")
    assert hh.finishing_stacks == [D("48.85"), D("48.5")]


def test_R44_table_event_blind_positions_come_from_the_post_lines():
    hh = _one("blinds_behind_a_player_who_posts_nothing.txt")
    assert hh.fields["players"] == ["Ben", "Cal", "Dee", "Ava"]
    assert hh.fields["_blind_seats"] == [2, 3] and hh.blinds_or_straddles == [D("0.1"), D("0.25"), 0, 0]
    assert hh.finishing_stacks == [D("30.8"), D("19.9"), D("21.65"), 25]


def test_R44_blind_seats_field_is_checked():
    text = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            'starting_stacks = [50, 50]\nactions = ["d dh p1 ????", "d dh p2 ????", "p1 f"]\n')
    for bad in ("[1, 1]", "[0, 1]", "[1, 3]", "[true, 2]", '"12"'):
        with pytest.raises(HandHistoryError, match="_blind_seats"):
            phh.loads(text + f"_blind_seats = {bad}\n").replay()


def test_table_event_fold_before_the_deal_by_a_player_who_declined_to_post():
    hh = _one("fold_before_the_deal_declined_to_post.txt")
    assert hh.fields["players"] == ["Cal", "Dee", "Ben"]  # Ava folded before the deal
    assert hh.finishing_stacks == [D("20.47"), D("22.15"), D("29.75")]


def test_table_event_fixed_limit_header_gives_the_bets_not_the_blinds():
    hh = _one("fixed_limit_bets_in_the_header.txt")
    assert (hh.variant, hh.small_bet, hh.big_bet, hh.blinds_or_straddles) == ("FT", 2, 4, [1, 2, 0])
    assert hh.finishing_stacks == [116, 68, 110]


def test_R41_table_event_run_it_twice_with_a_muck_in_both_showdowns():
    hh = _one("run_it_twice_muck_in_both_showdowns.txt")
    assert [a for a in hh.actions if " sm" in a] == ["p1 sm AhAd", "p3 sm"]
    assert hh.finishing_stacks == [D("158.5"), 119, 20]


def test_table_event_ipoker_spanish_suit_letters_are_decoded_or_refused():
    spanish = _one("ipoker_spanish_suit_letters.xml")  # C is corazones (hearts), T treboles (clubs)
    english = _one("ipoker_empty_seats_and_sitting_out.xml")
    assert spanish.actions == english.actions
    [rec] = list(read(str(DATA / "invalid" / "handmade" / "ipoker_mixed_suit_letters.xml")))
    assert rec.status == "failed" and "English and Spanish suit letters" in (rec.reason or "")


def test_R48_table_event_all_in_on_the_ante_then_folds_concedes():
    hh = _one("all_in_on_the_ante_then_folds.txt")
    assert hh.fields["players"] == ["Ben", "Dee", "Cal", "Ava"] and hh.actions[4] == "p3 f"
    assert hh.antes == [75, 75, 75, 75] and hh.starting_stacks[2] == 50  # the ante as all she has
    assert hh.finishing_stacks == [8325, 12800, 0, 13925]  # Dee wins both pots without a showdown


def test_table_event_newcomer_posting_without_a_seat_line_is_seated_or_skipped_with_the_reason():
    """A player who joins and posts a big blind without a seat line: seated where their
    ``joins the table at seat #N`` line says, with the stack the hand proves (all-in: what they
    put in); when the text gives no stack (not all-in) or no seat, skipped with the reason."""
    recs = list(read(str(DATA / "table_events" / "newcomer_posts_without_a_seat_line.txt")))
    assert [(r.status, r.line) for r in recs] == [("converted", 1), ("skipped", 32), ("skipped", 64)]
    hh = recs[0].history
    assert hh is not None and hh.replay().stacks == hh.finishing_stacks
    assert hh.fields["players"] == ["Ben", "Cal", "Dee", "Ava"] and hh.fields["seats"] == [2, 3, 5, 1]
    assert hh.starting_stacks[2] == 4 and hh.fields["_live_posts"] == [0, 0, D("0.1"), 0]
    assert hh.finishing_stacks == [D("9.95"), D("13.85"), 0, 10]
    assert "'Eve' posts a blind without a seat line, and the text gives no stack" in (recs[1].reason or "")
    assert "'Fay' posts a blind without a seat line, and no line says which seat" in (recs[2].reason or "")
    [party] = list(read(str(DATA / "table_events" / "party_newcomer_posts_without_a_seat_line.txt")))
    assert party.status == "skipped" and "gives neither their seat nor their stack (line 12)" in (party.reason or "")
