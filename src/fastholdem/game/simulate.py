"""Monte Carlo simulation: play many hands between policies and report results per seat.

Per seat: chips won per 100 hands with a 95% confidence interval (normal approximation over
per-hand results), the same in big blinds, the showdown rate, and the categories of the hands
that won pots at showdown.

>>> result = simulate(["random", "station", "random"], 300, seed=1, progress=False)
>>> result.hands, len(result.seats), sum(s.chips_won for s in result.seats)
(300, 3, 0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from .._validate import check_bool, check_int, echo, is_bool
from ..errors import ConfigError
from .buyin import BuyInPolicy
from .config import GameConfig, Structure
from .hand import Hand
from .players import CallingStation, RandomPlayer, TightPlayer, drive
from .table import Table

__all__ = ["POLICIES", "make_player", "SeatResult", "SimulationResult", "simulate"]

POLICIES = ("random", "station", "tight")
"""Built-in policy names: :class:`RandomPlayer`, :class:`CallingStation`, :class:`TightPlayer`."""

_ALIASES = {"random": "random", "station": "station", "call": "station", "calling-station": "station",
            "tight": "tight", "equity": "tight"}
_CATEGORY_NAMES = (
    "high card", "one pair", "two pair", "three of a kind", "straight", "flush", "full house",
    "four of a kind", "straight flush",
)
_Z95 = 1.959963984540054


def make_player(name: str, seed: int | None = None) -> Any:
    """A built-in agent by name: ``random``, ``station`` (alias ``call``) or ``tight`` (``equity``).

    >>> type(make_player("call")).__name__
    'CallingStation'

    Raises
    ------
    ConfigError
        On an unknown name.
    """
    key = _ALIASES.get(name.strip().lower())
    if key is None:
        raise ConfigError(f"unknown policy {echo(name)}: choose from {', '.join(POLICIES)}")
    if key == "random":
        return RandomPlayer(seed)
    if key == "station":
        return CallingStation()
    return TightPlayer(seed)


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
    """What :func:`simulate` returns: one :class:`SeatResult` per seat plus run facts."""

    seats: list[SeatResult]
    hands: int
    elapsed: float
    config: GameConfig
    seed: int | None

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "hands": self.hands,
            "elapsed": self.elapsed,
            "seed": self.seed,
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


class _Tally:
    """Running sums per seat, updated after each hand."""

    __slots__ = ("n", "total", "squares", "showdowns", "wins")

    def __init__(self, seats: int) -> None:
        self.n = [0] * seats
        self.total = [0] * seats
        self.squares = [0] * seats
        self.showdowns = [0] * seats
        self.wins: list[dict[int, int]] = [{} for _ in range(seats)]

    def add(self, hand: Hand, seats: Sequence[int]) -> None:
        final = hand._stacks
        start = hand.starting_stacks
        n, total, squares = self.n, self.total, self.squares
        for i, seat in enumerate(seats):
            won = final[i] - start[i]
            n[seat] += 1
            total[seat] += won
            squares[seat] += won * won
        values = hand._values
        if values:
            for i in values:
                self.showdowns[seats[i]] += 1
            winners = {w for _, _, ws, _ in hand._awards for w in ws}
            for i in winners:
                if i in values:
                    cat = _category(values[i])
                    box = self.wins[seats[i]]
                    box[cat] = box.get(cat, 0) + 1


def _category(value: int) -> int:
    from ..evaluate import category

    return int(category(value))


def _interval(n: int, total: int, squares: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    mean = total / n
    if n < 2:
        return 100 * mean, math.inf
    var = max(squares - n * mean * mean, 0.0) / (n - 1)
    return 100 * mean, 100 * _Z95 * math.sqrt(var / n)


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
) -> SimulationResult:
    """Play ``hands`` hands at one table between ``policies`` and report results per seat.

    The table is a cash game with the button moving every hand (R13). By default every hand
    starts from the starting stacks, so that each hand is an independent sample; with
    ``carry_stacks`` stacks carry over and a busted player rebuys for the starting stack.

    Parameters
    ----------
    policies:
        One agent or built-in policy name (see :data:`POLICIES`) per seat, 2-10 seats. Agents
        with a ``pre_action`` method queue pre-actions while others act (R31, see ``drive``).
    hands:
        Hands to play.
    config:
        Game rules (default no limit 1/2).
    stacks:
        Starting stack of every seat, or one per seat (default 100 big blinds).
    seed:
        Seed of the table (button, cards) and of the built-in agents.
    carry_stacks:
        Carry stacks from hand to hand instead of resetting them.
    phh:
        An open text file: every hand is written to it as a PHH session (``.phhs``).
    progress:
        Draw a progress bar on stderr (default: when stderr is a terminal).

    Returns
    -------
    SimulationResult

    Raises
    ------
    ConfigError
        On a bad number of seats, hands, stacks or an unknown policy name.
    TypeError
        If ``hands`` or ``seed`` is not an int, or ``carry_stacks`` or ``progress`` is not a
        bool.
    """
    from ..phh import SessionWriter, from_hand
    from ..progress import Progress

    if is_bool(hands) or not isinstance(hands, int):
        hands = check_int(hands, "hands", low=0, what="a non-negative int")  # TypeError: 1.5, True
    if hands < 0:
        raise ConfigError(f"hands must be a non-negative integer, got {echo(hands)}")
    if seed is not None:
        seed = check_int(seed, "seed", what="an int or None")
    check_bool(carry_stacks, "carry_stacks")
    check_bool(progress, "progress", optional=True)
    n = len(policies)
    if not 2 <= n <= 10:
        raise ConfigError(f"a table seats 2 to 10 players (R10), got {n}")
    cfg = config if config is not None else GameConfig(Structure.NO_LIMIT, 1, 2)
    if stacks is None:
        start = [100 * cfg.big_blind] * n
    elif isinstance(stacks, int):
        start = [stacks] * n
    else:
        start = list(stacks)
        if len(start) != n:
            raise ConfigError(f"stacks needs one entry per seat ({n}), got {len(start)}")
    agents: list[Any] = []
    names: list[str] = []
    for k, p in enumerate(policies):
        if isinstance(p, str):
            agents.append(make_player(p, None if seed is None else seed * 1000 + k))
            names.append(_ALIASES.get(p.strip().lower(), p))
        else:
            agents.append(p)
            names.append(type(p).__name__)
    table = Table(cfg, start, seed=seed, names=[f"{names[k]}{k}" for k in range(n)], auto_rebuy=True,
                  buy_in=BuyInPolicy.unrestricted())
    tally = _Tally(n)
    writer = SessionWriter(phh) if phh is not None else None
    began = time.perf_counter()
    with Progress(hands, "simulate", enabled=progress, stream=progress_stream) as bar:
        step = max(1, min(1000, hands // 200))
        for k in range(hands):
            if not carry_stacks:
                table.reset_stacks(start)
            hand = table.start_hand()
            seats = table.hand_seats
            drive(hand, [agents[s] for s in seats], table_seats=seats)
            table.end_hand()
            tally.add(hand, seats)
            if writer is not None:
                writer.write(from_hand(hand, seats=seats, players=[table.players[s].name for s in seats],  # type: ignore[union-attr]
                                       hand_number=k + 1, seat_count=n))
            if (k + 1) % step == 0:
                bar.update(step)
        bar.update(hands % step)
    elapsed = time.perf_counter() - began
    results = []
    bb = cfg.big_blind
    for seat in range(n):
        per100, ci = _interval(tally.n[seat], tally.total[seat], tally.squares[seat])
        results.append(
            SeatResult(
                seat=seat,
                policy=names[seat],
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
    return SimulationResult(results, hands, elapsed, cfg, seed)

