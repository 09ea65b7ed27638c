"""fastholdem.classes: the 169 hand classes in grid order, against the range parser."""

from __future__ import annotations

import numpy as np
import pytest

from fastholdem import Range, RangeError
from fastholdem.classes import CLASS_NAMES, CLASS_SIZES, class_combos, class_index, classes_of, grid_position


def test_classes_grid_order() -> None:
    assert len(set(CLASS_NAMES)) == 169
    grid = np.array(CLASS_NAMES).reshape(13, 13)
    assert list(np.diag(grid)) == [r + r for r in "AKQJT98765432"]
    assert grid[0, 1] == "AKs" and grid[1, 0] == "AKo" and grid[12, 11] == "32o" and grid[11, 12] == "32s"
    assert all(name.endswith("s") for name in grid[np.triu_indices(13, 1)])
    assert all(name.endswith("o") for name in grid[np.tril_indices(13, -1)])


def test_classes_combos_match_the_range_parser() -> None:
    for i, name in enumerate(CLASS_NAMES):
        combos = class_combos(i)
        assert np.array_equal(combos, Range(name).combos), name
        assert len(combos) == CLASS_SIZES[i]
        assert (classes_of(combos) == i).all()
    assert int(CLASS_SIZES.sum()) == 1326


def test_classes_every_combo_has_one_class() -> None:
    combos = Range("random").combos
    cls = classes_of(combos)
    assert np.array_equal(np.bincount(cls, minlength=169), CLASS_SIZES)
    assert np.array_equal(cls, classes_of(combos[:, ::-1]))  # card order does not matter


def test_classes_index_accepts_either_rank_order_and_case() -> None:
    assert class_index("kao") == class_index("AKo") == 13
    assert class_index(" 22 ") == 168
    for i, name in enumerate(CLASS_NAMES):
        assert class_index(name) == i and grid_position(i) == divmod(i, 13)


@pytest.mark.parametrize("bad", ["AAs", "AK", "A", "AKx", "1Ks", "", "AKss"])
def test_classes_index_rejects_bad_names(bad: str) -> None:
    with pytest.raises(RangeError, match="bad hand class"):
        class_index(bad)


def test_classes_combo_classes_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="shape"):
        classes_of(np.array([1, 2, 3]))
    with pytest.raises(ValueError, match="0-51"):
        classes_of(np.array([[52, 1]]))
    with pytest.raises(ValueError, match="same card"):
        classes_of(np.array([[5, 5]]))
    with pytest.raises(ValueError, match="0..168"):
        grid_position(169)
