"""Seats, buy-ins, the first button and busting (R10, R11, R12, R39)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from fastholdem.cards import card
from fastholdem.errors import ConfigError, IllegalActionError
from fastholdem.game import BuyInPolicy, GameConfig, Level, Structure, Table, minimum_buy_in
from fastholdem.game.players import CallingStation, RandomPlayer, play_hand, play_hands
from fastholdem.game.table import high_card

NL = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)


def test_r10_two_to_ten_seats() -> None:
    for seats in (2, 10):
        assert Table(NL, seats=seats).size == seats
    for seats in (1, 11):
        with pytest.raises(ConfigError, match=r"2 to 10 seats \(R10\)"):
            Table(NL, seats=seats)
    with pytest.raises(ConfigError, match="do not fit"):
        Table(NL, [100] * 4, seats=3)


def test_r10_a_hand_needs_two_players_with_chips() -> None:
    table = Table(NL, seats=6)
    table.join(3, 100)
    with pytest.raises(IllegalActionError, match="at least 2 players"):
        table.start_hand()
    table.join(5, 100)
    hand = table.start_hand()
    assert hand.n == 2 and table.hand_seats == (3, 5)


def test_r11_buy_in_examples() -> None:
    # The seed's examples, as exact decimals: 0.15/0.25 -> 5, 3/6 -> 60, 10/20 -> 200.
    assert minimum_buy_in(Decimal("0.25")) == Decimal("5")
    assert isinstance(minimum_buy_in(Decimal("0.25")), Decimal)
    assert minimum_buy_in(6) == 60
    assert minimum_buy_in(20) == 200
    assert minimum_buy_in(Decimal("0.10")) == Decimal("2")  # lower stakes also 20x
    assert minimum_buy_in(Decimal("0.50")) == Decimal("5")  # above 0.15/0.25: 10x
    with pytest.raises(ConfigError):
        minimum_buy_in(0.25)  # type: ignore[arg-type]  # floats are not exact


def test_r11_table_policy_per_stakes() -> None:
    # 0.15/0.25 in cents (scale 100): minimum 5.00, maximum 25.00.
    micro = GameConfig(Structure.LIMIT, small_blind=10, big_blind=15, big_bet=25)
    policy = BuyInPolicy.for_config(micro, scale=100)
    assert (policy.minimum, policy.maximum) == (500, 2500)
    assert BuyInPolicy.for_config(GameConfig(Structure.LIMIT, 1, 3)).minimum == 60  # 3/6
    assert BuyInPolicy.for_config(GameConfig(Structure.LIMIT, 5, 10)).minimum == 200  # 10/20


def test_r11_buy_in_refused_with_allowed_range() -> None:
    micro = GameConfig(Structure.LIMIT, small_blind=10, big_blind=15, big_bet=25)
    table = Table(micro, seats=6, scale=100)
    message = r"buy-in 4\.99 is below the minimum: the allowed buy-in is 5 to 25"
    with pytest.raises(ConfigError, match=message):
        table.join(0, 499)
    with pytest.raises(ConfigError, match="above the maximum: the allowed buy-in is 5 to 25"):
        table.join(0, 2501)
    table.join(0, 500)
    table.join(1, 2500)
    assert table.stacks[:2] == [500, 2500]
    limit36 = Table(GameConfig(Structure.LIMIT, 1, 3), seats=2)
    with pytest.raises(ConfigError, match="allowed buy-in is 60 to 600"):
        limit36.join(0, 59)
    with pytest.raises(ConfigError, match="allowed buy-in is 40 to 200"):
        Table(NL, [30, 100])  # no limit default: 20 to 100 big blinds


def test_r11_same_policy_every_seat_and_custom_policy() -> None:
    table = Table(NL, seats=3, buy_in=BuyInPolicy(10, None))
    for seat in range(3):
        with pytest.raises(ConfigError, match="at least 10"):
            table.join(seat, 9)
        table.join(seat, 10_000)
    with pytest.raises(ConfigError, match="seat 1 is taken"):
        table.join(1, 50)
    with pytest.raises(ConfigError):
        BuyInPolicy(100, 50)


def test_r12_high_card_suit_tie_break() -> None:
    c = card
    assert high_card([(0, c("Kd")), (1, c("As")), (2, c("Ac"))]) == 1
    # Same rank: spades > hearts > diamonds > clubs.
    for cards, winner in ((["Qc", "Qd"], 1), (["Qh", "Qd"], 0), (["Qh", "Qs", "Qc", "Qd"], 1)):
        assert high_card([(k, c(x)) for k, x in enumerate(cards)]) == winner


def test_r12_button_by_draw_uses_seeded_rng() -> None:
    draws = set()
    for seed in range(30):
        table = Table(NL, [100] * 6, seed=seed, button="draw")
        draw = table.button_draw
        assert draw is not None
        assert [s for s, _ in draw.cards] == list(range(6))  # from the left of the house dealer
        assert len({c for _, c in draw.cards}) == 6
        top = max(c for _, c in draw.cards)
        assert draw.winner == next(s for s, c in draw.cards if c == top)
        table.start_hand()
        assert table.button == draw.winner
        again = Table(NL, [100] * 6, seed=seed, button="draw")
        assert again.button_draw == draw
        draws.add(draw.winner)
    assert len(draws) > 3


def test_r12_random_button_is_seeded() -> None:
    buttons = []
    for seed in range(40):
        table = Table(NL, [100] * 5, seed=seed)
        table.start_hand()
        other = Table(NL, [100] * 5, seed=seed)
        other.start_hand()
        assert table.button == other.button
        buttons.append(table.button)
    assert set(buttons) == set(range(5))


def test_r12_fixed_button_and_bad_choice() -> None:
    table = Table(NL, [100] * 3, button=2)
    assert table.start_hand().button == 2
    with pytest.raises(ConfigError, match="button must be"):
        Table(NL, [100] * 3, button=5)


def _bust_one(table: Table) -> int:
    """Play hands with aggressive random bots until somebody busts; return the hands played."""
    bots = {s: RandomPlayer(seed=s, aggression=0.6) for s in range(table.size)}
    for k in range(1, 500):
        play_hand(table, bots)
        if table.eliminations or any(p is not None and p.stack == 0 for p in table.players):
            return k
    raise AssertionError("nobody busted")


def test_r39_cash_bust_must_rebuy() -> None:
    table = Table(NL, [40] * 4, seed=11)
    _bust_one(table)
    busted = [p.index for p in table.players if p is not None and p.stack == 0]
    assert busted and all(table.players[s].waiting for s in busted)  # type: ignore[union-attr]
    total = table.total_chips
    hand = table.start_hand()
    assert not set(busted) & set(table.hand_seats)  # not dealt in while waiting
    play_hand_rest(table)
    assert table.total_chips == total
    seat = busted[0]
    with pytest.raises(ConfigError, match="allowed buy-in is 40 to 200"):
        table.rebuy(seat, 20)
    table.rebuy(seat, 100)
    assert table.players[seat].bought_in == 140  # type: ignore[union-attr]
    table.start_hand()
    assert seat in table.hand_seats
    del hand


def play_hand_rest(table: Table) -> None:
    from fastholdem.game.players import drive

    assert table.hand is not None
    drive(table.hand, [CallingStation()] * table.hand.n)
    table.end_hand()


def test_r39_cash_auto_rebuy_and_leave() -> None:
    table = Table(NL, [40] * 3, seed=5, auto_rebuy=True)
    bots = [RandomPlayer(seed=s, aggression=0.6) for s in range(3)]
    play_hands(table, bots, 200)
    assert table.hands_played == 200
    assert table.total_chips == sum(p.bought_in for p in table.players)  # type: ignore[union-attr]
    assert any(p.bought_in > 40 for p in table.players)  # type: ignore[union-attr]
    chips = table.stacks[1]
    assert table.leave(1) == chips
    assert table.players[1] is None


def test_r39_tournament_bust_leaves() -> None:
    table = Table(NL, [40] * 4, seed=11, levels=[Level(1, 2)])
    _bust_one(table)
    out = [e.seat for e in table.eliminations]
    assert out and all(table.players[s] is None for s in out)
    with pytest.raises(ConfigError, match="no rebuys"):
        table.rebuy(out[0], 40)
    with pytest.raises(ConfigError, match="after it started"):
        table.join(out[0], 40)
