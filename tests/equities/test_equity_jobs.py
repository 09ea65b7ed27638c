"""The chunked equity API (``equity_job``): chunks computed apart combine exactly.

Exact jobs: the integer tallies of any split of a job into chunks, put together, are the tallies
of the whole job, and combining them gives bit for bit the result of :func:`equity`. Monte Carlo
jobs: the tallies of block ranges ``[0, k)`` and ``[k, n)`` add up to the tally of ``[0, n)``
for the same seed, whatever the thread count of each part.
"""

from __future__ import annotations

import itertools
import pickle
import random

import numpy as np
import pytest

import fastholdem
from fastholdem import EquityJob, EquityResult, EquityTally, equity, equity_job

THREADS = 2
FIELDS = ("deals", "win", "tie", "share", "share_sq", "split")
RESULT_FIELDS = ("equity", "win", "tie", "stderr", "split")


def assert_same_result(a: EquityResult, b: EquityResult) -> None:
    for attr in ("exact", "deals", "seed", "players", "board", "dead"):
        assert getattr(a, attr) == getattr(b, attr), attr
    for field in RESULT_FIELDS:
        assert np.array_equal(getattr(a, field), getattr(b, field)), field


def random_splits(size: int, rng: random.Random, pieces: int) -> list[range]:
    """``range(size)`` cut at ``pieces - 1`` random places (uneven chunks)."""
    cuts = sorted(rng.sample(range(1, size), min(pieces, size) - 1))
    bounds = [0, *cuts, size]
    return [range(a, b) for a, b in itertools.pairwise(bounds)]


EXACT_JOBS = [
    # (players, board, dead): ranges on a flop (suit isomorphism), a three-way range spot with a
    # dead card, heads-up preflop ranges (read from the shipped table), and six players (no
    # canonical keys above five players).
    (["QQ+,AKs", "random"], "Td7c2s", ""),
    (["AKs,KQs:0.5", "AhAd", "TT-88:0.75"], "Ks9s2h", "8d"),
    (["AKs,QQ", "JJ-99,AQs:0.5"], "", ""),
    (["AA,KK", "QQ", "JTs", "98s", "7c7d", "AKo:0.5"], "2c3d4h5s", ""),
]


@pytest.mark.parametrize("players, board, dead", EXACT_JOBS)
def test_exact_chunks_combine_to_the_same_integer_tallies_as_the_whole_job(
    players: list[str], board: str, dead: str
) -> None:
    job = equity_job(players, board, dead, exact=True)
    assert job.exact and job.size > 1 and job.trials is None and job.seed is None
    whole = job.run(range(job.size), threads=THREADS)
    rng = random.Random(job.size)
    for chunks in (job.chunks(), job.chunks(3), random_splits(job.size, rng, 5)):
        assert [u for c in chunks for u in c] == list(range(job.size))
        parts = [job.run(c, threads=1 + i % 2) for i, c in enumerate(chunks)]
        per_unit = len(whole.deals) == job.size  # enumeration: a row per deal; the sweep: one row
        for field in FIELDS:  # integer counts, deal by deal (or summed over the runouts)
            rows = [getattr(p, field) for p in parts]
            joined = np.concatenate(rows) if per_unit else np.sum(rows, axis=0, dtype=np.uint64)
            assert joined.dtype == np.uint64 and np.array_equal(joined, getattr(whole, field)), field
        for p, combos in enumerate(whole.combos):  # per-combo counts add up too
            assert np.array_equal(np.sum([t.combos[p] for t in parts], axis=0, dtype=np.uint64), combos)
        rng.shuffle(parts)  # tallies may arrive in any order
        assert_same_result(job.combine(parts), job.combine([whole]))
    reference = equity(players, board, dead, exact=True, threads=THREADS)
    assert_same_result(job.combine([whole]), reference)


@pytest.mark.parametrize(
    "players, board, trials",
    [(["AhKh", "QsQd"], "", 10 * 4096), (["AhKh", "random", "QQ,JJ:0.5"], "Jc8h2h", 9 * 4096 + 1234),
     (["random"] * 6, "", 5 * 4096 + 1)],
)
def test_monte_carlo_block_ranges_combine_to_the_whole_range(
    players: list[str], board: str, trials: int
) -> None:
    job = equity_job(players, board, trials=trials, seed=2024)
    n = job.size
    assert not job.exact and job.trials == trials and job.seed == 2024 and n == -(-trials // 4096)
    whole = job.run(range(n), threads=THREADS)
    assert int(whole.deals[0]) == trials
    reference = equity(players, board, trials=trials, seed=2024, threads=THREADS)
    assert_same_result(job.combine([whole]), reference)
    for k in range(1, n):
        head, rest = job.run(range(k), threads=1), job.run(range(k, n), threads=THREADS)
        for field in FIELDS:
            summed = getattr(head, field) + getattr(rest, field)
            assert np.array_equal(summed, getattr(whole, field)), (k, field)
        assert_same_result(job.combine([rest, head]), reference)


def test_monte_carlo_partial_combine_counts_the_trials_it_holds() -> None:
    job = equity_job(["AhKh", "QsQd"], trials=10 * 4096, seed=5)
    r = job.combine([job.run(range(2, 4)), job.run(range(7, 8))])
    assert not r.exact and r.deals == 3 * 4096 and r.seed == 5
    assert float(r.equity.sum()) == pytest.approx(1.0, abs=1e-12) and np.all(r.stderr > 0)


def test_jobs_and_tallies_pickle_for_other_processes() -> None:
    jobs = [equity_job(["QQ+,AKs", "random"], "Td7c2s"), equity_job(["AhKh", "random"], trials=30_000, seed=3)]
    for job in jobs:
        copy = pickle.loads(pickle.dumps(job))
        chunks = job.chunks(3)
        here = [job.run(c) for c in chunks]
        there = [pickle.loads(pickle.dumps(copy.run(c))) for c in chunks]
        assert_same_result(job.combine(there), job.combine(here))


def test_chunks_split_evenly_and_validate_count() -> None:
    job = equity_job(["AhKh", "QsQd"], trials=10 * 4096 + 5, seed=1)
    assert job.size == 11
    assert job.chunks(4) == [range(2), range(2, 5), range(5, 8), range(8, 11)]
    assert job.chunks(100) == [range(i, i + 1) for i in range(11)]
    assert job.chunks(1) == [range(11)]
    for bad, exc in ((0, ValueError), (-1, ValueError), (True, TypeError), (2.0, TypeError)):
        with pytest.raises(exc, match="count must be a positive int"):
            job.chunks(bad)  # type: ignore[arg-type]


def test_run_validates_the_chunk() -> None:
    job = equity_job(["AhKh", "QsQd"], trials=4 * 4096, seed=1)
    with pytest.raises(TypeError, match="chunk must be a range"):
        job.run((0, 2))  # type: ignore[arg-type]
    for bad in (range(0), range(3, 2), range(5), range(-1, 2), range(0, 4, 2)):
        with pytest.raises(ValueError, match=r"non-empty range with step 1 within range\(0, 4\)"):
            job.run(bad)
    with pytest.raises(ValueError, match="threads"):
        job.run(range(1), threads=0)


def test_combine_refuses_overlaps_gaps_and_foreign_tallies() -> None:
    job = equity_job(["QQ+,AKs", "random"], "Td7c2s")
    a, b, c = (job.run(r) for r in job.chunks(3))
    with pytest.raises(ValueError, match="at least one tally"):
        job.combine([])
    with pytest.raises(ValueError, match=r"cover every unit: range\(\d+, \d+\) is missing"):
        job.combine([a, c])
    with pytest.raises(ValueError, match="cover every unit"):
        job.combine([a, b])
    with pytest.raises(ValueError, match="counted twice"):
        job.combine([a, a, b, c])
    mc = equity_job(["AhKh", "QsQd"], trials=8 * 4096, seed=1)
    with pytest.raises(ValueError, match="counted twice"):
        mc.combine([mc.run(range(3)), mc.run(range(2, 4))])
    other = equity_job(["AhKh", "QsQd", "7c7d"], trials=8 * 4096, seed=1)
    with pytest.raises(ValueError, match="does not belong to this job"):
        mc.combine([other.run(range(2))])
    with pytest.raises(ValueError, match="does not belong to this job"):
        job.combine([mc.run(range(2))])


def test_auto_mode_and_defaults() -> None:
    assert equity_job(["AhKh", "QsQd"]).exact  # cheap: enumerate
    big = equity_job(["random"] * 3, seed=4)  # too many assignments: sample the default trials
    assert not big.exact and big.trials == 1_000_000 and big.seed == 4
    drawn = equity_job(["AhKh", "QsQd"], exact=False)
    assert isinstance(drawn.seed, int) and drawn.trials == 1_000_000
    assert "EquityJob(" in repr(big) and "1,000,000 trials" in repr(big)


def test_public_api_is_exported() -> None:
    for name in ("equity_job", "EquityJob", "EquityTally"):
        assert name in fastholdem.__all__ and getattr(fastholdem, name) is not None
    assert isinstance(equity_job(["AhKh", "QsQd"]), EquityJob)
    assert isinstance(equity_job(["AhKh", "QsQd"]).run(range(1)), EquityTally)


def _eager_checkpoints(size: int) -> list[int]:
    """The schedule as it was built before issue 19 (every point, in a list): the oracle."""
    from fastholdem.equities.jobs import MAX_ROUND_BLOCKS

    points, done = [], 0
    while done < size:
        done = min(size, done + max(1, min(done, MAX_ROUND_BLOCKS)))
        points.append(done)
    return points


def test_round_checkpoints_are_lazy_and_the_same_points() -> None:
    # Issue 19, campaign item 5: equity(stderr=E) without trials built all 76,299 points up
    # to MAX_TRIALS (~38 ms) before the first trial. The points are computed as read now.
    import bisect
    import tracemalloc

    from fastholdem.equities.inputs import MAX_TRIALS
    from fastholdem.equities.jobs import BLOCK_TRIALS, round_checkpoints

    for size in [*range(0, 200), 1000, 1001, 4096, 10**5 + 7]:
        lazy, eager = round_checkpoints(size), _eager_checkpoints(size)
        assert len(lazy) == len(eager) and list(lazy) == eager, size
        for x in (0, 1, 3, 32, 33, size // 2, size - 1, size):
            assert bisect.bisect_right(lazy, x) == bisect.bisect_right(eager, x)
            assert bisect.bisect_left(lazy, x) == bisect.bisect_left(eager, x)
    size = -(-MAX_TRIALS // BLOCK_TRIALS)
    tracemalloc.start()
    points = round_checkpoints(size)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 10_000  # a list of every point takes megabytes
    assert points[-1] == size and len(points) == len(_eager_checkpoints(size))
    assert points[-2] == _eager_checkpoints(size)[-2]


def test_stderr_target_stops_at_the_same_point() -> None:
    from fastholdem.equities.jobs import BLOCK_TRIALS

    for target, seed in ((0.01, 1), (0.004, 2)):
        r = equity(["AhKh", "QsQd"], stderr=target, seed=seed, threads=1, progress=False)
        blocks = -(-r.deals // BLOCK_TRIALS)
        assert blocks in _eager_checkpoints(blocks)
        # one checkpoint earlier the target was not met: the same stop as the eager schedule
        previous = [p for p in _eager_checkpoints(blocks) if p < blocks]
        if previous:
            before = equity(["AhKh", "QsQd"], trials=previous[-1] * BLOCK_TRIALS, seed=seed, threads=1,
                            progress=False)
            assert float(before.stderr.max()) > target
        assert float(r.stderr.max()) <= target
