"""Pot arithmetic as pure functions over contribution vectors (R30, R35, R38).

Seats are list indices. A *contribution* is every chip a seat put in during the hand (blinds,
bets, calls, and antes when they are layered); folded seats' chips stay in the pots.

>>> [tuple(p) for p in layer_pots([50, 100, 200, 200], [False] * 4)]   # R35, seed 003
[(200, (0, 1, 2, 3)), (150, (1, 2, 3)), (200, (2, 3))]
>>> split_amount(10, [2, 0, 1], button=0, n_seats=3)   # R38: odd chip left of the button
[3, 3, 4]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Pot", "uncalled", "layer_pots", "split_amount", "seat_order"]


class Pot(NamedTuple):
    """A pot: its chips and the seats that may win it (not folded, put in at least its level).

    >>> layer_pots([20, 50, 50], [False, False, False])
    [Pot(amount=60, eligible=(0, 1, 2)), Pot(amount=60, eligible=(1, 2))]
    """

    amount: int
    eligible: tuple[int, ...]


def uncalled(contributions: Sequence[int]) -> tuple[int, int] | None:
    """Return ``(seat, chips)`` of the part of the largest contribution nobody matched (R30).

    >>> uncalled([100, 300, 50]), uncalled([100, 100, 50])
    ((1, 200), None)
    """
    if not contributions:
        return None
    top = max(contributions)
    if top <= 0 or contributions.count(top) > 1:
        return None  # nothing put in, or the top level was matched
    seat = contributions.index(top)
    second = 0
    for c in contributions:
        if second < c < top:
            second = c
    return seat, top - second


def layer_pots(
    contributions: Sequence[int],
    folded: Sequence[bool],
    dead: int = 0,
) -> list[Pot]:
    """Split contributions into a main pot and side pots, layered by level (R35).

    Each distinct contribution level closes a layer. A layer's chips come from every seat that
    reached it, folded or not; it may be won only by seats that reached it and did not fold.
    Consecutive layers with the same eligible seats merge into one pot. ``dead`` chips (a
    big-blind ante, R16) are the bottom layer, which every seat still in may win. Uncalled chips (R30) should be removed first: a
    top layer that only one seat paid for is returned to that seat as a pot of its own.

    Parameters
    ----------
    contributions:
        Chips each seat put in.
    folded:
        Whether each seat folded (or mucked): its chips stay in, it wins nothing.
    dead:
        Chips belonging to the main pot regardless of levels.

    Returns
    -------
    list of Pot
        Main pot first. Pots that nobody may win (every contributor folded) are merged into
        the pot below them.

    Examples
    --------
    >>> [tuple(p) for p in layer_pots([100, 150, 150], [False] * 3)]   # R35, seed 004
    [(300, (0, 1, 2)), (100, (1, 2))]
    >>> [tuple(p) for p in layer_pots([100, 40, 100], [False, True, False], dead=30)]
    [(270, (0, 2))]
    >>> [tuple(p) for p in layer_pots([0, 100, 100], [False] * 3, dead=30)]  # seat 0: ante only
    [(30, (0, 1, 2)), (200, (1, 2))]
    """
    n = len(contributions)
    if n and min(contributions) >= 0:
        # Common case: every seat still in put in the same, largest amount. Each layer then has
        # the same eligible seats, so the layers merge into one pot of every chip.
        top = max(contributions)
        in_hand = []
        for i in range(n):
            if not folded[i]:
                if contributions[i] != top:
                    break
                in_hand.append(i)
        else:
            if top > 0 and in_hand:
                return [Pot(sum(contributions) + dead, tuple(in_hand))]
    pots: list[Pot] = []
    if dead:
        # Dead money is the bottom layer: every seat still in may win it, even one whose only
        # chips were the big-blind ante it is all-in on (R16).
        pots.append(Pot(dead, tuple(i for i in range(n) if not folded[i])))
    previous = 0
    carry = 0
    for level in sorted(set(contributions)):
        if level <= 0:
            continue
        amount = carry
        carry = 0
        eligible = []
        for i in range(n):
            c = contributions[i]
            if c > previous:
                amount += (level if c >= level else c) - previous
            if c >= level and not folded[i]:
                eligible.append(i)
        previous = level
        elig = tuple(eligible)
        if not elig:
            if pots:
                last = pots[-1]
                pots[-1] = Pot(last.amount + amount, last.eligible)
            else:
                carry = amount
            continue
        if pots and pots[-1].eligible == elig:
            pots[-1] = Pot(pots[-1].amount + amount, elig)
        else:
            pots.append(Pot(amount, elig))
    if carry:
        if pots:
            pots[0] = Pot(pots[0].amount + carry, pots[0].eligible)
        else:
            live = tuple(i for i in range(n) if not folded[i])
            pots.append(Pot(carry, live))
    return pots


def seat_order(seats: Sequence[int], button: int, n_seats: int) -> list[int]:
    """Sort ``seats`` clockwise starting with the first seat left of the button.

    >>> seat_order([0, 1, 2, 3], button=1, n_seats=4)
    [2, 3, 0, 1]
    """
    return sorted(seats, key=lambda s: (s - button - 1) % n_seats)


def split_amount(amount: int, winners: Sequence[int], button: int, n_seats: int) -> list[int]:
    """Split ``amount`` among tied ``winners`` (R38); shares are returned in ``winners`` order.

    Each winner gets ``amount // k``; the remaining odd chips go one at a time to the winners in
    seat order starting with the first seat left of the button.

    >>> split_amount(11, [0, 1, 2], button=2, n_seats=3)   # two odd chips: seats 0 and 1
    [4, 4, 3]
    """
    k = len(winners)
    share, odd = divmod(amount, k)
    shares = [share] * k
    if odd:
        ordered = seat_order(winners, button, n_seats)
        position = {s: j for j, s in enumerate(winners)}
        for s in ordered[:odd]:
            shares[position[s]] += 1
    return shares
