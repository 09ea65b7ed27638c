"""Planning: which engine counts a job, and the job itself.

An exact job lists every collision-free hand assignment and enumerates boards (or reads the
shipped heads-up preflop table); a job too large to enumerate, or one that asks for trials,
samples seeded Monte Carlo blocks. The limits below decide.

>>> job = make_job(["AhKh", "QsQd"], "Td7c2s", None, None, 100_000, 1)
>>> job.exact
True
>>> job = make_job(["AhKh", "random", "random", "random"], None, None, None, 100_000, 1)
>>> job.exact                                  # too many hand assignments x boards to enumerate
False
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from .. import _core
from ..cards import CardsLike, cards_str
from ..errors import InputError, RangeError
from .engines.enumeration import ExactEngine, RunoutTable, hand_assignments, hand_assignments_with_rows
from .engines.montecarlo import MonteCarloEngine
from .engines.sweep import SweepEngine
from .inputs import (MAX_TRIALS, RANDOM_WORDS, ParsedPlayer, PlayerLike, check_flag, check_mode, check_seed,
                     narrow_ranges, parse_inputs, read_inputs)
from .jobs import EquityJob

__all__ = ["DEFAULT_TRIALS", "EXACT_AUTO_LIMIT", "MAX_ASSIGNMENTS", "SWEEP_AUTO_LIMIT", "Call", "build_job",
           "job_for_call", "make_job", "parse_call", "plan_job", "sweep_wins"]

DEFAULT_TRIALS = 1_000_000
"""Monte Carlo trials when neither ``trials`` nor ``stderr`` is given."""
EXACT_AUTO_LIMIT = 300_000_000
"""``exact=None`` enumerates when distinct hand assignments x boards x players is at most this."""
MAX_ASSIGNMENTS = 5_000_000
"""Most hand assignments (one combo per player) an exact job may list: ``exact=True`` raises
ValueError beyond it, and ``exact=None`` samples instead (a two-player job the sweep counts
lists none)."""
SWEEP_AUTO_LIMIT = 100_000_000
"""``exact=None`` sweeps two players when combos x runouts visited is at most this."""

# Relative costs (measured, 1 thread): a sweep pays per combo evaluated on a runout and per
# runout; enumeration per board of a distinct deal (much less preflop, where boards are counted
# by rank multiset with flush corrections: 7.8x fewer instructions than board by board), and
# per distinct deal.
_SWEEP_PER_COMBO = 23.0
_SWEEP_PER_RUNOUT = 300.0
_ENUM_PER_BOARD = 10.0
_ENUM_PER_BOARD_PREFLOP = 0.6
_ENUM_PER_DEAL = 9000.0


def sweep_wins(sweep: SweepEngine, boards_per_deal: int) -> bool:
    """Whether the sweep should beat enumeration on this job, by the cost model above (each
    engine's work shrinks by the suit symmetries it uses).

    >>> from fastholdem.equities.inputs import parse_inputs
    >>> parsed, board, dead = parse_inputs(["random", "random"], "Td7c2s", None)
    >>> sweep_wins(SweepEngine.build(parsed, board, dead), boards_per_deal=990)
    True
    """
    n_board = len(sweep.board)
    per_board = _ENUM_PER_BOARD_PREFLOP if n_board == 0 else _ENUM_PER_BOARD
    deals = sweep.deal_count() / sweep.board_symmetries()
    enumeration = deals * (boards_per_deal * per_board + _ENUM_PER_DEAL)
    runouts = sweep.size / len(sweep.perms)
    return runouts * (len(sweep.cards) * _SWEEP_PER_COMBO + _SWEEP_PER_RUNOUT) < enumeration


def make_job(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike, exact: bool | None,
              trials: int, seed: int | None, by_combo: bool = False) -> EquityJob:
    """An exact job when ``exact`` is true (or None and exact counting is cheap), else
    ``trials`` Monte Carlo trials with ``seed`` (a random one when None). Exact two-player
    jobs sweep runouts (:mod:`.engines.sweep`) where :func:`sweep_wins`, except heads-up
    preflop without dead cards (the shipped table); others enumerate. Exact jobs always
    keep per-combo counts; Monte Carlo keeps them only with ``by_combo`` (they cost 15-50%
    of the trial rate).

    >>> make_job(["AhKh", "QsQd"], "Td7c2s", None, None, trials=10_000, seed=1)
    EquityJob(players=('AhKh', 'QsQd'), board='Td7c2s', exact, size=1)
    >>> make_job(["AhKh", "QsQd"], "Td7c2s", None, False, trials=10_000, seed=1)
    EquityJob(players=('AhKh', 'QsQd'), board='Td7c2s', monte carlo, 10,000 trials, seed 1, size=3)
    """
    parsed, board_ids, dead_ids = parse_inputs(players, board, dead)
    return build_job(parsed, board_ids, dead_ids, exact, trials, seed, by_combo)


def build_job(parsed: list[ParsedPlayer], board_ids: list[int], dead_ids: list[int], exact: bool | None,
              trials: int, seed: int | None, by_combo: bool = False) -> EquityJob:
    """:func:`make_job` of inputs already parsed (:func:`fastholdem.equities.inputs.parse_inputs`).

    >>> parsed, board, dead = parse_inputs(["AhKh", "QsQd"], "Td7c2s", None)
    >>> build_job(parsed, board, dead, None, trials=10_000, seed=1).exact
    True
    """
    labels = tuple(p.label for p in parsed)
    board_text, dead_text = cards_str(board_ids), cards_str(dead_ids)
    missing = 5 - len(board_ids)
    boards_per_deal = _core.board_count(52 - len(board_ids) - len(dead_ids) - 2 * len(parsed), missing)
    listed = None
    if exact is not False and len(parsed) == 2 and (board_ids or dead_ids):  # preflop: the shipped table
        sweep = SweepEngine.build(parsed, board_ids, dead_ids)
        if sweep is not None and sweep.deal_count() == 0:
            raise RangeError("the ranges cannot be dealt without two players sharing a card")
        if sweep is not None and (exact or sweep.visits() <= SWEEP_AUTO_LIMIT) and sweep_wins(sweep, boards_per_deal):
            return EquityJob(sweep, labels, board_text, dead_text)
    runouts = None
    if exact is not False and len(board_ids) in (3, 4):  # runout tables: rows listed with the deals
        table = RunoutTable([p.combos for p in parsed])
        with_rows = hand_assignments_with_rows(parsed, MAX_ASSIGNMENTS, table)
        listed = None if with_rows is None else (with_rows[0], with_rows[1])
        runouts = None if with_rows is None else (table, with_rows[2])
    elif exact is not False:
        listed = hand_assignments(parsed, MAX_ASSIGNMENTS)
    if exact is not False:
        if listed is None and exact:
            randoms = sum(p.label.lower() in RANDOM_WORDS for p in parsed)
            hint = (f"; one hand's exact equity against {randoms} random hands is "
                    "fastholdem.vs_random_equities" if randoms == len(parsed) - 1 else "")
            raise InputError(f"exact enumeration would list over {MAX_ASSIGNMENTS:,} hand assignments "
                             "(the limit, fastholdem.equities.MAX_ASSIGNMENTS); use Monte Carlo instead: "
                             f"exact=False, or trials=N or stderr=E{hint}")
    if listed is not None and len(listed[0]) == 0:
        raise RangeError("the ranges cannot be dealt without two players sharing a card")
    if listed is not None:
        engine = ExactEngine(listed[0], listed[1], board_ids, dead_ids, [p.combos for p in parsed], runouts)
        if exact or engine.cost(boards_per_deal) <= EXACT_AUTO_LIMIT:
            return EquityJob(engine, labels, board_text, dead_text)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little") >> 1
    mc = MonteCarloEngine(parsed, board_ids, dead_ids, seed, by_combo=by_combo)
    return EquityJob(mc, labels, board_text, dead_text, trials=trials, seed=seed)


@dataclass
class Call:
    """The arguments of one :func:`fastholdem.equity` call, checked and parsed once
    (:func:`parse_call`): what both the short path (:mod:`._quick`) and :func:`plan_job` read.

    ``exact``, ``trials`` and ``stderr`` are as given; ``players`` are the parsed players
    (:func:`~fastholdem.equities.inputs.read_inputs`), whose ranges :func:`plan_job` narrows
    to the hands the known cards leave.
    """

    players: list[ParsedPlayer]
    board: list[int]
    dead: list[int]
    exact: bool | None
    trials: int | None
    stderr: float | None
    seed: int | None
    by_combo: bool


def parse_call(players: Sequence[PlayerLike], board: CardsLike = None, dead: CardsLike = None,
               exact: bool | None = None, trials: int | None = None, stderr: float | None = None,
               seed: int | None = None, by_combo: bool = False) -> Call:
    """The checked arguments of one :func:`fastholdem.equity` call: the mode arguments
    (:func:`~fastholdem.equities.inputs.check_mode`), the seed and ``by_combo``, then the
    players, board and dead cards (:func:`~fastholdem.equities.inputs.read_inputs`), in this
    order, each error naming its argument.

    >>> call = parse_call(["AhKh", "random"], "Td7c2s")
    >>> [p.label for p in call.players], call.board, call.exact
    (['AhKh', 'random'], [33, 20, 3], None)
    """
    check_mode(exact, trials, stderr)
    seed = check_seed(seed)
    by_combo = check_flag(by_combo, "by_combo")
    parsed, board_ids, dead_ids = read_inputs(players, board, dead)
    return Call(parsed, board_ids, dead_ids, exact, trials, stderr, seed, by_combo)


def plan_job(call: Call) -> EquityJob:
    """The job of a parsed call, its ranges narrowed first
    (:func:`~fastholdem.equities.inputs.narrow_ranges`, RangeError for one left empty): asking
    for trials or a standard error means Monte Carlo, of ``trials`` (default
    ``DEFAULT_TRIALS``, or ``MAX_TRIALS`` as the ceiling of a ``stderr`` target); else
    :func:`build_job` decides.

    >>> plan_job(parse_call(["AhKh", "QsQd"], "Td7c2s", trials=10_000, seed=1))
    EquityJob(players=('AhKh', 'QsQd'), board='Td7c2s', monte carlo, 10,000 trials, seed 1, size=3)
    """
    narrow_ranges(call.players, call.board, call.dead)
    exact = call.exact
    if exact is None and (call.trials is not None or call.stderr is not None):
        exact = False
    trials = call.trials
    limit = trials if trials is not None else (MAX_TRIALS if call.stderr is not None else DEFAULT_TRIALS)
    return build_job(call.players, call.board, call.dead, exact, int(limit), call.seed, call.by_combo)


def job_for_call(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike, exact: bool | None,
                 trials: int | None, stderr: float | None, seed: int | None, by_combo: bool) -> EquityJob:
    """The job of one :func:`fastholdem.equity` call without its short path (also
    :func:`fastholdem.equity_job`, with ``stderr=None``, and the Dask path):
    :func:`plan_job` of :func:`parse_call`."""
    return plan_job(parse_call(players, board, dead, exact, trials, stderr, seed, by_combo))
