"""Generate src/fastholdem/data/preflop_vs1.npz: the exact equity of the 169 classes against one
random hand, which orders the classes for percentage ranges (``Range("10%")``, order ``"vs1"``).

Run from the repository root after building the package:  python tools/gen_preflop_vs1.py

The equities come from ``fastholdem.analysis.preflop.headsup_equity`` (the shipped exact
heads-up table, summed as exact integers), so ``fastholdem.ranges`` reads a file instead of
reaching up into the equity engines. ``tests/ranges/test_hand_classes.py`` checks that the shipped
file equals a fresh computation bit for bit.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from fastholdem.analysis.preflop import headsup_equity

OUT = Path(__file__).resolve().parent.parent / "src" / "fastholdem" / "data" / "preflop_vs1.npz"


def main() -> None:
    np.savez_compressed(OUT, equity=np.asarray(headsup_equity(), dtype=np.float64))
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
