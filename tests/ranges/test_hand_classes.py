"""Hand classes, their grid, the orderings by strength, and percentage ranges (``Range("10%")``)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from fastholdem import Range, RangeError, equity, hand_strength
from fastholdem.ranges.classes import (
    CLASS_NAMES,
    CLASS_SIZES,
    GRID_RANKS,
    ORDERS,
    class_index,
    combo_classes,
    order,
    order_equity,
    top_classes,
)


def test_hand_classes_grid_layout_and_sizes() -> None:
    assert len(set(CLASS_NAMES)) == 169
    for row, high in enumerate(GRID_RANKS):
        assert CLASS_NAMES[14 * row] == high * 2
        for col in range(row + 1, 13):
            assert CLASS_NAMES[13 * row + col] == high + GRID_RANKS[col] + "s"
            assert CLASS_NAMES[13 * col + row] == high + GRID_RANKS[col] + "o"
    assert CLASS_SIZES.sum() == 1326
    assert sorted(np.unique(CLASS_SIZES).tolist()) == [4, 6, 12]


def test_hand_classes_combo_classes_agree_with_the_range_parser() -> None:
    classes = combo_classes()
    assert np.array_equal(np.bincount(classes, minlength=169), CLASS_SIZES)
    for i, name in enumerate(CLASS_NAMES):
        r = Range(name)
        mask = r._dense > 0
        assert np.array_equal(mask, classes == i), name


def test_hand_classes_class_index_accepts_any_rank_order_and_case() -> None:
    assert class_index("AKs") == class_index("kas") == 1
    assert class_index("kaO") == class_index("KAo") == 13
    for bad in ("AKx", "AAs", "A", "AKso", "1Ks"):
        with pytest.raises(ValueError, match="bad hand class"):
            class_index(bad)


def test_hand_classes_vs1_is_the_mean_over_combos_of_the_range_equity() -> None:
    # Independent aggregation: the equity engine's range path (weighted over every combo
    # pair) for whole classes against "random", against the per-class score of order().
    e, se = order_equity("vs1")
    assert not se.any()
    for name in ("AA", "AKs", "AKo", "T9s", "72o", "32o", "55", "J4o"):
        result = equity([Range(name), "random"])
        assert result.exact
        assert e[class_index(name)] == pytest.approx(result.equity[0], abs=1e-12), name


def test_hand_classes_vs1_agrees_with_monte_carlo() -> None:
    e, _ = order_equity("vs1")
    names = ["AA", "KQo", "76s", "22", "94o"]
    holes = np.array([Range(n).combos[0] for n in names])
    trials = 100_000
    mc = hand_strength(holes, opponents=1, trials=trials, seed=5)
    for name, estimate in zip(names, mc):
        assert abs(estimate - e[class_index(name)]) < 5 * np.sqrt(0.25 / trials), name


def test_hand_classes_vs1_order_head_and_tail() -> None:
    ranked = [CLASS_NAMES[i] for i in order()]
    assert ranked[:7] == ["AA", "KK", "QQ", "JJ", "TT", "99", "88"]
    assert ranked[-1] == "32o"
    e, _ = order_equity()
    assert np.all(np.diff(e[order()]) <= 0)


@pytest.mark.parametrize("name", ORDERS[1:])
def test_hand_classes_shipped_orders_are_consistent(name: str) -> None:
    e, se = order_equity(name)
    k = int(name[2:])
    assert e.shape == se.shape == (169,)
    assert np.all((se > 0) & (se < 6e-4))
    assert CLASS_NAMES[order(name)[0]] == "AA"
    # Against more opponents every hand wins less often than heads-up, and more than 1 / (k + 1)
    # for AA.
    assert np.all(e < order_equity("vs1")[0])
    assert e[class_index("AA")] > 1 / (k + 1)
    assert np.all(np.diff(e[order(name)]) <= 0)


def test_hand_classes_shipped_orders_agree_with_a_fresh_monte_carlo() -> None:
    names = ["AA", "JTs", "72o"]
    holes = np.array([Range(n).combos[0] for n in names])
    trials = 20_000
    for k in (2, 5, 9):
        e, se = order_equity(f"vs{k}")
        fresh = hand_strength(holes, opponents=k, trials=trials, seed=77)
        for name, estimate in zip(names, fresh):
            shipped = e[class_index(name)]
            bound = np.sqrt(shipped * (1 - shipped) / trials + se[class_index(name)] ** 2)
            assert abs(estimate - shipped) < 5 * bound, (k, name)


def test_hand_classes_many_opponents_favour_suited_connectors() -> None:
    vs1, vs9 = list(order("vs1")), list(order("vs9"))
    assert vs9.index(class_index("JTs")) < vs1.index(class_index("JTs"))
    assert vs9.index(class_index("A9o")) > vs1.index(class_index("A9o"))
    assert Range("10%", order="vs9") != Range("10%")


def _brute_top(fraction: Fraction, name: str = "vs1") -> list[int]:
    """Take classes one by one until they hold at least fraction * 1326 combos (exact)."""
    target = fraction * 1326
    taken: list[int] = []
    held = 0
    for c in order(name).tolist():
        if held >= target:
            break
        taken.append(c)
        held += int(CLASS_SIZES[c])
    return taken


def test_hand_classes_top_rounding_against_exact_arithmetic() -> None:
    cumulative = np.cumsum(CLASS_SIZES[order()]).tolist()
    fractions = [Fraction(k, 400) for k in range(401)]
    fractions += [Fraction(c, 1326) for c in cumulative]  # exactly on a class boundary
    fractions += [Fraction(c, 1326) + Fraction(1, 10**6) for c in cumulative[:-1]]
    for f in fractions:
        assert top_classes(float(f)).tolist() == _brute_top(f), f
    assert [CLASS_NAMES[c] for c in top_classes(6 / 1326)] == ["AA"]
    assert len(top_classes(0.0)) == 0 and len(top_classes(1.0)) == 169


def test_hand_classes_top_refuses_bad_fractions() -> None:
    for bad in (-0.01, 1.01, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="fraction"):
            top_classes(bad)
    for wrong in ("0.1", None, True):
        with pytest.raises(TypeError):
            top_classes(wrong)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown hand ordering"):
        order("vs10")


def test_range_percent_text_matches_top() -> None:
    for pct in (0.5, 1, 2.5, 10, 12.5, 33.3, 50, 99.9, 100):
        r = Range(f"{pct}%")
        assert r == Range.top(pct / 100)
        whole = set(combo_classes()[r._dense > 0].tolist())
        assert sorted(whole) == sorted(top_classes(pct / 100).tolist())  # whole classes only
        assert len(r) >= pct / 100 * 1326 - 1e-9
    assert len(Range("10%")) == 134 and str(Range("10%")) == "66+, A8s+, ATo+, KJs+"
    assert Range("100%") == Range("random")


def test_range_percent_span_is_the_difference_of_two_tops() -> None:
    span = Range("5-15%")
    expected = Range.top(0.15)._dense.copy()
    expected[Range.top(0.05)._dense > 0] = 0
    assert np.array_equal(span._dense, expected)
    assert Range("5%-15%") == Range("5 - 15%") == span
    assert Range("0-10%, 10-20%") == Range("20%")
    assert Range("0-10%") == Range("10%")


def test_range_percent_mixes_with_tokens_and_weights() -> None:
    r = Range("10%:0.5, A5s-A2s, AA")
    dense = r._dense
    assert np.all(dense[Range("A5s-A2s")._dense > 0] == 1.0)
    assert np.all(dense[Range("AA")._dense > 0] == 1.0)  # the last token wins
    assert np.all(dense[Range("KK")._dense > 0] == 0.5)
    assert len(r) == 134 + 16
    assert Range(".5%") == Range("0.5%")


@pytest.mark.parametrize("text", ["101%", "15-5%", "5-5%", "0%", "10%%", "-5%", "1e1%", "5-%", "%"])
def test_range_percent_bad_tokens_are_range_errors(text: str) -> None:
    with pytest.raises(RangeError, match="bad range token"):
        Range(text)


def test_range_percent_unknown_order_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown hand ordering"):
        Range("AA", order="vs0")
    assert Range("AA", order="vs3") == Range("AA")


def test_range_percent_long_tokens_fail_in_linear_time() -> None:
    # Each number of the percentage grammar has one shape, so a failing match backtracks at
    # most once per character; a quadratic pattern would not finish on these.
    for text in ("1" * 200_000 + "x%", "1" * 100_000 + "-" + "1" * 100_000 + "x%", "." * 200_000 + "%"):
        with pytest.raises(RangeError):
            Range(text)


def test_range_grid_cells_are_mean_class_weights() -> None:
    r = Range("AKs, AhKd, QQ:0.5, 72o, 32")
    g = r.grid()
    assert g.shape == (13, 13)
    expected = np.zeros((13, 13))
    expected[0, 1] = 1.0
    expected[1, 0] = 1 / 12
    expected[2, 2] = 0.5
    expected[12, 7] = 1.0  # 72o: row 2, column 7
    expected[11, 12] = expected[12, 11] = 1.0  # 32s above, 32o below the diagonal
    assert np.allclose(g, expected)
    # Independent: the grid's weighted combos sum back to the range's.
    assert float((g.ravel() * CLASS_SIZES).sum()) == pytest.approx(float(r.weights.sum()))
    assert np.array_equal(Range("random").grid(), np.ones((13, 13)))


def test_hand_classes_shipped_orders_regenerate_exactly() -> None:
    # The generator's first classes, with its seed and trials, give the shipped numbers bit for
    # bit (spot i of hand_strength draws from stream (seed, i), whatever the thread count).
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "tools" / "gen_preflop_orders.py"
    spec = importlib.util.spec_from_file_location("gen_preflop_orders", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    holes = np.array([Range(CLASS_NAMES[c]).combos[0] for c in (0, 1)])
    again = hand_strength(holes, opponents=2, trials=tool.TRIALS, seed=tool.SEED + 2, threads=1)
    assert np.array_equal(again, order_equity("vs2")[0][:2])


def test_hand_classes_shipped_vs1_order_equals_the_exact_computation() -> None:
    """ranges reads the "vs1" equities from data/preflop_vs1.npz (tools/gen_preflop_vs1.py) instead
    of reaching up into the equity engines; they must be the analysis layer's exact numbers."""
    from fastholdem.analysis.preflop import headsup_equity
    from fastholdem.ranges.classes import order_equity

    shipped, stderr = order_equity("vs1")
    assert np.array_equal(shipped, headsup_equity()) and not stderr.any()
