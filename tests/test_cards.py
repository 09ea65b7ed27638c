"""Cards, ids and text (R1, R2): parsing and formatting round trips, bad tokens, duplicates."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fastholdem import CardError, Deck, card, card_str, cards_mask, cards_str, parse_cards
from fastholdem.cards import RANKS, SUITS

ALL_TEXT = [r + s for r in "23456789TJQKA" for s in "cdhs"]


# --- R1: the deck ------------------------------------------------------------------------


def test_r1_deck_has_52_distinct_cards_13_ranks_4_suits() -> None:
    texts = [card_str(c) for c in range(52)]
    assert len(set(texts)) == 52
    assert {t[0] for t in texts} == set("23456789TJQKA")
    assert {t[1] for t in texts} == set("cdhs")
    assert RANKS == "23456789TJQKA" and SUITS == "cdhs"


def test_r1_seeded_deck_deals_every_card_once() -> None:
    deck = Deck(seed=11)
    dealt = deck.draw(52)
    assert sorted(dealt) == list(range(52))
    assert len(deck) == 0
    with pytest.raises(CardError, match="cannot draw 1 cards: 0 left"):
        deck.draw(1)


def test_deck_same_seed_same_order_and_exclude() -> None:
    assert Deck(seed=3).draw(52) == Deck(seed=3).draw(52)
    assert Deck(seed=3).draw(52) != Deck(seed=4).draw(52)
    deck = Deck(seed=5, exclude=[0, 51])
    assert len(deck) == 50 and not {0, 51} & set(deck.draw(50))


# --- R2: ids and text --------------------------------------------------------------------


def test_r2_card_ids_follow_four_rank_plus_suit() -> None:
    assert card("As") == 51
    assert card_str(51) == "As"
    assert (card("2c"), card("2d"), card("2h"), card("2s")) == (0, 1, 2, 3)
    assert (card("Ac"), card("Kd"), card("Th"), card("9s")) == (48, 45, 34, 31)
    for cid in range(52):
        assert cid == 4 * RANKS.index(card_str(cid)[0]) + SUITS.index(card_str(cid)[1])
        assert card(card_str(cid)) == cid
        assert card(cid) == cid


@pytest.mark.parametrize("cid", range(52))
def test_r2_text_accepts_any_case_and_ten_as_10(cid: int) -> None:
    text = ALL_TEXT[cid]
    variants = {text, text.lower(), text.upper(), text[0].lower() + text[1].upper()}
    if text[0] == "T":
        variants |= {"10" + text[1], "10" + text[1].upper()}
    for v in variants:
        assert card(v) == cid, v
    assert card_str(cid) == text  # output is always rank upper, suit lower


def test_r2_card_accepts_numpy_integers_and_rejects_other_types() -> None:
    assert card(np.uint8(51)) == 51 and card(np.int64(0)) == 0  # type: ignore[arg-type]
    for bad in (51.0, None, True, b"As", [51]):
        with pytest.raises(CardError, match="bad card"):
            card(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad_id", [-1, 52, 255, 2**40, np.int64(-1), np.uint8(52)])
def test_r2_card_ids_outside_0_51_are_rejected(bad_id: int) -> None:
    with pytest.raises(CardError, match=rf"bad card id {int(bad_id)}\b"):
        card(bad_id)
    with pytest.raises(CardError):
        card_str(bad_id)


@pytest.mark.parametrize("token", ["", "A", "Ax", "1s", "11h", "0h", "Zs", "Ass", "A s", "10", "T10", "sA"])
def test_r2_card_rejects_bad_text_naming_it(token: str) -> None:
    with pytest.raises(CardError) as info:
        card(token)
    assert repr(token) in str(info.value)


def test_card_text_tolerates_surrounding_whitespace() -> None:
    assert card(" As\n") == 51


def test_card_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        card("Xx")


# --- R2: parsing hands and boards ----------------------------------------------------------


@pytest.mark.parametrize(
    "spec",
    ["AsKd", "As Kd", "As,Kd", "As, Kd", "  As\tKd\n", "asKD", "AS kd", ["As", "Kd"], ("As", 45), [51, 45],
     iter(["As", "Kd"]), np.array([51, 45])],
)
def test_r2_parse_cards_forms(spec: object) -> None:
    assert parse_cards(spec) == [51, 45]  # type: ignore[arg-type]


def test_r2_parse_cards_ten_as_10_and_order_kept() -> None:
    assert parse_cards("10h") == [34]
    assert parse_cards("10h9c10s") == [34, 28, 35]
    assert parse_cards("Th 10d") == [34, 33]
    assert parse_cards("2c3d4h") == [0, 5, 10]
    assert parse_cards(None) == [] and parse_cards("") == [] and parse_cards([]) == []


@pytest.mark.parametrize(
    ("spec", "token"),
    [("AsKx", "Kx"), ("As Kx", "Kx"), ("AsKdXx", "Xx"), ("Zz", "Zz"), ("As 1h", "1h"), ("As,,Qq", "Qq"),
     (["As", "Kx"], "Kx"), (["As", 52], "52"), ([51, -3], "-3")],
)
def test_r2_parse_cards_names_the_bad_token(spec: object, token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(spec)  # type: ignore[arg-type]
    assert token in str(info.value)


@pytest.mark.parametrize("spec", ["AsKdAs", "As as", ["As", 51], "Th10h"])
def test_r2_parse_cards_rejects_duplicates_naming_the_card(spec: object) -> None:
    with pytest.raises(CardError, match=r"duplicate card (As|Th)\b"):
        parse_cards(spec)  # type: ignore[arg-type]


def test_parse_cards_duplicates_allowed_when_not_unique() -> None:
    assert parse_cards("AsAs", unique=False) == [51, 51]


def test_cards_str_and_mask() -> None:
    assert cards_str([51, 45]) == "AsKd"
    assert cards_str([51, 45], sep=" ") == "As Kd"
    assert cards_str([]) == ""
    assert cards_mask([0, 51]) == (1 << 51) | 1
    assert cards_mask(range(52)) == (1 << 52) - 1
    assert cards_mask([]) == 0


@settings(max_examples=200, deadline=None)
@given(ids=st.lists(st.integers(0, 51), unique=True, max_size=12), sep=st.sampled_from(["", " ", ",", ", "]))
def test_r2_text_round_trip(ids: list[int], sep: str) -> None:
    text = cards_str(ids, sep=sep)
    assert parse_cards(text) == ids
    assert parse_cards(text.upper()) == ids
    assert parse_cards(text.lower()) == ids
    assert cards_mask(ids) == sum(1 << c for c in ids)
