"""Aggregate reports: one spot solved per flop of a set, the action frequencies at one node of
each, with each player's EV and equity there, as one table (PioSOLVER's "aggregated reports").

The frequencies of a flop are the acting player's, weighted by his reach at the node (his
range weights times the probability of his own actions on the way there,
:meth:`fastholdem.solver.Node.frequencies`). The EV and the equity of a player at the node are
his combos' EVs and equities weighted by how often each combo is there: his reach times the
opponent's reach-weighted combos that do not share a card with it (at the root: his
:meth:`~fastholdem.solver.Solution.ev`). The ``overall`` row weighs each flop by its weight (its
count among the 22,100 flops for the 1,755 classes of :func:`~fastholdem.solver.flop_classes`).

How the flops are solved is a ``map`` callable (``map(function, tasks)`` giving each task's
result, in any order): the built-in :func:`map` solves them here one after another;
:func:`fastholdem.dask.aggregate_report` gives one that runs them on a cluster. Only the small
rows travel back, never the solutions.

>>> import fastholdem as fh
>>> rep = fh.solver.aggregate_report("AA,KK,76s", "QQ,JJ,AQs", ["Td9d6h", "AsKd2c"], pot=10, stack=10,
...                                  sizes="100%", max_iterations=20, progress=False)
>>> rep.actions, [row.flop for row in rep.rows]
(('check', 'allin 10'), ['Td9d6h', 'AsKd2c'])
>>> round(sum(rep.overall.frequencies.values()), 6)
1.0
"""

from __future__ import annotations

import builtins
import csv
import io
import math
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from .._validate import output_file
from ..cards import card_str, parse_cards
from ..equities import equity
from ..errors import FastHoldemError, InputError, InputTypeError
from ..progress import Progress
from ..ranges import Range
from .flops import FlopClass, _flop_cards, flop_classes
from .solution import Solution, solve

__all__ = ["AggregateReport", "FlopRow", "FlopTask", "aggregate_report", "flop_row", "solve_flop"]

MapLike = Callable[[Callable[[Any], Any], Iterable[Any]], Iterable[Any]]
"""``map(function, tasks)``: each task's ``function(task)``, in any order (the built-in map,
``Executor.map``, or :func:`fastholdem.dask.aggregate_report`'s cluster map)."""


@dataclass(frozen=True)
class FlopRow:
    """One flop of an :class:`AggregateReport`.

    ``frequencies`` maps each action at the node to the acting player's reach-weighted share
    (empty when the player never gets there on this flop), ``player`` is the one who acts
    there (0 OOP, 1 IP); ``ev`` and ``equity`` are
    (OOP, IP) at the node, NaN when it is never reached; ``exploitability`` is in % of the pot.

    >>> FlopRow("AsKd2c", 24.0, {"check": 0.4, "bet 5": 0.6}, (6.0, 4.0), (0.6, 0.4), 0.3, 20).frequencies["bet 5"]
    0.6
    """

    flop: str
    weight: float
    frequencies: dict[str, float]
    ev: tuple[float, float]
    equity: tuple[float, float]
    exploitability: float
    iterations: int
    player: int = 0
    index: int = 0


@dataclass(frozen=True)
class FlopTask:
    """What :func:`solve_flop` needs to solve one flop of a report (it pickles).

    >>> FlopTask(0, "Td9d6h", 1.0, dict(oop="AA", ip="QQ", pot=10, stack=10), ("check",)).path
    ('check',)
    """

    index: int
    flop: str
    weight: float
    solve: dict[str, Any]
    path: tuple[str, ...]


def _masks(combos: Sequence[str]) -> npt.NDArray[np.uint64]:
    return np.array([sum(1 << c for c in parse_cards(t)) for t in combos], np.uint64)


def flop_row(sol: Solution, path: Sequence[str] = (), *, weight: float = 1.0, index: int = 0) -> FlopRow:
    """The report row of a solved flop at the node reached by ``path`` (flop actions).

    Examples
    --------
    >>> import fastholdem as fh
    >>> sol = fh.solve("AA,KK,76s", "QQ,JJ,AQs", "Td9d6h", pot=10, stack=10, sizes="100%", max_iterations=20)
    >>> row = flop_row(sol, ["check"])
    >>> sorted(row.frequencies), round(row.ev[0] + row.ev[1], 4)   # IP's check or shove; EVs add to the pot
    (['allin 10', 'check'], 10.0)
    """
    path = tuple(path)
    node = sol.node(*path)
    if not isinstance(node.player, int):
        raise InputError(f"path must lead to a player's decision: {' / '.join(path) or 'the root'} is a "
                         f"{node.player} node")
    board = [int(c) for c in sol.spot.board]
    flop = "".join(card_str(c) for c in board)
    reach = node.reach
    masks = (_masks(sol.combos[0]), _masks(sol.combos[1]))
    free = (masks[0][:, None] & masks[1][None, :]) == 0  # (OOP combos, IP combos) sharing no card
    there = (free @ reach[1], free.T @ reach[0])  # each combo's weight of opposing combos there
    evs: list[float] = []
    for p in (0, 1):
        w = reach[p] * there[p]
        total = float(w.sum())
        if total > 0:
            values = np.nan_to_num(sol.combo_evs(*path, player=p))
            evs.append(float((w * values).sum() / total))
        else:
            evs.append(math.nan)
    if reach[0].sum() > 0 and reach[1].sum() > 0 and not math.isnan(evs[0]):
        ranges = []
        for p in (0, 1):
            keep = reach[p] > 0
            cards = np.array([parse_cards(c) for c, k in zip(sol.combos[p], keep.tolist()) if k], np.int64)
            ranges.append(Range.from_combos(cards, np.minimum(reach[p][keep], 1.0)))
        eq = equity(ranges, board=board, exact=True, threads=1, progress=False).equity
        eqs = (float(eq[0]), float(eq[1]))
        freqs = node.frequencies()
    else:
        eqs, freqs = (math.nan, math.nan), {}
    return FlopRow(flop, float(weight), freqs, (evs[0], evs[1]), eqs, float(sol.exploitability), sol.iterations,
                   node.player, index)


def solve_flop(task: FlopTask) -> FlopRow:
    """Solve one flop of a report and read its row (the function a report maps over its tasks).

    Examples
    --------
    >>> task = FlopTask(0, "Td9d6h", 1.0, dict(oop="AA", ip="QQ", pot=10, stack=10, max_iterations=10), ())
    >>> solve_flop(task).frequencies["check"] < 0.5
    True
    """
    sol = solve(board=task.flop, **task.solve, progress=False)
    return flop_row(sol, task.path, weight=task.weight, index=task.index)


def _weighted(values: Sequence[float], weights: Sequence[float]) -> float:
    pairs = [(v, w) for v, w in zip(values, weights) if not math.isnan(v)]
    total = sum(w for _, w in pairs)
    return sum(v * w for v, w in pairs) / total if total > 0 else math.nan


@dataclass(frozen=True)
class AggregateReport:
    """The rows of :func:`aggregate_report`, one per flop in the order asked, and their
    weighted ``overall`` row.

    ``actions`` are the node's actions (the columns), ``player`` 0 (OOP) or 1 (IP) the one
    who acts there. :meth:`to_text` draws the table for a terminal, :meth:`to_csv` and
    :meth:`write_csv` write it, :meth:`to_pandas` gives a DataFrame (pandas is optional).

    >>> row = FlopRow("AsKd2c", 2.0, {"check": 0.25, "bet 5": 0.75}, (6.0, 4.0), (0.6, 0.4), 0.3, 20)
    >>> AggregateReport((), 0, ("check", "bet 5"), (row,)).overall.frequencies
    {'check': 0.25, 'bet 5': 0.75}
    """

    path: tuple[str, ...]
    player: int
    actions: tuple[str, ...]
    rows: tuple[FlopRow, ...]
    overall: FlopRow = field(init=False)

    def __post_init__(self) -> None:
        reached = [r for r in self.rows if r.frequencies]
        weights = [r.weight for r in reached]
        freqs = {a: _weighted([r.frequencies.get(a, 0.0) for r in reached], weights) for a in self.actions}
        all_w = [r.weight for r in self.rows]
        object.__setattr__(self, "overall", FlopRow(
            "overall", float(sum(all_w)), freqs if reached else {},
            (_weighted([r.ev[0] for r in self.rows], all_w), _weighted([r.ev[1] for r in self.rows], all_w)),
            (_weighted([r.equity[0] for r in self.rows], all_w), _weighted([r.equity[1] for r in self.rows], all_w)),
            _weighted([r.exploitability for r in self.rows], all_w), sum(r.iterations for r in self.rows),
            self.player, -1))

    @property
    def columns(self) -> tuple[str, ...]:
        """The table's columns: ``flop``, ``weight``, one per action, then ``oop_ev``,
        ``ip_ev``, ``oop_equity``, ``ip_equity``, ``exploitability``, ``iterations``."""
        return ("flop", "weight", *self.actions, "oop_ev", "ip_ev", "oop_equity", "ip_equity",
                "exploitability", "iterations")

    def records(self, overall: bool = True) -> list[tuple[Any, ...]]:
        """The table as tuples in :attr:`columns` order, the ``overall`` row last."""
        out = []
        for r in (*self.rows, self.overall) if overall else self.rows:
            freqs = [r.frequencies.get(a, 0.0) if r.frequencies else math.nan for a in self.actions]
            out.append((r.flop, r.weight, *freqs, *r.ev, *r.equity, r.exploitability, r.iterations))
        return out

    def to_pandas(self, overall: bool = True) -> Any:
        """A ``pandas.DataFrame`` indexed by flop (pandas is needed for this method only)."""
        try:
            import pandas as pd  # type: ignore[import-untyped, unused-ignore]
        except ImportError as exc:
            raise ImportError("to_pandas needs pandas: pip install pandas") from exc
        return pd.DataFrame.from_records(self.records(overall), columns=self.columns).set_index("flop")

    def to_csv(self) -> str:
        """The table as CSV text (a header, the flops, ``overall`` last); full precision."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.columns)
        for rec in self.records():
            writer.writerow([repr(v) if isinstance(v, float) else v for v in rec])
        return out.getvalue()

    def write_csv(self, path: str | os.PathLike[str]) -> None:
        """Write :meth:`to_csv` to ``path``, whole or not at all."""
        with output_file(path) as fh:
            fh.write(self.to_csv())

    def to_text(self) -> str:
        """The table for a terminal: frequencies in %, EVs in chips, equities in %."""
        head = ["flop", "weight", *self.actions, "OOP EV", "IP EV", "OOP eq", "IP eq"]
        lines = []

        def pct(v: float) -> str:
            return "-" if math.isnan(v) else f"{100 * v:.1f}%"

        def chips(v: float) -> str:
            return "-" if math.isnan(v) else f"{v:.2f}"

        for r in (*self.rows, self.overall):
            freqs = [pct(r.frequencies.get(a, 0.0)) if r.frequencies else "-" for a in self.actions]
            lines.append([r.flop, f"{r.weight:g}", *freqs, chips(r.ev[0]), chips(r.ev[1]),
                          pct(r.equity[0]), pct(r.equity[1])])
        widths = [max(len(x) for x in col) for col in zip(head, *lines)]

        def fmt(cells: list[str]) -> str:
            return "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                             for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

        who = "OOP" if self.player == 0 else "IP"
        where = "at the root" if not self.path else "after " + ", ".join(self.path)
        rule = "-" * len(fmt(head))
        return "\n".join([f"{who} to act {where}, {len(self.rows)} flops", fmt(head), rule,
                          *(fmt(x) for x in lines[:-1]), rule, fmt(lines[-1])])

    def __str__(self) -> str:
        return self.to_text()


def _flop_set(flops: Any) -> list[tuple[str, float]]:
    if isinstance(flops, str) and flops.strip().lower() == "all":
        return [(c.board, float(c.count)) for c in flop_classes()]
    if isinstance(flops, (str, bytes)) or not isinstance(flops, Iterable):
        raise InputTypeError(f"flops must be 'all' or a list of flops such as ['Td9d6h', 'AsKd2c'], "
                             f"got {flops!r}" if isinstance(flops, str) else
                             f"flops must be 'all' or a list of flops, got {type(flops).__name__}")
    out: list[tuple[str, float]] = []
    for i, f in enumerate(flops):
        if isinstance(f, FlopClass):
            board, weight = f.board, float(f.count)
        elif isinstance(f, tuple) and len(f) == 2 and isinstance(f[1], (int, float)) and not isinstance(f[1], bool):
            board, weight = f[0], float(f[1])
        else:
            board, weight = f, 1.0
        cards = _flop_cards(board, f"flops[{i}]")
        if not (math.isfinite(weight) and weight > 0):
            raise InputError(f"flops[{i}]: the weight must be a positive number, got {weight!r}")
        out.append(("".join(card_str(c) for c in cards), weight))
    if not out:
        raise InputError("flops: give at least one flop")
    return out


def aggregate_report(oop: Range | str, ip: Range | str, flops: Any = "all", *, pot: int, stack: int,
                     sizes: str | list[str] = "50%", target: float = 0.5, max_iterations: int = 1000,
                     path: Sequence[str] = (), sample: int | None = None, seed: int | None = None,
                     threads: int | None = None, progress: bool | None = None,
                     map: MapLike | None = None) -> AggregateReport:
    """Solve the spot on every flop of a set and report the action frequencies at one node.

    Parameters
    ----------
    oop, ip : Range or str
        The ranges, the same on every flop (each flop removes its own cards).
    flops : "all" or sequence
        ``"all"``: the 1,755 classes of :func:`flop_classes`, each weighted by its count; or a
        list of flops (``"Td9d6h"``, card ids, a :class:`FlopClass` weighted by its count, or
        ``(flop, weight)``), weight 1 by default.
    pot, stack, sizes, target, max_iterations
        As :func:`fastholdem.solve`, for every flop.
    path : sequence of str
        The flop actions to the node reported (default the root, OOP's first decision);
        ``["check"]`` is IP's answer to a check.
    sample, seed : int, optional
        Report ``sample`` flops of the set drawn at random without replacement (each keeps its
        weight), from the generator seeded by ``seed``; in the order of the set.
    threads : int, optional
        Threads per solve (the answer is the same for any count).
    progress : bool, optional
        A bar over the flops on stderr (default: when stderr is a terminal).
    map : callable, optional
        How the flops are solved (see the module docstring); default the built-in map.

    Returns
    -------
    AggregateReport

    Examples
    --------
    >>> import fastholdem as fh
    >>> rep = fh.solver.aggregate_report("AA,KK,76s", "QQ,JJ,AQs", "all", sample=2, seed=1, pot=10, stack=10,
    ...                                  sizes="100%", max_iterations=10, path=["check"], progress=False)
    >>> len(rep.rows), rep.player, rep.overall.weight == sum(r.weight for r in rep.rows)
    (2, 1, True)
    """
    chosen = _flop_set(flops)
    if sample is not None:
        if isinstance(sample, bool) or not isinstance(sample, int) or not 1 <= sample <= len(chosen):
            raise InputError(f"sample must be a whole number from 1 to {len(chosen)} (the flops), got {sample!r}")
        picks = np.random.default_rng(seed).choice(len(chosen), size=sample, replace=False)
        chosen = [chosen[i] for i in sorted(picks.tolist())]
    elif seed is not None:
        raise InputError("seed is for sample=N (a random sample of the flops); give sample too")
    if isinstance(path, str) or not isinstance(path, Iterable) or not all(isinstance(a, str) for a in path):
        raise InputTypeError(f"path must be a list of actions such as ['check'], got {path!r}")
    for name, r in (("oop", oop), ("ip", ip)):
        if not isinstance(r, (Range, str)):
            raise InputTypeError(f"{name} must be a Range or range text, got {type(r).__name__}")
        if isinstance(r, str):
            try:
                Range(r)  # bad range text fails here, before any solve
            except FastHoldemError as exc:
                raise type(exc)(f"{name}: {exc}") from None
    if map is None:
        map = builtins.map
    elif not callable(map):
        raise InputTypeError(f"map must be callable like the built-in map, got {type(map).__name__}")
    spot = dict(oop=oop, ip=ip, pot=pot, stack=stack, sizes=sizes, target=target, max_iterations=max_iterations,
                threads=threads)
    tasks = [FlopTask(i, board, weight, spot, tuple(path)) for i, (board, weight) in enumerate(chosen)]
    rows: dict[int, FlopRow] = {}
    with Progress(len(tasks), "aggregate report", enabled=progress) as bar:
        for row in map(solve_flop, tasks):
            rows[row.index] = row
            bar.update(1)
    if len(rows) != len(tasks):
        raise InputError(f"map gave {len(rows)} results for {len(tasks)} flops")
    ordered = tuple(rows[i] for i in range(len(tasks)))
    actions: list[str] = []
    for row in ordered:
        actions += [a for a in row.frequencies if a not in actions]
    return AggregateReport(tuple(path), ordered[0].player, tuple(actions), ordered)
