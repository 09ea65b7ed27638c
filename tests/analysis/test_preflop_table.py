"""The shipped heads-up preflop table agrees with direct enumeration."""

from __future__ import annotations

import os

import numpy as np

from fastholdem import _core
from fastholdem.equities.engines.table import PREFLOP_TABLE, load_table, table_tallies


def test_table_covers_every_canonical_matchup() -> None:
    keys, counts = load_table()
    assert os.path.getsize(PREFLOP_TABLE) < 2_000_000
    assert len(keys) == 47_008 and np.all(np.diff(keys.astype(np.int64)) > 0)
    assert np.all(counts.sum(axis=1, dtype=np.int64) == 1_712_304)


def test_table_matches_enumeration_on_random_matchups() -> None:
    rng = np.random.default_rng(2024)
    deals = np.array([rng.choice(52, 4, replace=False) for _ in range(40)], dtype=np.uint8)
    deals = np.ascontiguousarray(deals)
    direct = _core.exact_deals(deals, [], [], 2)
    table = table_tallies(deals)
    for field in ("deals", "win", "tie", "share", "split"):
        assert np.array_equal(direct[field], table[field]), field
