"""The ``fastholdem hh`` command group: ``hh convert`` (site histories to PHH), ``hh export``
(PHH to PokerStars text) and ``hh stats`` (statistics and all-in EV)."""

from __future__ import annotations

from typing import Any

from .hh_convert import register as _register_convert
from .hh_export import register as _register_export
from .hh_stats import register as _register_stats

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add the ``hh`` command and its subcommands to the ``fastholdem`` subparsers ``sub``."""
    parser = sub.add_parser("hh", help="hand histories: convert site histories to PHH, statistics and all-in EV",
                            description="Hand histories written by poker sites.")
    actions = parser.add_subparsers(dest="hh_command", metavar="ACTION", required=True)
    _register_convert(actions)
    _register_export(actions)
    _register_stats(actions)
