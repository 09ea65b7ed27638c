"""fastholdem.categories and describe_many: vectorised labels of value arrays, checked against
the scalar category() and describe() on every value 1..7462."""

from __future__ import annotations

import numpy as np
import pytest

from fastholdem import HandCategory, categories, category, deal, describe, describe_many, evaluate_batch

ALL_VALUES = np.arange(1, 7463)


def test_categories_match_category_on_every_value() -> None:
    got = categories(ALL_VALUES)
    assert got.dtype == np.uint8 and got.shape == (7462,)
    assert got.tolist() == [int(category(int(v))) for v in ALL_VALUES]
    # The category sizes of R9: 1277 high cards ... 10 straight flushes.
    assert np.bincount(got).tolist() == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]


def test_describe_many_matches_describe_on_every_value() -> None:
    got = describe_many(ALL_VALUES)
    assert got.dtype.kind == "U" and got.shape == (7462,)
    assert got.tolist() == [describe(int(v)) for v in ALL_VALUES]


@pytest.mark.parametrize("shape", [(), (0,), (5,), (3, 4), (2, 3, 4)])
def test_labels_keep_the_shape(shape: tuple[int, ...]) -> None:
    rng = np.random.default_rng(1)
    values = rng.integers(1, 7463, size=shape, dtype=np.uint16)
    cats, texts = categories(values), describe_many(values)
    assert cats.shape == shape and texts.shape == shape
    for index in np.ndindex(*shape):
        assert HandCategory(int(cats[index])) is category(int(values[index]))
        assert texts[index] == describe(int(values[index]))


@pytest.mark.parametrize("dtype", [np.uint16, np.int16, np.int32, np.int64, np.uint64])
def test_labels_take_any_integer_dtype(dtype: type) -> None:
    values = evaluate_batch(deal(1000, 7, seed=3)).astype(dtype)
    reference = evaluate_batch(deal(1000, 7, seed=3))
    assert np.array_equal(categories(values), categories(reference))
    assert np.array_equal(describe_many(values), describe_many(reference))
    assert categories(list(values[:3].tolist())).tolist() == categories(reference[:3]).tolist()


@pytest.mark.parametrize("bad", [0, 7463, -1, 2**40])
@pytest.mark.parametrize("label", [categories, describe_many])
def test_labels_reject_values_out_of_range(label: object, bad: int) -> None:
    values = np.array([[5, 6], [7, bad]], dtype=np.int64)
    with pytest.raises(ValueError, match=rf"values\[1, 1\] = {bad} is not a hand value"):
        label(values)  # type: ignore[operator]


@pytest.mark.parametrize("bad", [np.array([1.0, 2.0]), np.array([True]), ["5"], [1.5]])
@pytest.mark.parametrize("label", [categories, describe_many])
def test_labels_reject_non_integer_arrays(label: object, bad: object) -> None:
    with pytest.raises(TypeError, match="values must be an array of int hand values"):
        label(bad)  # type: ignore[operator]
