"""Aggregate reports (issue 30 item 5): one spot per flop, the reach-weighted action frequencies
at a node, each player's EV and equity there, and the weighted overall row."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import pytest

import fastholdem as fh
from fastholdem.solver import FlopClass, aggregate_report, flop_classes, flop_row

SPOT = dict(oop="AA,KK,76s", ip="QQ,JJ,AQs", pot=10, stack=10, sizes="100%", max_iterations=10)
FLOPS = ["Td9d6h", "AsKd2c", "7c7d2h"]


@pytest.fixture(scope="module")
def after_check() -> fh.solver.AggregateReport:
    return aggregate_report(SPOT["oop"], SPOT["ip"], FLOPS, path=["check"], progress=False,
                            **{k: v for k, v in SPOT.items() if k not in ("oop", "ip")})


def test_rows_are_the_solved_nodes(after_check: fh.solver.AggregateReport) -> None:
    rep = after_check
    assert [r.flop for r in rep.rows] == FLOPS and rep.player == 1 and rep.path == ("check",)
    assert rep.actions == ("check", "allin 10")
    for row, board in zip(rep.rows, FLOPS):
        sol = fh.solve(board=board, **SPOT)  # type: ignore[arg-type]
        assert row.frequencies == sol.node("check").frequencies()
        assert row.exploitability == sol.exploitability and row.iterations == sol.iterations
        assert math.isclose(row.ev[0] + row.ev[1], 10.0, rel_tol=1e-6)
        assert math.isclose(row.equity[0] + row.equity[1], 1.0, rel_tol=1e-9)


def test_root_ev_is_the_solution_ev_and_equity_is_combo_weighted() -> None:
    sol = fh.solve(board="AsKd2c", **SPOT)  # type: ignore[arg-type]
    row = flop_row(sol)
    assert math.isclose(row.ev[0], sol.ev(0), rel_tol=1e-9) and math.isclose(row.ev[1], sol.ev(1), rel_tol=1e-9)
    # each combo weighs its reach times the opposing reach it does not block
    node = sol.node()
    masks = [np.array([sum(1 << c for c in fh.parse_cards(t)) for t in sol.combos[p]], np.uint64) for p in (0, 1)]
    free = (masks[0][:, None] & masks[1][None, :]) == 0
    w = node.reach[0] * (free @ node.reach[1])
    eq = np.nan_to_num(sol.equities(player=0))
    assert math.isclose(row.equity[0], float((w * eq).sum() / w.sum()), rel_tol=1e-9)


def test_overall_row_weighs_the_flops(after_check: fh.solver.AggregateReport) -> None:
    rows = after_check.rows
    weighted = aggregate_report(SPOT["oop"], SPOT["ip"], [(f, w) for f, w in zip(FLOPS, (1, 2, 5))],
                                path=["check"], progress=False,
                                **{k: v for k, v in SPOT.items() if k not in ("oop", "ip")})
    o = weighted.overall
    assert o.weight == 8 and o.flop == "overall"
    for a in weighted.actions:
        assert math.isclose(o.frequencies[a], sum(w * r.frequencies[a] for r, w in zip(rows, (1, 2, 5))) / 8)
    assert math.isclose(o.ev[0], sum(w * r.ev[0] for r, w in zip(rows, (1, 2, 5))) / 8)
    assert math.isclose(sum(o.frequencies.values()), 1.0, abs_tol=1e-6)  # float32 strategies


def test_a_sample_of_the_1755_flops_keeps_their_counts() -> None:
    kw = {k: v for k, v in SPOT.items() if k not in ("oop", "ip")}
    a = aggregate_report(SPOT["oop"], SPOT["ip"], "all", sample=2, seed=7, progress=False, **kw)
    b = aggregate_report(SPOT["oop"], SPOT["ip"], "all", sample=2, seed=7, progress=False, **kw)
    assert a == b
    counts = {c.board: c.count for c in flop_classes()}
    assert [r.weight for r in a.rows] == [counts[r.flop] for r in a.rows]
    assert a.overall.weight == sum(counts[r.flop] for r in a.rows)


def test_any_map_gives_the_same_report(after_check: fh.solver.AggregateReport) -> None:
    def backwards(fn: Callable[[Any], Any], tasks: Iterable[Any]) -> list[Any]:
        return [fn(t) for t in reversed(list(tasks))]  # results in any order

    rep = aggregate_report(SPOT["oop"], SPOT["ip"], FLOPS, path=["check"], progress=False, map=backwards,
                           **{k: v for k, v in SPOT.items() if k not in ("oop", "ip")})
    assert rep == after_check


def test_table_renderings(after_check: fh.solver.AggregateReport, tmp_path: Any) -> None:
    rep = after_check
    text = rep.to_text()
    assert text.splitlines()[0] == "IP to act after check, 3 flops"
    assert text.splitlines()[-1].startswith("overall")
    csv_text = rep.to_csv()
    lines = csv_text.splitlines()
    assert lines[0] == ",".join(rep.columns) and len(lines) == 1 + 3 + 1
    assert [float(x) for x in lines[1].split(",")[2:4]] == [rep.rows[0].frequencies[a] for a in rep.actions]
    out = tmp_path / "report.csv"
    rep.write_csv(out)
    assert out.read_text() == csv_text
    pd = pytest.importorskip("pandas")
    df = rep.to_pandas()
    assert isinstance(df, pd.DataFrame) and list(df.index) == [*FLOPS, "overall"]
    assert df.loc["Td9d6h", "check"] == rep.rows[0].frequencies["check"]


def test_flop_classes_as_flops() -> None:
    kw = {k: v for k, v in SPOT.items() if k not in ("oop", "ip")}
    rep = aggregate_report(SPOT["oop"], SPOT["ip"], [FlopClass("Ts9s6h", 12)], progress=False, **kw)
    assert rep.rows[0].weight == 12 and rep.rows[0].flop == "Ts9s6h" and rep.player == 0


@pytest.mark.parametrize(("kwargs", "match"), [
    (dict(flops=["AsKs"]), "flops\\[0\\]"),
    (dict(flops=[]), "flops"),
    (dict(flops="some"), "flops"),
    (dict(flops=[("Td9d6h", 0)]), "weight"),
    (dict(flops="all", sample=0), "sample"),
    (dict(flops="all", sample=1756), "sample"),
    (dict(flops=FLOPS, seed=3), "seed"),
    (dict(flops=FLOPS, path="check"), "path"),
    (dict(flops=FLOPS, path=["check", "check"]), "path"),
    (dict(flops=FLOPS, map=3), "map"),
    (dict(flops=FLOPS, oop="AA,ZZ"), "oop: bad range"),
])
def test_bad_input_is_named(kwargs: dict[str, Any], match: str) -> None:
    args = {**SPOT, **kwargs}
    oop, ip = args.pop("oop"), args.pop("ip")
    flops = args.pop("flops")
    with pytest.raises(fh.FastHoldemError, match=match):
        aggregate_report(oop, ip, flops, progress=False, **args)
