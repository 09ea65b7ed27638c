"""iPoker XML hand histories read into a SiteHand.

An iPoker file holds ``<session>`` elements (several may follow each other), each with a
``<general>`` block (game type, table, currency, tournament) and ``<game gamecode=...>``
elements, one per hand. :func:`games` cuts the text into games without parsing the whole file
(memory stays flat); :func:`parse` reads one game.

In a game, each ``<player>`` carries the site's own numbers: ``chips`` (stack at the start),
``bet`` (everything put in, an uncalled bet included) and ``win`` (everything paid back, the
uncalled bet included). Actions carry a global order ``no``: type 1/2 small/big blind, 15 ante,
0 fold, 4 check, 3 call (``sum`` is what the call adds), 5 bet, 23 raise (``sum`` is the total
it raises to), 7 all-in (``sum`` is what it adds). Cards are written suit first (``D9 H10``).

>>> xml = '''<session><general><gametype>Holdem NL $1/$2</gametype><tablename>T, 1</tablename>
... <currency>USD</currency></general><game gamecode="9"><general><players>
... <player seat="1" name="ann" chips="$100" dealer="1" win="$0" bet="$1"/>
... <player seat="2" name="bob" chips="$100" dealer="0" win="$3" bet="$2"/>
... </players></general><round no="0"><action no="1" player="ann" type="1" sum="$1"/>
... <action no="2" player="bob" type="2" sum="$2"/></round><round no="1">
... <action no="3" player="ann" type="0" sum="$0"/></round></game></session>'''
>>> [(line, hand.hand_id, hand.finishing("bob")) for line, hand in read_games(iter(xml.splitlines()))]
[(2, '9', Decimal('101'))]
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from decimal import Decimal
from typing import Union

from ...errors import HandHistoryError
from .model import SiteHand, SkipHand, incomplete, settle_unstated, stamp
from .money import amount as _amount

__all__ = ["SITE", "games", "parse", "read_games", "decimal_mark"]

SITE = "iPoker"
_GAMES = {"NL": "NT", "PL": "PT", "L": "FT", "FL": "FT"}
_SUITS = {"D": "d", "H": "h", "S": "s", "C": "c"}
_MAX_GAME = 1 << 20  # a game element longer than this is not a game


def amount(text: str | None, decimal: str = ".") -> Decimal:
    """An iPoker amount (``$5,753.50``, ``€0.05``, ``3,975``; empty means 0); ``decimal`` is the
    session's decimal mark (``","`` on the skins that write ``€0,50``).

    >>> amount("$5,753.50"), amount("€507,79", ","), amount("3,975")
    (Decimal('5753.50'), Decimal('507.79'), Decimal('3975'))
    """
    if not text:
        return Decimal(0)
    return _amount(text.strip(), decimal=decimal)


_COMMA_STAKES = re.compile(r"[0-9],[0-9]{1,2}(?![0-9])")


def decimal_mark(gametype: str) -> str:
    """The decimal mark of a session, from its game type's stakes: ``","`` when they are written
    with a decimal comma (``PL €0,50/€1``), else ``"."``.

    >>> decimal_mark("Holdem NL €0,50/€1"), decimal_mark("Holdem NL $0.50/$1"), decimal_mark("Holdem NL")
    (',', '.', '.')
    """
    return "," if _COMMA_STAKES.search(gametype) else "."


#: The suit letters of each language iPoker skins write (suit first: ``H10`` is the ten of
#: hearts in English; Spanish skins write ``C10``, corazones, for it and ``T10`` for clubs).
_SUIT_LETTERS = {"en": _SUITS, "es": {"C": "h", "P": "s", "T": "c", "D": "d"}}


def suits_of(tokens: list[str]) -> dict[str, str]:
    """The suit letters of a hand's cards: English unless the letters are Spanish (``P``, ``T``).

    Raises
    ------
    HandHistoryError
        When the hand writes both English-only (``S``, ``H``) and Spanish-only (``P``, ``T``)
        letters: ``C`` would mean clubs in one and hearts in the other, which cannot be decided.

    >>> suits_of(["HA", "SK", "C2"])["C"], suits_of(["PA", "TK", "C2"])["C"]
    ('c', 'h')
    """
    letters = {t[:1].upper() for t in tokens if t and t != "X"}
    if not letters & {"P", "T"}:
        return _SUITS
    if letters & {"S", "H"}:
        raise HandHistoryError(f"cards in English and Spanish suit letters ({', '.join(sorted(letters))}): "
                               "C is clubs in one and hearts in the other, and the text does not say which")
    return _SUIT_LETTERS["es"]


def _card(token: str, suits: dict[str, str] = _SUITS) -> str:
    suit, rank = token[:1].upper(), token[1:].upper()
    if suit not in suits or rank not in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"):
        raise HandHistoryError(f"bad card {token!r}")
    return ("T" if rank == "10" else rank) + suits[suit]


def _cards(text: str | None, suits: dict[str, str] = _SUITS) -> list[str] | None:
    """Known cards, or None when hidden (``X X``) or empty."""
    tokens = (text or "").split()
    if not tokens or any(t == "X" for t in tokens):
        return None
    return [_card(t, suits) for t in tokens]


_GAMECODE = re.compile(r'<game [^>]*?gamecode="([^"]*)"')


def game_code(fragment: str) -> str | None:
    """The ``gamecode`` of a ``<game>`` start tag at the start of ``fragment``, if written.

    >>> game_code('<game gamecode="7100000011"><general>'), game_code('<game>')
    ('7100000011', None)
    """
    m = _GAMECODE.match(fragment)
    return m.group(1) if m is not None and m.group(1) else None


def games(lines: Iterator[str]) -> Iterator[tuple[int, Union[str, HandHistoryError], dict[str, str]]]:
    """Cut iPoker XML text into ``(line, game element text, session info)``.

    The session info holds the ``<general>`` fields of the enclosing session. A game cut off
    (by the end of the text, or by the next ``<game>``) comes as a HandHistoryError in place of
    its text; its game code, when the cut game's start tag gives one, is the session info's
    ``"gamecode"``.

    >>> xml = ('<session><general><gametype>Holdem NL $1/$2</gametype></general>'
    ...        '<game gamecode="7"></game><game gamecode="8"><general>')
    >>> [(line, type(chunk).__name__, session.get("gamecode")) for line, chunk, session in games(iter([xml]))]
    [(1, 'str', None), (1, 'SkipHand', '8')]
    """
    buf = ""
    line = 1  # the line number of buf[0]
    session: dict[str, str] = {}
    for text in lines:
        buf += text + "\n"
        while True:
            g = buf.find("<game ")
            s = buf.find("<session")
            if s >= 0 and (g < 0 or s < g):
                end = buf.find("</general>", s)
                if end < 0:
                    break
                head = buf[s:end]
                session = {k: v.strip() for k, v in re.findall(r"<([a-z_]+)>([^<]*)</\1>", head)}
                line += buf.count("\n", 0, end)
                buf = buf[end:]
                continue
            if g < 0:
                keep = max(buf.rfind("<"), 0)
                line += buf.count("\n", 0, keep)
                buf = buf[keep:]
                break
            end = buf.find("</game>", g)
            nxt = buf.find("<game ", g + 6, end if end >= 0 else len(buf))
            if nxt >= 0:  # a <game> without its </game>, cut off by the next one
                line += buf.count("\n", 0, g)
                yield (line, incomplete("the <game> ends without </game> (the next <game> starts)"),
                       _with_code(session, buf[g:nxt]))
                line += buf.count("\n", g, nxt)
                buf = buf[nxt:]
                continue
            if end < 0:
                if len(buf) - g > _MAX_GAME:
                    line += buf.count("\n", 0, g)
                    yield line, HandHistoryError("a <game> element with no end"), _with_code(session, buf[g:])
                    buf = ""
                break
            start = line + buf.count("\n", 0, g)
            yield start, buf[g:end + 7], session
            line += buf.count("\n", 0, end + 7)
            buf = buf[end + 7:]
    g = buf.find("<game ")
    if g >= 0:
        cut = incomplete("the text ends inside the <game> (no </game>)")
        yield line + buf.count("\n", 0, g), cut, _with_code(session, buf[g:])


def _with_code(session: dict[str, str], fragment: str) -> dict[str, str]:
    """The session info of a cut game, with its game code when the start tag gives one."""
    code = game_code(fragment)
    return session if code is None else {**session, "gamecode": code}


def parse(chunk: str, first_line: int, session: dict[str, str]) -> SiteHand:
    """Read one ``<game>`` element (its text) with its session's ``<general>`` fields.

    Raises
    ------
    SkipHand
        Another game than hold'em.
    HandHistoryError
        Anything that does not read.

    Examples
    --------
    >>> xml = '''<session sessioncode="0">
    ... <general><gametype>Holdem NL $1/$2</gametype><tablename>T</tablename></general>
    ... <game gamecode="77">
    ... <general><players>
    ... <player seat="1" name="ann" chips="$200" dealer="1" win="$0" bet="$1" />
    ... <player seat="2" name="bob" chips="$200" dealer="0" win="$3" bet="$2" />
    ... </players></general>
    ... <round no="0"><action no="1" player="ann" type="1" sum="$1" />
    ... <action no="2" player="bob" type="2" sum="$2" /></round>
    ... <round no="1"><action no="3" player="ann" type="0" sum="$0" /></round>
    ... </game>
    ... </session>'''
    >>> line, chunk, session = next(games(iter(xml.splitlines())))
    >>> hand = parse(chunk, line, session)
    >>> hand.hand_id, [s.name for s in hand.seats], hand.bb, hand.collected
    ('77', ['ann', 'bob'], Decimal('2'), {'bob': Decimal('2')})
    """
    code = re.match(r'<game gamecode="([^"]*)"', chunk)
    hand_id = code.group(1) if code else "?"
    gametype = session.get("gametype", "")
    words = gametype.split()
    if not words or words[0] != "Holdem":
        raise SkipHand(f"other game: {' '.join(words[:2]) or 'unknown'}")
    variant = _GAMES.get(words[1] if len(words) > 1 else "", None)
    if variant is None:
        raise SkipHand(f"other game: {gametype}")
    try:
        root = ET.fromstring(chunk)
    except ET.ParseError as exc:
        raise HandHistoryError(f"line {first_line}: not well-formed XML ({exc})") from None
    hand = SiteHand(SITE, hand_id, first_line, variant=variant)
    mark = decimal_mark(gametype)
    when = stamp(root.findtext("general/startdate") or session.get("startdate") or "")
    if when is not None:  # iPoker writes no zone
        hand.started = when[0]
    if len(words) > 2 and "/" in words[2]:
        sb, _, bb = words[2].partition("/")
        hand.sb, hand.bb = amount(sb, mark), amount(bb, mark)
    table = session.get("tablename")
    if table:
        hand.table = table
    if session.get("tournamentname") or session.get("tournamentcode"):
        hand.tournament = session.get("tournamentcode") or session.get("tournamentname")
    else:
        hand.currency = session.get("currency") or session.get("tablecurrency") or None
    site_bet: dict[str, Decimal] = {}
    win: dict[str, Decimal] = {}
    for p in root.iter("player"):
        name = p.get("name")
        if name is None or p.get("seat") is None:
            raise HandHistoryError(f"line {first_line}: a player without name or seat")
        if not name.strip():
            continue  # an empty seat (name="")
        hand.seat(int(p.get("seat", "0")), name, amount(p.get("chips"), mark), dealt=False)
        if p.get("dealer") == "1":
            hand.button = int(p.get("seat", "0"))
        site_bet[name] = amount(p.get("bet"), mark)
        win[name] = amount(p.get("win"), mark)
    actions: list[tuple[int, int, ET.Element]] = []
    try:
        suits = suits_of([t for el in root.iter("cards") for t in (el.text or "").split()])
    except HandHistoryError as exc:
        raise HandHistoryError(f"line {first_line}: {exc}") from None
    for rnd in root.iter("round"):
        street = int(rnd.get("no", "0"))
        for el in rnd:
            if el.tag == "cards":
                cards = _cards(el.text, suits)
                kind = el.get("type", "")
                if kind == "Pocket" and cards is not None and len(cards) == 2:
                    hand.holes[el.get("player", "")] = "".join(cards)
                elif kind in ("Flop", "Turn", "River") and cards is not None:
                    hand.boards[("Flop", "Turn", "River").index(kind)] = cards
            elif el.tag == "action":
                actions.append((int(el.get("no", "0")), street, el))
    actions.sort(key=lambda a: a[0])
    for _, street, el in actions:
        _action(hand, el, max(street - 1, 0), mark)
    if variant == "FT":  # the game type names the bets; the blinds are what was posted
        hand.small_bet, hand.big_bet = hand.sb, hand.bb
        posted = {k: c for _, k, c in hand.posts if k in ("sb", "bb")}
        hand.sb, hand.bb = posted.get("sb", hand.sb / 2), posted.get("bb", hand.sb)
    for name, chips in win.items():
        if chips:
            hand.collect(name, chips)
    for name, chips in site_bet.items():
        if hand.put.get(name, Decimal(0)) != chips:
            raise HandHistoryError(f"the amounts do not add up: {name!r} bets {chips}, the actions "
                                   f"put in {hand.put.get(name, Decimal(0))}")
    settle_unstated(hand, included=True)
    live = [s.name for s in hand.seats if s.dealt and s.name not in hand.folded]
    if len(live) > 1:
        # Known cards show down; an unknown hand that won nothing was mucked; an unknown hand that
        # won takes the pot once the others have mucked.
        hand.shows = [(name, hand.holes.get(name)) for name in live
                      if name in hand.holes or not hand.collected.get(name)]
    return hand


def _action(hand: SiteHand, el: ET.Element, street: int, mark: str = ".") -> None:
    name = el.get("player", "")
    kind = el.get("type", "")
    chips = amount(el.get("sum"), mark)
    if street and not hand.boards[street - 1]:
        raise HandHistoryError(f"an action on street {street} with no board")
    if street != hand.street:
        hand.new_street(street, hand.boards[street - 1])
    if kind == "1":
        hand.post(name, "sb", chips)
        if not hand.sb:
            hand.sb = chips
    elif kind == "2":
        if any(k == "bb" for _, k, _ in hand.posts):  # another big blind: live, the rest dead
            bet = min(chips, hand.bb)
            hand.post(name, "live", bet)
            if chips > bet:
                hand.post(name, "dead", chips - bet)
        else:
            hand.post(name, "bb", chips)
            if not hand.bb:
                hand.bb = chips
    elif kind == "15":
        hand.post(name, "ante", chips)
    elif kind == "0":
        hand.act(street, name, "f")
    elif kind == "4":
        hand.act(street, name, "x")
    elif kind == "3":
        hand.act(street, name, "c", chips)
    elif kind == "5":
        hand.act(street, name, "b", chips, by=True)
    elif kind == "23":
        hand.act(street, name, "b", chips)
    elif kind == "7":
        before = hand.street_total.get(name, Decimal(0))
        top = max(hand.street_total.values(), default=Decimal(0))
        hand.act(street, name, "c" if before + chips <= top else "b", chips, by=True)
    elif kind in ("8", "9"):
        return  # sitting out
    else:
        raise HandHistoryError(f"unknown iPoker action type {kind} of {name!r}")


def read_games(lines: Iterator[str]) -> Iterator[tuple[int, SiteHand]]:
    """``(line, SiteHand)`` of every hold'em game of the text; raises on the first that fails
    (:func:`fastholdem.history.sites.read` reports them one by one instead).

    >>> xml = ('<session><general><gametype>Holdem NL $1/$2</gametype></general><game gamecode="9">'
    ...        '<general><players><player seat="1" name="ann" chips="$50" dealer="1" win="$0" bet="$1" />'
    ...        '<player seat="2" name="bob" chips="$50" dealer="0" win="$3" bet="$2" /></players></general>'
    ...        '<round no="0"><action no="1" player="ann" type="1" sum="$1" />'
    ...        '<action no="2" player="bob" type="2" sum="$2" /></round>'
    ...        '<round no="1"><action no="3" player="ann" type="0" sum="$0" /></round></game></session>')
    >>> [(line, hand.hand_id, hand.collected) for line, hand in read_games(iter([xml]))]
    [(1, '9', {'bob': Decimal('2')})]
    """
    for line, chunk, session in games(lines):
        if isinstance(chunk, HandHistoryError):
            raise chunk
        try:
            yield line, parse(chunk, line, session)
        except SkipHand:
            continue
