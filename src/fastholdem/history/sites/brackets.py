"""The bracketed hand-history format that 888poker (Pacific) and PartyPoker share, read into a SiteHand.

Both write ``NAME verb [$amount]`` with the chips the action adds (not the total it reaches),
``** Dealing Flop ** [ 2h, 8c, 5c ]`` street lines, and no line for an uncalled bet, the total
pot or the rake. What the text leaves out follows from its own amounts: a bet nobody called
goes back to the bettor (888 leaves it out of ``collected``; PartyPoker's ``wins`` includes it),
and the rake is what was put in, less what was returned and paid out.

>>> text = '''***** 888poker Hand History for Game 1 *****
... $0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 22:40:28
... Table Abbotsford 6 Max (Real Money)
... Seat 9 is the button
... Total number of players : 2
... Seat 4: ann ( $10.98 )
... Seat 9: bob ( $4.66 )
... bob posts small blind [$0.05]
... ann posts big blind [$0.10]
... ** Dealing down cards **
... bob calls [$0.05]
... ann checks
... ** Dealing flop ** [ Jc, Kc, 3c ]
... ann checks
... bob bets [$0.10]
... ann folds
... ** Summary **
... bob collected [ $0.19 ]'''
>>> hand = parse(text.splitlines(), 1, "888")
>>> hand.finishing("bob"), hand.rake
(Decimal('4.75'), Decimal('0.01'))
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from decimal import Decimal

from ...errors import HandHistoryError
from .dialects import party_row
from .model import SiteHand, SkipHand, incomplete, settle_unstated
from .money import amount as _amount
from .text import BRACKET as _BRACKET
from .text import board
from .text import cards as _cards

__all__ = ["parse"]

_ID = re.compile(r"Hand History [Ff]or Game ([0-9A-Za-z]+)")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December")
_DMY = re.compile(r"\*\*\* ([0-9]{2}) ([0-9]{2}) ([0-9]{4}) ([0-9]{1,2}):([0-9]{2}):([0-9]{2})")
_PARTY_DATE = re.compile(r"(" + "|".join(_MONTHS) + r") ([0-9]{1,2}), ([0-9]{1,2}):([0-9]{2}):([0-9]{2})"
                         r"(?: ([A-Z]{2,5}))?\s+([0-9]{4})")
#: The Game Table layout's date: ``Sun Jan 20 13:58:07 EST 2013``.
_SHORT_DATE = re.compile(r"\b(" + "|".join(m[:3] for m in _MONTHS) + r") ([0-9]{1,2}) ([0-9]{1,2}):([0-9]{2}):([0-9]{2})"
                         r"(?: ([A-Z]{2,5}))? ([0-9]{4})\b")


def _when(game_line: str) -> tuple[datetime.datetime, str | None] | None:
    """The date and time of a game line (888: ``*** 06 01 2014 00:00:07``, day first; PartyPoker:
    ``Sunday, January 05, 19:00:12 EST 2014``) and its zone, or None.

    >>> _when("$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 00:00:07")
    (datetime.datetime(2014, 1, 6, 0, 0, 7), None)
    >>> _when("$0.05/$0.10 USD NL Texas Hold'em - Sunday, January 05, 19:00:12 EST 2014")
    (datetime.datetime(2014, 1, 5, 19, 0, 12), 'EST')
    """
    try:
        m = _DMY.search(game_line)
        if m is not None:
            d, mo, y, h, mi, sec = map(int, m.groups())
            return datetime.datetime(y, mo, d, h, mi, sec), None
        p = _PARTY_DATE.search(game_line)
        if p is not None:
            return (datetime.datetime(int(p[7]), _MONTHS.index(p[1]) + 1, int(p[2]), int(p[3]), int(p[4]),
                                      int(p[5])), p[6])
        q = _SHORT_DATE.search(game_line)
        if q is not None:
            month = [m[:3] for m in _MONTHS].index(q[1]) + 1
            return datetime.datetime(int(q[7]), month, int(q[2]), int(q[3]), int(q[4]), int(q[5])), q[6]
    except ValueError:
        return None
    return None


_GAME = re.compile(r"(No Limit|Pot Limit|Fix(?:ed)? Limit) Holdem\b|\b(NL|PL|FL) Texas Hold'em\b"
                   r"|Texas Hold'?em Game Table \((NL|PL|FL)\)")
_OTHER = re.compile(r"\b((?:No Limit|Pot Limit|Fix(?:ed)? Limit|NL|PL|FL) [A-Za-z' -]+?)(?: -| Jackpot|$)")
_STAKES = re.compile(r"^(?P<stakes>\S+(?: [$€£])?/\S+(?: [$€£])?)(?: USD| EUR| GBP)? ")
_SPACED = re.compile(r"^(?P<stakes>[0-9][0-9 .,]*/[0-9][0-9 .,]*?) Blinds ")  # 10 000/20 000 Blinds
_ANTES = re.compile(r"Blinds(?:-Antes)?\((?P<sb>[0-9 ,.]+)/(?P<bb>[0-9 ,.]+)(?: -(?P<ante>[0-9 ,.]+))?\)")
_SEAT = re.compile(r"^[Ss]eat (?P<num>[0-9]+): (?P<name>.+?) \( ?(?P<stack>[^()]*?) ?\)\s*$")
_NAMELESS = re.compile(r"^Seat [0-9]+: +\( ?[^()]*\)\s*$")
_TABLE = re.compile(r"^(?:Tournament #([0-9]+) .*?- )?Table (.*?)(?: ([0-9]+) Max)? \((?:Real|Play) Money\)")
_BUTTON = re.compile(r"^Seat (?P<num>[0-9]+) is the button")
_TABLE_BUTTON = re.compile(r" -- Seat ([0-9]+) is the button\s*$")
#: The Game Table summary: ``Main Pot: $7.13 Rake: $0.37`` (``Side Pot 1: 52452`` between).
_MAIN_POT = re.compile(r"^Main Pot: \S+(?: Side Pot [0-9]+: \S+)*(?: Rake: (?P<rake>\S+))?\s*$")
#: A Game Table summary's player line: ``ann balance $9.20, lost $0.80 (folded)``, ``bob balance
#: $8.86, bet $2.30, collected $3.16, net +$0.86``, cards shown after it in brackets.
_BALANCE = re.compile(r"^balance (?P<balance>[^,\s]+)(?:,|\s|$)(?:.*?\bcollected (?P<won>[^,\s]+),)?")
_UNSEATED_POST = re.compile(r"^(.+?) posts (?:small|big) blind")
_STREETS = {"flop": 1, "turn": 2, "river": 3}
_NOISE = re.compile(
    r"^(?:Table .*|Total number of players.*|Trny: ?[0-9]+ Level: ?[0-9]+|Blinds(?:-Antes)?\(.*\)|"
    r"Game #[0-9]+ starts\.|#Game No : [0-9]+|Dealt to .*|.+ (?:has left the table|has joined the table|"
    r"will be using (?:his|their|her) time bank.*|did not respond in time|is sitting out|"
    r"has been reconnected|"
    r"is disconnected|has timed out|could not respond in time|finished .* in .* place.*|"
    r"wins (?:the tournament|a seat).*|sits out|is back|has returned|is connected|"
    r"did not show his hand|does not show cards\.?|has requested TIME|seconds left to act|"
    r"has been reconnected.*|is disconnected.*|could not respond in time.*|: .*)"
    r"|Your time bank will be activated.*|.*\bhas [0-9]+ seconds left to act.*|Player .* finished in [0-9]+.*"
    r"|Congratulations to player .*|Due to current high memory use.*|[^ ]+: .*).*$"
)


def parse(lines: Sequence[str], first_line: int, site: str) -> SiteHand:
    """Read one 888poker (``site="888"``) or PartyPoker (``site="PartyPoker"``) hand.

    Raises
    ------
    SkipHand
        Another game than hold'em.
    HandHistoryError
        Anything that does not read: the message gives the line number and text.

    Examples
    --------
    >>> text = '''***** Hand History for Game 41 *****
    ... $1/$2 USD NL Texas Hold'em - Sunday, June 01, 18:19:22 EDT 2013
    ... Table Rochdale (Real Money)
    ... Seat 1 is the button
    ... Total number of players : 2/6
    ... Seat 1: ann ( $200 USD )
    ... Seat 2: bob ( $200 USD )
    ... ann posts small blind [$1 USD].
    ... bob posts big blind [$2 USD].
    ... ** Dealing down cards **
    ... ann raises [$5 USD]
    ... bob folds
    ... ann does not show cards.
    ... ann wins $8 USD'''
    >>> hand = parse(text.splitlines(), 1, "PartyPoker")
    >>> hand.site, hand.actions[0][1:3], hand.put
    ('PartyPoker', ('ann', 'b'), {'ann': Decimal('6'), 'bob': Decimal('2')})
    """
    party = site == "PartyPoker"
    k = 0
    while k < len(lines) and "Hand History" not in lines[k]:
        k += 1
    if k == len(lines):
        raise HandHistoryError(f"line {first_line}: the hand is truncated (no hand header)")
    idm = _ID.search(lines[k])
    if idm is None:
        raise HandHistoryError(f"not a {site} hand header")
    hand = SiteHand(site, idm.group(1), first_line)
    k += 1
    balances: dict[str, Decimal] = {}
    game_line = lines[k].strip() if k < len(lines) else ""
    gm = _GAME.search(game_line)
    if gm is None:
        other = _OTHER.search(game_line)
        raise SkipHand(f"other game: {other.group(1) if other else game_line.split(' - ')[0]}")
    variant = {"N": "NT", "P": "PT", "F": "FT"}[(gm.group(1) or gm.group(2) or gm.group(3))[0]]
    row = party_row(lines[k - 1], game_line) if party else None
    table = row is not None and row.balances  # the Game Table layout (see dialects.PARTY)
    if row is not None:
        hand.site, hand.dialect = row.site, row.name
    hand.variant = variant
    sm = _STAKES.match(game_line) or _SPACED.match(game_line)
    if sm is not None:
        stakes = sm.group("stakes")
        sb, _, bb = stakes.partition("/")
        hand.sb, hand.bb = amount(sb), amount(bb)
        if variant == "FT":  # PartyPoker names the bets, 888 the blinds
            hand.small_bet, hand.big_bet = (hand.sb, hand.bb) if party else (hand.bb, 2 * hand.bb)
    when = _when(game_line)
    if when is not None:
        hand.started, hand.zone = when
    if "$" in game_line.split(" - ")[0]:
        hand.currency = "USD"
    elif "€" in game_line.split(" - ")[0] or " EUR" in game_line:
        hand.currency = "EUR"
    if "Trny" in game_line or "Tournament" in "".join(lines[k:k + 2]):
        t = re.search(r"Trny: ?([0-9]+)|Tournament #([0-9]+)", "".join(lines[k:k + 2]))
        hand.tournament = (t.group(1) or t.group(2)) if t else "?"
        hand.currency = None
    names: list[str] = []
    street = 0
    section = "seats"
    paid = False
    dealing = False
    k += 1
    for j in range(k, len(lines)):
        line = lines[j].strip()
        where = first_line + j
        if not line:
            continue
        try:
            am = _ANTES.search(line)
            if am is not None and section == "seats" or (am is not None and line.startswith("Blinds")):
                whole = hand.tournament is not None
                hand.sb, hand.bb = amount(am.group("sb"), whole), amount(am.group("bb"), whole)
                continue
            if section == "seats":
                bm = _BUTTON.match(line)
                if bm is not None:
                    hand.button = int(bm.group("num"))
                    continue
                if _NAMELESS.match(lines[j]):
                    # 888 writes a hand watched at a table the player has just been moved to with
                    # no names at all: the text does not say who acted, showed or collected.
                    raise incomplete("the seat lines name no player (a hand watched after a table move)")
                sm = _SEAT.match(line)
                if sm is not None:
                    hand.seat(int(sm.group("num")), sm.group("name"),
                              amount(sm.group("stack"), hand.tournament is not None), dealt=False)
                    names.append(sm.group("name"))
                    continue
                if line.startswith(("Table ", "Tournament #")):
                    bt = _TABLE_BUTTON.search(line)  # Table T (Real Money) -- Seat 3 is the button
                    if bt is not None:
                        hand.button = int(bt.group(1))
                    tm = _TABLE.match(line)
                    hand.table = tm.group(2) if tm else line[6:]
                    if tm and tm.group(1):
                        hand.tournament, hand.currency = tm.group(1), None
                    if tm and tm.group(3):
                        hand.seat_count = int(tm.group(3))
                    continue
                if _NOISE.match(line) or line.startswith("Total number of players"):
                    continue
                names.sort(key=len, reverse=True)
                section = "play"
            if line.startswith("** "):
                head = line[3:line.find(" **", 3)].strip().lower()
                word = head.split()[-1] if head else ""
                if head.startswith("dealing") and word in _STREETS:
                    street = _STREETS[word]
                    hand.new_street(street, board(line))
                elif head == "summary":
                    section = "summary"
                elif head == "dealing down cards":
                    dealing = True
                    if party and hand.tournament is not None:
                        _unwritten_blinds(hand)
                else:
                    raise HandHistoryError(f"unknown section {line!r}")
                continue
            if line.startswith("Dealt to "):
                hand.dealt_to(line)
                continue
            if table and section == "summary" and (line.startswith("Board:") or _MAIN_POT.match(line)):
                mp = _MAIN_POT.match(line)
                if mp is not None and mp.group("rake"):
                    hand.extra["_written_rake"] = amount(mp.group("rake"))
                continue
            name = next((n for n in names if line.startswith(n + " ")), None)
            if name is None:
                if _NOISE.match(line):
                    continue
                newcomer = _UNSEATED_POST.match(line)
                if newcomer is not None and not dealing:
                    # The text names no seat for a player who has just joined: nor where they
                    # sit, nor their stack (Party-style seat lines are the only place for both).
                    raise incomplete(f"{newcomer.group(1)!r} posts a blind without a seat line: the text "
                                     f"gives neither their seat nor their stack (line {where})")
                raise HandHistoryError(f"unrecognised line {line!r}")
            verb = line[len(name) + 1:].strip()
            if section == "seats" or (not dealing and verb.startswith("folds")
                                      and not any(kind == "bb" for _, kind, _ in hand.posts)):
                continue  # a fold before the cards are dealt: the player sits this hand out
            if table and section == "summary":
                paid |= _balance(hand, name, verb, balances)
                continue
            paid |= _action(hand, name, verb, street, party, table)
        except SkipHand:
            raise
        except HandHistoryError as exc:
            raise HandHistoryError(f"line {where}: {exc}") from None
    if not paid:
        raise incomplete("the hand ends before anyone collects the pot")
    # 888 also says "mucks [cards]" of a hand that did not show but still won a pot: it contested.
    hand.shows = [(name, hand.holes.get(name) if cards is None and name in hand.collected else cards)
                  for name, cards in hand.shows]
    settle_unstated(hand, included=party or None)
    written = hand.extra.pop("_written_rake", None)
    if written is not None and written != hand.rake:
        raise HandHistoryError(f"the amounts do not add up: the rake is {written}, the text's amounts leave "
                               f"{hand.rake}")
    for name, balance in balances.items():  # the Game Table summary's final stacks
        if hand.finishing(name) != balance:
            raise HandHistoryError(f"the amounts do not add up: {name!r} ends with a balance of {balance}, "
                                   f"the text's amounts give {hand.finishing(name)}")
    if table and hand.currency is None and hand.tournament is None and "$" in "".join(lines[k:k + 12]):
        hand.currency = "USD"
    if hand.variant == "FT" and not party:  # 888 names the blinds: the big bet shows on the turn
        late = [to for st, _, verb, to in hand.actions if st >= 2 and verb == "b"]
        if late:
            hand.big_bet = late[0]
    return hand


def _unwritten_blinds(hand: SiteHand) -> None:
    """Post the blinds of a PartyPoker tournament hand that writes antes but no blind lines.

    Some PartyPoker tournament histories list only the antes, though the pot holds both blinds
    (the winner's ``wins`` counts them): the seats after the button posted them, as the level's
    ``Blinds-Antes(SB/BB -A)`` line says (heads-up, the button posts the small blind). A blind
    is all that the stack holds when less; the amounts are checked against the payout later.
    """
    if any(kind in ("sb", "bb", "live", "dead") for _, kind, _ in hand.posts) or not hand.sb or not hand.bb:
        return
    seats = sorted(hand.seats, key=lambda s: s.number)
    if len(seats) < 2:
        return
    after = [k for k, s in enumerate(seats) if s.number > hand.button]
    first = after[0] if after else 0
    if len(seats) == 2:
        first = next((k for k, s in enumerate(seats) if s.number == hand.button), first)
    for offset, (kind, chips) in enumerate((("sb", hand.sb), ("bb", hand.bb))):
        seat = seats[(first + offset) % len(seats)]
        left = seat.stack - hand.put.get(seat.name, Decimal(0))
        if left > 0:
            hand.post(seat.name, kind, min(chips, left))


def amount(text: str, whole: bool = False) -> Decimal:
    """An amount as 888 and PartyPoker write it (``$1,000``, ``1 200``, ``$0.50 USD``); ``whole``
    for a tournament's chips (``152.300`` is 152300)."""
    text = text.replace("USD", "").replace("EUR", "").replace("GBP", "").strip().rstrip(".")
    return _amount(text, whole=whole)  # "$1,000" has a thousands comma, "64,60 $" a decimal comma


_PARENS = re.compile(r"\(([^()]*[0-9][^()]*)\)")
_BARE = re.compile(r"(?:^|\s)([$€£]?[0-9][0-9.,]*)\s*$")


def _bracket_amount(arg: str, whole: bool = False) -> Decimal:
    found = _BRACKET.findall(arg) or _PARENS.findall(arg) or _BARE.findall(arg)
    if not found:
        raise HandHistoryError(f"no amount in {arg!r}")
    if "+" in found[0]:
        return sum((amount(x, whole) for x in found[0].split("+")), Decimal(0))
    return amount(found[0], whole)


def _balance(hand: SiteHand, name: str, verb: str, balances: dict[str, Decimal]) -> bool:
    """A Game Table summary line of ``name``: the final stack, what was collected (uncalled bets
    included, as PartyPoker's ``wins``), and the cards shown; True when it collects."""
    m = _BALANCE.match(verb)
    if m is None:
        raise HandHistoryError(f"unreadable summary line of {name!r}: {verb!r}")
    whole = hand.tournament is not None
    balances[name] = amount(m.group("balance"), whole)
    shown = _BRACKET.findall(verb)
    cards = _cards(shown[0]) if shown else ""
    if len(cards) == 4:
        hand.holes[name] = cards
        hand.shows.append((name, cards))
    if m.group("won"):
        hand.collect(name, amount(m.group("won"), whole))
        return True
    return False


def _action(hand: SiteHand, name: str, verb: str, street: int, party: bool, table: bool = False) -> bool:
    """Apply one ``NAME verb`` line; True when it pays out a pot. ``table``: the Game Table
    layout (amounts in parentheses or bare, ``raises X to Y`` with the street total Y)."""
    if verb in ("folds.", "checks."):  # actions ending in a full stop
        verb = verb[:-1]
    whole = hand.tournament is not None
    word, _, arg = verb.partition(" ")
    if table and word == "raises" and " to " in arg:
        hand.act(street, name, "b", amount(arg.rpartition(" to ")[2], whole))
        return False
    if table and verb.startswith("is all-In"):
        return False  # "is all-In." after the bet or call that put the stack in
    if word == "folds":
        hand.act(street, name, "f")
    elif word == "checks":
        hand.act(street, name, "x")
    elif word in ("calls", "bets", "raises") or verb.startswith("is all-In"):
        chips = _bracket_amount(arg, whole)
        before = hand.street_total.get(name, Decimal(0))
        top = max(hand.street_total.values(), default=Decimal(0))
        if word == "calls" or (word == "is" and before + chips <= top):
            hand.act(street, name, "c", chips)
        else:
            hand.act(street, name, "b", chips, by=True)
    elif word == "posts":
        chips = _bracket_amount(arg, whole)
        if arg.startswith("small blind"):
            # A second small blind (a player coming in between the blinds) is a live bet.
            hand.post(name, "live" if any(kind == "sb" for _, kind, _ in hand.posts) else "sb", chips)
        elif arg.startswith("big blind + dead"):
            bet = min(hand.bb, chips)
            hand.post(name, "live", bet)
            if chips > bet:
                hand.post(name, "dead", chips - bet)
        elif arg.startswith("big blind"):
            hand.post(name, "bb", chips)
        elif arg.startswith("ante"):
            hand.post(name, "ante", chips)
        elif arg.startswith("dead blind") and "+" in _BRACKET.findall(arg)[0]:
            missed, bet = (amount(x, whole) for x in _BRACKET.findall(arg)[0].split("+"))
            hand.post(name, "dead", missed)
            hand.post(name, "live", bet)
        elif arg.startswith("dead blind") or arg.startswith("dead"):
            hand.post(name, "dead", chips)
        else:
            raise HandHistoryError(f"unknown post {arg!r}")
    elif word in ("shows", "mucks") or verb.startswith("doesn't show"):
        found = _BRACKET.findall(verb)
        cards = _cards(found[0]) if found else ""
        if len(cards) == 4:
            hand.holes[name] = cards
        still_in = [s.name for s in hand.seats if s.dealt and s.name not in hand.folded]
        if len(still_in) > 1:  # a show after everyone else folded is no showdown
            hand.shows.append((name, cards if word == "shows" and len(cards) == 4 else None))
    elif word == "collected":
        hand.collect(name, _bracket_amount(arg, whole))
        return True
    elif word == "wins":
        m = re.match(r"^\$?\s?([0-9][0-9,. ]*?)(?: USD| EUR| GBP)?(?: chips)?"
                     r"(?: from the (main pot|side pot(?: ?#?[0-9]+)?))?(?: with .*|\.)?$", arg)
        if m is None:
            raise HandHistoryError(f"unreadable win {verb!r}")
        won = amount(m.group(1), whole)
        hand.collect(name, won)
        pot = m.group(2) or "main pot"
        index = 0 if pot == "main pot" else int(re.sub(r"[^0-9]", "", pot) or 1)
        while len(hand.pots) <= index:
            hand.pots.append(Decimal(0))
        hand.pots[index] += won
        return True
    elif _NOISE.match(f"{name} {verb}"):
        return False
    else:
        raise HandHistoryError(f"unknown action {verb!r} of {name!r}")
    return False
