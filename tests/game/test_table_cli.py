"""Agents, the simulation runner and the ``simulate`` / ``play`` commands."""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from fastholdem import phh
from fastholdem.cli import main
from fastholdem.game import (
    Bet,
    CallingStation,
    Check,
    Fold,
    GameConfig,
    Hand,
    Player,
    RandomPlayer,
    Structure,
    Table,
    TightPlayer,
    View,
    play_hands,
)
from fastholdem.simulation.run import simulate


def test_players_follow_the_protocol_and_see_only_their_cards() -> None:
    hand = Hand(GameConfig(), [100, 100, 100], button=0, hole_cards=["AsAh", "KsKh", "7c2d"], seed=1)
    view = View(hand, 0, table_seat=4)
    assert view.hole_cards == (51, 50) and view.table_seat == 4
    assert view.to_call == 2 and view.pot == 3 and view.opponents == 2
    deals = [ev for ev in view.history if ev.kind == "deal"]
    assert {ev.seat: ev.cards for ev in deals}[1] == (None, None)  # others' cards hidden
    assert {ev.seat: ev.cards for ev in deals}[0] == (51, 50)
    for agent in (RandomPlayer(seed=1), CallingStation(), TightPlayer(seed=1)):
        assert isinstance(agent, Player)
        assert agent.act(view) in view.legal_actions()


def test_tight_player_uses_equity() -> None:
    junk = Hand(GameConfig(), [100, 100], button=0, hole_cards=["7c2d", "AsAh"], seed=1)
    assert TightPlayer(seed=1).act(View(junk, 0)) == Fold()
    aces = Hand(GameConfig(), [100, 100], button=0, hole_cards=["AsAh", "7c2d"], seed=1)
    action = TightPlayer(seed=1).act(View(aces, 0))
    assert type(action).__name__ == "RaiseTo" and action in aces.legal_actions()
    # Post-flop with the nuts it bets; with nothing facing a pot-sized bet it folds.
    nuts = Hand(GameConfig(), [100, 100], button=0, hole_cards=["AsKs", "7c2d"], board="QsJsTs3d4h", seed=1)
    nuts.call()
    nuts.check()
    assert nuts.actor == 1
    nuts.check()
    assert type(TightPlayer(seed=2).act(View(nuts, 0))).__name__ == "Bet"


def test_table_driver_six_tight_players_conserve_chips() -> None:
    table = Table(GameConfig(), [200] * 6, seed=2, auto_rebuy=True)
    bots = [TightPlayer(seed=s, trials=100) for s in range(6)]
    assert play_hands(table, bots, 30) == 30
    assert table.total_chips == sum(p.bought_in for p in table.players)  # type: ignore[union-attr]


def test_simulate_results_per_seat() -> None:
    result = simulate(["random", "station", "random", "station"], 400, seed=3, progress=False)
    assert result.hands == 400 and [s.policy for s in result.seats] == ["random", "station"] * 2
    assert sum(s.chips_won for s in result.seats) == 0  # zero-sum
    for s in result.seats:
        assert s.hands == 400
        assert s.ci95 > 0 and s.per100 == pytest.approx(100 * s.chips_won / 400)
        assert s.bb_per100 == pytest.approx(s.per100 / 2)
        assert 0 <= s.showdown_rate <= 1
        assert sum(s.wins.values()) <= s.showdowns
    # Calling stations go to showdown more often than random players.
    assert result.seats[1].showdown_rate > result.seats[0].showdown_rate
    assert "chips/100" in str(result)
    again = simulate(["random", "station", "random", "station"], 400, seed=3, progress=False)
    assert again.to_dict()["seats"] == result.to_dict()["seats"]


def test_simulate_checks_its_input() -> None:
    with pytest.raises(ValueError, match="2 to 10"):
        simulate(["random"], 10)
    with pytest.raises(ValueError, match="unknown policy"):
        simulate(["random", "shark"], 10)


def test_cli_simulate(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out_file = tmp_path / "hands.phhs"
    code = main(["simulate", "--players", "3", "--hands", "150", "--seed", "1", "--structure", "fl",
                 "--policy", "random,station", "--phh", str(out_file), "--no-progress"])
    assert code == 0
    text = capsys.readouterr().out
    assert "150 hands, limit 1/2, seed 1" in text
    assert text.count("random") >= 2 and "station" in text
    histories = phh.load_all(out_file)
    assert len(histories) == 150 and histories[0].variant == "FT"
    phh.replay_session(histories)  # every hand replays to its recorded stacks
    argv = ["simulate", "--players", "2", "--hands", "50", "--seed", "2", "--json", "--no-progress"]
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 50 and len(data["seats"]) == 2
    assert main(["simulate", "--players", "3", "--policy", "shark", "--hands", "5"]) == 2
    assert "unknown policy 'shark'" in capsys.readouterr().err


def test_cli_play_through_stdin(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    moves = "hello\nr 1\n?\nc\n" + "c\n" * 40
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves))
    code = main(["play", "--players", "2", "--bots", "station", "--seed", "5", "--hands", "2"])
    assert code == 0
    out = capsys.readouterr().out
    assert "Your cards: " in out and "=== Hand 2" in out
    assert "Sorry: unknown command 'hello'" in out  # bad input is re-asked
    assert "Not allowed:" in out  # an illegal raise is explained
    assert "commands: f fold" in out  # help
    assert "Your move: [f]old" in out


def test_cli_play_quits_on_q_and_eof(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "--seed", "1"]) == 0
    assert "Bye." in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--seed", "1", "--players", "4", "--bots", "random,tight,station"]) == 0
    assert "Bye." in capsys.readouterr().out


def test_play_game_until_bust() -> None:
    from fastholdem.simulation.play import play_game

    out = io.StringIO()
    played = play_game(io.StringIO("a\n" * 200), out, opponents=["station"], seed=4,
                       config=GameConfig(Structure.NO_LIMIT, 1, 2))
    text = out.getvalue()
    assert played >= 1
    assert "You are out of chips" in text or "Every bot is broke" in text


class _Script:
    """A bot that plays a fixed list of moves."""

    def __init__(self, moves: list[Any]) -> None:
        self.moves = list(moves)

    def act(self, view: View) -> Any:
        return self.moves.pop(0)


def test_r31_play_pre_action_fires_and_a_stale_one_is_dropped() -> None:
    from fastholdem.simulation.play import play_game

    # Seed 1: you have the button (small blind), acting first preflop and last after the flop.
    moves = "pre k\nc\npre zz\npre c 4\nk\nf\n"
    bot = _Script([Check(), Check(), Check(), Bet(10)])
    out = io.StringIO()
    assert play_game(io.StringIO(moves), out, opponents=[bot], seed=1, hands=1) == 1
    text = out.getvalue()
    assert "button You" in text
    lines = text.splitlines()
    # Preflop: queue a check for your next turn, then call.
    assert "Pre-action for your next turn: check. Now your move." in lines
    # Flop: the bot checks; your queued check is taken without asking you.
    flop = lines.index(next(line for line in lines if line.startswith("*** Flop")))
    assert lines[flop + 1 : flop + 4] == ["_Script1 checks", "Your pre-action check is taken.", "You check"]
    # Turn: a bad pre-action is explained and re-asked; "call 4" is queued, you check.
    assert any(line.startswith("Sorry: unknown pre-action 'zz'. pre-actions") for line in lines)
    assert "Pre-action for your next turn: call 4. Now your move." in lines
    # River: the bot bets 10, so "call 4" is stale: dropped, and you are asked (you fold).
    river = lines.index(next(line for line in lines if line.startswith("*** River")))
    assert lines[river + 1 : river + 3] == [
        "_Script1 bets 10",
        "Your pre-action call 4 is dropped: the amount to call is now 10.",
    ]
    assert lines[river + 4].startswith("Your move: [f]old, [c]all 10") and lines[river + 5] == "You fold"
    assert bot.moves == []


def test_r31_play_bot_pre_actions_and_forgotten_human_pre_action() -> None:
    from fastholdem.game import PreAction
    from fastholdem.simulation.play import play_game

    class Folder(_Script):
        def pre_action(self, view: View) -> PreAction:
            return PreAction.fold()

    bot = Folder([])  # never asked to act: its queued fold fires
    out = io.StringIO()
    assert play_game(io.StringIO("pre kf\nr 6\n"), out, opponents=[bot], seed=1, hands=1) == 1
    text = out.getvalue()
    assert "Pre-action for your next turn: check/fold. Now your move.\n" in text
    assert "You raise to 6\nFolder1 folds\n" in text
    # A pre-action queued before going all-in has no turn to fire at: it is cancelled.
    out = io.StringIO()
    assert play_game(io.StringIO("pre kf\na\n"), out, opponents=[Folder([])], seed=1, hands=1) == 1
    assert "Pre-action check/fold cancelled: you have no more decisions in this hand." in out.getvalue()


def test_r31_cli_play_pre_command(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    moves = "pre\npre c\npre k\nc\n" + "c\n" * 10
    monkeypatch.setattr(sys, "stdin", io.StringIO(moves))
    assert main(["play", "--players", "2", "--bots", "station", "--seed", "1", "--hands", "1"]) == 0
    out = capsys.readouterr().out
    assert "Pre-action: none. pre-actions" in out  # bare "pre" shows it and the help
    assert "Sorry: give one amount, e.g. 'pre c 20' or 'pre c any'" in out  # re-asked
    assert "Your pre-action check is taken.\nYou check" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("?\nq\n"))
    assert main(["play", "--seed", "1"]) == 0
    assert "pre ... pre-action" in capsys.readouterr().out  # in the help
