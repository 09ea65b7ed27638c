"""The ``simulate`` and ``play`` subcommands of the ``fastholdem`` command line.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="fastholdem")
>>> register(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["simulate", "--players", "3", "--policy", "random,station"])
>>> args.players, args.policy
(3, ['random,station'])
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import sys
from typing import Any

from .._validate import echo, output_file
from ..errors import ConfigError
from ..game.config import GameConfig, Structure
from ..simulation.run import BLOCK_HANDS
from ._args import int_arg
from ._report import note

__all__ = ["register", "parse_structure", "parse_blinds", "parse_stack", "stack_chips", "make_config",
           "FLAGS"]

FLAGS = {"hands": "--hands", "stacks": "--stack", "stack": "--stack", "seed": "--seed", "ante": "--ante",
         "block_hands": "--block-hands", "players": "--players", "big_blind": "--blinds",
         "small_blind": "--blinds"}
"""The library's argument names and the flags that set them (error messages name the flags)."""

_STRUCTURES = {
    "nl": Structure.NO_LIMIT, "no-limit": Structure.NO_LIMIT, "nolimit": Structure.NO_LIMIT,
    "pl": Structure.POT_LIMIT, "pot-limit": Structure.POT_LIMIT, "potlimit": Structure.POT_LIMIT,
    "fl": Structure.LIMIT, "limit": Structure.LIMIT, "fixed-limit": Structure.LIMIT, "lhe": Structure.LIMIT,
}


def parse_structure(text: str) -> Structure:
    """``nl``/``pl``/``fl`` (or ``no-limit``, ``pot-limit``, ``limit``) to a :class:`Structure`.

    >>> parse_structure("fl")
    <Structure.LIMIT: 'limit'>
    """
    try:
        return _STRUCTURES[text.strip().lower()]
    except KeyError:
        raise argparse.ArgumentTypeError(f"unknown structure {echo(text)}: use nl, pl or fl") from None


def parse_blinds(text: str) -> tuple[int, int]:
    """``"1/2"`` to ``(1, 2)``.

    >>> parse_blinds("5/10")
    (5, 10)
    """
    parts = text.split("/")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"blinds look like 1/2, got {echo(text)}")
    return int(parts[0]), int(parts[1])


def parse_stack(text: str) -> tuple[int, bool]:
    """``--stack``: ``"200"`` is 200 chips, ``"100bb"`` is 100 big blinds; returns
    ``(number, in_big_blinds)``.

    >>> parse_stack("250"), parse_stack("100bb"), parse_stack("40BB")
    ((250, False), (100, True), (40, True))
    """
    body = text.strip().lower()
    big_blinds = body.endswith("bb")
    number = body[:-2].strip() if big_blinds else body
    try:
        value = int_arg(number)
    except argparse.ArgumentTypeError:
        value = 0
    if value <= 0:
        raise argparse.ArgumentTypeError(
            f"a stack is a positive number of chips (200) or of big blinds (100bb), got {echo(text)}")
    return value, big_blinds


def stack_chips(stack: tuple[int, bool] | None, cfg: GameConfig) -> int:
    """The starting stack in chips of ``--stack`` (default 100 big blinds).

    >>> cfg = make_config(Structure.NO_LIMIT, (1, 2))
    >>> stack_chips((100, True), cfg), stack_chips((150, False), cfg), stack_chips(None, cfg)
    (200, 150, 200)
    """
    value, big_blinds = stack if stack is not None else (100, True)
    return value * cfg.big_blind if big_blinds else value


def make_config(structure: Structure, blinds: tuple[int, int], ante: int = 0) -> GameConfig:
    """The game of the command line: fixed-limit bets are the big blind and twice it (R14, R26).

    >>> make_config(Structure.LIMIT, (1, 2)).bet_sizes, make_config(Structure.NO_LIMIT, (5, 10), 1).ante
    ((2, 2, 4, 4), 1)
    """
    return GameConfig(structure, small_blind=blinds[0], big_blind=blinds[1], ante=ante)


def _policies(specs: list[str] | None, players: int) -> list[str]:
    names = [p.strip() for spec in (specs or ["random"]) for p in spec.split(",")]
    if "" in names:
        raise ConfigError(f"empty policy name in {echo(','.join(specs or []))}: give names such as "
                          "random,tight separated by single commas")
    if len(names) > players:
        raise ConfigError(f"{len(names)} policies for {players} players")
    # Fewer names than seats: the list repeats around the table.
    return [names[k % len(names)] for k in range(players)]


def _cmd_simulate(args: argparse.Namespace) -> int:
    from ..simulation.run import simulate

    cfg = make_config(args.structure, args.blinds, args.ante)
    policies = _policies(args.policy, args.players)
    options: dict[str, Any] = {"config": cfg, "stacks": stack_chips(args.stack, cfg), "seed": args.seed,
                               "carry_stacks": args.carry_stacks, "progress": args.progress,
                               "block_hands": args.block_hands, "engine": args.engine}
    with contextlib.ExitStack() as context:
        run: Any = simulate
        if args.scheduler:  # the same blocks on a Dask cluster: the same result
            from .. import dask as cluster

            client = context.enter_context(cluster.connect(args.scheduler))
            run = functools.partial(cluster.simulate, client=client)
        if args.phh:
            # Renamed into place when every hand is written: an error or Ctrl-C leaves no partial session.
            options["phh"] = context.enter_context(output_file(args.phh))
            if args.engine != "hand":
                from ..simulation.vector_block import plays_in_c

                if plays_in_c(policies):
                    note("with --phh the random/station-only blocks are stepped from Python instead of "
                         "played in C: other hands than without --phh")
        result = run(policies, args.hands, **options)
    if args.hands == 0:
        note("nothing simulated: --hands 0 plays no hand")
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(result)
    return 0


def _cmd_play(args: argparse.Namespace) -> int:
    from ..simulation.play import play_game

    cfg = make_config(args.structure, args.blinds, args.ante)
    if not 2 <= args.players <= 10:
        raise ConfigError(f"a table seats 2 to 10 players (R10), got {args.players}")
    bots = _policies(args.bots, args.players - 1) if args.bots else [
        ("tight", "random")[k % 2] for k in range(args.players - 1)
    ]
    play_game(sys.stdin, sys.stdout, opponents=bots, config=cfg, stack=stack_chips(args.stack, cfg),
              seed=args.seed, hands=args.hands)
    return 0


def _common(p: argparse.ArgumentParser, players: int) -> None:
    p.add_argument("--players", type=int_arg, default=players,
                   help=f"players at the table, 2-10 (default {players})")
    p.add_argument("--structure", type=parse_structure, default=Structure.NO_LIMIT,
                   help="nl (no limit, default), pl (pot limit) or fl (fixed limit)")
    p.add_argument("--blinds", type=parse_blinds, default=(1, 2), help="small/big blind (default 1/2)")
    p.add_argument("--ante", type=int_arg, default=0, help="ante of every player (default 0)")
    p.add_argument("--stack", type=parse_stack, default=None, metavar="CHIPS|Nbb",
                   help="starting stack of every player: chips (200) or big blinds (100bb); default 100bb")
    p.add_argument("--seed", type=int_arg, default=None, help="seed: the same seed plays the same hands")


def register(subparsers: Any) -> None:
    """Add the ``simulate`` and ``play`` subcommands to the ``fastholdem`` parser.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="fastholdem")
    >>> register(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["simulate", "--players", "3", "--hands", "1000",
    ...                           "--policy", "tight,random"])
    >>> args.command, args.players, args.hands, args.policy
    ('simulate', 3, 1000, ['tight,random'])
    """
    sim = subparsers.add_parser(
        "simulate", help="play many hands between policies and report results per seat",
        description="Play hands between built-in policies at one table and report, per seat, chips won "
                    "per 100 hands with a 95% confidence interval, the showdown rate and the categories "
                    "of winning hands. Example: fastholdem simulate --players 6 --hands 100000 "
                    "--structure nl --seed 1 --policy tight,random",
    )
    _common(sim, 6)
    sim.add_argument("--hands", type=int_arg, default=10000, help="hands to play (default 10000)")
    sim.add_argument("--policy", action="append", metavar="NAMES",
                     help="random, station or tight; comma-separated or repeated, one per seat, "
                          "repeating around the table (default random)")
    sim.add_argument("--carry-stacks", action="store_true",
                     help="carry stacks from hand to hand (busted players rebuy) instead of resetting them")
    sim.add_argument("--phh", metavar="FILE", help="write every hand to FILE as a PHH session (.phhs)")
    sim.add_argument("--json", action="store_true", help="print JSON")
    sim.add_argument("--block-hands", type=int_arg, default=BLOCK_HANDS,
                     help=f"hands per seeded block (default {BLOCK_HANDS}); the same seed and block size "
                          "give the same numbers everywhere")
    sim.add_argument("--engine", choices=("auto", "vector", "hand"), default="auto",
                     help="auto (default): the vector engine (fastholdem.vector) for the built-in "
                          "policies; hand: the Hand engine (fastholdem.game), one hand at a time")
    sim.add_argument("--scheduler", metavar="ADDRESS",
                     help="play the blocks on a Dask cluster: tcp://HOST:8786, or local:N for N local "
                          "worker processes (needs the dask extra)")
    bar = sim.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="always draw the progress bar on stderr")
    bar.add_argument("--no-progress", dest="progress", action="store_false", help="never draw it")
    sim.set_defaults(func=_cmd_simulate, flags=FLAGS)

    play = subparsers.add_parser(
        "play", help="play against the built-in bots in the terminal",
        description="Play hold'em against bots. Commands: f fold, k check, c check/call, b N / r N bet or "
                    "raise to N, b min / r min the minimum bet or raise, a all-in, 2x 3x 33% 50% pot "
                    "sizing presets, pre ... a pre-action for your next turn (pre f, pre k, pre kf "
                    "check/fold, pre c N, pre c any, pre r N, pre off), ? help, q quit.",
    )
    _common(play, 3)
    play.add_argument("--hands", type=int_arg, default=0,
                      help="hands to play (default 0: until you quit or bust)")
    play.add_argument("--bots", action="append", metavar="NAMES",
                      help="policies of the bots: random, station or tight (default tight,random)")
    play.set_defaults(func=_cmd_play, flags=FLAGS)

