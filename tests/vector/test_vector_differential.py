"""tests/reference/vector_differential.py: the vector engine replayed hand by hand through ``Hand`` (issue 16).

The default tests play a few hundred hands through the tool's core and check that it can
fail; the slow one plays 100,000 hands over 50 random configurations on two processes (the
changelog quotes the 10**7-hand run outside CI).
"""

from __future__ import annotations

import re
import signal
from collections import Counter
from typing import Any

import numpy as np
import pytest
from lockstep import load_tool

from fastholdem.game import AnteMode, Structure
from fastholdem.vector import Tables

tool = load_tool()


def test_vector_differential_plays_without_difference() -> None:
    summary = tool.run(400, seed=11, block_hands=100)
    assert summary.hands >= 400 and summary.configurations == 4 and summary.differences == 0
    assert summary.steps > summary.hands and not summary.reports and summary.notes["showdown"] > 0


def test_vector_differential_blocks_cover_every_option() -> None:
    """The blocks' configurations span what issue 16 asks the differential to cover."""
    blocks = [tool.draw_block(5, k) for k in range(400)]
    seen: Counter[Any] = Counter()
    for b in blocks:
        c = b.config
        seen.update([c.structure, c.conventions, b.players, c.ante_mode, b.stack_mode,
                     ("carry", b.carry_stacks), ("auto", b.auto_reset)])
        if c.structure is Structure.LIMIT:
            seen.update([("cap", c.bet_cap), ("half", c.half_bet_reopens), ("river", c.uncapped_river)])
    assert all(seen[s] for s in Structure) and seen["card-room"] and seen["pokerkit"]
    assert all(seen[p] for p in range(2, 11)) and all(seen[m] for m in AnteMode)
    assert all(seen[m] for m in ("same", "uneven", "drawn", "short", "deep"))
    assert all(seen[(k, v)] for k in ("carry", "auto") for v in (False, True))
    assert seen[("cap", None)] and seen[("half", True)] and seen[("river", True)]
    assert tool.draw_block(5, 7) == blocks[7]  # a block is a function of (seed, index)


def test_vector_differential_stacks_span_one_chip_to_a_thousand_big_blinds() -> None:
    rng = np.random.default_rng(0)
    x = tool._log_stacks(rng, (100_000,), 10, 0.0, 0.25)
    assert x.min() == 1 and 9_000 < x.max() <= 10_000


def test_vector_differential_reports_a_difference(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """An engine that pays one chip too many is caught, with what is needed to reproduce it."""
    real = Tables.last_hands

    def wrong(self: Tables, rows: Any = None) -> Any:
        rec = real(self, rows)
        rewards = rec.rewards.copy()
        rewards[:, 0] += 1
        return rec._replace(rewards=rewards)

    monkeypatch.setattr(Tables, "last_hands", wrong)
    assert tool.main(["--hands", "60", "--block-hands", "30", "--seed", "4", "--no-progress"]) == 1
    out, err = capsys.readouterr()
    m = re.search(r"([\d,]+) hands, 2 configurations, [\d,]+ actions, ([\d,]+) differences", out)
    assert m is not None and m.group(1) == m.group(2)
    assert "DIFFERENCE in block 0" in err and "rewards" in err and "actions (seat:kind amount)" in err
    assert "--block B" in err


def test_vector_differential_catches_a_wrong_legal_array(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Tables.legal

    def wrong(self: Tables) -> Any:
        legal = real(self)
        return legal._replace(max_to=np.where(legal.max_to > legal.min_to, legal.max_to - 1, legal.max_to))

    monkeypatch.setattr(Tables, "legal", wrong)
    summary = tool.run(200, seed=2, block_hands=100)
    assert summary.differences > 0 and "Hand.legal_actions()" in summary.reports[0]


def test_vector_differential_reports_an_engine_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that refuses one of its own legal actions stops the block and is reported."""
    real = Tables.step

    def refuse(self: Tables, kind: Any, amount: Any = None, mask: Any = None) -> None:
        if (np.asarray(kind) == 3).any():
            raise ValueError("illegal action in 1 table")
        real(self, kind, amount, mask)

    monkeypatch.setattr(Tables, "step", refuse)
    summary = tool.run(100, seed=2, block_hands=100)
    assert summary.differences == 1 and "illegal action in 1 table" in summary.reports[0]


def test_vector_differential_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--hands", "100", "--block-hands", "50", "--seed", "3", "--block", "1", "--no-progress"]
    assert tool.main(args) == 0
    out, err = capsys.readouterr()
    assert tool.main(args) == 0
    assert capsys.readouterr().out.split(" CPU s")[0].rsplit(",", 1)[0] == out.split(" CPU s")[0].rsplit(",", 1)[0]
    assert "50 hands, 1 configurations" in out and " 0 differences" in out and "block 1 (seed" in err
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # main leaves the process as it found it
    with pytest.raises(SystemExit):
        tool.main(["--hands", "0"])


@pytest.mark.slow
def test_vector_differential_hundred_thousand_hands_slow() -> None:
    summary = tool.run(100_000, seed=16, jobs=2, progress=False)
    assert summary.hands >= 100_000 and summary.differences == 0, "\n".join(summary.reports)
    assert summary.notes["side pots"] and summary.notes["all-in raise"] and summary.notes["short blind"]
