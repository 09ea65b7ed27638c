"""The equity engines' fast paths (issue 29 item 3) give exactly what the paths they stand for give.

* ``_core.hand_assignments`` (C) lists the same deals, in the same row-major order, with the
  same float weights as an enumeration with itertools, and refuses the same listings;
* ``_core.canonical_deal_keys`` equals the minimum over the suit permutations that fix the
  board and the dead cards, computed here in Python;
* ``_core.runout_sums`` equals the column sums and per-combo sums of ``runout_tallies``'s rows,
  and ``equity`` (which sums in the kernel for unit-weight flop and turn jobs) equals the
  result combined from the rows of ``EquityJob.run``, by-combo tables included, bit for bit;
* the AVX-512 runout kernel and the batched AVX-512 random numbers of Monte Carlo equal the
  portable SSE2 / scalar code (forced by ``FASTHOLDEM_RUNOUT_KERNEL=sse2`` and
  ``FASTHOLDEM_MC_RNG=scalar`` in a child process).
"""

from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys

import numpy as np
import pytest

from fastholdem import _core, equity, equity_job, hand_strength
from fastholdem.cards import card_str, parse_cards
from fastholdem.equities.engines.enumeration import ExactEngine, hand_assignments
from fastholdem.equities.inputs import parse_inputs

FIELDS = ("deals", "win", "tie", "share", "share_sq", "split")


def random_range(rng: random.Random, taken: set[int], weighted: bool) -> str:
    free = [c for c in range(52) if c not in taken]
    parts = []
    for _ in range(rng.randint(1, 7)):
        a, b = rng.sample(free, 2)
        weight = rng.choice(["", ":0.5", ":0.3", ":0.7"]) if weighted else ""
        parts.append(f"{card_str(a)}{card_str(b)}{weight}")
    return ",".join(parts)


def reference_assignments(parsed: list, limit: int) -> tuple[np.ndarray, np.ndarray] | None:
    """Row-major product of the players' combos without repeated cards, weights multiplied
    player by player (players of unit weights skipped), refusing as the old listing did:
    when the partial deals so far times the next player's combos exceed ``limit``."""
    partial: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    for p in parsed:
        if len(partial) * len(p.combos) > limit:
            return None
        unit = bool(np.all(p.weights == 1.0))
        grown = []
        for cards, w in partial:
            for combo, cw in zip(p.combos.tolist(), p.weights.tolist()):
                if set(combo) & set(cards):
                    continue
                grown.append((cards + tuple(combo), w if unit else w * cw))
        partial = grown
    deals = np.array([c for c, _ in partial], dtype=np.uint8).reshape(len(partial), 2 * len(parsed))
    return deals, np.array([w for _, w in partial])


def test_hand_assignments_equal_an_itertools_enumeration() -> None:
    rng = random.Random(29)
    for case in range(40):
        board = rng.sample(range(52), rng.choice([0, 3, 4]))
        players = [random_range(rng, set(board), weighted=case % 2 == 1) for _ in range(rng.randint(2, 4))]
        if case % 5 == 0:
            players[-1] = "random"
        parsed, _, _ = parse_inputs(players, board, None)
        for limit in (10**7, 50):
            want = reference_assignments(parsed, limit)
            got = hand_assignments(parsed, limit) if want is None or len(want[1]) else None
            if want is None:
                assert _core.hand_assignments([p.combos for p in parsed], [p.weights for p in parsed], limit) is None
                continue
            if not len(want[1]):
                continue
            assert got is not None
            np.testing.assert_array_equal(got[0], want[0])
            assert got[1].tobytes() == want[1].tobytes()  # the same floats, bit for bit


def reference_keys(deals: np.ndarray, board: list[int], dead: list[int]) -> list[int]:
    fixing = [perm for perm in itertools.permutations(range(4))
              if all({(c & ~3) | perm[c & 3] for c in cards} == set(cards) for cards in (board, dead))]
    keys = []
    for row in deals.tolist():
        best = None
        for perm in fixing:
            key = 0
            for a, b in zip(row[::2], row[1::2]):
                a, b = (a & ~3) | perm[a & 3], (b & ~3) | perm[b & 3]
                key = (key << 12) | (max(a, b) << 6) | min(a, b)
            best = key if best is None else min(best, key)
        keys.append(best)
    return keys


@pytest.mark.parametrize("board, dead", [("AhKh2h", ""), ("Td7c2s", ""), ("", ""), ("Ah2h", "Kh"), ("", "2c3c")])
def test_canonical_deal_keys_are_the_smallest_over_the_fixing_permutations(board: str, dead: str) -> None:
    rng = np.random.default_rng(7)
    taken = set(parse_cards(board)) | set(parse_cards(dead))
    free = np.array([c for c in range(52) if c not in taken], dtype=np.uint8)
    deals = np.stack([rng.choice(free, 6, replace=False) for _ in range(300)]).astype(np.uint8)
    got = _core.canonical_deal_keys(np.ascontiguousarray(deals), parse_cards(board), parse_cards(dead))
    assert got.tolist() == reference_keys(deals, parse_cards(board), parse_cards(dead))


def engine(players: list[str], board: str) -> ExactEngine:
    parsed, b, d = parse_inputs(players, board, None)
    listed = hand_assignments(parsed, 10**6)
    assert listed is not None
    return ExactEngine(listed[0], listed[1], b, d, [p.combos for p in parsed])


@pytest.mark.parametrize("players, board", [
    (["AKs,QQ+", "JJ-88", "random"], "Td7c2sKh"),
    (["AhKh,QQ", "JJ,T9s", "87s,66"], "Td7c2s"),
    (["AA,KK", "QQ", "JJ", "TT,99"], "8c7d2s"),
    (["AhKh", "QsQd"], "Td7c2s3h"),
])
def test_runout_sums_equal_the_sums_of_the_rows(players: list[str], board: str) -> None:
    e = engine(players, board)
    e.tally(0, 1, 1)
    rows = _core.runout_tallies(e._values, e._rows, 1)
    for threads in (1, 2):
        sums, combo = _core.runout_sums(e._values, e._rows, threads)
        for key in FIELDS:
            np.testing.assert_array_equal(sums[key], rows[key].sum(axis=0, dtype=np.uint64))
        for p in range(len(players)):
            deals = np.bincount(e._rows[:, p], weights=rows["deals"], minlength=len(e._values))
            share = np.bincount(e._rows[:, p], weights=rows["share"][:, p], minlength=len(e._values))
            np.testing.assert_array_equal(combo[p, 0], deals.astype(np.uint64))
            np.testing.assert_array_equal(combo[p, 1], share.astype(np.uint64))


@pytest.mark.parametrize("players, board", [
    (["AKs,QQ+", "JJ-88", "random"], "Td7c2sKh"),
    (["AKs,QQ+", "JJ-88", "KQs,T9s"], "Td7c2s"),
    (["AA,KK", "QQ,JJ", "TT", "99,A5s"], "8c7d2s"),
    (["AKs,QQ+:0.5", "JJ-88", "random"], "Td7c2sKh"),  # weighted: the rows decide
])
def test_equity_equals_the_result_of_the_job_rows(players: list[str], board: str) -> None:
    fast = equity(players, board=board, exact=True, threads=2)
    job = equity_job(players, board=board, exact=True)
    slow = job.combine([job.run(c, threads=1) for c in job.chunks(7)])
    for name in ("equity", "win", "tie", "split"):
        assert getattr(fast, name).tobytes() == getattr(slow, name).tobytes(), name
    assert fast.deals == slow.deals
    for p in range(len(players)):
        a, b = fast.by_combo(p), slow.by_combo(p)
        assert a.dtype == b.dtype and a.tobytes() == b.tobytes()


CHILD = r"""
import json, sys
from fastholdem import equity
out = []
for players, board, exact in json.loads(sys.argv[1]):
    r = equity(players, board=board, exact=exact, threads=1, **({} if exact else {"trials": 30_000, "seed": 5}))
    out.append([r.equity.tolist(), r.win.tolist(), r.tie.tolist(), r.split.tolist(), r.deals])
print(json.dumps(out))
"""

SHAPES = [
    (["random"] * 6, "", False), (["random"] * 3, "Td7c2s", False), (["random"] * 2, "Td7c2sKh", False),
    (["AKs,QQ+", "random", "random"], "", False), (["AKs,QQ+", "JJ-88", "random"], "Td7c2s", False),
    (["AKs,QQ+", "22+,A2s+", "random", "random"], "", False),  # rejection sampling: many assignments
    (["AhKh", "random", "random", "random", "random"], "2c3d4h", False),
    (["AKs,QQ+", "JJ-88", "random"], "Td7c2sKh", True), (["AA,KK", "QQ", "JJ", "TT,99"], "8c7d2s", True),
]


def run_child(env: dict[str, str]) -> list:
    proc = subprocess.run([sys.executable, "-c", CHILD, json.dumps(SHAPES)], capture_output=True, text=True,
                          env={**os.environ, **env}, check=True)
    return json.loads(proc.stdout)


def test_portable_kernels_give_the_same_counts() -> None:
    assert run_child({"FASTHOLDEM_RUNOUT_KERNEL": "sse2", "FASTHOLDEM_MC_RNG": "scalar"}) == run_child({})


@pytest.mark.parametrize("opponents", range(1, 10))
def test_monte_carlo_shapes_one_hand_against_one_to_nine_random_hands_match_the_exact_share(opponents: int) -> None:
    # Each shape (weighted and random players, board cards missing) has its own compiled
    # block; one weighted hand against eight or nine random ones once took the key of two
    # weighted hands and crashed. The Monte Carlo share must agree with the exact one.
    hole, board = np.array([[12, 25]]), np.array([[51, 38, 7, 20]])  # two cards and a turn
    exact = hand_strength(hole, board, opponents=opponents, exact=True, threads=1)[0]
    trials = 20_000
    mc = hand_strength(hole, board, opponents=opponents, trials=trials, seed=opponents, threads=1)[0]
    assert abs(mc - exact) < 5 * 0.5 / np.sqrt(trials), (mc, exact)
