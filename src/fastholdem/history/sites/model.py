"""One site hand as the readers see it (:class:`SiteHand`), and its conversion to PHH.

Every site reader fills a :class:`SiteHand` with what the text says, in the site's words: the
seats and stacks, the forced bets, each action with the amount the player's street total
reaches, the boards, the cards shown, what each player collected and got back, and what the
house took. :func:`to_phh` then builds the :class:`~fastholdem.history.phh.HandHistory`.

The recorded ``finishing_stacks`` come from the site's own numbers only: starting stack, minus
everything the player put in, plus every amount collected, every uncalled bet returned and any
cash-out received, as the text states them. The replay never feeds them.

>>> from decimal import Decimal as D
>>> h = SiteHand("PokerStars", "1", 1, variant="NT", sb=D(1), bb=D(2), button=2)
>>> h.seat(1, "ann", D(100)); h.seat(2, "bob", D(100))
>>> h.post("bob", "sb", D(1)); h.post("ann", "bb", D(2))
>>> h.act(0, "bob", "f")
>>> h.returned["ann"] = D(1); h.collected["ann"] = D(2)
>>> hh = to_phh(h)
>>> hh.starting_stacks, hh.blinds_or_straddles, hh.finishing_stacks
([100, 100], [1, 2], [101, 99])
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ...errors import HandHistoryError
from .. import phh

__all__ = ["Seat", "SiteHand", "SkipHand", "incomplete", "to_phh", "check_amounts", "settle_unstated",
           "TIME_ZONES", "stamp"]

_ZERO = Decimal(0)
#: The IANA time zone (PHH ``time_zone``) of each abbreviation a site writes after its times.
TIME_ZONES = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "UTC": "UTC", "GMT": "UTC", "WET": "WET", "CET": "CET", "CEST": "CET", "EET": "EET",
    "MSK": "Europe/Moscow",
}
_STAMP = re.compile(r"(?P<y>[0-9]{4})[/-](?P<mo>[0-9]{1,2})[/-](?P<d>[0-9]{1,2})\s+"
                    r"(?P<h>[0-9]{1,2}):(?P<mi>[0-9]{2}):(?P<s>[0-9]{2})(?:\s+(?P<zone>[A-Z]{2,5})\b)?")


def stamp(text: str) -> tuple[datetime.datetime, str | None] | None:
    """The first ``year/month/day h:mm:ss [ZONE]`` of ``text`` (``-`` between the date's parts
    too), with its zone abbreviation; ``None`` when ``text`` holds none or it is no real date.

    >>> stamp("Hold'em No Limit (1/2) - 2020/01/15 20:31:12 CET [2020/01/15 14:31:12 ET]")
    (datetime.datetime(2020, 1, 15, 20, 31, 12), 'CET')
    >>> stamp("<startdate>2015-11-08 15:29:17</startdate>")
    (datetime.datetime(2015, 11, 8, 15, 29, 17), None)
    """
    m = _STAMP.search(text)
    if m is None:
        return None
    try:
        when = datetime.datetime(int(m["y"]), int(m["mo"]), int(m["d"]), int(m["h"]), int(m["mi"]), int(m["s"]))
    except ValueError:
        return None
    return when, m["zone"]


class SkipHand(HandHistoryError):
    """A hand that is rightly not converted (another game, a cancelled hand): ``reason`` says why.

    >>> SkipHand("other game: Omaha").reason
    'other game: Omaha'
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def incomplete(what: str) -> SkipHand:
    """The skip of a hand whose own text stops short of a whole hand (``what`` says where).

    Such a hand is counted as skipped (reason ``"incomplete: ..."``), not failed: the site wrote
    less than a hand (a history cut off, a hand watched without the players' names), and there
    is nothing to convert. Text that contradicts itself is a failure instead.

    >>> incomplete("the hand ends before its summary").reason
    'incomplete: the hand ends before its summary'
    """
    return SkipHand(f"incomplete: {what}")


@dataclass
class Seat:
    """A seated player: table seat number, screen name, stack at the start, whether dealt in.

    >>> from decimal import Decimal
    >>> Seat(3, "ann", Decimal("2.50"), dealt=False)
    Seat(number=3, name='ann', stack=Decimal('2.50'), dealt=False)
    """

    number: int
    name: str
    stack: Decimal
    dealt: bool = True


@dataclass
class SiteHand:
    """What one site hand says, in table terms (see the module docstring).

    ``actions`` holds ``(street, name, verb, to)`` with ``verb`` one of ``f`` (fold), ``x``
    (check), ``c`` (call), ``b`` (bet or raise to ``to``, the player's street total), and
    ``put`` (chips the action moved from the stack to the pot, computed by :meth:`act`).

    >>> from decimal import Decimal as D
    >>> h = SiteHand("Demo", "8", 1, sb=D(1), bb=D(2), button=1)
    >>> h.seat(1, "ann", D(50)); h.seat(2, "bob", D(50))
    >>> h.post("ann", "sb", D(1)); h.post("bob", "bb", D(2))
    >>> h.act(0, "ann", "b", D(6)); h.act(0, "bob", "c")
    >>> h.put, h.street_total
    ({'ann': Decimal('6'), 'bob': Decimal('6')}, {'ann': Decimal('6'), 'bob': Decimal('6')})
    """

    site: str
    hand_id: str
    line: int
    variant: str = "NT"
    sb: Decimal = _ZERO
    bb: Decimal = _ZERO
    ante: Decimal = _ZERO
    small_bet: Decimal | None = None
    big_bet: Decimal | None = None
    button: int = 0
    seats: list[Seat] = field(default_factory=list)
    posts: list[tuple[str, str, Decimal]] = field(default_factory=list)
    actions: list[tuple[int, str, str, Decimal]] = field(default_factory=list)
    boards: list[list[str]] = field(default_factory=lambda: [[], [], []])
    runs: list[list[list[str]]] = field(default_factory=list)
    holes: dict[str, str] = field(default_factory=dict)
    shows: list[tuple[str, str | None]] = field(default_factory=list)
    collected: dict[str, Decimal] = field(default_factory=dict)
    returned: dict[str, Decimal] = field(default_factory=dict)
    cash_out: dict[str, Decimal] = field(default_factory=dict)
    cash_out_fee: dict[str, Decimal] = field(default_factory=dict)
    rake: Decimal = _ZERO
    jackpot: Decimal = _ZERO
    total_pot: Decimal | None = None
    pots: list[Decimal] = field(default_factory=list)
    currency: str | None = None
    table: str | None = None
    seat_count: int | None = None
    tournament: str | None = None
    started: datetime.datetime | None = None  # when the hand started, as the site wrote it
    zone: str | None = None  # the abbreviation written after that time (ET, CET, UTC, EST)
    started_et: datetime.datetime | None = None  # PokerStars' Eastern time beside a local one
    no_show: list[str] = field(default_factory=list)
    stack_cap: Decimal | None = None  # capped no limit (R46): at most this much in per player
    dialect: str | None = None  # the row of the family's table of dialects that read the hand
    pot_shares: list[tuple[str, str, Decimal]] = field(default_factory=list)  # (pot, name, chips)
    extra: dict[str, Any] = field(default_factory=dict)
    put: dict[str, Decimal] = field(default_factory=dict)
    folded: set[str] = field(default_factory=set)
    dead: dict[str, Decimal] = field(default_factory=dict)
    street_total: dict[str, Decimal] = field(default_factory=dict)
    street: int = 0
    by_name: dict[str, Seat] = field(default_factory=dict)

    def seat(self, number: int, name: str, stack: Decimal, dealt: bool = True) -> None:
        """Add a seat (in the order the site lists them)."""
        if name in self.by_name:
            raise HandHistoryError(f"player {name!r} is seated twice")
        s = Seat(number, name, stack, dealt)
        self.seats.append(s)
        self.by_name[name] = s

    def in_play(self, seat: Seat) -> Decimal:
        """The chips ``seat`` can put into this hand: its stack, or the cap when less (R46)."""
        return seat.stack if self.stack_cap is None else min(seat.stack, self.stack_cap)

    def _player(self, name: str) -> Seat:
        s = self.by_name.get(name)
        if s is None:
            raise HandHistoryError(f"a player acts without a seat: {name!r}")
        return s

    def _pay(self, name: str, chips: Decimal) -> None:
        if chips < 0:
            raise HandHistoryError(f"impossible amount {chips} for {name!r}")
        self.put[name] = self.put.get(name, _ZERO) + chips

    def post(self, name: str, kind: str, chips: Decimal) -> None:
        """A forced bet: ``sb``, ``bb``, ``straddle``, ``live`` (a big blind out of turn),
        ``dead`` (dead money, not a bet) or ``ante``; ``chips`` as posted."""
        self._player(name).dealt = True
        self.posts.append((name, kind, chips))
        self._pay(name, chips)
        if kind == "dead":
            self.dead[name] = self.dead.get(name, _ZERO) + chips
        if kind in ("sb", "bb", "straddle", "live"):
            self.street_total[name] = self.street_total.get(name, _ZERO) + chips

    def straddle_to(self, name: str, total: Decimal) -> None:
        """A straddle that brings ``name``'s preflop total to ``total`` (GGPoker writes the total,
        so a player straddling over their own blind or straddle adds only the difference)."""
        self.post(name, "straddle", total - self.street_total.get(name, _ZERO))

    def new_street(self, street: int, cards: list[str]) -> None:
        """Enter street 1 (flop), 2 (turn) or 3 (river) with its new board cards (three on the
        flop, one on the turn and the river: any other count is not a hold'em deal)."""
        if not 1 <= street <= 3:
            raise HandHistoryError(f"no street {street}")
        if len(cards) != (3 if street == 1 else 1):
            raise HandHistoryError(f"the {('flop', 'turn', 'river')[street - 1]} deals {len(cards)} "
                                   f"card{'' if len(cards) == 1 else 's'}: {' '.join(cards) or 'none'}")
        self.street = street
        self.street_total = {}
        self.boards[street - 1] = cards

    def run_street(self, run: int, cards: list[str]) -> None:
        """Deal the next street of run ``run`` (0 for the first) when the board is run several times."""
        while len(self.runs) <= run:
            self.runs.append([])
        self.runs[run].append(cards)

    def act(self, street: int, name: str, verb: str, chips: Decimal | None = None, *,
            by: bool = False) -> None:
        """An action: ``verb`` ``f``, ``x``, ``c`` (``chips`` the call's increment, or ``None``)
        or ``b`` (``chips`` the street total it reaches, or its increment when ``by``)."""
        seat = self.by_name.get(name)
        if seat is None:
            self._player(name)  # raises
        else:
            seat.dealt = True
        if street != self.street:
            raise HandHistoryError(f"action on street {street} during street {self.street}")
        totals = self.street_total
        before = totals.get(name, _ZERO)
        if verb == "f":
            self.folded.add(name)  # a player all-in who folds concedes (R48)
            self.actions.append((street, name, verb, before))
            return
        if verb == "c":
            if chips is None:
                chips = max(totals.values(), default=_ZERO) - before
            self._pay(name, chips)
            totals[name] = before + chips
            to = before + chips
        elif verb == "b":
            if chips is None:
                raise HandHistoryError("a bet needs an amount")
            to = before + chips if by else chips
            self._pay(name, to - before)
            totals[name] = to
            top = max([v for k, v in totals.items() if k != name], default=_ZERO)
            if to > top and top > 0 and not any(
                    s.dealt and s.name != name and s.name not in self.folded
                    and self.street_total.get(s.name, _ZERO) + self.in_play(s) - self.put.get(s.name, _ZERO) > top
                    for s in self.seats):
                verb = "c"  # a "raise" nobody left can call is a call; the excess comes back
        elif verb == "x":
            to = before
        else:
            raise HandHistoryError(f"unknown verb {verb!r}")
        self.actions.append((street, name, verb, to))

    def dealt_to(self, line: str) -> None:
        """A ``Dealt to NAME [Ah Kd]`` line (any site's spelling of the cards: ``[ 8h, Kd ]`` too):
        the hole cards of a seated player; a line without two known cards says nothing."""
        body = line[9:]
        b = body.rfind(" [")
        name = body[:b]
        if b >= 0 and name in self.by_name:
            cards = "".join(body[b + 2:].rstrip().rstrip("]").replace(",", " ").split())
            if len(cards) == 4:
                self.holes[name] = cards

    def collect(self, name: str, chips: Decimal, pot: str | None = None) -> None:
        """``name`` collected ``chips`` from a pot (``pot`` the pot's name when the text gives it:
        two players collecting from one pot split it)."""
        self._player(name)
        self.collected[name] = self.collected.get(name, _ZERO) + chips
        if pot is not None:
            self.pot_shares.append((pot, name, chips))

    def give_back(self, name: str, chips: Decimal) -> None:
        """An uncalled bet of ``chips`` returned to ``name``."""
        self._player(name)
        self.returned[name] = self.returned.get(name, _ZERO) + chips

    def live_put(self) -> list[tuple[str, Decimal]]:
        """Each player's chips in the pot less dead money, largest first (the uncalled bet is the
        top one's excess over the next)."""
        return sorted(((k, v - self.dead.get(k, _ZERO)) for k, v in self.put.items()),
                      key=lambda kv: kv[1], reverse=True)

    def finishing(self, name: str) -> Decimal:
        """The site's final stack of ``name``: start - put in + collected + returned + cashed out."""
        s = self.by_name[name]
        return (s.stack - self.put.get(name, _ZERO) + self.collected.get(name, _ZERO)
                + self.returned.get(name, _ZERO) + self.cash_out.get(name, _ZERO))


def settle_unstated(hand: SiteHand, *, included: bool | None) -> None:
    """Book the uncalled bet and the rake of a site that writes neither, from the text's amounts.

    Nobody called the top contributor's excess over the next one, so it goes back to them.
    ``included`` says whether the site counts it in what that player collected (PartyPoker,
    iPoker: ``True``); ``None`` decides by the amounts (888 leaves it out, except when the hand
    pays out more than the called pot). The rake is the called pot less what was paid out; a
    tournament takes none.

    Raises
    ------
    HandHistoryError
        When the amounts cannot add up.

    Examples
    --------
    >>> from decimal import Decimal as D
    >>> h = SiteHand("888", "5", 1, sb=D(1), bb=D(2), button=1)
    >>> h.seat(1, "ann", D(50)); h.seat(2, "bob", D(50))
    >>> h.post("ann", "sb", D(1)); h.post("bob", "bb", D(2))
    >>> h.act(0, "ann", "b", D(6)); h.act(0, "bob", "f")
    >>> h.collected["ann"] = D(4)                  # the text: ann collected the called pot
    >>> settle_unstated(h, included=False)
    >>> h.returned, h.rake
    ({'ann': Decimal('4')}, Decimal('0'))
    """
    ranked = hand.live_put()
    excess = ranked[0][1] - ranked[1][1] if len(ranked) >= 2 else _ZERO
    put = sum(hand.put.values(), _ZERO)
    paid = sum(hand.collected.values(), _ZERO)
    if included is None:
        included = paid > put - excess
    if excess > 0 and included:
        name = ranked[0][0]
        if hand.collected.get(name, _ZERO) < excess:
            raise HandHistoryError(f"{name!r} bet {excess} more than anyone called and collects less")
        hand.collected[name] -= excess
        paid -= excess
        if hand.pots:  # the excess came back in the last pot the player won
            hand.pots[-1] -= excess
            if not hand.pots[-1]:
                hand.pots.pop()
    if excess > 0:
        hand.give_back(ranked[0][0], excess)
    rake = put - excess - paid
    if rake < 0 or (hand.tournament is not None and rake):
        raise HandHistoryError(f"the amounts do not add up: {put - excess} in the pot, {paid} paid out")
    hand.rake = rake


def _num(value: Decimal) -> int | Decimal:
    """An amount for PHH: an int when whole, else the Decimal without trailing zeros."""
    if not value:
        return 0  # the most common amount (antes, blinds beyond the big blind)
    if value == value.to_integral_value():
        return int(value)
    return value.normalize()


def _short(h: SiteHand, order: list[Seat], blinds: list[Decimal]) -> bool:
    """Whether the big blind was posted short (all-in for less)."""
    n = len(order)
    player = order[0] if n > 2 and not blinds[1] else order[0 if n == 2 else 1]
    return h.put.get(player.name, _ZERO) == h.in_play(player)


def _ante_only(h: SiteHand, player: Seat) -> bool:
    """Whether ``player`` posted antes and nothing else (all-in on the ante: no blind was left)."""
    kinds = {kind for name, kind, _ in h.posts if name == player.name}
    return kinds == {"ante"}


def _site_odd_chips(h: SiteHand, index: dict[str, int]) -> list[int] | None:
    """The player numbers the site gave the odd chips of its one split pot to (R47), when they
    are not R38's (one at a time from the first seat left of the button); None otherwise."""
    by_pot: dict[str, list[tuple[int, Decimal]]] = {}
    for pot, name, chips in h.pot_shares:
        by_pot.setdefault(pot, []).append((index[name], chips))
    split = [shares for shares in by_pot.values() if len(shares) >= 2]
    if len(split) != 1 or h.runs or h.cash_out:
        return None
    shares = sorted(split[0])  # PHH order: p1 is the first seat left of the button
    if len({k for k, _ in shares}) != len(shares):
        return None
    exponent = min(int(c.as_tuple().exponent) for _, c in shares)
    chip = Decimal(1).scaleb(exponent)
    low = min(c for _, c in shares)
    if any(c not in (low, low + chip) for _, c in shares):
        return None  # not an even split with odd chips
    got = [k for k, c in shares if c == low + chip]
    if not got or got == [k for k, _ in shares][:len(got)]:
        return None  # no odd chip, or R38's own
    return [k + 1 for k in got]


def _posted_blind_seats(h: SiteHand, index: dict[str, int], n: int) -> tuple[int, int] | None:
    """The (small, big) blind positions of the post lines when they are not the PHH order's
    (the button posting the big blind heads-up; blinds behind a player dealt in without
    posting); None when the posts sit where the order puts them, or say nothing clear."""
    small = next((index.get(name) for name, kind, _ in h.posts if kind == "sb"), None)
    big = next((index.get(name) for name, kind, _ in h.posts if kind == "bb"), None)
    if small is None or big is None or small == big:
        return None
    if (small, big) == ((n - 1, 0) if n == 2 else (0, 1)):
        return None
    if n > 2 and (big != small + 1 or any(kind == "straddle" for _, kind, _ in h.posts)):
        return None  # a small blind out of its place stays dead money (R43)
    return small, big


def check_amounts(h: SiteHand) -> None:
    """Check that the site's own numbers add up; infer an uncalled bet the text leaves out.

    The chips put in less those returned must make the stated total pot; a difference that is
    exactly the top contributor's excess over everyone else is an uncalled bet the text does not
    mention, and is returned. The amounts collected plus the rake and fees must make the total
    pot (unless a player cashed out, whose share the site keeps).

    >>> from decimal import Decimal as D
    >>> h = SiteHand("Demo", "6", 1, sb=D(1), bb=D(2), button=1, total_pot=D(4))
    >>> h.seat(1, "ann", D(50)); h.seat(2, "bob", D(50))
    >>> h.post("ann", "sb", D(1)); h.post("bob", "bb", D(2)); h.act(0, "ann", "c")
    >>> h.act(0, "bob", "x"); h.collected["bob"] = D(4)
    >>> check_amounts(h)                           # 2 + 2 put in, 4 collected: it adds up
    >>> h.collected["bob"] = D(5)
    >>> check_amounts(h)
    Traceback (most recent call last):
    ...
    fastholdem.errors.HandHistoryError: ...
    """
    if h.total_pot is None:
        return
    put = sum(h.put.values(), _ZERO)
    returned = sum(h.returned.values(), _ZERO)
    taken = h.rake + h.jackpot
    if (taken and not h.cash_out and sum(h.collected.values(), _ZERO) == h.total_pot
            and put - returned - h.total_pot >= taken):
        h.total_pot += taken  # a tracker's re-export writes the total pot net of the rake
    diff = put - returned - h.total_pot
    if diff:
        ranked = h.live_put()
        top, second = ranked[0], ranked[1] if len(ranked) > 1 else ("", _ZERO)
        if diff > 0 and top[1] - second[1] == diff and top[0] not in h.returned:
            h.returned[top[0]] = diff
        else:
            raise HandHistoryError(f"the amounts do not add up: {put} put in, {returned} returned, "
                                   f"but the total pot is {h.total_pot}")
    if not h.cash_out:
        paid = sum(h.collected.values(), _ZERO) + h.rake + h.jackpot
        if paid != h.total_pot:
            raise HandHistoryError(f"the amounts do not add up: the total pot is {h.total_pot}, "
                                   f"{paid - h.rake - h.jackpot} collected and {h.rake + h.jackpot} taken")


def check_cards(h: SiteHand) -> None:
    """Every card at most once among the hole cards and the boards (of one run)."""
    common = [c for street in h.boards for c in street]
    holes = [v[i:i + 2] for v in h.holes.values() for i in range(0, len(v), 2)]
    runs = h.runs or [[]]
    for run in runs:
        dealt = holes + common + [c for street in run for c in street]
        if len({card[0].upper() + card[1:].lower() for card in dealt}) == len(dealt):
            continue  # no card twice (the loop below names the first one dealt again)
        seen: set[str] = set()
        for card in dealt:
            key = card[0].upper() + card[1:].lower()
            if key in seen:
                raise HandHistoryError(f"the text deals a card twice: {card}")
            seen.add(key)


def to_phh(h: SiteHand) -> phh.HandHistory:
    """Build the PHH hand history of a site hand (raises HandHistoryError when it cannot).

    >>> from decimal import Decimal as D
    >>> h = SiteHand("Demo", "3", 1, sb=D("0.5"), bb=D(1), button=1)
    >>> h.seat(1, "ann", D(20)); h.seat(2, "bob", D(30))
    >>> h.post("ann", "sb", D("0.5")); h.post("bob", "bb", D(1)); h.act(0, "ann", "f")
    >>> h.returned["bob"] = D("0.5"); h.collected["bob"] = D(1)
    >>> hh = to_phh(h)
    >>> hh.variant, hh.fields["_site"], hh.replay().stacks == hh.finishing_stacks
    ('NT', 'Demo', True)
    """
    check_amounts(h)
    check_cards(h)
    dealt = sorted((s for s in h.seats if s.dealt), key=lambda s: s.number)
    n = len(dealt)
    if n < 2:
        raise HandHistoryError(f"{n} player(s) dealt in: not a hand")
    if n > 10:
        raise HandHistoryError(f"{n} players dealt in: at most 10")
    unit = h.bb
    if unit <= 0 and not any(kind in ("bb", "live") for _, kind, _ in h.posts):
        # No stakes in the text and no blind posted: only a hand in which nobody can bet (all
        # but one player all-in on the antes) plays without one; the ante stands in as the unit.
        with_chips = [s for s in dealt if h.put.get(s.name, _ZERO) < h.in_play(s)]
        ante_posts = [c for _, kind, c in h.posts if kind == "ante"]
        if len(with_chips) > 1 or not ante_posts or h.actions:
            raise HandHistoryError("the text gives no big blind (no stakes and none posted)")
        unit = max(ante_posts)
    numbers = [s.number for s in dealt]
    # PHH order: p1 is the first player dealt in left of the button, the last is the button.
    after = [k for k, num in enumerate(numbers) if num > h.button]
    start = after[0] if after else 0
    order = dealt[start:] + dealt[:start]
    index = {s.name: k for k, s in enumerate(order)}
    label = {s.name: f"p{k + 1}" for k, s in enumerate(order)}
    blinds: list[Decimal] = [_ZERO] * n
    antes: list[Decimal] = [_ZERO] * n
    live: list[Decimal] = [_ZERO] * n
    dead: list[Decimal] = [_ZERO] * n
    sb_pos, bb_pos = (n - 1, 0) if n == 2 else (0, 1)
    placed = _posted_blind_seats(h, index, n)
    if placed is not None:  # the blinds where the site placed them (R44): positions from the posts
        sb_pos, bb_pos = placed
    big = _ZERO  # the big blind as posted (before any straddle over it): the bet unit
    for name, kind, chips in h.posts:
        k = index.get(name)
        if k is None:
            raise HandHistoryError(f"a player posts but is not dealt in: {name!r}")
        if kind == "ante":
            antes[k] += chips
        elif kind == "sb" and k == sb_pos and not blinds[0]:
            blinds[0] = chips
        elif kind == "bb" and k == bb_pos and not blinds[1]:
            blinds[1] = big = chips
        elif kind == "straddle" and n > 2 and k >= 2:
            blinds[k] += chips  # a second straddle from the same seat adds to the first
        elif kind == "straddle" and n > 2 and k == 1 and blinds[1]:
            blinds[1] += chips  # the big blind straddles over its own blind: a bigger live blind
        elif kind == "sb" or kind == "dead":
            dead[k] += chips  # a small blind out of its place is dead money
        elif kind in ("bb", "live"):
            live[k] += chips  # a big blind out of its place is a live bet
        else:
            raise HandHistoryError(f"unsupported forced bet: {name!r} posts {kind} {chips}")
    lone = n > 2 and not blinds[0] and not blinds[1] and bool(live[0])
    if lone:
        blinds[0], live[0] = live[0], _ZERO  # no small blind: p1 posts the big blind ([B, 0, ...])
    # A blind posted short because it was the player's whole stack, or not posted at all because
    # the ante took the whole stack: the nominal blind (the replay posts what the stack holds).
    nominal = {0: h.sb, 1: unit}
    for k in (0, 1) if not lone else ():
        player = order[(sb_pos, bb_pos)[k]]
        all_in = h.put.get(player.name, _ZERO) == h.in_play(player)
        if blinds[k] < nominal[k] and all_in and (blinds[k] or _ante_only(h, player)):
            blinds[k] = nominal[k]
    top = max(antes, default=_ZERO)
    for k, a in enumerate(antes):
        if 0 < a < top and h.put.get(order[k].name, _ZERO) == h.in_play(order[k]):
            antes[k] = top
    if n == 2:
        blinds = [blinds[0], blinds[1]]
        antes = [antes[n - 1], antes[0]]
    actions: list[str] = []
    for s in order:
        actions.append(f"d dh {label[s.name]} {h.holes.get(s.name, '????')}")
    street = 0
    for st, name, verb, to in h.actions:
        while street < st:
            street += 1
            cards = h.boards[street - 1]
            if not cards:
                raise HandHistoryError(f"street {street} has actions but no board")
            actions.append("d db " + "".join(cards))
        p = label.get(name)
        if p is None:
            raise HandHistoryError(f"a player acts but is not dealt in: {name!r}")
        if verb == "f":
            actions.append(f"{p} f")
        elif verb in ("x", "c"):
            actions.append(f"{p} cc")
        else:
            actions.append(f"{p} cbr {_num(to)}")
    while street < 3 and h.boards[street]:
        street += 1
        actions.append("d db " + "".join(h.boards[street - 1]))
    for run in h.runs:
        for cards in run:
            actions.append("d db " + "".join(cards))
    for name, shown in h.shows:
        p = label.get(name)
        if p is None:
            raise HandHistoryError(f"a player shows but is not dealt in: {name!r}")
        actions.append(f"{p} sm {shown}" if shown else f"{p} sm")
    hh = phh.HandHistory(
        variant=h.variant,
        antes=[_num(a) for a in antes],
        blinds_or_straddles=[_num(b) for b in blinds],
        starting_stacks=[_num(s.stack) for s in order],
        actions=actions,
        finishing_stacks=[_num(h.finishing(s.name)) for s in order],
        ante_trimming_status=any(antes) and len(set(antes)) == 1,
    )
    if h.variant == "FT":
        hh.small_bet = _num(h.small_bet if h.small_bet is not None else h.bb)
        hh.big_bet = _num(h.big_bet if h.big_bet is not None else 2 * h.bb)
    else:
        # The big blind posted is the bet unit (a header may name the next level's stakes).
        posted = blinds[0] if n > 2 and not blinds[1] else big
        short = _short(h, order, blinds) if placed is None else h.put.get(order[bb_pos].name, _ZERO) \
            == h.in_play(order[bb_pos])
        hh.min_bet = _num(posted if posted and posted >= unit / 2 and not short else unit)
    fields = hh.fields
    fields["_site"] = h.site
    fields["_hand_id"] = h.hand_id
    if h.started is not None:  # the PHH date and time fields, as the site wrote them
        fields["year"], fields["month"], fields["day"] = h.started.year, h.started.month, h.started.day
        fields["time"] = h.started.time()
        if h.zone is not None:
            if h.zone in TIME_ZONES:
                fields["time_zone"] = TIME_ZONES[h.zone]
            fields["_time_zone_abbreviation"] = h.zone
        if h.started_et is not None:
            fields["_time_et"] = h.started_et.isoformat(sep=" ")  # PokerStars' [... ET] beside a local time
    if h.table is not None:
        fields["table"] = h.table
    if h.currency:
        fields["currency"] = h.currency
    if h.tournament is not None:
        fields["_tournament"] = h.tournament
    fields["seats"] = [s.number for s in order]
    if h.seat_count is not None:
        fields["seat_count"] = h.seat_count
    fields["players"] = [s.name for s in order]
    if placed is not None:
        fields["_blind_seats"] = [sb_pos + 1, bb_pos + 1]
    if h.stack_cap is not None:
        fields["_stack_cap"] = _num(h.stack_cap)
    odd = _site_odd_chips(h, index)
    if odd:
        fields["_odd_chips"] = odd
    if any(live):
        fields["_live_posts"] = [_num(v) for v in live]
    if any(dead):
        fields["_dead_posts"] = [_num(v) for v in dead]
    taken = h.rake + h.jackpot
    if taken:
        fields["_rake"] = _num(taken)
    if len(h.runs) > 1:  # run it N times (R41): the _runouts field of fastholdem.phh
        if "runouts" in {f.name for f in dataclasses.fields(hh)}:
            setattr(hh, "runouts", len(h.runs))
        else:
            fields["_runouts"] = len(h.runs)
    if len(h.pots) > 1:
        fields["_pots"] = [_num(p) for p in h.pots]
    if h.no_show:  # an uncontested winner's "doesn't show hand"
        fields["_no_show"] = [s.name in h.no_show for s in order]
    if h.cash_out:
        fields["_cash_out"] = [_num(h.cash_out.get(s.name, _ZERO)) for s in order]
        if h.cash_out_fee:
            fields["_cash_out_fee"] = [_num(h.cash_out_fee.get(s.name, _ZERO)) for s in order]
    for key, value in h.extra.items():
        fields[key] = value
    return hh
