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
    """Read one 888poker hand (its lines, the header first); see :func:`brackets.parse`."""
    return brackets.parse(lines, first_line, SITE)
