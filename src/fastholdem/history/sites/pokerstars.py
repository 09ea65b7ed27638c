"""PokerStars hand histories (cash, Zoom, tournaments, run it twice, cash-out) read into a SiteHand.

:func:`parse` takes the lines of one hand (the first is the ``PokerStars Hand #...`` header) and
the line number of the first in its file. Every line must be one PokerStars writes: an
unknown line is an error that names it, so a garbled or mixed file never converts silently.

>>> text = '''PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 0:00:00 ET
... Table 'T' 6-max Seat #2 is the button
... Seat 1: ann ($2 in chips)
... Seat 2: bob ($2.50 in chips)
... bob: posts small blind $0.01
... ann: posts big blind $0.02
... *** HOLE CARDS ***
... bob: raises $0.04 to $0.06
... ann: folds
... Uncalled bet ($0.04) returned to bob
... bob collected $0.04 from pot
... *** SUMMARY ***
... Total pot $0.04 | Rake $0'''
>>> hand = parse(text.splitlines(), 1)
>>> hand.finishing("bob"), hand.finishing("ann")
(Decimal('2.52'), Decimal('1.98'))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from decimal import Decimal

from ...errors import HandHistoryError
from .model import SiteHand, SkipHand, incomplete, stamp
from .money import amount as _amount
from .text import BRACKET as _BOARD
from .text import bet_verb, board, table_line
from .text import cards as _cards

__all__ = ["parse", "START", "SITE"]

SITE = "PokerStars"
#: The first line of every PokerStars hand.
START = re.compile(r"^(?:\ufeff)?PokerStars (?:Zoom |Home Game |Rush |Spin&Go )?(?:Hand|Game) #")

_HEADER = re.compile(
    r"^\ufeff?(?:PokerStars (?P<kind>Zoom |Home Game |Rush |Spin&Go )?(?:Hand|Game)|Poker Hand) "
    r"#(?P<id>[A-Za-z]*[0-9][0-9A-Za-z-]*):\s*(?:\{[^}]*\}\s*)?(?P<rest>.*)$"
)
_GAME = re.compile(r"(Hold'em|Omaha|Razz|Stud|Draw|Badugi|Courchevel|HORSE|Mixed|8-Game|Triple|Single|5 Card|"
                   r"Deuce|Triple Draw|2-7|Hold'em 6\+|Six Plus)")
_HOLDEM = re.compile(r"Hold'em (No Limit|Pot Limit|Limit)\b")
_STAKES = re.compile(r"\((?P<sb>[^/()]+)/(?P<bb>[^/() ]+)(?:\((?P<ante>[^()]*)\))?(?P<tail>[^()]*)\)")
_TABLE = re.compile(r"^Table '(?P<name>.*)' (?:(?P<max>[0-9]+)-max )?(?:\(Play Money\) )?"
                    r"Seat #(?P<button>[0-9]+) is the button")
_SEAT = re.compile(r"^Seat (?P<num>[0-9]+): (?P<name>.+?) \((?P<stack>[^()]*?) in chips(?:, [^()]*)?\)"
                   r"(?P<tail>.*)$")
_ET = re.compile(r"\[([0-9/]+ [0-9:]+ ET)\]")  # PokerStars' Eastern time beside a local one
_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
_COLLECT = re.compile(r"^(?P<name>.+?) collected (?P<amt>\S+) from (?:main |side )?pot(?:-[0-9]+)?\s*$")
_UNCALLED = re.compile(r"^Uncalled bet \((?P<amt>[^()]+)\) returned to (?P<name>.+?)\s*$")
_CASHOUT = re.compile(r"^(?P<name>.+?) cashed out the hand for (?P<amt>\S+)"
                      r"(?: \| Cash Out Fee (?P<fee>\S+))?\s*$")
_TOTAL = re.compile(r"^Total pot (?P<total>\S+)(?P<pots>.*?)\| Rake (?P<rake>\S+)(?P<rest>.*)$")
_GG_FEE = re.compile(r"\| (?:Jackpot|Bingo|Fortune|Tax|Fee|Cash Drop|Bad beat) (\S+)")
_UNSEATED = re.compile(r"^(?P<name>.+?): (?:posts|folds|checks|calls|bets|raises|shows|mucks|straddle)\b")
_RISK = re.compile(r"^Pays Cashout Risk \((?P<amt>[^()]+)\)\s*$")
_RECEIVES = re.compile(r"^Receives Cashout \((?P<amt>[^()]+)\)\s*$")
_POT = re.compile(r"(?:Main|Side) pot(?:-[0-9]+)? (\S+?)\.?(?: |$)")
_FEE = re.compile(r"(?:Jackpot|Bad beat|Fee|Cash Drop)[^|]*?(?P<amt>[$€£¥]?[0-9][0-9.,]*)", re.IGNORECASE)
# Lines that say nothing about chips or cards, in any position.
_NOISE = re.compile(
    r"^(?:.+ (?:joins the table at seat #[0-9]+|leaves the table|will be allowed to play after the button|"
    r"was removed from the table.*|is connected|is disconnected|has timed out.*|has returned|"
    r"finished the tournament.*|wins the tournament.*|re-buys and receives.*|takes the add-on.*|"
    r"wins an entry to.*|wins \$?[0-9.,]+ for eliminating.*|wins the \$?[0-9.,]+ bounty.*|"
    r"has been disqualified.*|is sitting out|sits out|said, \".*|is capped.*|"
    r"wins .* for splitting the elimination.*)"
    r"|Hand was run (?:twice|three times|two times)|Board \[.*\]|(?:FIRST|SECOND|THIRD) Board \[.*\]"
    r"|Seat [0-9]+: .*|\*\*\* (?:HOLE CARDS|SHOW ?DOWN|(?:FIRST|SECOND|THIRD) SHOW ?DOWN) \*\*\*"
    r"|Hand has been stopped.*|Game #.*|Table '.*' .*|.*: is sitting out\s*|.*: sits out\s*"
    r"|.*: is (?:disconnected|connected)|.*: has timed out.*|.*: has returned|.*: doesn't show hand"
    r"|.*: leaves the table|.*: sits out|Betting was .*|The player .*|.* has been canceled)\s*$"
)


def amount(text: str) -> Decimal:
    """An amount as PokerStars writes it (decimal point, comma thousands, currency sign)."""
    return _amount(text, decimal=".")


def parse(lines: Sequence[str], first_line: int, site: str = SITE) -> SiteHand:
    """Read one PokerStars hand (its lines, the header first); ``first_line`` is its line number.

    GGPoker writes the same format with a few more words (``site="GGPoker"``): straddles,
    missed blinds, EV cash-out and more pot fees; they are read here too.

    Raises
    ------
    SkipHand
        Another game than hold'em, a capped no-limit game, or a cancelled hand.
    HandHistoryError
        Anything else that does not read: the message gives the line number and text.

    >>> text = '''PokerStars Hand #9: Hold'em No Limit ($0.50/$1.00 USD) - 2014/01/06 3:50:00 ET
    ... Table 'T' 2-max Seat #1 is the button
    ... Seat 1: ann ($100 in chips)
    ... Seat 2: bob ($100 in chips)
    ... ann: posts small blind $0.50
    ... bob: posts big blind $1
    ... *** HOLE CARDS ***
    ... ann: folds
    ... Uncalled bet ($0.50) returned to bob
    ... bob collected $1 from pot
    ... *** SUMMARY ***
    ... Total pot $1 | Rake $0'''
    >>> hand = parse(text.splitlines(), 1)
    >>> hand.hand_id, [(s.name, s.stack) for s in hand.seats], hand.returned
    ('9', [('ann', Decimal('100')), ('bob', Decimal('100'))], {'bob': Decimal('0.50')})
    """
    m = _HEADER.match(lines[0])
    if m is None:
        raise HandHistoryError(f"not a {site} hand header")
    hand_id = m.group("id")
    rest = m.group("rest")
    game = _HOLDEM.search(rest)
    if game is None:
        other = _GAME.search(rest)
        raise SkipHand(f"other game: {other.group(1) if other else rest.split(' - ')[0].strip()}")
    if "Hold'em 6+" in rest or "6+ Hold'em" in rest:
        raise SkipHand("other game: 6+ Hold'em")
    limit = game.group(1)
    variant = {"No Limit": "NT", "Pot Limit": "PT", "Limit": "FT"}[limit]
    stakes = [s for s in _STAKES.finditer(rest) if "/" in s.group(0)]
    if not stakes:
        raise HandHistoryError(f"line {first_line}: no stakes in the header")
    st = stakes[-1]
    if "Cap" in st.group("tail"):
        raise SkipHand("other game: capped no limit")
    tournament = None
    t = re.search(r"Tournament #([0-9]+)", rest)
    if t is not None:
        tournament = t.group(1)
    currency = None
    if tournament is None:
        for code in ("USD", "EUR", "GBP", "CAD", "INR", "CNY"):
            if code in st.group(0):
                currency = code
        if currency is None and st.group("sb")[:1] in "$€£¥":
            currency = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY"}[st.group("sb")[0]]
    hand = SiteHand(site, hand_id, first_line, variant=variant, currency=currency, tournament=tournament)
    when = stamp(rest[st.end():])
    if when is not None:
        hand.started, hand.zone = when
        et = _ET.search(rest[st.end():])
        both = stamp(et.group(1)) if et is not None and hand.zone != "ET" else None
        if both is not None:
            hand.started_et = both[0]
    big = amount(st.group("bb").strip())
    small = amount(st.group("sb").strip())
    if variant == "FT":
        hand.small_bet, hand.big_bet = small, big
        hand.bb = small
    else:
        hand.sb, hand.bb = small, big
    street = 0
    section = "seats"
    names: dict[str, bool] = {}
    k = 1
    n = len(lines)
    total_seen = False
    risk: dict[str, Decimal] = {}
    while k < n:
        line = lines[k].rstrip()
        where = first_line + k
        k += 1
        if not line:
            continue
        try:
            if section == "seats":
                if table_line(hand, _TABLE.match(line)):
                    continue
                sm = _SEAT.match(line)
                if sm is not None:
                    tail = sm.group("tail")
                    dealt = "sitting out" not in tail and "out of hand" not in tail
                    name = sm.group("name")
                    hand.seat(int(sm.group("num")), name, amount(sm.group("stack")), dealt)
                    names[name] = True
                    continue
                section = "pre"
            if line.startswith("*** "):
                head = line[4:line.find(" ***", 4)] if " ***" in line[4:] else line
                word = head.split()[-1] if head.split() else ""
                if head.startswith(("FIRST ", "SECOND ", "THIRD ")) and word in _STREETS:
                    run = ("FIRST ", "SECOND ", "THIRD ").index(head[: head.index(" ") + 1])
                    hand.run_street(run, board(line))
                    continue
                run_showdown = head.endswith(("SHOW DOWN", "SHOWDOWN"))
                if head.startswith(("FIRST ", "SECOND ", "THIRD ")) and run_showdown:
                    section = "showdown"
                    continue
                if word in _STREETS:
                    street = _STREETS[word]
                    hand.new_street(street, board(line))
                    continue
                if head == "SUMMARY":
                    section = "summary"
                    continue
                if head in ("HOLE CARDS", "SHOW DOWN", "SHOWDOWN", "DEALING HANDS"):
                    if head in ("SHOW DOWN", "SHOWDOWN"):
                        section = "showdown"
                    continue
                raise HandHistoryError(f"unknown section {line!r}")
            if section == "summary":
                total = _TOTAL.match(line)
                if total is not None:
                    total_seen = True
                    hand.rake = amount(total.group("rake"))
                    hand.total_pot = amount(total.group("total"))
                    hand.pots = [amount(x) for x in _POT.findall(total.group("pots"))]
                    for fee in _GG_FEE.finditer(total.group("rest")):
                        hand.jackpot += amount(fee.group(1))
                    continue
                sm = re.match(r"^Seat [0-9]+: (?P<rest>.*)$", line)
                if sm is not None:
                    _summary_seat(hand, sm.group("rest"))
                    continue
                if _NOISE.match(line):
                    continue
                raise HandHistoryError(f"unrecognised summary line {line!r}")
            if line.startswith("Dealt to "):
                hand.dealt_to(line)
                continue
            um = _UNCALLED.match(line)
            if um is not None:
                hand.give_back(um.group("name"), amount(um.group("amt")))
                continue
            name, verb = _split(line, names)
            if name is None:
                cm = _COLLECT.match(line)
                if cm is not None and cm.group("name") in names:
                    hand.collect(cm.group("name"), amount(cm.group("amt")))
                    continue
                co = _CASHOUT.match(line)
                if co is not None and co.group("name") in names:
                    hand.cash_out[co.group("name")] = amount(co.group("amt"))
                    if co.group("fee"):
                        hand.cash_out_fee[co.group("name")] = amount(co.group("fee"))
                    continue
                if _NOISE.match(line):
                    continue
                unseated = _UNSEATED.match(line)
                if unseated is not None:
                    raise HandHistoryError(f"a player acts without a seat: {unseated.group('name')!r}")
                raise HandHistoryError(f"unrecognised line {line!r}")
            _action(hand, name, verb, street, section, risk)
        except SkipHand:
            raise
        except HandHistoryError as exc:
            raise HandHistoryError(f"line {where}: {exc}") from None
    for name, paid in risk.items():  # GGPoker EV cash-out won: the player keeps the pot less the risk
        hand.cash_out[name] = hand.collected.pop(name, Decimal(0)) - paid
    if not total_seen:
        raise incomplete("the hand ends before its summary (no total pot)")
    return hand


def _split(line: str, names: dict[str, bool]) -> tuple[str | None, str]:
    """``(name, rest)`` when the line is ``NAME: rest`` for a seated NAME, else ``(None, line)``."""
    pos = line.find(": ")
    while pos >= 0:
        name = line[:pos]
        if name in names:
            return name, line[pos + 2:].strip()
        pos = line.find(": ", pos + 1)
    return None, line


_ALLIN = " and is all-in"
_CAP = re.compile(r" and has reached the .* cap$")


def _action(hand: SiteHand, name: str, verb: str, street: int, section: str,
            risk: dict[str, Decimal]) -> None:
    verb = _CAP.sub("", verb)
    if verb.endswith(_ALLIN):
        verb = verb[: -len(_ALLIN)]
    word, _, arg = verb.partition(" ")
    if bet_verb(hand, street, name, verb, amount):
        return
    if word == "posts":
        if arg.startswith("small & big blinds "):
            total = amount(arg[19:])
            hand.post(name, "dead", hand.sb)
            hand.post(name, "live", total - hand.sb)
        elif arg.startswith("small blind "):
            hand.post(name, "sb", amount(arg[12:]))
        elif arg.startswith("big blind "):
            hand.post(name, "bb", amount(arg[10:]))
        elif arg.startswith("the ante "):
            hand.post(name, "ante", amount(arg[9:]))
        elif arg.startswith("straddle "):
            hand.post(name, "straddle", amount(arg[9:]))
        elif arg.startswith("missed blind "):
            hand.post(name, "dead", amount(arg[13:]))
        else:
            raise HandHistoryError(f"unknown post {arg!r}")
    elif verb.startswith("Bet & Muck"):  # GGPoker: a bet that mucks if called
        if verb == "Bet & Muck folds":
            hand.shows.append((name, None))
        else:
            hand.act(street, name, "b", amount(verb[11:]), by=True)
    elif word == "straddle":  # GGPoker: "straddle $X" brings the player's preflop total to X
        hand.straddle_to(name, amount(arg))
    elif verb.startswith("Pays Cashout Risk"):
        m = _RISK.match(verb)
        if m is None:
            raise HandHistoryError(f"unreadable cash-out {verb!r}")
        risk[name] = risk.get(name, Decimal(0)) + amount(m.group("amt"))
    elif verb.startswith("Receives Cashout"):
        m = _RECEIVES.match(verb)
        if m is None:
            raise HandHistoryError(f"unreadable cash-out {verb!r}")
        hand.cash_out[name] = hand.cash_out.get(name, Decimal(0)) + amount(m.group("amt"))
    elif verb.startswith("Chooses to EV Cashout"):
        return
    elif word == "shows":
        shown = _cards(_BOARD.findall(arg)[0]) if _BOARD.findall(arg) else ""
        if len(shown) != 4:
            shown = ""  # one card shown: no help at showdown
        if shown:
            hand.holes[name] = shown
        if section == "showdown" and all(name != who for who, _ in hand.shows):
            hand.shows.append((name, shown or None))
    elif word == "mucks":
        mucked = _BOARD.findall(arg)
        if mucked and len(_cards(mucked[-1])) == 4:
            hand.holes[name] = _cards(mucked[-1])
        hand.shows.append((name, None))
    elif verb == "doesn't show hand":
        if name not in hand.no_show:
            hand.no_show.append(name)
    elif verb in ("is sitting out", "sits out", "has timed out", "is disconnected",
                  "has returned", "is connected", "leaves the table", "has timed out while disconnected",
                  "has timed out while being disconnected", "is sitting out (timed out)"):
        return
    elif word == "discards" or word == "stands" or word == "draws":
        raise SkipHand("other game: draw")
    else:
        raise HandHistoryError(f"unknown action {verb!r} of {name!r}")


def _summary_seat(hand: SiteHand, rest: str) -> None:
    """A summary seat line: the cards a player showed or mucked (kept as hole cards)."""
    for marker in (" showed [", " mucked ["):
        pos = rest.find(marker)
        if pos >= 0:
            name = rest[:pos]
            for tag in (" (button)", " (small blind)", " (big blind)", " (button) (small blind)"):
                if name.endswith(tag):
                    name = name[: -len(tag)]
            if name in hand.by_name:
                end = rest.find("]", pos)
                cards = _cards(rest[pos + len(marker): end])
                if len(cards) == 4:
                    hand.holes.setdefault(name, cards)
            return
