"""The ``solve-report`` subcommand: an aggregate report over many flops
(:func:`fastholdem.solver.aggregate_report`), printed as a table and written as CSV.

The CSV is written whole or not at all (a temporary file renamed into place at the end), and
never over the ``--flops`` file it reads.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="fastholdem")
>>> register(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["solve-report", "AA,KK", "QQ", "--pot", "10", "--stack", "20", "--sample", "5"])
>>> args.flops, args.sample, args.path
('all', 5, '')
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from .._validate import check_output_path
from ._args import int_arg
from ._report import CliError, wrote
from .solve import FLAGS as SOLVE_FLAGS
from .solve import add_spot_options

__all__ = ["register", "read_flops"]

FLAGS = {**SOLVE_FLAGS, "flops": "--flops", "sample": "--sample", "seed": "--seed", "path": "--path",
         "output": "--output"}
"""The library's argument names and the flags that set them (error messages name the flags)."""


def read_flops(text: str) -> Any:
    """``--flops``: ``all``, flops separated by commas or spaces, or a file of one flop a line
    with an optional weight after a comma (the CSV this command writes reads back: its header
    and ``overall`` row are skipped).

    >>> read_flops("all"), read_flops("Td9d6h, AsKd2c")
    ('all', ['Td9d6h', 'AsKd2c'])
    """
    if text.strip().lower() == "all":
        return "all"
    if not os.path.isfile(text):
        listed = [f for f in text.replace(",", " ").split() if f]
        for f in listed:
            _check_flop(f)
        return listed
    flops: list[Any] = []
    with open(text, encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            cells = [c.strip() for c in line.split(",")]
            if not cells[0] or cells[0].startswith("#") or cells[0].lower() in ("flop", "overall"):
                continue
            _check_flop(cells[0], f"{text}: line {number}: ")
            if len(cells) == 1:
                flops.append(cells[0])
                continue
            try:
                flops.append((cells[0], float(cells[1])))
            except ValueError:
                raise CliError(f"--flops {text}: line {number}: the weight {cells[1]!r} is not a number") from None
    if not flops:
        raise CliError(f"--flops {text}: no flop in the file")
    return flops


def _check_flop(flop: str, where: str = "") -> None:
    from ..solver import canonical_flop

    try:
        canonical_flop(flop)
    except (ValueError, TypeError) as exc:
        raise CliError(f"--flops {where}{flop!r} is not a flop: {exc}") from None


def _cmd_solve_report(args: argparse.Namespace) -> int:
    inputs = [args.flops] if os.path.isfile(args.flops) else []
    outputs = [p for p in (args.output, args.plot) if p]
    for p in outputs:
        check_output_path(p, inputs)
    if args.output and args.plot and os.path.abspath(args.output) == os.path.abspath(args.plot):
        raise CliError("--output and --plot name the same file")
    if args.plot:
        from ..plot._backend import pyplot

        pyplot()  # matplotlib missing fails now, not after the solves
    flops = read_flops(args.flops)
    path = [a.strip() for a in args.path.split(",") if a.strip()]
    options = dict(pot=args.pot, stack=args.stack, sizes=args.sizes, target=args.target,
                   max_iterations=args.max_iterations, path=path, sample=args.sample, seed=args.seed,
                   progress=False if args.quiet else None)
    if args.scheduler:
        from .. import dask as cluster

        with cluster.connect(args.scheduler) as client:
            report = cluster.aggregate_report(args.oop, args.ip, flops, threads=args.threads, client=client,
                                              **options)
    else:
        from ..solver import aggregate_report

        report = aggregate_report(args.oop, args.ip, flops, threads=args.threads, **options)
    print(report.to_text())
    if args.output:
        report.write_csv(args.output)
        wrote(os.path.abspath(args.output))
    if args.plot:
        from ..plot import aggregate_bars, save

        wrote(save(aggregate_bars(report, sort=args.sort), args.plot))
    return 0


def register(sub: Any) -> None:
    """Add the ``solve-report`` command to the ``fastholdem`` subparsers ``sub``.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="fastholdem")
    >>> register(parser.add_subparsers(dest="command"))
    >>> parser.parse_args(["solve-report", "AA", "KK", "--pot", "10", "--stack", "10"]).flops
    'all'
    """
    cmd = sub.add_parser(
        "solve-report", help="solve a spot on many flops and report the action frequencies (aggregate report)",
        description="Solve the same heads-up spot on every flop of a set (the 1,755 distinct flops, a random "
                    "sample of them, or a list) and report the acting player's reach-weighted action "
                    "frequencies at one node, with each player's EV and equity there, e.g.: fastholdem "
                    "solve-report 'AA,KK,AK' 'QQ-TT,AQs' --pot 10 --stack 10 --sizes 100%% --sample 20 --seed 1 "
                    "-o report.csv")
    cmd.add_argument("oop", metavar="OOP", help="out-of-position range, e.g. 'AA,KK,AKs'")
    cmd.add_argument("ip", metavar="IP", help="in-position range")
    cmd.add_argument("--flops", default="all",
                     help="'all' (the 1,755 distinct flops, weighted by their counts, default), flops such as "
                          "'Td9d6h,AsKd2c', or a file of one flop a line with an optional ',weight'")
    cmd.add_argument("--sample", type=int_arg, help="a random sample of this many of the flops")
    cmd.add_argument("--seed", type=int_arg, help="seed of --sample")
    cmd.add_argument("--path", default="", help="flop actions to the node reported, comma-separated, e.g. "
                                                "'check' (IP after a check); default the root")
    add_spot_options(cmd)
    cmd.add_argument("-o", "--output", metavar="OUT.csv", help="write the table as CSV (the overall row last)")
    cmd.add_argument("--plot", metavar="PNG", help="also draw the frequencies per flop (needs matplotlib)")
    cmd.add_argument("--sort", default="high card",
                     help="order of the --plot bars: 'high card' (default), 'texture' or an action")
    cmd.add_argument("--quiet", action="store_true", help="no progress bar")
    cmd.add_argument("--scheduler", metavar="ADDRESS",
                     help="run on a Dask cluster: tcp://HOST:8786, or local:N for N local worker processes "
                          "(needs the dask extra; --threads is then per flop, default 1)")
    cmd.set_defaults(func=_cmd_solve_report, flags=FLAGS)
