"""Differential tests against pokerkit (a test-only dependency) on random hands.

Both engines play the same random hands (all three structures, 2-10 players, antes and
big-blind antes, short and deep stacks). At every decision they must agree on who acts, the
call amount and the bet/raise range; at the end on every final stack.

Where pokerkit's convention differs from RULES.md we follow RULES.md. Each such point is
recognised explicitly (never a blanket skip), counted, and has its own test below:

* fixed limit, preflop: pokerkit allows a 4th raise; R26 counts the big blind as the bet, so
  one bet and three raises is the cap (``test_r26_fixed_limit_fourth_preflop_raise_...``);
* split pots: pokerkit gives a pot's whole remainder to one winner; R38 gives odd chips one at a
  time starting left of the button (``test_r38_three_way_split_odd_chips_...``);
* fixed limit: pokerkit counts incomplete all-in raises toward the cap; under R29 they are not
  raises (``test_r29_fixed_limit_short_all_in_not_counted_toward_the_cap_...``);
* pokerkit's last-raise size starts each round at 0, so it treats the first incomplete all-in
  raise as a full one and reopens the betting; R29 does not
  (``test_r29_first_short_all_in_raise_does_not_reopen_...``);
* a big blind posted short: pokerkit asks others to call what was posted; the engine keeps the
  full big blind as the bet (R14: the big blind is the bet). Random stacks cover the blinds so
  the main loop never meets this; ``test_r14_short_big_blind_stays_the_bet_...`` checks it.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from typing import Any

import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokerkit import Automation, FixedLimitTexasHoldem, Mode, NoLimitTexasHoldem  # noqa: E402
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem  # noqa: E402

from fastholdem.cards import Deck, card_str  # noqa: E402
from fastholdem.game import AnteMode, Bet, GameConfig, Hand, RaiseTo, Structure  # noqa: E402


class _PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):  # type: ignore[misc]
    """Pot-limit hold'em assembled from pokerkit's parts (pokerkit ships only PLO)."""


_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def pokerkit_state(cfg: GameConfig, stacks: list[int]) -> Any:
    """A pokerkit state for the same game; player i is seat i, the button is the last seat."""
    if cfg.ante_mode is AnteMode.EVERY_PLAYER:
        antes: Any = cfg.ante
        trimming = True
    elif cfg.ante_mode is AnteMode.BIG_BLIND:
        antes, trimming = {1: cfg.ante}, False
    else:
        antes, trimming = 0, True
    blinds = (cfg.small_blind, cfg.big_blind)
    if cfg.structure is Structure.NO_LIMIT:
        game = NoLimitTexasHoldem(_AUTOMATIONS, trimming, antes, blinds, cfg.min_bet, mode=Mode.TOURNAMENT)
    elif cfg.structure is Structure.POT_LIMIT:
        game = _PotLimitTexasHoldem(_AUTOMATIONS, trimming, antes, blinds, cfg.min_bet, mode=Mode.TOURNAMENT)
    else:
        game = FixedLimitTexasHoldem(
            _AUTOMATIONS, trimming, antes, blinds, cfg.small_bet, cfg.big_bet, mode=Mode.TOURNAMENT
        )
    return game(list(stacks), len(stacks))


def _cards(cards: Any) -> str:
    return "".join(card_str(c) for c in cards)


def _drive_dealer(state: Any, holes: list[list[int]], board: list[int]) -> bool:
    """Perform one pending pokerkit dealer step with our cards; True if one was done."""
    if state.can_burn_card():
        state.burn_card("??")
        return True
    if state.can_deal_hole():
        i = state.hole_dealee_index
        state.deal_hole(_cards(holes[i]), i)
        return True
    if state.can_deal_board():
        k = len(state.board_cards)
        state.deal_board(_cards(board[k : k + (3 if k == 0 else 1)]))
        return True
    return False


def pokerkit_odd_chips(hand: Hand) -> list[int]:
    """Our final stacks re-split by pokerkit's convention: a pot's remainder to its first winner."""
    stacks = list(hand.stacks)
    for pot in hand.result.pots:
        k = len(pot.winners)
        if k > 1:
            share, odd = divmod(pot.amount, k)
            for seat, got in zip(pot.winners, pot.shares):
                stacks[seat] -= got - share
            stacks[min(pot.winners)] += odd
    return stacks


def play_both(seed: int, structure: Structure, notes: Counter[str]) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 10)
    bb = rng.choice([2, 4, 10])
    mode = rng.choice([AnteMode.NONE, AnteMode.NONE, AnteMode.EVERY_PLAYER, AnteMode.BIG_BLIND])
    ante = 0 if mode is AnteMode.NONE else rng.choice([1, bb // 2, bb])
    # cap_heads_up: pokerkit always caps fixed limit; the R26 heads-up exception is tested alone.
    cfg = GameConfig(structure, bb // 2, bb, ante=ante, ante_mode=mode, cap_heads_up=True)
    low = bb + ante + 1
    stacks = [rng.choice([rng.randint(low, 10 * bb), rng.randint(10 * bb, 200 * bb)]) for _ in range(n)]
    deck = Deck(rng.randrange(1 << 30)).cards
    holes = [deck[2 * i : 2 * i + 2] for i in range(n)]
    board = deck[2 * n : 2 * n + 5]
    hand = Hand(cfg, stacks, button=n - 1, hole_cards=holes, board=board)
    state = pokerkit_state(cfg, stacks)
    while state.status:
        if _drive_dealer(state, holes, board):
            continue
        i = state.actor_index
        assert i is not None
        legal = hand.legal_actions()
        assert legal.seat == i
        assert (legal.call or 0) == state.checking_or_calling_amount
        ours = (legal.min_to, legal.max_to) if legal.min_to is not None else None
        theirs = None
        if state.can_complete_bet_or_raise_to():
            theirs = (
                state.min_completion_betting_or_raising_to_amount,
                state.max_completion_betting_or_raising_to_amount,
            )
        if ours != theirs:
            notes[_explain(hand, state, structure, ours, theirs)] += 1
        r = rng.random()
        if ours is not None and theirs is not None and r < 0.3:
            amount = rng.choice([ours[0], ours[1], rng.randint(*ours)])
            hand.apply(Bet(amount) if legal.bet else RaiseTo(amount))
            state.complete_bet_or_raise_to(amount)
        elif legal.call and r < 0.45:
            hand.fold()
            state.fold()
        else:
            hand.check() if legal.check else hand.call()
            state.check_or_call()
    assert hand.is_complete and hand.actor is None
    expected = pokerkit_odd_chips(hand)
    if expected != list(hand.stacks):
        notes["split remainder"] += 1
    assert list(state.stacks) == expected, str(hand)


def _explain(hand: Hand, state: Any, structure: Structure, ours: Any, theirs: Any) -> str:
    """Name the known convention difference behind a disagreement, or fail."""
    i = hand.actor
    assert i is not None
    limit = structure is Structure.LIMIT
    if limit and ours is None and hand.street == 0 and hand._nbets == 4:
        return "limit 4th preflop raise"
    if limit and theirs is None and state.completion_betting_or_raising_count == 4:
        assert hand._nbets < 4
        return "limit short all-in counted toward cap"
    floor = hand.config.bet_sizes[hand.street] if limit else hand.config.min_bet
    if ours is None and hand._acted[i] and state.completion_betting_or_raising_amount < floor:
        assert hand.legal_actions().call < floor
        return "pokerkit reopens on a first short all-in"
    raise AssertionError(f"unexplained difference: ours {ours}, pokerkit {theirs}\n{hand}")


@pytest.mark.parametrize("structure", list(Structure), ids=lambda s: s.value)
def test_random_hands_agree_with_pokerkit(structure: Structure) -> None:
    notes: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for seed in range(150):
            play_both(1000 * list(Structure).index(structure) + seed, structure, notes)
    # Every difference is one of the named conventions; fixed limit meets the 4th raise often.
    if structure is Structure.LIMIT:
        assert notes["limit 4th preflop raise"] > 0


def test_r26_fixed_limit_fourth_preflop_raise_pokerkit_allows() -> None:
    cfg = GameConfig(Structure.LIMIT, small_blind=1, big_blind=2)
    hand = Hand(cfg, [100] * 3, button=2, seed=1)
    state = pokerkit_state(cfg, [100] * 3)
    holes = hand.hole_cards
    while _drive_dealer(state, holes, []):  # type: ignore[arg-type]
        pass
    for to in (4, 6, 8):
        hand.raise_to(to)
        state.complete_bet_or_raise_to(to)
    assert state.can_complete_bet_or_raise_to(10)  # pokerkit: a 4th raise
    assert hand.legal_actions().min_to is None  # R26: the big blind + 3 raises is the cap
    assert not hand.can_apply(RaiseTo(10))


def test_r38_three_way_split_odd_chips_pokerkit_gives_to_one() -> None:
    cfg = GameConfig(small_blind=5, big_blind=10)
    board = "AsKsQsJsTs"
    hand = Hand(cfg, [100] * 4, button=3, board=board, seed=4)
    state = pokerkit_state(cfg, [100] * 4)
    holes = hand.hole_cards
    from fastholdem import parse_cards

    cards = parse_cards(board)
    script = ["cc", "cc", "f", "cc"] + ["cc"] * 9
    for word in script:
        while _drive_dealer(state, holes, cards):
            pass
        if word == "f":
            hand.fold()
            state.fold()
        else:
            legal = hand.legal_actions()
            hand.check() if legal.check else hand.call()
            state.check_or_call()
    while state.status and _drive_dealer(state, holes, cards):
        pass
    assert hand.is_complete and not state.status
    assert hand.result.pots[0].shares == (12, 12, 11)  # R38: one odd chip each to seats 1, 2
    assert list(state.stacks) == [95, 103, 101, 101]  # pokerkit: both to seat 1
    assert pokerkit_odd_chips(hand) == list(state.stacks)


def test_r14_short_big_blind_stays_the_bet_pokerkit_asks_what_was_posted() -> None:
    cfg = GameConfig(small_blind=1, big_blind=2)
    hand = Hand(cfg, [100, 1, 100], button=2, seed=1)
    state = pokerkit_state(cfg, [100, 1, 100])
    while _drive_dealer(state, hand.hole_cards, []):  # type: ignore[arg-type]
        pass
    assert hand.actor == state.actor_index == 2
    assert hand.legal_actions().call == 2  # the big blind stays the bet (R14, R16)
    assert state.checking_or_calling_amount == 1  # pokerkit: what the short blind posted


_BOARD = "2c3d4h5s9c"


def _start_both(cfg: GameConfig, stacks: list[int]) -> tuple[Hand, Any]:
    """The same hand in both engines: seeded hole cards, board ``_BOARD``, button last."""
    return Hand(cfg, stacks, button=len(stacks) - 1, seed=1, board=_BOARD), pokerkit_state(cfg, stacks)


def _step_both(hand: Hand, state: Any, to: int | None = None) -> None:
    """Check/call (``to`` None) or bet/raise to ``to`` in both engines, dealing as needed."""
    from fastholdem import parse_cards

    board = parse_cards(_BOARD)
    while _drive_dealer(state, hand.hole_cards, board):  # type: ignore[arg-type]
        pass
    assert hand.actor == state.actor_index
    if to is None:
        hand.check_or_call()
        state.check_or_call()
    else:
        hand.bet_or_raise_to(to)
        state.complete_bet_or_raise_to(to)
    while _drive_dealer(state, hand.hole_cards, board):  # type: ignore[arg-type]
        pass


def test_r29_fixed_limit_short_all_in_not_counted_toward_the_cap_pokerkit_counts_it() -> None:
    cfg = GameConfig(Structure.LIMIT, small_blind=1, big_blind=2)
    hand, state = _start_both(cfg, [100, 100, 7])
    for _ in range(3):  # preflop: the button (5 behind) and the small blind call, the big blind checks
        _step_both(hand, state)
    assert hand.street == 1 and hand.actor == 0
    _step_both(hand, state, 2)  # flop bet (1)
    _step_both(hand, state, 4)  # raise (2)
    _step_both(hand, state, 5)  # seat 2 all-in for 1 more: less than the bet of 2, no raise (R29)
    _step_both(hand, state, 7)  # seat 0 faces 3, a full raise: re-raises (3)
    assert hand.actor == state.actor_index == 1
    assert hand.legal_actions().call == state.checking_or_calling_amount == 3
    # R26/R29: one bet and two full raises so far, so one more raise is allowed ...
    assert hand.legal_actions().min_to == 9 and hand.can_apply(RaiseTo(9))
    # ... pokerkit counted the short all-in as the third raise and caps the betting.
    assert state.completion_betting_or_raising_count == 4
    assert not state.can_complete_bet_or_raise_to()


def test_r29_first_short_all_in_raise_does_not_reopen_pokerkit_reopens() -> None:
    cfg = GameConfig(Structure.NO_LIMIT, small_blind=5, big_blind=10)
    hand, state = _start_both(cfg, [1000, 1000, 1000, 15])
    _step_both(hand, state)  # seat 2 calls the big blind
    _step_both(hand, state, 15)  # the button all-in to 15: 5 more, less than a full raise of 10
    _step_both(hand, state)  # small blind calls
    _step_both(hand, state)  # big blind calls
    assert hand.actor == state.actor_index == 2  # seat 2 has acted and faces 5 more
    assert hand.legal_actions().call == state.checking_or_calling_amount == 5
    # R29: the incomplete raise does not reopen the betting for seat 2 ...
    assert hand.legal_actions().min_to is None and not hand.can_apply(RaiseTo(25))
    # ... pokerkit measures the raise against its round's last raise (0) and reopens.
    assert state.completion_betting_or_raising_amount == 5
    assert state.can_complete_bet_or_raise_to()
