"""GGPoker hand histories (cash, Rush & Cash, straddles, EV cash-out, tournaments) read into a SiteHand.

GGPoker writes the PokerStars format with its own header (``Poker Hand #RC123: ...``) and a few
more words, which :func:`fastholdem.history.sites.pokerstars.parse` reads when told the site.

>>> START.match("Poker Hand #HD582731: Hold'em No Limit  ($0.5/$1) - 2018/12/11 16:21:51") is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from . import pokerstars
from .model import SiteHand

__all__ = ["parse", "START", "SITE"]

SITE = "GGPoker"
#: The first line of every GGPoker hand.
START = next(row.start for row in pokerstars.DIALECTS if row.site == SITE)


def parse(lines: Sequence[str], first_line: int) -> SiteHand:
    """Read one GGPoker hand (its lines, the header first); see :func:`pokerstars.parse`.

    >>> text = '''Poker Hand #HD7: Hold'em No Limit ($0.5/$1) - 2017/11/12 11:43:27
    ... Table 'T' 6-max Seat #2 is the button
    ... Seat 1: ann ($100 in chips)
    ... Seat 2: bob ($100 in chips)
    ... Seat 3: cat ($100 in chips)
    ... cat: posts small blind $0.5
    ... ann: posts big blind $1
    ... *** HOLE CARDS ***
    ... bob: folds
    ... cat: raises $2.5 to $3.5
    ... ann: folds
    ... Uncalled bet ($2.5) returned to cat
    ... *** SHOWDOWN ***
    ... cat collected $2 from pot
    ... *** SUMMARY ***
    ... Total pot $2 | Rake $0 | Jackpot $0 | Bingo $0'''
    >>> hand = parse(text.splitlines(), 1)
    >>> hand.site, hand.hand_id, [s.name for s in hand.seats], hand.collected
    ('GGPoker', 'HD7', ['ann', 'bob', 'cat'], {'cat': Decimal('2')})
    """
    return pokerstars.parse(lines, first_line, SITE)
