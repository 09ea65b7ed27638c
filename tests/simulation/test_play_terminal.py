"""``fastholdem play`` says what it does (issue 19, a newcomer's trial item 5): ``r min`` works as
the help lists it, errors call the player "you" as the table does, sizing presets are offered
only when there is a size to choose, and ``--stack`` counts what it says (chips, or big blinds
with ``bb``)."""

from __future__ import annotations

import io
import re
import sys

import pytest

from fastholdem.cli import main
from fastholdem.game import GameConfig, Hand, RaiseTo, Structure
from fastholdem.simulation.play import HELP, _offer, parse_command, play_game


def _play(moves: str, **kwargs: object) -> str:
    out = io.StringIO()
    play_game(io.StringIO(moves), out, opponents=["station"], seed=3, hands=1, **kwargs)  # type: ignore[arg-type]
    return out.getvalue()


def test_play_r_min_raises_the_minimum_as_the_help_says() -> None:
    assert "r min" in HELP
    hand = Hand(GameConfig(), [100, 100], seed=1)
    legal = hand.legal_actions()
    assert parse_command("r min", hand) == parse_command("r", hand) == RaiseTo(legal.min_to)
    assert parse_command("b min", hand) == RaiseTo(legal.min_to)  # b and r are the same verb here
    out = _play("r min\nq\n")
    assert "Sorry" not in out and re.search(r"You raise to \d+", out)


def test_play_errors_call_the_player_you() -> None:
    # Check when facing the big blind: refused, in the table's words.
    out = _play("k\nf\nq\n")
    refused = [line for line in out.splitlines() if line.startswith("Not allowed")]
    assert refused and all("seat" not in line for line in refused), refused
    assert refused[0].startswith("Not allowed: you cannot check:")


def test_play_offers_sizing_presets_only_when_sizes_differ() -> None:
    fixed = Hand(GameConfig(Structure.LIMIT, 1, 2), [100, 100], seed=1)
    legal = fixed.legal_actions()
    assert legal.min_to == legal.max_to
    offer = _offer(fixed)
    assert f"[r]aise to {legal.min_to}," in offer and "2x" not in offer and "pot" not in offer
    free = Hand(GameConfig(), [100, 100], seed=1)
    assert "(min 2x 3x 33% 50% pot)" in _offer(free)


@pytest.mark.parametrize("stack, chips", [("150", 150), ("50bb", 100), ("40BB", 80)])
def test_cli_play_stack_counts_chips_or_big_blinds(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str], stack: str,
                                                   chips: int) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--players", "2", "--blinds", "1/2", "--stack", stack, "--seed", "1"]) == 0
    first = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("Stacks: "))
    assert re.search(rf"You {chips}\b", first), first


def test_cli_stack_default_is_100_big_blinds_and_bad_stacks_are_refused(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--players", "2", "--blinds", "5/10", "--seed", "1"]) == 0
    assert "You 1000" in capsys.readouterr().out
    for bad in ("0", "-5", "bb", "1.5bb"):
        with pytest.raises(SystemExit):
            main(["simulate", "--stack", bad])
        err = capsys.readouterr().err
        assert err.splitlines()[-1].startswith("fastholdem: error: argument --stack: a stack is a positive number")
