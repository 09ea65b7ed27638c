"""What the text sites write alike: cards in brackets, and the betting verbs of the colon formats.

PokerStars, GGPoker, Winamax, 888 and PartyPoker all put cards in brackets (``[Ah Kd]``,
``[ 8h, Kd ]``) and a street's new cards in its line's last bracket. PokerStars, GGPoker and
Winamax also share their betting verbs: ``folds``, ``checks``, ``calls X`` (what the call adds),
``bets X`` and ``raises X to Y`` (the street total it reaches).

>>> cards("[ 8h, Kd ]"), board("*** TURN *** [Qs 8d 3c] [Jh]")
('8hKd', ['Jh'])
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from .model import SiteHand

__all__ = ["BRACKET", "cards", "board", "bet_verb", "table_line"]

#: The text in each pair of brackets of a line.
BRACKET = re.compile(r"\[([^\]]*)\]")


def cards(text: str) -> str:
    """Cards written with spaces and/or commas (brackets around them or not), as one string.

    >>> cards("Ah Kd"), cards("[ 2h, 8c, 5c ]")
    ('AhKd', '2h8c5c')
    """
    return "".join(text.strip("[] ").replace(",", " ").split())


def board(line: str) -> list[str]:
    """The cards in the last bracket of a street line, one by one.

    >>> board("** Dealing flop ** [ Jc, Kc, 3c ]")
    ['Jc', 'Kc', '3c']
    """
    found = BRACKET.findall(line)
    flat = cards(found[-1]) if found else ""
    return [flat[i:i + 2] for i in range(0, len(flat), 2)]


def bet_verb(hand: SiteHand, street: int, name: str, verb: str, amount: Callable[[str], Decimal]) -> bool:
    """Apply ``verb`` (the line after ``NAME``) when it is a betting verb; False when it is not.

    A fold may show the cards folded (``folds [Ah Kd]``): they are kept as the hole cards.

    >>> h = SiteHand("Demo", "1", 1, sb=Decimal(1), bb=Decimal(2), button=1)
    >>> h.seat(1, "ann", Decimal(50)); h.seat(2, "bob", Decimal(50))
    >>> h.post("ann", "sb", Decimal(1)); h.post("bob", "bb", Decimal(2))
    >>> bet_verb(h, 0, "ann", "raises 4 to 6", Decimal), bet_verb(h, 0, "bob", "calls 4", Decimal)
    (True, True)
    >>> bet_verb(h, 0, "bob", "shows [Ah Kd]", Decimal), h.put
    (False, {'ann': Decimal('6'), 'bob': Decimal('6')})
    """
    word, _, arg = verb.partition(" ")
    if word == "folds":
        shown = cards(BRACKET.findall(arg)[-1]) if "[" in arg and BRACKET.search(arg) else ""
        if len(shown) == 4:
            hand.holes.setdefault(name, shown)
        hand.act(street, name, "f")
    elif word == "checks":
        hand.act(street, name, "x")
    elif word == "calls":
        hand.act(street, name, "c", amount(arg))
    elif word == "bets":
        hand.act(street, name, "b", amount(arg), by=True)
    elif word == "raises":
        hand.act(street, name, "b", amount(arg.partition(" to ")[2]))
    else:
        return False
    return True


def table_line(hand: SiteHand, match: re.Match[str] | None) -> bool:
    """Take a matched table line (groups ``name``, ``button`` and optional ``max``); False on no match.

    >>> line = re.compile(r"Table '(?P<name>.*)' (?P<max>[0-9]+)-max Seat #(?P<button>[0-9]+)")
    >>> m = line.match("Table 'T' 6-max Seat #2")
    >>> h = SiteHand("Demo", "1", 1)
    >>> table_line(h, m), h.table, h.button, h.seat_count
    (True, 'T', 2, 6)
    """
    if match is None:
        return False
    hand.table = match.group("name")
    hand.button = int(match.group("button"))
    if match.group("max"):
        hand.seat_count = int(match.group("max"))
    return True
