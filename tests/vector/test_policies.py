"""Vectorised policies and bet sizing: StationPolicy, TightPolicy, pot_fraction_to, ActionSet.

The policies are checked against the scalar reference (``fastholdem.game``): views of real
``Hand`` states are packed into the vector engine's ``Observation``/``Legal`` arrays, and each
table's decision is compared with the rule written out by hand for that one hand.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

from fastholdem import preflop_vs_random
from fastholdem.cards import card_str
from fastholdem.evaluate import HandCategory, category, evaluate
from fastholdem.game import GameConfig, Hand, Structure
from fastholdem.game.players import CallingStation, RandomPlayer, View
from fastholdem.game.sizing import bet_pot_fraction
from fastholdem.ranges.classes import class_index, combo_classes
from fastholdem.ranges.combos import _ALL_COMBOS
from fastholdem.vector import Kind, Legal, Observation, Tables
from fastholdem.vector.actions import ActionSet, pot_fraction_to
from fastholdem.vector.policies import (
    StationPolicy,
    TightPolicy,
    is_vector_policy,
    make_policy,
    policy_function,
    preflop_classes,
)

CONFIGS = [
    GameConfig(Structure.NO_LIMIT, 1, 2),
    GameConfig(Structure.POT_LIMIT, 1, 2),
    GameConfig(Structure.LIMIT, 1, 2),
    GameConfig(Structure.NO_LIMIT, 5, 10, ante=1),
]


def pack(hands: list[Hand]) -> tuple[Observation, Legal]:
    """The actor's view of each (same-size) hand as the vector engine's arrays."""
    n, p = len(hands), hands[0].n
    seat = np.array([h.actor for h in hands], dtype=np.int16)
    hole = np.array([h._hole[h.actor] for h in hands], dtype=np.int8)
    board = np.full((n, 5), -1, dtype=np.int8)
    for i, h in enumerate(hands):
        board[i, : len(h._board)] = h._board
    legal = [h.legal_actions() for h in hands]
    obs = Observation(
        seat=seat, hole=hole, board=board,
        street=np.array([h._street for h in hands], dtype=np.int8),
        stacks=np.array([h._stacks for h in hands], dtype=np.int64),
        bets=np.array([h._bets for h in hands], dtype=np.int64),
        folded=np.array([h._folded for h in hands], dtype=bool),
        pot=np.array([h._pot for h in hands], dtype=np.int64),
        to_call=np.array([la.call or 0 for la in legal], dtype=np.int64),
        position=np.array([(h.actor - h.button) % p for h in hands], dtype=np.int16),
        raises=np.zeros(n, dtype=np.int16),
        button=np.array([h.button for h in hands], dtype=np.int16),
    )
    vec = Legal(
        actor=seat,
        can_fold=np.array([la.fold for la in legal]),
        can_check=np.array([la.check for la in legal]),
        call=np.array([la.call or 0 for la in legal], dtype=np.int64),
        min_to=np.array([-1 if la.min_to is None else la.min_to for la in legal], dtype=np.int64),
        max_to=np.array([-1 if la.max_to is None else la.max_to for la in legal], dtype=np.int64),
    )
    return obs, vec


def random_states(config: GameConfig, players: int, count: int, seed: int) -> list[Hand]:
    """``count`` hands stopped at a random decision point, reached by random play."""
    rnd = random.Random(seed)
    out: list[Hand] = []
    while len(out) < count:
        stacks = [rnd.choice([3, 20, 200, 2000]) for _ in range(players)]
        hand = Hand(config, stacks, button=rnd.randrange(players), seed=rnd.getrandbits(32))
        bot = RandomPlayer(seed=rnd.getrandbits(32))
        stop = rnd.randrange(12)
        for _ in range(stop):
            if hand.actor is None:
                break
            hand.apply(bot.act(View(hand, hand.actor)))
        if hand.actor is not None:
            out.append(hand)
    return out


def board_category(board: list[int]) -> int:
    if len(board) == 5:
        return int(category(evaluate(board)))
    counts = sorted(Counter(c // 4 for c in board).values(), reverse=True)
    if counts[0] == 4:
        return 7
    if counts[0] == 3:
        return 3
    return {0: 0, 1: 1, 2: 2}[counts.count(2)]


def class_name(hole: list[int]) -> str:
    a, b = sorted(hole, reverse=True)
    ra, rb = card_str(a)[0], card_str(b)[0]
    if ra == rb:
        return ra + rb
    return ra + rb + ("s" if a % 4 == b % 4 else "o")


def tight_reference(hand: Hand, policy: TightPolicy) -> tuple[int, int]:
    """TightPolicy's documented rule for one hand, with the scalar library."""
    legal = hand.legal_actions()
    me = hand.actor
    assert me is not None
    opponents = min(max(sum(not f for f in hand._folded) - 1, 1), 9)
    fair = 1 / (opponents + 1)
    need = legal.call or 0
    odds = need / max(hand._pot + need, 1)
    hole = list(hand._hole[me])
    sized = bet_pot_fraction(hand, policy.size)
    if hand._street == 0:
        eq = float(preflop_vs_random(opponents)[class_index(class_name(hole))])
        raise_ = eq >= min(policy.raise_share * fair, policy.raise_cap)
        call = eq >= odds + policy.margin and eq >= policy.enter_share * fair
    else:
        own = int(category(evaluate(hole + hand._board)))
        strength = own if own > board_category(hand._board) else 0
        raise_ = strength >= policy.raise_category
        call = raise_ or (strength >= policy.call_category and odds <= policy.call_odds)
    if raise_ and sized is not None:
        return int(Kind.BET_OR_RAISE_TO), sized.amount
    if legal.check:
        return int(Kind.CHECK), 0
    return (int(Kind.CALL), 0) if call else (int(Kind.FOLD), 0)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.structure.value}-ante{c.ante}")
def test_tight_policy_follows_its_documented_rule(config: GameConfig) -> None:
    policy = TightPolicy()
    for players in (2, 6, 10):
        hands = random_states(config, players, 150, seed=players)
        obs, legal = pack(hands)
        kind, amount = policy.act(obs, legal)
        for i, hand in enumerate(hands):
            want = tight_reference(hand, policy)
            got = (int(kind[i]), int(amount[i]) if kind[i] == Kind.BET_OR_RAISE_TO else 0)
            assert got == want, (i, hand.history, got, want)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.structure.value}-ante{c.ante}")
@pytest.mark.parametrize("fraction", [0.33, 0.5, 0.75, 1, 2.5])
def test_pot_fraction_to_matches_bet_pot_fraction(config: GameConfig, fraction: float) -> None:
    hands = random_states(config, 4, 200, seed=int(fraction * 100))
    obs, legal = pack(hands)
    got = pot_fraction_to(obs, legal, fraction)
    for i, hand in enumerate(hands):
        sized = bet_pot_fraction(hand, fraction)
        assert int(got[i]) == (-1 if sized is None else sized.amount), i


def test_station_policy_checks_or_calls_as_calling_station() -> None:
    hands = random_states(GameConfig(), 5, 200, seed=9)
    obs, legal = pack(hands)
    kind, _ = StationPolicy().act(obs, legal)
    codes = {"Check": Kind.CHECK, "Call": Kind.CALL}
    for i, hand in enumerate(hands):
        assert kind[i] == codes[type(CallingStation().act(View(hand, hand.actor))).__name__]


def test_preflop_classes_match_combo_classes() -> None:
    assert np.array_equal(preflop_classes(_ALL_COMBOS), combo_classes())
    assert np.array_equal(preflop_classes(_ALL_COMBOS[:, ::-1]), combo_classes())


def test_tight_policy_strength_ignores_board_made_hands() -> None:
    # Board K K 5 (a pair for everyone): 7-2 has nothing, K-Q trips, 5-5 a full house.
    hands = []
    for hole in ("7s2c", "KsQc", "5s5h"):
        h = Hand(GameConfig(), [100, 100], button=0, hole_cards=["AhAd", hole], board="KhKd5c")  # seat 1 acts first
        h.call()
        h.check()
        hands.append(h)
    obs, _ = pack(hands)
    assert TightPolicy().strength(obs).tolist() == [0, int(HandCategory.THREE_OF_A_KIND),
                                                    int(HandCategory.FULL_HOUSE)]


def test_tight_policy_plays_whole_hands_on_tables() -> None:
    tables = Tables(500, 6, GameConfig(), 200, seed=4)
    tables.reset()
    policy = TightPolicy()
    for _ in range(200):
        legal = tables.legal()
        if (legal.actor < 0).all():
            break
        tables.step(*policy.act(tables.observe(), legal))
    assert tables.hand_over.all()
    assert (tables.rewards.sum(axis=1) == 0).all()  # chips conserved (R38)


def test_is_vector_policy_tells_vector_from_scalar_agents() -> None:
    class Vec:
        def act(self, obs: Any, legal: Any) -> Any:
            return legal.actor * 0, legal.call

    def fn(obs: Any, legal: Any) -> Any:
        return legal.actor * 0, legal.call

    assert is_vector_policy(Vec()) and is_vector_policy(fn) and is_vector_policy(TightPolicy())
    assert not is_vector_policy(RandomPlayer(1)) and not is_vector_policy(Vec)
    assert not is_vector_policy("random") and not is_vector_policy(lambda view: None)
    assert policy_function(fn) is fn
    with pytest.raises(TypeError, match="not a vectorised policy"):
        policy_function(RandomPlayer(1))


def test_make_policy_names_and_errors() -> None:
    assert type(make_policy("tight")).__name__ == "TightPolicy"
    assert type(make_policy("call")).__name__ == "StationPolicy"
    assert type(make_policy("random", 3)).__name__ == "RandomPolicy"
    with pytest.raises(ValueError, match="unknown policy"):
        make_policy("gto")
    with pytest.raises(ValueError, match="raise_category"):
        TightPolicy(raise_category=9)


def test_action_set_decode_and_mask() -> None:
    hands = random_states(GameConfig(), 3, 300, seed=11)
    obs, legal = pack(hands)
    actions = ActionSet(fractions=(0.5, 1.0))
    mask = actions.mask(legal)
    assert (mask[:, 1] == 1).all()
    assert np.array_equal(mask[:, 0].astype(bool), ~legal.can_check)
    for a in range(actions.size):
        kind, amount = actions.decode(np.full(len(hands), a), obs, legal)
        for i, hand in enumerate(hands):
            if not mask[i, a]:  # forbidden: falls back to check/call
                assert kind[i] in (Kind.CHECK, Kind.CALL)
                continue
            if a == 0:
                assert kind[i] == Kind.FOLD
            elif a == 1:
                assert kind[i] == (Kind.CHECK if legal.can_check[i] else Kind.CALL)
            elif a == actions.size - 1:
                assert (kind[i], amount[i]) == (Kind.BET_OR_RAISE_TO, legal.max_to[i])
            else:
                want = bet_pot_fraction(hand, actions.fractions[a - 2])
                assert want is not None and (kind[i], amount[i]) == (Kind.BET_OR_RAISE_TO, want.amount)
    with pytest.raises(ValueError, match="illegal actions in tables"):
        actions.decode(np.zeros(len(hands), dtype=np.int64), obs, legal, strict=True)
    with pytest.raises(ValueError, match="must be in 0..4"):
        actions.decode(np.full(len(hands), 5), obs, legal)
    with pytest.raises(TypeError, match="integer"):
        actions.decode(np.zeros(len(hands)), obs, legal)


def test_action_set_decode_exact_clamps_or_refuses() -> None:
    hands = random_states(GameConfig(), 3, 100, seed=12)
    obs, legal = pack(hands)
    n = len(hands)
    kind, amount = ActionSet().decode_exact(np.full(n, 2), np.full(n, 10**6), legal)
    can = legal.min_to >= 0
    assert (kind[can] == Kind.BET_OR_RAISE_TO).all() and np.array_equal(amount[can], legal.max_to[can])
    assert np.isin(kind[~can], [Kind.CHECK, Kind.CALL]).all()
    if can.any():
        with pytest.raises(ValueError, match="illegal actions"):
            ActionSet().decode_exact(np.full(n, 2), np.full(n, 10**6), legal, strict=True)
