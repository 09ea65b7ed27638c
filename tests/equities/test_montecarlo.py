"""The Monte Carlo kernel (csrc/fh_montecarlo.c) samples exactly the distribution asked for.

Each trial deals one combo per player with probability proportional to the product of the
combo weights among the deals in which no card repeats ("random" players from the deck), then
completes the board. These tests compare the sampler's per-combo counts with the exact
marginals listed by enumeration (chi-square), its equities with exact ones, and check that a
seed gives the same integers on any thread count and any split of the blocks.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from fastholdem import _core, equity
from fastholdem.cards import parse_cards
from fastholdem.equities.engines.enumeration import hand_assignments
from fastholdem.equities.engines.montecarlo import MonteCarloEngine
from fastholdem.equities.inputs import parse_inputs
from fastholdem.errors import RangeError

BLOCK = 4096
COMBO_KEYS = ("combo_deals", "combo_share", "combo_share_sq")
TALLY_KEYS = ("deals", "win", "tie", "share", "share_sq", "split")


def engine(players: list[str], board: str = "", dead: str = "", seed: int = 7) -> MonteCarloEngine:
    parsed, b, d = parse_inputs(players, board, dead)
    return MonteCarloEngine(parsed, b, d, seed)


def exact_marginals(players: list[str], board: str = "", dead: str = "") -> list[np.ndarray]:
    """Probability of each parsed combo of each player under the joint distribution
    (collision-free deals weighted by the product of the weights), by enumeration."""
    parsed, _, _ = parse_inputs(players, board, dead)
    listed = hand_assignments(parsed, 10**7)
    assert listed is not None
    deals, weights = listed
    out = []
    for p, player in enumerate(parsed):
        codes = {tuple(sorted(map(int, c))): i for i, c in enumerate(player.combos)}
        held = np.array([codes[tuple(sorted(map(int, row)))] for row in deals[:, 2 * p:2 * p + 2]])
        out.append(np.bincount(held, weights=weights, minlength=len(player.combos)) / weights.sum())
    return out


def chi_square_ok(counts: np.ndarray, probs: np.ndarray) -> tuple[float, float]:
    """Chi-square statistic of counts against probs and a bound it exceeds with probability
    far below 1e-6 when the sampler is right (df + 7 sqrt(2 df) + 10)."""
    n = counts.sum()
    keep = probs > 0
    assert counts[~keep].sum() == 0, "a combo of probability 0 was dealt"
    expected = n * probs[keep]
    stat = float(((counts[keep] - expected) ** 2 / expected).sum())
    df = int(keep.sum()) - 1
    return stat, df + 7 * math.sqrt(2 * df) + 10


@pytest.mark.parametrize(("players", "board"), [
    # joint sampling, weighted and colliding ranges
    (["AA,KK:0.5,AKs", "AK,KK:0.7", "AA,KK,QQ"], ""),
    # one weighted range against a random player: the random player's combos are indexed too
    (["AA,KK:0.3", "random"], "Kd7c2s"),
    # 216 collision-free deals out of 20,736: rejection would redraw about 96 times a trial
    (["AA,KK"] * 4, ""),
])
def test_sampler_combo_frequencies_match_enumeration(players: list[str], board: str) -> None:
    e = engine(players, board)
    got = e.run_blocks(0, 100, BLOCK, 2, by_combo=True)
    for p, probs in enumerate(exact_marginals(players, board)):
        stat, bound = chi_square_ok(got["combo_deals"][p].astype(np.float64), probs)
        assert stat < bound, (p, stat, bound)


def test_sampler_rejection_mode_matches_enumeration() -> None:
    # 109,944 collision-free deals (> FH_MC_JOINT_MAX): each player from its own alias
    # table, the whole deal redrawn on a collision.
    players = ["AA,KK,QQ,AKs,AKo:0.5"] * 3 + ["AA,KK,QQ,JJ"]
    parsed, _, _ = parse_inputs(players, "", "")
    listed = hand_assignments(parsed, 10**7)
    assert listed is not None and len(listed[0]) > 16384
    got = engine(players).run_blocks(0, 60, BLOCK, 2, by_combo=True)
    for p, probs in enumerate(exact_marginals(players)):
        stat, bound = chi_square_ok(got["combo_deals"][p].astype(np.float64), probs)
        assert stat < bound, (p, stat, bound)


@pytest.mark.parametrize(("players", "board", "dead"), [
    (["AKs,QQ+", "JJ-88", "random"], "Td7c2s", ""),
    (["AA,KK:0.5,AKs", "QQ-TT,AQs", "random"], "Qh9h4c", "2d"),
    (["AhKh", "QQ+", "JJ-99", "random"], "Ts9h8h7c", ""),
    (["AKs,QQ+", "random"], "", ""),
    (["random", "KK", "QQ"], "AsKs2d", ""),
    # every player random (the dedicated path); dead cards keep the exact job small
    (["random", "random"], "AsKs2d7h5c", "2c3c4c5d6d7d8d9dTdJdQd2h3h4h5h6h8h9hThJh"),
])
def test_monte_carlo_within_four_stderr_of_exact(players: list[str], board: str, dead: str) -> None:
    exact = equity(players, board=board, dead=dead, exact=True, threads=2)
    mc = equity(players, board=board, dead=dead, exact=False, trials=300_000, seed=11, threads=2)
    assert np.all(np.abs(mc.equity - exact.equity) <= 4 * mc.stderr), (mc.equity, exact.equity, mc.stderr)


def test_same_seed_same_integers_on_any_thread_count() -> None:
    e = engine(["AKs,QQ+", "JJ-88", "random"], "Td7c2s")
    runs = [e.run_blocks(3, 9, BLOCK, threads, by_combo=True) for threads in (1, 2, 3, 8)]
    for run in runs[1:]:
        for key in TALLY_KEYS:
            assert np.array_equal(run[key], runs[0][key]), key
        for key in COMBO_KEYS:
            for a, b in zip(run[key], runs[0][key]):
                assert np.array_equal(a, b), key
    results = [equity(["AKs,QQ+", "random", "random"], trials=50_000, seed=5, threads=t) for t in (1, 2)]
    assert np.array_equal(results[0].equity, results[1].equity)


def test_blocks_add_exactly_and_combo_tallies_sum_to_the_player_tally() -> None:
    e = engine(["AA,KK:0.5,AKs", "random", "QQ-99"], "7h5d2c")
    whole = e.run_blocks(0, 6, BLOCK, 2, by_combo=True)
    parts = [e.run_blocks(0, 2, BLOCK, 1, by_combo=True), e.run_blocks(2, 4, BLOCK, 2, by_combo=True)]
    for key in TALLY_KEYS:
        assert np.array_equal(whole[key], parts[0][key] + parts[1][key]), key
    for key in COMBO_KEYS:
        for p in range(3):
            assert np.array_equal(whole[key][p], parts[0][key][p] + parts[1][key][p]), key
    # Without per-combo tallies the main tally is the same (the same draws).
    plain = e.run_blocks(0, 6, BLOCK, 2)
    assert not any(key in plain for key in COMBO_KEYS)
    for key in TALLY_KEYS:
        assert np.array_equal(plain[key], whole[key]), key
    for p in range(3):
        assert int(whole["combo_deals"][p].sum()) == int(whole["deals"])
        assert int(whole["combo_share"][p].sum()) == int(whole["share"][p])
        assert int(whole["combo_share_sq"][p].sum()) == int(whole["share_sq"][p])


def test_combo_equity_matches_equity_of_that_combo() -> None:
    players = ["AKs,QQ+", "JJ-88", "random"]
    e = engine(players, "Td7c2s")
    got = e.run_blocks(0, 200, BLOCK, 2, by_combo=True)
    parsed, _, _ = parse_inputs(players, "Td7c2s", "")
    unit = float(_core.SHARE_UNIT)
    for i in (0, 5, len(parsed[0].combos) - 1):
        n = float(got["combo_deals"][0][i])
        mean = got["combo_share"][0][i] / (unit * n)
        err = math.sqrt(max(got["combo_share_sq"][0][i] / (unit**2 * n) - mean**2, 0.0) / n)
        hand = "".join(f"{'23456789TJQKA'[c // 4]}{'cdhs'[c % 4]}" for c in parsed[0].combos[i])
        exact = equity([hand, *players[1:]], board="Td7c2s", exact=True, threads=2).equity[0]
        assert abs(mean - exact) <= 4 * err + 1e-12, (hand, mean, exact, err)


def test_impossible_deal_raises_range_error() -> None:
    with pytest.raises(RangeError):
        equity(["AA", "AA", "AA"], exact=False, trials=10_000, seed=1)


def test_monte_carlo_blocks_rejects_bad_input() -> None:
    combos = np.array([parse_cards("AsAh")], dtype=np.uint8)
    with pytest.raises(ValueError, match="combos"):
        _core.monte_carlo_blocks([np.array([[3, 3]], dtype=np.uint8), None], [None, None], [False, True],
                                 [], [], 1, 0, 1, 16, 1)
    with pytest.raises(ValueError, match="weights"):
        _core.monte_carlo_blocks([combos, None], [np.array([-1.0]), None], [False, True], [], [], 1, 0, 1, 16, 1)
    with pytest.raises(ValueError, match="needs combos"):
        _core.monte_carlo_blocks([None, None], [None, None], [False, True], [], [], 1, 0, 1, 16, 1)
    with pytest.raises(ValueError):  # a combo on the board
        _core.monte_carlo_blocks([combos, None], [None, None], [False, True], parse_cards("As7c2d"), [], 1, 0,
                                 1, 16, 1)
