"""Readers by family, dialects as data (issue 28): each dialect row reads its hand-made fixtures
(written for fastholdem from the formats as the rooms document and write them) to the cent, and
every converted hand replays in the engine to the site's own final stacks."""

from __future__ import annotations

import doctest
import importlib
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from fastholdem.history.sites import read
from fastholdem.history.sites.dialects import FAMILIES, SEPARATOR, dialect_of, rows
from fastholdem.history.sites.money import amount

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "data" / "hh"
D = Decimal


def _hands(relative: str) -> list:
    records = list(read(str(DATA / relative)))
    assert records, relative
    for rec in records:
        assert rec.status == "converted", str(rec)
        assert rec.history is not None
        assert rec.history.replay().stacks == rec.history.finishing_stacks, str(rec)
    return records


# Each dialect fixture: its file, the dialect row it is read by, the site it records, and the
# final stacks of each hand in PHH order (p1 left of the button, the button last), worked out
# by hand from the text's own amounts.
FIXTURES = [
    ("acr/handmade/cash_and_tournament.txt", "ACR/WPN", "ACR",
     [[D("12.45"), D("7.30"), D("10.68")], [D("7.25"), 0, D("15.23"), D("12.45")], [3090, 4220, 4990]]),
    ("dialects/full_tilt_tournament.txt", "Full Tilt", "Full Tilt", [[1490, 1440, 1570]]),
    ("dialects/run_it_once_euro.txt", "Run It Once", "Run It Once", [[D("52.85"), D("58.20")]]),
    ("dialects/pokermaster_yuan.txt", "PokerMaster", "PokerMaster", [[399, 248, 183]]),
    ("dialects/pokermaster_three_way_split_odd_chip.txt", "PokerMaster", "PokerMaster", [[144, 121, 301, 202]]),
    ("dialects/pokerbros_abbreviated_total.txt", "PokerBros", "PokerBros", [[2938, 1665, 7397]]),
    ("dialects/capitals_2007.txt", "PokerStars (capitals, 2000s)", "PokerStars",
     [[D("309.50"), D("214.50"), 136]]),
    ("dialects/pokerstars_zoom_archive_indented.txt", "PokerStars", "PokerStars",
     [[D("9.95"), D("10.05"), 10], [D("10.68"), D("12.25"), D("6.55")]]),
    ("ggpoker/handmade/tournament_summary_without_rake.txt", "GGPoker", "GGPoker", [[5870, 4670, 4460]]),
    ("partypoker/handmade/mac_layout_full_stops.txt", "PartyPoker", "PartyPoker",
     [[D("31.10"), D("28.65"), D("22.75")]]),
    ("888/handmade/spaced_and_dotted_thousands.txt", "888", "888", [[88000, 365750, 207300]]),
    ("dialects/currency_words.txt", "PokerStars", "PokerStars",
     [[D("12.45"), D("7.70"), D("10.32")], [D("7.79"), D("10.22"), D("12.45")]]),
    ("dialects/pokerstars_translated_verbs.txt", "PokerStars", "PokerStars",
     [[D("9.95"), D("10.70"), D("9.30")], [D("9.95"), D("9.70"), D("10.32")], [D("9.70"), D("10.57"), D("9.70")]]),
    ("dialects/pokerstars_german_rank_letters.txt", "PokerStars", "PokerStars",
     [[D("9.95"), D("10.70"), D("9.30")]]),
    ("acr/handmade/game_table_export.txt", "Game Table (WPN export)", "ACR",
     [[D("9.20"), D("12.40"), D("8.86")], [4500, 8500, 1500]]),
    ("partypoker/handmade/game_table_mac_2013.txt", "Game Table (PartyPoker)", "PartyPoker",
     [[45, D("103.20"), 77]]),
    ("dialects/ipoker_decimal_commas.xml", "iPoker", "iPoker", [[D("8.87"), D("8.90"), D("9.70")]]),
]


@pytest.mark.parametrize("relative,dialect,site,stacks", FIXTURES, ids=[f[0] for f in FIXTURES])
def test_dialect_fixture_converts_to_the_cent_and_replays(relative, dialect, site, stacks):
    records = _hands(relative)
    assert [r.dialect for r in records] == [dialect] * len(records)
    assert [r.site for r in records] == [site] * len(records)
    assert [r.history.fields["_site"] for r in records] == [site] * len(records)
    assert [r.history.finishing_stacks for r in records] == stacks


def test_dialect_acr_reads_bare_seats_waiting_players_and_wins_in_the_summary():
    first, second, tournament = (r.history for r in _hands("acr/handmade/cash_and_tournament.txt"))
    assert first.fields["players"] == ["Ben", "Cal", "Ava"]  # Dee waits for the button: not dealt in
    assert first.fields["_rake"] == D("0.07") and first.fields["currency"] == "USD"
    assert second.fields["_rake"] == D("0.5")
    assert tournament.fields["_tournament"] == "24000001" and tournament.antes == [10, 10, 10]
    assert (tournament.fields["year"], tournament.fields["time_zone"]) == (2021, "UTC")


def test_dialect_game_table_headers_read_their_game_table_button_and_balances():
    """PartyPoker's ``Game Table (NL)`` layout (and the WPN export written in it): the game
    line names the limit in brackets, the table line the button, amounts stand in parentheses
    or bare, ``raises X to Y`` gives the street total, and the summary's balances and rake
    are checked against the text's amounts."""
    cash, tournament = (r.history for r in _hands("acr/handmade/game_table_export.txt"))
    assert cash.fields["_rake"] == D("0.04") and cash.fields["currency"] == "USD"
    assert (cash.fields["year"], cash.fields["month"], cash.fields["day"]) == (2026, 1, 2)
    assert tournament.fields["_tournament"] == "400000001"
    assert "p1 sm AhAd" in " ".join(tournament.actions) or any("AhAd" in a for a in tournament.actions)
    [mac] = _hands("partypoker/handmade/game_table_mac_2013.txt")
    assert mac.history.fields["_rake"] == D("0.3") and mac.history.fields["year"] == 2013
    path = DATA / "partypoker" / "handmade" / "game_table_mac_2013.txt"
    text = path.read_text().replace("Ava balance $103.20", "Ava balance $103.30")
    [bad] = list(read(text))
    assert bad.status == "failed" and "'Ava' ends with a balance of 103.30" in (bad.reason or "")
    [raked] = list(read(path.read_text().replace("Rake: $0.30", "Rake: $0.20")))
    assert raked.status == "failed" and "the rake is 0.20" in (raked.reason or "")


def test_dialect_currency_words_translated_verbs_and_code_page_signs():
    """Currency written as a word (``0.62 EUR``, ``USD 0.19``, ``€0.10 EUR``) and a translated
    client's verbs (rows of ``dialects.LANGUAGES``: ``erhöht um X auf Y``, ``se couche``,
    ``sube X a Y``); a cp1252 reading of a UTF-8 euro sign; a decimal comma where the site writes
    a point is refused with the value, never read as 100 times the amount."""
    first, second = (r.history for r in _hands("dialects/currency_words.txt"))
    assert (first.fields["currency"], first.fields["_rake"]) == ("EUR", D("0.03"))
    assert (second.fields["currency"], second.fields["_rake"]) == ("USD", D("0.01"))
    assert amount("â‚¬3.10 EUR") == D("3.10") and amount("Â£2") == 2
    path = DATA / "dialects" / "currency_words.txt"
    text = path.read_text(encoding="utf-8").split("\n\n\n")[0].replace("0.05 EUR\n", "0,05 EUR\n")
    [bad] = list(read(text))
    assert bad.status == "failed" and "a decimal comma where it writes a decimal point): '0,05 EUR'" in bad.reason
    [german] = _hands("dialects/pokerstars_german_rank_letters.txt")  # Dame, Bube: Q, J
    assert "d dh p3 QhQd" in german.history.actions and "d db Js" in german.history.actions
    unknown = (DATA / "dialects" / "pokerstars_translated_verbs.txt").read_text(encoding="utf-8")
    [odd, *_] = list(read(unknown.replace("Ben: passt", "Ben: jongliert")))
    assert odd.status == "failed" and "unknown action 'jongliert' of 'Ben'" in odd.reason


def test_dialect_run_it_once_spelling_is_rewritten_by_its_rows_line_patterns():
    """Run It Once writes no space before a bracket (``Seat 1: Ava B(€50 in chips)``, ``***
    FLOP ***[Ac 9d 4s]``), ``Table ID '44100001' 6-Max``, times without seconds, showdown lines
    without a colon (``Ava B shows[Ad 7d] for Two Pairs[...]``) and a zero side pot in the
    total: the row's ``lines`` patterns turn them into PokerStars' spelling."""
    [rec] = _hands("dialects/run_it_once_euro.txt")
    hh = rec.history
    assert hh.fields["players"] == ["Ava B", "Ben C"] and hh.fields["table"] == "44100001"
    assert hh.fields["seat_count"] == 6 and hh.fields["time_zone"] == "UTC"
    assert "p1 sm Ad7d" in hh.actions and "p2 sm KhKd" in hh.actions and hh.fields["_rake"] == D("0.15")


def test_dialect_capitals_header_reads_its_game_stakes_and_time():
    [rec] = _hands("dialects/capitals_2007.txt")
    hh = rec.history
    assert hh.variant == "NT" and hh.blinds_or_straddles == [1, 2, 0]
    assert (hh.fields["year"], hh.fields["month"], hh.fields["day"]) == (2007, 11, 11)
    assert hh.fields["_time_zone_abbreviation"] == "ET" and hh.fields["_rake"] == D("0.5")


def test_dialect_archive_separators_and_indentation_are_not_hand_text():
    assert SEPARATOR.match("*** # 1 ***") and SEPARATOR.match("*********** # 97 **************")
    assert not SEPARATOR.match("*** HOLE CARDS ***")
    records = _hands("dialects/pokerstars_zoom_archive_indented.txt")
    assert [r.line for r in records] == [2, 22]  # no failed record for the numbering lines


def test_dialect_abbreviated_total_must_round_to_the_chips_put_in():
    text = (DATA / "dialects/pokerbros_abbreviated_total.txt").read_text()
    [rec] = list(read(text.replace("Total pot 4.73k", "Total pot 4.74k")))
    assert rec.status == "failed" and "about 4740" in (rec.reason or "")


def test_dialect_tournament_chips_read_dots_and_spaces_as_thousands():
    assert amount("152.300", whole=True) == 152300 and amount("10 000", whole=True) == 10000
    assert amount("152.300") == D("152.300")  # a cash amount keeps its decimals
    [rec] = _hands("888/handmade/spaced_and_dotted_thousands.txt")
    assert rec.history.starting_stacks == [98000, 410750, 152300]
    assert rec.history.blinds_or_straddles == [10000, 20000, 0]


def test_dialect_table_rows_are_data_one_reader_per_family():
    names = [row.name for row in rows()]
    assert len(names) == len(set(names))
    assert {family for family, _ in FAMILIES} == {"PokerStars-style", "Winamax", "888", "Party-style",
                                                  "iPoker XML"}
    for row in rows():
        assert row.start.pattern and row.site
    assert dialect_of("Game Hand #1 - Tournament #2 - Holdem(No Limit) - Level 8 (2000.00/4000.00)- x").name \
        == "ACR/WPN"
    assert dialect_of("Run It Once Poker Hand #R1: Hold'em No Limit (€0.25/€0.50 EUR)").site == "Run It Once"


def test_dialect_module_docstring_examples():
    for name in ("dialects", "pokerstars", "money"):
        module = importlib.import_module(f"fastholdem.history.sites.{name}")
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0 and result.failed == 0, name


def test_dialect_hh_table_prints_the_site_and_dialect_tables():
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "hh_table.py"), str(DATA / "acr")],
                         capture_output=True, text=True, check=True).stdout
    assert "| handmade | 2 | 5 | 5 | 5 (100.0%) |" in out
    assert "| PokerStars-style | ACR/WPN | ACR | 1 | 3 | 3 | 0 | 0 |" in out
    assert "| Party-style | Game Table (WPN export) | ACR | 1 | 2 | 2 | 0 | 0 |" in out


def test_R47_dialect_three_way_split_keeps_the_sites_odd_chip():
    [rec] = _hands("dialects/pokermaster_three_way_split_odd_chip.txt")
    hh = rec.history
    assert hh.fields["_odd_chips"] == [4]  # the button (p4) got it, not the first seat left of it
    del hh.fields["_odd_chips"]
    assert hh.replay().stacks == [144, 122, 301, 201]  # R38's odd chip: not the site's numbers


def test_R46_dialect_capped_no_limit_converts_with_its_cap():
    hands = [r for r in read(str(DATA / "pokerstars/italytoast/CashGame/RunItTwiceTests/RunItTwice2.txt"))]
    [hh] = [r.history for r in hands if r.history is not None]
    assert hh.fields["_stack_cap"] == 80 and hh.replay().stacks == hh.finishing_stacks


def test_R45_dialect_rake_taken_from_the_side_pot_follows_the_collections():
    [rec] = _hands("ggpoker/handmade/rake_from_the_side_pot.txt")
    hh = rec.history
    assert hh.fields["_pots"] == [60, D("57.5")] and hh.fields["_rake"] == D("2.5")
    assert hh.finishing_stacks == [60, 50, D("107.5")]
    del hh.fields["_pots"]
    assert hh.replay().stacks == [D("57.5"), 50, 110]  # the rake from the main pot: not the site's

