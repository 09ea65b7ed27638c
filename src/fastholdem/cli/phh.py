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
import sys
from typing import Any

from ..game.config import CONVENTIONS
from ..history.check import check

__all__ = ["register"]


def _cmd_check(args: argparse.Namespace) -> int:
    try:
        report = check(args.paths, conventions=args.conventions, jobs=args.jobs)
    except FileNotFoundError as exc:  # reported as the command line reports bad input
        print(f"fastholdem: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        for failure in report.failures:
            print(failure)
        print(report.summary())
    return 1 if report.failures else 0


def register(sub: Any) -> None:
    """Add the ``phh`` command (``phh check``) to the ``fastholdem`` subparsers ``sub``."""
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
    chk.add_argument("--jobs", type=int, default=1, metavar="N", help="processes to use (default 1)")
    chk.add_argument("--json", action="store_true", help="print a JSON report")
    chk.set_defaults(func=_cmd_check)
