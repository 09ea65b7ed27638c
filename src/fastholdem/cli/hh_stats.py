"""``fastholdem hh stats``: player statistics and all-in EV over PHH files (:mod:`fastholdem.history.stats`).

Exit status: 0 when every hand was read, 1 when some hand could not be read (each is listed on
stderr), 2 on unusable arguments (no traceback).
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from .._validate import check_output_path
from ._args import threads_arg
from ._hh_input import site_text
from ._report import error, note, wrote
from ..errors import HandHistoryError
from ..history.players import find_player
from ..history.stats import PlayerStats, StatsReport, stats_files

__all__ = ["register", "format_report", "net_places"]

_COLUMNS = (
    ("hands", "hands", "{:d}"),
    ("VPIP", "vpip", "{:.1f}"),
    ("PFR", "pfr", "{:.1f}"),
    ("3bet", "three_bet", "{:.1f}"),
    ("F3bet", "fold_to_three_bet", "{:.1f}"),
    ("Cbet", "cbet", "{:.1f}"),
    ("FCbet", "fold_to_cbet", "{:.1f}"),
    ("WTSD", "wtsd", "{:.1f}"),
    ("W$SD", "wsd", "{:.1f}"),
    ("AF", "aggression", "{:.2f}"),
    ("net", "net", "{:.{places}f}"),
    ("bb/100", "bb_per_100", "{:.2f}"),
    ("EVbb/100", "allin_ev_bb_per_100", "{:.2f}"),
    ("all-ins", "allin_hands", "{:d}"),
)


def _cell(stats: PlayerStats, attr: str, fmt: str, places: int = 0) -> str:
    value = getattr(stats, attr)
    if value is None:
        return "-"
    if attr == "net":  # one number of decimals for the column; no "-0.00"
        return fmt.format(Decimal(value) + 0, places=places)
    return fmt.format(value)


def net_places(values: Iterable[PlayerStats]) -> int:
    """Decimals of the ``net`` column: none when every result is whole chips, else those of the
    money (at least 2, as cents; more when an amount has more).

    >>> from decimal import Decimal
    >>> from types import SimpleNamespace as S
    >>> net_places([S(net=5), S(net=-3)]), net_places([S(net=Decimal("-0.5")), S(net=0)])
    (0, 2)
    """
    places = 0
    for stats in values:
        net = stats.net
        if isinstance(net, Decimal) and net != net.to_integral_value():
            exponent = net.normalize().as_tuple().exponent
            places = max(places, 2, -exponent if isinstance(exponent, int) else 0)
    return places


def format_report(report: StatsReport, *, by_position: bool = False) -> str:
    """The report as a text table: one row per player (and per position when asked).

    >>> from fastholdem import phh
    >>> from fastholdem.history.stats import player_stats
    >>> hh = phh.loads('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    ...                'starting_stacks = [10, 10]\\nplayers = ["a", "b"]\\nactions = ["p2 f"]\\n'
    ...                'finishing_stacks = [11, 9]\\n')
    >>> print(" ".join(format_report(player_stats([hh])).splitlines()[0].split()))
    player pos hands VPIP PFR 3bet F3bet Cbet FCbet WTSD W$SD AF net bb/100 EVbb/100 all-ins
    """
    rows = [["player", "pos", *(c[0] for c in _COLUMNS)]]
    shown = list(report.players.values())
    if by_position:
        shown += [p for by in report.positions.values() for p in by.values()]
    places = net_places(shown)
    for name in sorted(report.players, key=lambda k: -report.players[k].hands):
        stats = report.players[name]
        rows.append([name, "all", *(_cell(stats, a, f, places) for _, a, f in _COLUMNS)])
        if by_position:
            for pos, p in sorted(report.positions[name].items(), key=lambda kv: -kv[1].hands):
                rows.append(["", pos, *(_cell(p, a, f, places) for _, a, f in _COLUMNS)])
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    lines = []
    for r in rows:
        cells = (c.ljust(w) if k < 2 else c.rjust(w) for k, (c, w) in enumerate(zip(r, widths)))
        lines.append("  ".join(cells))
    return "\n".join(lines)


def _as_json(report: StatsReport) -> dict[str, Any]:
    players = {}
    for name, stats in report.players.items():
        entry = stats.as_dict()
        entry["positions"] = {pos: p.as_dict() for pos, p in report.positions[name].items()}
        players[name] = entry
    return {
        "hands": report.hands,
        "errors": [{"file": f, "hand": k, "error": e} for f, k, e in report.errors],
        "hero": report.hero,
        "players": players,
    }


def _cmd_stats(args: argparse.Namespace) -> int:
    for path in args.paths:
        if not os.path.isfile(path):
            return error(f"no such file: {path}")
    refused = site_text(args.paths)
    if refused is not None:
        return error(refused)
    if args.plot is not None:
        if args.hero is None:
            return error("--plot draws the hero's graph: give --hero NAME")
        check_output_path(args.plot, args.paths)  # not one of the inputs: refused before the work
    report = stats_files(args.paths, hero=args.hero, threads=args.threads)
    if args.hero is not None and args.hero not in report.players:
        try:  # the exact name first, else the one name equal to it ignoring case
            hero = find_player(args.hero, report.seen, report.hands)
        except HandHistoryError as exc:
            return error(str(exc))
        if hero != args.hero:
            report = stats_files(args.paths, hero=hero, threads=args.threads)
        if hero not in report.players:
            return error(f"none of the {report.seen[hero]:,} hands of {hero!r} could be read")
    for f, k, e in report.errors:
        note(f"{f}: hand {k}: {e}")
    if args.json:
        print(json.dumps(_as_json(report), indent=2))
    else:
        print(format_report(report, by_position=args.hero is not None or args.positions))
        print(f"{report.hands:,} hands, {len(report.errors):,} unreadable")
    if args.plot is not None and report.series is not None:
        from ..plot import ev_graph, save

        s = report.series
        fig = ev_graph(s.net, s.allin_ev, s.showdown, title=f"{report.hero}: {len(s.net):,} hands")
        wrote(save(fig, args.plot))
    return 1 if report.errors else 0


def register(actions: Any) -> None:
    """Add ``stats`` to the ``hh`` subcommands ``actions``.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="hh")
    >>> register(parser.add_subparsers(dest="hh_command"))
    >>> parser.parse_args(["stats", "s.phhs", "--hero", "me", "--json"]).json
    True
"""
    cmd = actions.add_parser(
        "stats", help="player statistics and all-in EV of PHH hand histories",
        description="VPIP, PFR, 3-bet, fold to 3-bet, c-bet, fold to c-bet, WTSD, W$SD, aggression factor, "
                    "net won (money and bb/100) and all-in EV bb/100, per player or for --hero "
                    "(by position). "
                    "Definitions: docs/histories.md.",
    )
    cmd.add_argument("paths", nargs="+", metavar="FILE", help="PHH files or sessions (.phh, .phhs)")
    cmd.add_argument("--hero", metavar="NAME",
                     help="only this player (by the PHH players field; the exact name, else the one name "
                          "equal to it ignoring case), by position")
    cmd.add_argument("--positions", action="store_true", help="also one row per position for every player")
    cmd.add_argument("--json", action="store_true", help="print JSON")
    cmd.add_argument("--plot", metavar="PNG", help="write the hero's graph: net won, all-in EV, showdown and "
                                                   "non-showdown lines in big blinds (needs matplotlib)")
    cmd.add_argument("--threads", type=threads_arg, metavar="N",
                     help="threads of the equity engine (default: all cores)")
    cmd.set_defaults(func=_cmd_stats, flags={"threads": "--threads", "hero": "--hero"})
