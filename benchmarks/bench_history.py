"""Benchmark site hand-history import against pokerkit's converter on the same PokerStars files.

Workloads (hands per second, median of ``--repeat`` runs, CPU time; the two converters run in
alternating rounds so machine load hits both alike):

* ``parse + convert`` -- fastholdem ``history.sites.read_text`` (every hand read into a PHH
  ``HandHistory`` with its site-number finishing stacks) against pokerkit 0.7.7
  ``HandHistory.from_pokerstars`` (its own hand histories), on the same text: every PokerStars
  file of ``--dir`` (default: tests/data/hh/pokerstars), concatenated and repeated ``--copies``
  times. pokerkit warns for each hand it cannot read; the warnings are silenced and counted.
* ``+ replay check`` -- fastholdem only: the same, then each hand replayed and compared with
  its finishing stacks (the check ``fastholdem hh convert`` makes before it writes a hand).
* ``hh convert's work`` -- ``history.sites.convert.convert_file`` on the same text in a file:
  read, replay check, stack changes between hands, and the PHH text of every hand written
  (all that ``fastholdem hh convert`` does per file but the write).

The issue's target (issue 28 item 5): read + replay check at least 10x pokerkit's converter.

The table reports the hands each converter returned, the rates and the ratio.

Usage::

    python benchmarks/bench_history.py            # full run
    python benchmarks/bench_history.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import os
import tempfile

from fastholdem.errors import HandHistoryError
from fastholdem.history.sites import read
from fastholdem.history.sites.convert import convert_file

DEFAULT_DIR = Path(__file__).resolve().parents[1] / "tests" / "data" / "hh" / "pokerstars"


def corpus(folder: Path, copies: int) -> str:
    """The text of every PokerStars file under ``folder`` (UTF-8/cp1252/UTF-16), ``copies`` times."""
    texts = []
    for path in sorted(folder.rglob("*.txt")):
        raw = path.read_bytes()
        for encoding in ("utf-8-sig", "utf-16", "cp1252"):
            try:
                text = raw.decode(encoding)
                break
            except UnicodeDecodeError:
                continue
        if "PokerStars" in text:
            texts.append(text.replace("\r\n", "\n").strip())
    return ("\n\n\n".join(texts) + "\n\n\n") * copies


def fastholdem_convert(text: str) -> int:
    """Hands converted to PHH."""
    return sum(1 for rec in read(text) if rec.history is not None)


def fastholdem_convert_check(text: str) -> int:
    """Hands converted whose replay ends with the site's stacks."""
    ok = 0
    for rec in read(text):
        if rec.history is not None:
            try:
                ok += rec.history.replay().stacks == rec.history.finishing_stacks
            except HandHistoryError:  # run it twice before the engine plays it (R41)
                pass
    return ok


def fastholdem_convert_file(path: str) -> int:
    """Hands ``hh convert`` would write from the file (read, replay check, PHH text)."""
    return len(convert_file(path)[1])


def pokerkit_convert(text: str) -> int:
    """Hands pokerkit's PokerStars parser returns (failing hands only warn)."""
    from pokerkit import HandHistory

    with warnings.catch_warnings(), contextlib.redirect_stderr(io.StringIO()):
        warnings.simplefilter("ignore")
        return sum(1 for _ in HandHistory.from_pokerstars(text))


def cpu(fn: Callable[[], int]) -> tuple[float, int]:
    start = time.process_time()
    count = fn()
    return time.process_time() - start, count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR, help="folder of PokerStars files")
    parser.add_argument("--copies", type=int, default=20, help="times the corpus is repeated per run")
    parser.add_argument("--repeat", type=int, default=5, help="alternating rounds (median)")
    parser.add_argument("--quick", action="store_true", help="small run for smoke tests")
    args = parser.parse_args(argv)
    if args.quick:
        args.copies, args.repeat = 1, 1
    text = corpus(args.dir, args.copies)
    try:
        import pokerkit  # noqa: F401
        have_pk = True
    except ImportError:
        have_pk = False
        print("pokerkit is not installed: measuring fastholdem only", file=sys.stderr)
    runs: dict[str, list[float]] = {"fh": [], "fh_check": [], "pk": [], "fh_file": []}
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "corpus.txt")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    counts: dict[str, int] = {}
    fastholdem_convert(text)  # warm-up (imports, regex compilation)
    if have_pk and not args.quick:
        pokerkit_convert(text)
    for _ in range(args.repeat):
        order = (("fh", fastholdem_convert), ("pk", pokerkit_convert), ("fh_check", fastholdem_convert_check))
        for key, fn in order:
            if key == "pk" and not have_pk:
                continue
            seconds, counts[key] = cpu(lambda fn=fn: fn(text))  # type: ignore[misc]
            runs[key].append(seconds)
        seconds, counts["fh_file"] = cpu(lambda: fastholdem_convert_file(path))
        runs["fh_file"].append(seconds)
    os.remove(path)
    os.rmdir(folder)
    hands = sum(text.count(f"PokerStars {kind} #") for kind in ("Hand", "Game", "Zoom Hand"))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"PokerStars text: {hands:,} hands ({len(text) / 1e6:.1f} MB), "
          f"{args.repeat} alternating rounds, CPU time, load average {load:.2f}")
    print(f"{'converter':<42}{'hands out':>10}{'median s':>10}{'hands/s':>12}")
    rows = [("fastholdem read (parse + convert to PHH)", "fh"),
            ("pokerkit 0.7.7 HandHistory.from_pokerstars", "pk"),
            ("fastholdem read + replay check", "fh_check"),
            ("fastholdem hh convert's work (+ PHH text)", "fh_file")]
    med: dict[str, float] = {}
    for label, key in rows:
        if not runs[key]:
            continue
        med[key] = statistics.median(runs[key])
        print(f"{label:<42}{counts[key]:>10,}{med[key]:>10.3f}{hands / med[key]:>12,.0f}")
    if "pk" in med:
        print(f"ratio pokerkit / fastholdem (parse + convert): {med['pk'] / med['fh']:.1f}x")
        print(f"ratio pokerkit / fastholdem (read + replay check): {med['pk'] / med['fh_check']:.1f}x")
        print(f"ratio pokerkit / fastholdem (hh convert's work): {med['pk'] / med['fh_file']:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
