"""Monte Carlo per-combo equities (``equity(..., by_combo=True)``) against exact answers."""

from __future__ import annotations

import numpy as np
import pytest

from fastholdem import equity, equity_job


def test_montecarlo_by_combo_weighted_mean_is_the_player_equity() -> None:
    r = equity(["AKs,QQ+", "random", "JJ,TT"], trials=100_000, seed=11, by_combo=True)
    for player in (0, 2):
        t = r.by_combo(player)
        assert set(t.dtype.names or ()) == {"hand", "weight", "equity", "stderr"}
        mean = float((t["weight"] * t["equity"]).sum() / t["weight"].sum())
        assert mean == pytest.approx(float(r.equity[player]), abs=1e-12)
        assert np.all(t["stderr"] > 0)


def test_montecarlo_by_combo_agrees_with_exact_equity_of_each_sampled_combo() -> None:
    r = equity(["AKs,QQ+", "random"], board="Td7c2s", trials=300_000, seed=5, by_combo=True)
    t = r.by_combo(0)
    for i in (0, len(t) // 2, len(t) - 1):
        exact = equity([str(t["hand"][i]), "random"], board="Td7c2s", exact=True)
        assert abs(float(t["equity"][i]) - float(exact.equity[0])) < 4 * float(t["stderr"][i]) + 1e-9


def test_montecarlo_by_combo_counts_add_over_chunks() -> None:
    job = equity_job(["AKs,QQ+", "random"], trials=50_000, seed=9, by_combo=True)
    whole = job.combine([job.run(range(job.size))])
    parts = job.combine([job.run(c) for c in job.chunks(3)])
    assert np.array_equal(whole.by_combo(0)["equity"], parts.by_combo(0)["equity"])


def test_montecarlo_without_by_combo_says_how_to_ask_for_it() -> None:
    r = equity(["AKs,QQ+", "random"], trials=10_000, seed=1)
    with pytest.raises(ValueError, match="by_combo=True"):
        r.by_combo(0)
    with pytest.raises(TypeError, match="by_combo"):
        equity(["AKs,QQ+", "random"], trials=10_000, seed=1, by_combo=1)  # type: ignore[arg-type]
