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
    """Read one PartyPoker hand (its lines, the header first); see :func:`brackets.parse`."""
    return brackets.parse(lines, first_line, SITE)
