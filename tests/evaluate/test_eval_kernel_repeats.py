"""Every batch kernel finds a repeated card in every pair of columns (R2, R9).

The SIMD kernels test a row for a repeat by comparing its bytes with the same row rotated
within itself (by 1, 2 and 3 columns of k; 1 and 2 for five cards): a pair of columns that no
rotation meets would let a repeated card through with a wrong value. So each pair of columns
(a, b) of 5-, 6- and 7-card rows gets a repeat, at row positions inside and at the edges of the
kernels' groups of 8 and 16 rows, and the error must name that row and those columns.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import numpy as np
import pytest

from fastholdem import CardError, deal, evaluate_batch
from fastholdem.cards import card_str
from fastholdem.evaluate import EVAL_KERNELS, eval_kernel, eval_kernels_supported, set_eval_kernel


@pytest.fixture(params=EVAL_KERNELS)
def kernel(request: pytest.FixtureRequest) -> Iterator[str]:
    name: str = request.param
    if name not in eval_kernels_supported():
        pytest.skip(f"the {name} kernel is not supported on this CPU")
    before = eval_kernel()
    set_eval_kernel(name)
    try:
        yield name
    finally:
        set_eval_kernel(before)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_r2_every_column_pair_repeat_is_found(kernel: str, k: int) -> None:
    base = deal(64, k, seed=50 + k)
    for a, b in combinations(range(k), 2):
        for row in (0, 7, 8, 15, 21, 63):
            rows = base.copy()
            rows[row, b] = rows[row, a]
            message = rf"hands\[{row}\] repeats card {card_str(int(rows[row, a]))} \(columns {a} and {b}\)"
            with pytest.raises(CardError, match=message):
                evaluate_batch(rows, threads=1)
    assert evaluate_batch(base, threads=1).min() >= 1  # the rows without the repeat are fine
