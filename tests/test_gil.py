"""The batch kernels release the GIL (STYLE B3.5): another Python thread runs during the call.

A counter thread increments a number in a pure-Python loop. We read the number just before and
just after one big call in the main thread. If the call releases the GIL, the counter runs
throughout the call; if it holds the GIL, the counter can only run in the moments around the call,
when the interpreter hands the GIL over (every ``sys.getswitchinterval()`` seconds). A C call that
holds the GIL (``sum(range(n))``) measures that baseline on the same machine in the same test.

The test asserts counts, not times: the released call must see many times the increments of
the GIL-holding call (on an idle two-core machine: about 1,000 for the baseline, 400,000 or more
for each kernel; with another process busy on one core, hand-overs grow to a few milliseconds and
the baseline to about 30,000). The kernels run on one thread (``threads=1``) so that the counter has a core
of its own; the baseline is the median of three runs and each kernel gets two tries, and the
margins are wide, because another process may be using the cores.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator

import numpy as np
import pytest

from fastholdem import cards_from_text, deal, equity_batch, evaluate_batch, hand_strength

#: The released call must see this many times the increments of the GIL-holding call ...
RATIO = 5
#: ... and at least this many increments in absolute terms.
MIN_INCREMENTS = 50_000


class Counter(threading.Thread):
    """Counts as fast as pure Python can until :meth:`stop` is called."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.count = 0
        self.running = True
        self.started_counting = threading.Event()

    def run(self) -> None:
        self.started_counting.set()
        while self.running:
            self.count += 1

    def stop(self) -> None:
        self.running = False
        self.join()


@pytest.fixture
def counter() -> Iterator[Counter]:
    """A running :class:`Counter`, with a short switch interval (0.1 ms) so that the hand-overs
    around a GIL-holding call are brief (they are what the baseline measures)."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(0.0001)
    thread = Counter()
    thread.start()
    thread.started_counting.wait()
    try:
        yield thread
    finally:
        thread.stop()
        sys.setswitchinterval(old)


def increments_during(counter: Counter, call: Callable[[], object]) -> int:
    """How many times ``counter`` counted while ``call`` ran in this thread."""
    before = counter.count
    call()
    return counter.count - before


def holds_the_gil() -> object:
    """A C loop that never releases the GIL (the baseline)."""
    return sum(range(10_000_000))


def baseline_increments(counter: Counter) -> int:
    """Median increments during three GIL-holding calls."""
    return sorted(increments_during(counter, holds_the_gil) for _ in range(3))[1]


def distinct_cards(rng: np.random.Generator, rows: int, k: int) -> np.ndarray:
    """``(rows, k)`` uint8: each row ``k`` distinct card ids."""
    return np.argsort(rng.random((rows, 52)), axis=1)[:, :k].astype(np.uint8)


@pytest.fixture(scope="module")
def calls() -> dict[str, Callable[[], object]]:
    """One big single-threaded call of each GIL-releasing function (inputs built beforehand)."""
    rng = np.random.default_rng(7)
    hands = np.tile(distinct_cards(rng, 1000, 7), (16_000, 1))  # 16 million seven-card hands
    spots = distinct_cards(rng, 20_000, 7)  # heads-up flops: 990 boards each
    holes, flops = spots[:, :4].reshape(-1, 2, 2), np.ascontiguousarray(spots[:, 4:])
    rank, suit = np.array(list("23456789TJQKA")), np.array(list("cdhs"))
    text = np.char.add(rank[hands[:1000] >> 2], suit[hands[:1000] & 3])
    texts = np.tile(np.array(["".join(row) for row in text.tolist()]), 2000)
    return {
        "evaluate_batch": lambda: evaluate_batch(hands, threads=1),
        "equity_batch": lambda: equity_batch(holes, flops, threads=1),
        # Exact against one random opponent on the flop (rank classes per runout: ~0.3 ms a spot).
        "hand_strength": lambda: hand_strength(holes[:200, 0], flops[:200], exact=True, threads=1),
        "deal": lambda: deal(20_000_000, 7, seed=1, threads=1),
        # 2 million rows of 7-card text (14 million cards).
        "cards_from_text": lambda: cards_from_text(texts, threads=1),
    }


@pytest.mark.parametrize("name", ["evaluate_batch", "equity_batch", "hand_strength", "deal",
                                  "cards_from_text"])
def test_call_releases_the_gil(counter: Counter, calls: dict[str, Callable[[], object]], name: str) -> None:
    baseline = baseline_increments(counter)
    released = max(increments_during(counter, calls[name]) for _ in range(2))
    assert released >= MIN_INCREMENTS, (name, released, baseline)
    assert released >= RATIO * baseline, (name, released, baseline)


def test_baseline_detects_a_call_that_holds_the_gil(counter: Counter) -> None:
    """The measure works: a GIL-holding call of the same kind fails the test above."""
    held = max(increments_during(counter, holds_the_gil) for _ in range(2))
    assert held < RATIO * baseline_increments(counter) or held < MIN_INCREMENTS, held
    free = increments_during(counter, lambda: threading.Event().wait(0.2))  # waits without the GIL
    assert free >= RATIO * baseline_increments(counter) and free >= MIN_INCREMENTS, (free, held)
