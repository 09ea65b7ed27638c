"""Generate src/fastholdem/data/preflop_headsup.npz: exact heads-up preflop results.

Run from the repository root after building the package:  python tools/gen_preflop.py

Every pair of disjoint hands is reduced to a canonical form under the 24 suit permutations
(``_core.canonical_deal_keys``); a matchup and its mirror (players swapped) share one entry,
stored in the orientation whose key is smaller. For each entry the file holds the key and
the exact counts over all 1,712,304 boards: wins of the first hand, wins of the second, ties.
With it, heads-up preflop equity of any ranges is a weighted sum of table rows.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from fastholdem import _core
from fastholdem.ranges import Range

OUT = Path(__file__).resolve().parent.parent / "src" / "fastholdem" / "data" / "preflop_headsup.npz"


def all_deals() -> np.ndarray:
    combos = Range("random").combos
    n = len(combos)
    a, b = np.repeat(np.arange(n), n), np.tile(np.arange(n), n)
    one = np.uint64(1)
    masks = (one << combos[:, 0].astype(np.uint64)) | (one << combos[:, 1].astype(np.uint64))
    ok = (masks[a] & masks[b]) == 0
    return np.ascontiguousarray(np.concatenate([combos[a[ok]], combos[b[ok]]], axis=1))


def main() -> None:
    deals = all_deals()
    keys = _core.canonical_deal_keys(deals)
    mirror = _core.canonical_deal_keys(np.ascontiguousarray(deals[:, [2, 3, 0, 1]]))
    keep = keys <= mirror  # the orientation stored for each unordered matchup
    unique_keys, first = np.unique(keys[keep], return_index=True)
    todo = np.ascontiguousarray(deals[keep][first])
    print(f"{len(deals):,} ordered deals -> {len(todo):,} canonical matchups", file=sys.stderr)
    start = time.perf_counter()
    parts = []
    chunk = 2000
    for lo in range(0, len(todo), chunk):
        parts.append(_core.exact_deals(todo[lo : lo + chunk], [], [], _core.max_threads()))
        done = min(len(todo), lo + chunk)
        rate = done / (time.perf_counter() - start)
        print(f"\r{done:,}/{len(todo):,}  eta {(len(todo) - done) / rate:6.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)
    win = np.concatenate([p["win"] for p in parts])
    tie = np.concatenate([p["tie"] for p in parts])
    deals_per = np.concatenate([p["deals"] for p in parts])
    assert np.all(deals_per == 1_712_304)
    counts = np.stack([win[:, 0], win[:, 1], tie[:, 0]], axis=1).astype(np.uint32)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(OUT, keys=unique_keys, counts=counts)
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
