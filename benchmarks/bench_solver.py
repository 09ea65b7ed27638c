"""The heads-up solver against postflop-solver (b-inary, AGPL; built outside the repository by
``../shared/peers/pfs_build.sh``) on the spot of postflop-solver's README: flop Td9d6h (turn
Qc, river 3s), pot 60, stacks 370, 50% bets and raises, target 0.5% of the pot.

The peer binary is named by the environment variable ``PFS_BENCH``; without it its rows say
"not configured". Each spot runs in a fresh process (peak memory is the process's maximum
resident set). Columns: iterations, exploitability reached (% of the pot), wall and CPU
seconds, peak RSS, OOP's EV (postflop-solver's convention). Ours runs twice, with float32 and
with 16-bit storage (``solve(storage="16bit")``). The flop spot runs only with
``--flop`` (the peer needs 1.75 GB there).

    python benchmarks/bench_solver.py [--quick] [--flop] [--threads N] [--target PCT]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

OOP = "22+,A2s+,A8o+,K7s+,K9o+,Q8s+,Q9o+,J8s+,J9o+,T8+,97+,86+,75+,64s+,65o,54,43s"
IP = "22+,A4s+,A9o+,K9s+,KTo+,Q9s+,QTo+,J9+,T9,98s,87s,76s,65s"
BOARDS = {"river": "Td9d6hQc3s", "turn": "Td9d6hQc", "flop": "Td9d6h"}

_CHILD = """
import json, resource, sys, time
import fastholdem as fh
board, target, threads, storage = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
w0, c0 = time.perf_counter(), time.process_time()
sol = fh.solve({oop!r}, {ip!r}, board, pot=60, stack=370, sizes="50%", target=target, threads=threads,
               storage=storage)
print(json.dumps({{"iterations": sol.iterations, "expl": sol.exploitability, "wall": time.perf_counter() - w0,
                  "cpu": time.process_time() - c0, "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "ev": sol.ev(0), "curve": sol.history}}))
"""


def ours(spot: str, target: float, threads: int, storage: str = "float32") -> dict[str, object]:
    code = _CHILD.format(oop=OOP, ip=IP)
    out = subprocess.run([sys.executable, "-c", code, BOARDS[spot], str(target), str(threads), storage],
                         capture_output=True, text=True, check=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def peer(spot: str, target: float, threads: int) -> dict[str, object] | None:
    binary = os.environ.get("PFS_BENCH")
    if not binary:
        return None
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    out = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", binary, spot, str(target)],
                         capture_output=True, text=True, check=True, env=env)
    row = json.loads(out.stdout.strip().splitlines()[-1])
    wall, user, system, kb = out.stderr.strip().splitlines()[-1].split()
    return {"iterations": row["iterations"], "expl": row["exploitability_pct_pot"], "wall": float(wall),
            "cpu": float(user) + float(system), "mb": float(kb) / 1024, "ev": row["oop_ev"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="the river spot only")
    ap.add_argument("--flop", action="store_true", help="add the flop spot (minutes, GBs)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--target", type=float, default=0.5)
    args = ap.parse_args()
    spots = ["river"] if args.quick else ["river", "turn"] + (["flop"] if args.flop else [])
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; threads {args.threads}; "
          f"target {args.target}% of the pot")
    print(f"{'spot':<8} {'solver':<16} {'iterations':>10} {'expl %pot':>10} {'wall s':>8} {'CPU s':>8} "
          f"{'peak MB':>8} {'OOP EV':>8}")
    for spot in spots:
        rows = [("fastholdem", ours(spot, args.target, args.threads)),
                ("fastholdem 16bit", ours(spot, args.target, args.threads, "16bit")),
                ("postflop-solver", peer(spot, args.target, args.threads))]
        for name, r in rows:
            if r is None:
                print(f"{spot:<8} {name:<16} {'not configured (set PFS_BENCH)':>56}")
                continue
            print(f"{spot:<8} {name:<16} {r['iterations']:>10} {r['expl']:>10.3f} {r['wall']:>8.2f} "
                  f"{r['cpu']:>8.2f} {r['mb']:>8.0f} {r['ev']:>8.2f}")
        curve = rows[0][1]["curve"] if rows[0][1] else []
        print(f"{'':<8} curve: " + ", ".join(f"{i}:{e:.2f}" for i, e in curve))  # type: ignore[union-attr]


if __name__ == "__main__":
    main()
