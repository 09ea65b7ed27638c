"""A call's written amount read either way: what the call adds, or the street total it reaches.

Sites disagree on what ``calls X`` means (PokerStars: what the call adds; PokerNow: the
player's total for the street). :func:`call_increment` takes the one that makes the call a
call: the chips that bring the player to the street's top bet, or all the player has left.

>>> from decimal import Decimal as D
>>> from .model import SiteHand
>>> h = SiteHand("Demo", "1", 1, sb=D(10), bb=D(20), button=1)
>>> h.seat(1, "ann", D(500)); h.seat(2, "bob", D(500))
>>> h.post("ann", "sb", D(10)); h.post("bob", "bb", D(20))
>>> call_increment(h, "ann", D(20)), call_increment(h, "ann", D(10))
(Decimal('10'), Decimal('10'))
"""

from __future__ import annotations

import re
from decimal import Decimal

from ...errors import HandHistoryError
from .model import SiteHand

__all__ = ["call_increment", "uncalled", "return_uncalled", "bounded", "checked_cards", "MAX_DIGITS", "MAX_DECIMALS"]

_ZERO = Decimal(0)


def call_increment(hand: SiteHand, name: str, written: Decimal) -> Decimal:
    """The chips a call of ``written`` by ``name`` adds (see the module docstring).

    Raises
    ------
    HandHistoryError
        When neither reading is a call (the message gives both).

    Examples
    --------
    >>> from decimal import Decimal as D
    >>> h = SiteHand("Demo", "1", 1, sb=D(10), bb=D(20), button=1)
    >>> h.seat(1, "ann", D(15)); h.seat(2, "bob", D(500))
    >>> h.post("ann", "sb", D(10)); h.post("bob", "bb", D(20))
    >>> call_increment(h, "ann", D(15))     # all in for less: 5 more
    Decimal('5')
    """
    seat = hand.by_name.get(name)
    if seat is None:
        raise HandHistoryError(f"a player acts without a seat: {name!r}")
    before = hand.street_total.get(name, _ZERO)
    top = max(hand.street_total.values(), default=_ZERO)
    left = seat.stack - hand.put.get(name, _ZERO)
    full = min(top - before, left)
    if full > 0 and written in (full, before + full):
        return full
    raise HandHistoryError(f"{name!r} calls {written}: the call is {full} (to {before + full})")


def uncalled(hand: SiteHand) -> tuple[str, Decimal] | None:
    """The player whose last bet nobody called in full, and by how much: on the last street
    with a bet or call, the top street total less the next one (blinds count preflop).

    >>> from decimal import Decimal as D
    >>> h = SiteHand("Demo", "1", 1, sb=D(1), bb=D(2), button=1)
    >>> h.seat(1, "ann", D(50)); h.seat(2, "bob", D(50))
    >>> h.post("ann", "sb", D(1)); h.post("bob", "bb", D(2)); h.act(0, "ann", "b", D(6)); h.act(0, "bob", "f")
    >>> uncalled(h)
    ('ann', Decimal('4'))
    """
    last = max((st for st, _, verb, _ in hand.actions if verb in ("b", "c")), default=0)
    totals: dict[str, Decimal] = {}
    if last == 0:
        for name, kind, chips in hand.posts:
            if kind in ("sb", "bb", "straddle", "live"):
                totals[name] = totals.get(name, _ZERO) + chips
    for st, name, _verb, to in hand.actions:
        if st == last:
            totals[name] = max(totals.get(name, _ZERO), to)
    ranked = sorted(totals.items(), key=lambda kv: kv[1], reverse=True)
    if not ranked:
        return None
    second = ranked[1][1] if len(ranked) > 1 else _ZERO
    if ranked[0][1] > second:
        return ranked[0][0], ranked[0][1] - second
    return None


def return_uncalled(hand: SiteHand, pot: Decimal) -> None:
    """Return the uncalled bet a format does not write, when the chips put in exceed ``pot``
    (the chips the format says were called) by exactly that bet.

    >>> from decimal import Decimal as D
    >>> h = SiteHand("Demo", "1", 1, sb=D(1), bb=D(2), button=1)
    >>> h.seat(1, "ann", D(50)); h.seat(2, "bob", D(50))
    >>> h.post("ann", "sb", D(1)); h.post("bob", "bb", D(2)); h.act(0, "ann", "b", D(6)); h.act(0, "bob", "f")
    >>> return_uncalled(h, D(4)); h.returned
    {'ann': Decimal('4')}
    """
    diff = sum(hand.put.values(), _ZERO) - sum(hand.returned.values(), _ZERO) - pot
    if diff <= 0:
        return
    found = uncalled(hand)
    if found is not None and found[1] - hand.returned.get(found[0], _ZERO) == diff:
        hand.give_back(found[0], diff)


#: The amounts PHH holds (see :mod:`fastholdem.history.phh`): below 10**30, at most 12 decimals.
MAX_DIGITS = 30
MAX_DECIMALS = 12


def bounded(value: Decimal, what: str) -> Decimal:
    """``value`` when PHH can hold it: finite, not negative, below 10**30, at most 12 decimals.

    Raises
    ------
    HandHistoryError
        Naming ``what`` and the value as written.

    >>> bounded(Decimal("2.5"), "stack")
    Decimal('2.5')
    >>> bounded(Decimal("1E+30"), "the stack of 'ann'")
    Traceback (most recent call last):
    ...
    fastholdem.errors.HandHistoryError: the stack of 'ann' 1E+30 is out of range: amounts must be below 10**30
    """
    if not value.is_finite() or value < 0:
        raise HandHistoryError(f"{what} {value} is not an amount (negative or not finite)")
    if value and value.adjusted() >= MAX_DIGITS:
        raise HandHistoryError(f"{what} {value} is out of range: amounts must be below 10**{MAX_DIGITS}")
    exponent = value.normalize().as_tuple().exponent
    if isinstance(exponent, int) and exponent < -MAX_DECIMALS:
        raise HandHistoryError(f"{what} {value} is out of range: at most {MAX_DECIMALS} decimals")
    return value


_CARD = re.compile(r"[2-9TJQKA][cdhs]")


def checked_cards(cards: list[str], what: str) -> list[str]:
    """``cards`` when each is a card (rank ``2``-``9TJQKA`` then suit ``cdhs``; ``10`` is ``T``).

    Raises
    ------
    HandHistoryError
        Naming ``what`` and the first text that is no card.

    >>> checked_cards(["Ah", "10d"], "the flop")
    ['Ah', 'Td']
    >>> checked_cards(["Ah", "Zz"], "the flop")
    Traceback (most recent call last):
    ...
    fastholdem.errors.HandHistoryError: the flop: not a card: 'Zz'
    """
    out = []
    for card in cards:
        text = card.strip()
        text = "T" + text[2:] if text.startswith("10") else text
        text = text[:1].upper() + text[1:].lower()
        if not _CARD.fullmatch(text):
            raise HandHistoryError(f"{what}: not a card: {card!r}")
        out.append(text)
    return out
