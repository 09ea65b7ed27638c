"""``hh export --format ohh`` and ``--format pokerstars`` re-import to the same PHH.

Over every hand of the site fixtures (``tests/data/hh``, the new formats' included) and every
real hand of the PHH sample (``tests/data/phh``) that replays:

* the OHH export re-imports to the identical PHH text of a site hand (the ``fastholdem``
  extension object keeps the fields the standard has no place for);
* both exports re-import to the same game: variant, stakes, antes, blinds, stacks, every
  action, the shows, the runs (R41) and the final stacks of the replay. "The same" up to
  notation: ``0.50`` is ``0.5``, a card's rank is upper case (one fixture writes ``ks``), and
  the shows may sit before or after the run-out's cards (PHH allows both);
* the OHH standard alone (the extension removed, as another program writes it) re-imports to
  the same game.
"""

from __future__ import annotations

import glob
import json
import os
from decimal import Decimal
from typing import Any

import pytest

from fastholdem import phh
from fastholdem.cli import main
from fastholdem.errors import HandHistoryError
from fastholdem.history import sites
from fastholdem.history.export_ohh import EXTENSION, hand_json, hand_object
from fastholdem.history.export_pokerstars import hand_text

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")


def _site_hands() -> list[phh.HandHistory]:
    out = []
    for path in sorted(glob.glob(os.path.join(DATA, "hh", "**", "*.*"), recursive=True)):
        if os.sep + "invalid" + os.sep in path or os.sep + "licenses" + os.sep in path or path.endswith(".md"):
            continue
        for rec in sites.read(path):
            if rec.status == "converted" and rec.history is not None:
                try:
                    rec.history.replay()
                except HandHistoryError:
                    continue  # a fixture edited by hand (tests/test_hh_import.py names it)
                out.append(rec.history)
    return out


def _phh_hands() -> list[phh.HandHistory]:
    out = []
    for path in sorted(glob.glob(os.path.join(DATA, "phh", "**", "*.phh"), recursive=True)):
        hh = phh.load(path)
        try:
            hh.replay()
        except HandHistoryError:
            continue
        out.append(hh)
    return out


def _card_case(action: str) -> str:
    words = action.split()
    if len(words) == 4 and words[0] == "d" and words[1] in ("dh", "db"):
        words[3] = "".join(c.upper() if k % 2 == 0 else c.lower() for k, c in enumerate(words[3]))
    if len(words) == 3 and words[1] == "sm":
        words[2] = "".join(c.upper() if k % 2 == 0 else c.lower() for k, c in enumerate(words[2]))
    return " ".join(words)


def _game(hh: phh.HandHistory) -> dict[str, Any]:
    """What a hand is, up to notation (see the module docstring)."""
    def num(values: Any) -> list[Decimal]:
        return [Decimal(str(v)).normalize() for v in values]

    actions = []
    for a in hh.actions:
        words = _card_case(a).split()
        if len(words) == 3 and words[1] == "cbr":
            words[2] = str(Decimal(words[2]).normalize())
        actions.append(" ".join(words))
    return {
        "variant": hh.variant, "antes": num(hh.antes), "blinds": num(hh.blinds_or_straddles),
        "stakes": [None if v is None else Decimal(str(v)).normalize() for v in (hh.min_bet, hh.small_bet, hh.big_bet)],
        "stacks": num(hh.starting_stacks), "actions": [a for a in actions if " sm" not in a],
        "shows": sorted(a for a in actions if " sm" in a), "runouts": hh.runouts,
        "final": num(hh.replay().stacks),
    }


def _one(text: str) -> phh.HandHistory:
    records = list(sites.read(text))
    assert len(records) == 1 and records[0].status == "converted", (records[0].reason, text[:300])
    assert records[0].history is not None
    return records[0].history


@pytest.fixture(scope="module")
def site_hands() -> list[phh.HandHistory]:
    return _site_hands()


def test_ohh_export_reimports_site_hands_to_identical_phh(site_hands: list[phh.HandHistory]) -> None:
    assert len(site_hands) >= 600
    for hh in site_hands:
        back = _one(hand_json(hh))
        original = phh.dumps(hh)
        if original != phh.dumps(back):  # only the notation of a card may differ
            assert [_card_case(a) for a in hh.actions] == back.actions, original
            back.actions = hh.actions
        assert phh.dumps(back) == original


def test_pokerstars_and_ohh_exports_reimport_site_hands_to_the_same_game(site_hands: list[phh.HandHistory]) -> None:
    for hh in site_hands:
        game = _game(hh)
        assert _game(_one(hand_text(hh))) == game, hand_text(hh)
        standard = hand_object(hh)
        del standard["ohh"][EXTENSION]
        assert _game(_one(json.dumps(standard, default=str))) == game, json.dumps(standard, default=str)


def test_pokerstars_and_ohh_exports_reimport_the_real_phh_hands_to_the_same_game() -> None:
    hands = _phh_hands()
    assert len(hands) >= 300
    for hh in hands:
        game = _game(hh)
        assert _game(_one(hand_text(hh))) == game, hand_text(hh)
        back = _one(hand_json(hh))
        assert _game(back) == game
        assert back.fields == hh.fields  # the dataset's own fields (players, event, ...) come back


def test_hh_export_format_ohh_cli_round_trip(tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]) -> None:
    src = os.path.join(DATA, "phh", "famous", "dwan-ivey-2009.phh")
    out = os.path.join(tmp_path, "hands.ohh")
    assert main(["hh", "export", src, "--format", "ohh", "-o", out]) == 0
    with open(out, encoding="utf-8") as fh:
        text = fh.read()
    (obj,) = [json.loads(x) for x in text.split("\n\n") if x.strip()]
    assert obj["ohh"]["spec_version"] == "1.4.6" and obj["ohh"]["ante_amount"] == 500
    converted = os.path.join(tmp_path, "back.phhs")
    assert main(["hh", "convert", out, "-o", converted, "--quiet"]) == 0
    capsys.readouterr()
    (back,) = phh.load_all(converted)
    assert _game(back) == _game(phh.load(src))
    hero = os.path.join(tmp_path, "hero.ohh")
    assert main(["hh", "export", src, "--format", "ohh", "--hero", "Phil Ivey", "-o", hero]) == 0
    with open(hero, encoding="utf-8") as fh:
        dealt = [a for a in json.loads(fh.readline())["ohh"]["rounds"][0]["actions"] if a["action"] == "Dealt Cards"]
    assert [("cards" in a) for a in dealt] == [True, False, False]
