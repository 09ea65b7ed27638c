"""The ``equity`` subcommand: equity of 2-10 hands or ranges, exact or Monte Carlo.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="fastholdem")
>>> register(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["equity", "AhKh", "QsQd", "--trials", "1e6"])
>>> args.players, args.trials
(['AhKh', 'QsQd'], 1000000)
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .._validate import check_output_path
from ._args import int_arg, real_arg

__all__ = ["register"]


def _cmd_equity(args: argparse.Namespace) -> int:
    from ..equities import equity

    # equity() refuses exact=True with trials or stderr (ValueError, reported by main).
    exact = True if args.exact else (False if args.trials is not None or args.stderr is not None else None)
    progress = None if not args.quiet else False
    if args.plot:
        check_output_path(args.plot)  # before the work, not after it
    if args.scheduler:  # on a Dask cluster: the same result
        try:
            from .. import dask as cluster
        except ImportError as exc:
            raise SystemExit(f"fastholdem: {exc}") from exc
        with cluster.connect(args.scheduler) as client:
            result = cluster.equity(args.players, board=args.board, dead=args.dead, exact=exact,
                                    trials=args.trials, stderr=args.stderr, seed=args.seed,
                                    threads=args.threads, progress=progress, by_combo=bool(args.by_hand),
                                    client=client)
    else:
        result = equity(args.players, board=args.board, dead=args.dead, exact=exact, trials=args.trials,
                        stderr=args.stderr, seed=args.seed, threads=args.threads, progress=progress,
                        by_combo=bool(args.by_hand))
    by_card = None
    if args.by_next_card:
        from ..analysis.outs import next_card

        by_card = next_card(args.players, board=args.board, dead=args.dead, threads=args.threads)
    data = result.to_dict(by_combo=bool(args.by_hand))
    worst = max((p["stderr"] for p in data["players"]), default=0.0)
    if args.stderr is not None:
        # --trials caps the run: say so when it stopped before the standard-error target.
        data["stderr_target"], data["stderr_target_met"] = args.stderr, bool(worst <= args.stderr)
    if args.json:
        if by_card is not None:
            data["by_next_card"] = by_card.to_dict()
        print(json.dumps(data, indent=2))
    else:
        print(result)
        if args.stderr is not None and worst > args.stderr:
            limit = " (the --trials limit)" if args.trials is not None else ""
            print(f"stderr target {args.stderr:g} not met: the largest standard error is {worst:.4%} "
                  f"after {result.deals:,} trials{limit}")
        if args.by_hand:
            print(f"\n{result.by_hand_text()}")
        if by_card is not None:
            print()
            print(by_card)
    if args.plot:
        _plot_equity(by_card if by_card is not None else result, args.plot)
    return 0


def _plot_equity(result: object, path: str) -> None:
    """Write a bar chart of the equities (or of the equity by next card) to ``path`` (needs
    matplotlib) and say where on stderr."""
    try:
        from ..plot import equity_bars, next_card, save
    except ImportError as exc:  # optional dependency
        raise SystemExit(f"fastholdem equity --plot: {exc}") from exc
    from ..equities import EquityResult
    from ..analysis.outs import NextCardResult

    if isinstance(result, NextCardResult):
        fig = next_card(result)
    else:
        assert isinstance(result, EquityResult)
        fig = equity_bars(result)
    print(f"fastholdem: wrote {save(fig, path)}", file=sys.stderr)


def register(sub: Any) -> None:
    """Add the ``equity`` command to the ``fastholdem`` subparsers ``sub``."""
    eq = sub.add_parser(
        "equity", help="equity of 2-10 hands or ranges (exact or Monte Carlo)",
        description="Equity of each player, e.g.: fastholdem equity AhKh QsQd --board Td7c2s; "
                    "quote ranges: fastholdem equity \"AKs,QQ+\" random",
    )
    eq.add_argument("players", nargs="+", help="2-10 hands (AhKh) or ranges (\"AKs,QQ+\", random)")
    eq.add_argument("--board", help="0, 3, 4 or 5 board cards, e.g. Td7c2s")
    eq.add_argument("--dead", help="dead cards, e.g. 3h")
    mode = eq.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true", help="enumerate every board (and range assignment)")
    mode.add_argument("--trials", type=int_arg, help="Monte Carlo with this many trials (e.g. 1000000 or 1e6)")
    eq.add_argument("--stderr", type=real_arg, help="Monte Carlo until every standard error is at most this")
    eq.add_argument("--seed", type=int_arg, help="Monte Carlo seed (reproducible for any --threads)")
    eq.add_argument("--threads", type=int_arg, help="threads to use (default: all cores)")
    eq.add_argument("--json", action="store_true", help="print JSON")
    eq.add_argument("--plot", metavar="PNG", help="also write a bar chart of the equities, or with --by-next-card "
                                                  "of the first player's equity by next card (needs matplotlib)")
    eq.add_argument("--by-next-card", action="store_true",
                    help="also each player's exact equity after every possible next card (flop or turn board)")
    eq.add_argument("--by-hand", action="store_true",
                    help="also each range's combos, sorted by equity (in --json: a \"combos\" list per player)")
    eq.add_argument("--quiet", action="store_true", help="no progress bar")
    eq.add_argument("--scheduler", metavar="ADDRESS",
                    help="run on a Dask cluster: tcp://HOST:8786, or local:N for N local worker processes "
                         "(needs fastholdem[dask]; --threads is then per chunk, default 1)")
    eq.set_defaults(func=_cmd_equity)
