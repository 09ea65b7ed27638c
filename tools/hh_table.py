"""Print the per-site and per-dialect tables of the hand-history fixtures (tests/data/hh/), counted by the importer.

Run from the repository root with fastholdem installed:

    python tools/hh_table.py            # the markdown tables of CHANGELOG.md and docs/histories.md
    python tools/hh_table.py --hands    # also every hand that is not converted, with file:line
    python tools/hh_table.py FOLDER...  # the same tables over other folders (one site row per
                                        # subfolder of each)

Each site folder is converted as ``fastholdem hh convert`` does it (every converted hand replayed
against the site's numbers). Columns: files, hands read, hold'em hands (all but other games),
converted, skipped (other games, and hands the text leaves incomplete) and failed, each by
reason, and mismatches. ``tests/data/hh/invalid/`` (fixtures hand-edited in their source
projects, which no site wrote) is left out of the sites and counted on its own line.

The second table has a row per dialect (a row of a format family's table in
``fastholdem.history.sites.dialects``, named by each hand's first line): hands found,
converted (read, and replayed by the engine to the site's final stacks), skipped (other games,
incomplete text) and failed (unreadable, or a replay that does not reach the site's stacks).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from fastholdem.errors import FastHoldemError
from fastholdem.history.sites.convert import FileReport, convert_file
from fastholdem.history.sites.dialects import rows
from fastholdem.history.sites.reader import paths_of, read

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "hh"
SITES = (("PokerStars", "pokerstars"), ("GGPoker", "ggpoker"), ("Winamax", "winamax"), ("888", "888"),
         ("iPoker", "ipoker"), ("PartyPoker", "partypoker"), ("ACR/WPN", "acr"),
         ("PokerStars-style clones", "dialects"), ("table events", "table_events"),
         ("Ignition/Bovada", "ignition"), ("PokerNow", "pokernow"), ("Open Hand History", "ohh"),
         ("invalid (hand-edited; hand-made refusals)", "invalid"))
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


def _replays(history: object) -> str | None:
    """None when a converted hand replays to the site's final stacks, else why not."""
    try:
        hand = history.replay()  # type: ignore[attr-defined]
    except FastHoldemError as exc:
        return f"does not replay: {exc}"
    if hand.stacks != history.finishing_stacks:  # type: ignore[attr-defined]
        return "does not replay to the site's final stacks"
    return None


def dialect_rows(folders: list[Path]) -> list[str]:
    """The markdown rows of the per-dialect table over ``folders`` (every hand, in table order)."""
    order = {row.name: (k, row.family, row.site) for k, row in enumerate(rows())}
    counts: dict[str, Counter[str]] = {}
    files: dict[str, set[str]] = {}
    for path in paths_of(folders):
        for rec in read(str(path)):
            name = rec.dialect or rec.site or "(no known header)"
            status = rec.status
            if status == "converted" and rec.history is not None and _replays(rec.history) is not None:
                status = "failed"
            counts.setdefault(name, Counter())[status] += 1
            files.setdefault(name, set()).add(str(path))
    out = []
    for name in sorted(counts, key=lambda d: (order.get(d, (len(order), "", ""))[0], d)):
        c = counts[name]
        _, family, site = order.get(name, (0, "-", "-"))
        hands = sum(c.values())
        out.append(f"| {family} | {name} | {site} | {len(files[name])} | {hands} | {c['converted']} "
                   f"| {c['skipped']} | {c['failed']} |")
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the tables (and with ``--hands`` every hand not converted)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", action="store_true", help="also list every hand not converted")
    parser.add_argument("folders", nargs="*", type=Path, help="folders to count (default tests/data/hh)")
    args = parser.parse_args(argv)
    if args.folders:
        sites = [(sub.name, sub) for folder in args.folders
                 for sub in (sorted(p for p in folder.iterdir() if p.is_dir()) or [folder])]
    else:
        sites = [(name, DATA / folder) for name, folder in SITES]
    print("| site | files | hands | hold'em | converted | skipped: other games | skipped: incomplete "
          "| failed | mismatches |")
    print("|---|---|---|---|---|---|---|---|---|")
    listed: list[str] = []
    for name, folder in sites:
        row, reports = site_row(name, folder)
        print(row)
        for report in reports:
            for problem in (*report.failed, *report.skipped_hands):
                if not problem.reason.startswith("skipped: " + OTHER):
                    listed.append(str(problem).replace(str(DATA) + "/", ""))
    print()
    print("| family | dialect | site | files | hands | converted (replayed) | skipped | failed |")
    print("|---|---|---|---|---|---|---|---|")
    for line in dialect_rows([folder for _, folder in sites if folder.name != "invalid"]):
        print(line)
    if args.hands:
        print()
        for line in listed:
            print(f"- {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
