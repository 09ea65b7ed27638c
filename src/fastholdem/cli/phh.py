"""The ``phh`` subcommand: ``fastholdem phh check PATH...`` (see :mod:`fastholdem.history.check`).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="fastholdem")
>>> register(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["phh", "check", "hands/", "--jobs", "2"]).jobs
2
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..game.config import CONVENTIONS
from ..history.check import check
from ._args import int_arg
from ._hh_input import site_text
from ._report import error, note

__all__ = ["register"]


def _cmd_check(args: argparse.Namespace) -> int:
    refused = site_text(args.paths)
    if refused is not None:
        return error(refused)
    report = check(args.paths, conventions=args.conventions, jobs=args.jobs)  # errors: see main
    if not report.files:
        note(f"nothing checked: no .phh or .phhs file in {', '.join(args.paths)}")
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        for failure in report.failures:
            print(failure)
        print(report.summary())
    return 1 if report.failures else 0


def register(sub: Any) -> None:
    """Add the ``phh`` command (``phh check``) to the ``fastholdem`` subparsers ``sub``.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="fastholdem")
    >>> register(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["phh", "check", "data/"])
    >>> args.command, args.paths
    ('phh', ['data/'])
    """
    parser = sub.add_parser(
        "phh", help="PHH hand histories: check a dataset",
        description="PHH hand-history tools.",
    )
    actions = parser.add_subparsers(dest="phh_command", metavar="ACTION", required=True)
    chk = actions.add_parser(
        "check", help="replay .phh/.phhs files and folders and compare with finishing_stacks",
        description="Replay every hand of the given .phh/.phhs files and folders (recursively) and "
                    "compare it with its recorded finishing_stacks. Prints one line per failing hand "
                    "(file, hand, why) and a summary; exits with status 1 if any hand fails.",
    )
    chk.add_argument("paths", nargs="+", metavar="PATH", help=".phh or .phhs file, or a folder")
    chk.add_argument("--conventions", choices=CONVENTIONS,
                     help="rule conventions for every hand (default: the file's _conventions field, "
                          "else card-room); pokerkit replays hands written by pokerkit exactly")
    chk.add_argument("--jobs", type=int_arg, default=1, metavar="N", help="processes to use (default 1)")
    chk.add_argument("--json", action="store_true", help="print a JSON report")
    chk.set_defaults(func=_cmd_check, flags={"jobs": "--jobs", "conventions": "--conventions"})
