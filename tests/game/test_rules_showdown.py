"""Showdown and pots: R5-R9 (hand values at showdown), R30 (uncalled chips), R34 (all-in),
R35 (side pots, seed examples 003 and 004), R36 (no showdown), R37 (showdown), R38 (odd chips)."""

from __future__ import annotations

from fastholdem import parse_cards
from fastholdem.evaluate import evaluate
from fastholdem.game import AnteMode, GameConfig, Hand

CFG = GameConfig(small_blind=1, big_blind=2)


def _check_down(hand: Hand) -> None:
    while hand.actor is not None:
        legal = hand.legal_actions()
        hand.check() if legal.check else hand.call()


def _showdown(holes: list[str], board: str, stacks: list[int] | None = None) -> Hand:
    hand = Hand(CFG, stacks or [100] * len(holes), button=0, hole_cards=holes, board=board)
    _check_down(hand)
    assert hand.is_complete
    return hand


def test_r05_best_five_of_seven_playing_the_board() -> None:
    hand = _showdown(["2c3d", "4h5c"], "AsKsQsJsTs")
    assert hand.result.pots[0].winners == (1, 0)  # tie, listed from left of the button
    assert hand.stacks == [100, 100]


def test_r06_categories_flush_beats_straight() -> None:
    hand = _showdown(["Ah2h", "9cTd"], "6h7h8dJh3s")  # flush vs straight 7-J
    assert hand.result.pots[0].winners == (0,)


def test_r07_wheel_is_the_lowest_straight_and_no_wraparound() -> None:
    hand = _showdown(["Ac2d", "6c7d"], "3h4s5dKcQh")  # A-5 vs 3-7
    assert hand.result.pots[0].winners == (1,)
    hand = _showdown(["Kc2d", "9c9d"], "AhQsJd3c4h")  # Q-K-A-2-3... is not a straight
    assert hand.result.pots[0].winners == (1,)


def test_r08_kickers_break_ties_suits_never_do() -> None:
    hand = _showdown(["AcKd", "AdQc"], "As7h5d3c2h")
    assert hand.result.pots[0].winners == (0,)
    hand = _showdown(["AcKd", "AhKs"], "Qs7h5d3c2h")
    assert set(hand.result.pots[0].winners) == {0, 1}


def test_r09_values_are_the_evaluator_classes() -> None:
    hand = _showdown(["AcKd", "7h2c", "QhQd"], "Qs7d5d3c9h")
    values = hand.result.values
    board = parse_cards("Qs7d5d3c9h")
    assert values == {seat: evaluate(parse_cards(hole) + board)
                      for seat, hole in enumerate(["AcKd", "7h2c", "QhQd"])}
    assert hand.result.pots[0].winners == (2,)  # trip queens: the highest value wins (R9)
    # Seeded hands checked down: every value shown is the evaluator's value of the 7 cards.
    for seed in range(30):
        hand = Hand(CFG, [100] * 4, button=seed % 4, seed=seed)
        _check_down(hand)
        values = hand.result.values
        assert set(values) == {0, 1, 2, 3}
        for seat, value in values.items():
            assert value == evaluate(hand.hole_cards[seat] + hand.board)  # type: ignore[arg-type]
        best = max(values.values())
        assert set(hand.result.pots[0].winners) == {s for s, v in values.items() if v == best}


def test_r30_uncalled_chips_return_to_the_bettor() -> None:
    hand = Hand(CFG, [100, 40], button=0, hole_cards=["AsAh", "2c7d"], board="KsQd9c5h3s")
    hand.all_in()  # 100
    hand.call()  # 40, all-in
    assert hand.result.uncalled == ((0, 60),)
    returns = [e for e in hand.history if e.kind == "return"]
    assert [(e.seat, e.amount) for e in returns] == [(0, 60)]
    assert hand.result.pots[0].amount == 80 and hand.stacks == [140, 0]


def test_r34_all_in_for_less_and_no_more_part_in_betting() -> None:
    hand = Hand(CFG, [100, 100, 10], button=0, seed=3)
    hand.raise_to(30)  # seat 0
    hand.fold()  # seat 1
    legal = hand.legal_actions()
    assert legal.call == 8 and legal.min_to is None  # seat 2 may call all-in for less
    hand.call()
    assert hand.is_complete  # nobody left to bet against
    assert sum(hand.stacks) == 210


def test_r35_side_pots_seed_003_example() -> None:
    hand = Hand(
        CFG,
        [50, 100, 200, 400],
        button=3,
        hole_cards=["AsAh", "KsKh", "QsQh", "7c2d"],
        board="2c5d9hJs3c",
    )
    hand.all_in()  # P3 (seat 2) 200
    hand.call()  # P4 (seat 3) 200
    hand.call()  # P1 (seat 0) all-in 50
    hand.call()  # P2 (seat 1) all-in 100
    assert hand.contributions == [50, 100, 200, 200]
    pots = hand.result.pots
    assert [(p.amount, p.eligible) for p in pots] == [
        (200, (0, 1, 2, 3)),
        (150, (1, 2, 3)),
        (200, (2, 3)),
    ]
    assert [p.winners for p in pots] == [(0,), (1,), (2,)]
    assert hand.stacks == [200, 150, 200, 200]


def test_r35_side_pots_seed_004_example_tie_in_main_pot() -> None:
    hand = Hand(
        CFG,
        [100, 200, 200],
        button=2,
        hole_cards=["AsKd", "AhKc", "7c2d"],
        board="QsJh3c8d9s",
    )
    hand.raise_to(150)  # C (seat 2)
    hand.call()  # A (seat 0) all-in 100
    hand.call()  # B (seat 1) 150
    _check_down(hand)
    main, side = hand.result.pots
    assert (main.amount, main.eligible) == (300, (0, 1, 2))
    assert dict(zip(main.winners, main.shares)) == {0: 150, 1: 150}
    assert (side.amount, side.eligible, side.winners, side.shares) == (100, (1, 2), (1,), (100,))
    assert hand.stacks == [150, 300, 50]


def test_r35_folded_chips_stay_and_all_in_wins_at_most_what_it_matched() -> None:
    hand = Hand(
        CFG,
        [20, 100, 100],
        button=2,
        hole_cards=["AsAh", "7c2d", "KsKh"],
        board="2c5d9hJs3c",
    )
    hand.raise_to(60)  # seat 2
    hand.call()  # seat 0 all-in 20
    hand.call()  # seat 1 calls 60
    hand.bet(10)  # seat 1 on the flop
    hand.fold()  # seat 2 folds 60: its chips stay in
    main, side = hand.result.pots
    assert (main.amount, main.eligible, main.winners) == (60, (0, 1), (0,))
    assert (side.amount, side.eligible, side.winners) == (80, (1,), (1,))
    assert hand.stacks == [60, 120, 40]


def test_r36_last_player_wins_without_showing() -> None:
    hand = Hand(CFG, [100, 100, 100], button=0, seed=2)
    hand.raise_to(10)
    hand.fold()
    hand.fold()
    result = hand.result
    assert not result.showdown and result.values == {}
    assert [e for e in hand.history if e.kind == "show"] == []
    assert result.pots[0].winners == (0,) and hand.stacks == [103, 99, 98]


def test_r37_showdown_uses_the_evaluator() -> None:
    hand = _showdown(["AcKd", "7h2c", "QhQd"], "Qs7d5d3c9h")
    for seat, value in hand.result.values.items():
        assert value == evaluate(hand.hole_cards[seat] + hand.board)
    assert hand.result.pots[0].winners == (2,)
    assert [e.seat for e in hand.history if e.kind == "show"] == [1, 2, 0]


def test_r38_odd_chips_one_at_a_time_from_left_of_button() -> None:
    cfg = GameConfig(small_blind=5, big_blind=10)
    hand = Hand(cfg, [100] * 4, button=3, board="AsKsQsJsTs", seed=4)
    hand.call()  # seat 2
    hand.call()  # seat 3
    hand.fold()  # seat 0 (small blind) leaves 5 in
    hand.check()  # seat 1
    _check_down(hand)
    pot = hand.result.pots[0]
    assert pot.amount == 35 and pot.winners == (1, 2, 3)
    assert pot.shares == (12, 12, 11)  # 35 = 3 * 11 + 2: seats 1 and 2 get one more
    assert hand.stacks == [95, 102, 102, 101]


def test_r38_heads_up_odd_chip_goes_to_big_blind() -> None:
    cfg = GameConfig(small_blind=1, big_blind=2, ante=1, ante_mode=AnteMode.BIG_BLIND)
    hand = Hand(cfg, [100, 100], button=0, board="AsKsQsJsTs", seed=4)
    _check_down(hand)
    assert hand.result.pots[0].amount == 5
    assert dict(zip(hand.result.pots[0].winners, hand.result.pots[0].shares)) == {1: 3, 0: 2}
    assert parse_cards("AsKsQsJsTs") == hand.board
