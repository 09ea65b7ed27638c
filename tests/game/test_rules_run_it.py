"""R41: running the rest of the board two, three or four times (docs/rules.md).

The hands here fix every card with ``deck=`` stubs (burns included, in dealing order), so each
board and each pot part is known. A differential run checks the pokerkit conventions against
pokerkit 0.7.7's ``State`` (cash-game mode, ``select_runout_count``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable

import pytest

from fastholdem import phh
from fastholdem.cards import Deck, card_str, parse_cards
from fastholdem.errors import HandHistoryError, IllegalActionError, InvalidActionError
from fastholdem.game import (
    Bet,
    DealBoard,
    DealHole,
    GameConfig,
    Hand,
    RaiseTo,
    RunIt,
    Structure,
)
from fastholdem.game.pots import split_runs

# Heads-up, seat 0 (button, small blind) holds aces, seat 1 kings. Deck stubs list the burns too.
_HEADS_UP = ["AsAh", "KsKh"]
# Flop all-in; run 1 (turn Tc, river 3d) goes to the aces, run 2 (Kd, 4c) to the kings.
_FLOP_RUNS = "5c" "2c7d9h" "6c" "Tc" "8c" "3d" "Jc" "Kd" "Qc" "4c"
# Preflop all-in, three runs: aces, then kings twice.
_THREE_RUNS = ("6c" "2c7d9h" "6d" "Tc" "6h" "3d"
               "8d" "Kd4c5h" "8h" "8c" "9c" "Jd"
               "9d" "Kc2d3h" "9s" "7c" "Ts" "Jh")


def _flop_all_in(times: int, conventions: str = "card-room") -> Hand:
    hand = Hand(GameConfig(conventions=conventions), [100, 100], button=0, hole_cards=_HEADS_UP,
                deck=_FLOP_RUNS)
    hand.run_it(times)
    hand.call()
    hand.check()
    hand.all_in()  # seat 1 acts first after the flop heads-up (R15)
    hand.call()
    return hand


def test_r41_run_twice_splits_the_pot_per_board() -> None:
    hand = _flop_all_in(2)
    result = hand.result
    assert [card_str(c) for c in result.boards[0]] == ["2c", "7d", "9h", "Tc", "3d"]
    assert [card_str(c) for c in result.boards[1]] == ["2c", "7d", "9h", "Kd", "4c"]
    assert [(p.amount, p.board, p.winners) for p in result.pots] == [(100, 0, (0,)), (100, 1, (1,))]
    assert hand.stacks == [100, 100]
    assert result.board_values[1][1] > result.board_values[1][0]  # trip kings on board 2


def test_r41_run_once_by_default_uses_the_first_board() -> None:
    hand = Hand(GameConfig(), [100, 100], button=0, hole_cards=_HEADS_UP, deck=_FLOP_RUNS)
    hand.call(); hand.check(); hand.all_in(); hand.call()
    assert hand.runs == 1 and len(hand.result.boards) == 1
    assert hand.stacks == [200, 0]


def test_r41_side_pots_run_per_board() -> None:
    # Seat 0 (small blind) is all-in for 50, seats 1 and 2 for 100: a main pot of 150 and a
    # side pot of 100. Board 1 goes to the aces (main) and the kings (side); board 2 to the
    # queens (both).
    deck = ("6c" "2c7d9h" "6d" "Tc" "6h" "3d"
            "8d" "Qd4c5h" "8h" "8c" "9c" "Jd")
    hand = Hand(GameConfig(), [50, 100, 100], button=2, hole_cards=["AsAh", "KsKh", "QsQh"], deck=deck)
    hand.run_it(2)
    hand.all_in(); hand.call(); hand.call()
    parts = [(p.amount, p.eligible, p.board, p.winners) for p in hand.result.pots]
    assert parts == [
        (75, (0, 1, 2), 0, (0,)),
        (75, (0, 1, 2), 1, (2,)),
        (50, (1, 2), 0, (1,)),
        (50, (1, 2), 1, (2,)),
    ]
    assert hand.stacks == [75, 50, 125]


@pytest.mark.parametrize(("conventions", "stacks"), [("card-room", [67, 133]), ("pokerkit", [68, 132])])
def test_r41_odd_chips_go_to_the_first_runs(conventions: str, stacks: list[int]) -> None:
    # A pot of 200 run three times: 67, 67, 66 (card-room) or 68, 66, 66 (pokerkit); the aces
    # win the first board, the kings the other two.
    hand = Hand(GameConfig(conventions=conventions), [100, 100], button=0, hole_cards=_HEADS_UP,
                deck=_THREE_RUNS)
    hand.run_it(3)
    hand.all_in(); hand.call()
    assert [p.winners for p in hand.result.pots] == [(0,), (1,), (1,)]
    assert hand.stacks == stacks
    assert split_runs(200, 3) == [67, 67, 66] and split_runs(200, 3, "pokerkit") == [68, 66, 66]


def test_r41_odd_chip_of_a_dead_blind_goes_to_the_first_run() -> None:
    # The small blind folds its chip: a pot of 201, run twice, is 101 + 100.
    deck = "6c" "2c7d9h" "6d" "Tc" "6h" "3d" "8d" "Kd4c5h" "8h" "8c" "9c" "Jd"
    hand = Hand(GameConfig(), [100, 100, 100], button=2, hole_cards=["2s3h", "AsAh", "KsKh"], deck=deck)
    hand.run_it(2)
    hand.all_in(); hand.fold(); hand.call()
    assert [(p.amount, p.winners) for p in hand.result.pots] == [(101, (1,)), (100, (2,))]
    assert hand.stacks == [99, 101, 100]


def test_r41_split_within_a_board_follows_r38() -> None:
    # Ace-king against ace-king: board 1 ties (its 100 is split by R38), board 2 gives seat 1 a
    # heart flush.
    deck = "5c" "2c7d9h" "6c" "Tc" "8c" "3d" "Jc" "5h" "Qc" "6h"
    hand = Hand(GameConfig(), [100, 100], button=0, hole_cards=["AsKs", "AhKh"], deck=deck)
    hand.run_it(2)
    hand.call(); hand.check(); hand.all_in(); hand.call()
    parts = [(p.board, p.winners, p.shares) for p in hand.result.pots]
    assert parts == [(0, (1, 0), (50, 50)), (1, (1,), (100,))]
    assert hand.stacks == [50, 150]


def test_r41_every_run_deals_new_cards_and_chips_are_conserved() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        n = rng.randint(2, 10)
        times = rng.randint(2, 4)
        hand = Hand(GameConfig(), [rng.randint(5, 300) for _ in range(n)], button=rng.randrange(n), seed=seed)
        hand.run_it(times)
        while hand.actor is not None:
            top = hand.legal_actions().max_to or 0
            hand.all_in() if hand.can_apply(RaiseTo(top)) else hand.check_or_call()
        result = hand.result
        assert sum(result.stacks) == sum(hand.starting_stacks)
        if len(result.boards) > 1:
            assert len(result.boards) == times
            common = hand.history[[e.kind for e in hand.history].index("runs")]
            assert common.amount == times
            dealt = [c for h in hand.hole_cards for c in h] + list(result.boards[0])
            for board in result.boards[1:]:
                shared = [c for c in board if c in result.boards[0]]
                assert board[: len(shared)] == tuple(shared)
                dealt += board[len(shared):]
            assert len(dealt) == len(set(dealt))
            by_board = Counter(p.board for p in result.pots)
            assert set(by_board) == set(range(times))


def test_r41_agreement_timing_and_bad_counts(snapshot: Callable[[Hand], dict[str, Any]]) -> None:
    hand = Hand(GameConfig(), [100, 100], button=0, manual=True)
    hand.apply(DealHole(1, tuple(parse_cards("KsKh"))))
    hand.apply(DealHole(0, tuple(parse_cards("AsAh"))))
    for bad, error in ((0, IllegalActionError), (5, IllegalActionError), ("2", InvalidActionError),
                       (True, InvalidActionError)):
        with pytest.raises(error):
            hand.apply(RunIt(bad))  # type: ignore[arg-type]
    hand.all_in(); hand.call()
    assert hand.awaiting == "board"
    hand.run_it(3)  # betting is over, no card of the run-out yet: still in time
    hand.run_it(2)  # the players may change their minds until then
    hand.apply(DealBoard(tuple(parse_cards("2c7d9h"))))
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="run-out has started"):
        hand.run_it(3)
    assert snapshot(hand) == before
    for cards in ("Tc", "3d", "Kd4c5h", "8c", "Jd"):
        hand.apply(DealBoard(tuple(parse_cards(cards))))
    hand.finish()
    assert hand.is_complete and len(hand.result.boards) == 2
    with pytest.raises(IllegalActionError, match="complete"):
        hand.run_it(2)


def test_r41_no_runs_without_cards_to_come() -> None:
    # A river all-in: a standing agreement has no effect, and a new one is refused.
    board = "2c7d9hTc3d"
    hand = Hand(GameConfig(), [100, 100, 100], button=2, hole_cards=["AsAh", "KsKh", "2s3h"], board=board)
    hand.run_it(2)
    hand.call(); hand.call(); hand.check()
    for _ in range(3):
        hand.check(); hand.check()
        if hand.street == 3:
            break
    hand.all_in(); hand.call()
    assert hand.actor == 2
    hand.fold()
    assert hand.is_complete and len(hand.result.boards) == 1
    folded = Hand(GameConfig(), [100, 100], button=0, hole_cards=_HEADS_UP)
    folded.run_it(2)
    folded.fold()
    assert len(folded.result.boards) == 1 and folded.stacks == [99, 101]


def test_r41_account_names_each_board() -> None:
    text = str(_flop_all_in(2))
    assert "the players agree to run it 2 times" in text
    assert "Board 1: 2c7d9hTc3d" in text and "Board 2: 2c7d9hKd4c" in text
    assert "Main pot 100 (seats 0 1, board 2): seat 1 wins 100" in text


def test_r41_phh_round_trip_with_runouts() -> None:
    hand = _flop_all_in(2)
    text = phh.dumps(hand)
    assert "_runouts = 2" in text
    hh = phh.loads(text)
    assert hh.runouts == 2
    boards = [a for a in hh.actions if a.startswith("d db")]
    assert boards == ["d db 2c7d9h", "d db Tc", "d db 3d", "d db Kd", "d db 4c"]
    again = hh.replay()
    assert again.stacks == hand.stacks and again.result.boards == hand.result.boards
    assert phh.dumps(again) == text


def test_r41_phh_runouts_must_match_the_actions() -> None:
    text = phh.dumps(_flop_all_in(2))
    with pytest.raises(HandHistoryError, match="_runouts"):
        phh.loads(text.replace("_runouts = 2", "_runouts = 7"))
    with pytest.raises(HandHistoryError, match="_runouts"):
        phh.loads(text.replace("_runouts = 2", '_runouts = "2"'))
    with pytest.raises(HandHistoryError):  # the second run's cards without the agreement
        phh.loads(text.replace("_runouts = 2\n", "")).replay()
    folded = Hand(GameConfig(), [100, 100], button=0, hole_cards=_HEADS_UP)
    folded.fold()
    with pytest.raises(HandHistoryError, match="never ran out"):
        phh.loads(phh.dumps(folded) + "_runouts = 2\n").replay()


# ---------------------------------------------------------------------- pokerkit differential

pokerkit = pytest.importorskip("pokerkit")


def _pokerkit_replay(hh: phh.HandHistory, cfg: GameConfig) -> list[int]:
    """pokerkit's State (cash game) plays our PHH with the runout count of ``_runouts``."""
    from pokerkit import Automation, FixedLimitTexasHoldem, Mode, NoLimitTexasHoldem

    autos = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    blinds = (cfg.small_blind, cfg.big_blind)
    if cfg.structure is Structure.LIMIT:
        game: Any = FixedLimitTexasHoldem(autos, True, 0, blinds, cfg.small_bet, cfg.big_bet,
                                          mode=Mode.CASH_GAME)
    else:
        game = NoLimitTexasHoldem(autos, True, 0, blinds, cfg.min_bet, mode=Mode.CASH_GAME)
    state = game([int(s) for s in hh.starting_stacks], len(hh.starting_stacks))
    for text in hh.actions:
        words = text.split()
        while state.can_select_runout_count():
            state.select_runout_count(hh.runouts)  # pokerkit 0.7.7: no player index (it is misread)
        if words[0] == "d":
            if words[1] == "dh":
                state.deal_hole(words[3], int(words[2][1:]) - 1)
            else:
                if state.can_burn_card():
                    state.burn_card("??")
                state.deal_board(words[2])
            continue
        if words[1] == "sm":
            continue
        assert state.actor_index == int(words[0][1:]) - 1
        if words[1] == "f":
            state.fold()
        elif words[1] == "cc":
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(int(words[2]))
    assert not state.status, "pokerkit expects more actions"
    assert state.board_count == hh.runouts or hh.runouts == 1
    return list(state.stacks)


def test_r41_pokerkit_conventions_agree_with_pokerkit_runouts() -> None:
    notes: Counter[str] = Counter()
    for seed in range(80):
        rng = random.Random(seed)
        n = rng.randint(2, 6)
        structure = rng.choice([Structure.NO_LIMIT, Structure.LIMIT])
        cfg = GameConfig(structure, 1, 2, conventions="pokerkit")
        stacks = [rng.randint(3, 80) for _ in range(n)]
        deck = Deck(seed).cards
        hand = Hand(cfg, stacks, button=n - 1, hole_cards=[deck[2 * i: 2 * i + 2] for i in range(n)],
                    deck=deck[2 * n:])
        hand.run_it(rng.randint(2, 3))
        while hand.actor is not None:
            legal = hand.legal_actions()
            r = rng.random()
            if legal.min_to is not None and legal.max_to is not None and r < 0.5:
                to = rng.choice([legal.min_to, legal.max_to])
                hand.apply(Bet(to) if legal.bet else RaiseTo(to))
            elif legal.call and r < 0.6:
                hand.fold()
            else:
                hand.check_or_call()
        hh = phh.loads(phh.dumps(hand))
        assert _pokerkit_replay(hh, cfg) == hh.finishing_stacks, phh.dumps(hand)
        notes["runs"] += len(hand.result.boards) > 1
        notes["side pots"] += len(hand.result.boards) > 1 and len({p.eligible for p in hand.result.pots}) > 1
    assert notes["runs"] >= 15 and notes["side pots"] >= 2, notes
