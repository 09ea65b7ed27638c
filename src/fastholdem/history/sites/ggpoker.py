"""GGPoker hand histories (cash, Rush & Cash, straddles, EV cash-out, tournaments) read into a SiteHand.

GGPoker writes the PokerStars format with its own header (``Poker Hand #RC123: ...``) and a few
more words, which :func:`fastholdem.history.sites.pokerstars.parse` reads when told the site.

>>> START.match("Poker Hand #HD582731: Hold'em No Limit  ($0.5/$1) - 2018/12/11 16:21:51") is not None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import pokerstars
from .model import SiteHand

__all__ = ["parse", "START", "SITE"]

SITE = "GGPoker"
#: The first line of every GGPoker hand.
START = re.compile(r"^\ufeff?Poker Hand #[A-Za-z]*[0-9]+: ")


def parse(lines: Sequence[str], first_line: int) -> SiteHand:
    """Read one GGPoker hand (its lines, the header first); see :func:`pokerstars.parse`."""
    return pokerstars.parse(lines, first_line, SITE)
