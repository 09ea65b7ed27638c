"""Winamax hand histories (cash games and tournaments) read into a SiteHand.

Winamax writes ``NAME verb`` without a colon, amounts with the currency after them
(``0.50€``), a total pot after rake, and no line for an uncalled bet: the bettor's
``collected`` includes it.

>>> text = '''Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.50€/1€) - 2013/10/24 03:51:47 UTC
... Table: 'Gold' 2-max (real money) Seat #2 is the button
... Seat 1: ann (100€)
... Seat 2: bob (100€)
... *** ANTE/BLINDS ***
... bob posts small blind 0.50€
... ann posts big blind 1€
... *** PRE-FLOP ***
... bob raises 1.50€ to 2.50€
... ann folds
... bob collected 3.50€ from pot
... *** SUMMARY ***
... Total pot 3.50€ | No rake'''
>>> hand = parse(text.splitlines(), 1)
>>> hand.finishing("bob"), hand.finishing("ann")
(Decimal('101.00'), Decimal('99'))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from ...errors import HandHistoryError
from .model import SiteHand, SkipHand, incomplete, stamp
from .money import amount as _amount
from .text import BRACKET as _BOARD
from .text import bet_verb, board, cards, table_line

__all__ = ["parse", "START", "SITE"]

SITE = "Winamax"
#: The first line of every Winamax hand.
START = re.compile(r"^\ufeff?Winamax Poker - ")

_HEADER = re.compile(r"^\ufeff?Winamax Poker - (?P<kind>.*?) - HandId: #(?P<id>[0-9-]+) - (?P<game>.*?) "
                     r"\((?P<stakes>[^()]*)\) - ")
_TABLE = re.compile(r"^Table: '(?P<name>.*)' (?:(?P<max>[0-9]+)-max )?.*?"
                    r"Seat #(?P<button>[0-9]+) is the button")
_SEAT = re.compile(r"^Seat (?P<num>[0-9]+): (?P<name>.+) \((?P<stack>[^(),]+)(?:, [^()]*)?\)\s*(?P<tail>.*)$")
_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
_TOTAL = re.compile(r"^Total pot (?P<total>\S+)(?P<pots>.*?)\| (?:No rake|Rake (?P<rake>\S+))")
_NOISE = re.compile(r"^(?:Board: .*|Seat [0-9]+: .*|.* (?:joins the table|leaves the table|is sitting out|"
                    r"sits out|is disconnected|is connected|has timed out|will be allowed to play.*|"
                    r"said, .*|finished the tournament.*|wins the tournament.*|is back|is out))\s*$")
_GAMES = {"Holdem no limit": "NT", "Holdem pot limit": "PT", "Holdem fixed limit": "FT", "Holdem limit": "FT"}


def amount(text: str) -> Decimal:
    """An amount as Winamax writes it (``0.50€``, ``1 000``, ``12,50€``)."""
    comma = "," in text and "." not in text and len(text.split(",")[-1].rstrip("€")) <= 2
    return _amount(text, decimal="," if comma else ".")


def parse(lines: Sequence[str], first_line: int) -> SiteHand:
    """Read one Winamax hand (its lines, the header first); ``first_line`` is its line number.

    Raises
    ------
    SkipHand
        Another game than hold'em.
    HandHistoryError
        Anything that does not read: the message gives the line number and text.

    Examples
    --------
    >>> text = '''Winamax Poker - CashGame - HandId: #5-4-13 - Holdem no limit (10€/20€) - 2013/11/07 09:26 UTC
    ... Table: 'Cardiff' 5-max (real money) Seat #1 is the button
    ... Seat 1: ann (800€)
    ... Seat 4: bob (2000€)
    ... *** ANTE/BLINDS ***
    ... ann posts small blind 10€
    ... bob posts big blind 20€
    ... *** PRE-FLOP ***
    ... ann folds
    ... bob collected 30€ from pot
    ... *** SUMMARY ***
    ... Total pot 30€ | No rake'''
    >>> hand = parse(text.splitlines(), 1)
    >>> hand.hand_id, hand.currency, hand.collected
    ('5-4-13', 'EUR', {'bob': Decimal('30')})
    """
    m = _HEADER.match(lines[0])
    if m is None:
        raise HandHistoryError("not a Winamax hand header")
    game = m.group("game")
    variant = _GAMES.get(game)
    if variant is None:
        raise SkipHand(f"other game: {game}")
    hand = SiteHand(SITE, m.group("id"), first_line, variant=variant)
    when = stamp(lines[0][m.end("stakes"):])
    if when is not None:
        hand.started, hand.zone = when
    parts = [amount(x) for x in m.group("stakes").split("/")]
    if len(parts) == 3:
        hand.ante, hand.sb, hand.bb = parts
    elif len(parts) == 2:
        hand.sb, hand.bb = parts
    else:
        raise HandHistoryError(f"line {first_line}: stakes {m.group('stakes')!r}")
    if variant == "FT":
        hand.small_bet, hand.big_bet = hand.bb, 2 * hand.bb
    if m.group("kind").startswith("Tournament"):
        t = re.search(r"\"(.*?)\"", m.group("kind"))
        hand.tournament = t.group(1) if t else m.group("kind")
    elif "€" in m.group("stakes"):
        hand.currency = "EUR"
    names: list[str] = []
    street = 0
    section = "seats"
    total_seen = False
    for k in range(1, len(lines)):
        line = lines[k].rstrip()
        where = first_line + k
        if not line:
            continue
        try:
            if section == "seats":
                if table_line(hand, _TABLE.match(line)):
                    continue
                sm = _SEAT.match(line)
                if sm is not None:
                    hand.seat(int(sm.group("num")), sm.group("name"), amount(sm.group("stack")), dealt=False)
                    names.append(sm.group("name"))
                    continue
                names.sort(key=len, reverse=True)
                section = "play"
            if line.startswith("*** "):
                head = line[4:line.find(" ***", 4)].strip()
                if head in _STREETS:
                    street = _STREETS[head]
                    hand.new_street(street, board(line))
                elif head == "SUMMARY":
                    section = "summary"
                elif head == "SHOW DOWN":
                    section = "showdown"
                elif head not in ("ANTE/BLINDS", "PRE-FLOP"):
                    raise HandHistoryError(f"unknown section {line!r}")
                continue
            if section == "summary":
                tm = _TOTAL.match(line)
                if tm is not None:
                    total_seen = True
                    hand.rake = amount(tm.group("rake")) if tm.group("rake") else Decimal(0)
                    hand.total_pot = amount(tm.group("total")) + hand.rake  # Winamax states it after rake
                    continue
                sm = re.match(r"^Seat [0-9]+: (.*?) (?:\([^()]*\) )*(?:showed|mucked) \[([^\]]*)\]", line)
                if sm is not None and sm.group(1) in hand.by_name and len(cards(sm.group(2))) == 4:
                    hand.holes.setdefault(sm.group(1), cards(sm.group(2)))
                    continue
                if _NOISE.match(line):
                    continue
                raise HandHistoryError(f"unrecognised summary line {line!r}")
            if line.startswith("Dealt to "):
                hand.dealt_to(line)
                continue
            name = next((n for n in names if line.startswith(n + " ")), None)
            if name is None:
                if _NOISE.match(line):
                    continue
                raise HandHistoryError(f"unrecognised line {line!r}")
            _action(hand, name, line[len(name) + 1:].strip(), street, section)
        except SkipHand:
            raise
        except HandHistoryError as exc:
            raise HandHistoryError(f"line {where}: {exc}") from None
    if not total_seen:
        raise incomplete("the hand ends before its summary (no total pot)")
    return hand


def _action(hand: SiteHand, name: str, verb: str, street: int, section: str) -> None:
    if verb.endswith(" and is all-in"):
        verb = verb[: -len(" and is all-in")]
    word, _, arg = verb.partition(" ")
    if bet_verb(hand, street, name, verb, amount):
        return
    if word == "posts":
        out = arg.endswith(" out of position")
        if out:
            arg = arg[: -len(" out of position")]
        if arg.startswith("ante "):
            hand.post(name, "ante", amount(arg[5:]))
        elif arg.startswith("small blind "):
            hand.post(name, "dead" if out else "sb", amount(arg[12:]))
        elif arg.startswith("big blind "):
            hand.post(name, "live" if out else "bb", amount(arg[10:]))
        else:
            raise HandHistoryError(f"unknown post {arg!r}")
    elif word == "shows":
        found = _BOARD.findall(arg)
        shown = cards(found[0]) if found else ""
        if len(shown) == 4:
            hand.holes[name] = shown
            if section == "showdown":
                hand.shows.append((name, shown))
    elif word == "mucks":
        hand.shows.append((name, None))
    elif word == "collected":
        hand.collect(name, amount(arg.split(" from ")[0]))
    elif word in ("doesn't", "is", "sits", "has", "will", "said,", "joins", "leaves"):
        return
    else:
        raise HandHistoryError(f"unknown action {verb!r} of {name!r}")
