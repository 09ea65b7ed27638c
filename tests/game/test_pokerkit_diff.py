"""Differential tests against pokerkit 0.7.7 (a test-only dependency), in both directions.

``GameConfig(conventions="pokerkit")`` plays by pokerkit's rules (docs/rules.md, "Conventions").
Two random differential runs check it, each over every structure with 2-10 seats, antes,
big-blind antes, varied stakes (odd, equal or no small blinds; a minimum bet or fixed-limit bets
other than the big blind) and stacks drawn from 1 chip up (below antes and blinds), short and
deep:

* **pokerkit plays, fastholdem replays** (:func:`pokerkit_plays`): pokerkit picks random legal
  actions; at every decision our engine, fed the same actions, must agree on who acts, the
  call amount and the bet/raise range. pokerkit then writes the hand as PHH
  (``pokerkit.HandHistory.from_game_state``), and ``phh.loads(text, conventions="pokerkit")
  .replay()`` must end with pokerkit's exact stacks.
* **fastholdem plays, pokerkit replays** (:func:`fastholdem_plays`): our engine picks random
  legal actions under the pokerkit conventions, ``phh.from_hand`` writes them, and pokerkit
  applies them strictly (each must be legal, by the right player) and must end with our stacks.

pokerkit's hand evaluation dominates its run time, so the runs memoise
``StandardHighHand.from_game`` per (hole cards, board): pokerkit computes every value itself,
once. The hands run in two processes.

The card-room default (docs/rules.md) differs from pokerkit at a few named points. Each has
its own test below, named after its rule id, showing the card-room behaviour, pokerkit's, and
that the pokerkit conventions reproduce pokerkit's:

* R14a: a short blind; pokerkit calls and raises from what was posted;
* R24: card rooms accept a fold when checking is free; pokerkit refuses it;
* R25: pokerkit asks a player who has no one left to respond to (the big blind checks after a
  short all-in call and a fold); the covered small blind heads-up is asked by neither;
* R26: fixed limit, pokerkit allows a 4th preflop raise and caps heads-up too;
* R29: pokerkit counts short all-in raises toward the fixed-limit cap, and treats the first
  short all-in raise of a round as a full one;
* R38: pokerkit gives a pot's whole odd-chip remainder to one winner.

A lockstep run also plays card-room hands against pokerkit with stacks that cover the blinds,
and every disagreement must be one of these named points.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
import warnings
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from fastholdem import IllegalActionError, phh
from fastholdem.cards import Deck, card_str, parse_cards
from fastholdem.game import AnteMode, Bet, GameConfig, Hand, RaiseTo, Structure

pokerkit = pytest.importorskip("pokerkit")

from pokerkit import Automation, FixedLimitTexasHoldem, Mode, NoLimitTexasHoldem  # noqa: E402
from pokerkit import HandHistory as PokerkitHandHistory  # noqa: E402
from reference.pokerkit_games import PotLimitTexasHoldem as _PotLimitTexasHoldem, memoise_pokerkit_hands as _memoise_pokerkit_hands  # noqa: E402

#: Hands per structure and direction in the random differential runs (3 structures x 2
#: directions: 21,000 hands); ``FASTHOLDEM_DIFF_HANDS`` changes it for a longer or quicker run.
DIFF_HANDS = int(os.environ.get("FASTHOLDEM_DIFF_HANDS", "3500"))


_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def pokerkit_game(cfg: GameConfig, *, structure: Structure | None = None) -> Any:
    """A pokerkit game for ``cfg``: player i is seat i and the button is the last seat.

    Uniform antes are played with ante trimming and a big-blind ante without it, the pairing
    under which pokerkit layers antes as the engine does (see ``phh.HandHistory``).
    """
    if cfg.ante_mode is AnteMode.EVERY_PLAYER:
        antes: Any = cfg.ante
        trimming = True
    elif cfg.ante_mode is AnteMode.BIG_BLIND:
        antes, trimming = {1: cfg.ante}, False
    else:
        antes, trimming = 0, True
    blinds = (cfg.small_blind, cfg.big_blind)
    structure = structure or cfg.structure
    if structure is Structure.NO_LIMIT:
        return NoLimitTexasHoldem(_AUTOMATIONS, trimming, antes, blinds, cfg.min_bet, mode=Mode.TOURNAMENT)
    if structure is Structure.POT_LIMIT:
        return _PotLimitTexasHoldem(_AUTOMATIONS, trimming, antes, blinds, cfg.min_bet, mode=Mode.TOURNAMENT)
    return FixedLimitTexasHoldem(
        _AUTOMATIONS, trimming, antes, blinds, cfg.small_bet, cfg.big_bet, mode=Mode.TOURNAMENT
    )


def pokerkit_state(cfg: GameConfig, stacks: list[int]) -> Any:
    """A pokerkit state of the same game (see :func:`pokerkit_game`)."""
    return pokerkit_game(cfg)(list(stacks), len(stacks))


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


def random_game(rng: random.Random, structure: Structure, conventions: str = "pokerkit") -> tuple[GameConfig, list[int]]:
    """A random game: 2-10 seats; stakes with odd, equal or no small blinds, a minimum bet or
    fixed-limit bets other than the big blind; antes or a big-blind ante; stacks from 1 chip up."""
    n = rng.randint(2, 10)
    bb = rng.choice([2, 2, 4, 10, 1, 3, 5])
    sb = min(bb, rng.choice([bb // 2, bb // 2, bb // 2, 0, 1, bb]))
    mode = rng.choice([AnteMode.NONE, AnteMode.NONE, AnteMode.EVERY_PLAYER, AnteMode.BIG_BLIND])
    ante = 0 if mode is AnteMode.NONE else rng.choice([1, max(1, bb // 2), bb, 2 * bb])
    stakes: dict[str, int] = {}
    if rng.random() < 0.25:
        if structure is Structure.LIMIT:
            stakes["small_bet"] = rng.choice([2 * bb, bb + 1])
            stakes["big_bet"] = rng.choice([1, 2, 3]) * stakes["small_bet"]
        else:
            stakes["min_bet"] = rng.choice([2 * bb, max(1, bb - 1)])
    cfg = GameConfig(structure, sb, bb, ante=ante, ante_mode=mode, conventions=conventions, **stakes)
    tiny = bb + ante + 1  # at most what the forced bets take
    ranges = rng.choices([(1, tiny), (1, 10 * bb), (10 * bb, 200 * bb)], weights=(15, 35, 50), k=n)
    stacks = [rng.randint(lo, hi) for lo, hi in ranges]
    return cfg, stacks


def _deal(rng: random.Random, n: int) -> tuple[list[list[int]], list[int]]:
    deck = Deck(rng.randrange(1 << 30)).cards
    return [deck[2 * i : 2 * i + 2] for i in range(n)], deck[2 * n : 2 * n + 5]


def _random_amount(rng: random.Random, lo: int, hi: int) -> int:
    return rng.choice([lo, hi, rng.randint(lo, hi)])


def _note_hand(hand: Hand, stacks: list[int], notes: Counter[str]) -> None:
    """Count the situations a hand met, so that a run shows what it covered."""
    cfg = hand.config
    notes["hands"] += 1
    if min(stacks) <= cfg.big_blind + cfg.ante:
        notes["stack below the forced bets"] += 1
    if hand.n == 2:
        notes["heads-up"] += 1
    result = hand.result
    notes["showdown"] += result.showdown
    notes["side pots"] += len(result.pots) > 1
    notes["split pot"] += any(len(p.winners) > 1 for p in result.pots)
    notes["odd chips"] += any(len(p.winners) > 1 and p.amount % len(p.winners) for p in result.pots)
    notes["all-in"] += any(e.all_in for e in hand.history)


def pokerkit_plays(seed: int, structure: Structure, notes: Counter[str]) -> None:
    """pokerkit plays a random hand; we follow it in lockstep, then replay its PHH text."""
    rng = random.Random(seed)
    cfg, stacks = random_game(rng, structure)
    n = len(stacks)
    holes, board = _deal(rng, n)
    hand = Hand(cfg, stacks, button=n - 1, hole_cards=holes, board=board)
    game = pokerkit_game(cfg)
    state = game(list(stacks), n)
    while state.status:
        if _drive_dealer(state, holes, board):
            continue
        legal = hand.legal_actions()
        ours = (legal.min_to, legal.max_to) if legal.min_to is not None else None
        theirs = None
        if state.can_complete_bet_or_raise_to():
            theirs = (state.min_completion_betting_or_raising_to_amount,
                      state.max_completion_betting_or_raising_to_amount)
        seen = (legal.seat, legal.fold, legal.call or 0, ours)
        expected = (state.actor_index, state.can_fold(), state.checking_or_calling_amount, theirs)
        assert seen == expected, f"(actor, fold, call, raise range) {seen} != pokerkit's {expected}\n{hand}"
        r = rng.random()
        if theirs is not None and r < 0.3:
            amount = _random_amount(rng, *theirs)
            state.complete_bet_or_raise_to(amount)
            hand.bet_or_raise_to(amount)
        elif state.checking_or_calling_amount and r < 0.45:
            state.fold()
            hand.fold()
        else:
            state.check_or_call()
            hand.check_or_call()
    assert hand.is_complete, f"pokerkit finished, the engine did not\n{hand}"
    assert list(hand.stacks) == list(state.stacks), f"pokerkit {list(state.stacks)}\n{hand}"
    # pokerkit writes the hand (pot limit as "PT": pokerkit's PHH has no pot-limit hold'em).
    writer = game if structure is not Structure.POT_LIMIT else pokerkit_game(cfg, structure=Structure.NO_LIMIT)
    text = PokerkitHandHistory.from_game_state(writer, state).dumps()
    if structure is Structure.POT_LIMIT:
        text = text.replace("variant = 'NT'", "variant = 'PT'", 1)
    replayed = phh.loads(text, conventions="pokerkit").replay()
    assert replayed.stacks == list(state.stacks), f"PHH replay {replayed.stacks}, pokerkit {list(state.stacks)}\n{text}"
    _note_hand(hand, stacks, notes)


def pokerkit_replay(hh: phh.HandHistory, cfg: GameConfig) -> list[int]:
    """Apply a PHH hand's actions to pokerkit strictly, in order; return its final stacks.

    Every action must be legal in pokerkit and by the player pokerkit has to act; pokerkit
    shows down by itself, so ``sm`` lines are not applied.
    """
    state = pokerkit_state(cfg, [int(s) for s in hh.starting_stacks])
    for text in hh.actions:
        words = text.split()
        if words[0] == "d":
            if words[1] == "dh":
                state.deal_hole(words[3], int(words[2][1:]) - 1)
            else:
                if state.can_burn_card():
                    state.burn_card("??")
                state.deal_board(words[2])
            continue
        player = int(words[0][1:]) - 1
        if words[1] == "sm":
            continue
        assert state.actor_index == player, f"{text!r}: pokerkit has player index {state.actor_index} to act"
        if words[1] == "f":
            state.fold()
        elif words[1] == "cc":
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(int(words[2]))
    assert not state.status, "pokerkit expects more actions"
    return list(state.stacks)


def fastholdem_plays(seed: int, structure: Structure, notes: Counter[str]) -> None:
    """We play a random hand under the pokerkit conventions; pokerkit replays our PHH."""
    rng = random.Random(seed)
    cfg, stacks = random_game(rng, structure)
    n = len(stacks)
    holes, board = _deal(rng, n)
    hand = Hand(cfg, stacks, button=n - 1, hole_cards=holes, board=board)
    while hand.actor is not None:
        legal = hand.legal_actions()
        r = rng.random()
        if legal.min_to is not None and legal.max_to is not None and r < 0.3:
            amount = _random_amount(rng, legal.min_to, legal.max_to)
            hand.apply(Bet(amount) if legal.bet else RaiseTo(amount))
        elif legal.call and r < 0.45:
            hand.fold()
        else:
            hand.check_or_call()
    text = phh.dumps(hand)
    hh = phh.loads(text)
    assert hh.conventions == "pokerkit"
    final = pokerkit_replay(hh, cfg)
    assert final == hh.finishing_stacks, f"pokerkit {final}, ours {hh.finishing_stacks}\n{text}"
    _note_hand(hand, stacks, notes)


_PLAYERS: dict[str, Callable[[int, Structure, Counter[str]], None]] = {
    "pokerkit plays": pokerkit_plays,
    "fastholdem plays": fastholdem_plays,
}


def run_block(direction: str, structure: str, seeds: list[int]) -> tuple[list[str], Counter[str]]:
    """Play ``seeds`` in one direction; return the failures (seed and reason) and the notes."""
    _memoise_pokerkit_hands()
    play = _PLAYERS[direction]
    failures: list[str] = []
    notes: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for seed in seeds:
            try:
                play(seed, Structure(structure), notes)
            except Exception as exc:  # collected and reported by the test
                failures.append(f"seed {seed}: {type(exc).__name__}: {exc}")
    return failures, notes


def run_differential(direction: str, structure: Structure, seeds: list[int]) -> tuple[list[str], Counter[str]]:
    """:func:`run_block` over ``seeds``, split across two processes.

    Forked where Python allows it without a warning (before 3.12), else spawned.
    """
    method = "fork" if sys.version_info < (3, 12) and "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(2) as pool:
        parts = pool.starmap(run_block, [(direction, structure.value, seeds[k::2]) for k in range(2)])
    failures = [f for part, _ in parts for f in part]
    notes = sum((n for _, n in parts), Counter())
    return failures, notes


@pytest.mark.slow
@pytest.mark.parametrize("structure", list(Structure), ids=lambda s: s.value)
@pytest.mark.parametrize("direction", list(_PLAYERS))
def test_pokerkit_conventions_replay_exactly_both_ways(direction: str, structure: Structure) -> None:
    offset = 1_000_000 * list(Structure).index(structure) + 100_000 * list(_PLAYERS).index(direction)
    failures, notes = run_differential(direction, structure, [offset + k for k in range(DIFF_HANDS)])
    print(f"{direction}, {structure.value}: {dict(notes)}")
    assert not failures, f"{len(failures)} of {DIFF_HANDS} hands differ:\n" + "\n\n".join(failures[:3])
    assert notes["hands"] == DIFF_HANDS
    # The run reaches the situations it is meant to test.
    for what in ("stack below the forced bets", "heads-up", "showdown", "side pots", "split pot", "all-in"):
        assert notes[what] >= DIFF_HANDS // 200, (what, dict(notes))


# ---------------------------------------------------------------------- card-room lockstep run


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


def play_card_room_against_pokerkit(seed: int, structure: Structure, notes: Counter[str]) -> None:
    """A card-room hand and pokerkit in lockstep; every difference must be a named one."""
    rng = random.Random(seed)
    n = rng.randint(2, 10)
    bb = rng.choice([2, 4, 10])
    mode = rng.choice([AnteMode.NONE, AnteMode.NONE, AnteMode.EVERY_PLAYER, AnteMode.BIG_BLIND])
    ante = 0 if mode is AnteMode.NONE else rng.choice([1, bb // 2, bb])
    # cap_heads_up: pokerkit always caps fixed limit; the R26 heads-up exception is tested alone.
    cfg = GameConfig(structure, bb // 2, bb, ante=ante, ante_mode=mode, cap_heads_up=True)
    low = bb + ante + 1  # stacks cover the forced bets: short blinds (R14a) are tested alone
    stacks = [rng.choice([rng.randint(low, 10 * bb), rng.randint(10 * bb, 200 * bb)]) for _ in range(n)]
    holes, board = _deal(rng, n)
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
            amount = _random_amount(rng, *ours)
            hand.apply(Bet(amount) if legal.bet else RaiseTo(amount))
            state.complete_bet_or_raise_to(amount)
        elif legal.call and r < 0.45:
            hand.fold()
            state.fold()
        else:
            hand.check_or_call()
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
def test_card_room_differs_from_pokerkit_only_where_named(structure: Structure) -> None:
    _memoise_pokerkit_hands()
    notes: Counter[str] = Counter()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for seed in range(150):
            play_card_room_against_pokerkit(1000 * list(Structure).index(structure) + seed, structure, notes)
    # Every difference is one of the named conventions; fixed limit meets the 4th raise often.
    if structure is Structure.LIMIT:
        assert notes["limit 4th preflop raise"] > 0


# ---------------------------------------------------------------------- one test per difference

_BOARD = "2c3d4h5s9c"


def _start_both(cfg: GameConfig, stacks: list[int], **kwargs: Any) -> tuple[Hand, Any, Hand]:
    """The same hand three ways: card-room, pokerkit, and fastholdem under the pokerkit conventions.

    Seeded hole cards, board ``_BOARD``, button last; ``kwargs`` change the card-room config.
    """
    from dataclasses import replace

    room = Hand(replace(cfg, **kwargs), stacks, button=len(stacks) - 1, seed=1, board=_BOARD)
    twin = Hand(replace(cfg, conventions="pokerkit"), stacks, button=len(stacks) - 1, seed=1, board=_BOARD)
    return room, pokerkit_state(cfg, stacks), twin


def _sync(state: Any, hand: Hand) -> None:
    while _drive_dealer(state, hand.hole_cards, parse_cards(_BOARD)):  # type: ignore[arg-type]
        pass


def _step(hands: list[Hand], state: Any, to: int | None = None) -> None:
    """Check/call (``to`` None) or bet/raise to ``to`` in pokerkit and each hand, dealing as needed."""
    _sync(state, hands[0])
    for hand in hands:
        assert hand.actor == state.actor_index
        hand.check_or_call() if to is None else hand.bet_or_raise_to(to)
    state.check_or_call() if to is None else state.complete_bet_or_raise_to(to)
    _sync(state, hands[0])


def _legal_of(hand: Hand) -> tuple[Any, ...]:
    legal = hand.legal_actions()
    return legal.seat, legal.call or 0, legal.min_to, legal.max_to


def _pokerkit_legal(state: Any) -> tuple[Any, ...]:
    return (state.actor_index, state.checking_or_calling_amount,
            state.min_completion_betting_or_raising_to_amount, state.max_completion_betting_or_raising_to_amount)


def test_r14a_short_big_blind_others_call_in_full_pokerkit_calls_what_was_posted() -> None:
    cfg = GameConfig(small_blind=2, big_blind=4)
    room, state, twin = _start_both(cfg, [100, 3, 100])
    _sync(state, room)
    # R14a: the big blind (3 of 4) stays the bet: call 4, raise to 8 at least.
    assert _legal_of(room) == (2, 4, 8, 100)
    # pokerkit: call what was posted (3), raise by the minimum bet from there.
    assert _pokerkit_legal(state) == (2, 3, 7, 100) == _legal_of(twin)
    assert not room.can_apply(RaiseTo(7))
    _step([twin], state, 7)
    assert _pokerkit_legal(state) == _legal_of(twin)


def test_r24_fold_when_checking_is_free_card_room_allows_pokerkit_refuses() -> None:
    # Issue 25's hand: stacks 341, 2 and 355, blinds 1 and 2 (the big blind is all-in for its
    # blind); p3 raises to 47, p1 calls; on the flop p1 may check.
    cfg = GameConfig(small_blind=1, big_blind=2)
    room, state, twin = _start_both(cfg, [341, 2, 355])
    _step([room, twin], state, 47)
    _step([room, twin], state)
    assert state.actor_index == room.actor == twin.actor == 0 and state.checking_or_calling_amount == 0
    assert not state.can_fold()
    with pytest.raises(ValueError, match="no reason for this player to fold"):
        state.fold()
    # The pokerkit conventions refuse it too, and change nothing.
    assert room.legal_actions().fold and not twin.legal_actions().fold
    with pytest.raises(IllegalActionError, match="cannot fold: nothing to call"):
        twin.fold()
    # Card rooms accept it: seat 2 then covers the all-in and nobody could answer, so it is not
    # asked (R25) and the board is dealt out; seat 0's 47 chips stay in the pots.
    room.fold()
    assert room.is_complete and room.stacks[0] == 294
    # pokerkit asks seat 2 too, which may not fold either; checked down, the twin ends as pokerkit.
    while state.status:
        assert not state.can_fold() and not twin.legal_actions().fold
        _step([twin], state)
    assert twin.stacks == list(state.stacks)


def test_r25_covered_small_blind_heads_up_is_not_asked() -> None:
    # Heads-up, the big blind is all-in for 3, less than the small blind of 5 (R25): nobody can
    # respond to the small blind and it covers the all-in, so the board is dealt out; the 2
    # chips above the all-in come back (R30).
    cfg = GameConfig(small_blind=5, big_blind=10)
    room, state, twin = _start_both(cfg, [3, 100])
    _sync(state, room)
    assert room.actor is None and room.is_complete
    assert (room.button, room.result.uncalled) == (1, ((1, 2),))
    assert state.actor_index is None and twin.is_complete  # pokerkit agrees here
    assert sum(room.stacks) == 103 and twin.stacks == room.stacks == list(state.stacks)


def test_r25_big_blind_not_asked_after_short_all_in_call_pokerkit_asks() -> None:
    cfg = GameConfig(small_blind=1, big_blind=2)
    room, state, twin = _start_both(cfg, [100, 100, 1])
    _step([room, twin], state)  # the button calls all-in for 1
    for hand in (room, twin):
        hand.fold()  # the small blind folds
    state.fold()
    _sync(state, room)
    # R25: the big blind covers the all-in and no one could respond: the board is dealt out.
    assert room.actor is None and room.is_complete
    # pokerkit asks the big blind anyway (to check); the pokerkit conventions do the same.
    assert state.actor_index == twin.actor == 1
    assert _legal_of(twin) == _pokerkit_legal(state)[:2] + (None, None)
    twin.check()
    state.check_or_call()
    _sync(state, room)
    assert twin.is_complete and not state.status
    assert room.stacks == twin.stacks == list(state.stacks)


def test_r26_fixed_limit_fourth_preflop_raise_pokerkit_allows() -> None:
    cfg = GameConfig(Structure.LIMIT, small_blind=1, big_blind=2)
    room, state, twin = _start_both(cfg, [100] * 3)
    for to in (4, 6, 8):
        _step([room, twin], state, to)
    assert state.can_complete_bet_or_raise_to(10)  # pokerkit: a 4th raise
    assert room.legal_actions().min_to is None  # R26: the big blind + 3 raises is the cap
    assert not room.can_apply(RaiseTo(10))
    assert _legal_of(twin) == _pokerkit_legal(state) == (2, 4, 10, 10)


def test_r26_fixed_limit_heads_up_uncapped_pokerkit_caps() -> None:
    cfg = GameConfig(Structure.LIMIT, small_blind=1, big_blind=2)
    room, state, twin = _start_both(cfg, [100, 100])
    for to in (4, 6, 8, 10):
        _step([room, twin], state, to)
    assert room.legal_actions().min_to == 12  # R26: no cap heads-up (the default)
    assert not state.can_complete_bet_or_raise_to()  # pokerkit: four raises, capped
    assert _legal_of(twin) == (1, 2, None, None)


def test_r29_fixed_limit_short_all_in_not_counted_toward_the_cap_pokerkit_counts_it() -> None:
    cfg = GameConfig(Structure.LIMIT, small_blind=1, big_blind=2)
    room, state, twin = _start_both(cfg, [100, 100, 7], cap_heads_up=True)
    for _ in range(3):  # preflop: the button (5 behind) and the small blind call, the big blind checks
        _step([room, twin], state)
    assert room.street == 1 and room.actor == 0
    _step([room, twin], state, 2)  # flop bet (1)
    _step([room, twin], state, 4)  # raise (2)
    _step([room, twin], state, 5)  # seat 2 all-in for 1 more: less than the bet of 2, no raise (R29)
    _step([room, twin], state, 7)  # seat 0 faces 3, a full raise: re-raises (3)
    assert room.actor == state.actor_index == 1
    assert room.legal_actions().call == state.checking_or_calling_amount == 3
    # R26/R29: one bet and two full raises so far, so one more raise is allowed ...
    assert room.legal_actions().min_to == 9 and room.can_apply(RaiseTo(9))
    # ... pokerkit counted the short all-in as the third raise and caps the betting.
    assert state.completion_betting_or_raising_count == 4
    assert not state.can_complete_bet_or_raise_to()
    assert _legal_of(twin) == (1, 3, None, None)


def test_r29_first_short_all_in_raise_does_not_reopen_pokerkit_reopens() -> None:
    cfg = GameConfig(Structure.NO_LIMIT, small_blind=5, big_blind=10)
    room, state, twin = _start_both(cfg, [1000, 1000, 1000, 15])
    _step([room, twin], state)  # seat 2 calls the big blind
    _step([room, twin], state, 15)  # the button all-in to 15: 5 more, less than a full raise of 10
    _step([room, twin], state)  # small blind calls
    _step([room, twin], state)  # big blind calls
    assert room.actor == state.actor_index == 2  # seat 2 has acted and faces 5 more
    assert room.legal_actions().call == state.checking_or_calling_amount == 5
    # R29: the incomplete raise does not reopen the betting for seat 2 ...
    assert room.legal_actions().min_to is None and not room.can_apply(RaiseTo(25))
    # ... pokerkit measures the raise against its round's last raise (0) and reopens.
    assert state.completion_betting_or_raising_amount == 5
    assert state.can_complete_bet_or_raise_to()
    assert _legal_of(twin) == _pokerkit_legal(state) == (2, 5, 25, 1000)


def test_r38_three_way_split_odd_chips_pokerkit_gives_to_one() -> None:
    cfg = GameConfig(small_blind=5, big_blind=10)
    board = "AsKsQsJsTs"
    room = Hand(cfg, [100] * 4, button=3, board=board, seed=4)
    twin = Hand(GameConfig(small_blind=5, big_blind=10, conventions="pokerkit"), [100] * 4, button=3,
                board=board, seed=4)
    state = pokerkit_state(cfg, [100] * 4)
    holes = room.hole_cards
    cards = parse_cards(board)
    for word in ["cc", "cc", "f", "cc"] + ["cc"] * 9:
        while _drive_dealer(state, holes, cards):  # type: ignore[arg-type]
            pass
        for hand in (room, twin):
            hand.fold() if word == "f" else hand.check_or_call()
        state.fold() if word == "f" else state.check_or_call()
    while state.status and _drive_dealer(state, holes, cards):  # type: ignore[arg-type]
        pass
    assert room.is_complete and twin.is_complete and not state.status
    assert room.result.pots[0].shares == (12, 12, 11)  # R38: one odd chip each to seats 1, 2
    assert list(state.stacks) == [95, 103, 101, 101]  # pokerkit: both to seat 1
    assert twin.result.pots[0].shares == (13, 11, 11) and twin.stacks == list(state.stacks)
    assert pokerkit_odd_chips(room) == list(state.stacks)


def test_pokerkit_conventions_say_why_a_raise_is_refused() -> None:
    cfg = GameConfig(Structure.LIMIT, small_blind=1, big_blind=2, conventions="pokerkit")
    hand = Hand(cfg, [100] * 3, button=2, seed=1)
    for to in (4, 6, 8, 10):
        hand.raise_to(to)
    with pytest.raises(IllegalActionError, match="cap of 4 bets and raises .*pokerkit conventions"):
        hand.raise_to(12)
    hand = Hand(GameConfig(small_blind=5, big_blind=10, conventions="pokerkit"), [1000, 1000, 1000, 40],
                button=3, seed=1)
    hand.raise_to(30)  # a raise of 20
    hand.raise_to(40)  # seat 3 all-in: 10 more, short
    hand.call()
    hand.call()
    assert hand.actor == 2 and hand.legal_actions().call == 10
    with pytest.raises(IllegalActionError, match="short all-in does not reopen .*pokerkit conventions"):
        hand.raise_to(70)
