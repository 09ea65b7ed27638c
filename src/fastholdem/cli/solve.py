"""The ``solve`` subcommand: a heads-up postflop spot solved by :func:`fastholdem.solve`.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="fastholdem")
>>> register(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["solve", "AA,KK", "QQ", "2c7d9hTsJs", "--pot", "10", "--stack", "20"])
>>> args.oop, args.ip, args.board, args.pot, args.sizes
('AA,KK', 'QQ', '2c7d9hTsJs', 10, '50%')
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..errors import ConfigError
from ._args import int_arg, real_arg, threads_arg

__all__ = ["add_spot_options", "register"]

FLAGS = {"max_iterations": "--max-iterations", "target": "--target", "threads": "--threads", "pot": "--pot",
         "stack": "--stack", "sizes": "--sizes", "board": "BOARD", "oop": "OOP", "ip": "IP",
         "add_allin": "--add-allin", "force_allin": "--force-allin", "merging": "--merging", "rake": "--rake",
         "rake_cap": "--rake-cap", "storage": "--storage"}
"""The library's argument names and the flags that set them (error messages name the flags)."""


def _cmd_solve(args: argparse.Namespace) -> int:
    from ..solver import solve

    sizes: str | dict[str, str] = args.sizes
    if args.size:
        sizes = {"all": args.sizes}
        for item in args.size:
            key, eq, text = item.partition("=")
            if not eq:
                raise ConfigError(f"--size: {item!r} must be KEY=SIZES, e.g. 'river ip bet=75%,a'")
            sizes[key.strip()] = text
    sol = solve(args.oop, args.ip, args.board, pot=args.pot, stack=args.stack, sizes=sizes, target=args.target,
                max_iterations=args.max_iterations, threads=args.threads, add_allin=args.add_allin,
                force_allin=args.force_allin, merging=args.merging, rake=args.rake, rake_cap=args.rake_cap,
                storage=args.storage)
    root = sol.node()
    freqs = root.frequencies()
    if args.save:
        sol.save(args.save)
    if args.json:
        print(json.dumps({"iterations": sol.iterations, "exploitability_pct_pot": sol.exploitability,
                          "ev": [sol.ev(0), sol.ev(1)], "root": freqs}))
    else:
        print(f"{sol.iterations} iterations, exploitability {sol.exploitability:.3f}% of the pot")
        print(f"EV: OOP {sol.ev(0):.2f}, IP {sol.ev(1):.2f}")
        print("OOP at the root: " + ", ".join(f"{a} {f:.1%}" for a, f in freqs.items()))
    return 0


def add_spot_options(cmd: Any) -> None:
    """The options of a spot's solve, shared by ``solve`` and ``solve-report``: ``--pot``,
    ``--stack``, ``--sizes``, ``--target``, ``--max-iterations`` and ``--threads``.

    >>> import argparse
    >>> parser = argparse.ArgumentParser()
    >>> add_spot_options(parser)
    >>> parser.parse_args(["--pot", "10", "--stack", "20"]).sizes
    '50%'
    """
    cmd.add_argument("--pot", type=int_arg, required=True, help="pot at the start (chips)")
    cmd.add_argument("--stack", type=int_arg, required=True, help="effective stack behind (chips)")
    cmd.add_argument("--sizes", default="50%", help="bet and raise sizes for everyone: %% of the pot, 2.5x (raises: "
                     "times the last bet), 40c (chips), e / 2e (geometric), a (all-in), e.g. '33%%,75%%,a' "
                     "(default 50%%)")
    cmd.add_argument("--target", type=real_arg, default=0.5, help="stop at this exploitability, %% of the pot")
    cmd.add_argument("--max-iterations", type=int_arg, default=1000, help="stop after this many iterations")
    cmd.add_argument("--threads", type=threads_arg, default=None, help="threads per solve (same answer for any count)")


def register(sub: Any) -> None:
    """Add the ``solve`` command to the ``fastholdem`` subparsers ``sub``.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="fastholdem")
    >>> register(parser.add_subparsers(dest="command"))
    >>> parser.parse_args(["solve", "AA", "KK", "2c7d9h", "--pot", "10", "--stack", "50"]).target
    0.5
    """
    cmd = sub.add_parser("solve", help="solve a heads-up postflop spot (Discounted CFR)",
                         description="Solve a heads-up postflop spot, e.g.: fastholdem solve 'AA,KK' 'QQ,AK' "
                                     "2c7d9hTsJs --pot 10 --stack 20")
    cmd.add_argument("oop", metavar="OOP", help="out-of-position range, e.g. 'AA,KK,AKs'")
    cmd.add_argument("ip", metavar="IP", help="in-position range")
    cmd.add_argument("board", metavar="BOARD", help="3, 4 or 5 board cards, e.g. Td9d6h")
    add_spot_options(cmd)
    cmd.add_argument("--size", action="append", metavar="KEY=SIZES",
                     help="sizes for some streets, players or kinds, over --sizes; repeatable: KEY names a street "
                          "(flop, turn, river), a player (oop, ip) and/or a kind (bet, raise, donk), e.g. "
                          "--size 'raise=2.5x' --size 'river ip bet=75%%,a' --size 'turn donk=25%%'")
    cmd.add_argument("--add-allin", type=real_arg, default=None,
                     help="add an all-in when the stack is at most this times the pot (default 1.5)")
    cmd.add_argument("--force-allin", type=real_arg, default=None,
                     help="a size becomes the all-in when the SPR after a call is at most this (default 0.15)")
    cmd.add_argument("--merging", type=real_arg, default=None,
                     help="merge sizes within this fraction of the pot (default 0.1)")
    cmd.add_argument("--rake", type=real_arg, default=None, help="rake rate, e.g. 0.05 (default 0)")
    cmd.add_argument("--rake-cap", type=real_arg, default=None, help="rake cap in chips (default: none)")
    cmd.add_argument("--storage", choices=["float32", "16bit"], default="float32",
                     help="regrets and strategy sums as float32 (default) or 16-bit, half the memory")
    cmd.add_argument("--save", metavar="FILE", help="save the solution to FILE (.npz)")
    cmd.add_argument("--json", action="store_true", help="print JSON")
    cmd.set_defaults(func=_cmd_solve, flags=FLAGS)
