"""Benchmark ``fastholdem.cards_from_text`` (card text in bulk) against Python-level parsing.

Rows (median of ``--repeat`` runs; the same seeded random 7-card deals, as text):

* ``cards_from_text`` on a NumPy ``U`` array, an ``S`` array, a list of ``str``, an object
  array, text with spaces between the cards (``"Ah Kd 7c ..."``), on one thread and on all;
* a Python loop of ``parse_cards`` (one call a row: what a user writes without this function);
* a vectorised NumPy idiom over a ``U`` array's code points (glued two-character tokens only,
  no check of bad text or repeated cards: the fastest that NumPy alone gives);
* peers, per row: treys ``Card.new`` and eval7 ``Card`` on the two-character tokens (a peer
  that is not installed is skipped with a note).

"vs parse_cards loop" is each row's cards per second over the ``parse_cards`` loop's. The target
is 50 million cards a second on one thread (issue 25); timings on a shared 2-core machine vary
by tens of percent between runs.

Usage::

    python benchmarks/bench_cards_text.py            # full run, about 15 seconds
    python benchmarks/bench_cards_text.py --quick    # a second or two (the smoke test runs this)
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable

import numpy as np

from fastholdem import cards_from_text, deal, parse_cards
from fastholdem.cards import RANKS, SUITS
from _timing import median_seconds  # noqa: E402  (benchmarks/ is on sys.path when run)

TARGET_CARDS_PER_S = 50e6
K = 7


def texts_of(hands: np.ndarray, sep: str = "") -> list[str]:
    names = np.char.add(np.array(list(RANKS))[hands >> 2], np.array(list(SUITS))[hands & 3])
    return [sep.join(row) for row in names.tolist()]


def numpy_idiom(texts: np.ndarray) -> np.ndarray:
    """Ids of glued two-character tokens by table lookups on the code points (no checks)."""
    rank_of = np.zeros(128, np.uint8)
    suit_of = np.zeros(128, np.uint8)
    for i, r in enumerate(RANKS):
        rank_of[ord(r)] = rank_of[ord(r.lower())] = i
    for i, s in enumerate(SUITS):
        suit_of[ord(s)] = suit_of[ord(s.upper())] = i
    codes = texts.view(np.uint32).reshape(len(texts), -1) & 127
    return (4 * rank_of[codes[:, 0::2]] + suit_of[codes[:, 1::2]]).astype(np.uint8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, one repeat")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    n = 20_000 if args.quick else 1_000_000
    n_python = 2_000 if args.quick else 50_000
    repeat = 1 if args.quick else args.repeat

    hands = deal(n, K, seed=1)
    glued = texts_of(hands)
    spaced = texts_of(hands, " ")
    u_array, s_array = np.array(glued), np.array(glued).astype("S")
    obj_array, spaced_array = np.array(glued, dtype=object), np.array(spaced)
    for check in (u_array, s_array, glued, obj_array, spaced_array):
        assert np.array_equal(cards_from_text(check), hands)
    assert np.array_equal(numpy_idiom(u_array), hands)
    short = glued[:n_python]
    assert [parse_cards(t) for t in short[:100]] == hands[:100].tolist()

    rows: list[tuple[str, int, Callable[[], object]]] = [
        ("cards_from_text, U array, 1 thread", n, lambda: cards_from_text(u_array, threads=1)),
        ("cards_from_text, U array, all threads", n, lambda: cards_from_text(u_array)),
        ("cards_from_text, S array, 1 thread", n, lambda: cards_from_text(s_array, threads=1)),
        ("cards_from_text, list of str, 1 thread", n, lambda: cards_from_text(glued, threads=1)),
        ("cards_from_text, object array, 1 thread", n, lambda: cards_from_text(obj_array, threads=1)),
        ("cards_from_text, 'Ah Kd ...' U, 1 thread", n, lambda: cards_from_text(spaced_array, threads=1)),
        ("NumPy lookup idiom (no checks), U array", n, lambda: numpy_idiom(u_array)),
        ("Python loop of parse_cards", n_python, lambda: [parse_cards(t) for t in short]),
    ]
    notes = []
    for name, make in (("treys", lambda m: m.Card.new), ("eval7", lambda m: m.Card)):
        try:
            module = importlib.import_module(name)
        except ImportError:
            notes.append(f"{name} is not installed: its row is skipped")
            continue
        new = make(module)
        rows.append((f"{name} card parsing, Python loop", n_python,
                     lambda new=new: [[new(t[i:i + 2]) for i in range(0, 2 * K, 2)] for t in short]))

    results = []
    for name, count, fn in rows:
        seconds = median_seconds(fn, repeat)
        results.append((name, count, count * K / seconds))
    baseline = next(rate for name, _, rate in results if name == "Python loop of parse_cards")

    header = f"{'workload':<44} {'rows':>10} {'M cards/s':>10} {'ns/row':>8} {'vs parse_cards loop':>20}"
    print(f"cards_from_text: {n:,} rows of {K} cards ({'quick' if args.quick else f'median of {repeat}'})")
    print(header)
    print("-" * len(header))
    for name, count, rate in results:
        print(f"{name:<44} {count:>10,} {rate / 1e6:>10.1f} {K * 1e9 / rate:>8.0f} {rate / baseline:>19,.0f}x")
    one_thread = results[0][2]
    met = "met" if one_thread >= TARGET_CARDS_PER_S else "NOT met"
    print(f"\ntarget: >= {TARGET_CARDS_PER_S / 1e6:.0f} M cards/s on one thread (U array): "
          f"{one_thread / 1e6:.0f} M cards/s, {met}")
    for note in notes:
        print(f"note: {note}")


if __name__ == "__main__":
    main()
