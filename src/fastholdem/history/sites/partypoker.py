"""PartyPoker hand histories read into a SiteHand; the format is read by :mod:`.brackets`.

>>> START.match("***** Hand History for Game 13550319286 *****") is not None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import brackets
from .model import SiteHand

__all__ = ["parse", "START", "SITE"]

SITE = "PartyPoker"
#: The first line of every PartyPoker hand (``Game #N starts.`` comes first in some files).
START = re.compile(r"^\ufeff?(?:Game #[0-9]+ starts\.|\*\*\*\*\* Hand History [Ff]or Game )")


def parse(lines: Sequence[str], first_line: int) -> SiteHand:
    """Read one PartyPoker hand (its lines, the header first); see :func:`brackets.parse`.

    >>> text = '''***** Hand History for Game 9876542165 *****
    ... $0.01/$0.02 USD NL Texas Hold'em - Sunday, June 01, 18:19:22 EDT 2013
    ... Table Rochdale (Real Money)
    ... Seat 3 is the button
    ... Total number of players : 2/6
    ... Seat 4: ann ( $2 USD )
    ... Seat 3: bob ( $2 USD )
    ... bob posts small blind [$0.01 USD].
    ... ann posts big blind [$0.02 USD].
    ... ** Dealing down cards **
    ... bob folds
    ... ann does not show cards.
    ... ann wins $0.03 USD'''
    >>> hand = parse(text.splitlines(), 1)
    >>> hand.hand_id, hand.collected, hand.returned   # the win holds the uncalled cent
    ('9876542165', {'ann': Decimal('0.02')}, {'ann': Decimal('0.01')})
    """
    return brackets.parse(lines, first_line, SITE)
