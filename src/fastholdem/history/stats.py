"""Player statistics over hand histories: VPIP, PFR, 3-bet, c-bet, WTSD, results, all-in EV.

docs/histories.md defines every statistic (where trackers disagree it says which definition is
taken). :func:`player_stats` takes :class:`~fastholdem.phh.HandHistory` objects,
:func:`stats_files` PHH files and sessions (read by the fast scanner); both return a
:class:`StatsReport` with one :class:`PlayerStats` per player, and per player and position.
With ``hero`` only that player is counted, and the report keeps the hero's per-hand results
for the classic tracker graph (:func:`fastholdem.plot.ev_graph.ev_graph`).

>>> from fastholdem import phh
>>> hh = phh.loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... players = ["ann", "bob", "cat"]
... actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 6", "p1 f", "p2 f"]
... finishing_stacks = [99, 98, 103]
... ''')
>>> report = player_stats([hh, hh])
>>> cat = report.players["cat"]
>>> cat.hands, cat.vpip, cat.pfr, cat.net, cat.bb_per_100
(2, 100.0, 100.0, 6, 150.0)
>>> report.positions["cat"]["BTN"].hands
2
"""

from __future__ import annotations

import os
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Union

from .._core import check_threads
from .._validate import check_bool, check_paths, echo
from ..errors import HandHistoryError, InputTypeError
from .phh import HandHistory
from .allin_ev import allin_ev as _allin_ev
from .players import add_names
from .scan import iter_files
from .summary import (
    CBET,
    CBET_CHANCE,
    FLAG_NAMES,
    FOLD_TO_CBET,
    FOLD_TO_CBET_CHANCE,
    FOLD_TO_THREE_BET,
    FOLD_TO_THREE_BET_CHANCE,
    PFR,
    SAW_FLOP,
    SHOWDOWN,
    THREE_BET,
    THREE_BET_CHANCE,
    VPIP,
    WON_AT_SHOWDOWN,
    HandSummary,
    summarize,
)

__all__ = ["PlayerStats", "StatsReport", "HeroSeries", "player_stats", "stats_files", "EV_CHUNK"]

Number = Union[int, Decimal]

EV_CHUNK = 20_000
"""All-in hands whose equities are computed together (memory stays bounded)."""

_RATIOS = (
    ("vpip", VPIP, 0),
    ("pfr", PFR, 0),
    ("three_bet", THREE_BET, THREE_BET_CHANCE),
    ("fold_to_three_bet", FOLD_TO_THREE_BET, FOLD_TO_THREE_BET_CHANCE),
    ("cbet", CBET, CBET_CHANCE),
    ("fold_to_cbet", FOLD_TO_CBET, FOLD_TO_CBET_CHANCE),
    ("wtsd", SHOWDOWN, SAW_FLOP),
    ("wsd", WON_AT_SHOWDOWN, SHOWDOWN),
)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's statistics (over all positions, or one): percentages 0-100, None without chances.

    >>> "vpip" in PlayerStats.__slots__
    True


    Attributes
    ----------
    hands:
        Hands dealt in.
    vpip, pfr, three_bet, fold_to_three_bet, cbet, fold_to_cbet, wtsd, wsd:
        Percentages (docs/histories.md); ``None`` when the player never had the chance.
    aggression:
        Postflop bets and raises divided by postflop calls (``None`` without calls).
    net:
        Money won, exact, in the histories' unit.
    net_bb, bb_per_100:
        Won in big blinds (each hand in its own big blind), and per 100 hands.
    allin_ev_bb, allin_ev_bb_per_100:
        The same with all-in hands at their all-in EV (:mod:`fastholdem.history.allin_ev`).
    allin_hands, allin_unknown:
        All-in hands adjusted, and all-in hands counted as actual because a contestant's cards
        were unknown.
    counts:
        The raw counts behind the percentages: ``vpip``, ``three_bet_chance``, ...,
        ``aggressive`` and ``calls``.
    """

    name: str
    position: str | None
    hands: int
    vpip: float | None
    pfr: float | None
    three_bet: float | None
    fold_to_three_bet: float | None
    cbet: float | None
    fold_to_cbet: float | None
    wtsd: float | None
    wsd: float | None
    aggression: float | None
    net: Number
    net_bb: float
    bb_per_100: float | None
    allin_ev_bb: float
    allin_ev_bb_per_100: float | None
    allin_hands: int
    allin_unknown: int
    counts: dict[str, int]

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready values (money as a string when it is a Decimal)."""
        out = {k: getattr(self, k) for k in self.__slots__}
        out["net"] = str(self.net) if isinstance(self.net, Decimal) else self.net
        return out


@dataclass
class HeroSeries:
    """The hero's per-hand results in big blinds, in file order (for the EV graph).

    >>> len(HeroSeries().net)
    0
"""

    net: array[float] = field(default_factory=lambda: array("d"))
    allin_ev: array[float] = field(default_factory=lambda: array("d"))
    showdown: array[int] = field(default_factory=lambda: array("b"))


@dataclass
class StatsReport:
    """What :func:`player_stats` returns.

    >>> player_stats([]).hands
    0


    Attributes
    ----------
    players:
        Name -> statistics over every position.
    positions:
        Name -> position -> statistics.
    hands:
        Hands read; ``errors`` lists ``(file, hand number, message)`` of those that could not be.
    hero:
        The hero's name and per-hand series, when one was given.
    seen:
        With a hero: every name of the hands' ``players`` fields and its hand count (to find
        the player a name means, :func:`fastholdem.history.players.find_player`).
    """

    players: dict[str, PlayerStats]
    positions: dict[str, dict[str, PlayerStats]]
    hands: int
    errors: list[tuple[str, int, str]]
    hero: str | None = None
    series: HeroSeries | None = None
    seen: Counter[str] = field(default_factory=Counter)


class _Acc:
    """Counts of one (player, position): bit sets counted, sums of results."""

    __slots__ = ("bits", "hands", "aggressive", "calls", "net", "net_bb", "ev_delta", "allin", "unknown")

    def __init__(self) -> None:
        self.bits: dict[int, int] = defaultdict(int)
        self.hands = 0
        self.aggressive = 0
        self.calls = 0
        self.net: Number = 0
        self.net_bb = 0.0
        self.ev_delta = 0.0
        self.allin = 0
        self.unknown = 0

    def add(self, other: _Acc) -> None:
        for bits, count in other.bits.items():
            self.bits[bits] += count
        self.hands += other.hands
        self.aggressive += other.aggressive
        self.calls += other.calls
        self.net += other.net
        self.net_bb += other.net_bb
        self.ev_delta += other.ev_delta
        self.allin += other.allin
        self.unknown += other.unknown

    def stats(self, name: str, position: str | None) -> PlayerStats:
        counts = {flag: 0 for flag in FLAG_NAMES}
        for bits, count in self.bits.items():
            for k, flag in enumerate(FLAG_NAMES):
                if bits >> k & 1:
                    counts[flag] += count
        counts["aggressive"] = self.aggressive
        counts["calls"] = self.calls
        values: dict[str, float | None] = {}
        for stat, hit, chance in _RATIOS:
            num = counts[FLAG_NAMES[hit.bit_length() - 1]]
            den = self.hands if chance == 0 else counts[FLAG_NAMES[chance.bit_length() - 1]]
            values[stat] = 100.0 * num / den if den else None
        hands = self.hands
        ev_bb = self.net_bb + self.ev_delta
        return PlayerStats(
            name=name,
            position=position,
            hands=hands,
            aggression=self.aggressive / self.calls if self.calls else None,
            net=self.net,
            net_bb=self.net_bb,
            bb_per_100=100.0 * self.net_bb / hands if hands else None,
            allin_ev_bb=ev_bb,
            allin_ev_bb_per_100=100.0 * ev_bb / hands if hands else None,
            allin_hands=self.allin,
            allin_unknown=self.unknown,
            counts=counts,
            **values,
        )


class _Collector:
    def __init__(self, hero: str | None, threads: int | None, ev: bool = True) -> None:
        # The arguments of player_stats and stats_files, checked before any hand is read: the
        # engine, which checks threads too, is reached only by hands with an all-in.
        if hero is not None and not isinstance(hero, str):
            raise InputTypeError(f"hero must be a player name (str) or None, got {type(hero).__name__} "
                                 f"{echo(hero)}")
        check_threads(threads)
        check_bool(ev, "allin_ev")
        self.hero = hero
        self.threads = threads
        self.ev = ev
        self.acc: dict[tuple[str, str], _Acc] = {}
        self.tables: dict[tuple[str, ...], list[_Acc]] = {}  # names of a table -> its seats' _Acc
        self.pending: list[tuple[int, HandSummary]] = []  # (hero series index or -1, summary)
        self.series = HeroSeries() if hero is not None else None
        self.seen: Counter[str] = Counter()
        self.hands = 0
        self.errors: list[tuple[str, int, str]] = []

    def add(self, hh: HandHistory) -> None:
        hero = self.hero
        if hero is not None:
            players = hh.fields.get("players")
            add_names(self.seen, players)
            if isinstance(players, list) and hero not in players:
                return
        s = summarize(hh)
        bb = float(s.big_blind) or 1.0
        index = -1
        if hero is None:
            accs = self.tables.get(s.names)
            if accs is None:
                accs = self._table(s.names, s.positions)
            flags, aggressive, calls = s.flags, s.aggressive, s.calls
            for i, net in enumerate(s.net):
                a = accs[i]
                a.hands += 1
                a.bits[flags[i]] += 1
                a.aggressive += aggressive[i]
                a.calls += calls[i]
                a.net += net
                a.net_bb += net / bb if type(net) is int else float(net) / bb
        else:
            for i, name in enumerate(s.names):
                if name != hero:
                    continue
                a = self._acc((name, s.positions[i]))
                a.hands += 1
                a.bits[s.flags[i]] += 1
                a.aggressive += s.aggressive[i]
                a.calls += s.calls[i]
                net = s.net[i]
                a.net += net
                net_bb = float(net) / bb
                a.net_bb += net_bb
                if self.series is not None:
                    index = len(self.series.net)
                    self.series.net.append(net_bb)
                    self.series.allin_ev.append(net_bb)
                    self.series.showdown.append(1 if s.flags[i] & SHOWDOWN else 0)
        if s.allin_board is not None and self.ev:
            self.pending.append((index, s))
            if len(self.pending) >= EV_CHUNK:
                self.flush()

    def _acc(self, key: tuple[str, str]) -> _Acc:
        a = self.acc.get(key)
        if a is None:
            a = self.acc[key] = _Acc()
        return a

    def _table(self, names: tuple[str, ...], positions: tuple[str, ...]) -> list[_Acc]:
        """The accumulators of a table's seats (names in PHH order), cached: tables repeat."""
        if len(self.tables) >= 1 << 16:
            self.tables.clear()
        accs = self.tables[names] = [self._acc(key) for key in zip(names, positions)]
        return accs

    def flush(self) -> None:
        if not self.pending:
            return
        results = _allin_ev([s for _, s in self.pending], threads=self.threads)
        hero = self.hero
        for (index, s), result in zip(self.pending, results):
            assert result is not None
            bb = float(s.big_blind) or 1.0
            for i, name in enumerate(s.names):
                if s.folded[i] or (hero is not None and name != hero):
                    continue
                a = self.acc[(name, s.positions[i])]
                if not result.known:
                    a.unknown += 1
                    continue
                a.allin += 1
                delta = (result.net[i] - float(s.net[i])) / bb
                a.ev_delta += delta
                if index >= 0 and self.series is not None:
                    self.series.allin_ev[index] += delta
        self.pending = []

    def report(self) -> StatsReport:
        self.flush()
        players: dict[str, PlayerStats] = {}
        by_position: dict[str, dict[str, PlayerStats]] = defaultdict(dict)
        totals: dict[str, _Acc] = {}
        for (name, position), a in self.acc.items():
            by_position[name][position] = a.stats(name, position)
            total = totals.get(name)
            if total is None:
                total = totals[name] = _Acc()
            total.add(a)
        for name, total in totals.items():
            players[name] = total.stats(name, None)
        return StatsReport(players, dict(by_position), self.hands, self.errors, self.hero, self.series, self.seen)


def player_stats(
    histories: Iterable[HandHistory], *, hero: str | None = None, threads: int | None = None,
    allin_ev: bool = True,
) -> StatsReport:
    """Statistics of every player (or of ``hero`` only) over ``histories``.

    >>> player_stats([], hero="me").players
    {}


    Parameters
    ----------
    histories:
        PHH hands (``fastholdem.phh.load_all(...)``, or a converted site history).
    hero:
        Count only this player (by the PHH ``players`` field) and keep the per-hand series of
        the EV graph.
    threads:
        Threads of the exact equity engine for the all-in EV (default: all cores).
    allin_ev:
        False skips the all-in EV (``allin_ev_bb`` then equals ``net_bb``).

    Raises
    ------
    HandHistoryError
        On a hand whose actions cannot be read.
    TypeError, ValueError
        ``hero`` is not a str or None, ``threads`` not a positive int or None, ``allin_ev`` not
        a bool: checked before any hand is read, whether or not a hand needs the equity engine.
    """
    collector = _Collector(hero, threads, allin_ev)
    for hh in histories:
        collector.hands += 1
        collector.add(hh)
    return collector.report()


def stats_files(
    paths: Iterable[str | os.PathLike[str]], *, hero: str | None = None, threads: int | None = None,
    allin_ev: bool = True,
) -> StatsReport:
    """Statistics over PHH files and sessions; bad hands are listed in ``errors``, not raised.

    >>> import io, os, tempfile
    >>> from fastholdem import simulate
    >>> path = os.path.join(tempfile.mkdtemp(), "s.phhs")
    >>> with open(path, "w") as fh:
    ...     _ = simulate(["station", "tight"], 50, seed=3, phh=fh, progress=False)
    >>> report = stats_files([path], hero="station0")
    >>> report.hands, report.players["station0"].hands, report.players["station0"].vpip
    (50, 50, 50.0)

    Raises
    ------
    TypeError, ValueError
        As :func:`player_stats`, before any file is read; ``paths`` one path alone, not a list.
    """
    collector = _Collector(hero, threads, allin_ev)
    for name, number, item in _items(check_paths(paths)):
        collector.hands += 1
        if isinstance(item, HandHistoryError):
            collector.errors.append((name, number, str(item)))
            continue
        try:
            collector.add(item)
        except HandHistoryError as exc:
            collector.errors.append((name, number, str(exc)))
    return collector.report()


def _items(
    paths: Iterable[str | os.PathLike[str]],
) -> Iterator[tuple[str, int, HandHistory | HandHistoryError]]:
    yield from iter_files(paths)
