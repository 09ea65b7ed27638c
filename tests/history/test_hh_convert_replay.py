"""``fastholdem hh convert`` writes nothing that does not replay (issue 28 item 1): each hand is
replayed first; one that does not reach the site's own final stacks is failed, listed with its
file:line and the first action or amount that disagrees, and left out (``--rejects`` keeps it)."""

from __future__ import annotations

import importlib
import json
import os
from decimal import Decimal
from pathlib import Path

import pytest

from fastholdem import phh
from fastholdem.cli import main
from fastholdem.history import check
from fastholdem.history.sites import convert, loads

convert_module = importlib.import_module("fastholdem.history.sites.convert")  # the package's ``convert`` is the function

DATA = Path(__file__).resolve().parents[1] / "data" / "hh"
UNDER_RAISE = DATA / "hostile" / "under_raise.txt"
GOOD = DATA / "damaged" / "pokerstars_hud_stats.txt"


def test_no_hand_that_hh_convert_writes_fails_phh_check(tmp_path):
    """Over every fixture of tests/data/hh/ (sites, hand-edited, hostile and damaged files)."""
    out, rejects = tmp_path / "all.phhs", tmp_path / "rejects.phhs"
    report = convert([DATA], out, rejects=rejects)
    checked = check.check([out])
    assert checked.hands == report.converted >= 690 and checked.failures == []
    assert report.converted + report.failed_count + sum(
        n for reason, n in report.skipped().items() if not reason.startswith("failed: ")) == report.hands
    # What was left out for not replaying is in the rejects file, and phh check says why.
    assert len(check.check([rejects]).failures) == report.mismatch_count >= 1


def test_hand_that_does_not_replay_is_failed_with_its_place_and_not_written(tmp_path, capsys):
    out, rejects = tmp_path / "out.phhs", tmp_path / "rejects.phhs"
    code = main(["hh", "convert", str(GOOD), str(UNDER_RAISE), "-o", str(out), "--rejects", str(rejects), "--quiet"])
    text = capsys.readouterr().out
    assert code == 1
    assert (f"{UNDER_RAISE}:1: hand 2026000016 does not replay: action 3 'p3 cbr 0.11' does not fit: "
            "seat 2 cannot raise to 11: the minimum is 20") in text
    assert "1/2 hands converted from 2 files (0 skipped, 1 failed: 1 read but do not replay)" in text
    [written] = phh.loads_all(out.read_text())
    assert written.fields["_hand_id"] == "2026000004"
    [rejected] = phh.loads_all(rejects.read_text())
    assert rejected.fields["_source"] == f"{UNDER_RAISE}:1"
    assert rejected.fields["_rejected"].startswith("action 3 'p3 cbr 0.11' does not fit")


def test_json_counts_a_hand_that_does_not_replay_as_failed(tmp_path, capsys):
    code = main(["hh", "convert", str(UNDER_RAISE), "-o", str(tmp_path / "o.phhs"), "--json", "--quiet"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert (data["converted"], data["mismatches"], data["skipped"]) == (0, 1, {"failed: does not replay": 1})


def test_the_first_player_whose_stack_disagrees_is_named():
    [hh] = loads(GOOD.read_text())
    hh.finishing_stacks = [hh.finishing_stacks[0], Decimal("2.5"), hh.finishing_stacks[2]]
    assert convert_module._replay_problem(hh) == (
        "p2 ('dee') ends with 2 in the replay, the site's numbers give 2.5 "
        "(replay ['10.45', '2', '19.05'], site ['10.45', '2.5', '19.05'])")


@pytest.mark.parametrize("where", ["output", "input"])
def test_rejects_file_may_not_be_the_output_or_an_input(tmp_path, capsys, where):
    out = tmp_path / "o.phhs"
    rejects = out if where == "output" else UNDER_RAISE
    code = main(["hh", "convert", str(UNDER_RAISE), "-o", str(out), "--rejects", str(rejects), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and "error" in err
    assert not out.exists()


def test_interrupted_run_leaves_neither_output_nor_rejects(tmp_path, monkeypatch):
    src = tmp_path / "h.txt"
    src.write_text(UNDER_RAISE.read_text() + "\n\n" + GOOD.read_text(), encoding="utf-8")

    def boom(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(convert_module, "dumps", boom)
    with pytest.raises(KeyboardInterrupt):
        convert([src], tmp_path / "out.phhs", rejects=tmp_path / "rejects.phhs")
    assert os.listdir(tmp_path) == ["h.txt"]
