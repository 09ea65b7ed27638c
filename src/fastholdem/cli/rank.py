"""The ``rank`` subcommand: value, category and description of a 5-7 card hand.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="fastholdem")
>>> register(parser.add_subparsers(dest="command"))
>>> parser.parse_args(["rank", "As", "Ks", "Qs", "Js", "Ts"]).cards
['As', 'Ks', 'Qs', 'Js', 'Ts']
"""

from __future__ import annotations

import argparse
import json
from typing import Any

__all__ = ["register"]


def _cmd_rank(args: argparse.Namespace) -> int:
    from ..cards import cards_str, parse_cards
    from ..evaluate import best_five, category, describe, evaluate

    cards = parse_cards(" ".join(args.cards))
    value = evaluate(cards)
    if args.json:
        print(json.dumps({"cards": cards_str(cards, " "), "value": value, "category": category(value).name,
                          "description": describe(value), "best_five": cards_str(best_five(cards), " ")}))
    else:
        print(f"value {value}  {category(value)}  {describe(value)}  (best five: {cards_str(best_five(cards), ' ')})")
    return 0


def register(sub: Any) -> None:
    """Add the ``rank`` command to the ``fastholdem`` subparsers ``sub``.

    >>> import argparse
    >>> parser = argparse.ArgumentParser(prog="fastholdem")
    >>> register(parser.add_subparsers(dest="command"))
    >>> args = parser.parse_args(["rank", "AsKsQsJsTs"])
    >>> args.command, args.cards
    ('rank', ['AsKsQsJsTs'])
    """
    rank = sub.add_parser("rank", help="value, category and description of a 5-7 card hand",
                          description="Evaluate one hand, e.g.: fastholdem rank As Ks Qs Js Ts 2c 3d")
    rank.add_argument("cards", nargs="+", help="5-7 cards, e.g. As Ks Qs Js Ts 2c 3d (or AsKsQsJsTs)")
    rank.add_argument("--json", action="store_true", help="print JSON")
    rank.set_defaults(func=_cmd_rank)
