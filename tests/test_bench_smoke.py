"""Smoke test of the benchmark scripts: ``--quick`` runs exit 0 and print a table.

Results are not asserted (STYLE B7): timings belong to the benchmark, not the test suite.
"""

from __future__ import annotations

import os
import re
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
    "bench_solver.py": ("iterations", "river    fastholdem"),
}


# The quick runs that take ten seconds or more (a LocalCluster, every equity case, every game
# workload) run in the slow pass only, to keep the README's test command within its budget.
LONG_QUICK_RUNS = {"bench_dask.py", "bench_equity.py", "bench_game.py"}


@pytest.mark.parametrize("script", [pytest.param(name, marks=pytest.mark.slow) if name in LONG_QUICK_RUNS
                                    else name for name in sorted(SCRIPTS)])
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


def _run_ompeval_table(script: str, env_extra: dict[str, str]) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FASTHOLDEM_REQUIRE_PEERS", "OMPEVAL_BENCH")}
    env.update(env_extra)
    proc = subprocess.run([sys.executable, str(BENCHMARKS / script), "--quick", "--ompeval-only"],
                          capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.splitlines()


@pytest.mark.parametrize("script", ["bench_evaluate.py", "bench_equity.py"])
def test_benchmark_ompeval_source_row_says_not_configured_without_ompeval_bench(script: str) -> None:
    lines = _run_ompeval_table(script, {})
    assert lines[0].startswith("load average ")
    rows = [line for line in lines if "OMPEval from source (ombench)" in line]
    assert rows and all("not configured: set OMPEVAL_BENCH" in line for line in rows), "\n".join(lines)


def test_benchmark_evaluate_reads_ombench_json_lines(tmp_path: Path) -> None:
    """A stand-in for ombench that reports 1 ms of CPU per pass: the source row shows the
    rate read from its JSON line (200,000 rows / 1 ms = 200.0 M/s) next to ours."""
    fake = tmp_path / "ombench"
    fake.write_text(
        f"#!{sys.executable}\n"
        "import json, sys\n"
        "assert sys.argv[1] == 'eval' and sys.argv[3] == '1', sys.argv\n"
        "n, k = int(sys.argv[2]), int(sys.argv[4])\n"
        "print(json.dumps({'mode': 'eval', 'k': k, 'n': n, 'best_cpu_s': 0.001, 'mps': n / 1e9, 'chk': 0}))\n")
    fake.chmod(0o755)
    lines = _run_ompeval_table("bench_evaluate.py", {"OMPEVAL_BENCH": str(fake)})
    rows = [line for line in lines if "OMPEval from source (ombench)" in line]
    assert len(rows) == 3 * len(_kernels()), "\n".join(lines)  # 7, 6 and 5 cards, every kernel
    assert all(re.search(r"\(ombench\)\s+200\.0 M/s\s+200\.0 M/s-200\.0 M/s\s+\d+\.\d\dx$", line) for line in rows), \
        "\n".join(rows)


def _kernels() -> tuple[str, ...]:
    from fastholdem.evaluate import eval_kernels_supported

    return tuple(eval_kernels_supported())
