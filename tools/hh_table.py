"""Print the per-site table of the hand-history fixtures (tests/data/hh/<site>/), counted by the importer.

Run from the repository root with fastholdem installed:

    python tools/hh_table.py            # the markdown table of CHANGELOG.md and docs/histories.md
    python tools/hh_table.py --hands    # also every hand that is not converted, with file:line

Each site folder is converted as ``fastholdem hh convert`` does it (every converted hand replayed
against the site's numbers). Columns: files, hands read, hold'em hands (all but other games),
converted, skipped (other games, and hands the text leaves incomplete) and failed, each by
reason, and mismatches. ``tests/data/hh/invalid/`` (fixtures hand-edited in their source
projects, which no site wrote) is left out of the sites and counted on its own line.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from fastholdem.history.sites.convert import FileReport, convert_file
from fastholdem.history.sites.reader import paths_of

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "hh"
SITES = (("PokerStars", "pokerstars"), ("GGPoker", "ggpoker"), ("Winamax", "winamax"), ("888", "888"),
         ("iPoker", "ipoker"), ("PartyPoker", "partypoker"), ("Ignition/Bovada", "ignition"),
         ("PokerNow", "pokernow"), ("Open Hand History", "ohh"), ("invalid (hand-edited)", "invalid"))
OTHER = "other game: "


def _reasons(counts: Counter[str]) -> str:
    return ", ".join(f"{reason} {n}" for reason, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _cell(total: int, counts: Counter[str]) -> str:
    if not total:
        return "0"
    return f"{total}: {next(iter(counts))}" if len(counts) == 1 else f"{total}: {_reasons(counts)}"


def site_row(name: str, folder: Path) -> tuple[str, list[FileReport]]:
    """The markdown row of one site folder, and its file reports."""
    reports = [convert_file(str(path))[0] for path in paths_of([folder])]
    hands = sum(r.hands for r in reports)
    converted = sum(r.converted for r in reports)
    other: Counter[str] = Counter()
    incomplete: Counter[str] = Counter()
    failed: Counter[str] = Counter()
    for report in reports:
        for reason, n in report.skipped.items():
            if reason.startswith(OTHER):
                other[reason[len(OTHER):]] += n
            elif reason.startswith("failed: "):
                failed[reason[len("failed: "):]] += n
            else:
                incomplete[reason.removeprefix("incomplete: ")] += n
    holdem = hands - sum(other.values())
    mismatches = sum(len(r.mismatches) for r in reports)
    share = f"{100 * converted / holdem:.1f}%" if holdem else "-"
    cells = [name, str(len(reports)), str(hands), str(holdem), f"{converted} ({share})",
             _cell(sum(other.values()), other), _cell(sum(incomplete.values()), incomplete),
             _cell(sum(failed.values()), failed), str(mismatches)]
    return "| " + " | ".join(cells) + " |", reports


def main(argv: list[str] | None = None) -> int:
    """Print the table (and with ``--hands`` every hand not converted)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", action="store_true", help="also list every hand not converted")
    args = parser.parse_args(argv)
    print("| site | files | hands | hold'em | converted | skipped: other games | skipped: incomplete "
          "| failed | mismatches |")
    print("|---|---|---|---|---|---|---|---|---|")
    listed: list[str] = []
    for name, folder in SITES:
        row, reports = site_row(name, DATA / folder)
        print(row)
        for report in reports:
            for problem in (*report.failed, *report.skipped_hands):
                if not problem.reason.startswith("skipped: " + OTHER):
                    listed.append(str(problem).replace(str(DATA) + "/", ""))
    if args.hands:
        print()
        for line in listed:
            print(f"- {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
