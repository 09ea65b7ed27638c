"""Ignition and Bovada hand histories (anonymous tables) read into a SiteHand.

Ignition (and Bovada, its former name, and Bodog) seat anonymous players: each is named by
the position they hold in the hand (``Dealer``, ``Small Blind``, ``Big Blind``, ``UTG``,
``UTG+1``, ...), the downloading player marked ``[ME]``; and the history, downloaded after the
hand, gives every player's hole cards (``Card dealt to a spot``). A hand::

    Ignition Hand #4100000001 TBL#20000001 HOLDEM No Limit - 2021-02-03 19:05:11
    Seat 1: Dealer ($25 in chips)
    Seat 2: Small Blind ($25 in chips)
    Seat 4: Big Blind [ME] ($10 in chips)
    Dealer : Set dealer [1]
    Small Blind : Small Blind $0.10
    Big Blind  [ME] : Big blind $0.25
    *** HOLE CARDS ***
    Dealer : Card dealt to a spot [Ah Kd]
    ...
    Dealer : Raises $0.75 to $0.75          (also: Folds, Checks, Calls $X, Bets $X,
    Small Blind : Folds                      All-in $X, All-in(raise) $X to $Y)
    Big Blind  [ME] : Calls $0.50
    *** FLOP *** [2c 7d Ks]
    Big Blind  [ME] : Checks
    Dealer : Bets $1
    Big Blind  [ME] : Folds
    Dealer : Return uncalled portion of bet $1
    Dealer : Does not show [Ah Kd] (High Card)
    Dealer : Hand result $1.54
    *** SUMMARY ***
    Total Pot($1.60)
    ...

Posts: ``Small Blind $X``, ``Big blind $X``, ``Ante chip $X``, ``Posts chip $X`` (a big blind
out of turn, live) and ``Posts dead chip $X`` (dead money). ``Hand result`` (and ``Hand
result-Side pot``) is what a player collected; ``Total Pot`` is the chips called, so the rake is
the total less what was collected. Names are the positions without ``[ME]``; the hero's is
recorded as ``_hero``.

>>> lines = '''Ignition Hand #7 TBL#1 HOLDEM No Limit - 2021-02-03 19:05:11
... Seat 1: Dealer ($25 in chips)
... Seat 2: Big Blind [ME] ($25 in chips)
... Dealer : Set dealer [1]
... Dealer : Small Blind $0.10
... Big Blind  [ME] : Big blind $0.25
... *** HOLE CARDS ***
... Dealer : Card dealt to a spot [Ah Kd]
... Big Blind  [ME] : Card dealt to a spot [7c 2d]
... Dealer : Raises $0.75 to $0.75
... Big Blind  [ME] : Folds
... Dealer : Return uncalled portion of bet $0.50
... Dealer : Does not show [Ah Kd] (High Card)
... Dealer : Hand result $0.50
... *** SUMMARY ***
... Total Pot($0.50)'''.splitlines()
>>> hand = parse(lines, 1)
>>> hand.site, hand.hand_id, hand.button, hand.finishing("Dealer"), hand.extra["_hero"]
('Ignition', '7', 1, Decimal('25.25'), 'Big Blind')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from ...errors import HandHistoryError
from .calls import bounded, call_increment, checked_cards
from .model import SiteHand, SkipHand, incomplete, stamp
from .money import amount as _money
from .text import board

__all__ = ["SITE", "START", "parse"]

SITE = "Ignition"
#: The first line of every Ignition, Bovada or Bodog hand.
START = re.compile(r"^\ufeff?(?:Ignition|Bovada|Bodog) Hand #[0-9]+")

_HEADER = re.compile(r"^\ufeff?(?P<site>Ignition|Bovada|Bodog) Hand #(?P<id>[0-9]+):?\s*(?P<rest>.*)$")
_GAME = re.compile(r"\b(?P<game>HOLDEM(?:ZonePoker)?|OMAHA\w*|OMAHA HiLo|[A-Z]+)\s+(?P<limit>No Limit|Pot Limit|Limit)\b")
_TABLE = re.compile(r"TBL#(?P<table>[0-9]+)")
#: A tournament hand's game: ``HOLDEM Tournament #18509313 TBL#1, Normal- Level 1 (10/20)`` (the
#: header names no limit; Ignition's hold'em tournaments are no limit).
_TOURNEY_GAME = re.compile(r"^HOLDEM Tournament #[0-9]+\b")
_TOURNAMENT = re.compile(r"(?:Tournament|TRN|TOURNAMENT)\s*#?\s*(?P<id>[0-9]+)")
_SEAT = re.compile(r"^Seat (?P<num>[0-9]+): (?P<name>.+?) \((?P<stack>[^()]*?) in chips\)")
_DEALER = re.compile(r"^Set dealer(?: \[(?P<seat>[0-9]+)\])?")
_RAISE = re.compile(r"^(?:Raises|All-in\(raise\)) (?P<by>\S+) to (?P<to>\S+)$")
_ME = re.compile(r"\s*\[ME\]\s*")
#: The posts, as written, and their kind (``SiteHand.post``): a big blind out of turn is live.
_POSTS = {"Small Blind ": "sb", "Small blind ": "sb", "Big blind ": "bb", "Big Blind ": "bb", "Ante chip ": "ante",
          "Posts dead chip ": "dead", "Posts chip ": "live"}
_POST_WORDS = tuple(_POSTS)
_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
# What a player does that moves no chips and shows no cards.
_NOISE = re.compile(
    r"^(?:Table enter user|Table leave user|Table deposit.*|Seat sit down|Seat stand|Seat sit out|"
    r"Sitout.*|Sit out.*|Seat re-join|Draw for dealer.*|Enter\(Auto\)|Leave\(Auto\)|Re-join|Set dealer.*|"
    r"Stand|Sit Down|Leave|Enter|Checks? (?:out|in)|Chat.*|Table Closed.*|Ranking.*|Prize Cash.*)\s*$")


def _amount(text: str) -> Decimal:
    return bounded(_money(text.strip(), decimal="."), "amount")


def _name(text: str) -> str:
    return " ".join(_ME.sub(" ", text).split())


def parse(lines: Sequence[str], first_line: int) -> SiteHand:
    """Read one Ignition/Bovada hand (its lines, the header first); ``first_line`` is its line.

    Raises
    ------
    SkipHand
        Another game than hold'em.
    HandHistoryError
        A line that does not read (the message gives its number and text).

    Examples
    --------
    >>> parse(["Bovada Hand #5 TBL#2 OMAHA Pot Limit - 2016-06-29 19:06:32"], 1)
    Traceback (most recent call last):
    ...
    fastholdem.history.sites.model.SkipHand: other game: OMAHA
    """
    m = _HEADER.match(lines[0].strip())
    if m is None:
        raise HandHistoryError("not an Ignition hand header")
    rest = m.group("rest")
    game = _GAME.search(rest)
    if game is None and _TOURNEY_GAME.match(rest):  # a tournament names no limit: no limit hold'em
        variant = "NT"
    elif game is None or not game.group("game").startswith("HOLDEM"):
        raise SkipHand(f"other game: {game.group('game') if game else rest.split(' - ')[0].strip()}")
    else:
        variant = {"No Limit": "NT", "Pot Limit": "PT", "Limit": "FT"}[game.group("limit")]
    t = _TOURNAMENT.search(rest)
    hand = SiteHand(SITE if m.group("site") == "Ignition" else m.group("site"), m.group("id"), first_line,
                    variant=variant, tournament=t.group("id") if t else None)
    table = _TABLE.search(rest)
    if table is not None:
        hand.table = table.group("table")
    when = stamp(rest)
    if when is not None:
        hand.started, hand.zone = when
    names: dict[str, str] = {}
    street = 0
    section = "seats"
    total_seen = False
    dollars = False
    dealer: int | None = None
    for k, raw in enumerate(lines[1:], 1):
        line = raw.strip()
        where = first_line + k
        if not line:
            continue
        try:
            if section == "seats":
                sm = _SEAT.match(line)
                if sm is not None:
                    full = sm.group("name")
                    name = _name(full)
                    if "[ME]" in full:
                        hand.extra["_hero"] = name
                    dollars = dollars or "$" in sm.group("stack")
                    hand.seat(int(sm.group("num")), name, _amount(sm.group("stack")))
                    names[name] = name
                    continue
                section = "play"
            if line.startswith("*** "):
                head = line[4:].split(" ***")[0].strip()
                if head in _STREETS:
                    street = _STREETS[head]
                    hand.new_street(street, checked_cards(board(line), head.lower()))
                elif head == "SUMMARY":
                    section = "summary"
                elif head not in ("HOLE CARDS", "SHOW DOWN", "SHOWDOWN"):
                    raise HandHistoryError(f"unknown section {line!r}")
                continue
            if section == "summary":
                if line.startswith("Total Pot"):
                    tm = re.match(r"^Total Pot\s*\(\s*(?P<amt>[^)]+)\)", line)
                    if tm is None:
                        raise HandHistoryError(f"unreadable total {line!r}")
                    hand.total_pot = _amount(tm.group("amt"))
                    total_seen = True
                continue  # the board and the seats again: nothing new
            who, sep, verb = line.partition(" : ")
            if not sep and _NOISE.match(line):
                continue  # a table event without a player: "Enter(Auto)"
            if not sep:
                raise HandHistoryError(f"unrecognised line {line!r}")
            name = _name(who)
            verb = verb.strip()
            dm = _DEALER.match(verb)
            if dm is not None:
                if dm.group("seat"):
                    dealer = int(dm.group("seat"))
                continue
            if name not in names:
                if _NOISE.match(verb):
                    continue
                raise HandHistoryError(f"a player acts without a seat: {name!r}")
            _verb(hand, name, verb, street)
        except SkipHand:
            raise
        except HandHistoryError as exc:
            raise HandHistoryError(f"line {where}: {exc}") from None
    if not total_seen:
        raise incomplete("the hand ends before its summary (no total pot)")
    if dollars and hand.tournament is None:
        hand.currency = "USD"
    posts = {kind: chips for _, kind, chips in hand.posts}
    hand.bb = posts.get("bb", posts.get("live", Decimal(0)))
    hand.sb = posts.get("sb", hand.bb / 2)
    if variant == "FT":
        hand.small_bet, hand.big_bet = hand.bb, 2 * hand.bb
    named = hand.by_name.get("Dealer")
    if dealer is not None and (named is not None and named.number != dealer
                               or all(x.number != dealer for x in hand.seats)):
        _seats_by_position(hand)  # a tournament's seat numbers do not go round the table
        dealer = None
    if dealer is None:
        seat = hand.by_name.get("Dealer")
        if seat is None:
            raise HandHistoryError(f"line {first_line}: no dealer seat (no 'Set dealer' line, no 'Dealer')")
        dealer = seat.number
    hand.button = dealer
    collected = sum(hand.collected.values(), Decimal(0))
    rake = hand.total_pot - collected if hand.total_pot is not None else Decimal(0)
    if rake < 0 or (rake and hand.tournament is not None):
        raise HandHistoryError(f"the amounts do not add up: the total pot is {hand.total_pot}, "
                               f"{collected} collected")
    hand.rake = rake
    return hand


#: The position names in the order they sit round the table from the button's left.
_ORDER = re.compile(r"^(?:Small Blind|Big Blind|UTG(?:\+(?P<k>[0-9]))?|Dealer)$")


def _seats_by_position(hand: SiteHand) -> None:
    """Number the seats by their position names (small blind 1, ..., the dealer last) when the
    hand's seat numbers are not the table's (a tournament hand writes ``Seat 297:`` and ``Set
    dealer [1]``, or ``Set dealer [9]`` with the ``Dealer`` on seat 5):
    Ignition names every player by position, so the names say where each one sits.

    Raises HandHistoryError when a name is not a position, so the order cannot be decided."""
    def rank(name: str) -> int:
        m = _ORDER.match(name)
        if m is None:
            raise HandHistoryError(f"the dealer's seat is not seated and {name!r} names no position: "
                                   f"the order round the table cannot be decided")
        return {"Small Blind": 0, "Big Blind": 1, "Dealer": 99}.get(name, 2 + int(m.group("k") or 0))
    for number, seat in enumerate(sorted(hand.seats, key=lambda x: rank(x.name)), 1):
        seat.number = number


def _verb(hand: SiteHand, name: str, verb: str, street: int) -> None:
    word = verb.split(" ")[0]
    if verb.startswith("Card dealt to a spot"):
        shown = "".join(checked_cards(board(verb), f"the cards of {name!r}"))
        if len(shown) == 4:
            hand.holes[name] = shown
    elif verb == "Folds" or verb.startswith(("Folds ", "Folds(")):  # Folds(timeout), Folds(auction)
        hand.act(street, name, "f")
    elif verb == "Checks":
        hand.act(street, name, "x")
    elif word in ("Calls", "Call"):  # the tournament client writes "Call 20"
        hand.act(street, name, "c", call_increment(hand, name, _amount(verb[len(word) + 1:])))
    elif word == "Bets" or verb.startswith("All-in(bet)"):
        hand.act(street, name, "b", _amount(verb.split(" ", 1)[1]), by=True)
    elif _RAISE.match(verb):
        rm = _RAISE.match(verb)
        assert rm is not None
        hand.act(street, name, "b", _amount(rm.group("to")))
    elif word == "All-in":
        chips = _amount(verb[7:])
        before = hand.street_total.get(name, Decimal(0))
        top = max(hand.street_total.values(), default=Decimal(0))
        if before + chips > top:
            hand.act(street, name, "b", chips, by=True)
        else:
            hand.act(street, name, "c", call_increment(hand, name, chips))
    elif verb.startswith(_POST_WORDS):
        words = next(w for w in _POST_WORDS if verb.startswith(w))
        hand.post(name, _POSTS[words], _amount(verb[len(words):]))
    elif verb.startswith("Return uncalled portion of bet "):
        hand.give_back(name, _amount(verb[31:]))
    elif verb.startswith(("Hand result", "Hand Result")):
        hand.collect(name, _amount(verb.rsplit(" ", 1)[1]))
    elif verb.startswith("Showdown"):
        still_in = [x for x in hand.seats if x.dealt and x.name not in hand.folded]
        if len(still_in) > 1 and all(name != who for who, _ in hand.shows):  # not a walk's lone "Showdown"
            hand.shows.append((name, hand.holes.get(name)))
    elif verb.startswith("Mucks"):
        hand.shows.append((name, None))
    elif verb.startswith("Does not show"):
        if name not in hand.no_show:
            hand.no_show.append(name)
    elif _NOISE.match(verb):
        return
    else:
        raise HandHistoryError(f"unknown action {verb!r} of {name!r}")
