"""simulate on the vector engine: engine choice, seeds and blocks, tallies checked hand by hand
against the scalar tally of the replayed hands, PHH output, the command line."""

from __future__ import annotations

import io
import json
from typing import Any

import numpy as np
import pytest

import fastholdem
from fastholdem import phh
from fastholdem.cli import main
from fastholdem.errors import ConfigError
from fastholdem.game import GameConfig, Structure
from fastholdem.game.players import CallingStation
from fastholdem.simulation.run import SimulationTally
from fastholdem.vector import RandomPolicy, StationPolicy, Tables, TightPolicy
from fastholdem.simulation.vector_block import BlockTally, is_vectorisable, play_block


def seat_counts(result: Any) -> list[tuple[Any, ...]]:
    return [(s.hands, s.chips_won, s.showdowns, s.wins) for s in result.seats]


def test_simulate_runs_vectorisable_policies_on_the_vector_engine() -> None:
    names = fastholdem.simulate(["tight", "random", "station"], 3000, seed=1, progress=False)
    objects = fastholdem.simulate([TightPolicy(), RandomPolicy(seed=1), StationPolicy()], 3000, seed=1,
                                  progress=False)
    scalar = fastholdem.simulate([CallingStation(), "random"], 300, seed=1, progress=False)
    forced = fastholdem.simulate(["station", "random"], 300, seed=1, progress=False, engine="hand")
    assert (names.engine, objects.engine, scalar.engine, forced.engine) == ("vector", "vector", "hand", "hand")
    assert names.to_dict()["engine"] == "vector"
    for r in (names, objects):
        assert r.hands == 3000 and sum(s.chips_won for s in r.seats) == 0
        assert all(s.hands == 3000 and 0 < s.showdowns < 3000 for s in r.seats)
    assert [s.policy for s in objects.seats] == ["TightPolicy", "RandomPolicy", "StationPolicy"]


def test_simulate_refuses_mixed_or_impossible_engines() -> None:
    with pytest.raises(ConfigError, match="vectorised"):
        fastholdem.simulate([TightPolicy(), CallingStation()], 10, seed=1)
    with pytest.raises(ConfigError, match="engine"):
        fastholdem.simulate([CallingStation(), "random"], 10, seed=1, engine="vector")
    with pytest.raises(ConfigError, match="engine"):
        fastholdem.simulate([TightPolicy(), "random"], 10, seed=1, engine="hand")
    with pytest.raises(ConfigError, match="engine"):
        fastholdem.simulate(["random", "random"], 10, seed=1, engine="gpu")


@pytest.mark.parametrize("policies", [["random"] * 6, ["tight", "random", "station"], ["station"] * 2])
def test_simulate_vector_same_seed_same_numbers(policies: list[str]) -> None:
    a = fastholdem.simulate(policies, 2500, seed=7, block_hands=1000, progress=False)
    b = fastholdem.simulate(policies, 2500, seed=7, block_hands=1000, progress=False)
    c = fastholdem.simulate(policies, 2500, seed=8, block_hands=1000, progress=False)
    assert seat_counts(a) == seat_counts(b) != seat_counts(c)


def test_simulate_vector_blocks_do_not_depend_on_the_run() -> None:
    # The first two blocks of a longer run are the blocks of a shorter one.
    short = io.StringIO()
    fastholdem.simulate(["tight", "random"], 200, seed=3, block_hands=100, phh=short, progress=False)
    longer = io.StringIO()
    fastholdem.simulate(["tight", "random"], 350, seed=3, block_hands=100, phh=longer, progress=False)
    assert longer.getvalue().startswith(short.getvalue())


def replayed_tally(tables: Tables, rows: np.ndarray, numbers: np.ndarray, tally: SimulationTally) -> None:
    """The scalar tally of the finished hands of ``rows``, from their PHH records."""
    for t in rows:
        hand = tables.to_phh(int(t)).replay()
        button = int(tables.button[t])
        p = tables.players
        tally.add(hand, [(button + 1 + j) % p for j in range(p)])  # PHH p1 sits left of the button


@pytest.mark.parametrize("config", [GameConfig(Structure.NO_LIMIT, 1, 2), GameConfig(Structure.LIMIT, 2, 4),
                                    GameConfig(Structure.POT_LIMIT, 1, 2, ante=1)],
                         ids=["nl", "fl", "pl-ante"])
@pytest.mark.parametrize("carry", [False, True])
def test_play_block_tally_equals_the_scalar_tally_of_its_hands(config: GameConfig, carry: bool) -> None:
    scalar = SimulationTally(4)
    tally = play_block(["tight", "random", "station", "random"], config, [60, 200, 20, 400], 500, seed=5,
                       policy_seeds=[1, 2, 3, 4], carry_stacks=carry,
                       record=lambda tables, rows, numbers: replayed_tally(tables, rows, numbers, scalar))
    assert tally.hands.tolist() == scalar.n == [500] * 4
    assert tally.total == scalar.total and tally.squares == scalar.squares
    assert tally.showdowns.tolist() == scalar.showdowns
    assert [{c: int(m) for c, m in enumerate(row) if m} for row in tally.wins] == scalar.wins


def test_play_block_fast_path_tally_is_consistent() -> None:
    tally = play_block(["random"] * 6, GameConfig(), [200] * 6, 20_000, seed=1, policy_seeds=[0] * 6)
    assert tally.hands.tolist() == [20_000] * 6 and sum(tally.total) == 0
    assert (tally.wins.sum(axis=1) <= tally.showdowns).all() and (tally.showdowns < 20_000).all()
    mean = np.array(tally.total) / 20_000
    sd = np.sqrt(np.array(tally.squares) / 20_000 - mean**2)
    assert (np.abs(mean) < 5 * sd / np.sqrt(20_000)).all()  # random players break even (5 sigma)
    empty = play_block(["random"] * 2, GameConfig(), [10, 10], 0, seed=1, policy_seeds=[0, 0])
    assert empty.hands.tolist() == [0, 0] and isinstance(empty, BlockTally)


def test_is_vectorisable() -> None:
    assert is_vectorisable("Tight") and is_vectorisable(StationPolicy())
    assert not is_vectorisable("gto") and not is_vectorisable(CallingStation())


def test_simulate_vector_phh_replays_to_the_same_results() -> None:
    out = io.StringIO()
    result = fastholdem.simulate(["random"] * 3, 400, seed=2, block_hands=150, phh=out, progress=False)
    histories = phh.loads_all(out.getvalue())
    assert len(histories) == 400
    for h in histories:
        assert list(h.replay().stacks) == list(h.finishing_stacks)
    assert result.engine == "vector"


def test_cli_simulate_vector_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "3", "--hands", "2000", "--seed", "1", "--policy", "tight,random",
                 "--json", "--no-progress"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["engine"] == "vector" and data["hands"] == 2000
    assert main(["simulate", "--players", "2", "--hands", "50", "--seed", "1", "--engine", "hand",
                 "--json", "--no-progress"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == "hand"


def test_play_block_short_block_plays_the_first_hands_of_the_full_block() -> None:
    def run(hands: int) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {}

        def record(tables: Tables, rows: np.ndarray, numbers: np.ndarray) -> None:
            for t, k in zip(rows, numbers):
                out[int(k)] = tables.rewards[t].tolist() + tables.hole[t].ravel().tolist()

        play_block(["tight", "random", "random"], GameConfig(), [200] * 3, hands, seed=9,
                   policy_seeds=[1, 2, 3], block_hands=5000, record=record)
        assert sorted(out) == list(range(hands))
        return out

    full = run(5000)  # 2,048 tables: refills
    for hands in (300, 2600):
        assert all(full[k] == v for k, v in run(hands).items())


@pytest.mark.slow
def test_simulation_page_bot_plays_a_million_hands() -> None:
    # docs/simulation.md as written, the million-hand run included (the default run skips it).
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "simulation.md"
    text = page.read_text(encoding="utf-8").replace("# doctest: +SKIP", "")
    test = doctest.DocTestParser().get_doctest(text, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
