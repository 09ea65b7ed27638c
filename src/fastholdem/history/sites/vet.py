"""What every converted hand must pass before it is written: what PHH can hold and the engine
can seat, said in the site's terms.

:func:`vet` (run by the reader on every hand it converts) refuses two players on one seat and
blinds that leave the hand without a big blind (the engine would refuse the hand later as "bad
stakes: big_blind must be positive"). :func:`name_amount` names an amount that PHH cannot hold
(10**30 or more, more than 12 decimals) with its player and seat: ``fastholdem hh convert``
calls it when the replay refuses an amount (the replay checks every amount, at no extra cost),
so no such hand is written, and the message names the value and the field.

>>> from decimal import Decimal as D
>>> from fastholdem.history.sites.model import SiteHand, to_phh
>>> h = SiteHand("Demo", "3", 1, sb=D(1), bb=D(2), button=2)
>>> h.seat(1, "ann", D(10) ** 30); h.seat(2, "bob", D(30))
>>> h.post("bob", "sb", D(1)); h.post("ann", "bb", D(2)); h.act(0, "bob", "f")
>>> h.returned["ann"] = D(1); h.collected["ann"] = D(2)
>>> hh = to_phh(h)
>>> vet(h, hh)
>>> name_amount(hh)
Traceback (most recent call last):
...
fastholdem.errors.HandHistoryError: an amount PHH cannot hold: the starting stack of 'ann' (seat 1) 1000000000000000000000000000000 is out of range: amounts must be below 10**30
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from ...errors import HandHistoryError
from ..phh import HandHistory, check_amount
from .model import SiteHand

__all__ = ["vet", "name_amount"]

_PER_PLAYER = (
    ("starting_stacks", "the starting stack"),
    ("antes", "the ante"),
    ("blinds_or_straddles", "the blind"),
    ("finishing_stacks", "the finishing stack"),
    ("_live_posts", "the live post"),
    ("_dead_posts", "the dead post"),
    ("_cash_out", "the cash-out"),
    ("_cash_out_fee", "the cash-out fee"),
)


def vet(hand: SiteHand, hh: HandHistory) -> None:
    """Refuse (HandHistoryError) a converted hand with two players on one seat, or no big blind
    in its place.

    ``hand`` is what the site's text says, ``hh`` the PHH hand built from it.

    Examples
    --------
    >>> from decimal import Decimal as D
    >>> from fastholdem.history.sites.model import SiteHand, to_phh
    >>> h = SiteHand("Demo", "4", 1, sb=D(1), bb=D(2), button=2)
    >>> h.seat(1, "ann", D(20)); h.seat(1, "bob", D(30))
    >>> h.post("bob", "sb", D(1)); h.post("ann", "bb", D(2)); h.act(0, "bob", "f")
    >>> h.returned["ann"] = D(1); h.collected["ann"] = D(2)
    >>> vet(h, to_phh(h))
    Traceback (most recent call last):
    ...
    fastholdem.errors.HandHistoryError: seat 1 holds two players: 'ann' and 'bob'
    """
    seats = hand.seats
    if len({seat.number for seat in seats}) < len(seats):
        taken: dict[int, str] = {}
        for seat in seats:
            if seat.number in taken:
                raise HandHistoryError(f"seat {seat.number} holds two players: {taken[seat.number]!r} and {seat.name!r}")
            taken[seat.number] = seat.name
    # The amounts: the replay checks each one (``hh.scale``); checked here, they would cost a
    # tenth of the reading. ``hh convert`` then names the refused amount with name_amount.
    blinds = hh.blinds_or_straddles
    lone = len(blinds) > 2 and blinds[0] > 0 and blinds[1] == 0  # p1's big blind, no small blind
    if len(blinds) >= 2 and blinds[1] <= 0 and not lone:
        posts = ", ".join(f"{name!r} (seat {hand.by_name[name].number}) posts {kind} {chips}"
                          for name, kind, chips in hand.posts if kind != "ante") or "nobody posts a blind"
        raise HandHistoryError(f"no big blind in its place: the button is seat {hand.button}; {posts}")


def name_amount(hh: HandHistory) -> None:
    """Raise (HandHistoryError) the refusal of the first amount of ``hh`` that PHH cannot hold,
    naming its player and seat; return when there is none.

    ``fastholdem hh convert`` calls this when the replay (which checks every amount) refuses a
    hand.

    >>> from fastholdem import phh
    >>> hh = phh.HandHistory("NT", [0, 0], [1, 2], [100, 100], ["p1 cbr 2.0000000000001"], min_bet=2)
    >>> hh.fields.update(players=["ann", "bob"], seats=[3, 5])
    >>> name_amount(hh)
    Traceback (most recent call last):
    ...
    fastholdem.errors.HandHistoryError: an amount PHH cannot hold: the bet of 'ann' (seat 3) ('p1 cbr 2.0000000000001') 2.0000000000001 has 13 decimals: at most 12
    """
    try:
        _name_the_amount(hh)
    except HandHistoryError as exc:
        raise HandHistoryError(f"an amount PHH cannot hold: {exc}") from None


def _name_the_amount(hh: HandHistory) -> None:
    players: Sequence[Any] = hh.fields.get("players") or []
    seats: Sequence[Any] = hh.fields.get("seats") or []

    def who(k: int) -> str:
        name = repr(players[k]) if k < len(players) else f"p{k + 1}"
        return f"{name} (seat {seats[k]})" if k < len(seats) else name

    for field_name, what in _PER_PLAYER:
        values = getattr(hh, field_name) if not field_name.startswith("_") else hh.fields.get(field_name)
        for k, value in enumerate(values or ()):
            check_amount(value, f"{what} of {who(k)}")
    for field_name in ("min_bet", "small_bet", "big_bet"):
        value = getattr(hh, field_name)
        if value is not None:
            check_amount(value, field_name)
    for field_name in ("_rake", "_pots"):
        value = hh.fields.get(field_name)
        for k, one in enumerate(value if isinstance(value, list) else [value] if value is not None else []):
            check_amount(one, f"{field_name}[{k}]" if isinstance(value, list) else field_name)
    for action in hh.actions:
        words = action.split()
        if len(words) == 3 and words[1] == "cbr":
            k = int(words[0][1:]) - 1 if words[0][1:].isdigit() else len(players)
            try:
                amount = Decimal(words[2])
            except InvalidOperation:
                continue  # the replay names it
            check_amount(amount, f"the bet of {who(k)} ({action!r})")
