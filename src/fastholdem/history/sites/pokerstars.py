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

import functools
import re
from collections.abc import Callable, Sequence
from decimal import Decimal

from ...errors import HandHistoryError
from .dialects import STARS, Dialect, local_ranks, translate
from .model import SiteHand, SkipHand, incomplete, stamp
from .money import amount as _amount
from .text import BRACKET as _BOARD
from .text import bet_verb, board, table_line
from .text import cards as _cards

__all__ = ["parse", "parse_dialect", "START", "SITE", "DIALECTS"]

SITE = "PokerStars"
#: The family's table of dialects: PokerStars, its clones and its old exports (one row each).
DIALECTS = STARS
_BY_SITE = {row.site: row for row in reversed(STARS)}
#: The first line of every PokerStars hand.
START = STARS[0].start

_GAME = re.compile(r"(Hold'em|Omaha|Razz|Stud|Draw|Badugi|Courchevel|HORSE|Mixed|8-Game|Triple|Single|5 Card|"
                   r"Deuce|Triple Draw|2-7|Hold'em 6\+|Six Plus)")
_HOLDEM = re.compile(r"Hold'em (No Limit|Pot Limit|Limit)\b")
_STAKES = re.compile(r"\((?P<sb>[^/()]+)/(?P<bb>[^/() ]+)(?:\((?P<ante>[^()]*)\))?(?P<tail>[^()]*)\)")
_TABLE = re.compile(r"^Table (?:ID )?'(?P<name>.*)' (?:(?P<max>[0-9]+)-[Mm]ax )?(?:\(Play Money\) )?"
                    r"Seat #(?P<button>[0-9]+) is the button")
_SEAT = re.compile(r"^Seat (?P<num>[0-9]+): (?P<name>.+?) \((?P<stack>[^()]*?) in chips(?:, [^()]*)?\)"
                   r"(?P<tail>.*)$")
_BARE_SEAT = re.compile(r"^Seat (?P<num>[0-9]+): (?P<name>.+) \((?P<stack>[^()]*[0-9][^()]*)\)(?P<tail>)\s*$")
_TOURNAMENT = re.compile(r"Tournament #([0-9]+)")
_SUMMARY_SEAT = re.compile(r"^Seat [0-9]+: (?P<rest>.*)$")
_CAPPED = re.compile(r"(\S*[0-9])\s+Cap\b")
_ET = re.compile(r"\[([0-9/]+ [0-9:]+ ET)\]")  # PokerStars' Eastern time beside a local one
_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
_RUNS = ("FIRST ", "SECOND ", "THIRD ")
#: An amount with its currency written as a word before or after it (``USD 0.19``, ``0.62 EUR``).
_AMT = r"(?:(?:USD|EUR|GBP|CAD|INR|CNY) )?[^\s|()]+(?: (?:USD|EUR|GBP|CAD|INR|CNY)\b)?"
_COLLECT = re.compile(r"^(?P<name>.+?) collected (?P<amt>" + _AMT + r") from (?P<pot>(?:main |side )?pot(?:-[0-9]+)?)\s*$")
_UNCALLED = re.compile(r"^Uncalled bet \((?P<amt>[^()]+)\) returned to (?P<name>.+?)\s*$")
_CASHOUT = re.compile(r"^(?P<name>.+?) cashed out the hand for (?P<amt>\S+)"
                      r"(?: \| Cash Out Fee (?P<fee>\S+))?\s*$")
_TOTAL = re.compile(r"^Total pot (?P<total>" + _AMT + r")(?P<pots>.*?)(?:\| Rake (?P<rake>" + _AMT + r")(?P<rest>.*))?$")
_GG_FEE = re.compile(r"\| (?:Jackpot|Bingo|Fortune|Tax|Fee|Cash Drop|Bad beat) (\S+)")
_VERBS = r"(?:posts|folds|checks|calls|bets|raises|shows|mucks|straddle)\b"
#: A newcomer's seat (``dee joins the table at seat #5``) and a post by a player with no seat line.
_JOINS = re.compile(r"^(?P<name>.+?) joins the table at seat #(?P<seat>[0-9]+)\s*$")
_UNSEATED_POST = re.compile(r"^(?P<name>.+?):? posts (?:the )?(?:small blind|big blind|small & big blinds) ")
_RISK = re.compile(r"^Pays Cashout Risk \((?P<amt>[^()]+)\)\s*$")
_RECEIVES = re.compile(r"^Receives Cashout \((?P<amt>[^()]+)\)\s*$")
_POT = re.compile(r"(?:Main|Side) pot(?:-[0-9]+)? (\S+?)\.?(?: |$)")
_WON = re.compile(r"^(?P<name>.+?)(?: \((?:button|small blind|big blind|dealer)\))* (?:did not show and won|"
                  r"showed \[[^\]]*\] and won|won) \(?(?P<amt>" + _AMT + r")\)?(?: with .*)?\s*$")
#: What a player does that moves no chips and shows no cards: the one list of these phrases, read
#: after ``NAME: `` (PokerStars), after ``NAME `` (the clones without a colon) and as a verb.
_EVENTS = (r"joins the table at seat #[0-9]+", "leaves the table", "will be allowed to play after the button",
           "was removed from the table.*", "is connected", "is disconnected", "has timed out.*", "has returned",
           "finished the tournament.*", "wins the tournament.*", "re-buys and receives.*",
           "takes the add-on.*", "wins an entry to.*", r"wins \$?[0-9.,]+ for eliminating.*",
           r"wins the \$?[0-9.,]+ bounty.*", "has been disqualified.*", r"is sitting out(?: \(timed out\))?",
           "sits out", 'said, ".*', "is capped.*", "wins .* for splitting the elimination.*",
           "doesn't show hand", "does not show", "Chooses to EV Cashout.*")
_EVENT = re.compile(r"(?:" + "|".join(_EVENTS) + r")\s*$")
# Lines that say nothing about chips or cards, in any position.
_NOISE = re.compile(
    r"^(?:.+?:? (?:" + "|".join(_EVENTS) + r")"
    r"|Hand was run (?:twice|three times|two times)|Board \[.*\]|(?:FIRST|SECOND|THIRD) Board \[.*\]"
    r"|Seat [0-9]+: .*|\*\*\* (?:HOLE CARDS|SHOW ?DOWN|(?:FIRST|SECOND|THIRD) SHOW ?DOWN) \*\*\*"
    r"|Hand has been stopped.*|Game #.*|Table '.*' .*|Main pot [^|]*"
    r"|Betting was .*|The player .*|.* has been canceled)\s*$"
)


@functools.lru_cache(maxsize=4096)
def amount(text: str) -> Decimal:
    """An amount as PokerStars writes it (decimal point, comma thousands, currency sign).

    Cached: a session writes the same few amounts (its blinds, stacks, bets) over and over, and
    a ``Decimal`` cannot change, so one read of each text serves them all (a text that is no
    amount raises each time: exceptions are not cached).
    """
    return _amount(text, decimal=".")


def _total(text: str) -> tuple[Decimal, Decimal]:
    """A summary's total pot and the precision it is written to: ``4.73k`` is 4730 give or take 5
    (an abbreviated total is rounded); a total written in full is exact (precision 0).

    >>> _total("4.73k"), _total("$1,340")
    ((Decimal('4730.00'), Decimal('5.00')), (Decimal('1340'), Decimal('0')))
    """
    scale = {"k": Decimal(1000), "K": Decimal(1000), "M": Decimal(10) ** 6}.get(text[-1:])
    if scale is None:
        return amount(text), Decimal(0)
    value = amount(text[:-1])
    exponent = value.as_tuple().exponent
    step = Decimal(1).scaleb(exponent) if isinstance(exponent, int) else Decimal(0)
    return value * scale, step * scale / 2


def parse(lines: Sequence[str], first_line: int, site: str = SITE) -> SiteHand:
    """Read one hand of the PokerStars family (its lines, the header first); ``first_line`` is its
    line number; ``site`` picks the dialect row of that site (see :func:`parse_dialect`).

    Raises
    ------
    SkipHand
        Another game than hold'em, or a cancelled hand.
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
    head = lines[0].strip() if lines else ""
    row = next((d for d in STARS if d.start.match(head)), None)
    if row is None:
        row = _BY_SITE.get(site)
        if row is None:
            raise HandHistoryError(f"no PokerStars-style dialect of site {site!r}")
    return parse_dialect(lines, first_line, row)


def _header(line: str, row: Dialect) -> tuple[str, str]:
    """The hand id and the rest of a header line, in PokerStars' own words."""
    m = row.header.match(line) if row.header is not None else None
    if m is None:
        raise HandHistoryError(f"not a {row.name} hand header")
    rest = m.group("rest")
    if row.upper:  # the game's name in capitals: HOLD'EM NO LIMIT ($1/$2)
        cut = rest.find("(")
        cut = len(rest) if cut < 0 else cut
        rest = rest[:cut].title().replace("'E", "'e") + rest[cut:]
    for pattern, repl in _compiled(row.rewrites):
        rest = pattern.sub(repl, rest, count=1)
    return m.group("id"), rest


@functools.lru_cache(maxsize=64)
def _compiled(pairs: tuple[tuple[str, str], ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """A row's ``(pattern, replacement)`` pairs, compiled once."""
    return tuple((re.compile(pattern), repl) for pattern, repl in pairs)


def parse_dialect(lines: Sequence[str], first_line: int, row: Dialect) -> SiteHand:
    """Read one hand of the PokerStars family as the dialect ``row`` writes it.

    GGPoker writes the format with a few more words (straddles, missed blinds, EV cash-out and
    more pot fees); the ACR/WPN row writes ``NAME verb`` without a colon and the amounts won in
    the summary; the capitals row writes its header in capitals. Every row is read here.

    >>> acr = [d for d in DIALECTS if d.name == "ACR/WPN"][0]
    >>> text = '''Game Hand #5 - Holdem(No Limit) - $0.01/$0.02 - 2021/02/25 22:07:46 UTC
    ... Table 'T' 6-max Seat #1 is the button
    ... Seat 1: ann ($2.00)
    ... Seat 2: bob ($2.00)
    ... ann posts the small blind $0.01
    ... bob posts the big blind $0.02
    ... *** HOLE CARDS ***
    ... ann folds
    ... Uncalled bet ($0.01) returned to bob
    ... *** SUMMARY ***
    ... Total pot $0.02 | Rake $0
    ... Seat 2: bob (big blind) did not show and won $0.02'''
    >>> hand = parse_dialect(text.splitlines(), 1, acr)
    >>> hand.site, hand.finishing("bob"), hand.finishing("ann")
    ('ACR', Decimal('2.01'), Decimal('1.99'))
    """
    hand = _start(lines[0].strip(), first_line, row)
    reader = _Reader(hand, row)
    respell = _compiled(row.lines)
    for k in range(1, len(lines)):
        line = lines[k].strip()
        if not line:
            continue
        if respell:
            for pattern, repl in respell:  # the row's spelling in the family's (dialects.Dialect.lines)
                line = pattern.sub(repl, line)
        try:
            reader.read(line)
        except SkipHand:
            raise
        except HandHistoryError as exc:
            raise HandHistoryError(f"line {first_line + k}: {exc}") from None
    return reader.finish()


def _start(line: str, first_line: int, row: Dialect) -> SiteHand:
    """The SiteHand of a header line: the game, stakes, cap, tournament, currency and time."""
    hand_id, rest = _header(line, row)
    game = _HOLDEM.search(rest)
    if game is None:
        other = _GAME.search(rest)
        raise SkipHand(f"other game: {other.group(1) if other else rest.split(' - ')[0].strip()}")
    if "Hold'em 6+" in rest or "6+ Hold'em" in rest:
        raise SkipHand("other game: 6+ Hold'em")
    variant = {"No Limit": "NT", "Pot Limit": "PT", "Limit": "FT"}[game.group(1)]
    stakes = [s for s in _STAKES.finditer(rest) if "/" in s.group(0)]
    if not stakes:
        raise HandHistoryError(f"line {first_line}: no stakes in the header")
    st = stakes[-1]
    cap = _CAPPED.search(st.group("tail"))
    if "Cap" in st.group("tail") and cap is None:
        raise HandHistoryError(f"line {first_line}: a capped game without its cap: {st.group(0)!r}")
    t = _TOURNAMENT.search(rest) if "Tournament #" in rest else None
    tournament = t.group(1) if t is not None else None
    currency = None
    if tournament is None:
        for code in row.currencies:
            if code in st.group(0):
                currency = code
        if currency is None and st.group("sb")[:1] in "$€£¥":
            currency = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY"}[st.group("sb")[0]]
    hand = SiteHand(row.site, hand_id, first_line, variant=variant, currency=currency, tournament=tournament,
                    dialect=row.name)
    if cap is not None:  # capped no limit ($0.50/$1.00 - $20 Cap - USD): R46
        hand.stack_cap = amount(cap.group(1))
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
    return hand


class _Reader:
    """The lines of one hand after its header, read in turn: ``read`` is the handler of the part
    the hand is in (the seats, the play, the summary) and moves on at each part's first line."""

    def __init__(self, hand: SiteHand, row: Dialect) -> None:
        self.hand = hand
        self.row = row
        self.names: dict[str, bool] = {}
        self.by_length: list[str] = []
        self.seat_line = _BARE_SEAT if row.bare_seats else _SEAT
        self.colon = row.colon
        self.street = 0
        self.showdown = False
        self.dealt_yet = False
        self.total_seen = False
        self.rounded: tuple[Decimal, Decimal] | None = None
        self.risk: dict[str, Decimal] = {}
        self.joined: dict[str, int] = {}  # joins the table at seat #N
        self.newcomers: dict[str, bool] = {}  # seated by their post alone: all-in yet?
        self.language = "en"  # a translated client's language, once its words are read
        self.read: Callable[[str], None] = self._seat

    def _seat(self, line: str) -> None:
        hand = self.hand
        if line.startswith("Table ") and table_line(hand, _TABLE.match(line)):
            return
        sm = self.seat_line.match(line)
        if sm is not None:
            tail = sm.group("tail")
            dealt = "sitting out" not in tail and "out of hand" not in tail
            name = sm.group("name")
            hand.seat(int(sm.group("num")), name, amount(sm.group("stack")), dealt)
            self.names[name] = True
            return
        if line.startswith("Seat ") and _NOISE.match(line):
            return  # a seat taken by a player not yet in (waits for the button)
        self.by_length = sorted(self.names, key=len, reverse=True)
        self.read = self._play
        self._play(line)

    def _section(self, line: str) -> None:
        """A ``*** NAME ***`` line: a street (of one run), the showdown, the summary."""
        hand = self.hand
        head = line[4:line.find(" ***", 4)] if " ***" in line[4:] else line
        word = head.split()[-1] if head.split() else ""
        if head.startswith(_RUNS) and word in _STREETS:
            hand.run_street(_RUNS.index(head[: head.index(" ") + 1]), board(line))
        elif head.startswith(_RUNS) and head.endswith(("SHOW DOWN", "SHOWDOWN")):
            self.showdown = True
        elif word in _STREETS:
            self.street = _STREETS[word]
            hand.new_street(self.street, board(line))
        elif head == "SUMMARY":
            self.read = self._summary
        elif head in ("HOLE CARDS", "DEALING HANDS"):
            self.dealt_yet = True
        elif head in ("SHOW DOWN", "SHOWDOWN"):
            self.showdown = True
        else:
            raise HandHistoryError(f"unknown section {line!r}")

    def _summary(self, line: str) -> None:
        hand = self.hand
        if line.startswith("*** "):
            self._section(line)
            return
        total = _TOTAL.match(line) if line.startswith("Total pot ") else None
        if total is not None:
            self.total_seen = True
            hand.rake = amount(total.group("rake")) if total.group("rake") else Decimal(0)
            value, give = _total(total.group("total"))
            if give:
                self.rounded = value, give
            else:
                hand.total_pot = value
            hand.pots = [amount(x) for x in _POT.findall(total.group("pots"))]
            while hand.pots and not hand.pots[-1]:  # Run It Once's "| Side pot €0.00"
                hand.pots.pop()
            if self.row.pot_fees:
                for fee in _GG_FEE.finditer(total.group("rest") or ""):
                    hand.jackpot += amount(fee.group(1))
            return
        sm = _SUMMARY_SEAT.match(line) if line.startswith("Seat ") else None
        if sm is not None:
            _summary_seat(hand, sm.group("rest"), self.row.wins_in_summary)
            return
        if not _NOISE.match(line):
            raise HandHistoryError(f"unrecognised summary line {line!r}")

    def _play(self, line: str) -> None:
        hand = self.hand
        if line.startswith("*** "):
            self._section(line)
            return
        if line.startswith("Dealt to "):
            hand.dealt_to(line)
            return
        um = _UNCALLED.match(line) if line.startswith("Uncalled bet") else None
        if um is not None:
            hand.give_back(um.group("name"), amount(um.group("amt")))
            return
        name, verb = _split(line, self.names) if self.colon else _split_bare(line, self.by_length)
        if name is None:
            cm = _COLLECT.match(line)
            if cm is not None and cm.group("name") in self.names:
                hand.collect(cm.group("name"), amount(cm.group("amt")), self._pot(cm.group("pot")))
                return
            co = _CASHOUT.match(line)
            if co is not None and co.group("name") in self.names:
                hand.cash_out[co.group("name")] = amount(co.group("amt"))
                if co.group("fee"):
                    hand.cash_out_fee[co.group("name")] = amount(co.group("fee"))
                return
            jm = _JOINS.match(line)
            if jm is not None:
                self.joined[jm.group("name")] = int(jm.group("seat"))
                return
            if _NOISE.match(line):
                return
            newcomer = _UNSEATED_POST.match(line)
            if newcomer is not None and not self.dealt_yet:
                self._newcomer(newcomer.group("name"), line)
                return
            unseated = re.match(r"^(?P<name>.+?):? " + _VERBS, line)
            if unseated is not None:
                raise HandHistoryError(f"a player acts without a seat: {unseated.group('name')!r}")
            raise HandHistoryError(f"unrecognised line {line!r}")
        if not self.colon and verb.startswith("collected "):
            cm = _COLLECT.match(line)
            if cm is not None:
                hand.collect(name, amount(cm.group("amt")), self._pot(cm.group("pot")))
                return
        if not self.dealt_yet and verb == "folds" and all(who != name for who, _, _ in hand.posts):
            hand.by_name[name].dealt = False  # declined to post: folds before the deal, not dealt in
            return
        if self.newcomers and name in self.newcomers and verb.endswith(_ALLIN):
            self.newcomers[name] = True
        if not _action(hand, name, verb, self.street, self.showdown, self.risk):
            found = translate(verb, self.row.languages)  # a translated client's words (dialects.LANGUAGES)
            if found is None or not _action(hand, name, found[1], self.street, self.showdown, self.risk):
                raise HandHistoryError(f"unknown action {verb!r} of {name!r}")
            self.language = found[0]

    def _newcomer(self, name: str, line: str) -> None:
        """A player who posts a blind before the deal without a seat line (just joined): seated at
        the seat their ``joins the table at seat #N`` line names, with a stack the hand must prove
        (see :meth:`finish`); without that line their seat cannot be decided."""
        seat = self.joined.get(name)
        if seat is None or any(s.number == seat for s in self.hand.seats):
            raise incomplete(f"{name!r} posts a blind without a seat line, and no line says which seat "
                             f"they took")
        self.hand.seat(seat, name, _UNPROVED)
        self.names[name] = True
        self.by_length = sorted(self.names, key=len, reverse=True)
        self.newcomers[name] = False
        self._play(line)

    def _pot(self, pot: str) -> str:
        """The name of a pot collected from, by the part of the hand (a showdown's pots apart)."""
        return f"{'showdown' if self.showdown else 'pre'} {pot}"

    def finish(self) -> SiteHand:
        """The hand once every line is read (its summary's numbers checked)."""
        hand = self.hand
        for name, paid in self.risk.items():  # GGPoker EV cash-out won: the pot less the risk
            hand.cash_out[name] = hand.collected.pop(name, Decimal(0)) - paid
        if not self.total_seen:
            raise incomplete("the hand ends before its summary (no total pot)")
        for name, all_in in self.newcomers.items():  # a newcomer's stack: what the hand proves
            if not all_in:
                raise incomplete(f"{name!r} posts a blind without a seat line, and the text gives no stack "
                                 f"(not all-in, so what they put in is not all they had)")
            hand.by_name[name].stack = hand.put.get(name, Decimal(0))
        if self.rounded is not None:  # an abbreviated total: what was put in must round to it
            value, give = self.rounded
            exact = sum(hand.put.values(), Decimal(0)) - sum(hand.returned.values(), Decimal(0))
            if abs(exact - value) > give:
                raise HandHistoryError(f"the amounts do not add up: {exact} in the pot, but the total pot "
                                       f"is about {value}")
        if not hand.pots and hand.rake:
            hand.pots = _pots_collected(hand)
        if self.language != "en":
            _translate_ranks(hand, self.language)
        return hand


def _translate_ranks(hand: SiteHand, language: str) -> None:
    """Write a translated client's rank letters (German ``B``, ``D``; French ``V``, ``D``, ``R``)
    as English ones in every card of the hand (see :func:`dialects.local_ranks`)."""
    def pairs(text: str) -> list[str]:
        return [text[i:i + 2] for i in range(0, len(text), 2)]
    every = [c for cards in hand.holes.values() for c in pairs(cards)]
    every += [c for street in hand.boards for c in street] + [c for run in hand.runs for st in run for c in st]
    table = local_ranks(every, language)
    if not table:
        return
    def one(card: str) -> str:
        return table.get(card[:1], card[:1]) + card[1:]
    hand.holes = {name: "".join(one(c) for c in pairs(cards)) for name, cards in hand.holes.items()}
    hand.boards = [[one(c) for c in street] for street in hand.boards]
    hand.runs = [[[one(c) for c in st] for st in run] for run in hand.runs]
    hand.shows = [(name, None if cards is None else "".join(one(c) for c in pairs(cards)))
                  for name, cards in hand.shows]


_SIDE = re.compile(r"side pot(?:-([0-9]+))?$")


def _pots_collected(hand: SiteHand) -> list[Decimal]:
    """The pots after rake as the collections name them (``collected $57.50 from side pot``),
    when a summary lists none and the main and side pots have different winners: each pot then
    keeps its own rake (R45), as the site took it (from a side pot, say); [] otherwise."""
    main: dict[str, Decimal] = {}
    sides: dict[int, dict[str, Decimal]] = {}
    for pot, name, chips in hand.pot_shares:
        label = pot.split(" ", 1)[1] if " " in pot else pot
        side = _SIDE.match(label)
        if side is not None:
            shares = sides.setdefault(int(side.group(1) or 1), {})
        elif label == "main pot":
            shares = main
        else:
            return []  # "from pot": no side pots
        shares[name] = shares.get(name, Decimal(0)) + chips
    if not main or not sides or sorted(sides) != list(range(1, len(sides) + 1)):
        return []
    layers = [main] + [sides[k] for k in sorted(sides)]
    if all(set(layer) == set(main) for layer in layers):
        return []  # the same winners everywhere: where the rake came from changes nothing
    return [sum(layer.values(), Decimal(0)) for layer in layers]


def _split_bare(line: str, names: Sequence[str]) -> tuple[str | None, str]:
    """``(name, rest)`` when the line is ``NAME rest`` for a seated NAME (longest names first)."""
    for name in names:
        if line.startswith(name) and line[len(name):len(name) + 1] == " ":
            return name, line[len(name) + 1:].strip()
    return None, line


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
#: A newcomer's stack until the hand proves it (the amounts they put in are checked against it).
_UNPROVED = Decimal(10) ** 29
_CAP = re.compile(r" and has reached the .* cap$")


def _action(hand: SiteHand, name: str, verb: str, street: int, showdown: bool,
            risk: dict[str, Decimal]) -> bool:
    """Apply one ``NAME: verb`` line's verb; False when the verb is not one PokerStars writes."""
    if "cap" in verb:
        verb = _CAP.sub("", verb)
    if verb in ("folds.", "checks."):  # actions ending in a full stop
        verb = verb[:-1]
    if verb.endswith(_ALLIN):
        verb = verb[: -len(_ALLIN)]
    if bet_verb(hand, street, name, verb, amount):
        return True
    word, _, arg = verb.partition(" ")
    if word == "posts":
        if arg.startswith("the "):  # ACR/WPN: "posts the small blind 10"
            arg = arg[4:]
        if arg.startswith("small & big blinds "):
            total = amount(arg[19:])
            hand.post(name, "dead", hand.sb)
            hand.post(name, "live", total - hand.sb)
        elif arg.startswith("small blind "):
            hand.post(name, "sb", amount(arg[12:]))
        elif arg.startswith("big blind "):
            hand.post(name, "bb", amount(arg[10:]))
        elif arg.startswith("ante "):
            hand.post(name, "ante", amount(arg[5:]))
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
    elif word == "shows":
        shown = _cards(_BOARD.findall(arg)[0]) if _BOARD.findall(arg) else ""
        if len(shown) != 4:
            shown = ""  # one card shown: no help at showdown
        if shown:
            hand.holes[name] = shown
        if showdown and all(name != who for who, _ in hand.shows):
            hand.shows.append((name, shown or None))
    elif word == "mucks":
        mucked = _BOARD.findall(arg)
        if mucked and len(_cards(mucked[-1])) == 4:
            hand.holes[name] = _cards(mucked[-1])
        if (name, None) not in hand.shows:  # a muck in each showdown of a hand run twice is one muck
            hand.shows.append((name, None))
    elif verb == "doesn't show hand":
        if name not in hand.no_show:
            hand.no_show.append(name)
    elif _EVENT.match(verb):
        return True
    elif word == "discards" or word == "stands" or word == "draws":
        raise SkipHand("other game: draw")
    else:
        return False
    return True


def _summary_seat(hand: SiteHand, rest: str, wins: bool) -> None:
    """A summary seat line: the cards a player showed or mucked (kept as hole cards), and when
    ``wins`` (a dialect that writes the amounts won only here) what the player won."""
    if wins:
        won = _WON.match(rest)
        if won is not None and won.group("name") in hand.by_name:
            hand.collect(won.group("name"), amount(won.group("amt")))
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
