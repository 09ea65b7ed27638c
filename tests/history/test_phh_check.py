"""``fastholdem phh check``: replay PHH files and folders, report failing hands, exit 1 on any."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from fastholdem import phh
from fastholdem.cli import main
from fastholdem.game import GameConfig, Hand, Structure
from fastholdem.history.check import check, check_file
from fastholdem.progress import Progress

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "phh"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["phh", "check", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _played(seed: int, conventions: str = "card-room") -> Hand:
    hand = Hand(GameConfig(small_blind=1, big_blind=2, conventions=conventions), [3, 100, 100], seed=seed)
    while hand.actor is not None:
        hand.check_or_call()
    return hand


def test_phh_check_sample_all_pass(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(SAMPLE))
    assert code == 0
    assert out.startswith("328/328 hands replay to their finishing_stacks (0 failed) in 328 files")


def test_phh_check_failing_hands_listed_and_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.phh"
    phh.dump(_played(1), good)
    wrong = phh.loads(good.read_text())
    assert wrong.finishing_stacks is not None
    wrong.finishing_stacks[0] += 1
    wrong.finishing_stacks[1] -= 1
    (tmp_path / "sub").mkdir()
    phh.dump(wrong, tmp_path / "sub" / "wrong.phh")
    (tmp_path / "broken.phh").write_bytes(b"\xff\xfe binary")
    session = tmp_path / "session.phhs"
    hands = [phh.from_hand(_played(s)) for s in (2, 3)]
    hands[1].actions.append("p1 cbr 5")  # after the end of the hand
    phh.dump_all(hands, session)
    (tmp_path / "notes.txt").write_text("not a hand history")
    code, out, _ = run(capsys, str(tmp_path))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'broken.phh'}: not UTF-8 text")
    assert lines[1].startswith(f"{session} [2]: action {len(hands[1].actions) - 1} 'p1 cbr 5' does not fit")
    assert lines[2].startswith(f"{tmp_path / 'sub' / 'wrong.phh'}: replay ends with stacks")
    assert lines[3].startswith("2/5 hands replay to their finishing_stacks (3 failed) in 4 files")
    code, out, _ = run(capsys, str(good), "--json")
    assert code == 0 and json.loads(out)["passed"] == 1


def test_phh_check_json_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = phh.dumps(_played(4)).replace("finishing_stacks = [", "finishing_stacks = [1")
    (tmp_path / "a.phh").write_text(text)
    code, out, _ = run(capsys, str(tmp_path / "a.phh"), "--json")
    report = json.loads(out)
    assert code == 1
    assert (report["hands"], report["passed"], report["failed"], report["files"]) == (1, 0, 1, 1)
    assert report["failures"][0]["file"] == str(tmp_path / "a.phh") and report["failures"][0]["hand"] is None
    assert "the file records" in report["failures"][0]["reason"] and report["hands_per_second"] > 0


def test_phh_check_conventions_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A pokerkit-convention hand: after a short all-in call the big blind is asked to check.
    cfg = GameConfig(small_blind=1, big_blind=2, conventions="pokerkit")
    hand = Hand(cfg, [100, 100, 1], button=2, seed=5)
    hand.call()
    hand.fold()
    hand.check()
    assert hand.is_complete
    text = phh.dumps(hand)
    assert '_conventions = "pokerkit"' in text
    (tmp_path / "recorded.phh").write_text(text)
    bare = "\n".join(line for line in text.splitlines() if not line.startswith("_conventions"))
    (tmp_path / "bare.phh").write_text(bare)
    code, out, _ = run(capsys, str(tmp_path))  # the field replays its hand, the bare file fails
    assert code == 1 and "bare.phh" in out and "recorded.phh" not in out
    assert run(capsys, str(tmp_path), "--conventions", "pokerkit")[0] == 0
    assert run(capsys, str(tmp_path / "recorded.phh"), "--conventions", "card-room")[0] == 1


def test_phh_check_jobs_same_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(SAMPLE / "handhq", tmp_path / "handhq")
    for seed in range(150):  # enough files for several chunks
        phh.dump(_played(seed), tmp_path / f"h{seed:03}.phh")
    (tmp_path / "h007.phh").write_text((tmp_path / "h007.phh").read_text().replace("d dh p1", "d dh p9"))
    one, two = check([tmp_path], jobs=1), check([tmp_path], jobs=2)
    assert (one.hands, one.passed, one.failures) == (two.hands, two.passed, two.failures)
    assert one.hands == 162 and [f.file for f in one.failures] == [str(tmp_path / "h007.phh")]


def test_phh_check_bad_arguments_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(tmp_path / "missing"))
    assert code == 2 and "no such file or folder" in err
    with pytest.raises(SystemExit):
        main(["phh", "check", str(tmp_path), "--conventions", "casino"])
    code, _, err = run(capsys, str(tmp_path), "--jobs", "0")
    assert code == 2 and "jobs" in err


def test_phh_check_progress_bar_drawn_when_asked(tmp_path: Path) -> None:
    phh.dump(_played(1), tmp_path / "a.phh")
    stream = io.StringIO()
    with Progress(total=1, label="phh check", delay=0.0, enabled=True, stream=stream) as bar:
        bar.update(1)
    assert "phh check [" in stream.getvalue()
    assert check([tmp_path], progress=True).passed == 1


def test_phh_check_file_counts_hands_without_finishing_stacks(tmp_path: Path) -> None:
    hh = phh.from_hand(_played(2))
    hh.finishing_stacks = None
    phh.dump(hh, tmp_path / "a.phh")
    assert check_file(tmp_path / "a.phh") == (1, 1, [])
    assert "only replayed" in check([tmp_path]).summary()


def test_phh_check_fixed_limit_cap_from_field(tmp_path: Path) -> None:
    hand = Hand(GameConfig(Structure.LIMIT, 1, 2, bet_cap=6), [200] * 3, seed=3)
    for to in (4, 6, 8, 10, 12):
        hand.raise_to(to)
    while hand.actor is not None:
        hand.check_or_call()
    phh.dump(hand, tmp_path / "cap6.phh")
    assert "_bet_cap = 6" in (tmp_path / "cap6.phh").read_text()
    assert check([tmp_path]).passed == 1


def test_phh_check_docstring_examples() -> None:
    import doctest

    from fastholdem.history import check as phh_check

    result = doctest.testmod(phh_check, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
