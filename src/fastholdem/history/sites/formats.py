"""The structured formats read whole: Open Hand History JSON and PokerNow's CSV and JSON logs.

The text sites are read hand by hand from their header lines (:mod:`.reader`); these formats
are recognised by how their text starts (:func:`sniff`) and read whole by their own module,
which yields ``(line, hand id, SiteHand or the error)`` per hand (:func:`hands`).

>>> sniff('{"ohh": {"spec_version": "1.4.6"}}'), sniff("entry,at,order\\n"), sniff("PokerStars Hand #1")
('ohh', 'pokernow-csv', None)
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import HandHistoryError
from ..phh import HandHistory
from . import ohh, pokernow
from .model import SiteHand, to_phh

__all__ = ["SUFFIXES", "SITES", "sniff", "hands", "convert"]

#: File name endings read in folders besides ``.txt`` and ``.xml``.
SUFFIXES = (".csv", ".json", ".ohh")
#: The site name of each format (a hand's own site name wins: OHH records it).
SITES = {"ohh": ohh.SITE, "pokernow-csv": pokernow.SITE, "pokernow-json": pokernow.SITE}


def sniff(head: str) -> str | None:
    """The structured format whose text starts with ``head``, or None.

    >>> sniff('[{"ohh": {}}]'), sniff('{"logs": [{"msg": "-- starting hand #1"}]}')
    ('ohh', 'pokernow-json')
    """
    if ohh.looks_like(head):
        return "ohh"
    return pokernow.sniff(head)


def hands(kind: str, text: str) -> Iterator[tuple[int, str | None, SiteHand | HandHistoryError]]:
    """``(line, hand id, SiteHand or the error)`` of each hand of ``text`` in format ``kind``.

    >>> [item for _, _, item in hands("ohh", "[]")]
    []
    """
    if kind == "ohh":
        return ohh.hands(text)
    return pokernow.hands(text, kind)


def convert(kind: str, hand: SiteHand) -> HandHistory:
    """The PHH hand of a SiteHand read in format ``kind``.

    >>> from decimal import Decimal as D
    >>> h = SiteHand("PokerNow", "1", 1, sb=D(1), bb=D(2), button=1)
    >>> h.seat(1, "ann", D(9)); h.seat(2, "bob", D(9))
    >>> h.post("ann", "sb", D(1)); h.post("bob", "bb", D(2)); h.act(0, "ann", "f")
    >>> h.returned["bob"] = D(1); h.collected["bob"] = D(2)
    >>> convert("pokernow-csv", h).finishing_stacks
    [10, 8]
    """
    if kind == "ohh":
        return ohh.convert(hand)
    return to_phh(hand)
