"""Exact equity on a flop or turn by runout tables (csrc/fh_runouts.c) equals board enumeration.

On a flop or turn, ExactEngine values every combo once per runout and compares the players'
rows; the per-deal integer tallies must equal those of the board enumeration (``exact_deals``,
the old path) bit for bit.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from fastholdem import _core, equity
from fastholdem.cards import card_str, parse_cards
from fastholdem.equities.engines.enumeration import ExactEngine, hand_assignments, suit_symmetric
from fastholdem.equities.inputs import parse_inputs

FIELDS = ("deals", "win", "tie", "share", "share_sq", "split")


def random_range(rng: random.Random, taken: set[int]) -> str:
    """A small range text of 1..6 specific combos with weights, avoiding ``taken``."""
    free = [c for c in range(52) if c not in taken]
    parts = []
    for _ in range(rng.randint(1, 6)):
        a, b = rng.sample(free, 2)
        weight = rng.choice(["", ":0.5", ":0.25", ":2"])
        parts.append(f"{card_str(a)}{card_str(b)}{weight}")
    return ",".join(parts)


def random_spot(rng: random.Random) -> tuple[list[str], str, str]:
    cards = rng.sample(range(52), 7)
    board = "".join(card_str(c) for c in cards[: rng.choice([3, 4])])
    dead = "".join(card_str(c) for c in cards[5:5 + rng.randint(0, 2)])
    taken = set(parse_cards(board)) | set(parse_cards(dead))
    n = rng.choice([2, 3, 3, 4, 5])
    players = [random_range(rng, taken) for _ in range(n)]
    if rng.random() < 0.3:
        players[-1] = "random"
    return players, board, dead


def engine_for(players: list[str], board: str, dead: str) -> ExactEngine | None:
    parsed, b, d = parse_inputs(players, board, dead)
    listed = hand_assignments(parsed, 200_000)
    if listed is None or len(listed[0]) == 0:
        return None
    return ExactEngine(listed[0], listed[1], b, d)


def test_runout_tallies_equal_board_enumeration_on_random_spots() -> None:
    rng = random.Random(20261130)
    checked = 0
    while checked < 60:
        players, board, dead = random_spot(rng)
        try:
            e = engine_for(players, board, dead)
        except Exception:  # a range left empty by the known cards: draw another spot
            continue
        if e is None:
            continue
        assert e.by_runouts
        new = e.tally(0, len(e.unique), 2)
        old = _core.exact_deals(e.unique, e.board, e.dead, 1)
        for key in FIELDS:
            assert np.array_equal(new[key], old[key]), (players, board, dead, key)
        checked += 1


@pytest.mark.parametrize(("players", "board"), [
    (["AKs,QQ+", "JJ-88", "KQs,A5s"], "Td7c2s"),
    (["AhKh", "QQ+,AK", "random", "T9s"], "Qh9h4c"),
    (["AA,KK:0.5", "random", "QQ-TT"], "AhKh2h7d"),
])
def test_runout_equity_equals_enumerated_equity(players: list[str], board: str) -> None:
    got = equity(players, board=board, exact=True, threads=2)
    parsed, b, d = parse_inputs(players, board, "")
    listed = hand_assignments(parsed, 10**7)
    assert listed is not None
    e = ExactEngine(listed[0], listed[1], b, d)
    old = _core.exact_deals(e.unique, b, d, 2)
    eq, win, tie, split, deals, _ = e.finish([old])
    assert np.array_equal(got.equity, eq) and np.array_equal(got.win, win) and np.array_equal(got.tie, tie)
    assert got.deals == deals


def test_runout_tallies_two_and_many_players_match_enumeration() -> None:
    rng = np.random.default_rng(5)
    for players in (2, 6, 10):
        for n_board in (3, 4):
            rows = []
            for _ in range(30):
                cards = rng.permutation(52)[: 2 * players + n_board].astype(np.uint8)
                rows.append(cards)
            board = [int(c) for c in rows[0][2 * players:]]
            deals = np.array([r[: 2 * players] for r in rows if not set(map(int, r[: 2 * players])) & set(board)],
                             dtype=np.uint8)
            pairs = deals.reshape(-1, 2)
            values = _core.runout_values(pairs, board)
            idx = np.arange(len(pairs), dtype=np.uint32).reshape(len(deals), players)
            new = _core.runout_tallies(values, idx, 2)
            old = _core.exact_deals(np.ascontiguousarray(deals), board, [], 1)
            for key in FIELDS:
                assert np.array_equal(new[key], old[key]), (players, n_board, key)


def test_runout_values_marks_card_clashes_and_padding() -> None:
    board = parse_cards("Td7c2s")
    combos = np.array([parse_cards("AsAh"), parse_cards("KdKc")], dtype=np.uint8)
    values = _core.runout_values(combos, board)
    n_runouts = 49 * 48 // 2
    assert values.shape == (2, (n_runouts + 7) // 8 * 8)
    assert np.all(values[:, n_runouts:] == 0)
    # AsAh meets the runouts holding As or Ah: 2 * 48 - 1 of them.
    assert int((values[0, :n_runouts] == 0).sum()) == 2 * 48 - 1
    with pytest.raises(ValueError):
        _core.runout_values(combos, parse_cards("AsKs"))
    with pytest.raises(ValueError):
        _core.runout_values(combos, parse_cards("As7c2s"))
    with pytest.raises(ValueError):
        _core.runout_tallies(values, np.array([[0, 2, 1]], dtype=np.uint32), 1)


def test_suit_symmetric_only_when_a_permutation_fixes_board_and_dead() -> None:
    assert not suit_symmetric(parse_cards("Td7c2s"), [])
    assert suit_symmetric(parse_cards("AhKh2h"), [])
    assert suit_symmetric(parse_cards("AhKh2h"), parse_cards("3c3d"))  # swap clubs and diamonds
    assert not suit_symmetric(parse_cards("AhKh2h"), parse_cards("3c4d"))
    assert suit_symmetric([], [])


def listed_deal_by_deal(parsed: list, limit: int) -> tuple[np.ndarray, np.ndarray] | None:
    """The former hand_assignments (repeat the partial deals, tile the combos, drop clashes),
    kept as the oracle of the listing."""
    deals = np.zeros((1, 0), dtype=np.uint8)
    weights = np.ones(1)
    masks = np.zeros(1, dtype=np.uint64)
    one = np.uint64(1)
    for p in parsed:
        n = len(p.combos)
        if len(deals) * n > limit:
            return None
        cmask = (one << p.combos[:, 0].astype(np.uint64)) | (one << p.combos[:, 1].astype(np.uint64))
        a = np.repeat(np.arange(len(deals)), n)
        b = np.tile(np.arange(n), len(deals))
        ok = (masks[a] & cmask[b]) == 0
        a, b = a[ok], b[ok]
        deals = np.concatenate([deals[a], p.combos[b]], axis=1)
        weights = weights[a] * p.weights[b]
        masks = masks[a] | cmask[b]
    return deals, weights


def test_hand_assignments_equal_deal_by_deal_listing() -> None:
    rng = random.Random(11)
    spots = [(["AKs,QQ+", "JJ-88", "random"], "Td7c2sKh", ""),
             (["AA,KK:0.5", "random", "QQ-TT:0.3"], "AhKh2h", ""),
             (["AKs:0.7,QQ+:0.2", "JJ-88:0.9"], "", "")] + [random_spot(rng) for _ in range(40)]
    for players, board, dead in spots:
        try:
            parsed, _, _ = parse_inputs(players, board, dead)
        except Exception:  # a range left empty by the known cards
            continue
        for limit in (10**7, 50):
            got, want = hand_assignments(parsed, limit), listed_deal_by_deal(parsed, limit)
            assert (got is None) == (want is None), (players, board, dead, limit)
            if got is not None and want is not None:
                assert got[0].dtype == np.uint8 and got[0].flags.c_contiguous
                assert np.array_equal(got[0], want[0]), (players, board, dead)
                assert got[1].tobytes() == want[1].tobytes(), (players, board, dead)


def weighted_sums(e: ExactEngine, rows: dict[str, np.ndarray]) -> tuple[np.ndarray, ...]:
    """Equity, win, tie, split and boards by weighted float sums over every deal's rows (the
    general path of ExactEngine.finish), the oracle of its integer path for unit weights."""
    t = {key: rows[key][e.inverse] for key in FIELDS}
    w = e.weights
    deals_w = float(np.dot(w, t["deals"].astype(np.float64)))
    share = w @ t["share"].astype(np.float64)
    split = w @ t["split"].astype(np.float64)
    return (share / (_core.SHARE_UNIT * deals_w), (w @ t["win"].astype(np.float64)) / deals_w,
            (w @ t["tie"].astype(np.float64)) / deals_w, split, np.array(int(t["deals"].sum())))


@pytest.mark.parametrize(("players", "board"), [
    (["AKs,QQ+", "JJ-88", "random"], "Td7c2sKh"),
    (["AKs,QQ+", "JJ-88", "random"], "Td7c2s"),
    (["AhKh", "QQ+,AK", "random", "T9s"], "Qh9h4c"),
    (["AA,KK:0.5", "random", "QQ-TT"], "AhKh2h7d"),
])
def test_exact_engine_finish_of_chunks_equals_weighted_sums(players: list[str], board: str) -> None:
    parsed, b, d = parse_inputs(players, board, "")
    listed = hand_assignments(parsed, 10**7)
    assert listed is not None
    e = ExactEngine(listed[0], listed[1], b, d, [p.combos for p in parsed])
    n = len(e.unique)
    cuts = [0, 1, n // 3, n // 2 + 7, n]
    parts = [e.tally(lo, hi, 2) for lo, hi in zip(cuts, cuts[1:])]
    rows = {key: np.concatenate([p[key] for p in parts]) for key in FIELDS}
    assert all(np.array_equal(rows[key], v) for key, v in e.tally(0, n, 1).items())
    *got, deals, per = e.finish(parts)
    want = weighted_sums(e, rows)
    for g, x in zip(got, want):
        assert g.tobytes() == x.tobytes(), (players, board)
    assert deals == int(want[-1])
    for (m, s), (m0, s0) in zip(per(), e.combo_equities(rows)):
        assert m.tobytes() == m0.tobytes() and s.tobytes() == s0.tobytes()


def test_run_exact_runout_chunks_equal_a_hundred_chunks() -> None:
    from fastholdem import equity_job

    players = ["AKs,QQ+", "JJ-88", "KQs,A5s,random"]
    job = equity_job(players, board="Td7c2sKh", exact=True)
    assert job._engine.runout_work() > 0
    got = equity(players, board="Td7c2sKh", exact=True, threads=1)
    want = job.combine([job.run(c, 2) for c in reversed(job.chunks(100))])
    assert got.equity.tobytes() == want.equity.tobytes() and got.split.tobytes() == want.split.tobytes()
    assert got.deals == want.deals
    for p in range(3):
        assert got.by_combo(p).tobytes() == want.by_combo(p).tobytes()
