"""Money and chip amounts as hand-history sites write them, read exactly as ``Decimal``.

Sites write ``$1,234.56``, ``1 234,56 €``, ``€0.50``, ``12,50€``, ``USD 3.19``, ``1.500`` (chips,
thousands dot) or plain ``1500``. :func:`amount` strips currency symbols and codes, then reads
the digits with the site's decimal mark. Without a given mark it guesses: when both ``.`` and
``,`` appear, the last one is the decimal mark; a lone separator followed by exactly three digits
is a thousands separator only when ``thousands`` says so. Floats are never used.

>>> amount("$1,234.56"), amount("1 234,56 €", decimal=","), amount("12,50€", decimal=",")
(Decimal('1234.56'), Decimal('1234.56'), Decimal('12.50'))
>>> amount("1,500"), amount("0,25"), amount("(2.20)"), amount("â‚¬3.10 EUR")
(Decimal('1500'), Decimal('0.25'), Decimal('2.20'), Decimal('3.10'))
"""

from __future__ import annotations

import re
from decimal import Decimal

from ...errors import HandHistoryError

__all__ = ["amount"]

# The currency signs and codes, and the signs as a cp1252 reading of UTF-8 text writes them
# (mojibake: "â‚¬" for €, "Â£" for £, "Â" before a no-break space).
_STRIP = re.compile(r"â‚¬|Â£|Â|[$€£¥()\s\u00a0\u202f']|USD|EUR|GBP|CAD|INR|CNY|SC|T\$")
_THOUSANDS_ONLY = re.compile(r"[0-9]{1,3}(?:,[0-9]{3})*(?:\.[0-9]+)?")
_PLAIN = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_MAX_LEN = 40
_SIGNS = frozenset("$€£¥")
_GROUPED = re.compile(r"[0-9]{1,3}(?:[.,][0-9]{3})+")


def amount(text: str, *, decimal: str | None = None, whole: bool = False) -> Decimal:
    """The exact value of one written amount.

    Parameters
    ----------
    text:
        The amount as written, with or without currency symbol or code.
    decimal:
        The site's decimal mark, ``"."`` or ``","``; ``None`` guesses (see the module docstring).
    whole:
        The amount counts whole chips (a tournament's): a ``.`` or ``,`` followed by groups of
        exactly three digits is a thousands separator (``152.300`` is 152300).

    Raises
    ------
    HandHistoryError
        If the text is not an amount (the message quotes it).

    >>> amount("€ 3,5", decimal=","), amount("152.300", whole=True), amount("10 000", whole=True)
    (Decimal('3.5'), Decimal('152300'), Decimal('10000'))
    """
    raw = text
    if len(text) > _MAX_LEN:
        raise HandHistoryError(f"impossible amount {raw[:_MAX_LEN]!r}...")
    if not whole:
        if _PLAIN.fullmatch(text):
            return Decimal(text)
        if text[:1] in _SIGNS and decimal != "," and _PLAIN.fullmatch(text, 1):
            return Decimal(text[1:])  # "$0.25": what the stripping below would leave
    text = _STRIP.sub("", text)
    if whole and _GROUPED.fullmatch(text):
        return Decimal(text.replace(".", "").replace(",", ""))
    if decimal is None:
        dot, comma = text.rfind("."), text.rfind(",")
        if dot >= 0 and comma >= 0:
            decimal = "." if dot > comma else ","
        elif comma >= 0:
            tail = text[comma + 1:]
            decimal = "." if (len(tail) == 3 and text.count(",") >= 1 and tail.isdigit()) else ","
        else:
            decimal = "," if (dot >= 0 and text.count(".") > 1) else "."
    if decimal == ",":
        text = text.replace(".", "").replace(",", ".")
    elif "," in text:
        if not _THOUSANDS_ONLY.fullmatch(text):  # "0,01" where a point is written: never read as 1
            raise HandHistoryError(f"not an amount in this site's numbers (a decimal comma where it writes a "
                                   f"decimal point): {raw!r}")
        text = text.replace(",", "")
    if not _PLAIN.fullmatch(text):
        raise HandHistoryError(f"not an amount: {raw!r}")
    return Decimal(text)
