"""Generate csrc/fh_tables.c, the lookup tables of the C evaluator.

Run from the repository root:  python tools/gen_tables.py [--check]

The output is deterministic; ``--check`` regenerates in memory and fails if the checked-in
file differs.  Method:

* Every card has a 64-bit key: the low 32 bits hold a per-rank multiplier, bits 32-47 hold
  one 4-bit counter per suit.  The key of a hand is the sum of its card keys plus
  ``FH_KEY_INIT`` (each suit counter starts at 3), so a suit with five or more cards sets
  bit 3 of its counter: ``key & FH_FLUSH_CHECK`` finds flushes of 5-7 card hands.
* The rank multipliers are the greedy smallest integers for which every multiset of at most
  seven ranks (at most four of each) has a distinct sum.  Those sums are compressed into
  dense tables by row displacement: ``value = values[offsets[s >> SHIFT] + (s & MASK)]``,
  one table for seven cards (the hot path, kept small) and one for five or six.
* Flush hands are looked up by the 13-bit mask of the flush suit's ranks.

Values come from the pure-Python reference evaluator ``fastholdem._slow``.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from fastholdem import _slow  # noqa: E402

OUT = ROOT / "csrc" / "fh_tables.c"
MAX_CARDS = 7
SHIFTS = {7: 10, 56: 11}  # row width 2**shift of the 7-card and of the 5/6-card table


def _multiset_sums(mults: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Sums and sizes of every rank multiset of size <= 7 (counts <= 4) over ``mults``."""
    sums = np.zeros(1, np.int64)
    sizes = np.zeros(1, np.int64)
    for m in mults:
        parts_v, parts_s = [], []
        for c in range(5):
            keep = sizes + c <= MAX_CARDS
            parts_v.append(sums[keep] + c * m)
            parts_s.append(sizes[keep] + c)
        sums, sizes = np.concatenate(parts_v), np.concatenate(parts_s)
    return sums, sizes


def _next_multiplier(sums: np.ndarray, sizes: np.ndarray, lo: int) -> int:
    """Smallest m >= lo keeping all multiset sums distinct when a new rank of weight m is added.

    A collision means sums[a] - sums[b] == d * m for d = 1..4 extra copies with
    sizes[b] <= 7 - d; scan windows of candidates and strike out every such m.
    """
    order = np.argsort(sums)
    sums, sizes = sums[order], sizes[order]
    width = max(64, lo // 8)
    while True:
        forbidden = np.zeros(width, bool)
        for d in range(1, 5):
            base = sums[sizes <= MAX_CARDS - d]
            left = np.searchsorted(sums, base + d * lo)
            right = np.searchsorted(sums, base + d * (lo + width))
            count = right - left
            total = int(count.sum())
            if total == 0:
                continue
            b_idx = np.repeat(np.arange(len(base)), count)
            a_idx = np.arange(total) - np.repeat(np.cumsum(count) - count, count) + np.repeat(left, count)
            diff = sums[a_idx] - base[b_idx]
            hit = diff % d == 0
            forbidden[diff[hit] // d - lo] = True
        free = np.flatnonzero(~forbidden)
        if len(free):
            return lo + int(free[0])
        lo += width


def rank_multipliers() -> list[int]:
    mults = [1]
    for _ in range(12):
        sums, sizes = _multiset_sums(mults)
        mults.append(_next_multiplier(sums, sizes, mults[-1] + 1))
    return mults


def _pack_rows(keys: np.ndarray, shift: int) -> tuple[np.ndarray, int]:
    """Row-displacement packing: offsets per row so that offset+column never collide."""
    rows = keys >> shift
    cols = keys & ((1 << shift) - 1)
    n_rows = int(rows.max()) + 1
    counts = np.bincount(rows, minlength=n_rows)
    starts = np.concatenate([[0], np.cumsum(counts)])
    occupied = np.zeros(len(keys) * 2 + (4 << shift), bool)
    offsets = np.zeros(n_rows, np.int64)
    size = 0
    block = np.arange(1024)
    for r in np.argsort(-counts, kind="stable"):
        if counts[r] == 0:
            break
        c = cols[starts[r] : starts[r + 1]]
        base = 0
        while True:
            if base + len(block) + (1 << shift) > len(occupied):
                occupied = np.concatenate([occupied, np.zeros(len(occupied), bool)])
            clash = occupied[base + block[:, None] + c[None, :]].any(axis=1)
            free = np.flatnonzero(~clash)
            if len(free):
                off = base + int(free[0])
                break
            base += len(block)
        occupied[off + c] = True
        offsets[r] = off
        size = max(size, off + int(c.max()) + 1)
    return offsets, size


def _best_noflush_value(ranks: tuple[int, ...]) -> int:
    """Best non-flush value of 5-7 cards with these ranks (suits chosen to avoid a flush)."""
    best = 0
    for five in set(itertools.combinations(ranks, 5)):
        if max(Counter(five).values()) <= 4:
            best = max(best, _slow.all_class_keys()[_slow.class_key(five, False)])
    return best


def _flush_values() -> list[int]:
    table = [0] * 8192
    keys = _slow.all_class_keys()
    for mask in range(8192):
        ranks = [r for r in range(13) if mask >> r & 1]
        if len(ranks) >= 5:
            table[mask] = max(keys[_slow.class_key(five, True)] for five in itertools.combinations(ranks, 5))
    return table


def _c_array(ctype: str, name: str, values: list[int] | list[str], per_line: int = 12) -> str:
    lines = [f"const {ctype} {name}[{len(values)}] = {{"]
    for i in range(0, len(values), per_line):
        lines.append("    " + ", ".join(str(v) for v in values[i : i + per_line]) + ",")
    lines.append("};")
    return "\n".join(lines)


def _noflush_table(mults: list[int], sizes: tuple[int, ...], shift: int) -> tuple[list[int], list[int]]:
    """Offsets and values of the displacement-packed table of every rank multiset of the
    given sizes (counts <= 4). The values array has one spare entry at the end (SIMD gathers
    read 32 bits at a 16-bit entry), and the offsets reach the largest sum max(sizes) ranks
    can make (even seven aces), so a key built from impossible input stays inside."""
    key_of = {}
    for n in sizes:
        for ranks in itertools.combinations_with_replacement(range(13), n):
            if max(Counter(ranks).values()) <= 4:
                key_of[ranks] = sum(mults[r] for r in ranks)
    keys = np.array(sorted(key_of.values()), np.int64)
    if len(np.unique(keys)) != len(keys):
        raise SystemExit("rank multipliers are not unique")
    offsets, size = _pack_rows(keys, shift)
    values = [0] * (size + 1)
    mask = (1 << shift) - 1
    for ranks, key in key_of.items():
        values[int(offsets[key >> shift]) + (key & mask)] = _best_noflush_value(ranks)
    n_rows = (max(sizes) * mults[-1] >> shift) + 1
    padded = [int(o) for o in offsets] + [0] * (n_rows - len(offsets))
    return padded, values


def generate() -> str:
    mults = rank_multipliers()
    off7, val7 = _noflush_table(mults, (7,), SHIFTS[7])
    off56, val56 = _noflush_table(mults, (5, 6), SHIFTS[56])
    card_keys = [mults[c >> 2] | (1 << (32 + 4 * (c & 3))) for c in range(52)]
    bounds = _slow._category_bounds()
    flush = _flush_values()
    # 256 pairs, one per byte value: bytes above 51 get (0, 0), so a 7-card row holding one
    # sums fewer than seven card bits and is caught by the duplicate check (fh_eval.c).
    key_bits = [f"{v:#x}ULL" for c in range(52) for v in (card_keys[c], 1 << c)] + ["0"] * (2 * (256 - 52))
    total = (4 * (len(off7) + len(off56)) + 2 * (len(val7) + len(val56) + len(flush) + len(bounds))
             + 8 * (52 + len(key_bits)))
    parts = [
        "/* GENERATED by tools/gen_tables.py -- DO NOT EDIT. */",
        f"/* FH_NOFLUSH7_SHIFT={SHIFTS[7]} rows7={len(off7)} table7={len(val7)} "
        f"FH_NOFLUSH56_SHIFT={SHIFTS[56]} rows56={len(off56)} table56={len(val56)} bytes={total} */",
        '#include "fh_tables.h"',
        "",
        f"#if FH_NOFLUSH7_SHIFT != {SHIFTS[7]} || FH_NOFLUSH56_SHIFT != {SHIFTS[56]}",
        '#error "fh_tables.h and fh_tables.c disagree: rerun tools/gen_tables.py"',
        "#endif",
        "",
        f"/* rank multipliers: {mults} */",
        _c_array("uint64_t", "fh_card_keys", [f"{k:#x}ULL" for k in card_keys], 4),
        "",
        "/* Key and bit (1 << id) of each card side by side: one 128-bit add sums both. Byte values",
        " * 52-255 have zero entries, so any byte indexes inside the table. */",
        "_Alignas(16) " + _c_array("uint64_t", "fh_card_key_bits", key_bits, 4),
        "",
        _c_array("uint16_t", "fh_category_max", bounds),
        "",
        "/* Seven cards: the hot path of batches, enumeration and equity. */",
        _c_array("uint32_t", "fh_noflush7_offsets", off7),
        "",
        _c_array("uint16_t", "fh_noflush7_values", val7),
        "",
        "/* Five or six cards. */",
        _c_array("uint32_t", "fh_noflush56_offsets", off56),
        "",
        _c_array("uint16_t", "fh_noflush56_values", val56),
        "",
        _c_array("uint16_t", "fh_flush_values", flush),
        "",
    ]
    return "\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if csrc/fh_tables.c is stale")
    args = parser.parse_args()
    text = generate()
    if args.check:
        current = OUT.read_text()
        if current != text:
            raise SystemExit(f"{OUT} is stale: run python tools/gen_tables.py")
        print(f"{OUT} is up to date (sha256 {hashlib.sha256(text.encode()).hexdigest()[:16]})")
        return
    OUT.write_text(text)
    print(f"wrote {OUT} ({len(text)} bytes)")


if __name__ == "__main__":
    main()
