"""Monte Carlo simulation: play many hands between policies and report results per seat.

Per seat: chips won per 100 hands with a 95% confidence interval (normal approximation over
per-hand results), the same in big blinds, the showdown rate, and the categories of the hands
that won pots at showdown. Vectorisable policies (the built-in names, and objects of the
vectorised protocol ``act(obs, legal)``) play on the vector engine (``fastholdem.vector``);
scalar agents (``act(view)``) play on :class:`~fastholdem.game.Hand` (see :func:`simulate`).

>>> result = simulate(["random", "station", "random"], 300, seed=1, progress=False)
>>> result.hands, len(result.seats), sum(s.chips_won for s in result.seats)
(300, 3, 0)
"""

from __future__ import annotations

import io
import math
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

import numpy as np

from .._validate import check_bool, check_int, echo
from ..errors import ConfigError, InputTypeError
from ..evaluate import category
from ..game.buyin import BuyInPolicy
from ..game.config import GameConfig, Structure
from ..game.hand import Hand
from ..game.players import FunctionAgent, as_agent, drive
from ..game.table import Table
from ..history.phh import SessionWriter, from_hand
from ..progress import Progress
from ..vector.policies import builtin_policy, make_player, policy_kind
from .vector_block import play_block

__all__ = ["BLOCK_HANDS", "ENGINES", "SeatResult", "SimulationPlan", "SimulationResult", "SimulationTally",
           "plan_simulation", "simulate"]

ENGINES = ("auto", "vector", "hand")
"""The ``engine`` choices of :func:`simulate`."""

_CATEGORY_NAMES = (
    "high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
    "four of a kind", "straight flush",
)
_Z95 = 1.959963984540054


@dataclass
class SeatResult:
    """Results of one seat.

    Attributes
    ----------
    seat, policy:
        Table seat and policy name.
    hands:
        Hands the seat was dealt in.
    chips_won:
        Net chips won (negative when lost).
    per100, ci95:
        Chips won per 100 hands and the half-width of its 95% confidence interval.
    bb_per100, bb_ci95:
        The same in big blinds.
    showdowns:
        Hands the seat took to showdown.
    wins:
        Showdowns won (at least a share of a pot), by category of the winning hand.

    Examples
    --------
    >>> seat = simulate(["station", "station"], 400, seed=2).seats[0]
    >>> seat.hands, seat.showdown_rate, sum(seat.wins.values()) <= seat.showdowns
    (400, 1.0, True)
    """

    seat: int
    policy: str
    hands: int = 0
    chips_won: int = 0
    per100: float = 0.0
    ci95: float = 0.0
    bb_per100: float = 0.0
    bb_ci95: float = 0.0
    showdowns: int = 0
    wins: dict[str, int] = field(default_factory=dict)

    @property
    def showdown_rate(self) -> float:
        """Fraction of dealt hands that reached showdown for this seat."""
        return self.showdowns / self.hands if self.hands else 0.0


@dataclass
class SimulationResult:
    """What :func:`simulate` returns: one :class:`SeatResult` per seat plus run facts.

    >>> result = simulate(["tight", "random"], 300, seed=1)
    >>> result.hands, result.seed, len(result.seats), result.to_dict()["structure"]
    (300, 1, 2, 'no-limit')
    >>> print(str(result).splitlines()[1])
    seat policy     chips/100     95% CI    bb/100    95% CI  showdown  top winning hands
    """

    seats: list[SeatResult]
    hands: int
    elapsed: float
    config: GameConfig
    seed: int | None
    engine: str = "hand"
    """``"vector"`` (``fastholdem.vector.Tables``) or ``"hand"`` (``fastholdem.game.Hand``)."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "hands": self.hands,
            "elapsed": self.elapsed,
            "seed": self.seed,
            "engine": self.engine,
            "structure": self.config.structure.value,
            "blinds": [self.config.small_blind, self.config.big_blind],
            "seats": [
                {
                    "seat": s.seat, "policy": s.policy, "hands": s.hands, "chips_won": s.chips_won,
                    "per100": s.per100, "ci95": s.ci95, "bb_per100": s.bb_per100, "bb_ci95": s.bb_ci95,
                    "showdowns": s.showdowns, "showdown_rate": s.showdown_rate, "wins": s.wins,
                }
                for s in self.seats
            ],
        }

    def __str__(self) -> str:
        cfg = self.config
        lines = [
            f"{self.hands} hands, {cfg.structure.value} {cfg.small_blind}/{cfg.big_blind}, seed {self.seed}, "
            f"{self.engine} engine, "
            f"{self.elapsed:.1f} s ({self.hands / max(self.elapsed, 1e-9):,.0f} hands/s)",
            f"{'seat':>4} {'policy':<8} {'chips/100':>11} {'95% CI':>10} {'bb/100':>9} {'95% CI':>9} "
            f"{'showdown':>9}  top winning hands",
        ]
        for s in self.seats:
            top = sorted(s.wins.items(), key=lambda kv: -kv[1])[:3]
            wins = ", ".join(f"{name} {count}" for name, count in top) or "-"
            lines.append(
                f"{s.seat:>4} {s.policy:<8} {s.per100:>11.1f} {'±' + format(s.ci95, '.1f'):>10} "
                f"{s.bb_per100:>9.2f} {'±' + format(s.bb_ci95, '.2f'):>9} {s.showdown_rate:>8.1%}  {wins}"
            )
        return "\n".join(lines)


class SimulationTally:
    """Running sums per seat (hands, chips, squares, showdowns, winning categories), updated
    after each hand; tallies of blocks add up exactly, in any order (:meth:`merge`).

    Examples
    --------
    >>> plan = plan_simulation(["random", "random"], 100, seed=2)
    >>> tally = plan.new_tally()
    >>> tally.merge(plan.play_block(0)[0])
    >>> tally.n
    [100, 100]
    """

    __slots__ = ("n", "total", "squares", "showdowns", "wins")

    def __init__(self, seats: int) -> None:
        self.n = [0] * seats
        self.total = [0] * seats
        self.squares = [0] * seats
        self.showdowns = [0] * seats
        self.wins: list[dict[int, int]] = [{} for _ in range(seats)]

    def add(self, hand: Hand, seats: Sequence[int]) -> None:
        final = hand.stacks
        start = hand.starting_stacks
        n, total, squares = self.n, self.total, self.squares
        for i, seat in enumerate(seats):
            won = final[i] - start[i]
            n[seat] += 1
            total[seat] += won
            squares[seat] += won * won
        values = hand.shown_values
        if values:
            for i in values:
                self.showdowns[seats[i]] += 1
            winners = hand.winners
            for i in winners:
                if i in values:
                    cat = _category(values[i])
                    box = self.wins[seats[i]]
                    box[cat] = box.get(cat, 0) + 1

    def merge(self, other: SimulationTally) -> None:
        """Add the counts of ``other`` (another block of the same simulation)."""
        for seat in range(len(self.n)):
            self.n[seat] += other.n[seat]
            self.total[seat] += other.total[seat]
            self.squares[seat] += other.squares[seat]
            self.showdowns[seat] += other.showdowns[seat]
            box = self.wins[seat]
            for cat, count in other.wins[seat].items():
                box[cat] = box.get(cat, 0) + count

    def __getstate__(self) -> tuple[Any, ...]:
        return self.n, self.total, self.squares, self.showdowns, self.wins

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.n, self.total, self.squares, self.showdowns, self.wins = state


def _category(value: int) -> int:
    return int(category(value))


def _interval(n: int, total: int, squares: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    mean = total / n
    if n < 2:
        return 100 * mean, math.inf
    var = max(squares - n * mean * mean, 0.0) / (n - 1)
    return 100 * mean, 100 * _Z95 * math.sqrt(var / n)


BLOCK_HANDS = 10_000
"""Hands per seeded block of :func:`simulate` (the default ``block_hands``)."""


@dataclass(frozen=True)
class SimulationPlan:
    """A checked simulation: everything a block needs, picklable (made by :func:`plan_simulation`).

    Examples
    --------
    >>> plan = plan_simulation(["random", "random"], 250, seed=1, block_hands=100)
    >>> plan.blocks, plan.block(2)
    (3, range(200, 250))
    """

    agents: tuple[Any, ...]
    names: tuple[str, ...]
    config: GameConfig
    start: tuple[int, ...]
    hands: int
    seed: int
    carry_stacks: bool
    block_hands: int
    engine: str = "hand"

    @property
    def blocks(self) -> int:
        """Number of blocks (the last one may be short)."""
        return -(-self.hands // self.block_hands)

    def block(self, b: int) -> range:
        """Hand indices (0-based) of block ``b``."""
        return range(b * self.block_hands, min(self.hands, (b + 1) * self.block_hands))

    def new_tally(self) -> SimulationTally:
        """An empty tally with one entry per seat, to merge the blocks' tallies into."""
        return SimulationTally(len(self.agents))

    def play_block(self, b: int, phh: bool = False) -> tuple[SimulationTally, str | None]:
        """Play block ``b`` (0 <= b < :attr:`blocks`) on a fresh table seeded from ``(seed, b)``.

        Returns the block's tally and, when ``phh``, its hands as PHH text numbered as in the
        whole session (the texts of blocks 0, 1, ... concatenated are :func:`simulate`'s
        session file), else None.
        """
        b = check_int(b, "b", what="a block index")
        if not 0 <= b < self.blocks:
            raise ConfigError(f"b must be a block index in [0, {self.blocks}), got {b}")
        return _play_block_text(self, b, bool(check_bool(phh, "phh")))

    def result(self, tally: SimulationTally, elapsed: float) -> SimulationResult:
        """The :class:`SimulationResult` of ``tally``, the merged tallies of every block."""
        if not isinstance(tally, SimulationTally) or len(tally.n) != len(self.agents):
            raise ConfigError(f"tally must be a SimulationTally of {len(self.agents)} seats, got {echo(tally)}")
        return _finish(self, tally, elapsed)


def _engine(policies: Sequence[Any], kinds: Sequence[str], engine: str) -> str:
    """The engine that plays ``policies`` (of :func:`~fastholdem.vector.policies.policy_kind`
    ``kinds``): ``"vector"`` when every policy is vectorisable (and ``engine`` is not
    ``"hand"``), else ``"hand"``; ConfigError for a choice that cannot be honoured or a table
    that mixes the two kinds of agent objects."""
    if not isinstance(engine, str) or engine not in ENGINES:
        raise ConfigError(f"engine must be one of {', '.join(ENGINES)}, got {echo(engine)}")
    vector = [type(p).__name__ for p, kind in zip(policies, kinds) if kind == "vector"]
    scalar = [type(p).__name__ for p, kind in zip(policies, kinds) if kind == "agent"]
    if vector and scalar:
        raise ConfigError(f"a table cannot mix vectorised policies (act(obs, legal): {', '.join(vector)}) "
                          f"and scalar agents (act(view): {', '.join(scalar)})")
    if engine == "vector" and scalar:
        raise ConfigError(f"engine='vector' needs vectorisable policies, not the scalar agents {', '.join(scalar)}")
    if engine == "hand" and vector:
        raise ConfigError(f"engine='hand' plays scalar agents, not the vectorised policies {', '.join(vector)}")
    return "hand" if engine == "hand" or scalar else "vector"


def plan_simulation(policies: Sequence[Any], hands: int, *, config: GameConfig | None = None,
                    stacks: int | Sequence[int] | None = None, seed: int | None = None, carry_stacks: bool = False,
                    block_hands: int = BLOCK_HANDS, engine: str = "auto") -> SimulationPlan:
    """Check the arguments of :func:`simulate` and return its plan of seeded blocks.

    This is the face that distributed runners (:func:`fastholdem.dask.simulate`) drive: play
    each block anywhere with :meth:`SimulationPlan.play_block`, merge the tallies in any order
    and turn the sum into a result with :meth:`SimulationPlan.result`.

    Parameters
    ----------
    policies, hands, config, stacks, seed, carry_stacks, block_hands, engine
        As :func:`simulate`; a seed of None is drawn here, once.

    Returns
    -------
    SimulationPlan

    Raises
    ------
    ConfigError, TypeError
        As :func:`simulate`.

    Examples
    --------
    >>> plan = plan_simulation(["random", "station"], 300, seed=5, block_hands=100)
    >>> tally = plan.new_tally()
    >>> for b in reversed(range(plan.blocks)):       # blocks add up in any order
    ...     tally.merge(plan.play_block(b)[0])
    >>> here = simulate(["random", "station"], 300, seed=5, block_hands=100, progress=False)
    >>> [s.chips_won for s in plan.result(tally, 0.0).seats] == [s.chips_won for s in here.seats]
    True
    """
    # TypeError for a non-int (1.5, True); ConfigError (a ValueError) for a value out of range.
    hands = check_int(hands, "hands", what="a non-negative int")
    if hands < 0:
        raise ConfigError(f"hands must be a non-negative integer, got {echo(hands)}")
    block_hands = check_int(block_hands, "block_hands", what="a positive int")
    if block_hands < 1:
        raise ConfigError(f"block_hands must be a positive integer, got {echo(block_hands)}")
    if seed is not None:
        seed = check_int(seed, "seed", what="an int or None")
    check_bool(carry_stacks, "carry_stacks")
    if isinstance(policies, str) or not isinstance(policies, Sequence):
        raise InputTypeError(f"policies must be a sequence of 2 to 10 policies, one per seat, such as "
                             f"['random', 'tight'], got {type(policies).__name__} {echo(policies)}")
    if config is not None and not isinstance(config, GameConfig):
        raise ConfigError(f"config must be a GameConfig, got {echo(config)}")
    n = len(policies)
    if not 2 <= n <= 10:
        raise ConfigError(f"a table seats 2 to 10 players (R10), got {n} policies")
    cfg = config if config is not None else GameConfig(Structure.NO_LIMIT, 1, 2)
    if stacks is None:
        start = [100 * cfg.big_blind] * n
    elif isinstance(stacks, int):
        start = [stacks] * n
    else:
        if isinstance(stacks, (str, bytes)) or not hasattr(stacks, "__len__"):
            raise InputTypeError(f"stacks must be an int, one int per seat or None, "
                                 f"got {type(stacks).__name__} {echo(stacks)}")
        start = list(stacks)
        if len(start) != n:
            raise ConfigError(f"stacks needs one entry per seat ({n}), got {len(start)}")
    names = []
    agents: list[Any] = []
    kinds = [policy_kind(p) for p in policies]
    chosen = _engine(policies, kinds, engine)
    for p, kind in zip(policies, kinds):
        if kind == "name":
            names.append(builtin_policy(p).name)  # an unknown name fails here, before any hand
            agents.append(p)
        elif chosen == "vector":
            names.append(str(getattr(p, "__name__", type(p).__name__)) if not hasattr(p, "act")
                         else type(p).__name__)
            agents.append(p)
        else:
            agent = as_agent(p)  # a plain function f(view) -> action is an agent too
            names.append(agent.__name__ if isinstance(agent, FunctionAgent) else type(p).__name__)
            agents.append(agent)
    if seed is None:
        seed = secrets.randbits(63)
    return SimulationPlan(tuple(agents), tuple(names), cfg, tuple(start), hands, seed, carry_stacks, block_hands, chosen)


def _block_seeds(seed: int, block: int, count: int) -> list[int]:
    """``count`` 64-bit seeds of block ``block``: a function of ``(seed, block)`` only."""
    entropy = [abs(seed), int(seed < 0), block]
    return [int(x) for x in np.random.SeedSequence(entropy).generate_state(count, dtype=np.uint64)]


def _run_block(plan: SimulationPlan, b: int, writer: SessionWriter | None = None,
               tick: Callable[[int], None] | None = None) -> SimulationTally:
    """Play block ``b`` of ``plan`` on a fresh table seeded from ``(seed, b)``.

    Built-in policies are created for the block from its seeds; agent objects are used as
    given. Every hand is written to ``writer`` (numbered from 1 over the whole simulation),
    and ``tick(k)`` is called after every ``k`` hands. On the vector engine the block is
    played by :func:`fastholdem.simulation.vector_block.play_block` from the same seeds.
    """
    n = len(plan.agents)
    hands = plan.block(b)
    table_seed, *agent_seeds = _block_seeds(plan.seed, b, 1 + n)
    if plan.engine == "vector":
        return _run_vector_block(plan, hands, table_seed, agent_seeds, writer, tick)
    agents = [make_player(p, agent_seeds[k]) if policy_kind(p) == "name" else p for k, p in enumerate(plan.agents)]
    table = Table(plan.config, list(plan.start), seed=table_seed,
                  names=[f"{plan.names[k]}{k}" for k in range(n)], auto_rebuy=True,
                  buy_in=BuyInPolicy.unrestricted())
    tally = SimulationTally(n)
    step = max(1, min(1000, len(hands) // 200))
    for k in hands:
        if not plan.carry_stacks:
            table.reset_stacks(list(plan.start))
        hand = table.start_hand()
        seats = table.hand_seats
        drive(hand, [agents[s] for s in seats], table_seats=seats)
        table.end_hand()
        tally.add(hand, seats)
        if writer is not None:
            writer.write(from_hand(hand, seats=seats, players=[table.players[s].name for s in seats],  # type: ignore[union-attr]
                                   hand_number=k + 1, seat_count=n))
        if tick is not None and (k + 1 - hands.start) % step == 0:
            tick(step)
    if tick is not None:
        tick(len(hands) % step)
    return tally


def _run_vector_block(plan: SimulationPlan, hands: range, table_seed: int, agent_seeds: list[int],
                      writer: SessionWriter | None, tick: Callable[[int], None] | None) -> SimulationTally:
    """One block on the vector engine, as a :class:`SimulationTally`; its hands are written to ``writer``
    in the order they were dealt, numbered from ``hands.start + 1``."""
    n = len(plan.agents)
    record = None
    finished: list[tuple[int, Any]] = []
    if writer is not None:
        names = [f"{plan.names[k]}{k}" for k in range(n)]

        def record(tables: Any, rows: Any, numbers: Any) -> None:
            buttons = tables.button
            for t, k in zip(rows, numbers):
                history = tables.to_phh(int(t))
                order = [(int(buttons[t]) + 1 + j) % n for j in range(n)]  # PHH p1 sits left of the button
                history.fields["hand"] = hands.start + int(k) + 1
                history.fields["seats"] = [s + 1 for s in order]
                history.fields["seat_count"] = n
                history.fields["players"] = [names[s] for s in order]
                finished.append((int(k), history))

    block = play_block(plan.agents, plan.config, plan.start, len(hands), seed=table_seed, policy_seeds=agent_seeds,
                       carry_stacks=plan.carry_stacks, block_hands=plan.block_hands, record=record, tick=tick)
    if writer is not None:
        for _, history in sorted(finished, key=lambda item: item[0]):  # in the order they were dealt
            writer.write(history)
    tally = SimulationTally(n)
    tally.n = [int(x) for x in block.hands]
    tally.total = list(block.total)
    tally.squares = list(block.squares)
    tally.showdowns = [int(x) for x in block.showdowns]
    tally.wins = [{c: int(m) for c, m in enumerate(row) if m} for row in block.wins]
    return tally


def _play_block_text(plan: SimulationPlan, b: int, phh: bool) -> tuple[SimulationTally, str | None]:
    """:func:`_run_block` with the block's PHH text (numbered as in the whole session) when
    ``phh``: the texts of blocks 0, 1, ... concatenated are the session of :func:`simulate`."""
    if not phh:
        return _run_block(plan, b), None
    out = io.StringIO()
    writer = SessionWriter(out)
    writer.count = plan.block(b).start  # hands before this block: numbering and separator continue
    return _run_block(plan, b, writer), out.getvalue()


def _finish(plan: SimulationPlan, tally: SimulationTally, elapsed: float) -> SimulationResult:
    """The :class:`SimulationResult` of the merged tally of every block."""
    results = []
    bb = plan.config.big_blind
    for seat in range(len(plan.agents)):
        per100, ci = _interval(tally.n[seat], tally.total[seat], tally.squares[seat])
        results.append(
            SeatResult(
                seat=seat,
                policy=plan.names[seat],
                hands=tally.n[seat],
                chips_won=tally.total[seat],
                per100=per100,
                ci95=ci,
                bb_per100=per100 / bb,
                bb_ci95=ci / bb,
                showdowns=tally.showdowns[seat],
                wins={_CATEGORY_NAMES[c]: m for c, m in sorted(tally.wins[seat].items(), reverse=True)},
            )
        )
    return SimulationResult(results, plan.hands, elapsed, plan.config, plan.seed, plan.engine)


def simulate(
    policies: Sequence[Any],
    hands: int,
    *,
    config: GameConfig | None = None,
    stacks: int | Sequence[int] | None = None,
    seed: int | None = None,
    carry_stacks: bool = False,
    phh: IO[str] | None = None,
    progress: bool | None = None,
    progress_stream: IO[str] | None = None,
    block_hands: int = BLOCK_HANDS,
    engine: str = "auto",
) -> SimulationResult:
    """Play ``hands`` hands at one table between ``policies`` and report results per seat.

    Two engines play by the same rules. When every policy is vectorisable (the built-in
    names, or objects and functions of the vectorised protocol ``act(obs, legal) -> (kind,
    amount)``, see ``fastholdem.vector.policies``), the hands run on the vector engine
    (``fastholdem.vector.Tables``): a block of six random players is played in C, other
    tables are stepped together from NumPy arrays. Scalar agents (``act(view)``) play on
    :class:`~fastholdem.game.Hand`. The two engines deal different cards for the same seed.

    The table is a cash game with the button moving every hand (R13). By default every hand
    starts from the starting stacks, so that each hand is an independent sample; with
    ``carry_stacks`` stacks carry over and a busted player rebuys for the starting stack.

    The hands are played in seeded blocks of ``block_hands``: block ``b`` is a fresh table
    (first button at random, R12) whose cards and built-in policies draw only from the seeds
    of ``(seed, b)``, and the per-seat counts of the blocks add up exactly (on the vector
    engine, see ``fastholdem.simulation.vector_block`` for how a block deals its hands). The numbers are
    therefore the same everywhere: one process here, or blocks spread over a cluster with
    :func:`fastholdem.dask.simulate`, give the same result for the same ``seed`` and
    ``block_hands`` (agent objects, rather than policy names, are shared by the blocks
    here but copied into each block on a cluster, so this holds for them when their play
    depends only on what they see).

    Parameters
    ----------
    policies:
        One agent (an object with ``act(view) -> action``, or a plain function
        ``f(view) -> action``), vectorised policy (``act(obs, legal) -> (kind, amount)``, or a
        function of ``(obs, legal)``) or built-in policy name or alias (see
        :data:`~fastholdem.vector.policies.BUILTIN_POLICIES`) per seat, 2-10 seats; agents and
        vectorised policies do not mix (:func:`~fastholdem.vector.policies.policy_kind` tells
        them apart). Agents with a ``pre_action`` method queue pre-actions while others act
        (R31, see ``drive``).
    hands:
        Hands to play.
    config:
        Game rules (default no limit 1/2).
    stacks:
        Starting stack of every seat, or one per seat (default 100 big blinds).
    seed:
        Seed of the tables (button, cards) and of the built-in agents (default: a random
        one, reported in the result).
    carry_stacks:
        Carry stacks from hand to hand within a block instead of resetting them; every
        block starts from the starting stacks.
    phh:
        An open text file: every hand is written to it as a PHH session (``.phhs``). On the
        vector engine a block of only ``random`` (or only ``station``) players is then stepped
        from Python rather than played in C, which deals other hands.
    progress:
        Draw a progress bar on stderr (default: when stderr is a terminal).
    block_hands:
        Hands per seeded block (default ``BLOCK_HANDS``, 10,000).
    engine:
        ``"auto"`` (default: the vector engine when every policy is vectorisable), ``"vector"``
        or ``"hand"`` (the built-in names on ``Hand``); see :data:`ENGINES`.

    Returns
    -------
    SimulationResult

    Raises
    ------
    ConfigError
        On a bad number of seats, hands, stacks, block size, an unknown policy name or engine,
        an engine that cannot play the policies, or agents mixed with vectorised policies.
    TypeError
        If ``hands``, ``seed`` or ``block_hands`` is not an int, ``carry_stacks`` or
        ``progress`` is not a bool, or a policy is neither a name, an agent nor a function.

    Examples
    --------
    >>> from fastholdem.game import Call, Check
    >>> def caller(view):                      # the agent protocol: f(view) -> action
    ...     return Check() if view.legal_actions().check else Call()
    >>> result = simulate([caller, "random"], 100, seed=7)
    >>> result.hands, sum(s.chips_won for s in result.seats), result.engine
    (100, 0, 'hand')
    >>> simulate(["tight", "random"], 1000, seed=7).engine   # built-in names: the vector engine
    'vector'
    """
    check_bool(progress, "progress", optional=True)
    plan = plan_simulation(policies, hands, config=config, stacks=stacks, seed=seed, carry_stacks=carry_stacks,
                           block_hands=block_hands, engine=engine)
    tally = plan.new_tally()
    writer = SessionWriter(phh) if phh is not None else None
    began = time.perf_counter()
    with Progress(hands, "simulate", enabled=progress, stream=progress_stream) as bar:
        for b in range(plan.blocks):
            tally.merge(_run_block(plan, b, writer, bar.update))
    return _finish(plan, tally, time.perf_counter() - began)
