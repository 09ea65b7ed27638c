"""Range weights are relative: tiny weights give the answer of the same ranges at weight 1,
through every entry point (issue 19, campaign item 1: ``AA:1e-170`` gave NaN)."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest

import fastholdem as fh
from fastholdem.cli import main

TINY = ["AA:1e-170", "KK:1e-170"]
PLAIN = ["AA", "KK"]


@pytest.fixture(autouse=True)
def _no_runtime_warnings() -> object:
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # 0/0 warned before it gave NaN
        yield


@pytest.mark.parametrize("board", ["", "Td7h2s", "Td7h2s 9c"])
def test_equity_exact_tiny_weights_equal_weight_one(board: str) -> None:
    # (the sweep counts weight-1 ranges, the enumeration the rescaled ones: equal up to rounding)
    got, want = fh.equity(TINY, board=board, exact=True), fh.equity(PLAIN, board=board, exact=True)
    assert np.allclose(got.equity, want.equity, rtol=0, atol=1e-12) and np.isfinite(got.equity).all()


def test_equity_exact_tiny_uneven_weights_keep_their_ratio() -> None:
    got = fh.equity(["AA:1e-170, KK:0.5e-170", "QQ:1e-200, JJ:0.25e-200"], board="Td7h2s")
    want = fh.equity(["AA, KK:0.5", "QQ, JJ:0.25"], board="Td7h2s")
    assert np.allclose(got.equity, want.equity, rtol=0, atol=1e-12)


def test_equity_monte_carlo_tiny_weights_equal_weight_one() -> None:
    got = fh.equity(TINY, trials=20_000, seed=3)
    want = fh.equity(PLAIN, trials=20_000, seed=3)
    assert np.array_equal(got.equity, want.equity)


def test_equity_by_combo_tiny_weights_equal_weight_one() -> None:
    got = fh.equity(TINY, board="Td7h2s", by_combo=True).by_combo(0)
    want = fh.equity(PLAIN, board="Td7h2s", by_combo=True).by_combo(0)
    assert list(got["hand"]) == list(want["hand"])
    for field in ("equity", "weight"):
        assert np.allclose(got[field], want[field], rtol=0, atol=1e-12) and np.isfinite(got[field]).all()


def test_equity_multiway_tiny_weights_left_by_card_removal() -> None:
    # The fixed hands take every combo of weight 1, leaving only the tiny ones, whose
    # products (1e-400) underflow unless each range is rescaled after the cards are removed.
    players = ["AsAh", "AsAd:1, KK:1e-200", "AhAc:1, QQ:1e-200"]
    got = fh.equity(players, board="Td7h2s")
    want = fh.equity(["AsAh", "KK", "QQ"], board="Td7h2s")
    assert np.allclose(got.equity, want.equity, rtol=0, atol=1e-12)


def test_next_card_tiny_weights_equal_weight_one() -> None:
    got, want = fh.next_card(TINY, board="Td7h2s"), fh.next_card(PLAIN, board="Td7h2s")
    assert np.allclose(got.equity, want.equity, rtol=0, atol=1e-12)
    assert np.allclose(got.probability, want.probability, rtol=0, atol=1e-12)
    assert np.isfinite(got.current).all()


def test_cli_equity_json_tiny_weights(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", *TINY, "--board", "Td7h2s", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert main(["equity", *PLAIN, "--board", "Td7h2s", "--json"]) == 0
    want = json.loads(capsys.readouterr().out)
    assert np.allclose([p["equity"] for p in got["players"]], [p["equity"] for p in want["players"]],
                       rtol=0, atol=1e-12)


def test_relative_weights_rescale_by_a_power_of_two() -> None:
    from fastholdem.equities.inputs import relative_weights

    w = np.array([1e-170, 3e-171])
    r = relative_weights(w)
    assert 0.5 < r.max() <= 1.0 and r[0] / w[0] == r[1] / w[1]
    assert np.array_equal(np.ldexp(r, int(np.log2(w[0] / r[0]))), w)  # exact: only exponents moved
    ordinary = np.array([0.25, 1.0])
    assert relative_weights(ordinary) is ordinary

