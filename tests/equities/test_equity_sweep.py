"""The two-player sweep (engines/sweep.py, csrc/fh_sweep.c) against the enumeration oracle,
its chunks and threads, and per-combo equities (EquityResult.by_combo / by_class)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from fastholdem import Range, cards_str, equity, equity_job
from fastholdem.equities.engines.enumeration import ExactEngine, hand_assignments
from fastholdem.equities.engines.sweep import SweepEngine, integer_weights
from fastholdem.equities.inputs import parse_inputs
from fastholdem.equities.jobs import EquityJob
from fastholdem.equities.result import EquityResult
from fastholdem.ranges import N_COMBOS

ALL = Range("random")


def _oracle(players: list[object], board: list[int], dead: list[int]) -> EquityResult:
    """The old path: enumerate every board of every hand assignment."""
    parsed, b, d = parse_inputs(players, board, dead)  # type: ignore[arg-type]
    listed = hand_assignments(parsed, 10**7)
    assert listed is not None
    engine = ExactEngine(listed[0], listed[1], b, d, [p.combos for p in parsed])
    job = EquityJob(engine, tuple(p.label for p in parsed), cards_str(b), cards_str(d))
    return job.combine([job.run(range(job.size), threads=1)])


def _sweep(players: list[object], board: list[int], dead: list[int], threads: int = 1) -> EquityResult:
    parsed, b, d = parse_inputs(players, board, dead)  # type: ignore[arg-type]
    engine = SweepEngine.build(parsed, b, d)
    assert engine is not None
    job = EquityJob(engine, tuple(p.label for p in parsed), cards_str(b), cards_str(d))
    return job.combine([job.run(range(job.size), threads=threads)])


def _random_player(rng: np.random.Generator, taken: set[int], max_combos: int) -> object:
    """A fixed hand, or a range of up to ``max_combos`` combos with dyadic or unit weights."""
    free = [i for i in range(N_COMBOS) if not set(map(int, ALL.combos[i])) & taken]
    if rng.random() < 0.25:
        c = ALL.combos[free[rng.integers(len(free))]]
        return cards_str(map(int, c))
    n = int(rng.integers(1, max_combos + 1))
    rows = rng.choice(free, size=min(n, len(free)), replace=False)
    weights = rng.choice([1.0, 0.5, 0.25, 0.75, 0.125], size=len(rows)) if rng.random() < 0.5 else None
    return Range.from_combos(ALL.combos[rows], weights)


def _spot(rng: np.random.Generator, n_board: int, n_dead: int, max_combos: int) -> tuple[list[object], list[int], list[int]]:
    cards = rng.permutation(52)
    board = [int(c) for c in cards[:n_board]]
    dead = [int(c) for c in cards[n_board:n_board + n_dead]]
    taken = set(board) | set(dead)
    players = []
    for _ in range(2):
        p = _random_player(rng, taken, max_combos)
        if isinstance(p, str):  # a fixed hand's cards leave the deck
            taken |= {int(c) for c in Range(p).combos[0]}
        players.append(p)
    return players, board, dead


def _same(a: EquityResult, b: EquityResult) -> None:
    for name in ("equity", "win", "tie", "split"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), (name, getattr(a, name), getattr(b, name))
    assert a.deals == b.deals
    for p in range(2):
        ca, cb = a.by_combo(p), b.by_combo(p)
        assert np.array_equal(ca["hand"], cb["hand"])
        np.testing.assert_allclose(ca["weight"], cb["weight"], rtol=1e-12, atol=0)
        np.testing.assert_allclose(ca["equity"], cb["equity"], rtol=1e-12, atol=1e-15)


@pytest.mark.slow
def test_sweep_matches_enumeration_randomized() -> None:
    """600 random spots (ranges, weights, fixed hands, boards, dead cards): the sweep gives
    the enumeration's equity, win, tie, split and deals bit for bit."""
    rng = np.random.default_rng(20261130)
    spots = 0
    for n_board, n_dead, count, max_combos in ((5, 0, 150, 40), (5, 3, 100, 40), (4, 0, 150, 25),
                                               (4, 2, 60, 25), (3, 0, 100, 12), (3, 1, 36, 10),
                                               (0, 9, 4, 2)):
        for _ in range(count):
            players, board, dead = _spot(rng, n_board, n_dead, max_combos)
            try:
                want = _oracle(players, board, dead)
            except Exception as exc:  # ranges that cannot be dealt: both paths must refuse
                with pytest.raises(type(exc)):
                    _sweep(players, board, dead)
                continue
            _same(_sweep(players, board, dead), want)
            spots += 1
    assert spots >= 500


def test_sweep_matches_enumeration_with_suit_symmetry() -> None:
    """Suit-symmetric spots visit one runout per class (here 2 and 6 suit permutations) and
    still match the enumeration exactly, per combo too."""
    for players, board, dead in ((["QQ+,AKs", "TT+,AQs+"], "Ts9s2h", ""),
                                 (["AA,KK:0.5", "QQ,AKs"], "", "2c3c4c5c6c7c8c9cTcJc")):
        parsed, b, d = parse_inputs(players, board, dead)
        engine = SweepEngine.build(parsed, b, d)
        assert engine is not None and len(engine.perms) > 1
        _same(_sweep(players, b, d), _oracle(players, b, d))


def test_sweep_threads_and_chunks_give_the_same_counts() -> None:
    job = equity_job(["AKs,QQ+,T9s", "random"], board="Td7c2s")
    whole = job.combine([job.run(range(job.size), threads=1)])
    parts = [job.run(c, threads=2) for c in job.chunks(7)]
    split = job.combine(reversed(parts))
    _same(split, whole)
    total = sum(int(t.deals[0]) for t in parts)
    assert total == job.size  # sweep tallies count the runouts they account for


def test_sweep_tallies_must_cover_every_runout() -> None:
    job = equity_job(["AKs,QQ+", "random"], board="Td7c2s9h")
    first, _ = job.chunks(2)
    with pytest.raises(ValueError, match="every unit"):
        job.combine([job.run(first)])


def test_plan_sweeps_range_vs_range_postflop_and_preflop_with_dead_cards() -> None:
    for players, board, dead in ((["AKs,QQ+", "random"], "Td7c2s", None), (["random", "random"], None, "2c")):
        job = equity_job(players, board=board, dead=dead, exact=True)
        assert isinstance(job._engine, SweepEngine)
    # heads-up preflop without dead cards keeps the shipped table; one deal keeps enumerating
    assert isinstance(equity_job(["AKs,QQ+", "random"], exact=True)._engine, ExactEngine)
    assert isinstance(equity_job(["AhKh", "QsQd"], board="Td7c2s")._engine, ExactEngine)


def test_sweep_decimal_weights_agree_with_enumeration() -> None:
    """Weights such as 0.3 sweep as exact decimals (scale 10): within rounding of the float
    enumeration."""
    players = ["QQ+:0.3,AK:0.7", "TT+,AJs+:0.35"]
    got = _sweep(players, [int(c) for c in Range("Td7c").combos[0]] + [0], [])
    want = _oracle(players, [int(c) for c in Range("Td7c").combos[0]] + [0], [])
    np.testing.assert_allclose(got.equity, want.equity, rtol=1e-13)
    assert got.deals == want.deals


def test_integer_weights_scales_exactly() -> None:
    assert integer_weights(np.array([1.0, 0.5, 0.25]))[0] == 4  # type: ignore[index]
    scale, ints = integer_weights(np.array([0.3, 1.0]))  # type: ignore[misc]
    assert scale == 10 and ints.tolist() == [3, 10]
    assert integer_weights(np.array([1 / 3])) is None


def test_by_combo_matches_equity_of_each_combo() -> None:
    r = equity(["AKs,QQ+,T9s:0.5", "random"], board="Td7c2s9h")
    table = r.by_combo(0)
    assert table.dtype.names == ("hand", "weight", "equity")
    assert np.isclose(table["weight"].sum(), 1.0)
    assert np.isclose((table["weight"] * table["equity"]).sum(), r.equity[0], rtol=1e-12)
    rng = np.random.default_rng(5)
    for row in table[rng.choice(len(table), size=4, replace=False)]:
        alone = equity([str(row["hand"]), "random"], board="Td7c2s9h")
        assert np.isclose(alone.equity[0], row["equity"], rtol=1e-12)
    other = r.by_combo(1)
    assert np.isclose((other["weight"] * other["equity"]).sum(), r.equity[1], rtol=1e-12)


def test_by_combo_of_enumeration_and_table_paths() -> None:
    for r in (equity(["AA,KK", "QQ+", "AKs"], board="2c7d9h"), equity(["AA,KK", "random"])):
        for p in range(len(r.players)):
            t = r.by_combo(p)
            assert np.isclose((t["weight"] * t["equity"]).sum(), r.equity[p], rtol=1e-12)
    r = equity(["AA,KK", "random"])
    kk = r.by_combo(0)[r.by_combo(0)["hand"] == "KsKh"][0]
    assert np.isclose(kk["equity"], equity(["KsKh", "random"]).equity[0], rtol=1e-12)


def test_by_class_aggregates_combos() -> None:
    r = equity(["AKs,QQ+,T9o", "random"], board="Td7c2s")
    classes = r.by_class(0)
    assert classes["hand"].tolist() == ["AA", "KK", "QQ", "AKs", "T9o"]
    assert classes["combos"].tolist() == [6, 6, 6, 4, 9]  # T9o: 12 less the three holding Td
    assert np.isclose(classes["weight"].sum(), 1.0)
    assert np.isclose((classes["weight"] * classes["equity"]).sum(), r.equity[0], rtol=1e-12)
    combos = r.by_combo(0)
    aa = combos[np.char.count(combos["hand"].astype(str), "A") == 2]
    assert np.isclose(classes["equity"][0], np.average(aa["equity"], weights=aa["weight"]), rtol=1e-12)


def test_by_combo_rejects_bad_players() -> None:
    r = equity(["AKs", "QQ"], board="Td7c2s")
    with pytest.raises(IndexError):
        r.by_combo(2)
    with pytest.raises(IndexError):
        r.by_class(True)  # type: ignore[arg-type]


def test_to_dict_with_combos() -> None:
    r = equity(["AKs", "QQ"], board="Td7c2s")
    assert "combos" not in r.to_dict()["players"][0]
    rows = r.to_dict(by_combo=True)["players"][1]["combos"]
    assert len(rows) == 6 and set(rows[0]) == {"hand", "weight", "equity"}


def test_cli_equity_by_hand_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    from fastholdem.cli import main

    assert main(["equity", "AKs,QQ", "random", "--board", "Td7c2s9h", "--by-hand", "--quiet"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    start = lines.index("player 0 (AKs,QQ): 10 hands, by_combo(0)")
    rows = [line.split() for line in lines[start + 2:start + 12]]
    equities = [float(r[2].rstrip("%")) for r in rows]
    assert equities == sorted(equities, reverse=True) and {r[0] for r in rows} >= {"QsQh", "AsKs"}
    assert "player 1 (random)" in out
    assert main(["equity", "AKs,QQ", "random", "--board", "Td7c2s9h", "--by-hand", "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    combos = data["players"][0]["combos"]
    assert len(combos) == 10
    assert sum(c["weight"] * c["equity"] for c in combos) == pytest.approx(data["players"][0]["equity"], rel=1e-12)


def test_monte_carlo_combo_table_from_counts() -> None:
    """The per-combo form Monte Carlo engines return (trials, share sum, share^2 sum per
    combo) becomes by_combo rows with a standard error; combos never dealt are left out."""
    from fastholdem import _core
    from fastholdem.equities.result import monte_carlo_combo_table

    unit = _core.SHARE_UNIT
    combos = Range("AKs").combos
    # combo 0: 3 trials, won 2 alone and tied 1 (shares 1, 1, 1/2); combo 1 never dealt
    counts = np.array([[3, 0, 1, 0], [2 * unit + unit // 2, 0, 0, 0],
                       [2 * unit * unit + (unit // 2) ** 2, 0, 0, 0]], dtype=np.uint64)
    t = monte_carlo_combo_table(combos, counts)
    assert t.dtype.names == ("hand", "weight", "equity", "stderr") and len(t) == 2
    assert t["weight"].tolist() == [0.75, 0.25]
    assert t["equity"][0] == pytest.approx(2.5 / 3) and t["equity"][1] == 0.0
    mean, sq = 2.5 / 3, 2.25 / 3
    assert t["stderr"][0] == pytest.approx(np.sqrt((sq - mean * mean) / 3))


def test_monte_carlo_by_combo_is_consistent_or_says_it_is_missing() -> None:
    r = equity(["AKs", "random"], trials=4096, seed=1)
    if r.combos:  # the kernel returns per-combo counts: they add up to the player's equity
        t = r.by_combo(0)
        assert np.isclose((t["weight"] * t["equity"]).sum(), r.equity[0], rtol=1e-12)
    else:  # until then, a clear error
        with pytest.raises(ValueError, match="no per-combo"):
            r.by_combo(0)
        assert "not available" in r.by_hand_text()
