"""PokerStars-format export: round trips through the PokerStars reader, pokerkit's reader, the CLI."""

from __future__ import annotations

import glob
import io
import json
import os
import warnings

import pytest

from fastholdem import phh
from fastholdem.cli import main
from fastholdem.errors import HandHistoryError
from fastholdem.game import AnteMode, GameConfig, Hand, Structure
from fastholdem import simulate
from fastholdem.history import sites
from fastholdem.history.export_pokerstars import dumps, hand_text

DATA = os.path.join(os.path.dirname(__file__), "data", "hh", "pokerstars")
#: Simulated hands of the slow export round trip: 20,000 in CI (about a minute); the issue's
#: 10^5 with FASTHOLDEM_EXPORT_HANDS=100000 (about four minutes on one idle core).
EXPORT_HANDS = int(os.environ.get("FASTHOLDEM_EXPORT_HANDS", "20000"))


def _pokerstars_hands() -> list[phh.HandHistory]:
    out = []
    for path in sorted(glob.glob(os.path.join(DATA, "**", "*.txt"), recursive=True)):
        for rec in sites.read(path):
            if rec.status == "converted" and rec.history is not None:
                try:
                    rec.history.replay()
                except HandHistoryError:
                    continue  # a fixture edited by hand (tests/test_hh_import.py names it)
                out.append(rec.history)
    return out


def test_export_pokerstars_round_trip_gives_identical_phh() -> None:
    hands = _pokerstars_hands()
    assert len(hands) >= 100
    for hh in hands:
        (back,) = sites.loads(hand_text(hh))
        assert phh.dumps(back) == phh.dumps(hh), hand_text(hh)


def _session(n: int, seed: int, config: GameConfig | None = None, policies: list[str] | None = None,
             carry_stacks: bool = True) -> str:
    out = io.StringIO()
    simulate(policies or ["random", "station", "tight", "random", "station"], n, config=config, seed=seed,
             carry_stacks=carry_stacks, phh=out, progress=False)
    return out.getvalue()


def _same_hands(original: list[phh.HandHistory], text: str) -> None:
    back = sites.loads(text)
    assert len(back) == len(original)
    for a, b in zip(original, back):
        # The same actions; the engine may record all-in shows before the run-out, the
        # PokerStars text shows at the show down: compare the shows as a set.
        assert [x for x in b.actions if " sm" not in x] == [x for x in a.actions if " sm" not in x]
        assert sorted(x for x in b.actions if " sm" in x) == sorted(x for x in a.actions if " sm" in x)
        assert b.starting_stacks == a.starting_stacks
        assert b.finishing_stacks == a.finishing_stacks
        ra, rb = a.replay().result, b.replay().result
        assert [p.winners for p in ra.pots] == [p.winners for p in rb.pots] and ra.boards == rb.boards
        assert b.fields["players"] == a.fields.get("players", b.fields["players"]) and b.runouts == a.runouts


@pytest.mark.parametrize(
    "config",
    [
        GameConfig(),
        GameConfig(Structure.POT_LIMIT, 1, 2, ante=1, ante_mode=AnteMode.EVERY_PLAYER),
        GameConfig(Structure.LIMIT, 2, 4, ante=4, ante_mode=AnteMode.BIG_BLIND),
    ],
    ids=["nl", "pl-antes", "fl-bb-ante"],
)
def test_export_simulated_hands_reimport_to_the_same_hands(config: GameConfig) -> None:
    text = _session(80, 5, config)
    original = phh.loads_all(text)
    _same_hands(original, dumps(original))


@pytest.mark.slow
def test_export_many_simulated_hands_reimport_to_the_same_hands() -> None:
    # Stacks start afresh each hand: with carried stacks a player can be all-in on the ante before
    # posting a blind, which PokerStars text cannot state (hh-import reads the blind from the header).
    text = _session(EXPORT_HANDS, 17, GameConfig(ante=1, ante_mode=AnteMode.EVERY_PLAYER), carry_stacks=False)
    original = phh.loads_all(text)
    _same_hands(original, dumps(original))


def test_export_run_twice_reimports_with_both_boards() -> None:
    hand = Hand(GameConfig(), [100, 100], button=0, hole_cards=["AsAh", "KsKh"],
                deck="5c" "2c7d9h" "6c" "Tc" "8c" "3d" "Jc" "Kd" "Qc" "4c")
    hand.run_it(2)
    hand.call(); hand.check(); hand.all_in(); hand.call()
    hh = phh.loads(phh.dumps(hand))
    text = hand_text(hh)
    assert "*** FIRST TURN *** [2c 7d 9h] [Tc]" in text and "*** SECOND RIVER *** [2c 7d 9h Kd] [4c]" in text
    assert "Hand was run twice" in text and "*** SECOND SHOW DOWN ***" in text
    _same_hands([hh], text)


def test_export_pokerkit_reads_our_no_limit_export() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    text = _session(30, 9, GameConfig(conventions="pokerkit"), ["random", "station", "tight"])
    original = phh.loads_all(text)
    with warnings.catch_warnings():  # pokerkit 0.7.7 warns about a field name of its own parser
        warnings.simplefilter("ignore", UserWarning)
        parsed = list(pokerkit.HandHistory.from_pokerstars(dumps(original), error_status=True))
    assert len(parsed) == len(original)
    for ours, theirs in zip(original, parsed):
        assert list(theirs.starting_stacks) == ours.starting_stacks
        assert theirs.players == ours.fields["players"]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)
            final = list(list(theirs)[-1].stacks)
        assert final == ours.finishing_stacks


def test_export_hero_writes_only_the_heros_cards() -> None:
    (hh,) = phh.loads_all(_session(1, 3))
    text = hand_text(hh, hero="station1")
    dealt = [line for line in text.splitlines() if line.startswith("Dealt to ")]
    assert dealt and all(line.startswith("Dealt to station1 ") for line in dealt)


# ---------------------------------------------------------------------- command line


def test_export_cli_writes_text_and_reports_bad_hands(
    tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
) -> None:
    src = os.path.join(tmp_path, "s.phhs")
    good = _session(5, 1)
    with open(src, "w", encoding="utf-8") as fh:
        fh.write(good + '\n[6]\nvariant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
                 'starting_stacks = [10, 10]\nactions = ["p1 cbr 4"]\n')
    out = os.path.join(tmp_path, "out.txt")
    assert main(["hh", "export", src, "--format", "pokerstars", "-o", out]) == 1
    assert "hand 6" in capsys.readouterr().err
    with open(out, encoding="utf-8") as fh:
        assert len(sites.loads(fh.read())) == 5
    assert main(["hh", "export", os.path.join(tmp_path, "missing.phhs"), "-o", out]) == 2
    assert main(["hh", "export", src, "-o", os.path.join(tmp_path, "no", "dir.txt")]) == 2
    assert sorted(os.listdir(tmp_path)) == ["out.txt", "s.phhs"]  # no temporary file left


def test_stats_cli_text_json_plot_and_exit_codes(
    tmp_path: os.PathLike[str], capsys: pytest.CaptureFixture[str]
) -> None:
    src = os.path.join(tmp_path, "s.phhs")
    with open(src, "w", encoding="utf-8") as fh:
        fh.write(_session(30, 2))
    assert main(["hh", "stats", src, "--threads", "1"]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].split()[:4] == ["player", "pos", "hands", "VPIP"] and "30 hands" in text
    assert main(["hh", "stats", src, "--hero", "tight2", "--json", "--threads", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["players"]) == ["tight2"] and data["players"]["tight2"]["hands"] == 30
    assert sum(p["hands"] for p in data["players"]["tight2"]["positions"].values()) == 30
    png = os.path.join(tmp_path, "ev.png")
    pytest.importorskip("matplotlib")
    assert main(["hh", "stats", src, "--hero", "tight2", "--plot", png, "--threads", "1"]) == 0
    assert os.path.getsize(png) > 1000
    assert main(["hh", "stats", src, "--plot", png]) == 2  # the graph is the hero's
    assert main(["hh", "stats", src, "--hero", "nobody"]) == 2
    with open(src, "a", encoding="utf-8") as fh:
        fh.write('\n[31]\nvariant = "NT"\nactions = [\n')
    capsys.readouterr()
    assert main(["hh", "stats", src]) == 1
    assert "hand 31" in capsys.readouterr().err


def _run_out(times: int) -> phh.HandHistory:
    hand = Hand(GameConfig(), [100, 100], button=0, hole_cards=["AsAh", "KsKh"], seed=3)
    hand.run_it(times)
    hand.all_in(); hand.call()
    return phh.loads(phh.dumps(hand))


def test_export_run_three_times_writes_ggpokers_third_board() -> None:
    # PokerStars runs a board at most twice; GGPoker's PokerStars-style text adds THIRD, and our
    # reader (like the trackers) reads it back.
    hh = _run_out(3)
    text = hand_text(hh)
    assert "Hand was run three times" in text and "THIRD Board [" in text and "FOURTH" not in text
    assert "*** THIRD SHOW DOWN ***" in text
    _same_hands([hh], text)


def test_export_run_four_times_is_refused_naming_the_hand(tmp_path: os.PathLike[str]) -> None:
    hh = _run_out(4)
    hh.fields["_hand_id"] = "4242"
    with pytest.raises(ValueError, match=r"hand 4242: the board was run 4 times.*at most 3 times"):
        hand_text(hh)
    with pytest.raises(HandHistoryError, match="run 4 times"):
        dumps([_run_out(2), hh])
    # The command leaves the hand out, says why, writes the others and exits 1.
    path = os.path.join(tmp_path, "s.phhs")
    phh.dump_all([_run_out(2), hh], path)
    out = os.path.join(tmp_path, "s.txt")
    assert main(["hh", "export", path, "--format", "pokerstars", "-o", out]) == 1
    with open(out, encoding="utf-8") as fh:
        assert fh.read().count("PokerStars Hand #") == 1
