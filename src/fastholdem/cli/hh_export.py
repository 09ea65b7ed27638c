"""``fastholdem hh export``: PHH hands as PokerStars-format text or Open Hand History JSON.

See :mod:`fastholdem.history.export_pokerstars` and :mod:`fastholdem.history.export_ohh`.

Exit status: 0 when every hand was written, 1 when some hand could not be read or replayed
(each is listed on stderr and left out), 2 on unusable arguments (no traceback), an output
that is one of the inputs included. The output is written to a temporary file renamed into
place at the end, so an interrupted export leaves no partial file.
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from .._validate import check_output_path, output_file
from ._hh_input import site_text
from ._report import error, note
from ..errors import HandHistoryError
from ..history.export_ohh import hand_json
from ..history.export_pokerstars import hand_text
from ..history.players import find_player, player_names
from ..history.scan import iter_files

__all__ = ["register"]


def _cmd_export(args: argparse.Namespace) -> int:
    for path in args.paths:
        if not os.path.isfile(path):
            return error(f"no such file: {path}")
    refused = site_text(args.paths)
    if refused is not None:
        return error(refused)
    hero = args.hero
    if hero is not None:  # as hh stats finds it: refused before anything is written
        try:
            hero = find_player(hero, *player_names(args.paths))
        except HandHistoryError as exc:
            return error(str(exc))
    out = os.path.abspath(check_output_path(args.output, args.paths))
    written = failed = 0
    ohh = args.format == "ohh"
    with output_file(out) as fh:
        for name, number, item in iter_files(args.paths):
            try:
                if isinstance(item, HandHistoryError):
                    raise item
                if ohh:
                    text = hand_json(item, written + failed + 1, hero=hero)
                else:
                    text = hand_text(item, written + failed + 1, hero=hero)
            except HandHistoryError as exc:
                failed += 1
                note(f"{name}: hand {number}: {exc}")
                continue
            if ohh:  # one object per line, hands separated by a blank line (.ohh files)
                fh.write(text + "\n\n")
            else:
                fh.write(("\n\n\n" if written else "") + text)
            written += 1
        if not ohh:
            fh.write("\n")
    note(f"wrote {written:,} hands to {out}" + (f", {failed:,} failed" if failed else ""))
    return 1 if failed else 0


def register(actions: Any) -> None:
    """Add ``export`` to the ``hh`` subcommands ``actions``.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="hh")
    >>> register(parser.add_subparsers(dest="hh_command"))
    >>> args = parser.parse_args(["export", "s.phhs", "-o", "s.txt", "--hero", "me"])
    >>> args.format, args.output, args.hero
    ('pokerstars', 's.txt', 'me')
    """
    cmd = actions.add_parser(
        "export", help="write PHH hands as PokerStars hand-history text or Open Hand History JSON (for trackers)",
        description="Replay PHH hands (files or sessions, e.g. from hh convert or simulate --phh) and write "
                    "them as PokerStars hand histories or as Open Hand History (OHH) JSON, which "
                    "hand-history trackers import; hh convert reads both back.",
    )
    cmd.add_argument("paths", nargs="+", metavar="FILE", help="PHH files or sessions (.phh, .phhs)")
    cmd.add_argument("--format", default="pokerstars", choices=["pokerstars", "ohh"],
                     help="output format: pokerstars (text, default) or ohh (Open Hand History JSON, "
                          "one hand per line)")
    cmd.add_argument("-o", "--output", required=True, metavar="OUT.txt",
                     help="file to write (.txt for pokerstars, .ohh or .json for ohh)")
    cmd.add_argument("--hero", metavar="NAME", help="write only this player's hole cards as dealt (others "
                                                    "when shown), as a site writes its player's history; "
                                                    "found as hh stats --hero finds it")
    cmd.set_defaults(func=_cmd_export)
