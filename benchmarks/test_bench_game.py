"""pytest-benchmark versions of bench_game.py (run: pytest benchmarks/test_bench_game.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_game  # noqa: E402

pytest.importorskip("pytest_benchmark")


@pytest.mark.parametrize("kind", ["deep", "short"])
def test_bench_random_hands(benchmark, kind: str) -> None:  # type: ignore[no-untyped-def]
    benchmark(bench_game.play_fastholdem, 200, kind, 7)


@pytest.mark.parametrize("policy", ["random", "equity"])
def test_bench_table_hands(benchmark, policy: str) -> None:  # type: ignore[no-untyped-def]
    benchmark(bench_game.play_table, 100 if policy == "random" else 20, policy, 7)


def test_bench_phh_replay(benchmark) -> None:  # type: ignore[no-untyped-def]
    corpus = Path(os.environ.get("FASTHOLDEM_PHH_DIR", str(bench_game.DEFAULT_PHH)))
    files = sorted(corpus.rglob("*.phh")) if corpus.is_dir() else []
    if not files:
        pytest.skip(f"PHH corpus not found at {corpus}")
    texts = [f.read_text(encoding="utf-8") for f in files[::10]]
    benchmark(bench_game.replay_fastholdem, texts)
