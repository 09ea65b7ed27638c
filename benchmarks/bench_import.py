"""Latency rows that the test suite must not time: ``import fastholdem`` and Ctrl-C.

* ``import fastholdem`` -- wall time of ``import fastholdem`` in a fresh interpreter that has
  already imported numpy (numpy is a hard dependency every NumPy user has paid for), median
  of ``--repeat`` runs after one warm-up run (which writes the bytecode cache). Same-run peer:
  ``import json`` timed the same way, in alternating rounds. The previous test budget was 50 ms.
* ``SIGINT -> KeyboardInterrupt`` -- seconds from a SIGINT to the KeyboardInterrupt of a long
  Monte Carlo ``equity`` call (2 threads); tests/test_interrupts.py checks that it is raised,
  this row how soon.

Usage::

    python benchmarks/bench_import.py [--repeat 9]
    python benchmarks/bench_import.py --quick    # a few seconds
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

_INTERRUPT = """
import os, signal, threading, time, json
from fastholdem import equity
fired = []
def fire():
    time.sleep(0.3)
    fired.append(time.perf_counter())
    os.kill(os.getpid(), signal.SIGINT)
threading.Thread(target=fire).start()
try:
    equity(["AhKh", "QsQd", "random"], trials=10**10, seed=1, threads=2, progress=False)
    print(json.dumps(None))
except KeyboardInterrupt:
    print(json.dumps(time.perf_counter() - fired[0]))
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # time the installed package, not the compiler
    return env


def _seconds(code: str) -> float:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=_env())
    return float(out.stdout.strip().splitlines()[-1])


def import_seconds(module: str) -> float:
    """One fresh interpreter: numpy imported first, then ``module`` timed."""
    return _seconds(f"import numpy, time; t = time.perf_counter(); import {module}; "
                    "print(time.perf_counter() - t)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=9)
    parser.add_argument("--quick", action="store_true", help="3 rounds and one interrupt (a few seconds)")
    args = parser.parse_args()
    if args.quick:
        args.repeat = 3
    import_seconds("fastholdem")  # warm-up
    ours, peer = [], []
    for _ in range(args.repeat):  # alternate rounds so that load hits both alike
        ours.append(import_seconds("fastholdem"))
        peer.append(import_seconds("json"))
    interrupt = [_seconds(_INTERRUPT) for _ in range(1 if args.quick else 3)]
    print(f"{'row':<34}{'median':>12}")
    print(f"{'import fastholdem (after numpy)':<34}{statistics.median(ours) * 1e3:>9.1f} ms")
    print(f"{'import json (same-run peer)':<34}{statistics.median(peer) * 1e3:>9.1f} ms")
    print(f"{'SIGINT -> KeyboardInterrupt':<34}{statistics.median(interrupt) * 1e3:>9.1f} ms")
    print(json.dumps({"import_ms": [round(x * 1e3, 2) for x in ours],
                      "interrupt_ms": [round(x * 1e3, 1) for x in interrupt]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
