"""888poker (Pacific, and skins such as LuckyAcePoker.com) hand histories read into a SiteHand.

The format is read by :mod:`.brackets`.

>>> START.match("***** 888poker Hand History for Game 349736402 *****") is not None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import brackets
from .model import SiteHand

__all__ = ["parse", "START", "SITE"]

SITE = "888"
#: The first line of every 888poker hand (``#Game No : N`` comes first in newer files).
START = re.compile(r"^\ufeff?(?:#Game No : [0-9]+\s*$|\*\*\*\*\* \S+ Hand History [Ff]or Game )")


def parse(lines: Sequence[str], first_line: int) -> SiteHand:
    """Read one 888poker hand (its lines, the header first); see :func:`brackets.parse`.

    >>> text = '''***** 888poker Hand History for Game 1186521899 *****
    ... $3/$6 Blinds No Limit Holdem - *** 21 06 2018 19:45:05
    ... Table Goiania 6 Max (Real Money)
    ... Seat 9 is the button
    ... Total number of players : 3
    ... Seat 2: ann ( $811.51 )
    ... Seat 6: bob ( $973.07 )
    ... Seat 9: cat ( $621 )
    ... ann posts small blind [$3]
    ... ** Dealing down cards **
    ... bob folds
    ... cat folds
    ... ** Summary **
    ... ann did not show his hand
    ... ann collected [ $3 ]'''
    >>> hand = parse(text.splitlines(), 1)
    >>> hand.hand_id, hand.sb, hand.bb, hand.collected
    ('1186521899', Decimal('3'), Decimal('6'), {'ann': Decimal('3')})
    """
    return brackets.parse(lines, first_line, SITE)
