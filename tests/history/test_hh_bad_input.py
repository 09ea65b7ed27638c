"""Hostile site files (issue 28, "Bad input"): every refusal names the value, the field and the
place; nothing is written that our own reader or replay refuses later (tests/data/hh/hostile/)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from fastholdem import phh
from fastholdem.cli import main
from fastholdem.errors import HandHistoryError
from fastholdem.history.sites import convert, read

HOSTILE = Path(__file__).resolve().parents[1] / "data" / "hh" / "hostile"


def _run(capsys, tmp_path, name, *extra):
    out = tmp_path / "out.phhs"
    code = main(["hh", "convert", str(HOSTILE / name), "-o", str(out), "--quiet", "--json", "--problems", *extra])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, json.loads(captured.out), out


@pytest.mark.parametrize("name, shown", [
    ("stack_1e30.txt", "the starting stack of 'ann' (seat 1) 1000000000000000000000000000000 is out of range: "
                       "amounts must be below 10**30"),
    ("stack_13_decimals.txt", "the starting stack of 'ann' (seat 1) 2.0000000000001 has 13 decimals: at most 12"),
])
def test_amount_phh_cannot_hold_is_refused_at_conversion_naming_value_and_field(capsys, tmp_path, name, shown):
    code, data, out = _run(capsys, tmp_path, name)
    assert code == 1 and data["converted"] == 0 and data["skipped"] == {"failed: an amount PHH cannot hold": 1}
    [problem] = data["problems"]
    assert problem["line"] == 1 and problem["reason"] == f"an amount PHH cannot hold: {shown}"
    assert out.read_text() == ""  # nothing written


def test_phh_amount_limit_is_below_10_to_the_30_as_documented():
    text = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            'starting_stacks = [{}, 100]\nactions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\n')
    assert phh.loads(text.format(10**30 - 1)).replay().stacks[0] == 10**30 - 1 + 1
    with pytest.raises(HandHistoryError, match=r"starting_stacks\[0\] 1000000000000000000000000000000 is out of "
                                               r"range: amounts must be below 10\*\*30"):
        phh.loads(text.format(10**30)).replay()
    with pytest.raises(HandHistoryError, match=r"starting_stacks\[0\] 2.0000000000001 has 13 decimals: at most 12"):
        phh.loads(text.format("2.0000000000001")).replay()
    docs = (Path(__file__).resolve().parents[2] / "docs" / "histories.md").read_text()
    assert "10**30 or more" in docs and "exceed 10**30" not in docs


def test_r44_ten_max_heads_up_with_the_button_posting_the_big_blind_converts_by_its_posts():
    # The blinds sit where the post lines put them (R44, PHH _blind_seats), as in the 2005
    # heads-up hands in which the button posted the big blind: converted, and it replays.
    [rec] = list(read(HOSTILE / "ten_max_blinds_reversed.txt"))
    assert rec.status == "converted" and rec.history is not None
    assert rec.history.fields["_blind_seats"] == [1, 2] and rec.history.fields["seats"] == [3, 10]
    assert rec.history.replay().stacks == rec.history.finishing_stacks


def test_ten_seats_with_the_button_posting_the_small_blind_converts_and_replays():
    [rec] = list(read(HOSTILE / "ten_seats_heads_up_blinds.txt"))
    assert rec.status == "converted" and rec.history is not None
    assert rec.history.replay().stacks == rec.history.finishing_stacks


def test_two_players_on_one_seat_are_refused(capsys, tmp_path):
    code, data, _ = _run(capsys, tmp_path, "seat_1_twice.txt")
    assert code == 1 and [p["reason"] for p in data["problems"]] == ["seat 1 holds two players: 'ann' and 'bob'"]


@pytest.mark.parametrize("name, line, reason", [
    ("prose.txt", 1, "text that is not a hand of any known site (no hand header before it)"),
    ("garbage.xml", 1, "XML that is not an iPoker hand history: no <session> or <game> element"),
    ("entity_bomb.xml", 2, "XML that is not an iPoker hand history: no <session> or <game> element (its document "
                           "type declaration, line 2, is not read: no entity is expanded)"),
])
def test_files_that_hold_no_hand_fail_the_same_way_with_a_reason(capsys, tmp_path, name, line, reason):
    code, data, _ = _run(capsys, tmp_path, name)  # an entity bomb: never expanded (no XML parser reads it)
    assert code == 1 and data["hands"] == 1 and data["converted"] == 0
    assert [(p["line"], p["reason"]) for p in data["problems"]] == [(line, reason)]


def test_hand_cut_mid_line_and_at_a_line_end_are_one_skip(tmp_path):
    damaged = HOSTILE.parent / "damaged"
    mid = [(r.status, r.line, r.hand_id, r.reason) for r in read(damaged / "pokerstars_cut_mid_line.txt")]
    end = [(r.status, r.line, r.hand_id, r.reason) for r in read(damaged / "pokerstars_cut_at_line_end.txt")]
    assert mid == end == [("converted", 1, "2026000001", None),
                          ("skipped", 34, "2026000002", "incomplete: the hand ends before its summary (no total pot)")]
    for name in ("pokerstars_cut_mid_line.txt", "pokerstars_cut_at_line_end.txt"):
        report = convert([damaged / name], tmp_path / "out.phhs")
        assert (report.converted, report.failed_count, dict(report.skipped())) == (
            1, 0, {"incomplete: the hand ends before its summary (no total pot)": 1})


def test_hand_cut_in_its_summarys_last_line_is_whole_without_it():
    text = (HOSTILE.parent / "damaged" / "pokerstars_cut_at_line_end.txt").read_text()
    whole = text.split("\n\n")[0]
    # The file ends inside the summary's last line: the hand is whole without it.
    cut = whole.rstrip("\n")[:-10]
    [rec] = list(read(cut))
    assert rec.status == "converted" and rec.history is not None
    assert rec.history.finishing_stacks == [Decimal("10.45"), 2, Decimal("19.05")]
