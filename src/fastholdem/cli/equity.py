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
import math
import time
from typing import Any

from .._validate import check_output_path
from ._args import int_arg, real_arg, threads_arg
from ._report import CliError, note, wrote

__all__ = ["register", "check_plotting", "FLAGS"]


FLAGS = {"trials": "--trials", "stderr": "--stderr", "exact": "--exact", "threads": "--threads",
         "seed": "--seed", "board": "--board", "dead": "--dead", "by_combo": "--by-hand",
         "next_card": "--by-next-card"}
"""The library's argument names and the flags that set them (error messages name the flags)."""

_PILOT_TRIALS = 250_000
"""Trials of the pilot run that estimates how long ``--stderr`` will take (tens of milliseconds:
enough that its fixed start-up cost does not swamp the per-deal time)."""
_WARN_SECONDS = 10.0
"""Estimated runs longer than this get a warning on stderr before they start."""


def _check_flags(args: argparse.Namespace) -> None:
    """Flag combinations the command refuses, named as flags (before any work)."""
    if args.exact and args.stderr is not None:
        raise CliError("--exact cannot be combined with --stderr: --stderr samples (Monte Carlo) until every "
                       "standard error is at most its value; drop one of them")


def _warn_duration(args: argparse.Namespace) -> None:
    """Before a ``--stderr`` run: estimate its trials and time from a short pilot run, and say
    on stderr when it will take long or cannot reach the target (whether or not stderr is a
    terminal)."""
    from ..equities import MAX_TRIALS, equity

    if not 0 < args.stderr < 1:  # no pilot: the run itself refuses the target, naming --stderr
        return
    cap = args.trials if args.trials is not None else MAX_TRIALS
    pilot_trials = min(_PILOT_TRIALS, cap)
    pilot = equity(args.players, board=args.board, dead=args.dead, trials=pilot_trials, seed=args.seed,
                   threads=args.threads, progress=False)
    worst = float(max(pilot.stderr))
    if worst <= args.stderr or pilot.exact:
        return
    needed = pilot.deals * (worst / args.stderr) ** 2  # the standard error falls as 1/sqrt(deals)
    deals = min(needed, cap)
    seconds = pilot.elapsed / max(pilot.deals, 1) * deals
    if needed > cap:
        limit = "the --trials limit" if args.trials is not None else "the most a run samples"
        note(f"warning: --stderr {args.stderr:g} needs about {needed:.2g} deals, more than {limit} "
             f"({cap:.3g}): the run stops there, in about {_duration(seconds)}, without reaching the target")
    elif seconds > _WARN_SECONDS:
        note(f"warning: --stderr {args.stderr:g} needs about {needed:.2g} deals: about {_duration(seconds)}")


def _duration(seconds: float) -> str:
    """``"13 minutes"``-style text for an estimated time.

    >>> _duration(42), _duration(780), _duration(2e5)
    ('42 seconds', '13 minutes', '2.3 days')
    """
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 2 * 86400:
        return f"{seconds / 3600:.1f} hours"
    return f"{seconds / 86400:.1f} days"


_VS_RANDOM_FROM = 3
"""From this many random opponents of one hand on, ``--exact`` counts with
:func:`fastholdem.vs_random_equities` (fewer: :func:`fastholdem.equity` counts it exactly,
with the win and tie split)."""


def _vs_random_spot(args: argparse.Namespace) -> tuple[int, list[int]] | None:
    """``(hero index, hand)`` when ``--exact`` asks for one hand against three or more random
    hands on this machine: the general exact path would have to list every assignment of
    their hands, which :func:`fastholdem.vs_random_equities` counts without listing."""
    from ..equities.quick import hero_against_random

    if not args.exact or args.scheduler or len(args.players) - 1 < _VS_RANDOM_FROM:
        return None
    return hero_against_random(args.players)


def _deals_vs_random(live: int, missing: int, opponents: int) -> int:
    """Deals counted by one hand against ``opponents`` random hands: every completion of the
    board (``missing`` cards from ``live``) times every ordered deal of the opponents' hands
    from the cards left.

    >>> _deals_vs_random(47, 2, 1)          # AhKd against one random hand on a flop
    1070190
    """
    deals = math.comb(live, missing)
    left = live - missing
    for i in range(opponents):
        deals *= math.comb(left - 2 * i, 2)
    return deals


def _cmd_vs_random(args: argparse.Namespace, hero: int, hand: list[int]) -> int:
    """``fastholdem equity HAND random random random ... --exact``: the exact equity of the hand
    against the random hands from :func:`fastholdem.vs_random_equities`; each random hand's is
    the rest shared evenly (they are alike). That count gives no win and tie split, so the
    flags that need one are refused."""
    from .. import vs_random_equities
    from ..cards import cards_str, parse_cards

    refused = (("--by-hand", args.by_hand), ("--by-next-card", args.by_next_card), ("--plot", args.plot))
    for flag, given in refused:
        if given:
            raise CliError(f"{flag} is not available for one hand's exact equity against "
                           f"{len(args.players) - 1} random hands (it counts the equity only, without the "
                           "win and tie split or per-hand tables); drop --exact to sample instead")
    opponents = len(args.players) - 1
    board, dead = parse_cards(args.board), parse_cards(args.dead)
    if not board and opponents >= 4 and not args.quiet:
        note(f"counting every preflop deal against {opponents} random hands exactly: tens of seconds")
    start = time.perf_counter()
    hero_equity = float(vs_random_equities(hand, board, dead, opponents=opponents, threads=args.threads)[-1])
    elapsed = time.perf_counter() - start
    each = (1.0 - hero_equity) / opponents
    labels = [p.strip() for p in args.players]
    labels[hero] = cards_str(hand)
    equities = [each] * len(labels)
    equities[hero] = hero_equity
    live = 52 - 2 - len(board) - len(dead)
    deals = _deals_vs_random(live, 5 - len(board), opponents)
    if args.json:
        data = {"players": [{"hand": p, "equity": e, "win": None, "tie": None, "stderr": 0.0}
                            for p, e in zip(labels, equities)],
                "board": cards_str(board), "dead": cards_str(dead), "exact": True, "deals": deals,
                "seed": None, "elapsed": elapsed}
        print(json.dumps(data, indent=2))
        return 0
    width = max(6, *(len(p) for p in labels))
    lines = [f"{'player':<{width}}  {'equity':>8}"]
    lines += [f"{p:<{width}}  {e:8.4%}" for p, e in zip(labels, equities)]
    context = f"board {cards_str(board) or '-'}" + (f", dead {cards_str(dead)}" if dead else "")
    lines.append(f"{context}; exact: {deals:,} deals counted in {elapsed:.3f} s (against {opponents} random "
                 "hands the count gives each player's equity, without the win and tie split)")
    print("\n".join(lines))
    return 0


def _cmd_equity(args: argparse.Namespace) -> int:
    from ..equities import equity

    _check_flags(args)
    spot = _vs_random_spot(args)
    if spot is not None:
        return _cmd_vs_random(args, *spot)
    exact = True if args.exact else (False if args.trials is not None or args.stderr is not None else None)
    progress = None if not args.quiet else False
    if args.plot:
        check_output_path(args.plot)  # before the work, not after it
        check_plotting()
    if args.stderr is not None:
        _warn_duration(args)
    if args.scheduler:  # on a Dask cluster: the same result
        from .. import dask as cluster

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
                  f"after {result.deals:,} deals{limit}")
        if args.by_hand:
            print(f"\n{result.by_hand_text()}")
        if by_card is not None:
            print()
            print(by_card)
    if args.plot:
        _plot_equity(by_card if by_card is not None else result, args.plot)
    return 0


def check_plotting() -> None:
    """Raise ImportError (naming ``pip install ".[plot]"``) when matplotlib is missing,
    before any work is done.

    >>> check_plotting()            # matplotlib is installed here: nothing happens
    """
    from ..plot._backend import pyplot

    pyplot()


def _plot_equity(result: object, path: str) -> None:
    """Write a bar chart of the equities (or of the equity by next card) to ``path`` (needs
    matplotlib) and say where on stderr."""
    from ..analysis.outs import NextCardResult
    from ..equities import EquityResult
    from ..plot import equity_bars, next_card, save

    if isinstance(result, NextCardResult):
        fig = next_card(result)
    else:
        assert isinstance(result, EquityResult)
        fig = equity_bars(result)
    wrote(save(fig, path))


def register(sub: Any) -> None:
    """Add the ``equity`` command to the ``fastholdem`` subparsers ``sub``.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="fastholdem")
    >>> register(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["equity", "AhKh", "random", "--stderr", "0.01"])
    >>> args.command, args.stderr
    ('equity', 0.01)
    """
    eq = sub.add_parser(
        "equity", help="equity of 2-10 hands or ranges (exact or Monte Carlo)",
        description="Equity of each player, e.g.: fastholdem equity AhKh QsQd --board Td7c2s; "
                    "quote ranges: fastholdem equity \"AKs,QQ+\" random",
    )
    eq.add_argument("players", nargs="+", help="2-10 hands (AhKh) or ranges (\"AKs,QQ+\", random)")
    eq.add_argument("--board", help="0, 3, 4 or 5 board cards, e.g. Td7c2s")
    eq.add_argument("--dead", help="dead cards, e.g. 3h")
    mode = eq.add_mutually_exclusive_group()
    mode.add_argument("--exact", action="store_true",
                      help="enumerate every deal: every board for every assignment of range hands")
    mode.add_argument("--trials", type=int_arg,
                      help="Monte Carlo with this many trials, i.e. deals sampled (e.g. 1000000 or 1e6)")
    eq.add_argument("--stderr", type=real_arg,
                    help="Monte Carlo until every standard error is at most this (warns first when that "
                         "will take long)")
    eq.add_argument("--seed", type=int_arg, help="Monte Carlo seed (reproducible for any --threads)")
    eq.add_argument("--threads", type=threads_arg, help="threads to use (default: all cores)")
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
                         "(needs the dask extra; --threads is then per chunk, default 1)")
    eq.set_defaults(func=_cmd_equity, flags=FLAGS)
