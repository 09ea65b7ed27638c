"""preflop_matrix and preflop_vs_random: against equity() (table and enumeration), against
hand_strength Monte Carlo, and the shipped vs-random table against fresh samples."""

from __future__ import annotations

import numpy as np
import pytest

from fastholdem import Range, equity, hand_strength, preflop_matrix, preflop_vs_random
from fastholdem.ranges.classes import CLASS_NAMES, CLASS_SIZES, class_index
from fastholdem.equities.engines import table
from fastholdem.analysis.preflop import preflop_vs_random_stderr


@pytest.fixture(scope="module")
def matrix() -> np.ndarray:
    return preflop_matrix()


def test_preflop_matrix_sums_to_one_exactly(matrix: np.ndarray) -> None:
    assert matrix.shape == (169, 169) and matrix.dtype == np.float64
    assert (matrix + matrix.T == 1).all()
    assert (np.diag(matrix) == 0.5).all()
    assert ((matrix > 0) & (matrix < 1)).all()


def test_preflop_matrix_returns_a_copy(matrix: np.ndarray) -> None:
    m = preflop_matrix()
    m[0, 0] = 7
    assert preflop_matrix()[0, 0] == 0.5


def test_preflop_matrix_agrees_with_equity_of_class_ranges(matrix: np.ndarray) -> None:
    rng = np.random.default_rng(13)
    pairs = [(class_index("AA"), class_index("KK")), (class_index("AKs"), class_index("AKo")),
             (class_index("72o"), class_index("22"))] + [tuple(p) for p in rng.integers(0, 169, size=(25, 2))]
    for a, b in pairs:
        r = equity([Range(CLASS_NAMES[a]), Range(CLASS_NAMES[b])])
        assert matrix[a, b] == pytest.approx(r.equity[0], abs=1e-12), (CLASS_NAMES[a], CLASS_NAMES[b])


def test_preflop_matrix_agrees_with_enumeration(matrix: np.ndarray, monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: object) -> None:
    """Without the table, equity() enumerates every board: an independent computation."""
    monkeypatch.setattr(table, "PREFLOP_TABLE", str(tmp_path) + "/missing.npz")
    for a, b in [("AA", "KK"), ("JTs", "AKo")]:
        r = equity([a, b], exact=True, threads=1)
        assert not table.table_available()
        assert matrix[class_index(a), class_index(b)] == pytest.approx(r.equity[0], abs=1e-12)


def test_preflop_matrix_against_random_is_the_weighted_row(matrix: np.ndarray) -> None:
    """Against one random hand, a class's equity is its row weighted by the opponent
    combos each class leaves."""
    eq = preflop_vs_random(1)
    for name in ("AA", "AKs", "T9s", "72o", "22"):
        i = class_index(name)
        left = np.array([np.sum([not set(x) & set(y) for x in Range(CLASS_NAMES[i]).combos[:1] for y in Range(CLASS_NAMES[j]).combos])
                         for j in range(169)], dtype=np.float64)
        assert eq[i] == pytest.approx(left @ matrix[i] / left.sum(), abs=1e-12), name
        assert eq[i] == pytest.approx(equity([Range(name), "random"]).equity[0], abs=1e-12)


def test_preflop_vs_random_one_opponent_against_monte_carlo() -> None:
    """hand_strength samples in C without the table: within 5 standard errors."""
    eq = preflop_vs_random(1)
    names = ["AA", "KQo", "76s", "72o"]
    holes = np.stack([Range(n).combos[0] for n in names])
    mc = hand_strength(holes, opponents=1, trials=200_000, seed=5, threads=1)
    assert np.all(np.abs(mc - eq[[class_index(n) for n in names]]) < 5 * 0.5 / np.sqrt(200_000))


def test_preflop_vs_random_table_against_fresh_monte_carlo() -> None:
    rng = np.random.default_rng(21)
    for opponents in range(2, 10):
        eq, err = preflop_vs_random(opponents), preflop_vs_random_stderr(opponents)
        assert eq.shape == err.shape == (169,)
        assert (err > 0).all() and (err <= 0.0005).all()
        classes = rng.choice(169, size=3, replace=False)
        holes = np.stack([Range(CLASS_NAMES[int(c)]).combos[-1] for c in classes])  # not the table's combo
        mc = hand_strength(holes, opponents=opponents, trials=100_000, seed=opponents, threads=1)
        fresh_err = 0.5 / np.sqrt(100_000)
        assert np.all(np.abs(mc - eq[classes]) < 5 * np.hypot(err[classes], fresh_err)), opponents


def test_preflop_vs_random_falls_with_more_opponents() -> None:
    table_ = np.stack([preflop_vs_random(k) for k in range(1, 10)])
    aces = table_[:, class_index("AA")]
    assert (np.diff(aces) < 0).all()
    # The combo-weighted mean equity against k random hands is 1 / (k + 1).
    for k in range(1, 10):
        mean = float(CLASS_SIZES @ table_[k - 1] / 1326)
        assert mean == pytest.approx(1 / (k + 1), abs=5 * float(preflop_vs_random_stderr(k).max()) + 1e-12)
    assert preflop_vs_random_stderr(1).max() == 0


@pytest.mark.parametrize(("bad", "exc"), [(0, ValueError), (10, ValueError), (2.0, TypeError), (True, TypeError)])
def test_preflop_vs_random_rejects_bad_counts(bad: object, exc: type[Exception]) -> None:
    with pytest.raises(exc, match="opponents"):
        preflop_vs_random(bad)  # type: ignore[arg-type]
    with pytest.raises(exc, match="opponents"):
        preflop_vs_random_stderr(bad)  # type: ignore[arg-type]
