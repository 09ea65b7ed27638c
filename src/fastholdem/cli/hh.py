"""The ``fastholdem hh`` command group: ``hh convert`` (site histories to PHH), ``hh export``
(PHH to PokerStars text) and ``hh stats`` (statistics and all-in EV).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="fastholdem")
>>> register(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["hh", "convert", "hands/", "-o", "out.phhs"]).output
'out.phhs'
>>> parser.parse_args(["hh", "stats", "mine.phhs", "--hero", "me"]).hero
'me'
"""

from __future__ import annotations

from typing import Any

from . import hh_convert, hh_export, hh_stats

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``hh`` command and its subcommands to the ``fastholdem`` subparsers ``sub``.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="fastholdem")
    >>> register(parser.add_subparsers(dest="command"))
    >>> parser.parse_args(["hh", "export", "s.phhs", "-o", "s.txt"]).hh_command
    'export'
"""
    parser = sub.add_parser("hh", help="hand histories: convert site histories to PHH, export, statistics",
                            description="Hand histories: site histories to PHH (convert), PHH to PokerStars "
                                        "text (export), player statistics and all-in EV (stats).")
    actions = parser.add_subparsers(dest="hh_command", metavar="ACTION", required=True)
    hh_convert.register(actions)
    hh_export.register(actions)
    hh_stats.register(actions)
