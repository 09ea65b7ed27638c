"""PokerNow game logs (the CSV download and the JSON log) read into SiteHands.

A PokerNow log is one entry per event, newest first: the CSV has the columns ``entry,at,order``
(the text, the UTC time, a number that orders the entries); the JSON log is a list of entries
(or ``{"logs": [...]}``) with the text in ``msg`` (or ``entry``). The entries are put in
``order`` (oldest first) and cut into hands at ``-- starting hand #N (id: ...) (No Limit Texas
Hold'em) (dealer: "NAME @ ID") --`` and ``-- ending hand #N --``. A hand's lines::

    Player stacks: #1 "Ava @ a1" (1000) | #3 "Bob @ b2" (980)
    "Ava @ a1" posts a small blind of 10        (also: a big blind, a straddle, a missing
    "Bob @ b2" posts a big blind of 20           small blind: dead money, a missed big blind)
    "Ava @ a1" raises to 60                      (the street total; "bets 40", "calls 60",
    "Bob @ b2" calls 60                           "checks", "folds"; "... and go all in")
    Flop:  [2♠, 7♥, Q♦]                          (Turn: 2♠, 7♥, Q♦ [K♣]; River: ...;
    Uncalled bet of 40 returned to "Ava @ a1"     "Flop (second run): ..." when run twice)
    "Bob @ b2" shows a A♠, K♦.
    "Ava @ a1" collected 140 from pot with Pair, Q's (combination: ...)

A call's amount is read either way (PokerNow writes the street total; what the call adds is
taken too, see :mod:`.calls`), and an uncalled bet the log leaves out is returned. PokerNow
takes no rake: the amounts collected must be every chip called, to the chip, and every hand is
replayed by the engine before it is written (the hands people convert by hand are refused by
trackers with "Invalid pot size" when a call is read as a raise or an uncalled bet is kept).

Players are named by the name before ``@`` (the whole ``NAME @ ID`` when two players of a hand
share a name). Ranks ``10`` and suits ``♠♥♦♣`` are read as ``T`` and ``s h d c``.

>>> import json
>>> log = ['-- ending hand #1 --', '"Bob @ b2" collected 30 from pot',
...        'Uncalled bet of 40 returned to "Bob @ b2"', '"Ava @ a1" folds', '"Bob @ b2" raises to 60',
...        '"Bob @ b2" posts a big blind of 20', '"Ava @ a1" posts a small blind of 10',
...        'Player stacks: #1 "Ava @ a1" (1000) | #2 "Bob @ b2" (1000)',
...        '-- starting hand #1 (id: h1) (No Limit Texas Hold\\'em) (dealer: "Ava @ a1") --']
>>> text = json.dumps([{"msg": m, "order": 100 - k} for k, m in enumerate(log)])
>>> [(line, hand.hand_id, hand.finishing("Bob")) for line, _, hand in hands(text, "pokernow-json")]
[(1, 'h1', Decimal('1010'))]
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from ...errors import HandHistoryError
from .calls import bounded, call_increment, return_uncalled
from .model import SiteHand, SkipHand, incomplete

__all__ = ["SITE", "sniff", "hands", "entries", "parse", "card"]

SITE = "PokerNow"
_START = re.compile(r"^-- starting hand #(?P<num>[0-9]+)\s*(?P<rest>.*?)\s*--\s*$")
_END = re.compile(r"^-- ending hand #(?P<num>[0-9]+)\s*--\s*$")
_ID = re.compile(r"\(id: (?P<id>[^)]*)\)")
_DEALER = re.compile(r'\(dealer: "(?P<name>.*)"\)')
_STACK = re.compile(r'#(?P<seat>[0-9]+) "(?P<player>.+?)" \((?P<stack>[0-9.,]+)\)')
_PLAYER = re.compile(r'^"(?P<player>.+?)" (?P<verb>.*)$')
_STREET = re.compile(r"^(?P<street>Flop|Turn|River)(?P<second> \(second run\))?\s*:\s*(?P<cards>.*)$")
_UNCALLED = re.compile(r'^Uncalled bet of (?P<amt>[0-9.,]+) returned to "(?P<player>.+?)"\s*$')
_COLLECT = re.compile(r"^(?:collected|wins) (?P<amt>[0-9.,]+)(?: from (?:the )?(?:main |side )?pot)?\b")
_POST = re.compile(r"^posts an? (?P<what>small blind|big blind|straddle|missing small blind|missed small blind|"
                   r"missing big blind|missed big blind|ante) of (?P<amt>[0-9.,]+)$")
_ALLIN = re.compile(r" and (?:go|goes|went) all in$")
# Entries inside a hand that say nothing about chips or cards.
_NOISE = re.compile(
    r'^(?:Your hand is .*|The (?:player|admin|game).*|All players in hand choose.*|Dead .*|'
    r'Remaining players .*|".+?" (?:chooses|choose|requested|joined|quits|stand|sit|passed|'
    r'approved|wants|decided|uses|used|did not|is).*|undealt cards.*|.*run it twice.*)$', re.IGNORECASE)
_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c", "s": "s", "h": "h", "d": "d", "c": "c"}
_GAMES = ("No Limit Texas Hold'em", "Pot Limit Texas Hold'em", "Limit Texas Hold'em")


def sniff(head: str) -> str | None:
    """``"pokernow-csv"``, ``"pokernow-json"`` or None for text starting with ``head``.

    >>> sniff("entry,at,order\\n"), sniff('[{"msg": "-- ending hand #2 --"}]'), sniff("hello")
    ('pokernow-csv', 'pokernow-json', None)
    """
    head = head.lstrip("\ufeff \t\r\n")
    if head.startswith("entry,at,order"):
        return "pokernow-csv"
    if head[:1] in ("[", "{") and re.search(r'"(?:msg|entry)"\s*:\s*"', head[:4096]) and (
            "hand #" in head[:4096] or '"logs"' in head[:4096]):
        return "pokernow-json"
    return None


def card(text: str) -> str:
    """One PokerNow card as PHH writes it (``10♥`` is ``Th``).

    Raises
    ------
    HandHistoryError
        Text that is no card (the message quotes it).

    >>> card("10♥"), card("A♠"), card("Qd")
    ('Th', 'As', 'Qd')
    """
    text = text.strip()
    rank, suit = text[:-1], text[-1:]
    rank = "T" if rank == "10" else rank.upper()
    if len(rank) != 1 or rank not in "23456789TJQKA" or suit not in _SUITS:
        raise HandHistoryError(f"not a card: {text!r}")
    return rank + _SUITS[suit]


def _cards(text: str) -> list[str]:
    return [card(c) for c in text.replace("[", " ").replace("]", " ").split(",") if c.strip()]


def _amount(text: str) -> Decimal:
    text = text.replace(",", "")
    try:
        value = Decimal(text)
    except ArithmeticError:
        raise HandHistoryError(f"not an amount: {text!r}") from None
    if not value.is_finite() or value < 0:
        raise HandHistoryError(f"not an amount: {text!r}")
    return bounded(value, "amount")


def entries(text: str, kind: str) -> list[tuple[int, str, str]]:
    """``(line, entry, time)`` of every log entry, oldest first (the line of its text in the file;
    in a JSON log whose entries do not each have one, the entry's number).

    Raises
    ------
    HandHistoryError
        A CSV without its ``entry`` column, or JSON that is no list of entries.

    >>> entries("entry,at,order\\nb,t2,2\\na,t1,1\\n", "pokernow-csv")
    [(3, 'a', 't1'), (2, 'b', 't2')]
    """
    rows: list[tuple[Any, int, str, str]] = []
    if kind == "pokernow-csv":
        reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
        header = next(reader, None)
        if header is None or "entry" not in header:
            raise HandHistoryError("a PokerNow CSV needs an 'entry' column")
        col = {name: k for k, name in enumerate(header)}
        for k, row in enumerate(reader):
            if not row:
                continue
            entry = row[col["entry"]] if col["entry"] < len(row) else ""
            at = row[col["at"]] if "at" in col and col["at"] < len(row) else ""
            order = row[col["order"]] if "order" in col and col["order"] < len(row) else ""
            rows.append((order, reader.line_num, entry, at))
    else:
        try:
            data = json.loads(text.lstrip("\ufeff"))
        except json.JSONDecodeError as exc:
            raise HandHistoryError(f"not JSON: {exc.msg} (line {exc.lineno})") from None
        except (ValueError, RecursionError) as exc:  # nesting too deep, an integer of 4,300 digits
            raise HandHistoryError(f"unreadable JSON: {type(exc).__name__}: {str(exc)[:80]}") from None
        if isinstance(data, dict):
            data = data.get("logs", data.get("entries"))
        if not isinstance(data, list):
            raise HandHistoryError("a PokerNow JSON log must be a list of entries (or {\"logs\": [...]})")
        # Each entry's line in the file: that of its text's key, when each entry has one.
        spots = [m.start() for m in re.finditer(r'"(?:msg|entry)"\s*:', text)]
        starts = [text.count("\n", 0, pos) + 1 for pos in spots] if len(spots) == len(data) else None
        for k, item in enumerate(data):
            if not isinstance(item, dict):
                raise HandHistoryError(f"log entry {k + 1} is not an object")
            line = starts[k] if starts is not None else k + 1
            rows.append((item.get("order", ""), line, str(item.get("msg", item.get("entry", ""))),
                         str(item.get("at", item.get("created_at", "")))))
    keys = [_order_key(r[0]) for r in rows]
    known = [k for k in keys if k is not None]
    if rows and len(known) == len(rows):
        ordered = [r for _, r in sorted(zip(known, rows), key=lambda kr: kr[0])]
    else:  # no order: PokerNow writes the newest first
        ordered = rows[::-1]
    return [(line, entry, at) for _, line, entry, at in ordered]


def _order_key(value: Any) -> Decimal | None:
    try:
        return Decimal(str(value).strip())
    except ArithmeticError:
        return None


def hands(text: str, kind: str = "pokernow-csv") -> Iterator[tuple[int, str | None, SiteHand | HandHistoryError]]:
    """``(line, hand id, SiteHand or the error)`` of each hand of a PokerNow log (see the module
    docstring); a hand cut off before its ending line is skipped as incomplete.

    >>> [(line, item) for line, _, item in hands("entry,at,order\\n", "pokernow-csv")]
    []
    """
    try:
        log = entries(text, kind)
    except HandHistoryError as exc:
        yield 1, None, exc
        return
    current: list[tuple[int, str, str]] = []
    for item in log:
        entry = item[1].strip()
        if entry.startswith("-- starting hand #"):
            if current:
                yield _one(current, ended=False)
            current = [item]
        elif current:
            current.append(item)
            if _END.match(entry):
                yield _one(current, ended=True)
                current = []
    if current:
        yield _one(current, ended=False)


def _one(items: list[tuple[int, str, str]], ended: bool) -> tuple[int, str | None, SiteHand | HandHistoryError]:
    line = items[0][0]
    m = _START.match(items[0][1].strip())
    ident = _ID.search(items[0][1])
    hand_id = ident.group("id").strip() if ident else (m.group("num") if m else None)
    if not ended:
        return line, hand_id, incomplete("the log stops before the hand's ending line")
    try:
        return line, hand_id, parse(items)
    except HandHistoryError as exc:
        return line, hand_id, exc


def _names(stacks: list[tuple[int, str, Decimal]]) -> dict[str, str]:
    """Each ``NAME @ ID`` and the name it is written as (the whole when two share a name)."""
    short = {full: full.rsplit(" @ ", 1)[0] for _, full, _ in stacks}
    counts: dict[str, int] = {}
    for name in short.values():
        counts[name] = counts.get(name, 0) + 1
    return {full: (name if counts[name] == 1 else full) for full, name in short.items()}


def parse(items: list[tuple[int, str, str]]) -> SiteHand:
    """Read one hand's entries (``(line, entry, time)``, oldest first, the starting line first).

    Raises
    ------
    SkipHand
        Another game than Texas hold'em.
    HandHistoryError
        An entry that does not read (the message gives its line) or amounts that do not add up.

    Examples
    --------
    >>> items = [(1, '-- starting hand #3 (id: z9) (dealer: "A @ 1") --', ""),
    ...          (2, 'Player stacks: #1 "A @ 1" (50) | #2 "B @ 2" (50)', ""),
    ...          (3, '"A @ 1" posts a small blind of 1', ""), (4, '"B @ 2" posts a big blind of 2', ""),
    ...          (5, '"A @ 1" folds', ""), (6, '"B @ 2" collected 2 from pot', "")]
    >>> hand = parse(items)
    >>> hand.hand_id, hand.returned, hand.finishing("B")
    ('z9', {'B': Decimal('1')}, Decimal('51'))
    """
    first_line, head, at = items[0]
    m = _START.match(head.strip())
    if m is None:
        raise HandHistoryError("not a PokerNow starting line")
    rest = m.group("rest")
    ident = _ID.search(rest)
    game = next((g for g in _GAMES if f"({g})" in rest), None)
    if game is None:
        other = re.findall(r"\(([^()]*)\)", rest)
        named = [x for x in other if not x.startswith(("id:", "dealer:")) and x != "dead button"]
        if named:
            raise SkipHand(f"other game: {named[0]}")
        game = "No Limit Texas Hold'em"
    variant = {"No Limit Texas Hold'em": "NT", "Pot Limit Texas Hold'em": "PT", "Limit Texas Hold'em": "FT"}[game]
    hand = SiteHand(SITE, ident.group("id").strip() if ident else m.group("num"), first_line, variant=variant)
    hand.extra["_hand_number"] = int(m.group("num"))
    when = _time(at)
    if when is not None:
        hand.started, hand.zone = when, "UTC"
    dealer = _DEALER.search(rest)
    stacks: list[tuple[int, str, Decimal]] = []
    names: dict[str, str] = {}
    street = 0
    second: list[tuple[int, list[str]]] = []
    streets_dealt: list[int] = []
    for line, entry, _ in items[1:]:
        entry = entry.strip()
        try:
            if not entry or _END.match(entry):
                continue
            if entry.startswith("Player stacks:"):
                stacks = [(int(s["seat"]), s["player"], _amount(s["stack"])) for s in _STACK.finditer(entry)]
                if not stacks:
                    raise HandHistoryError("no players in the stacks line")
                names = _names(stacks)
                for seat, full, stack in stacks:
                    hand.seat(seat, names[full], stack)
                continue
            sm = _STREET.match(entry)
            if sm is not None:
                number = ("Flop", "Turn", "River").index(sm.group("street")) + 1
                found = re.findall(r"\[([^\]]*)\]", sm.group("cards"))
                new = _cards(found[-1]) if found else _cards(sm.group("cards"))
                if sm.group("second"):
                    second.append((number, new))
                else:
                    hand.new_street(number, new)
                    street = number
                    streets_dealt.append(number)
                continue
            um = _UNCALLED.match(entry)
            if um is not None:
                hand.give_back(_who(um.group("player"), names), _amount(um.group("amt")))
                continue
            pm = _PLAYER.match(entry)
            if pm is not None and pm.group("player") in names:
                _verb(hand, names[pm.group("player")], pm.group("verb").strip(), street)
                continue
            if _NOISE.match(entry):
                continue
            if pm is not None:
                raise HandHistoryError(f"a player acts without a seat: {pm.group('player')!r}")
            raise HandHistoryError(f"unrecognised entry {entry!r}")
        except SkipHand:
            raise
        except HandHistoryError as exc:
            raise HandHistoryError(f"line {line}: {exc}") from None
    if not stacks:
        raise incomplete("the hand has no 'Player stacks' line")
    blinds = {kind: chips for _, kind, chips in hand.posts}
    hand.bb = blinds.get("bb", Decimal(0))
    hand.sb = blinds.get("sb", hand.bb / 2)
    if dealer is not None and dealer.group("name") in names:
        hand.button = hand.by_name[names[dealer.group("name")]].number
    else:
        hand.button = _button_from_posts(hand)
    if second:  # run twice: the first run's last streets are its own, not the common board
        moved = [s for s in streets_dealt if s >= second[0][0]]
        run0 = []
        for s in moved:
            run0.append(hand.boards[s - 1])
            hand.boards[s - 1] = []
        for cards in run0:
            hand.run_street(0, cards)
        for _, cards in second:
            hand.run_street(1, cards)
    _settle(hand)
    return hand


def _who(player: str, names: dict[str, str]) -> str:
    if player not in names:
        raise HandHistoryError(f"a player acts without a seat: {player!r}")
    return names[player]


def _time(at: str) -> datetime.datetime | None:
    try:
        when = datetime.datetime.fromisoformat(at.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if when.tzinfo is not None:
        when = when.astimezone(datetime.timezone.utc).replace(tzinfo=None)
    return when.replace(microsecond=0)


def _verb(hand: SiteHand, name: str, verb: str, street: int) -> None:
    verb = verb.rstrip(".").strip()
    verb = _ALLIN.sub("", verb)
    word, _, arg = verb.partition(" ")
    if word == "folds":
        hand.act(street, name, "f")
    elif word == "checks":
        hand.act(street, name, "x")
    elif word == "calls":
        hand.act(street, name, "c", call_increment(hand, name, _amount(arg)))
    elif word == "bets":
        hand.act(street, name, "b", _amount(arg) + hand.street_total.get(name, Decimal(0)))
    elif word == "raises":
        if not arg.startswith("to "):
            raise HandHistoryError(f"unreadable raise {verb!r}")
        hand.act(street, name, "b", _amount(arg[3:]))
    elif word == "posts":
        pm = _POST.match(verb)
        if pm is None:
            raise HandHistoryError(f"unknown post {verb!r}")
        what, chips = pm.group("what"), _amount(pm.group("amt"))
        kind = {"small blind": "sb", "big blind": "bb", "straddle": "straddle", "ante": "ante"}.get(what)
        if kind is None:
            kind = "dead" if "small" in what else "live"
        hand.post(name, kind, chips)
    elif word == "shows":
        shown = "".join(_cards(arg[2:] if arg.startswith("a ") else arg))
        if len(shown) == 4:
            hand.holes[name] = shown
            if all(name != who for who, _ in hand.shows):
                hand.shows.append((name, shown))
    elif word in ("collected", "wins"):
        cm = _COLLECT.match(verb)
        if cm is None:
            raise HandHistoryError(f"unreadable collection {verb!r}")
        hand.collect(name, _amount(cm.group("amt")))
    elif _NOISE.match(f'"x" {verb}'):
        return
    else:
        raise HandHistoryError(f"unknown action {verb!r} of {name!r}")


def _button_from_posts(hand: SiteHand) -> int:
    """The button seat of a hand whose log names no dealer: the seat before the small blind
    (heads-up: the small blind's own seat), else the seat before the big blind."""
    numbers = sorted(s.number for s in hand.seats)
    kinds = {kind: name for name, kind, _ in hand.posts}
    for kind in ("sb", "bb"):
        if kind in kinds:
            seat = hand.by_name[kinds[kind]].number
            if len(numbers) == 2:
                return seat if kind == "sb" else next(n for n in numbers if n != seat)
            k = numbers.index(seat)
            return numbers[(k - (1 if kind == "sb" else 2)) % len(numbers)]
    raise HandHistoryError("no dealer and no blind posted: the button is unknown")


def _settle(hand: SiteHand) -> None:
    """PokerNow takes no rake: what was collected is the pot; an uncalled bet the log leaves
    out is what the top contributor put in above all others (checked by ``to_phh``)."""
    hand.total_pot = sum(hand.collected.values(), Decimal(0))
    return_uncalled(hand, hand.total_pot)
