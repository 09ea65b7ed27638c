"""Ignition/Bovada text, PokerNow logs (CSV and JSON) and Open Hand History JSON read to PHH.

Every fixture hand of ``tests/data/hh/{ignition,pokernow,ohh}/handmade`` (written for
fastholdem from the formats as documented in ``docs/histories.md``) converts to the cent of
the numbers worked out by hand from its own text, and replays to them (R30 uncalled bets, R35
pots, R41 run it twice, R43 dead and live posts, R45 rake).
"""

from __future__ import annotations

import json
import os
from decimal import Decimal

import pytest

from fastholdem import phh
from fastholdem.history import sites
from fastholdem.history.sites.reader import site_of_file

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data", "hh")
D = Decimal


def _records(*parts: str) -> list[sites.Imported]:
    return list(sites.read(os.path.join(DATA, *parts)))


def _by_name(hh: phh.HandHistory) -> dict[str, Decimal]:
    return {name: D(str(x)) for name, x in zip(hh.fields["players"], hh.finishing_stacks or [])}


def _replays(hh: phh.HandHistory) -> None:
    assert hh.replay().stacks == hh.finishing_stacks, phh.dumps(hh)


# ----------------------------------------------------------------------------- Ignition / Bovada


def test_ignition_fixture_hands_convert_to_the_cent_and_replay() -> None:
    records = _records("ignition", "handmade", "cash.txt")
    assert [(r.status, r.hand_id, r.line) for r in records] == [
        ("converted", "4100000001", 1), ("converted", "4100000002", 42), ("converted", "3402366226", 85),
        ("converted", "4100000004", 116), ("converted", "4100000005", 154), ("converted", "4100000006", 177)]
    hands = [r.history for r in records]
    for hh in hands:
        assert hh is not None
        _replays(hh)
    first, side, split, live, walk, short = [h for h in hands if h is not None]
    # An all-in call for less (All-in $0.60 facing $1): UTG's 0.40 comes back, no rake.
    assert _by_name(short) == {"Small Blind": D("9.90"), "Big Blind": D("9.75"), "UTG": D("10.95"), "Dealer": 0}
    # UTG raises, the dealer calls and bets the flop: the uncalled 1.26 comes back, 0.07 rake.
    assert _by_name(first) == {"Small Blind": D("24.90"), "Big Blind": D("30.15"), "UTG": D("24.25"),
                               "UTG+1": D("18.75"), "UTG+2": D(40), "Dealer": D("23.13")}
    assert first.fields["_rake"] == D("0.07") and first.fields["_hero"] == "UTG+1"
    assert first.fields["currency"] == "USD" and first.fields["table"] == "20000001"
    # Every player's cards are known (the history is downloaded after the hand).
    assert "????" not in " ".join(a for a in first.actions if a.startswith("d dh"))
    # A short all-in big blind: main pot 24 to the big blind (after 1.00 rake), side pot 33.80.
    assert _by_name(side) == {"Small Blind": D("33.80"), "Big Blind": D(23), "UTG": D("0.10"),
                              "Dealer": D("25.10")}
    assert side.fields["_rake"] == 1
    assert split.fields["_site"] == "Bovada" and _by_name(split) == {"Big Blind": D(10), "Dealer": D(10)}
    # A newcomer's live big blind (Posts chip) and an all-in for it; the rake off the main pot.
    assert live.fields["_live_posts"] == [0, 0, D("0.25"), 0]
    assert _by_name(live) == {"Small Blind": D("4.90"), "Big Blind": D(18), "UTG": D("8.10"), "Dealer": D(8)}
    assert _by_name(walk)["Big Blind"] == D("10.10") and walk.fields["_no_show"] == [False, True, False]


def test_ignition_tournament_headers_convert_and_replay() -> None:
    """hhp's Ignition fixtures (MIT): tournament headers name no limit (``HOLDEM Tournament #N
    TBL#1, Normal- Level 22 (3000/6000)``), post ``Small blind``, call with ``Call 20``, fold
    with ``Folds(timeout)``, and number seats that do not go round the table: the position
    names place the players (``Seat 297: Dealer``, ``Set dealer [1]``)."""
    folder = os.path.join(DATA, "ignition", "hhp")
    records = [r for name in sorted(os.listdir(folder)) for r in _records("ignition", "hhp", name)]
    assert len(records) == 8 and all(r.status == "converted" for r in records), [str(r) for r in records]
    for rec in records:
        assert rec.history is not None
        _replays(rec.history)
    (level22,) = _records("ignition", "hhp", "tourney-level22.txt")
    hh = level22.history
    assert hh is not None and hh.fields["_tournament"] == "18094253" and hh.variant == "NT"
    # The dealer raises to 12000 over the antes and blinds; 6000 comes back; 19800 collected.
    assert _by_name(hh)["Dealer"] == 87396 - 600 - 6000 + 19800
    assert _by_name(hh)["Small Blind"] == 82680 - 600 - 3000
    assert hh.fields["players"][0] == "Small Blind" and hh.fields["players"][-1] == "Dealer"
    # A walk's lone "Showdown(High Card)" is no showdown (cash.zone.txt).
    (zone,) = _records("ignition", "hhp", "cash.zone.txt")
    assert zone.history is not None and not any(" sm " in a for a in zone.history.actions)


def test_ignition_is_recognised_by_its_header() -> None:
    assert site_of_file(os.path.join(DATA, "ignition", "handmade", "cash.txt")) == "Ignition"


@pytest.mark.parametrize("change, reason", [
    (("Dealer : Hand result $1.78", "Dealer : Hand result $1.95"), "do not add up"),
    (("UTG : Checks", "UTG : Juggles"), "unknown action 'Juggles'"),
    (("HOLDEM No Limit", "OMAHA Pot Limit"), "other game: OMAHA"),
    (("Total Pot($1.85)\n", ""), "incomplete"),
])
def test_ignition_bad_hands_fail_or_skip_with_the_reason(change: tuple[str, str], reason: str) -> None:
    with open(os.path.join(DATA, "ignition", "handmade", "cash.txt"), encoding="utf-8") as fh:
        text = fh.read().split("\n\n\n")[0]
    (rec,) = sites.read(text.replace(*change))
    assert rec.status in ("failed", "skipped") and reason in (rec.reason or ""), rec.reason


# ----------------------------------------------------------------------------- PokerNow


def test_pokernow_csv_hands_convert_to_the_chip_and_replay() -> None:
    records = _records("pokernow", "handmade", "log.csv")
    # Newest first in the file: the hands come out in play order, each at its starting line.
    assert [(r.status, r.hand_id, r.line) for r in records] == [
        ("converted", "pn0001aa", 96), ("converted", "pn0002bb", 82), ("converted", "pn0003cc", 65),
        ("converted", "pn0004dd", 39), ("skipped", "pn0005ee", 15), ("skipped", "pn0006ff", 5)]
    assert records[4].reason == "other game: Pot Limit Omaha Hi"
    assert (records[5].reason or "").startswith("incomplete")
    first, allin, twice, cents = [r.history for r in records[:4]]
    for hh in (first, allin, twice, cents):
        assert hh is not None
        _replays(hh)
    assert first is not None and allin is not None and twice is not None and cents is not None
    # "Bob calls 60" after his 10 small blind adds 50 (PokerNow writes the street total).
    assert _by_name(first) == {"Ava": 1080, "Bob": 940, "Cy": 980}
    # No "Uncalled bet" line: Ava's 100 over Cy's all-in 980 comes back all the same.
    assert _by_name(allin) == {"Ava": 100, "Bob": 0, "Cy": 2900}
    assert "Th" in " ".join(allin.actions)  # the rank 10 is T
    # Run twice (R41): one run each, 100 each.
    assert twice.runouts == 2 and _by_name(twice) == {"Ava": 100, "Cy": 2900}
    # Cents, a straddle (R42).
    assert cents.blinds_or_straddles == [D("0.1"), D("0.2"), D("0.4"), 0]
    assert _by_name(cents) == {"Ava": D("51.90"), "Dee": D("25.40"), "Eve": D("29.60"), "Cy": D("38.60")}
    assert first.fields["year"] == 2021 and first.fields["time_zone"] == "UTC"


def test_pokernow_json_log_reads_like_the_csv() -> None:
    csv_hands = {r.hand_id: r.history for r in _records("pokernow", "handmade", "log.csv")}
    records = _records("pokernow", "handmade", "log.json")
    assert [(r.status, r.hand_id, r.line) for r in records] == [
        ("converted", "pn0001aa", 196), ("converted", "pn0003cc", 112)]
    for rec in records:
        assert rec.history is not None and phh.dumps(rec.history) == phh.dumps(csv_hands[rec.hand_id])


def _pokernow(lines: list[str]) -> list[sites.Imported]:
    entries = [{"msg": m, "order": k} for k, m in enumerate(lines)]
    return list(sites.read(json.dumps(entries)))


_HAND = ['-- starting hand #1 (id: x1) (No Limit Texas Hold\'em) (dealer: "A @ 1") --',
         'Player stacks: #1 "A @ 1" (100) | #2 "B @ 2" (100)',
         '"A @ 1" posts a small blind of 1', '"B @ 2" posts a big blind of 2',
         '"A @ 1" raises to 6', '"B @ 2" folds', '"A @ 1" collected 4 from pot', '-- ending hand #1 --']


def test_pokernow_call_read_either_way_and_pot_checked() -> None:
    (rec,) = _pokernow(_HAND)
    assert rec.status == "converted" and rec.history is not None and rec.history.finishing_stacks == [98, 102]
    # A log whose winner collects more than was called: refused, not written.
    (bad,) = _pokernow([x.replace("collected 4", "collected 5") for x in _HAND])
    assert bad.status == "failed" and "do not add up" in (bad.reason or "")
    (bad,) = _pokernow(_HAND[:5] + ['"B @ 2" calls 7'] + _HAND[6:])
    assert bad.status == "failed" and "calls 7" in (bad.reason or "")
    (bad,) = _pokernow(_HAND[:5] + ['"Z @ 9" folds'] + _HAND[6:])
    assert bad.status == "failed" and "without a seat" in (bad.reason or "")


def test_pokernow_dealer_missing_the_button_comes_from_the_blinds() -> None:
    (rec,) = _pokernow([_HAND[0].replace(' (dealer: "A @ 1")', "")] + _HAND[1:])
    assert rec.status == "converted" and rec.history is not None
    assert rec.history.fields["players"] == ["B", "A"]  # heads-up: the small blind is the button


# ----------------------------------------------------------------------------- OHH


def test_ohh_fixture_hands_convert_to_the_cent_and_replay() -> None:
    records = _records("ohh", "handmade", "hands.ohh")
    assert [(r.status, r.site, r.hand_id, r.line) for r in records] == [
        ("converted", "OHH", "230000000001", 1), ("converted", "OHH", "55-0001", 163),
        ("converted", "OHH", "77-0002", 425)]
    cash, tournament, twice = [r.history for r in records]
    # The record counts the format; the hand keeps the site the object names.
    assert [h.fields["_site"] for h in (cash, tournament, twice) if h is not None] == [
        "PokerStars", "Demo Poker", "Demo Poker"]
    for hh in (cash, tournament, twice):
        assert hh is not None
        _replays(hh)
    assert cash is not None and tournament is not None and twice is not None
    # A raise's amount is its increment (the standard's rule); the uncalled 5.00 comes back.
    assert _by_name(cash) == {"ann": D("46.50"), "bob": D("61.90"), "cat": D("48.75")}
    assert cash.fields["_rake"] == D("0.35") and cash.fields["currency"] == "USD"
    assert (cash.fields["year"], cash.fields["month"], cash.fields["day"]) == (2021, 5, 4)
    # Antes, an all-in for less, a side pot won on the river, the main pot at the show down.
    assert tournament.fields["_tournament"] == "9001" and tournament.antes == [10, 10, 10]
    assert _by_name(tournament) == {"p_a": 3200, "p_b": 2400, "p_c": 3200}
    # Run twice: the street names come back (R41), 1.50 rake off each run.
    assert twice.runouts == 2 and _by_name(twice) == {"xen": D("198.50"), "yor": D("148.50")}


def test_ohh_one_object_per_line_and_arrays() -> None:
    lines = _records("ohh", "handmade", "one_per_line.json")
    assert [(r.status, r.hand_id, r.line) for r in lines] == [
        ("converted", "230000000001", 1), ("converted", "77-0002", 2)]
    with open(os.path.join(DATA, "ohh", "handmade", "one_per_line.json"), encoding="utf-8") as fh:
        objects = [json.loads(x) for x in fh if x.strip()]
    array = list(sites.read(json.dumps(objects)))
    assert [r.hand_id for r in array] == ["230000000001", "77-0002"]


@pytest.mark.parametrize("edit, reason", [
    (lambda o: o["pots"][0].update(amount=8.5), "do not add up"),
    (lambda o: o["players"][0].update(starting_stack=-5), "starting_stack is not an amount"),
    (lambda o: o["players"][0].update(starting_stack="1e999999"), "out of range"),
    (lambda o: o["players"][0].update(starting_stack="2.0000000000001"), "2.0000000000001 is out of range"),
    (lambda o: o["rounds"][0]["actions"][3].update(action="Juggle"), "unknown action 'Juggle'"),
    (lambda o: o["rounds"][0]["actions"][3].update(player_id=99), "by no player"),
    (lambda o: o.update(game_type="Omaha"), "other game: Omaha"),
    (lambda o: o.update(dealer_seat=None), "dealer_seat"),
    (lambda o: o["players"][1].update(seat=1), "two players in one seat"),
])
def test_ohh_bad_hands_fail_with_the_reason(edit: object, reason: str) -> None:
    with open(os.path.join(DATA, "ohh", "handmade", "one_per_line.json"), encoding="utf-8") as fh:
        obj = json.loads(fh.readline())
    edit(obj["ohh"])  # type: ignore[operator]
    (rec,) = sites.read(json.dumps(obj))
    assert rec.status in ("failed", "skipped") and reason in (rec.reason or ""), rec.reason


def test_ohh_broken_json_fails_at_its_line() -> None:
    with open(os.path.join(DATA, "ohh", "handmade", "one_per_line.json"), encoding="utf-8") as fh:
        first = fh.readline()
    records = list(sites.read(first + first[: len(first) // 2] + "\n"))
    assert [r.status for r in records] == ["converted", "failed"]
    assert records[1].line == 2 and "not JSON" in (records[1].reason or "")


def test_new_formats_convert_in_folders(tmp_path: os.PathLike[str]) -> None:
    out = os.path.join(tmp_path, "out.phhs")
    report = sites.convert([os.path.join(DATA, name, "handmade") for name in ("ignition", "pokernow", "ohh")], out)
    assert (report.hands, report.converted, report.failed_count, report.mismatch_count) == (19, 17, 0, 0)
    assert len(phh.load_all(out)) == 17


@pytest.mark.parametrize("data, reason", [
    (b'{"ohh": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "unreadable JSON: RecursionError"),
    (b'{"ohh": {"spec_version": "1", "x": ' + b"9" * 5000 + b"}}", "unreadable JSON: ValueError"),
    # Stray NUL bytes are dropped, as in every format: the object is read, and fails for its own reason.
    (b'{"ohh": {"spec_version": "1"}}\x00\x00', "dealer_seat must be a seat number, got null"),
    (b'{"logs": [{"msg": "-- starting hand #1 --"}, ' + b"[" * 100_000 + b"]" * 100_000 + b"]}",
     "unreadable JSON: RecursionError"),
])
def test_hostile_json_fails_with_a_reason_not_a_traceback(data: bytes, reason: str) -> None:
    (rec,) = sites.read(data)
    assert rec.status == "failed" and reason in (rec.reason or ""), rec.reason


def test_damaged_files_of_the_new_formats_never_raise() -> None:
    # Bytes changed, cut out and put in at random (a fixed seed): every hand is converted,
    # skipped or failed with a reason; nothing escapes sites.read.
    import random

    rng = random.Random(5)
    for parts in (("ignition", "handmade", "cash.txt"), ("pokernow", "handmade", "log.csv"),
                  ("pokernow", "handmade", "log.json"), ("ohh", "handmade", "hands.ohh")):
        with open(os.path.join(DATA, *parts), "rb") as fh:
            data = fh.read()
        for _ in range(40):
            b = bytearray(data)
            for _ in range(rng.randint(1, 4)):
                i = rng.randrange(len(b))
                op = rng.random()
                if op < 0.4:
                    b[i] = rng.choice(b'0123456789.-,"[]{}: abcAKQs')
                elif op < 0.7:
                    del b[i:i + rng.randint(1, 40)]
                else:
                    b[i:i] = rng.choice([b"9", b"-1", b"1e40", b'"', b"null", b"\n", b"0.0000000000001"])
            for rec in sites.read(bytes(b)):
                assert rec.status in ("converted", "skipped", "failed")
                assert rec.status == "converted" or rec.reason
