"""fastholdem.solver.game: the tree a solver is built from, and the engine's face."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from toy_games import kuhn

from fastholdem import Range, parse_cards
from fastholdem._core import SolverCore
from fastholdem.errors import InputError
from fastholdem.solver.game import FOLD, P0, P1, SHOWDOWN, Engine, Game
from fastholdem.solver.postflop import Spot, build_game


def _river_game(rake: float = 0.0) -> Game:
    spot = Spot(Range("AA,KK,QQ,AK"), Range("JJ+,AQ+"), tuple(parse_cards("2c7d9hTsJs")), 20, 40, (0.5, 1.0),
                rake=rake, rake_cap=3.0)
    return build_game(spot)


def test_a_released_game_gives_the_same_arrays_and_still_walks() -> None:
    kept, released = _river_game(), _river_game()
    a, b = kept.arrays(), released.arrays(release=True)
    assert sorted(a) == sorted(b)
    for k in a:
        assert np.array_equal(a[k], b[k]), k
    assert len(released.amount) == len(released.board) == len(released.chance_weight) == 0
    assert released.strengths == []
    assert [released.labels[i] for i in range(len(released.kind))] == [kept.labels[i] for i in range(len(kept.kind))]
    assert [released.parent_label(i) for i in range(len(released.kind))] == \
        [kept.parent_label(i) for i in range(len(kept.kind))]


def test_a_released_game_refuses_to_give_arrays_or_grow_again() -> None:
    g = _river_game()
    g.arrays(release=True)
    with pytest.raises(InputError, match="released"):
        g.arrays()
    with pytest.raises(InputError, match="released"):
        g.add(FOLD, parent=0, label="fold", amount=1.0)


def test_shared_utilities_exist_only_with_a_rake() -> None:
    plain, raked = _river_game(), _river_game(rake=0.05)
    assert len(plain.shared) == 0 and "shared" not in plain.arrays()
    assert len(raked.shared) == len(raked.kind)
    shared = raked.arrays()["shared"]
    terminal = np.isin(raked.arrays()["kind"], (FOLD, SHOWDOWN))
    assert (shared[terminal] < 0).all() and (shared[~terminal] == 0).all()


def _kuhn_breadth_first() -> tuple[Game, dict[int, int]]:
    """Kuhn poker with its nodes numbered level by level (not in preorder, as the hold'em
    builder numbers them), and the map from these ids to those of toy_games.kuhn()."""
    g = Game(hands=([(0,), (1,), (2,)], [(0,), (1,), (2,)]))
    b = g.add_board([1, 2, 3], [1, 2, 3])
    r = g.add(P0)
    c = g.add(P1, parent=r, label="check")
    bt = g.add(P1, parent=r, label="bet")
    c_sd = g.add(SHOWDOWN, parent=c, label="check", amount=1, board=b)
    cb = g.add(P0, parent=c, label="bet")
    bt_f = g.add(FOLD, parent=bt, label="fold", amount=1, folder=1)
    bt_c = g.add(SHOWDOWN, parent=bt, label="call", amount=2, board=b)
    cb_f = g.add(FOLD, parent=cb, label="fold", amount=1, folder=0)
    cb_c = g.add(SHOWDOWN, parent=cb, label="call", amount=2, board=b)
    # toy_games.kuhn() order: r, c, c_sd, cb, cb_f, cb_c, bt, bt_f, bt_c
    return g, {r: 0, c: 1, c_sd: 2, cb: 3, cb_f: 4, cb_c: 5, bt: 6, bt_f: 7, bt_c: 8}


def test_node_ids_in_any_order_solve_to_the_same_bits() -> None:
    """The core walks subtrees in preorder; ids that are already in preorder share one array
    for the order and its inverse, others get both. Either way the same arithmetic."""
    bfs, to_pre = _kuhn_breadth_first()
    pre = kuhn()
    e_bfs, e_pre = Engine(bfs.arrays()), Engine(pre.arrays())
    e_bfs.run(40)
    e_pre.run(40)
    for node, same in to_pre.items():
        if bfs.kind[node] <= P1:
            assert np.array_equal(e_bfs.strategy(node), e_pre.strategy(same)), node
    assert e_bfs.values() == e_pre.values()


@pytest.mark.parametrize("node", [2, -1, 9, 10**6])
def test_the_strategy_of_a_node_that_is_not_an_action_node_is_refused(node: int) -> None:
    e = Engine(kuhn().arrays())
    with pytest.raises(InputError, match="not an action node"):
        e.strategy(node)


@pytest.mark.parametrize("param", ["alpha", "beta", "gamma"])
@pytest.mark.parametrize("value", [-0.5, float("nan"), float("inf"), 1e9])
def test_a_discount_parameter_outside_0_to_100_names_itself(param: str, value: float) -> None:
    with pytest.raises(InputError, match=param):
        Engine(kuhn().arrays(), **{param: value})


def test_the_default_discounts_reach_kuhns_value() -> None:
    e = Engine(kuhn().arrays())
    e.run(300)
    assert e.exploitability() < 2e-3
    assert e.values()[1][0] == pytest.approx(-1 / 18, abs=5e-3)


def test_a_core_is_built_once() -> None:
    a = kuhn().arrays()
    e = Engine(a)
    with pytest.raises(InputError, match="built once"):
        e.core.__init__(a)
    e.run(5)  # the first core is intact
    assert e.iterations == 5


def test_the_memory_estimate_covers_the_storage_and_little_more() -> None:
    arrays = _river_game().arrays()
    e = Engine(arrays)
    regrets, sums, _ = e.core.get_state()
    storage = regrets.nbytes + sums.nbytes
    estimate = SolverCore.memory(arrays)
    assert storage < estimate < storage + 64 * len(arrays["kind"]) + 32 * arrays["strength0"].size + 2**16
    assert SolverCore.memory(arrays, True) < estimate


def test_calls_from_two_threads_on_one_core_run_in_turn() -> None:
    """run releases the GIL; the core's lock makes concurrent calls on one engine run one
    after the other, so two runs of 150 are a run of 300, bit for bit."""
    shared, alone = Engine(_river_game().arrays()), Engine(_river_game().arrays())
    reads: list[object] = []
    workers = [threading.Thread(target=shared.run, args=(150,)) for _ in range(2)]
    workers.append(threading.Thread(target=lambda: reads.extend([shared.values(), shared.strategy(0)])))
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    alone.run(300)
    assert shared.iterations == 300 and len(reads) == 2
    assert np.array_equal(shared.strategy(0), alone.strategy(0))
    assert shared.values() == alone.values()


def test_a_core_that_was_never_built_is_refused() -> None:
    core = SolverCore.__new__(SolverCore)
    for call in (lambda: core.run(1), lambda: core.evaluate(), lambda: core.strategy(0), core.get_state,
                 lambda: core.node_values(0, 0, np.ones(3, np.float32))):
        with pytest.raises(InputError, match="not built"):
            call()


def test_a_lock_of_the_wrong_shape_is_refused() -> None:
    e = Engine(kuhn().arrays())
    n_hands = e.core.n_hands[0]
    with pytest.raises(InputError, match="mask must have"):
        e.core.lock(0, np.ones(n_hands + 1, np.uint8), np.full((2, n_hands), 0.5, np.float32))
    with pytest.raises(InputError, match="strategy shape"):
        e.core.lock(0, np.ones(n_hands, np.uint8), np.full((3, n_hands), 0.5, np.float32))
    with pytest.raises(InputError, match="not an action node"):
        e.core.lock(2, np.ones(n_hands, np.uint8), np.full((2, n_hands), 0.5, np.float32))


def test_the_memory_estimate_refuses_what_the_core_would_refuse() -> None:
    """A node kind the core does not know (here -1, which would index the hand counts) makes
    the estimate fail as construction does, not return a number read from elsewhere."""
    arrays = kuhn().arrays()
    arrays["kind"] = arrays["kind"].copy()
    arrays["kind"][2] = -1
    for build in (SolverCore.memory, Engine):
        with pytest.raises(InputError, match="malformed"):
            build(arrays)
