"""Smoke test of the benchmark scripts: ``--quick`` runs exit 0 and print a table.

Results are not asserted (STYLE B7): timings belong to the benchmark, not the test suite.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"

# Script -> a word of its table header and a workload name that must appear as a row.
SCRIPTS = {
    "bench_cards_text.py": ("M cards/s", "cards_from_text, U array, 1 thread"),
    "bench_evaluate.py": ("hands/s", "evaluate_batch"),
    "bench_game.py": ("workload", "nl6 deep"),
    "bench_equity.py": ("case", "AhKh vs QsQd exact"),
    "bench_dask.py": ("wall s", "LocalCluster, 2 workers"),
    "bench_history.py": ("hands/s", "fastholdem read (parse + convert to PHH)"),
    "bench_history_stats.py": ("hands/s", "stats with all-in EV"),
    "bench_import.py": ("median", "import fastholdem (after numpy)"),
    "bench_simulate.py": ("hands/CPU s", "simulate 6 random, vector (C)"),
    "bench_vector.py": ("workload", "Tables.play_random"),
    "bench_rl_envs.py": ("hands/s", "HoldemVectorEnv, 1,024 tables"),
}


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_benchmark_quick_run_prints_a_table(script: str) -> None:
    path = BENCHMARKS / script
    if not path.exists():
        pytest.skip(f"{script} is not present")
    # Benchmark-only peers (pokerfast: the `bench` extra) are optional here (STYLE B7: a missing
    # peer is a note, its columns stay empty): CI's FASTHOLDEM_REQUIRE_PEERS is for test peers.
    env = {k: v for k, v in os.environ.items() if k != "FASTHOLDEM_REQUIRE_PEERS"}
    proc = subprocess.run([sys.executable, str(path), "--quick"], capture_output=True, text=True, timeout=600,
                          env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    header, row = SCRIPTS[script]
    header_at = next((i for i, line in enumerate(lines) if header in line), None)
    assert header_at is not None, proc.stdout
    assert any(line.startswith(row) for line in lines[header_at + 1 :]), proc.stdout
