"""A table's hand as a :class:`fastholdem.game.Hand` and as a PHH hand history (``Tables.to_phh``).

The engine keeps, per table, the cards, starting stacks, button and action log of its current
and last finished hand. From them :func:`record_hand` builds the ``Hand`` that plays those
cards (the differential test steps it in lockstep with the table) and :func:`hand_history`
replays the log into it and writes the PHH record.

>>> from fastholdem.game import GameConfig
>>> from fastholdem.vector import Tables, FOLD
>>> tables = Tables(1, 3, GameConfig(), 100, seed=2)
>>> hand = record_hand(tables, 0)
>>> hand.legal_actions().seat == int(tables.legal().actor[0])
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.hand import Hand
from ..history.phh import HandHistory, from_hand
from ..errors import IndexRangeError, InputError

if TYPE_CHECKING:
    from .tables import Tables

__all__ = ["apply_kind", "hand_history", "record_hand"]

_FOLD, _CHECK, _CALL, _RAISE = range(4)
_MOST_LOGGED = 32_767  # a hand's action count is an int16 in the engine (it stops there)


def apply_kind(hand: Hand, kind: int, amount: int) -> None:
    """Apply one engine action (a :class:`Kind` code and, for a bet or raise, its "to" amount) to
    ``hand``; ``Hand`` checks it and raises as for any illegal action.

    Examples
    --------
    >>> from fastholdem.game import GameConfig
    >>> hand = Hand(GameConfig(), [100, 100], seed=1)
    >>> apply_kind(hand, _RAISE, 6); apply_kind(hand, _FOLD, 0)
    >>> hand.stacks
    [102, 98]
    """
    if kind == _FOLD:
        hand.fold()
    elif kind == _CHECK:
        hand.check()
    elif kind == _CALL:
        hand.call()
    else:
        hand.bet_or_raise_to(amount)


def record_hand(tables: Tables, i: int, *, finished: bool = False) -> Hand:
    """A new ``Hand`` dealt exactly like table ``i``'s current hand (or, with ``finished``, its
    last finished hand): same config, starting stacks, button, hole cards and board.

    Examples
    --------
    >>> from fastholdem.game import GameConfig
    >>> from fastholdem.vector import Tables
    >>> record_hand(Tables(1, 2, GameConfig(), 10, seed=1), 0).starting_stacks
    (10, 10)
    """
    if not 0 <= i < tables.n:
        raise IndexRangeError(f"i (the table) must be in 0..{tables.n - 1}, got {i}")
    return _hand(tables, tables._core.hands([i], finished))


def _hand(tables: Tables, record: dict[str, Any]) -> Hand:
    """The ``Hand`` dealt as the first hand of ``record`` (a ``VecCore.hands`` record)."""
    return Hand(
        tables.config,
        record["start"][0].tolist(),
        button=int(record["button"][0]),
        hole_cards=record["hole"][0].tolist(),
        board=record["board"][0].tolist(),
        seed=0,
    )


def hand_history(tables: Tables, i: int) -> HandHistory:
    """The PHH record of table ``i``'s last finished hand (see :meth:`Tables.to_phh`).

    Examples
    --------
    >>> from fastholdem.game import GameConfig
    >>> from fastholdem.vector import Tables, FOLD
    >>> tables = Tables(1, 2, GameConfig(), 100, seed=5)
    >>> tables.step([FOLD])
    >>> hand_history(tables, 0).actions[-1]
    'p2 f'
    """
    if not 0 <= i < tables.n:
        raise IndexRangeError(f"i (the table) must be in 0..{tables.n - 1}, got {i}")
    record = tables._core.hands([i], True, True)
    kinds, amounts, count, n_raises = record["actions"][0]
    if len(kinds) != count or len(amounts) != n_raises:
        if tables.history == 0:
            why = "these tables keep no action log (history=0); make them with history=1 or more"
        elif count >= _MOST_LOGGED:
            why = f"it has more than {_MOST_LOGGED:,} actions, the most a log counts"
        else:
            why = "its action log could not grow on the heap (out of memory), so it is incomplete"
        raise InputError(f"table {i}'s last hand cannot be replayed: {why}")
    hand = _hand(tables, record)
    r = 0
    for k in kinds:
        if k == _RAISE:
            apply_kind(hand, k, amounts[r])
            r += 1
        else:
            apply_kind(hand, k, 0)
    final = (record["start"][0] + record["rewards"][0]).tolist()
    if not hand.is_complete or hand.stacks != final:
        raise RuntimeError(f"table {i}: the replayed hand does not end as the table's did")
    return from_hand(hand)
