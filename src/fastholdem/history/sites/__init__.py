"""Poker sites' hand histories converted to PHH: PokerStars (more sites join as they are read).

* :func:`read` streams one file (a path, bytes, a stream or text) and yields an
  :class:`Imported` record per hand: converted (with its ``HandHistory``), skipped (another
  game, a cancelled hand) or failed, each with its file, line, site and hand id.
* :func:`loads` returns the hands of a text, raising on the first one that fails.
* :func:`convert` writes whole files and folders to one ``.phhs`` session and accounts for
  every hand (this is ``fastholdem hh convert``).

Each converted hand records ``_site`` and ``_hand_id``; its ``finishing_stacks`` come from the
site's own numbers. Rake, pot fees and cash-outs are recorded as ``_rake``, ``_pots``,
``_cash_out`` (see :mod:`fastholdem.phh`) and taken in the replay, so stacks match to the cent.

>>> hands = loads('''PokerStars Hand #7: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:00 ET
... Table 'T' 6-max Seat #2 is the button
... Seat 1: ann ($2 in chips)
... Seat 2: bob ($2 in chips)
... bob: posts small blind $0.01
... ann: posts big blind $0.02
... *** HOLE CARDS ***
... bob: calls $0.01
... ann: checks
... *** FLOP *** [2c 7d Ks]
... ann: bets $0.04
... bob: folds
... Uncalled bet ($0.04) returned to ann
... ann collected $0.04 from pot
... *** SUMMARY ***
... Total pot $0.04 | Rake $0''')
>>> hh = hands[0]
>>> hh.fields["_site"], hh.fields["_hand_id"], hh.finishing_stacks
('PokerStars', '7', [Decimal('2.02'), Decimal('1.98')])
>>> hh.replay().stacks == hh.finishing_stacks
True
"""

from __future__ import annotations

from ...errors import HandHistoryError
from ..phh import HandHistory
from .convert import ConvertReport, FileReport, Problem, convert
from .reader import Imported, read

__all__ = ["Imported", "read", "loads", "convert", "ConvertReport", "FileReport", "Problem"]


def loads(text: str) -> list[HandHistory]:
    """The converted hands of a site hand-history text, in order.

    Skipped hands (other games) are left out; a hand that fails raises.

    Raises
    ------
    HandHistoryError
        With the line and hand id of the first hand that does not read.

    Examples
    --------
    >>> text = '''Poker Hand #RC5: Hold'em No Limit ($1/$2) - 2020/05/01 10:00:00
    ... Table 'RC' 6-max Seat #2 is the button
    ... Seat 1: ann ($200 in chips)
    ... Seat 2: bob ($150 in chips)
    ... bob: posts small blind $1
    ... ann: posts big blind $2
    ... *** HOLE CARDS ***
    ... bob: calls $1
    ... ann: checks
    ... *** FLOP *** [Qs 8d 3c]
    ... ann: checks
    ... bob: bets $4
    ... ann: folds
    ... Uncalled bet ($4) returned to bob
    ... bob collected $4 from pot
    ... *** SUMMARY ***
    ... Total pot $4 | Rake $0'''
    >>> [hh] = loads(text)
    >>> hh.fields["_site"], hh.finishing_stacks, hh.replay().stacks == hh.finishing_stacks
    ('GGPoker', [198, 152], True)
    """
    out: list[HandHistory] = []
    for rec in read(text):
        if rec.status == "failed":
            raise HandHistoryError(str(rec))
        if rec.history is not None:
            out.append(rec.history)
    return out
