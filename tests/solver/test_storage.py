"""16-bit compressed solver storage (issue 30, "float32 storage, with an option for 16-bit
compressed storage"): regrets as int16 and strategy sums as uint16 with one float scale per
action node. The same games solve to the same values within the exploitability reached, in
about half the memory, and the state saves, loads and expands like float32's."""

from __future__ import annotations

import io

import numpy as np
import pytest
from toy_games import kuhn, leduc

import fastholdem as fh
from fastholdem import Range, parse_cards
from fastholdem._core import SolverCore
from fastholdem.solver.game import Engine
from fastholdem.solver.postflop import Spot, build_game

OOP, IP = "AA,KK,T9s,87s,A5s,QJs", "QQ,JJ,AK,KQs,98s"
TURN = dict(pot=60, stack=100, sizes="50%", target=0.0)


def test_kuhn_and_leduc_reach_their_values_compressed() -> None:
    e = Engine(kuhn().arrays(), compress=True)
    e.run(2000)
    _, ev = e.values()
    assert e.storage == "16bit"
    assert ev[0] == pytest.approx(-1 / 18, abs=5e-4)
    assert e.exploitability() < 5e-4
    e = Engine(leduc().arrays(), compress=True)
    e.run(500)
    _, ev = e.values()
    assert ev[0] == pytest.approx(-0.0856, abs=3e-3)
    assert e.exploitability() < 4e-3


def test_a_turn_spot_solves_to_the_same_value_within_both_exploitabilities() -> None:
    full = fh.solve(OOP, IP, "Td9d6h2c", max_iterations=60, **TURN)  # type: ignore[arg-type]
    half = fh.solve(OOP, IP, "Td9d6h2c", max_iterations=60, storage="16bit", **TURN)  # type: ignore[arg-type]
    assert (full.storage, half.storage) == ("float32", "16bit")
    # two epsilon-equilibria: values at most the sum of the exploitabilities (chips) apart
    slack = (full.exploitability + half.exploitability) / 100 * 60
    assert abs(full.ev(0) - half.ev(0)) <= slack
    assert half.exploitability < 1.0  # % of the pot after 60 iterations


def test_the_storage_is_about_half() -> None:
    # wide ranges and deep stacks, where the regrets and sums dominate the solver's memory
    wide = "22+,A2s+,A8o+,K7s+,K9o+,Q8s+,Q9o+,J8s+,J9o+,T8+,97+,86+,75+,64s+,65o,54,43s"
    spot = Spot(Range(wide), Range("22+,A4s+,A9o+,K9s+,KTo+,Q9s+,QTo+,J9+,T9,98s,87s,76s,65s"),
                tuple(parse_cards("Td9d6hQc")), 60, 370, (0.5,))
    arrays = build_game(spot).arrays()
    assert SolverCore.memory(arrays, True) < 0.55 * SolverCore.memory(arrays, False)


def test_the_state_rounds_once_and_survives_save_and_load() -> None:
    sol = fh.solve(OOP, IP, "Td9d6h2c5s", pot=60, stack=100, max_iterations=30, target=0.0, storage="16bit")
    regrets, sums, iters = sol.engine.core.get_state()
    assert np.abs(regrets).max() > 0 and sums.max() > 0
    sol.engine.core.set_state(regrets, sums, iters)  # already 16-bit values: unchanged
    r2, s2, _ = sol.engine.core.get_state()
    np.testing.assert_allclose(r2, regrets, rtol=1e-6, atol=0)
    np.testing.assert_allclose(s2, sums, rtol=1e-6, atol=0)
    f = io.BytesIO()
    sol.save(f)
    f.seek(0)
    back = fh.solver.load(f)
    assert back.storage == "16bit"
    assert back.engine.values() == sol.engine.values()
    np.testing.assert_array_equal(back.node().strategy, sol.node().strategy)


def test_same_for_any_thread_count_compressed() -> None:
    a = fh.solve(OOP, IP, "Td9d6h2c", max_iterations=20, storage="16bit", threads=1, **TURN)  # type: ignore[arg-type]
    b = fh.solve(OOP, IP, "Td9d6h2c", max_iterations=20, storage="16bit", threads=2, **TURN)  # type: ignore[arg-type]
    np.testing.assert_array_equal(a.engine.core.get_state()[0], b.engine.core.get_state()[0])
    assert a.ev(0) == b.ev(0)


def test_a_lock_that_rebuilds_the_full_tree_keeps_the_storage() -> None:
    sol = fh.solve(OOP, IP, "Td9d6h", pot=60, stack=40, max_iterations=2, target=0.0, storage="16bit")
    assert sol.isomorphism
    sol.lock(["check", "check", "Js"], {"check": 1.0})
    assert not sol.isomorphism and sol.storage == "16bit"
    sol.resolve(max_iterations=2, target=0.0)
    locked = sol.node("check", "check", "Js").strategy
    assert locked is not None and (locked[0] == 1.0).all()


@pytest.mark.parametrize(("storage", "error"), [("float16", fh.errors.InputError), (16, fh.errors.InputTypeError)])
def test_an_unknown_storage_names_the_argument(storage: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="storage"):
        fh.solve(OOP, IP, "Td9d6h2c5s", pot=60, stack=100, storage=storage)  # type: ignore[arg-type]


def test_a_file_naming_an_unknown_storage_is_refused() -> None:
    sol = fh.solve(OOP, IP, "Td9d6h2c5s", pot=60, stack=100, max_iterations=2)
    f = io.BytesIO()
    sol.save(f)
    f.seek(0)
    with np.load(f) as z:
        fields = {k: z[k] for k in z.files}
    fields["storage"] = np.str_("bfloat16")
    g = io.BytesIO()
    np.savez(g, **fields)  # type: ignore[arg-type]
    g.seek(0)
    with pytest.raises(fh.errors.InputError, match="storage 'bfloat16'"):
        fh.solver.load(g)
