"""Suit isomorphism (issue 30): merged turn and river cards give the same game as the full tree."""

from __future__ import annotations

import io

import numpy as np
import pytest

import fastholdem as fh
from fastholdem import Range, parse_cards
from fastholdem._core import SolverCore
from fastholdem.solver.game import CHANCE, Engine
from fastholdem.solver.postflop import Spot, build_game

# flop Td9d6h: clubs and spades are alike on the board and in both ranges
OOP, IP = "AA,KK,T9s,87s,A5s", "QQ,JJ,AK,KQs,98s"
FLOP = dict(pot=60, stack=40, sizes="50%", target=0.0)


def _pair(board: str, iterations: int, oop: str = OOP, ip: str = IP, **kw: object) -> tuple[fh.Solution, fh.Solution]:
    opts = {**FLOP, **kw}
    full = fh.solve(oop, ip, board, max_iterations=iterations, isomorphism=False, **opts)  # type: ignore[arg-type]
    iso = fh.solve(oop, ip, board, max_iterations=iterations, **opts)  # type: ignore[arg-type]
    return full, iso


def _spot(board: str, oop: str = OOP, ip: str = IP) -> Spot:
    return Spot(Range(oop), Range(ip), tuple(parse_cards(board)), 60, 40, (0.5,))


def _twins(board: str, iterations: int) -> tuple[fh.Solution, fh.Solution]:
    """A merged solution and the same state laid out on the full tree (a saved copy, expanded)."""
    iso = fh.solve(OOP, IP, board, max_iterations=iterations, **FLOP)  # type: ignore[arg-type]
    f = io.BytesIO()
    iso.save(f)
    f.seek(0)
    full = fh.solver.load(f)
    full._expand()
    assert not full.isomorphism and not full.game.merged
    return full, iso


def test_turn_cards_merged_by_the_swap_the_flop_allows() -> None:
    g = build_game(_spot("Td9d6h"))
    chance = next(n for n in range(len(g.kind)) if g.kind[n] == CHANCE)
    dealt = {g.card[c] for c in g.children[chance]}
    merged = {card: g.card[child] for card, child, _ in g.merged[chance]}
    # the 13 spades are dealt as the clubs of the same rank; 49 - 13 turn cards have subtrees
    assert len(dealt) == 36 and len(merged) == 13
    assert all(card & 3 == 3 and rep == card - 3 for card, rep in merged.items())
    full = build_game(_spot("Td9d6h"), isomorphism=False)
    assert not full.merged and len(full.children[chance]) == 49


def test_river_merges_only_when_the_turn_keeps_the_symmetry() -> None:
    g = build_game(_spot("Td9d6h"))
    parent = {c: n for n, ch in enumerate(g.children) for c in ch}
    turns = set()
    for chance in g.merged:
        n = chance
        while n in parent and g.card[n] == fh.solver.game.NO_CARD:
            n = parent[n]
        if n in parent:  # a river chance node: n is the turn card's node
            turns.add(g.card[n])
    # a club or spade turn breaks the clubs-spades symmetry for the river; a diamond or heart keeps it
    assert turns and all(t & 3 in (1, 2) for t in turns)


@pytest.mark.parametrize(("oop", "ip"), [("AA,KK,T9s,87s,A5s,AcKc", IP), (OOP, "QQ,JJ,AK,KQs,9c8c,9h8h,9s8s:0.5")])
def test_ranges_that_break_the_symmetry_turn_it_off(oop: str, ip: str) -> None:
    # AcKc without AsKs in one range; 9s8s weighted apart from 9c8c in the other
    g = build_game(_spot("Td9d6h", oop, ip))
    assert not g.merged


def test_memory_drops_by_the_merged_share() -> None:
    iso, full = build_game(_spot("Td9d6h")), build_game(_spot("Td9d6h"), isomorphism=False)
    ratio = SolverCore.memory(iso.arrays()) / SolverCore.memory(full.arrays())
    # turns: 36 of 49 subtrees; rivers after a diamond or heart turn: 36 of 48 (below 36/49)
    assert 0.5 < ratio < 36 / 49
    assert len(iso.strengths) < len(full.strengths)


def test_same_solve_as_the_full_tree() -> None:
    # One iteration plays the same (uniform) strategies on both trees: the same values to
    # float precision. Later iterations follow regret matching, whose pure/mixed switches
    # amplify float rounding (the two trees sum the turn cards in different orders), so the
    # trajectories part; both converge to the same game's equilibrium values.
    full, iso = _pair("Td9d6h", 1)
    assert iso.ev(0) == pytest.approx(full.ev(0), rel=1e-6)
    assert iso.exploitability == pytest.approx(full.exploitability, rel=1e-6)
    assert len(iso.game.kind) < 0.7 * len(full.game.kind)
    full, iso = _pair("Td9d6h", 60)
    assert iso.ev(0) == pytest.approx(full.ev(0), abs=(iso.exploitability + full.exploitability) * 60 / 100)


def test_the_exact_best_response_reads_merged_cards_exactly() -> None:
    # the same strategy profile, laid out on the full tree: the same values to float precision
    _, iso = _pair("Td9d6h", 6)
    br, ev = iso.engine.values()
    iso._expand()
    assert not iso.isomorphism and not iso.game.merged
    br2, ev2 = iso.engine.values()
    assert br2 == pytest.approx(br, rel=1e-6) and ev2 == pytest.approx(ev, rel=1e-6)


@pytest.fixture(scope="module")
def solved() -> tuple[fh.Solution, fh.Solution]:
    return _twins("Td9d6h", 4)


@pytest.mark.parametrize("path", [("check", "check", "2s"), ("check", "check", "2c"), ("check", "allin 40", "call", "Ks"),
                                  ("check", "allin 40", "call", "Kd", "5s"),
                                  ("check", "check", "Qd", "check", "check", "5s"),
                                  ("check", "check", "Qs", "allin 40", "call", "Ts")])
def test_a_merged_card_walks_through_the_permutation(solved: tuple[fh.Solution, fh.Solution],
                                                      path: tuple[str, ...]) -> None:
    full, iso = solved
    a, b = full.node(*path), iso.node(*path)
    assert a.actions == b.actions and a.player == b.player and a.combos == b.combos
    for p in (0, 1):
        np.testing.assert_allclose(b.reach[p], a.reach[p], atol=1e-5)
        np.testing.assert_allclose(iso.combo_evs(*path, player=p), full.combo_evs(*path, player=p), atol=1e-3)
    if a.strategy is not None:
        assert b.strategy is not None
        np.testing.assert_allclose(b.strategy, a.strategy, atol=1e-4)
        np.testing.assert_allclose(b.grid(), a.grid(), atol=1e-4)


def test_a_chance_node_lists_every_card_it_deals(solved: tuple[fh.Solution, fh.Solution]) -> None:
    _, iso = solved
    node = iso.node("check", "check")
    assert node.player == "chance" and len(node.actions) == 49 and "2s" in node.actions


def test_equities_after_a_merged_card(solved: tuple[fh.Solution, fh.Solution]) -> None:
    full, iso = solved
    np.testing.assert_allclose(iso.equities("check", "check", "Js", player=1),
                               full.equities("check", "check", "Js", player=1), atol=1e-6)


def test_a_lock_that_breaks_the_symmetry_solves_the_full_tree() -> None:
    full, iso = _twins("Td9d6h", 3)
    for sol in (full, iso):
        sol.lock(["check", "check", "Js"], {"check": 1.0})
    assert not iso.isomorphism and len(iso.game.kind) == len(full.game.kind)
    for sol in (full, iso):
        sol.resolve(max_iterations=2, target=0.0)
    assert iso.ev(0) == pytest.approx(full.ev(0), rel=1e-6)
    locked = iso.node("check", "check", "Js").strategy
    assert locked is not None and (locked[0] == 1.0).all()


def test_a_symmetric_lock_keeps_the_merged_tree() -> None:
    # from the same state, one iteration on the merged tree and one on the full tree agree
    full, iso = _twins("Td9d6h", 3)
    for sol in (full, iso):
        sol.lock([], {"check": 1.0}, combos=["AcAh", "AsAh"])  # closed under the clubs-spades swap
        sol.resolve(max_iterations=1, target=0.0)
    assert iso.isomorphism
    assert iso.ev(0) == pytest.approx(full.ev(0), rel=1e-6)


def test_save_and_load_keep_the_merged_tree(solved: tuple[fh.Solution, fh.Solution]) -> None:
    _, iso = solved
    f = io.BytesIO()
    iso.save(f)
    f.seek(0)
    back = fh.solver.load(f)
    assert back.isomorphism and len(back.game.kind) == len(iso.game.kind)
    assert back.engine.values() == iso.engine.values()


def test_files_from_before_isomorphism_load_as_the_full_tree(solved: tuple[fh.Solution, fh.Solution]) -> None:
    full, _ = solved
    f = io.BytesIO()
    full.save(f)
    f.seek(0)
    with np.load(f) as z:
        old = {k: z[k] for k in z.files if k != "isomorphism"}
    old["version"] = np.int64(2)  # format 2: the tree as JSON, no isomorphism flag
    g = io.BytesIO()
    np.savez(g, **old)  # type: ignore[arg-type]
    g.seek(0)
    back = fh.solver.load(g)
    assert not back.isomorphism and back.engine.values() == full.engine.values()
    old["version"] = np.int64(99)
    h = io.BytesIO()
    np.savez(h, **old)  # type: ignore[arg-type]
    h.seek(0)
    with pytest.raises(fh.errors.InputError, match="format version 99"):
        fh.solver.load(h)


def test_isomorphism_must_be_a_bool() -> None:
    with pytest.raises(fh.errors.InputTypeError, match="isomorphism"):
        fh.solve(OOP, IP, "Td9d6h2c", pot=60, stack=40, isomorphism="yes")  # type: ignore[arg-type]


def test_same_for_any_thread_count() -> None:
    a = fh.solve(OOP, IP, "Td9d6h", max_iterations=3, threads=1, **FLOP)  # type: ignore[arg-type]
    b = fh.solve(OOP, IP, "Td9d6h", max_iterations=3, threads=2, **FLOP)  # type: ignore[arg-type]
    assert a.engine.core.get_state()[0].tobytes() == b.engine.core.get_state()[0].tobytes()


def test_turn_spot_merges_river_cards() -> None:
    full, iso = _twins("Td9d6h2d", 9)
    for sol in (full, iso):
        sol.resolve(max_iterations=1, target=0.0)
    assert iso.game.merged and iso.ev(0) == pytest.approx(full.ev(0), rel=1e-6)
    np.testing.assert_allclose(iso.node("check", "check", "As").strategy,  # type: ignore[arg-type]
                               full.node("check", "check", "As").strategy, atol=1e-5)


def test_engine_without_isomorphism_arrays_still_builds() -> None:
    # toy games give no isomorphism arrays: the core takes none
    arrays = build_game(_spot("Td9d6h2c3s")).arrays()
    for k in ("iso_first", "iso_count", "iso_perm", "perm0", "perm1"):
        arrays.pop(k)
    Engine(arrays).run(1)


def test_a_lock_on_one_suit_only_solves_the_full_tree() -> None:
    _, iso = _pair("Td9d6h", 1)
    iso.lock([], {"check": 1.0}, combos=["AcAh"])  # AsAh stays free: clubs and spades differ now
    assert not iso.isomorphism and not iso.game.merged


def test_rake_and_an_edited_tree_solve_the_same_merged_or_not() -> None:
    # the rake's shared utility and the tree's edits are card-free, so merged cards keep them
    tree = fh.solver.build_tree("Td9d6h", pot=60, stack=40, sizes="50%", rake=0.05, rake_cap=3)
    tree.add_size(size="25%")
    tree.remove("allin 40")
    full = fh.solve(OOP, IP, "Td9d6h", pot=60, stack=40, tree=tree, max_iterations=30, target=0.0,
                    isomorphism=False)
    iso = fh.solve(OOP, IP, "Td9d6h", pot=60, stack=40, tree=tree, max_iterations=30, target=0.0)
    assert iso.game.merged and not full.game.merged
    assert iso.node().actions == full.node().actions == ("check", "bet 15")
    assert iso.ev(0) == pytest.approx(full.ev(0), abs=1e-3) and iso.ev(1) == pytest.approx(full.ev(1), abs=1e-3)
    # merged cards add their values in another order: the strategies differ in the last float
    # bits, which 30 iterations' exploitability (0.07% of the pot) shows in its third digit
    assert iso.exploitability == pytest.approx(full.exploitability, abs=5e-3)
