"""Write the PHH sample shipped in tests/data/phh from the full corpus.

    python tools/sample_phh.py CORPUS_DIR [--out tests/data/phh] [--sample 360] [--seed 9]

The corpus (1,932 hands, MIT) has a ``manifest.jsonl`` with one line per hand: its path and tags.
The sample keeps every hand tagged ``split_pot``, ``odd_chip``, ``incomplete_raise`` or
``side_pot``, every hand outside ``pluribus/`` (WSOP, famous, HandHQ), and a seeded sample of the
remaining Pluribus hands; it copies both license files and writes its manifest lines and a
short source note. The tests replay the sample; ``FASTHOLDEM_PHH_DIR`` points them at the full
corpus instead.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
from pathlib import Path

TAGS = ("split_pot", "odd_chip", "incomplete_raise", "side_pot")
LICENSES = ("LICENSE-pokerkit", "LICENSE-phh-dataset")

NOTE = """# PHH sample (test data)

{count:,} of the 1,932 real Texas hold'em hands of the PHH corpus that fastholdem's tests replay
(the full corpus runs when `FASTHOLDEM_PHH_DIR` points at it). Selection, by
`tools/sample_phh.py` (seed {seed}): every hand tagged split_pot, odd_chip, incomplete_raise or
side_pot in `manifest.jsonl`, every WSOP, famous and HandHQ hand, and {sample} more Pluribus
hands drawn at random. Files and manifest lines are copied unchanged.

Sources: the PHH data of github.com/uoftcprg/pokerkit (`data/`, commit d782667) and
github.com/uoftcprg/phh-dataset; the Pluribus hands are from Brown & Sandholm, Science 2019,
converted to PHH by the University of Toronto Computer Poker Research Group; the WSOP hands
were annotated by Juho Kim. Some files carry appended fields (`finishing_stacks`, `_`-prefixed
notes) explained in their `_note` field where present.
Licenses: MIT, `LICENSE-pokerkit` (c) 2023 and `LICENSE-phh-dataset` (c) 2024, University of
Toronto Computer Poker Research Group. Please cite J. Kim, "PokerKit: A Comprehensive Python
Library for Fine-Grained Multivariant Poker Game Simulations", IEEE Transactions on Games 17(1),
2025, and J. Kim, "Recording and Describing Poker Hands", IEEE Conference on Games 2024.
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="folder holding manifest.jsonl and the hands")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "tests" / "data" / "phh")
    parser.add_argument("--sample", type=int, default=200, help="extra Pluribus hands drawn at random")
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    rows = [json.loads(line) for line in (args.corpus / "manifest.jsonl").read_text().splitlines() if line]
    keep = [r for r in rows if any(r.get(t) for t in TAGS) or not r["path"].startswith("pluribus/")]
    chosen = {r["path"] for r in keep}
    rest = sorted(r["path"] for r in rows if r["path"] not in chosen)
    chosen.update(random.Random(args.seed).sample(rest, min(args.sample, len(rest))))
    if args.out.exists():
        shutil.rmtree(args.out)
    args.out.mkdir(parents=True)
    lines = []
    for row in rows:
        if row["path"] in chosen:
            target = args.out / row["path"]
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(args.corpus / row["path"], target)
            lines.append(json.dumps(row))
    (args.out / "manifest.jsonl").write_text("\n".join(lines) + "\n")
    for name in LICENSES:
        shutil.copyfile(args.corpus / name, args.out / name)
    (args.out / "README.md").write_text(NOTE.format(count=len(lines), seed=args.seed, sample=len(chosen) - len(keep)))
    print(f"{len(lines)} hands written to {args.out}")


if __name__ == "__main__":
    main()
