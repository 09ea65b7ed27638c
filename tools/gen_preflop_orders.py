"""Generate src/fastholdem/data/preflop_orders.npz: equity of the 169 classes against 2-9 random hands.

Run from the repository root after building the package:  python tools/gen_preflop_orders.py

For each number of opponents k = 2..9 and each class (grid order, see
``fastholdem.ranges.classes``), one combo of the class plays ``TRIALS`` Monte Carlo deals
against k random hands (``fastholdem.hand_strength``, seed ``SEED + k``, reproducible for
any thread count); suit symmetry gives every combo of a class the same equity. The file
holds ``opponents`` (8,), ``equity`` (8, 169), ``stderr`` (8, 169) = sqrt(e (1 - e) / trials),
an upper bound of the standard error since a pot share lies in [0, 1], ``trials`` and ``seed``.
These equities order the classes for percentage ranges (``Range("10%", order="vs5")``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from fastholdem import hand_strength
from fastholdem.ranges.classes import combo_classes
from fastholdem.ranges.combos import _ALL_COMBOS

OUT = Path(__file__).resolve().parent.parent / "src" / "fastholdem" / "data" / "preflop_orders.npz"
TRIALS = 1_000_000
SEED = 20261130
OPPONENTS = np.arange(2, 10)


def main() -> None:
    classes = combo_classes()
    holes = np.ascontiguousarray(_ALL_COMBOS[[int(np.flatnonzero(classes == c)[0]) for c in range(169)]])
    equity = np.empty((len(OPPONENTS), 169))
    for i, k in enumerate(OPPONENTS.tolist()):
        start = time.perf_counter()
        equity[i] = hand_strength(holes, opponents=k, trials=TRIALS, seed=SEED + k)
        print(f"{k} opponents: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    stderr = np.sqrt(equity * (1.0 - equity) / TRIALS)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(OUT, opponents=OPPONENTS.astype(np.int64), equity=equity, stderr=stderr,
                        trials=np.int64(TRIALS), seed=np.int64(SEED))
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
