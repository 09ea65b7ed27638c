"""Forced bets: R14 (blinds), R15 (heads-up), R16 (antes, big-blind ante, short posts)."""

from __future__ import annotations

from fastholdem.game import AnteMode, GameConfig, Hand, RaiseTo, Structure


def _posts(hand: Hand) -> list[tuple[str, int | None, int, bool]]:
    return [(e.kind, e.seat, e.amount, e.all_in) for e in hand.history if e.kind in ("ante", "sb", "bb")]


def test_r14_blinds_left_of_button_and_live() -> None:
    hand = Hand(GameConfig(small_blind=1, big_blind=2), [100] * 4, button=1, seed=1)
    assert _posts(hand) == [("sb", 2, 1, False), ("bb", 3, 2, False)]
    # Blinds are live: everyone calls 2, the small blind adds 1, the big blind may check.
    assert hand.actor == 0
    hand.call()
    hand.call()
    assert hand.legal_actions().call == 1
    hand.call()
    assert hand.actor == 3
    legal = hand.legal_actions()
    assert legal.check and legal.min_to == 4  # the option (R23)
    hand.check()
    assert hand.street == 1 and hand.pot_total == 8


def test_r14_fixed_limit_big_blind_is_the_small_bet() -> None:
    cfg = GameConfig(Structure.LIMIT, small_blind=5, big_blind=10)
    assert cfg.bet_sizes == (10, 10, 20, 20)
    hand = Hand(cfg, [500] * 4, button=0, seed=2)
    # The big blind posted is the small bet (the "minimum bet").
    assert _posts(hand) == [("sb", 1, 5, False), ("bb", 2, 10, False)]
    assert hand.legal_actions().call == 10
    # Preflop every raise is one small bet on top of the bet: 20, 30, 40 (then the cap, R26).
    for seat, to in ((3, 20), (0, 30), (1, 40)):
        legal = hand.legal_actions()
        assert legal.seat == seat and legal.min_to == legal.max_to == to
        assert not hand.can_apply(RaiseTo(to + 5)) and not hand.can_apply(RaiseTo(to - 5))
        hand.raise_to(to)
    raises = [(e.seat, e.amount, e.to) for e in hand.history if e.kind == "raise"]
    assert raises == [(3, 20, 20), (0, 30, 30), (1, 35, 40)]
    assert hand.legal_actions().min_to is None  # the big blind plus three raises
    while hand.street == 0:
        hand.call()
    # The flop bet is the small bet too; turn and river bets are the big bet.
    assert hand.street == 1 and hand.legal_actions().min_to == hand.legal_actions().max_to == 10
    for _ in range(4):
        hand.check()
    assert hand.street == 2 and hand.legal_actions().min_to == hand.legal_actions().max_to == 20


def test_r15_heads_up_button_posts_small_blind_acts_first_preflop_last_after() -> None:
    hand = Hand(GameConfig(small_blind=1, big_blind=2), [100, 100], button=1, seed=1)
    assert _posts(hand) == [("sb", 1, 1, False), ("bb", 0, 2, False)]
    assert hand.actor == 1  # the button acts first preflop
    hand.call()
    assert hand.actor == 0
    hand.check()
    assert hand.street == 1 and hand.actor == 0  # and last on every later round
    hand.check()
    assert hand.actor == 1


def test_r16_antes_every_player_are_dead_money() -> None:
    cfg = GameConfig(small_blind=1, big_blind=2, ante=1)
    assert cfg.ante_mode is AnteMode.EVERY_PLAYER
    hand = Hand(cfg, [100] * 3, button=0, seed=1)
    assert [p[0] for p in _posts(hand)] == ["ante", "ante", "ante", "sb", "bb"]
    assert hand.pot_total == 6
    # Antes do not count toward a bet: the first player still calls the full big blind.
    assert hand.legal_actions().call == 2
    assert hand.bets == [0, 1, 2]


def test_r16_big_blind_ante_posted_by_big_blind_only_goes_to_main_pot() -> None:
    cfg = GameConfig(small_blind=1, big_blind=2, ante=2, ante_mode=AnteMode.BIG_BLIND)
    hand = Hand(cfg, [100, 100, 100], button=0, seed=1)
    assert _posts(hand) == [("ante", 2, 2, False), ("sb", 1, 1, False), ("bb", 2, 2, False)]
    hand.fold()
    hand.fold()
    # The unmatched half of the big blind returns (R30), the dead ante does not: pot 1 + 1 + 2.
    assert hand.stacks == [100, 99, 101]
    assert [p.amount for p in hand.result.pots] == [4]


def test_r16_short_stack_posts_what_it_has_and_is_all_in() -> None:
    cfg = GameConfig(small_blind=5, big_blind=10, ante=3)
    hand = Hand(cfg, [100, 4, 8], button=0, seed=1)
    posts = _posts(hand)
    assert ("ante", 1, 3, False) in posts and ("sb", 1, 1, True) in posts
    assert ("ante", 2, 3, False) in posts and ("bb", 2, 5, True) in posts
    # The full big blind is still the bet to call.
    assert hand.actor == 0 and hand.legal_actions().call == 10
    hand.call()
    assert hand.is_complete
    total = sum(hand.stacks)
    assert total == 112


def test_r16_big_blind_ante_heads_up_dead_money() -> None:
    cfg = GameConfig(small_blind=1, big_blind=2, ante=2, ante_mode=AnteMode.BIG_BLIND)
    hand = Hand(cfg, [50, 50], button=0, seed=2)
    assert _posts(hand)[0] == ("ante", 1, 2, False)
    hand.fold()
    assert hand.stacks == [49, 51]


def test_r16_player_all_in_on_big_blind_ante_may_win_it() -> None:
    # Seat 2 (the big blind) has 5 chips: the big-blind ante takes them all. Its aces win the
    # dead money, the bottom pot that every player still in may win; the blinds' pot goes to
    # the best of the others.
    cfg = GameConfig(small_blind=5, big_blind=10, ante=5, ante_mode=AnteMode.BIG_BLIND)
    hand = Hand(cfg, [100, 100, 5], button=0, hole_cards=["KsKh", "QsQh", "AsAh"], board="2c3d7h8s9c")
    assert hand.actor == 0  # the button acts first: the big blind is all-in on the ante
    hand.call()  # the button calls the full big blind (R14a)
    while hand.actor is not None:
        hand.check_or_call()
    pots = hand.result.pots
    assert [(p.amount, p.eligible, p.winners) for p in pots] == [(5, (0, 1, 2), (2,)), (20, (0, 1), (0,))]
    assert hand.stacks == [110, 90, 5]
