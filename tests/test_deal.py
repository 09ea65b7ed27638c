"""fastholdem.deal: distinct cards, uniform rows (chi-square), dead cards, reproducibility
for any thread count, argument checks at the C boundary."""

from __future__ import annotations

import math

import numpy as np
import pytest

from fastholdem import CardError, deal, parse_cards
from fastholdem import _core


def chi_square_z(counts: np.ndarray, expected: float) -> float:
    """Wilson-Hilferty z-score of Pearson's chi-square of ``counts`` against a flat
    ``expected`` count per cell (df = cells - 1): about N(0, 1) for a uniform source."""
    counts = np.asarray(counts, dtype=np.float64).ravel()
    stat = float(((counts - expected) ** 2 / expected).sum())
    df = counts.size - 1
    return ((stat / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))


def assert_rows_distinct(rows: np.ndarray) -> None:
    s = np.sort(rows, axis=1)
    assert not (s[:, 1:] == s[:, :-1]).any()


def test_deal_shape_dtype_and_distinct_cards() -> None:
    for k in (1, 2, 5, 7, 26, 52):
        rows = deal(20_000, k, seed=k)
        assert rows.shape == (20_000, k) and rows.dtype == np.uint8 and rows.flags.c_contiguous
        assert rows.max() <= 51
        assert_rows_distinct(rows)
    full = deal(500, 52, seed=3)  # k = 52: every row is a permutation of the deck
    assert (np.sort(full, axis=1) == np.arange(52)).all()


def test_deal_positions_are_uniform() -> None:
    """Chi-square of the card at each of the 7 positions over 52 cards (357 df in total)."""
    n = 200_000
    rows = deal(n, 7, seed=11)
    counts = np.stack([np.bincount(rows[:, i], minlength=52) for i in range(7)])
    z = chi_square_z(counts, n / 52)
    assert abs(z) < 4, z


def test_deal_ordered_pairs_are_uniform() -> None:
    """Chi-square of the ordered pair at positions (0, 1) and (5, 6): 2,652 cells each."""
    n = 400_000
    rows = deal(n, 7, seed=12).astype(np.intp)
    for i, j in ((0, 1), (5, 6)):
        counts = np.bincount(rows[:, i] * 52 + rows[:, j], minlength=52 * 52).reshape(52, 52)
        assert counts.trace() == 0  # a pair never repeats a card
        off = counts[~np.eye(52, dtype=bool)]
        z = chi_square_z(off, n / (52 * 51))
        assert abs(z) < 4, (i, j, z)


def test_deal_every_ordered_tuple_of_a_small_deck_is_equally_likely() -> None:
    """With 47 dead cards, 3 of the 5 live cards: 60 ordered tuples, each 1/60."""
    live = parse_cards("As Kd 7h 7c 2s")
    dead = [c for c in range(52) if c not in live]
    n = 120_000
    rows = deal(n, 3, dead=dead, seed=13)
    assert set(np.unique(rows).tolist()) == set(live)
    assert_rows_distinct(rows)
    _, counts = np.unique(rows.astype(np.int64) @ np.array([52 * 52, 52, 1]), return_counts=True)
    assert len(counts) == 60
    assert abs(chi_square_z(counts, n / 60)) < 4


def test_deal_chi_square_detects_a_biased_dealer() -> None:
    """The statistic can fail: a byte taken modulo 52 (aces 20% rarer) is caught."""
    n = 200_000
    rows = np.random.default_rng(1).integers(0, 256, size=n) % 52
    assert abs(chi_square_z(np.bincount(rows, minlength=52), n / 52)) > 4


def test_deal_skips_dead_cards() -> None:
    dead = parse_cards("As Ks Qs Js Ts 2c")
    rows = deal(50_000, 46, dead="AsKsQsJsTs2c", seed=4)
    assert not np.isin(rows, dead).any()
    assert (np.sort(rows, axis=1) == np.setdiff1d(np.arange(52), dead)).all()
    assert np.array_equal(rows, deal(50_000, 46, dead=dead, seed=4))  # ids or text


def test_deal_same_seed_same_array_for_any_thread_count() -> None:
    n = 3 * _core.DEAL_BLOCK_ROWS * 10 + 123  # past the one-thread threshold, ragged last block
    first = deal(n, 7, seed=2024, threads=1)
    for threads in (2, 3, 8):
        assert np.array_equal(first, deal(n, 7, seed=2024, threads=threads)), threads
    assert np.array_equal(first[:1000], deal(1000, 7, seed=2024))  # a shorter deal is a prefix
    assert not np.array_equal(first, deal(n, 7, seed=2025, threads=1))


def test_deal_seed_none_draws_fresh_seeds() -> None:
    assert not np.array_equal(deal(100, 7), deal(100, 7))


def test_deal_seed_is_taken_modulo_2_64() -> None:
    assert np.array_equal(deal(50, seed=-1), deal(50, seed=2**64 - 1))
    assert np.array_equal(deal(50, seed=np.uint64(7)), deal(50, seed=7))


def test_deal_zero_rows() -> None:
    rows = deal(0, 5, seed=1)
    assert rows.shape == (0, 5) and rows.dtype == np.uint8


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        ({"n": -1}, ValueError, "n must be >= 0"),
        ({"n": 2.0}, TypeError, "n must be"),
        ({"n": True}, TypeError, "n must be"),
        ({"n": "10"}, TypeError, "n must be"),
        ({"n": 5, "k": 0}, ValueError, r"k must be 1\.\.52"),
        ({"n": 5, "k": 53}, ValueError, r"k must be 1\.\.52"),
        ({"n": 5, "k": 51, "dead": "AsKd"}, ValueError, r"k must be 1\.\.50 \(52 cards minus 2 dead\)"),
        ({"n": 5, "k": 7.0}, TypeError, "k must be"),
        ({"n": 5, "k": 1, "dead": list(range(52))}, ValueError, "all 52 cards are dead"),
        ({"n": 10**20}, ValueError, "too big for one array"),
        ({"n": 5, "dead": "AsAs"}, CardError, "duplicate card As"),
        ({"n": 5, "dead": "Xx"}, CardError, "Xx"),
        ({"n": 5, "dead": [52]}, CardError, "52"),
        ({"n": 5, "seed": 1.5}, TypeError, "seed must be"),
        ({"n": 5, "seed": False}, TypeError, "seed must be"),
        ({"n": 5, "threads": 0}, ValueError, "threads"),
        ({"n": 5, "threads": 1.0}, TypeError, "threads"),
    ],
)
def test_deal_rejects_bad_arguments(kwargs: dict[str, object], exc: type[Exception], match: str) -> None:
    with pytest.raises(exc, match=match):
        deal(**kwargs)  # type: ignore[arg-type]
