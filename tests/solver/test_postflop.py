"""Hold'em spots through fastholdem.solve (issue 30): a closed-form river game, the bet tree of
postflop-solver's rules, thread-count determinism, save/load and bad input."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import fastholdem as fh
from fastholdem.errors import CardError, ConfigError, InputError, InputTypeError, RangeError
from fastholdem.solver import Size, Spot, build_game, parse_sizes
from fastholdem.solver.postflop import count_nodes

OOP = "22+,A2s+,A8o+,K7s+,K9o+,Q8s+,Q9o+,J8s+,J9o+,T8+,97+,86+,75+,64s+,65o,54,43s"
IP = "22+,A4s+,A9o+,K9s+,KTo+,Q9s+,QTo+,J9+,T9,98s,87s,76s,65s"


def test_polarised_river_bluffs_a_third_and_calls_half() -> None:
    # KK (3 combos, top set) and 43 (16 combos of air) against QQ (a bluff-catcher), pot-sized
    # all-in: the bettor bets all his value and half as many bluffs; the caller calls half.
    sol = fh.solve("KK,43", "QQ", "Ks Jh 8d 5c 2h", pot=10, stack=10, sizes="100%", target=0.02,
                   max_iterations=5000)
    root = sol.node()
    assert root.actions == ("check", "allin 10")
    bet = root.strategy[1] * root.reach[0]
    value = np.array([c[0] == "K" for c in root.combos])
    bluff_share = bet[~value].sum() / bet.sum()
    tol = 0.05
    assert bluff_share == pytest.approx(1 / 3, abs=tol)
    call = sol.node("allin 10")
    assert call.actions == ("fold", "call")
    assert float(call.strategy[1].mean()) == pytest.approx(0.5, abs=tol)
    assert sol.exploitability <= 0.02


@pytest.mark.parametrize(("board", "stack", "sizes"), [("2c7d9hTsJs", 370, (0.5,)), ("2c7d9hTs", 100, (0.5, None)),
                                                      ("2c7d9hTs", 20, (1.0,))])
def test_count_nodes_matches_the_built_tree(board: str, stack: int, sizes: tuple[float | None, ...]) -> None:
    spot = Spot(fh.Range("AA,KK"), fh.Range("QQ"), tuple(fh.parse_cards(board)), 10, stack, sizes)
    assert count_nodes(spot) == len(build_game(spot).kind)


def test_tree_follows_postflop_solver_rules() -> None:
    spot = Spot(fh.Range(OOP), fh.Range(IP), tuple(fh.parse_cards("Td9d6hQc3s")), 60, 370, (0.5,))
    g = build_game(spot)
    assert g.labels[0] == ["check", "bet 30"]
    bet = g.children[0][1]
    assert g.labels[bet] == ["fold", "call", "raise 90"]  # 30 + 50% of (60 + 2 * 30)
    r1 = g.children[bet][2]
    # 90 + 50% of (60 + 2 * 90); the all-in joins: 370 <= 90 + 1.5 * 240
    assert g.labels[r1] == ["fold", "call", "raise 210", "allin 370"]
    r2 = g.children[r1][2]
    assert g.labels[r2] == ["fold", "call", "allin 370"]  # 210 + 240 > 370: the all-in


def test_river_spot_matches_the_peer_ev() -> None:
    # postflop-solver: OOP EV 23.46 at 0.30% of the pot (../shared/peers/README.md). Two
    # epsilon-equilibria are at most the sum of their exploitabilities apart.
    sol = fh.solve(OOP, IP, "Td9d6hQc3s", pot=60, stack=370, sizes="50%", target=0.3)
    assert abs(sol.ev(0) - 23.46) <= (0.30 + sol.exploitability) / 100 * 60 + 0.01
    assert sol.ev(0) + sol.ev(1) == pytest.approx(60, abs=1e-3)


def test_same_strategy_for_any_thread_count() -> None:
    args = ("AA,KK,QQ,AKs", "JJ,TT,AQs", "2c7d9hTs")
    a = fh.solve(*args, pot=10, stack=20, sizes="100%", max_iterations=20, target=0, threads=1)
    b = fh.solve(*args, pot=10, stack=20, sizes="100%", max_iterations=20, target=0, threads=2)
    assert a.exploitability == b.exploitability
    for path in [(), ("check",), ("check", "check", "Qs")]:
        assert np.array_equal(a.node(*path).strategy, b.node(*path).strategy)


def test_save_and_load(tmp_path: Path) -> None:
    sol = fh.solve("AA,KK", "QQ,AK", "2c7d9hTsJs", pot=10, stack=20, max_iterations=30)
    p = tmp_path / "s.npz"
    sol.save(p)
    back = fh.solver.load(p)
    assert back.ev(0) == sol.ev(0) and back.iterations == sol.iterations
    assert np.array_equal(back.node("check").strategy, sol.node("check").strategy)
    sol.lock(["check"], {"check": 1.0}, combos=["QhQs"])
    sol.save(p)
    locked = fh.solver.load(p)
    i = locked.node("check").combos.index("QsQh")
    assert locked.node("check").strategy[0, i] == 1.0
    np.savez(tmp_path / "bad.npz", version=np.int64(99))
    with pytest.raises(InputError, match="version"):
        fh.solver.load(tmp_path / "bad.npz")


def test_walk_by_percent_and_cards() -> None:
    sol = fh.solve("AA,KK", "QQ,AK", "2c7d9hTs", pot=10, stack=100, max_iterations=5)
    assert sol.node("bet 50%").path == ("bet 50%",)
    assert sol.node("check", "check", "qs").player == 0
    with pytest.raises(InputError, match="choose from"):
        sol.node("raise 7")
    with pytest.raises(InputError, match="choose from check, bet 5"):
        sol.node("bet 200%")


def test_parse_sizes() -> None:
    assert parse_sizes(["33%", "allin"]).get("turn", "ip", "raise") == (Size("pot", 0.33), Size("allin"))
    for bad in ("50", "0%", "-5%", "x%", ""):
        with pytest.raises(ConfigError, match="sizes"):
            parse_sizes(bad)


@pytest.mark.parametrize(("kwargs", "exc", "match"), [
    ({"oop": ""}, RangeError, "oop: empty"),
    ({"oop": 5}, InputTypeError, "oop"),
    ({"oop": "AsAh", "ip": "AsAh"}, RangeError, "no deal"),
    ({"oop": "AhAd", "board": "AhKd7c"}, RangeError, "oop"),
    ({"board": "AhKd"}, CardError, "board"),
    ({"sizes": "fifty"}, ConfigError, "sizes"),
    ({"pot": 0}, InputError, "pot"),
    ({"stack": 1.5}, InputTypeError, "stack"),
    ({"max_iterations": 0}, InputError, "max_iterations"),
    ({"target": -1}, InputError, "target"),
    ({"progress": "yes"}, InputTypeError, "progress"),
])
def test_bad_input(kwargs: dict[str, object], exc: type[Exception], match: str) -> None:
    args: dict[str, object] = {"oop": "AA,KK", "ip": "QQ", "board": "2c7d9hTs", "pot": 10, "stack": 20}
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        fh.solve(**args)  # type: ignore[arg-type]


def test_tree_too_large_says_its_size() -> None:
    with pytest.raises(ConfigError, match=r"too large: [\d,]+ nodes \(max_nodes is 1,000"):
        fh.solve("AA", "KK", "2c7d9h", pot=10, stack=1000, sizes="33%,75%", max_nodes=1000)
    with pytest.raises(ConfigError, match=r"nodes need about .* GiB"):
        fh.solve(OOP, IP, "Td9d6hQc", pot=60, stack=370, max_memory=1000)


def test_node_lock_changes_the_best_reply() -> None:
    # IP locked to always call the all-in: OOP's best reply bets all his value and never bluffs.
    sol = fh.solve("KK,43", "QQ", "Ks Jh 8d 5c 2h", pot=10, stack=10, sizes="100%", max_iterations=100)
    sol.lock(["allin 10"], {"call": 1.0})
    sol.resolve(max_iterations=500, target=0)
    root = sol.node()
    bet = root.strategy[1]
    value = np.array([c[0] == "K" for c in root.combos])
    assert bet[value].min() > 0.95 and bet[~value].max() < 0.05
    assert np.all(sol.node("allin 10").strategy[1] == 1.0)
    with pytest.raises(InputError, match="sum to 1"):
        sol.lock(["allin 10"], {"call": 0.5})
    assert sol.node("allin").path == ("allin",)
    with pytest.raises(InputError, match="combos"):
        sol.lock(["allin 10"], {"fold": 1.0}, combos=["AsAh"])


def test_combo_evs_average_to_the_ev() -> None:
    sol = fh.solve("AA,KK,QQ", "KK,QQ,JJ", "2c7d9hTsJs", pot=10, stack=20, target=0.05, max_iterations=3000)
    root = sol.node()
    evs = sol.combo_evs(player=0)
    w = root.reach[0]
    # the per-combo EVs weighted by each combo's share of the deals give OOP's EV
    g = sol.game
    masks = [[(1 << a) | (1 << b) for a, b in g.hands[p]] for p in (0, 1)]
    compat = np.array([sum(x for m2, x in zip(masks[1], root.reach[1]) if not m & m2) for m in masks[0]])
    assert float(np.nansum(evs * w * compat) / np.sum(w * compat)) == pytest.approx(sol.ev(0), abs=1e-3)


def test_grid_aggregates_the_combos_by_class() -> None:
    sol = fh.solve("KK,43", "QQ", "Ks Jh 8d 5c 2h", pot=10, stack=10, sizes="100%", max_iterations=100)
    root = sol.node()
    grid = root.grid()
    kk = np.array([c[0] == "K" for c in root.combos])
    w = root.reach[0]
    # KK is on the diagonal (row = col = 1); 43o below it (row 3 = '4'... as rows AKQJT98765432)
    assert grid[1, 1, 1] == pytest.approx(float((root.strategy[1] * w)[kk].sum() / w[kk].sum()), abs=1e-6)
    assert np.allclose(grid.sum(axis=0)[~np.isnan(grid[0])], 1.0, atol=1e-5)
    assert np.isnan(grid[0, 0, 0])  # no AA


def test_progress_bar_shows_the_exploitability(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import functools

    from fastholdem.progress import Progress
    from fastholdem.solver import solution

    monkeypatch.setattr(solution, "Progress", functools.partial(Progress, delay=0))  # draw at once
    fh.solve("AA,KK", "QQ,AK", "2c7d9hTsJs", pot=10, stack=20, target=0.05, progress=True)
    err = capsys.readouterr().err
    assert "% pot" in err and "done" in err


@pytest.mark.slow
def test_turn_spot_matches_the_peer_ev() -> None:
    # postflop-solver: OOP EV 23.85 at 0.40% of the pot on the turn (../shared/peers/README.md);
    # a few CPU seconds here.
    sol = fh.solve(OOP, IP, "Td9d6hQc", pot=60, stack=370, sizes="50%", target=0.5)
    assert sol.exploitability <= 0.5
    assert abs(sol.ev(0) - 23.85) <= (0.40 + sol.exploitability) / 100 * 60 + 0.01


@pytest.mark.slow
def test_flop_spot_matches_the_peer_ev() -> None:
    # postflop-solver: OOP EV 26.03 at 0.44% of the pot from the flop (../shared/peers/README.md);
    # the full flop tree, 641,374 nodes: about 104 iterations, 160 CPU s and 1.7 GB here.
    sol = fh.solve(OOP, IP, "Td9d6h", pot=60, stack=370, sizes="50%", target=0.5, threads=2)
    assert sol.exploitability <= 0.5
    assert abs(sol.ev(0) - 26.03) <= (0.44 + sol.exploitability) / 100 * 60 + 0.01
    assert sol.node("check", "bet 50%").actions == ("fold", "call", "raise 90")


def test_equities_match_the_equity_engine() -> None:
    sol = fh.solve("AhAd,7s6s", "KsKc", "2c7d9hTs", pot=10, stack=20, max_iterations=10)
    eq = sol.equities(player=0)
    for combo in ("AhAd", "7s6s"):
        ref = fh.equity([combo, "KsKc"], board="2c7d9hTs").equity[0]
        assert eq[sol.combos[0].index(combo)] == pytest.approx(ref, abs=1e-9)
