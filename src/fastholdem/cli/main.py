"""The ``fastholdem`` command line: rank hands, compute equities, simulate and play.

Each subcommand lives in its own module of :mod:`fastholdem.cli` with a ``register(sub)``
that adds its parser and a ``_cmd_<name>`` that runs it; ``main`` parses argv and dispatches,
and turns library errors into one line on stderr. The only package that prints, parses argv
or exits.

>>> build_parser().parse_args(["rank", "AsKsQsJsTs"]).command
'rank'
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import FastHoldemError
from . import equity, game, phh, rank
from . import range as range_command

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``fastholdem`` command."""
    parser = argparse.ArgumentParser(prog="fastholdem", description="Fast, exact Texas hold'em tools.")
    parser.add_argument("--version", action="version", version=f"fastholdem {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    for command in (rank, equity, game, range_command, phh):
        command.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Bad input (a ``FastHoldemError``, or the ``ValueError``, ``TypeError`` or ``MemoryError``
    the library raises for bad arguments or jobs too big) and files that cannot be written
    (``OSError``) print ``fastholdem: error: ...`` on stderr and return 2, as argparse does
    for bad options; no traceback.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly, as Unix tools do
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (FastHoldemError, ValueError, TypeError, MemoryError, OSError) as exc:
        print(f"fastholdem: error: {str(exc) or type(exc).__name__}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("fastholdem: interrupted", file=sys.stderr)
        return 130
