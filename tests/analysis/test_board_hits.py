"""Range hit charts (``fastholdem.board_hits``): hand-picked boards and a brute-force oracle.

The oracle works card by card in plain Python: it deals every live next card and asks
whether that card completes a flush or a higher straight than the board alone would make,
scanning rank sets and suit counts directly (no bit masks, no evaluator).
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from fastholdem import HandCategory, Range, board_hits, category, evaluate, parse_cards
from fastholdem.analysis.board_hits import DRAWS

FD, OESD, GUT = (DRAWS.index(d) for d in ("flush draw", "OESD", "gutshot"))


def _straight_high(cards: list[int]) -> int:
    """Top rank of the highest five consecutive ranks among ``cards`` (wheel = 3), or -1."""
    ranks = {c // 4 for c in cards}
    if 12 in ranks:
        ranks.add(-1)  # the ace plays low too
    for top in range(12, 2, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    return -1


def _below(cards: list[int], what: HandCategory) -> bool:
    """Whether ``cards`` make less than a straight (``what=STRAIGHT``) or a flush (``FLUSH``)."""
    suits = Counter(c % 4 for c in cards)
    ranks = sorted(Counter(c // 4 for c in cards).values(), reverse=True)
    flush = max(suits.values()) >= 5
    boat_or_quads = ranks[0] >= 4 or (ranks[0] == 3 and len(ranks) > 1 and ranks[1] >= 2)
    if what is HandCategory.FLUSH:
        return not flush and not boat_or_quads
    return _straight_high(cards) < 0 and not flush and not boat_or_quads


def _brute(hole: list[int], board: list[int]) -> tuple[bool, int]:
    """(flush draw, number of straight out ranks) of one combo, by dealing every next card."""
    if len(board) == 5:
        return False, 0
    cards = hole + board
    live = [c for c in range(52) if c not in cards]
    flush_draw = _below(cards, HandCategory.FLUSH) and any(
        sum(1 for x in cards + [c] if x % 4 == c % 4) >= 5 and any(h % 4 == c % 4 for h in hole)
        for c in live
    )
    outs = set()
    if _below(cards, HandCategory.STRAIGHT):
        for c in live:
            if _straight_high(cards + [c]) > _straight_high(board + [c]):
                outs.add(c // 4)
    return flush_draw, len(outs)


def _hits(range_text: str, board: str) -> dict[str, tuple[bool, bool, bool, HandCategory]]:
    hits = board_hits(Range(range_text), board)
    out = {}
    for (a, b), row, cat in zip(hits.combos.tolist(), hits.draws.tolist(), hits.category.tolist()):
        from fastholdem import card_str

        out[card_str(a) + card_str(b)] = (row[FD], row[OESD], row[GUT], HandCategory(cat))
    return out


def test_board_hits_flush_draw_two_hole_cards_and_one() -> None:
    h = _hits("AhKh, AsKh, AsKd, 9h8c", "Th7h2s")
    assert h["AhKh"][0] and not h["AsKh"][0] and not h["AsKd"][0]
    h = _hits("AhKd, AsKd, AhKh", "Th7h2h")  # monotone flop: one heart in hand is a draw
    assert h["AhKd"][0] and not h["AsKd"][0]
    assert not h["AhKh"][0] and h["AhKh"][3] is HandCategory.FLUSH  # made flush, no draw


def test_board_hits_four_board_cards_of_a_suit_are_not_a_draw_of_the_combo() -> None:
    h = _hits("AsKd, AhKd", "Th7h2h5c".replace("5c", "5h"))  # four hearts on the turn
    assert not h["AsKd"][0]  # the board's draw, not the combo's
    assert h["AhKd"][3] is HandCategory.FLUSH


def test_board_hits_open_ended_double_gutshot_and_gutshots() -> None:
    h = _hits("9s8s, Js8d, Ac2d, KdJc, 6c5d, Ah3c", "Th7h2s")
    assert h["9s8s"][1:3] == (True, False)  # 7-8-9-T: a six or a jack
    assert h["Js8d"][1:3] == (False, True)  # 7-8-T-J: a nine only
    assert h["Ac2d"][1:3] == (False, False)
    assert h["KdJc"][1:3] == (False, False)  # K-J-T: two ranks missing
    assert h["6c5d"][1:3] == (False, False)  # 5-6-7: two ranks missing
    h = _hits("Jc8d, Ad2c, AdQc", "9h7s5cKd")
    assert h["Jc8d"][1:3] == (True, False)  # double gutshot: a ten (7-J) or a six (5-9)
    assert h["AdQc"][1:3] == (False, False)
    h = _hits("Ad2c, AdQc, QsJs", "4h3s9cKd")
    assert h["Ad2c"][1:3] == (False, True)  # wheel draw A-2-3-4: a five only
    h = _hits("QsJs, AdQc", "AhKc5d")
    assert h["QsJs"][1:3] == (False, True)  # broadway J-Q-K-A: a ten only
    assert h["AdQc"][1:3] == (False, False)


def test_board_hits_board_straight_outs_do_not_count() -> None:
    # 5-6-7-8 on the board: a four or a nine straightens the board for everyone.
    h = _hits("Ac2d, JcTd, 9c2d, Tc2d", "5h6s7c8d")
    assert h["Ac2d"][1:3] == (False, False)
    assert h["JcTd"][1:3] == (False, True)  # only a nine gives this combo a higher straight
    assert h["9c2d"][3] is HandCategory.STRAIGHT and h["9c2d"][1:3] == (False, False)
    assert h["Tc2d"][1:3] == (False, True)  # a nine: 6-T beats the board's 5-9


def test_board_hits_made_straights_and_flushes_have_no_weaker_draws() -> None:
    h = _hits("Tc6d, Th6h, JcTd", "9h8h7s")
    assert h["Tc6d"][3] is HandCategory.STRAIGHT and h["Tc6d"][1:3] == (False, False)
    assert h["Th6h"][0]  # a made straight with a flush draw keeps the flush draw
    assert h["JcTd"][3] is HandCategory.STRAIGHT


def test_board_hits_river_has_no_draws() -> None:
    hits = board_hits(Range("random"), "Th7h2s3h4d")
    assert not hits.draws.any() and not hits.outs.any()
    assert hits.share("flush draw") == 0.0


def test_board_hits_categories_are_those_of_evaluate() -> None:
    hits = board_hits(Range("22+, A2s+, K9o+, 76s, 54s"), "Td7c2s5d")
    for (a, b), cat in zip(hits.combos.tolist(), hits.category.tolist()):
        assert cat == category(evaluate([a, b, *parse_cards("Td7c2s5d")]))
    assert sum(hits.share(c) for c in HandCategory) == pytest.approx(1.0)


@pytest.mark.parametrize("seed", range(4))
def test_board_hits_agree_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    board = rng.sample(range(52), 3 + seed % 2)
    weights = np.array([rng.choice([0.25, 0.5, 1.0]) for _ in range(1326)])
    r = Range.from_combos(Range("random").combos, weights)
    hits = board_hits(r, board)
    totals: Counter[str] = Counter()
    for (a, b), w, row, outs in zip(hits.combos.tolist(), hits.weights.tolist(), hits.draws.tolist(),
                                    hits.outs.tolist()):
        flush_draw, n_outs = _brute([a, b], board)
        assert (row[FD], outs) == (flush_draw, n_outs), (a, b, board)
        assert (row[OESD], row[GUT]) == (n_outs >= 2, n_outs == 1)
        totals["flush draw"] += w * flush_draw
        totals["OESD"] += w * (n_outs >= 2)
        totals["flush draw + gutshot"] += w * (flush_draw and n_outs == 1)
    for name, value in totals.items():
        assert hits.share(name) == pytest.approx(value / hits.total)


def test_board_hits_shares_and_combined_labels() -> None:
    hits = board_hits(Range("AhKh, 9s8s, QQ, Jh9h"), "Th7h2s")
    assert hits.total == 9.0
    assert hits.share("flush draw") == pytest.approx(2 / 9)  # AhKh, Jh9h
    assert hits.share("flush draw + gutshot") == pytest.approx(1 / 9)  # Jh9h: 7-9-T-J, an eight
    assert hits.share("OESD") == pytest.approx(1 / 9)
    assert hits.share(HandCategory.ONE_PAIR) == hits.share("one pair") == pytest.approx(6 / 9)
    labels = dict(hits.rows())
    assert labels["flush draw + gutshot"] == pytest.approx(1 / 9)
    pair_fd = board_hits(Range("AhTd, AsTd"), "Th7h2h")
    assert pair_fd.share("ONE_PAIR + flush draw") == 0.5
    assert dict(pair_fd.rows())["one pair + flush draw"] == 0.5
    assert pair_fd.to_dict()["shares"]["flush draw"] == 0.5
    with pytest.raises(ValueError, match="unknown hit"):
        hits.share("backdoor")


def test_board_hits_refuses_bad_boards_and_empty_ranges() -> None:
    with pytest.raises(ValueError, match="3, 4 or 5"):
        board_hits(Range("AA"), "AhKd")
    with pytest.raises(ValueError, match="no combo left"):
        board_hits(Range("AhKh"), "Ah7c2d")
