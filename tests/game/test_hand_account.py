"""The readable account of a hand: ``print(hand)`` (``fastholdem.game.account``)."""

from __future__ import annotations

from fastholdem import evaluate, parse_cards
from fastholdem.evaluate import describe as describe_value
from fastholdem.game import GameConfig, Hand, describe

SHOWDOWN = """\
No-limit hold'em, blinds 1/2, 3 players, button seat 0
Seat 0: 100 (button)
Seat 1: 50
Seat 2: 100
seat 1 posts small blind 1
seat 2 posts big blind 2
seat 1 is dealt ????
seat 2 is dealt ????
seat 0 is dealt ????
*** PREFLOP ***
seat 0 raises to 6
seat 1 calls 5
seat 2 calls 4
dealer burns a card
*** FLOP *** Kd6h2c
seat 1 bets 44 and is all-in
seat 2 calls 44
seat 0 calls 44
dealer burns a card
*** TURN *** 9s
seat 2 bets 20
seat 0 raises to 50 and is all-in
seat 2 folds
seat 0 takes back 30 (uncalled)
dealer burns a card
*** RIVER *** 3h
seat 1 shows 6c6d (Three of a kind, sixes, kickers king, nine)
seat 0 shows KsKh (Three of a kind, kings, kickers nine, six)
Board: Kd6h2c9s3h
Main pot 150 (seats 0 1): seat 0 wins 150
Side pot 1 40 (seats 0): seat 0 wins 40
Final stacks: 220 0 30"""

NO_SHOWDOWN = """\
No-limit hold'em, blinds 5/10, ante 1, 3 players, button seat 1
Seat 0: 200
Seat 1: 200 (button)
Seat 2: 200
seat 2 posts ante 1
seat 0 posts ante 1
seat 1 posts ante 1
seat 2 posts small blind 5
seat 0 posts big blind 10
seat 2 is dealt ????
seat 0 is dealt ????
seat 1 is dealt ????
*** PREFLOP ***
seat 1 raises to 30
seat 2 calls 25
seat 0 calls 20
dealer burns a card
*** FLOP *** Kc6s3d
seat 2 bets 40
seat 0 folds
seat 1 folds
seat 2 takes back 40 (uncalled)
Board: Kc6s3d
Main pot 93 (seats 2): seat 2 wins 93 without showdown
Final stacks: 169 169 262"""


def test_r37_print_hand_at_showdown_posts_actions_board_pots_and_hands() -> None:
    hand = Hand(GameConfig(small_blind=1, big_blind=2), [100, 50, 100], button=0,
                hole_cards=["KsKh", "6c6d", "AsQd"], board="Kd6h2c9s3h")
    hand.raise_to(6)
    hand.call()
    hand.call()
    hand.all_in()  # seat 1: 44, all-in on the flop
    hand.call()
    hand.call()
    hand.bet(20)  # seat 2 on the turn
    hand.raise_to(50)  # seat 0 all-in; 30 of it is never called (R30)
    hand.fold()
    assert hand.is_complete and hand.result.showdown
    assert str(hand) == SHOWDOWN
    assert describe(hand) == SHOWDOWN
    # The showdown lines name each hand as fastholdem.describe does (no raw values); the folded
    # seat 2 does not show (R36/R37).
    board = parse_cards("Kd6h2c9s3h")
    for seat, hole in ((0, "KsKh"), (1, "6c6d")):
        value = evaluate(parse_cards(hole) + board)
        assert hand.result.values[seat] == value
        assert f"seat {seat} shows {hole} ({describe_value(value)})" in SHOWDOWN
    assert "value" not in str(hand) and "AsQd" not in str(hand)


def test_r36_print_hand_won_without_showdown_shows_no_cards() -> None:
    hand = Hand(GameConfig(small_blind=5, big_blind=10, ante=1), [200, 200, 200], button=1, seed=3)
    hand.raise_to(30)
    hand.call()
    hand.call()
    hand.bet(40)  # seat 2 bets the flop; both others fold
    hand.fold()
    hand.fold()
    assert hand.is_complete and not hand.result.showdown
    assert str(hand) == NO_SHOWDOWN
    assert " shows " not in str(hand)  # R36: the winner need not show


def test_print_hand_reveal_and_in_progress() -> None:
    hand = Hand(GameConfig(small_blind=1, big_blind=2), [100, 100], button=0,
                hole_cards=["AsAh", "KsKh"], board="2c3d4h5s9c")
    text = describe(hand, reveal=True)
    assert "seat 1 is dealt KsKh" in text and "seat 0 is dealt AsAh" in text
    assert str(hand).endswith("Pots: 2 (seats 0 1), 1 (seats 1)\nTo act: seat 0 may fold, call 1, raise to 4..100")


def test_account_module_does_not_import_hand() -> None:
    """hand.py imports account.py (for ``print(hand)``); account.py must not import hand.py back."""
    import ast
    from pathlib import Path

    import fastholdem.game.account as account

    tree = ast.parse(Path(account.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert "hand" not in imported and not any(m.endswith(".hand") for m in imported)
