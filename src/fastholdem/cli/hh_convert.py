"""``fastholdem hh convert``: site hand histories to one PHH session file.

See :mod:`fastholdem.history.sites`.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="fastholdem hh")
>>> register(parser.add_subparsers(dest="action"))
>>> parser.parse_args(["convert", "a.txt", "b.xml", "-o", "out.phhs", "--jobs", "2"]).jobs
2

Every hand is replayed before it is written; one that does not replay to the site's own final
stacks is failed and left out (``--rejects FILE`` writes those to a PHH file of their own).

Exit status: 0 when every hand converted or was rightly skipped (another game, or a hand its
text leaves incomplete: listed), 1 when any hand failed (unreadable, or it does not replay to
the site's numbers), 2 on unusable arguments (no traceback).
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from .._validate import check_output_path
from ..history.sites import convert
from ._args import int_arg
from ._report import CliError

__all__ = ["register"]


def _cmd_convert(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        raise CliError(f"--jobs must be at least 1, got {args.jobs}")
    check_output_path(args.output)  # errors (and missing files) are reported by main, in one line
    if args.rejects is not None and os.path.abspath(args.rejects) == os.path.abspath(args.output):
        raise CliError("--rejects must name another file than --output")
    report = convert(args.paths, args.output, jobs=args.jobs, progress=None if not args.quiet else False,
                     rejects=args.rejects)
    if args.json:
        data = report.to_dict()
        if not args.problems:
            data.pop("problems")
        print(json.dumps(data, indent=2))
    else:
        for f in report.files:
            for p in f.failed:
                print(p)
            if args.problems:
                for p in (*f.skipped_hands, *f.stack_changes):
                    print(p)
            else:  # hands the text leaves incomplete are listed always; other games on request
                for p in f.skipped_hands:
                    if p.reason.startswith("skipped: incomplete"):
                        print(p)
        for reason, count in sorted(report.skipped().items()):
            print(f"  {count:>7,}  {reason}")
        print(report.summary())
    return 1 if report.failed_count else 0


def register(actions: Any) -> None:
    """Add ``convert`` to the ``hh`` subcommands ``actions``.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="fastholdem hh")
    >>> register(parser.add_subparsers(dest="action"))
    >>> args = parser.parse_args(["convert", "a.txt", "b.xml", "-o", "mine.phhs", "--jobs", "2"])
    >>> args.paths, args.jobs
    (['a.txt', 'b.xml'], 2)
    """
    cmd = actions.add_parser(
        "convert", help="convert site hand histories (PokerStars, GGPoker, Winamax, 888, iPoker, "
                        "PartyPoker) to a PHH session file",
        description="Read PokerStars, GGPoker, Winamax, 888, iPoker (XML) and PartyPoker hand-history "
                    "files and folders (recursively: .txt and .xml) "
                    "and write every hold'em hand to one PHH session file (.phhs). Each hand is replayed "
                    "first: one that does not reach the site's own final stacks is failed and not written. "
                    "Prints each failed hand (file:line: hand id, reason), the skips by reason and a summary; "
                    "exits with status 1 if any hand failed, 2 on unusable arguments.",
    )
    cmd.add_argument("paths", nargs="+", metavar="FILE_OR_DIR", help="hand-history file or folder")
    cmd.add_argument("-o", "--output", required=True, metavar="OUT.phhs", help="PHH session file to write")
    cmd.add_argument("--jobs", type=int_arg, default=1, metavar="N", help="processes to use (default 1)")
    cmd.add_argument("--rejects", metavar="REJECTS.phhs",
                     help="also write the hands read that do not replay to this PHH session file, each "
                          "with _source (file:line) and _rejected (why)")
    cmd.add_argument("--json", action="store_true",
                     help='print {"files", "hands", "converted", "skipped": {reason: count}, '
                          '"mismatches", ...}')
    cmd.add_argument("--problems", action="store_true",
                     help="also list every skipped hand and stack change between hands "
                          "(in --json: \"problems\")")
    cmd.add_argument("--quiet", action="store_true", help="no progress bar")
    cmd.set_defaults(func=_cmd_convert, flags={"jobs": "--jobs", "output": "--output", "rejects": "--rejects"})
