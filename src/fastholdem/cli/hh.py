"""The ``fastholdem hh`` command group: site hand histories (``hh convert``, ...).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="fastholdem")
>>> register(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["hh", "convert", "hands/", "-o", "out.phhs"]).output
'out.phhs'
"""

from __future__ import annotations

from typing import Any

from . import hh_convert

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``hh`` command and its subcommands to the ``fastholdem`` subparsers ``sub``.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="fastholdem")
    >>> register(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["hh", "convert", "a.txt", "-o", "mine.phhs"])
    >>> args.command, args.output
    ('hh', 'mine.phhs')
    """
    parser = sub.add_parser("hh", help="site hand histories: convert to PHH",
                            description="Hand histories written by poker sites.")
    actions = parser.add_subparsers(dest="hh_command", metavar="ACTION", required=True)
    hh_convert.register(actions)
