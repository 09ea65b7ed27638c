"""Kuhn poker and Leduc hold'em solved by the engine of fastholdem.solver (issue 30): their known
values, exploitability going to 0, and a best response checked by brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from toy_games import kuhn, leduc

from fastholdem.solver.game import CHANCE, FOLD, P1, SHOWDOWN, Engine, Game


def test_kuhn_value_is_minus_one_eighteenth() -> None:
    e = Engine(kuhn().arrays())
    e.run(2000)
    br, ev = e.values()
    assert ev[0] == pytest.approx(-1 / 18, abs=2e-4)
    assert ev[0] + ev[1] == pytest.approx(0, abs=1e-6)
    assert e.exploitability() < 2e-4


def test_kuhn_exploitability_falls() -> None:
    e = Engine(kuhn().arrays())
    seen = []
    for _ in range(4):
        e.run(50)
        seen.append(e.exploitability())
    assert seen[-1] < seen[0]
    assert all(x >= -1e-7 for x in seen)


def test_leduc_value() -> None:
    e = Engine(leduc().arrays())
    e.run(500)
    _, ev = e.values()
    assert ev[0] == pytest.approx(-0.0856, abs=3e-3)
    assert e.exploitability() < 3e-3


def _pure_br_brute_force(g: Game, strategy: dict[int, np.ndarray], player: int) -> float:
    """Best response of ``player`` by enumerating every pure strategy (one action per node and
    hand) against the other's fixed strategy: the largest expected value over the deals."""
    act_nodes = [i for i, k in enumerate(g.kind) if k == player]
    n_h = len(g.hands[player])
    choices = [range(len(g.children[i])) for i in act_nodes for _ in range(n_h)]
    best = -np.inf
    hands0, hands1 = g.hands
    for pick in itertools.product(*choices):
        table = {(node, h): pick[j * n_h + h] for j, node in enumerate(act_nodes) for h in range(n_h)}
        total = weight = 0.0
        for h0, c0 in enumerate(hands0):
            for h1, c1 in enumerate(hands1):
                if set(c0) & set(c1):
                    continue
                weight += 1.0
                total += _value(g, 0, (h0, h1), (c0, c1), strategy, table, player)
        best = max(best, total / weight)
    return best if player == 0 else best


def _value(g: Game, node: int, hs: tuple[int, int], cs: tuple[tuple[int, ...], tuple[int, ...]],
           strategy: dict[int, np.ndarray], table: dict[tuple[int, int], int], player: int) -> float:
    kind = g.kind[node]
    sign = 1.0 if player == 0 else -1.0
    if kind == FOLD:
        return -sign * g.amount[node] if g.folder[node] == 0 else sign * g.amount[node]
    if kind == SHOWDOWN:
        s0, s1 = g.strengths[g.board[node]][0][hs[0]], g.strengths[g.board[node]][1][hs[1]]
        return sign * g.amount[node] * float(np.sign(s0 - s1))
    if kind == CHANCE:
        kids = [c for c in g.children[node] if g.card[c] not in cs[0] + cs[1]]
        return sum(_value(g, c, hs, cs, strategy, table, player) for c in kids) / len(kids)
    if kind == player:
        return _value(g, g.children[node][table[(node, hs[kind])]], hs, cs, strategy, table, player)
    st = strategy[node][:, hs[kind]]
    return sum(float(p) * _value(g, c, hs, cs, strategy, table, player) for p, c in zip(st, g.children[node]))


@pytest.mark.parametrize("iterations", [0, 3, 30])
def test_best_response_matches_brute_force_on_kuhn(iterations: int) -> None:
    g = kuhn()
    e = Engine(g.arrays())
    e.run(iterations)
    strategy = {i: e.strategy(i) for i, k in enumerate(g.kind) if k <= P1}
    br, _ = e.values()
    for player in (0, 1):
        assert br[player] == pytest.approx(_pure_br_brute_force(g, strategy, player), abs=1e-5)


def test_a_node_with_two_parents_is_refused() -> None:
    """The core walks a tree: arrays in which two action nodes share a child are malformed
    (its preorder would list the child twice), and are refused before anything is allocated."""
    g = Game(hands=([(0,)], [(1,)]))
    root = g.add(0)
    mid = g.add(1, parent=root, label="check")
    g.add(FOLD, parent=mid, label="fold", amount=1.0, folder=1)
    g.add(FOLD, parent=root, label="fold", amount=1.0, folder=0)
    a = g.arrays()
    Engine(a)  # the tree as built is accepted
    children = a["children"].copy()
    children[a["first_child"][mid]] = children[a["first_child"][root] + 1]  # mid's child is root's fold too
    a["children"] = children
    with pytest.raises(ValueError, match="two parents"):
        Engine(a)
