"""Replays real PHH hands and checks every recorded ``finishing_stacks``; PHH round trips.

The default run replays the sample shipped in ``tests/data/phh`` (MIT, see its README.md).
Set ``FASTHOLDEM_PHH_DIR`` to a copy of the full corpus (1,932 hands) to replay all of it;
CI does.
"""

from __future__ import annotations

import json
import os
import random
from decimal import Decimal
from pathlib import Path

import pytest

from fastholdem import HandHistoryError, phh
from fastholdem.game import Bet, GameConfig, Hand, RaiseTo, Structure

SAMPLE_DIR = Path(__file__).resolve().parents[1] / "data" / "phh"
PHH_DIR = Path(os.environ.get("FASTHOLDEM_PHH_DIR") or SAMPLE_DIR)
FILES = sorted(PHH_DIR.rglob("*.phh"))


def test_corpus_is_complete() -> None:
    assert PHH_DIR.is_dir(), f"FASTHOLDEM_PHH_DIR={PHH_DIR} is not a folder"
    manifest = [json.loads(line) for line in (PHH_DIR / "manifest.jsonl").read_text().splitlines() if line]
    assert sorted(str(p.relative_to(PHH_DIR)) for p in FILES) == sorted(row["path"] for row in manifest)
    if PHH_DIR == SAMPLE_DIR:
        assert len(FILES) == 328
        assert all((SAMPLE_DIR / name).is_file() for name in ("LICENSE-pokerkit", "LICENSE-phh-dataset", "README.md"))
    else:
        assert len(FILES) == 1932


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(PHH_DIR)))
def test_replay_finds_recorded_finishing_stacks(path: Path) -> None:
    hh = phh.load(path)
    assert hh.finishing_stacks is not None
    hand = hh.replay()
    assert hand.is_complete
    assert hand.stacks == hh.finishing_stacks
    assert sum(hand.result.payoffs) == 0
    # Writing the replayed hand and reading it back gives the same hand.
    text = phh.dumps(hand)
    again = phh.loads(text).replay()
    assert again.stacks == hand.stacks
    assert again.board == hand.board and again.hole_cards == hand.hole_cards
    assert phh.dumps(again) == text


HEADER = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
"""


def test_phh_strict_order_nothing_inferred() -> None:
    deal = '"d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd"'
    ok = phh.loads(HEADER + f'actions = [{deal}, "p3 cbr 6", "p1 f", "p2 f"]\n').replay()
    assert ok.stacks == [99, 98, 103]
    with pytest.raises(HandHistoryError, match="seat 2's turn"):
        phh.loads(HEADER + f'actions = [{deal}, "p1 f"]\n').replay()  # out of turn
    with pytest.raises(HandHistoryError, match="before the hand is complete"):
        phh.loads(HEADER + f'actions = [{deal}, "p3 cbr 6", "p1 f"]\n').replay()
    with pytest.raises(HandHistoryError, match="unknown action"):
        phh.loads(HEADER + f'actions = [{deal}, "p3 xx"]\n').replay()
    with pytest.raises(HandHistoryError, match="seat 0 next"):
        phh.loads(HEADER + 'actions = ["d dh p2 AsKs"]\n').replay()


def test_phh_decimal_chips_exact() -> None:
    text = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [200.30, 81.60, 197]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 3.00', 'p2 f']
finishing_stacks = [201.30, 80.60, 197]
"""
    hh = phh.loads(text)
    assert hh.scale == 100
    hand = hh.replay()
    assert hand.stacks == [Decimal("201.3"), Decimal("80.6"), Decimal("197")]
    assert hand.stacks == hh.finishing_stacks
    assert phh.loads(phh.dumps(hand)).replay().stacks == hand.stacks


def test_phh_heads_up_blinds_reversed() -> None:
    text = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 60]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"]
"""
    hand = phh.loads(text).replay()
    # p2 is the button and posts the small blind heads-up; it acts first and folds.
    assert hand.stacks == [51, 59]


def test_phh_showdown_unknown_cards_need_show() -> None:
    deal = '"d dh p1 ????", "d dh p2 ????", "d dh p3 ????"'
    rest = '"p3 f", "p1 cc", "p2 cc", "d db AsKsQs", "p1 cc", "p2 cc", "d db 2c", "p1 cc", "p2 cc", "d db 3d", "p1 cc", "p2 cc"'
    with pytest.raises(HandHistoryError, match="unknown"):
        phh.loads(HEADER + f"actions = [{deal}, {rest}]\n").replay()
    shown = phh.loads(HEADER + f'actions = [{deal}, {rest}, "p1 sm JsTs", "p2 sm 7c2d"]\n').replay()
    assert shown.stacks == [102, 98, 100]
    mucked = phh.loads(HEADER + f'actions = [{deal}, {rest}, "p1 sm JsTs", "p2 sm"]\n').replay()
    assert mucked.stacks == [102, 98, 100] and mucked.result.pots[0].eligible == (0,)


def _random_hand(seed: int, structure: Structure) -> Hand:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    cfg = GameConfig(structure, 1, 2, ante=rng.choice([0, 1]))
    hand = Hand(cfg, [rng.randint(3, 300) for _ in range(n)], button=rng.randrange(n), seed=seed)
    while hand.actor is not None:
        legal = hand.legal_actions()
        r = rng.random()
        if legal.min_to is not None and r < 0.3:
            amount = rng.randint(legal.min_to, legal.max_to)
            hand.apply(Bet(amount) if legal.bet else RaiseTo(amount))
        elif legal.call and r < 0.45:
            hand.fold()
        else:
            hand.check() if legal.check else hand.call()
    return hand


@pytest.mark.parametrize("structure", list(Structure), ids=lambda s: s.value)
def test_played_hand_round_trips_through_phh(structure: Structure) -> None:
    for seed in range(40):
        hand = _random_hand(seed, structure)
        text = phh.dumps(hand)
        again = phh.loads(text).replay()
        order = [(hand.button + 1 + k) % hand.n for k in range(hand.n)]
        assert again.stacks == [hand.stacks[s] for s in order]
        assert again.hole_cards == [hand.hole_cards[s] for s in order]
        assert again.board == hand.board
        played = [(e.kind, e.amount, e.to) for e in hand.history if e.kind in ("fold", "check", "call", "bet", "raise")]
        replayed = [(e.kind, e.amount, e.to) for e in again.history if e.kind in ("fold", "check", "call", "bet", "raise")]
        assert played == replayed
        assert phh.dumps(again) == text
