"""The ``fastholdem`` command line: rank hands, compute equities, simulate and play.

Each subcommand lives in its own module of :mod:`fastholdem.cli` with a ``register(sub)``
that adds its parser and a ``_cmd_<name>`` that runs it; ``main`` parses argv and dispatches,
and turns every error into one line on stderr through :mod:`fastholdem.cli._report`. The only
package that prints, parses argv or exits.

>>> build_parser().parse_args(["rank", "AsKsQsJsTs"]).command
'rank'
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import FastHoldemError
from . import equity, game, hh, phh, rank, solve, solve_report
from . import range as range_command
from ._report import ArgumentParser, CliError, error, flag_names, interrupted

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``fastholdem`` command.

    >>> args = build_parser().parse_args(["equity", "AhKh", "QsQd", "--board", "Td7c2s", "--seed", "3"])
    >>> args.command, args.players, args.board, args.seed
    ('equity', ['AhKh', 'QsQd'], 'Td7c2s', 3)
    """
    parser = ArgumentParser(prog="fastholdem", description="Fast, exact Texas hold'em tools.")
    parser.add_argument("--version", action="version", version=f"fastholdem {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    for command in (rank, equity, game, range_command, phh, hh, solve, solve_report):
        command.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Every error prints one line, ``fastholdem: error: ...``, on stderr and returns 2, as
    argparse does for bad options; no traceback. That covers bad input (a
    ``FastHoldemError``, or the ``ValueError``, ``TypeError`` or ``MemoryError`` the library
    raises for bad arguments or jobs too big), files that cannot be read or written
    (``OSError``), inputs too deeply nested to read (``RecursionError``) and a missing optional
    dependency (``ImportError``, whose message names the ``pip install`` command). The
    library's argument names in a message are replaced by the subcommand's flags. Ctrl-C
    prints ``fastholdem: interrupted`` and returns 130.

    >>> main(["rank", "As", "Ks", "Qs", "Js", "Ts", "2c", "3d"])
    value 7462  Straight flush  Royal flush  (best five: As Ks Qs Js Ts)
    0
    >>> main(["rank", "As", "As", "Qs", "Js", "Ts"])        # the error goes to stderr
    2
    """
    flags: dict[str, str] = {}
    try:
        args = build_parser().parse_args(argv)
        flags = getattr(args, "flags", flags)
        return int(args.func(args))
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly, as Unix tools do
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return interrupted()
    except CliError as exc:
        return error(str(exc))
    except (FastHoldemError, ValueError, TypeError, MemoryError, OSError, RecursionError, ImportError) as exc:
        return error(flag_names(str(exc) or type(exc).__name__, flags))
