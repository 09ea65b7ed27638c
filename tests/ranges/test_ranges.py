"""Tests for fastholdem.ranges: range grammar, weights, dead-card removal, text round-trips."""

from __future__ import annotations

import itertools
import re
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fastholdem
from fastholdem import CardError, Range, RangeError, card, card_str
from fastholdem.ranges import N_COMBOS

RANKS = "23456789TJQKA"


def combo_texts(r: Range) -> set[str]:
    """The combos of ``r`` as texts such as ``"AhKh"`` (higher id first)."""
    return {card_str(a) + card_str(b) for (a, b), _ in r}


def brute_class(high: str, low: str, kind: str) -> set[str]:
    """Every combo of a hand class, built independently of the parser."""
    out = set()
    for s1, s2 in itertools.product("cdhs", repeat=2):
        a, b = card(high + s1), card(low + s2)
        if a == b or (high == low and a < b):
            continue
        if kind == "s" and s1 != s2 or kind == "o" and s1 == s2:
            continue
        hi, lo = max(a, b), min(a, b)
        out.add(card_str(hi) + card_str(lo))
    return out


# --- counts for each form -------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("AA", 6),
        ("QQ", 6),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("TT+", 30),
        ("22+", 78),
        ("AA+", 6),
        ("22-55", 24),
        ("55-22", 24),
        ("A2s+", 48),
        ("A2o+", 144),
        ("A2+", 192),
        ("KTo+", 36),
        ("KQ+", 16),
        ("T9s+", 4),
        ("A5s-A2s", 16),
        ("A2s-A5s", 16),
        ("K9-K6", 64),
        ("AhKh", 1),
        ("random", N_COMBOS),
        ("*", N_COMBOS),
        ("any", N_COMBOS),
        ("TT+, AKs", 34),
        ("AK AKs AKo", 16),
        ("aks", 4),
        ("AKS", 4),
        ("kQo", 12),
    ],
)
def test_range_counts(text: str, count: int) -> None:
    assert len(Range(text)) == count


# --- exact combos ---------------------------------------------------------------------

def test_range_exact_combos_suited() -> None:
    assert Range("AKs").combos.tolist() == [[51, 47], [50, 46], [49, 45], [48, 44]]


def test_range_exact_combos_pair_and_specific() -> None:
    assert combo_texts(Range("22")) == {"2d2c", "2h2c", "2s2c", "2h2d", "2s2d", "2s2h"}
    assert combo_texts(Range("AhKh")) == {"AhKh"}
    assert combo_texts(Range("khah")) == {"AhKh"}
    assert combo_texts(Range("10h9h")) == {"Th9h"}


@pytest.mark.parametrize(("high", "low"), [("A", "K"), ("7", "2"), ("Q", "J"), ("T", "9")])
@pytest.mark.parametrize("kind", ["s", "o", ""])
def test_range_class_matches_brute_force(high: str, low: str, kind: str) -> None:
    assert combo_texts(Range(high + low + kind)) == brute_class(high, low, kind)


def test_range_random_is_every_combo() -> None:
    expected = {
        card_str(max(a, b)) + card_str(min(a, b)) for a, b in itertools.combinations(range(52), 2)
    }
    assert combo_texts(Range("random")) == expected


@pytest.mark.parametrize(
    ("text", "expanded"),
    [
        ("TT+", "TT, JJ, QQ, KK, AA"),
        ("22-55", "22 33 44 55"),
        ("A2s+", "A2s,A3s,A4s,A5s,A6s,A7s,A8s,A9s,ATs,AJs,AQs,AKs"),
        ("KTo+", "KTo, KJo, KQo"),
        ("KQ+", "KQs, KQo"),
        ("QT+", "QTs, QTo, QJs, QJo"),
        ("A5s-A2s", "A5s, A4s, A3s, A2s"),
        ("AK", "AKs, AKo"),
        ("KAs", "AKs"),
        ("AK-AJ", "AKs, AQs, AJs, AKo, AQo, AJo"),
        ("AA-KK", "KK, AA"),
        ("22 - 55", "22-55"),
        ("AA,KK  QQ,,JJ", "JJ+"),
    ],
)
def test_range_forms_expand(text: str, expanded: str) -> None:
    assert Range(text) == Range(expanded)


def test_range_combos_shape_dtype_order() -> None:
    r = Range("random")
    combos = r.combos
    assert combos.shape == (N_COMBOS, 2)
    assert combos.dtype == np.uint8
    assert (combos[:, 0] > combos[:, 1]).all()
    assert len({tuple(row) for row in combos.tolist()}) == N_COMBOS
    keys = [(-int(a), -int(b)) for a, b in combos]
    assert keys == sorted(keys)
    assert r.weights.shape == (N_COMBOS,)
    assert r.weights.dtype == np.float64


def test_range_order_is_independent_of_text_order() -> None:
    a, b = Range("72o, AA, KQs, 5h4h"), Range("5h4h KQs AA 72o")
    assert np.array_equal(a.combos, b.combos)
    assert a == b


def test_range_overlapping_tokens_kept_once() -> None:
    r = Range("AK, AKs, AcKc, A2s+")
    assert len(r) == 12 + 48
    assert len({tuple(row) for row in r.combos.tolist()}) == len(r)


def test_range_arrays_are_read_only() -> None:
    r = Range("AA")
    with pytest.raises(ValueError):
        r.combos[0, 0] = 0
    with pytest.raises(ValueError):
        r.weights[0] = 0.5


# --- weights --------------------------------------------------------------------------

def test_range_weights_default_to_one() -> None:
    assert Range("TT+, AKs").weights.tolist() == [1.0] * 34


def test_range_weight_syntax() -> None:
    r = Range("AA:0.5, KK:.25 QQ : 1")
    weights = {card_str(a) + card_str(b): w for (a, b), w in r}
    assert weights["AsAh"] == 0.5
    assert weights["KsKh"] == 0.25
    assert weights["QsQh"] == 1.0
    assert sorted(r.weights.tolist()) == [0.25] * 6 + [0.5] * 6 + [1.0] * 6


def test_range_last_weight_wins() -> None:
    assert Range("TT+, AA:0.5") == Range("KK-TT, AA:0.5")
    assert Range("AA:0.5, TT+") == Range("TT+")
    r = Range("random:0.1, AhKh")
    assert len(r) == N_COMBOS
    assert sorted(set(r.weights.tolist())) == [0.1, 1.0]
    assert dict(r)[(card("Ah"), card("Kh"))] == 1.0


def test_range_weight_applies_to_every_combo_of_token() -> None:
    r = Range("A2s+:0.3")
    assert len(r) == 48
    assert set(r.weights.tolist()) == {0.3}


# --- dead cards -----------------------------------------------------------------------

def test_range_without_board_text() -> None:
    r = Range("AA, KK, AKs")
    left = r.without("As Kd 2c")
    assert len(left) == 3 + 3 + 2
    assert combo_texts(left) == {"AhAd", "AhAc", "AdAc", "KsKh", "KsKc", "KhKc", "AhKh", "AcKc"}
    assert len(r) == 16  # the original is untouched


@pytest.mark.parametrize("cards", ["AsKd", "As,Kd", ["As", "Kd"], [51, 45], np.array([51, 45])])
def test_range_without_card_forms(cards: object) -> None:
    assert Range("AK").without(cards) == Range("AK").without("As").without("Kd")
    assert len(Range("AK").without(cards)) == 9


def test_range_without_single_id_and_nothing() -> None:
    r = Range("AA:0.5")
    assert len(r.without(51)) == 3
    assert r.without([]) == r
    assert r.without(None) == r
    assert set(r.without(51).weights.tolist()) == {0.5}


def test_range_without_other_players_hand_and_everything() -> None:
    hero = Range("AhKh")
    assert Range("AK").without(hero.combos[0]) == Range("AK").without("Ah Kh")
    assert len(Range("AA").without("As Ah Ad")) == 0
    assert len(Range("AA").without("As Ah Ad Ac")) == 0


def test_range_without_bad_card() -> None:
    with pytest.raises(CardError, match="Zz"):
        Range("AA").without("AsZz")
    with pytest.raises(CardError):
        Range("AA").without([52])


# --- errors ---------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("AKx", "AKx"),
        ("AA, AKx, KK", "AKx"),
        ("QQs", "QQs"),
        ("QQo+", "QQo+"),
        ("AA-KQ", "AA-KQ"),
        ("A5s-A2o", "A5s-A2o"),
        ("A5s-K2s", "A5s-K2s"),
        ("22-AKs", "22-AKs"),
        ("A2s+-A5s", "A2s+-A5s"),
        ("AhAh", "AhAh"),
        ("AhKx", "AhKx"),
        ("A", "A"),
        ("AKQ", "AKQ"),
        ("1010", "1010"),
        ("AA:0", "AA:0"),
        ("AA:1.5", "AA:1.5"),
        ("AA:-1", "AA:-1"),
        ("AA:x", "AA:x"),
        ("AA:nan", "AA:nan"),
        ("AA:", "AA:"),
        (":0.5", ":0.5"),
        ("randoms", "randoms"),
    ],
)
def test_range_bad_token_is_named(text: str, token: str) -> None:
    with pytest.raises(RangeError, match=re.escape(repr(token))):
        Range(text)


@pytest.mark.parametrize("text", ["", "   ", " , ,"])
def test_range_empty_text(text: str) -> None:
    with pytest.raises(RangeError, match="empty"):
        Range(text)


def test_range_error_is_value_error() -> None:
    with pytest.raises(ValueError):
        Range("AKx")


def test_range_rejects_non_text() -> None:
    with pytest.raises(TypeError):
        Range(["AA"])  # type: ignore[arg-type]


# --- from_combos ----------------------------------------------------------------------

def test_range_from_combos_forms() -> None:
    expected = Range("AhKh, AsAd")
    assert Range.from_combos(["AhKh", "AdAs"]) == expected
    assert Range.from_combos([("Kh", "Ah"), (49, 51)]) == expected
    assert Range.from_combos(np.array([[46, 50], [51, 49]], dtype=np.int64)) == expected
    assert Range.from_combos(expected.combos) == expected


def test_range_from_combos_weights_and_duplicates() -> None:
    r = Range.from_combos(["AhKh", "AsAd", "KhAh"], [0.5, 1.0, 0.25])
    assert len(r) == 2
    assert dict(r) == {(card("As"), card("Ad")): 1.0, (card("Ah"), card("Kh")): 0.25}


def test_range_from_combos_round_trips_arrays() -> None:
    r = Range("JJ+:0.25, AK, 76s:0.5")
    assert Range.from_combos(r.combos, r.weights) == r


def test_range_from_combos_empty() -> None:
    r = Range.from_combos([])
    assert len(r) == 0
    assert r.combos.shape == (0, 2)
    assert r.weights.shape == (0,)
    assert str(r) == ""
    assert Range.from_combos(np.zeros((0, 2), dtype=np.uint8)) == r


@pytest.mark.parametrize(
    ("combos", "weights", "error"),
    [
        (["AhAh"], None, RangeError),
        ([(5, 5)], None, RangeError),
        ([(1, 2, 3)], None, RangeError),
        (np.zeros((2, 3), dtype=np.uint8), None, RangeError),
        (["AhKh"], [0.0], RangeError),
        (["AhKh"], [1.5], RangeError),
        (["AhKh"], [float("nan")], RangeError),
        (["AhKh", "AsKs"], [0.5], RangeError),
        ([(51, 52)], None, CardError),
        (["AhKx"], None, RangeError),
        ("AhKh", None, TypeError),
    ],
)
def test_range_from_combos_errors(combos: object, weights: object, error: type) -> None:
    with pytest.raises(error):
        Range.from_combos(combos, weights)  # type: ignore[arg-type]


# --- protocol methods -----------------------------------------------------------------

def test_range_iter_yields_combo_and_weight() -> None:
    items = list(Range("AKs:0.5"))
    assert items[0] == ((51, 47), 0.5)
    assert len(items) == 4
    assert all(isinstance(a, int) and isinstance(w, float) for (a, _), w in items)


def test_range_contains() -> None:
    r = Range("AKs, 72o")
    assert "AhKh" in r
    assert "KhAh" in r
    assert "ahkh" in r
    assert "AhKd" not in r
    assert "7h2c" in r
    assert (card("As"), card("Ks")) in r
    assert [51, 46] not in r
    assert 51 not in r
    with pytest.raises(RangeError, match="'AKs'"):
        "AKs" in r  # noqa: B015


def test_range_is_single_hand() -> None:
    assert Range("AhKh").is_single_hand
    assert Range("AhKh:0.5").is_single_hand
    assert not Range("AKs").is_single_hand
    assert Range("AKs").without("As Kd Kh").is_single_hand
    assert not Range.from_combos([]).is_single_hand


def test_range_equality_and_hash() -> None:
    assert Range("AKs") == Range("aks")
    assert Range("AKs") != Range("AKs:0.5")
    assert Range("AKs") != Range("AKo")
    assert Range("AKs") != "AKs"
    assert hash(Range("TT+")) == hash(Range("AA KK QQ JJ TT"))
    assert len({Range("TT+"), Range("AA-TT"), Range("AKs")}) == 2


def test_range_repr_and_str() -> None:
    assert repr(Range("tt+ aks")) == "Range('TT+, AKs')"
    assert repr(Range.from_combos([])) == "Range.from_combos([])"
    assert str(Range("A2s+, KTo+, KQ, 55-22, AhKd, AA:0.5")) == (
        "55-22, A2s+, KQs, KTo+, AhKd, AA:0.5"
    )
    assert str(Range("random")) == "random"
    assert str(Range("AK, AQs")) == "AK, AQs"
    assert str(Range("A9s-A6s, A5o-A3o")) == "A9s-A6s, A5o-A3o"
    r = Range("JJ+, AKs")
    assert eval(repr(r), {"Range": Range}) == r


def test_range_is_reexported() -> None:
    assert fastholdem.Range is Range
    assert "Range" in fastholdem.__all__


# --- round trips ----------------------------------------------------------------------

@pytest.mark.parametrize(
    "text",
    [
        "AA",
        "TT+, AKs",
        "22-55, A2s+, KTo+, QJ",
        "random",
        "random:0.5",
        "AhKh",
        "AK:0.75, AKs",
        "JJ+:0.25, AQ+:0.5, 76s, 5h4h:0.125",
        "AK, AQs, AJo, A9s-A6s, 33",
        "A2s+, ATo+, K9s-K5s",
    ],
)
def test_range_text_round_trip(text: str) -> None:
    r = Range(text)
    assert Range(str(r)) == r


_CLASS_TOKENS = [r + r for r in RANKS] + [
    f"{RANKS[h]}{RANKS[k]}{kind}" for h in range(13) for k in range(h) for kind in "so"
]
_WEIGHTS = st.sampled_from([1.0, 1.0, 0.5, 0.25, 1 / 3, 0.1])


@settings(max_examples=200, deadline=None)
@given(
    classes=st.lists(st.tuples(st.sampled_from(_CLASS_TOKENS), _WEIGHTS), max_size=60),
    combos=st.lists(
        st.tuples(st.integers(0, 51), st.integers(0, 51), _WEIGHTS).filter(lambda t: t[0] != t[1]),
        max_size=20,
    ),
)
def test_range_text_round_trip_hypothesis(
    classes: list[tuple[str, float]], combos: list[tuple[int, int, float]]
) -> None:
    tokens = [f"{t}:{w!r}" for t, w in classes]
    tokens += [f"{card_str(a)}{card_str(b)}:{w!r}" for a, b, w in combos]
    if not tokens:
        tokens = ["AA"]
    r = Range(", ".join(tokens))
    assert Range(str(r)) == r
    assert Range.from_combos(r.combos, r.weights) == r


@settings(max_examples=100, deadline=None)
@given(dead=st.lists(st.integers(0, 51), max_size=7))
def test_range_without_matches_set_filter(dead: list[int]) -> None:
    r = Range("22+, A2s+, KTo+, QJ:0.5, 76s:0.25")
    left = r.without(dead)
    expected = {(a, b): w for (a, b), w in r if a not in dead and b not in dead}
    assert dict(left) == expected


# --- cross-check against eval7 --------------------------------------------------------

@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        ("TT+", "TT+"),
        ("22-55", "22-55"),
        ("AK", "AK"),
        ("A2s+", "A2s+"),
        ("KTo+", "KTo+"),
        ("KQ+", "KQ+"),
        ("QT+", "QT+"),
        ("A5s-A2s", "A5s-A2s"),
        ("K9-K6", "K9-K6"),
        ("AhKh, 7c2d", "AhKh, 7c2d"),
        ("TT+, AQs+, KQo, 76s, 55-22", "TT+, AQs+, KQo, 76s, 55-22"),
        ("AA:0.4, KK", "40%(AA), KK"),
    ],
)
def test_range_matches_eval7(ours: str, theirs: str, peer: Callable[[str], Any]) -> None:
    eval7 = peer("eval7")
    with warnings.catch_warnings():
        # eval7 calls pyparsing's deprecated camelCase API; that is not our concern here.
        warnings.simplefilter("ignore", DeprecationWarning)
        hands = eval7.HandRange(theirs).hands
    expected = {
        (max(card(str(a)), card(str(b))), min(card(str(a)), card(str(b)))): w
        for (a, b), w in hands
    }
    got = dict(Range(ours))
    assert set(got) == set(expected)
    assert got == pytest.approx(expected)
