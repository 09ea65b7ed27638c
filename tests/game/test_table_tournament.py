"""Tournaments (R17, R39) and table sessions written as PHH (.phhs) that replay."""

from __future__ import annotations

import io

import pytest

from fastholdem import phh
from fastholdem.errors import ConfigError, IllegalActionError
from fastholdem.game import AnteMode, GameConfig, Level, RandomPlayer, Structure, Table
from fastholdem.game.levels import level_at
from fastholdem.game.players import drive

SCHEDULE = [
    Level(5, 10, hands=10),
    Level(10, 20, hands=10),
    Level(20, 40, ante=5, hands=10),
    Level(50, 100, ante=100, ante_mode=AnteMode.BIG_BLIND, hands=10),
    Level(100, 200, ante=25),
]


def run_tournament(seed: int, players: int, structure: Structure = Structure.NO_LIMIT) -> tuple[Table, str]:
    table = Table(GameConfig(structure), [500] * players, seed=seed, levels=SCHEDULE)
    bots = [RandomPlayer(seed=seed * 10 + s, aggression=0.2) for s in range(players)]
    out = io.StringIO()
    writer = phh.SessionWriter(out)
    table.add_listener(
        lambda t, hand: writer.write(
            phh.from_hand(hand, seats=t.hand_seats, players=[f"p{s}" for s in t.hand_seats],
                          hand_number=t.hands_played, seat_count=t.size)
        )
    )
    total = 500 * players
    while not table.is_over:
        level = level_at(SCHEDULE, table.hands_played)
        hand = table.start_hand()
        # The table follows the level schedule.
        cfg = hand.config
        assert (cfg.small_blind, cfg.big_blind, cfg.ante) == (level.small_blind, level.big_blind, level.ante)
        if level.ante_mode is AnteMode.BIG_BLIND:
            assert cfg.ante_mode is AnteMode.BIG_BLIND
        drive(hand, [bots[s] for s in table.hand_seats])
        table.end_hand()
        assert table.total_chips == total  # chips conserved every hand
        assert table.hands_played < 2000
    return table, out.getvalue()


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 4), (3, 6), (4, 10)])
def test_r17_whole_tournament_to_one_winner(seed: int, players: int) -> None:
    table, _ = run_tournament(seed, players)
    winner = table.winner
    assert winner is not None
    assert table.stacks[winner] == 500 * players
    assert sum(s for s in table.stacks if s) == 500 * players
    # Every other player was eliminated once, in order, places n .. 2.
    assert [e.place for e in table.eliminations] == list(range(players, 1, -1))
    assert sorted(e.seat for e in table.eliminations) == sorted(set(range(players)) - {winner})
    hands = [e.hand_number for e in table.eliminations]
    assert hands == sorted(hands)
    assert table.level is not None
    with pytest.raises(IllegalActionError, match="tournament is over"):
        table.start_hand()


def test_r17_fixed_limit_tournament() -> None:
    table, _ = run_tournament(5, 3, Structure.LIMIT)
    assert table.winner is not None and len(table.eliminations) == 2


def test_r17_same_hand_eliminations_ordered_by_starting_stack() -> None:
    from fastholdem.cards import parse_cards
    from fastholdem.game import AllIn, Call

    table = Table(GameConfig(), [50, 300, 100], seed=6, button=0, levels=[Level(1, 2)])
    # Deal order seat 1, 2, 0 twice: seat 1 gets aces, the others junk; board of blanks.
    top = parse_cards("As 7c 8d Ah 2d 3h 5s Kc Qd 9h 4c Jd Tc Js")
    deck = top + [c for c in range(52) if c not in top]
    hand = table.start_deal(deck=deck).finish()
    hand.apply(AllIn())  # seat 0: 50
    hand.apply(Call())  # seat 1
    hand.apply(AllIn())  # seat 2: 100
    hand.apply(Call())  # seat 1
    assert hand.is_complete
    table.end_hand()
    out = table.eliminations
    # Both knocked out in one hand: the shorter starting stack (seat 0, 50) finishes 3rd.
    assert [(e.seat, e.place, e.hand_number) for e in out] == [(0, 3, 1), (2, 2, 1)]
    assert table.is_over and table.winner == 1 and table.stacks == [None, 450, None]


def test_r17_schedule_is_checked() -> None:
    with pytest.raises(ConfigError, match="at least one level"):
        Table(GameConfig(), [100, 100], levels=[])
    with pytest.raises(ConfigError, match="not the last level"):
        Table(GameConfig(), [100, 100], levels=[Level(1, 2), Level(2, 4)])
    with pytest.raises(ConfigError, match="positive number of hands"):
        Level(1, 2, hands=0)


def test_table_session_phhs_replays_to_the_same_stacks(tmp_path) -> None:  # type: ignore[no-untyped-def]
    table, text = run_tournament(7, 5)
    path = tmp_path / "session.phhs"
    path.write_text(text, encoding="utf-8")
    histories = phh.load_all(path)
    assert len(histories) == table.hands_played
    final = phh.replay_session(histories)
    # PHH seats are 1-based; eliminated players end on 0.
    assert {seat - 1: stack for seat, stack in final.items()} == {
        s: (table.stacks[s] or 0) for s in range(5)
    }
    # Stacks carry over exactly from each hand to the next.
    last: dict[int, int] = {}
    for hh in histories:
        for seat, start in zip(hh.fields["seats"], hh.starting_stacks, strict=True):
            if seat in last:
                assert last[seat] == start
        for seat, end in zip(hh.fields["seats"], hh.finishing_stacks or [], strict=True):
            last[seat] = end
    # A tampered file is caught.
    bad = histories[0]
    bad.finishing_stacks = [s + 1 for s in bad.finishing_stacks or []]
    with pytest.raises(phh.HandHistoryError, match="records"):
        phh.replay_session([bad])
