"""fastholdem.next_card: each card's equity against equity() with the card added to the
board (hands and ranges, flop and turn, dead cards), and the chances against a count."""

from __future__ import annotations

import json

import numpy as np
import pytest

from fastholdem import CardError, Range, RangeError, card, equity, next_card, parse_cards


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AhKh", "QsQd"], "Td7h2h", None),                  # flop, two hands
        (["AsAd", "8h7h"], "6h5c2hKd", None),                # turn, two hands
        (["AhKh", "QsQd", "9c8c"], "Td7c2h", "Js"),          # three hands, a dead card
        (["AKs,QQ", "JJ,T9s"], "Td7c2s", None),              # ranges on the flop
        (["AA:0.5,KK", "QQ+,AK,T9s"], "Qs9d4c3h", "2d"),      # weighted ranges on the turn
    ],
)
def test_next_card_matches_equity_with_the_card_on_the_board(players: list[str], board: str,
                                                             dead: str | None) -> None:
    r = next_card(players, board, dead, threads=1)
    known = set(parse_cards(board)) | set(parse_cards(dead))
    fixed = {c for p in players if len(parse_cards(p) if len(p) == 4 and p[1].islower() else []) == 2
             for c in parse_cards(p)}
    assert set(r.cards.tolist()) == set(range(52)) - known - fixed
    assert r.equity.shape == (len(r.cards), len(players))
    step = max(1, len(r.cards) // 12)  # a sample of cards for the ranges, every card for hands
    for i in range(0, len(r.cards), 1 if all(len(p) == 4 for p in players) else step):
        expected = equity(players, parse_cards(board) + [int(r.cards[i])], dead, exact=True, threads=1)
        assert np.allclose(r.equity[i], expected.equity, rtol=0, atol=1e-12), r.card_names[i]
    now = equity(players, board, dead, exact=True, threads=1)
    assert np.allclose(r.current, now.equity, rtol=0, atol=1e-12)
    assert np.allclose(r.probability @ r.equity, now.equity, rtol=0, atol=1e-12)
    assert abs(r.probability.sum() - 1) < 1e-12


def test_next_card_chances_are_uniform_for_hands() -> None:
    r = next_card(["AhKh", "QsQd"], "Td7h2h")
    assert len(r.cards) == 45 and np.allclose(r.probability, 1 / 45)


def test_next_card_chances_follow_card_removal_in_ranges() -> None:
    """Against a single-class range, count directly: a card is less likely when the range
    holds it in more of its combos."""
    r = next_card(["AA", "7h6h"], "Kc8d2s", threads=1)  # AA: 6 combos, each holding 2 of the 4 aces
    unseen = 52 - 3 - 2
    aces = {card(c) for c in ("As", "Ah", "Ad", "Ac")}
    for c, p in zip(r.cards.tolist(), r.probability):
        free = 3 if c in aces else 6  # combos of AA that leave card c in the deck
        assert p == pytest.approx(free / (6 * (unseen - 2)), abs=1e-12)


def test_next_card_leaves_out_a_card_every_range_hand_holds() -> None:
    r = next_card(["AsKs,AsQs", "JJ"], "Td7c2h", threads=1)
    assert card("As") not in r.cards.tolist() and card("Ks") in r.cards.tolist()


def test_next_card_outs_and_lookup() -> None:
    r = next_card(["AsAd", "8h7h"], "6h5c2hKd")
    assert r.outs(1) == ["Ah", "Kh", "Qh", "Jh", "Th", "9s", "9h", "9d", "9c", "5h", "4s", "4h", "4d", "4c",
                         "3h"]
    assert r.equity_after("9s").tolist() == [0.0, 1.0]
    with pytest.raises(ValueError, match="Kd cannot come next"):
        r.equity_after("Kd")
    data = json.loads(json.dumps(r.to_dict()))
    assert data["board"] == "6h5c2hKd" and len(data["cards"]) == len(r.cards)
    text = str(r)
    assert text.splitlines()[0].startswith("river card") and "8h7h: ahead after 15 of 44 cards" in text


@pytest.mark.parametrize(("board", "match"), [("", "flop .* or a turn"), ("Td7c2h4s9s", "got 5 cards")])
def test_next_card_needs_a_flop_or_a_turn(board: str, match: str) -> None:
    with pytest.raises(ValueError, match=match):
        next_card(["AhKh", "QsQd"], board)


def test_next_card_rejects_bad_inputs() -> None:
    with pytest.raises(CardError):
        next_card(["AhKh", "QsQd"], "Td7c2h", dead="Ah")
    with pytest.raises(CardError, match="Ah of player 2"):
        next_card(["AhKh", Range("AhKh")], "Td7c2s")
    with pytest.raises(RangeError, match="no hand left"):
        next_card(["AhKh", Range("KsQs,KsJs")], "Td7c2s", dead="Ks")
    with pytest.raises(ValueError, match="threads"):
        next_card(["AhKh", "QsQd"], "Td7c2h", threads=0)
    with pytest.raises(ValueError, match="players"):
        next_card(["AhKh"], "Td7c2h")


def test_next_card_two_wide_ranges_sweep_per_card(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 19, campaign item 4: two wide ranges listed every hand assignment for each next
    # card (`random random` on a flop: 184 s). They are swept once per card now: the
    # enumeration must not run, and every card agrees with equity() with it on the board.
    from fastholdem.analysis import outs

    def no_enumeration(*args: object) -> None:
        raise AssertionError("two sweepable ranges were enumerated")

    monkeypatch.setattr(outs, "_by_enumeration", no_enumeration)
    players, board = ["QQ+,AK,T9s,87s", "random"], "Td7h2h"
    r = next_card(players, board, threads=1)
    assert len(r.cards) == 49
    for i in range(0, len(r.cards), 8):
        expected = equity(players, parse_cards(board) + [int(r.cards[i])], exact=True, threads=1)
        assert np.allclose(r.equity[i], expected.equity, rtol=0, atol=1e-12), r.card_names[i]
    now = equity(players, board, exact=True, threads=1)
    assert np.allclose(r.current, now.equity, rtol=0, atol=1e-12)
    assert abs(r.probability.sum() - 1) < 1e-12
    # The chance of a card follows card removal: it is held by many QQ+/AK combos, so an
    # ace is less likely to come than a deuce (held by no combo of the first range).
    assert r.probability[r.card_names.index("As")] < r.probability[r.card_names.index("2s")]
