"""Button and blind movement from hand to hand (R13, R15), stacks carrying over, replays (R18)."""

from __future__ import annotations

import random

import pytest

from fastholdem import phh
from fastholdem.cards import parse_cards
from fastholdem.game import (
    AllIn,
    Bet,
    BuyInPolicy,
    Call,
    Check,
    Fold,
    GameConfig,
    Hand,
    RaiseTo,
    Structure,
    Table,
)
from fastholdem.game.players import RandomPlayer, drive, play_hand

NL = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
FREE = BuyInPolicy.unrestricted()


def blind_seats(table: Table, hand: Hand) -> tuple[int, int]:
    """Table seats that posted the small and the big blind, read from the hand's history."""
    posts = {ev.kind: ev.seat for ev in hand.history if ev.kind in ("sb", "bb")}
    return table.hand_seats[posts["sb"]], table.hand_seats[posts["bb"]]


def next_left(active: list[int], seat: int) -> int:
    """The first seat of ``active`` clockwise (higher numbers, wrapping) strictly after ``seat``."""
    later = [s for s in active if s > seat]
    return later[0] if later else active[0]


@pytest.mark.parametrize("players", range(2, 11))
def test_r13_button_moves_one_seat_left_with_blinds_over_many_hands(players: int) -> None:
    # Short stacks so that players bust mid-session and sit out (no rebuy).
    table = Table(NL, [100] * players, seed=100 + players, buy_in=FREE)
    bots = [Grinder(seed=s) for s in range(players)]
    total = table.total_chips
    previous_button = None
    busts_seen = False
    hands = 0
    while len(table.active_seats) >= 2 and hands < 300:
        before = table.stacks
        active = table.active_seats
        busts_seen |= len(active) < players
        hand = table.start_hand()
        hands += 1
        assert list(table.hand_seats) == active
        # Stacks carry over exactly.
        assert list(hand.starting_stacks) == [before[s] for s in active]
        if previous_button is not None:
            assert table.button == next_left(active, previous_button)
        sb, bb = blind_seats(table, hand)
        if len(active) == 2:  # R15: the button posts the small blind
            assert sb == table.button and bb != table.button
            assert table.hand_seats[hand.actor] == table.button  # and acts first preflop
        else:
            assert sb == next_left(active, table.button)  # type: ignore[arg-type]
            assert bb == next_left(active, sb)
        previous_button = table.button
        drive(hand, [bots[s] for s in table.hand_seats])
        table.end_hand()
        assert table.total_chips == total
    assert hands > 5, hands
    assert busts_seen or players == 2
    assert len(table.active_seats) <= 2  # the session went through heads-up play


@pytest.mark.parametrize("players", [3, 6, 10])
def test_r13_full_orbit_each_player_is_button_and_big_blind_once(players: int) -> None:
    table = Table(NL, [10_000] * players, seed=players, buy_in=FREE)
    buttons, bigs = [], []
    for _ in range(players):
        hand = table.start_hand()
        buttons.append(table.button)
        bigs.append(blind_seats(table, hand)[1])
        drive(hand, [Folder()] * hand.n)
    assert sorted(buttons) == list(range(players))
    assert sorted(bigs) == list(range(players))
    assert buttons == sorted(buttons, key=lambda s: (s - buttons[0]) % players)


class Grinder:
    """Folds, min-raises, calls; all-in now and then, so that players bust over a session."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view):  # type: ignore[no-untyped-def]
        legal = view.legal_actions()
        r = self.rng.random()
        if r < 0.25 and legal.call is not None:
            return Fold()
        if r < 0.40 and legal.min_to is not None:
            return Bet(legal.min_to) if legal.bet else RaiseTo(legal.min_to)
        if r < 0.403 and legal.all_in_to is not None:
            return AllIn()
        return Check() if legal.check else Call()


class Folder:
    """Folds whenever it can't check."""

    def act(self, view):  # type: ignore[no-untyped-def]
        return Fold() if view.to_call else Check()


def arranged(order: list[str], board: str) -> list[int]:
    """A full deck: the hole cards in dealing order, then burn/flop/burn/turn/burn/river."""
    holes = parse_cards(" ".join(order))
    b = parse_cards(board)
    used = set(holes) | set(b)
    rest = [c for c in range(52) if c not in used]
    top = holes + [rest.pop(0)] + b[:3] + [rest.pop(0)] + b[3:4] + [rest.pop(0)] + b[4:5]
    return top + rest


def test_r13_r15_three_players_to_heads_up() -> None:
    table = Table(NL, [100, 100, 20], seed=3, button=0, buy_in=FREE)
    # Button seat 0: the deal goes seat 1, seat 2, seat 0, twice.
    deck = arranged(["Kd", "7c", "As", "Qd", "2h", "Ah"], "3c 8d 9h Js 4s")
    hand = table.start_deal(deck=deck).finish()
    assert table.button == 0 and blind_seats(table, hand) == (1, 2)
    hand.apply(AllIn())  # seat 0 (AsAh) all-in
    hand.apply(Fold())  # small blind folds
    hand.apply(Call())  # big blind calls all-in with 7c2h and loses
    assert hand.is_complete
    table.end_hand()
    assert table.stacks == [121, 99, 0]
    # Heads-up now: the button moves left to seat 1, which posts the small blind (R15).
    hand = table.start_hand()
    assert table.hand_seats == (0, 1) and table.button == 1
    assert blind_seats(table, hand) == (1, 0)
    assert table.hand_seats[hand.actor] == 1  # the button acts first preflop
    drive(hand, [Folder(), Folder()])
    # ... and last after the flop; the button keeps alternating.
    assert table.start_hand() is not None and table.button == 0
    assert blind_seats(table, table.hand) == (0, 1)  # type: ignore[arg-type]


def test_r13_heads_up_button_alternates() -> None:
    table = Table(NL, [1000, 1000], seed=9, buy_in=FREE)
    buttons = []
    for _ in range(6):
        hand = table.start_hand()
        buttons.append(table.button)
        assert blind_seats(table, hand)[0] == table.button
        drive(hand, [Folder(), Folder()])
    assert buttons[::2] == [buttons[0]] * 3 and buttons[1::2] == [1 - buttons[0]] * 3


def test_r18_seeded_table_replays_identically() -> None:
    def session(seed: int) -> tuple[list[str], list[int | None]]:
        table = Table(NL, [200] * 6, seed=seed, auto_rebuy=True)
        bots = [RandomPlayer(seed=s) for s in range(6)]
        texts = []
        for _ in range(40):
            texts.append(phh.dumps(play_hand(table, bots)))
        return texts, table.stacks

    first = session(21)
    assert first == session(21)
    assert first != session(22)


def test_table_start_hand_refuses_unfinished_hand() -> None:
    table = Table(NL, [100, 100], seed=1)
    table.start_hand()
    with pytest.raises(Exception, match="not complete"):
        table.start_hand()
    with pytest.raises(Exception, match="during a hand"):
        table.join(0, 100)
