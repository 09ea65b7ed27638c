"""Site files as users have them (issue 28, class 3): every intact hand of a damaged file is
recovered, and each damaged one is listed with its file:line (tests/data/hh/damaged/)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from fastholdem.history.sites import read

DAMAGED = Path(__file__).resolve().parents[1] / "data" / "hh" / "damaged"
STACKS = [Decimal("10.45"), 2, Decimal("19.05")]  # every hand of the PokerStars samples: bob, dee, ann


def _records(name):
    return [(r.status, r.line, r.hand_id, r.reason) for r in read(DAMAGED / name)]


def _replays(name):
    recs = [r for r in read(DAMAGED / name) if r.history is not None]
    assert all(r.history.replay().stacks == r.history.finishing_stacks for r in recs)
    return recs


def test_stray_nul_bytes_are_dropped_and_both_hands_convert():
    recs = _replays("pokerstars_nul_bytes.txt")
    assert [(r.hand_id, r.history.finishing_stacks) for r in recs] == [("2026000001", STACKS), ("2026000002", STACKS)]


def test_hand_cut_off_mid_line_by_the_next_header_is_incomplete_and_the_next_converts():
    assert _records("pokerstars_cut_by_next_header.txt") == [
        ("converted", 1, "2026000001", None),
        ("skipped", 34, "2026000002", "incomplete: the hand ends before its summary (no total pot)"),
        ("converted", 45, "2026000003", None),  # its header follows the cut text on line 45
    ]
    _replays("pokerstars_cut_by_next_header.txt")


def test_ipoker_games_without_their_end_tag_are_incomplete_with_their_game_code_and_the_intact_one_converts():
    assert _records("ipoker_no_end_game.xml") == [
        ("skipped", 12, "7100000011", "incomplete: the <game> ends without </game> (the next <game> starts)"),
        ("converted", 29, "7100000012", None),
        ("skipped", 47, "7100000013", "incomplete: the text ends inside the <game> (no </game>)"),
    ]
    [rec] = _replays("ipoker_no_end_game.xml")
    assert rec.history is not None and rec.history.finishing_stacks == [Decimal("100.5"), Decimal("79.5")]


def test_tracker_hud_stats_on_the_seat_lines_are_not_part_of_the_names():
    [rec] = _replays("pokerstars_hud_stats.txt")
    assert rec.history is not None
    assert rec.history.fields["players"] == ["bob", "dee", "ann"] and rec.history.finishing_stacks == STACKS


def test_tracker_total_pot_net_of_the_rake_without_the_uncalled_bet_line():
    [rec] = _replays("pokerstars_tracker_net_pot.txt")
    assert rec.history is not None and rec.history.finishing_stacks == STACKS
    assert rec.history.fields["_rake"] == 1


def test_tracker_hud_stats_on_888_seat_lines_read_as_the_plain_hand():
    [rec] = _replays("888_hud_stats.txt")
    [plain] = [r for r in read(DAMAGED.parent / "888" / "handmade" / "decimal_comma.txt")]
    assert rec.history is not None and plain.history is not None
    assert rec.history.fields["players"] == plain.history.fields["players"]
    assert rec.history.finishing_stacks == plain.history.finishing_stacks
