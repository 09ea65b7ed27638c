"""Shared fixtures: a seeded RNG, random hands, card-combination arrays and a vectorised oracle.

The ``slow`` marker (registered in ``pyproject.toml``) tags the long soaks, differentials and
exhaustive checks.  The default run (the README test command) deselects them through
``addopts = -m "not slow"``; CI (``.ci/run``) runs them afterwards with ``pytest -m slow``.

The oracle (:class:`ReferenceEvaluator`) is the pure-Python ``fastholdem._slow`` evaluator
made fast enough for millions of hands: a five-card value depends only on the multiset of ranks
and on whether the five cards share a suit, so ``_slow.value5`` is called once for each of the
7462 (rank multiset, suited) classes and the results are looked up with NumPy.  It shares no
code or table with the C core.
"""

from __future__ import annotations

import importlib
import itertools
import os
import signal
import warnings
from collections import Counter
from collections.abc import Callable
from math import comb
from typing import Any

import numpy as np
import pytest

from fastholdem import _slow

# A shell without job control (a CI script's `cmd &`, nohup) starts its background jobs with
# SIGINT ignored, and an ignored signal stays ignored through every exec: Python then installs
# no KeyboardInterrupt handler, and the tests that interrupt a command would wait for it
# forever. A handler here makes the children start with the default action again.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

#: Seed of every random sample in the evaluator tests (override with FASTHOLDEM_TEST_SEED).
SEED = int(os.environ.get("FASTHOLDEM_TEST_SEED", "20240917"))


def pytest_report_header(config: pytest.Config) -> str:
    return f"fastholdem test seed: {SEED} (set FASTHOLDEM_TEST_SEED to change)"


def import_peer(name: str) -> Any:
    """Import a peer library the tests compare against (phevaluator, treys, eval7, pokerkit).

    A missing peer skips the test, unless the environment sets ``FASTHOLDEM_REQUIRE_PEERS=1``
    (CI does, in ``.ci/run``): then the test fails, so that a broken install cannot pass CI
    by skipping every comparison.
    """
    with warnings.catch_warnings():
        # eval7's range parser, built at import, uses pyparsing names that pyparsing 3 deprecates;
        # the suite turns warnings into errors, so whichever test imports eval7 first would fail.
        warnings.filterwarnings("ignore", category=DeprecationWarning, module=r"eval7(\.|$)")
        if os.environ.get("FASTHOLDEM_REQUIRE_PEERS") == "1":
            try:
                return importlib.import_module(name)
            except ImportError as exc:
                pytest.fail(f"test peer {name!r} is not importable ({exc}) and FASTHOLDEM_REQUIRE_PEERS=1",
                            pytrace=False)
        return pytest.importorskip(name)


@pytest.fixture(scope="session")
def peer() -> Callable[[str], Any]:
    """:func:`import_peer`: ``peer("phevaluator")`` imports a peer, or skips (or fails in CI)."""
    return import_peer


@pytest.fixture
def rng() -> np.random.Generator:
    """A NumPy generator seeded with :data:`SEED`, fresh for each test."""
    return np.random.default_rng(SEED)


def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """``(n, k)`` uint8 array: each row ``k`` distinct card ids, uniform over ordered deals.

    Rows with a repeated card are redrawn whole (rejection sampling keeps the rows uniform).
    """
    hands = rng.integers(0, 52, size=(n, k), dtype=np.uint8)
    todo = np.arange(n)
    while len(todo):
        # A row repeats a card exactly when the sum of its card bits differs from their OR.
        bits = np.left_shift(np.uint64(1), hands[todo].astype(np.uint64))
        todo = todo[bits.sum(axis=1) != np.bitwise_or.reduce(bits, axis=1)]
        hands[todo] = rng.integers(0, 52, size=(len(todo), k), dtype=np.uint8)
    return hands


@pytest.fixture
def hands(rng: np.random.Generator) -> Callable[[int, int], np.ndarray]:
    """Factory ``hands(n, k)`` of random hands drawn from the test's seeded ``rng``."""
    return lambda n, k: random_hands(rng, n, k)


def combinations_array(n: int, k: int) -> np.ndarray:
    """Every k-subset of ``range(n)`` as a ``(comb(n, k), k)`` uint8 array, rows ascending.

    Rows are in colexicographic order (by largest element first), so the first ``comb(m, k)``
    rows are exactly the k-subsets of ``range(m)`` for every m <= n.
    """
    rows = np.arange(n, dtype=np.uint8)[:, None]  # k = 1
    for j in range(2, k + 1):
        parts = []
        for top in range(j - 1, n):
            head = rows[: comb(top, j - 1)]
            parts.append(np.hstack([head, np.full((len(head), 1), top, np.uint8)]))
        rows = np.concatenate(parts)
    return rows


@pytest.fixture(scope="session")
def combinations() -> Callable[[int, int], np.ndarray]:
    """:func:`combinations_array` (test modules cannot import from a conftest reliably)."""
    return combinations_array


@pytest.fixture(scope="session")
def all_five_card_hands() -> np.ndarray:
    """All 2,598,960 five-card sets, ``(2598960, 5)`` uint8."""
    return combinations_array(52, 5)


class ReferenceEvaluator:
    """Vectorised ``_slow`` evaluator (see the module docstring)."""

    #: 3 bits per rank count (counts are at most 4), so the sum of 8**rank identifies a multiset.
    WEIGHTS = 8 ** np.arange(13, dtype=np.int64)

    def __init__(self) -> None:
        keys, plain, suited = [], [], []
        for ranks in itertools.combinations_with_replacement(range(13), 5):
            counts = Counter(ranks)
            if max(counts.values()) > 4:
                continue
            if len(counts) == 5:
                # Distinct ranks: one card off-suit for the plain class, all clubs for the flush.
                plain_cards = [4 * r for r in ranks[:4]] + [4 * ranks[4] + 1]
                suited.append(_slow.value5([4 * r for r in ranks]))
            else:
                # A repeated rank: give each copy its own suit, which also rules out a flush.
                seen: Counter[int] = Counter()
                plain_cards = []
                for r in ranks:
                    plain_cards.append(4 * r + seen[r])
                    seen[r] += 1
                suited.append(0)
            plain.append(_slow.value5(plain_cards))
            keys.append(int(self.WEIGHTS[list(ranks)].sum()))
        order = np.argsort(keys)
        self.keys = np.asarray(keys, np.int64)[order]
        self.plain = np.asarray(plain, np.int64)[order]
        self.suited = np.asarray(suited, np.int64)[order]
        assert len(self.keys) == 6175 and int((self.suited > 0).sum()) == 1287

    def value5(self, five: np.ndarray) -> np.ndarray:
        """Values of the rows of a ``(n, 5)`` array of distinct card ids."""
        five = np.asarray(five, dtype=np.int64)
        key = self.WEIGHTS[five >> 2].sum(axis=1)
        idx = np.searchsorted(self.keys, key)
        suits = five & 3
        flush = (suits == suits[:, :1]).all(axis=1)
        values: np.ndarray = np.where(flush, self.suited[idx], self.plain[idx])
        return values

    def values(self, hands: np.ndarray) -> np.ndarray:
        """Values of 5-, 6- or 7-card rows: the best of their five-card subsets (R5)."""
        hands = np.asarray(hands)
        best = np.zeros(len(hands), np.int64)
        for cols in itertools.combinations(range(hands.shape[1]), 5):
            np.maximum(best, self.value5(hands[:, cols]), out=best)
        return best


@pytest.fixture(scope="session")
def reference() -> ReferenceEvaluator:
    """The vectorised ``_slow`` oracle."""
    return ReferenceEvaluator()
