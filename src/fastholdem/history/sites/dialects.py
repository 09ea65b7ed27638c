"""The dialects of each hand-history format family, as data: one row per room or export style.

A format family is one reader (:mod:`.pokerstars` for PokerStars-style text, :mod:`.brackets`
for the bracketed text of PartyPoker and 888, :mod:`.winamax`, :mod:`.ipoker` for iPoker XML).
Each family has a table of :class:`Dialect` rows: the pattern of a hand's first line, the number
format (decimal mark, thousands separator), the currencies and languages written, and the
rooms (clones) that write it. A new room, or an old export of a known one, is a new row; the
reader does not branch on the room's name.

:func:`dialect_of` names the row whose pattern matches a hand's first line, and
:data:`FAMILIES` lists every row (``tools/hh_table.py`` counts the fixtures by row).

>>> dialect_of("Full Tilt Hand #880000000001: Tournament #99000001, 90+10 Hold'em No Limit").name
'Full Tilt'
>>> dialect_of("Game Hand #7 - Holdem(No Limit) - $0.01/$0.02 - 2021/02/25 22:07:46 UTC").family
'PokerStars-style'
>>> dialect_of("no hand header") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...errors import HandHistoryError

__all__ = ["Dialect", "FAMILIES", "LANGUAGES", "dialect_of", "party_row", "local_ranks", "rows", "SEPARATOR", "translate"]

#: Lines between hands that belong to no hand: a hand archive's ``*** # 12 ***`` numbering
#: (PokerStars writes it in the hand archives its support sends, with every line indented).
SEPARATOR = re.compile(r"^\s*\*+ ?# ?[0-9]+ ?\*+\s*$")


@dataclass(frozen=True)
class Dialect:
    """One row of a family's table of dialects.

    ``site`` is the ``_site`` a converted hand records; ``start`` matches a hand's first line;
    ``decimal`` is the decimal mark of amounts (``None``: decided per amount, see
    :func:`fastholdem.history.sites.money.amount`); ``thousands`` the separators it may write;
    ``colon`` whether an action is ``NAME: verb`` (else ``NAME verb``); ``header`` the pattern of
    the first line's parts (groups ``id`` and ``rest``), when the family reads it by row;
    ``upper`` whether the header is written in capitals; ``pot_fees`` whether the summary may
    add fees after the rake (``| Jackpot 0.10 | Bingo 0``); ``wins_in_summary`` whether the
    amount won is written only in the summary's seat lines (``did not show and won 24800.00``);
    ``rewrites`` are ``(pattern, replacement)`` pairs that turn the header's rest into the
    family's own words (``Holdem(No Limit)`` into ``Hold'em No Limit``); ``bare_seats`` whether
    a seat line gives the stack without ``in chips`` (``Seat 1: ann (209570.00)``);
    ``game_line`` the pattern of a Party-style hand's second line that picks the row (the first
    line is the same for every row); ``balances`` whether the summary gives each player's
    final stack (``ann balance $10.15, bet $2, collected $4.15, net +$2.15``) and the rake
    (``Main Pot: $4.15 Rake: $0.10``), amounts in parentheses or bare (``posts small blind
    ($0.05)``, ``calls 2``, ``raises 4 to 6``); ``verbs`` are ``(localised, English)`` pairs of a
    translated client's action words, ``ranks`` ``(localised, English)`` pairs of its rank
    letters (``B`` for the jack of a German client); ``lines`` are ``(pattern, replacement)``
    pairs applied to every line after the header, that turn the row's spelling into the
    family's (Run It Once writes no space before a bracket: ``Seat 1: Ava(€50 in chips)``).

    >>> row = dialect_of("POKERSTARS GAME #7: HOLD'EM NO LIMIT ($1/$2) - 2007/11/11 - 13:00:00 (ET)")
    >>> row.name, row.site, row.upper
    ('PokerStars (capitals, 2000s)', 'PokerStars', True)
    """

    family: str
    name: str
    site: str
    start: re.Pattern[str]
    decimal: str | None = "."
    thousands: str = ","
    currencies: tuple[str, ...] = ("USD", "EUR", "GBP", "CAD", "INR", "CNY")
    languages: tuple[str, ...] = ("en",)
    clones: tuple[str, ...] = ()
    colon: bool = True
    header: re.Pattern[str] | None = None
    upper: bool = False
    pot_fees: bool = False
    wins_in_summary: bool = False
    rewrites: tuple[tuple[str, str], ...] = ()
    bare_seats: bool = False
    game_line: re.Pattern[str] | None = None
    balances: bool = False
    verbs: tuple[tuple[str, str], ...] = ()
    ranks: tuple[tuple[str, str], ...] = ()
    lines: tuple[tuple[str, str], ...] = ()
    notes: str = ""


_STARS = "PokerStars-style"
#: The 2000s' date and time: ``2007/11/11 - 13:00:00 (ET)``.
_OLD_DATE = r"([0-9]{4}/[0-9]{1,2}/[0-9]{1,2}) - ([0-9]{1,2}:[0-9]{2}:[0-9]{2}) \(([A-Z]{2,4})\)"
_BOM = r"^\ufeff?\s*"

#: The PokerStars-style family (``NAME: verb``, ``*** FLOP ***``, ``Total pot X | Rake Y``).
STARS: tuple[Dialect, ...] = (
    Dialect(_STARS, "PokerStars", "PokerStars", languages=("en", "fr", "de", "es"), start=
            re.compile(_BOM + r"PokerStars (?:Zoom |Home Game |Rush |Spin&Go )?(?:Hand|Game) #"),
            header=re.compile(_BOM + r"PokerStars (?:Zoom |Home Game |Rush |Spin&Go )?(?:Hand|Game) "
                              r"#(?P<id>[A-Za-z]*[0-9][0-9A-Za-z-]*):\s*(?:\{[^}]*\}\s*)?(?P<rest>.*)$"),
            rewrites=((_OLD_DATE, r"\1 \2 \3"),),
            notes="also the hand archives (``*** # 1 ***`` between hands, every line indented) and "
                  "the 2000s' 'PokerStars Game #' header (2005/06/15 - 21:30:00 (ET))"),
    Dialect(_STARS, "PokerStars (capitals, 2000s)", "PokerStars", re.compile(_BOM + r"POKERSTARS GAME #"),
            header=re.compile(_BOM + r"POKERSTARS GAME #(?P<id>[0-9]+):\s*(?P<rest>.*)$"), upper=True,
            rewrites=((_OLD_DATE, r"\1 \2 \3"),),
            notes="HOLD'EM NO LIMIT ($1/$2) - 2007/11/11 - 13:00:00 (ET)"),
    Dialect(_STARS, "GGPoker", "GGPoker", re.compile(_BOM + r"Poker Hand #[A-Za-z]*[0-9]+: "),
            header=re.compile(_BOM + r"Poker Hand #(?P<id>[A-Za-z]*[0-9][0-9A-Za-z-]*):\s*(?P<rest>.*)$"),
            pot_fees=True, clones=("Natural8", "GGPoker skins"),
            notes="straddles, EV cash-out, pot fees; tournament summaries without rake"),
    Dialect(_STARS, "Full Tilt", "Full Tilt", re.compile(_BOM + r"Full Tilt (?:Poker )?Hand #"),
            header=re.compile(_BOM + r"Full Tilt (?:Poker )?Hand #(?P<id>[0-9]+):\s*(?P<rest>.*)$"),
            notes="the 2016 software (PokerStars' format under Full Tilt's name)"),
    Dialect(_STARS, "Run It Once", "Run It Once", re.compile(_BOM + r"Run ?It ?Once(?: Poker)? Hand #"),
            header=re.compile(_BOM + r"Run ?It ?Once(?: Poker)? Hand #(?P<id>[A-Za-z0-9-]+):\s*(?P<rest>.*)$"),
            rewrites=((r"([0-9]{4}/[0-9]{2}/[0-9]{2} [0-9]{1,2}:[0-9]{2})( [A-Z]{2,4})", r"\1:00\2"),),
            lines=((r"(?<=[^\s(\[])([\[(])", r" \1"),  # Ava(€50 in chips), Dealt to Ava[Ad 7d], ***[Ac
                   (r"^(.+?) shows \[", r"\1: shows ["),  # the showdown's "Ava shows[Ad 7d] for ..."
                   (r" for [A-Z][^\[]*\[[^\]]*\]$", "")),
            notes="no space before brackets (Seat 1: Ava(€50 in chips), *** FLOP ***[Ac 9d 4s]), Table ID "
                  "'N' 6-Max, times without seconds, showdown lines without a colon, Main pot and Side pot "
                  "in the total"),
    Dialect(_STARS, "PokerMaster", "PokerMaster", re.compile(_BOM + r"PokerMaster Hand #"),
            header=re.compile(_BOM + r"PokerMaster Hand #(?P<id>[A-Za-z0-9-]+):\s*(?P<rest>.*)$"),
            notes="as the app's export writes it: PokerStars' format, its own header"),
    Dialect(_STARS, "PokerBros", "PokerBros", re.compile(_BOM + r"PokerBros Hand #"),
            header=re.compile(_BOM + r"PokerBros Hand #(?P<id>[A-Za-z0-9-]+):\s*(?P<rest>.*)$"),
            notes="as the app's export writes it: PokerStars' format, its own header"),
    Dialect(_STARS, "ACR/WPN", "ACR", re.compile(_BOM + r"Game Hand #[0-9]+ - "),
            header=re.compile(_BOM + r"Game Hand #(?P<id>[0-9]+) - (?P<rest>.*)$"),
            colon=False, wins_in_summary=True, currencies=("USD",), bare_seats=True,
            rewrites=((r"Holdem\((No Limit|Pot Limit|Fixed Limit|Limit)\)", r"Hold'em \1"),
                      (r" - ([^\s()]+/[^\s()]+) - ", r" (\1) - "), (r"\)- ", ") - ")),
            clones=("Americas Cardroom", "BlackChip Poker", "Ya Poker", "True Poker"),
            notes="Holdem(No Limit); seats without 'in chips'; posts the small blind; won in the summary"),
)

_PARTY_START = re.compile(_BOM + r"(?:Game #[0-9]+ starts\.|\*\*\*\*\* Hand History [Ff]or Game )")
#: The ``Game Table`` game line: ``0.50/1 Texas Hold'em Game Table (NL) - Sun Jan 20 13:58:07 EST 2013``.
_GAME_TABLE = re.compile(r"(?:^|\s)(?:Tourney )?Texas Hold'?em Game Table \((?:NL|PL|FL)\)")

#: The Party-style rows: the first line is the same (``***** Hand History For Game N *****``);
#: the ``Game Table`` rows are picked by the hand's second line (:func:`party_row`).
PARTY: tuple[Dialect, ...] = (
    Dialect("Party-style", "PartyPoker", "PartyPoker", _PARTY_START,
            decimal=None, thousands=", ", clones=("partypoker.eu", "PartyPoker NJ"),
            notes="also the Mac/fastforward layout (seat 1: Ava ( $26,50 USD )) and actions with a full stop"),
    Dialect("Party-style", "Game Table (WPN export)", "ACR",
            re.compile(_BOM + r"\*\*\*\*\* Hand History [Ff]or Game [0-9]*[a-z][0-9a-z]* \*\*\*\*\*"),
            decimal=".", thousands=",", game_line=_GAME_TABLE, balances=True,
            clones=("Americas Cardroom", "BlackChip Poker"),
            notes="the Winning Poker Network's Party-style export: letters in the hand id, "
                  "Table T (Real Money) -- Seat 3 is the button, balances in the summary"),
    Dialect("Party-style", "Game Table (PartyPoker)", "PartyPoker", _PARTY_START,
            decimal=".", thousands=",", game_line=_GAME_TABLE, balances=True,
            notes="the Game Table (NL) game line of PartyPoker's Mac client (2013), with the summary's "
                  "Main Pot: $7.13 Rake: $0.37 and balance lines"),
)

#: The bracketed family (``NAME verb [$X]``, ``** Dealing flop **``): PartyPoker and 888.
BRACKETS: tuple[Dialect, ...] = (
    *PARTY,
    Dialect("888", "888", "888",
            re.compile(_BOM + r"(?:#Game No : [0-9]+\s*$|\*\*\*\*\* \S+ Hand History [Ff]or Game )"),
            decimal=None, thousands=", ", clones=("888poker", "Pacific Poker", "LuckyAcePoker.com"),
            notes="1 250,00 € (decimal comma, thousands space) and $1,250.00"),
)

#: Winamax (``NAME verb`` without a colon, ``0.50€``), one family of its own.
WINAMAX: tuple[Dialect, ...] = (
    Dialect("Winamax", "Winamax", "Winamax", re.compile(_BOM + r"Winamax Poker - "), decimal=None,
            thousands=" ", currencies=("EUR",), languages=("en", "fr")),
)

#: iPoker XML: one family, the network's skins write the same XML.
IPOKER: tuple[Dialect, ...] = (
    Dialect("iPoker XML", "iPoker", "iPoker", re.compile(r"^\ufeff?\s*<(?:session|game)\b"), decimal=None,
            thousands=", ", clones=("William Hill", "Titan Poker", "Betfair (iPoker)", "bet365", "Unibet (old)"),
            notes="decimal commas on some skins; type=\"8\" seated out; name=\"\" empty seats"),
)

#: Every family's table, in the order a hand's first line is tried.
FAMILIES: tuple[tuple[str, tuple[Dialect, ...]], ...] = (
    (_STARS, STARS), ("Winamax", WINAMAX), ("888", BRACKETS[len(PARTY):]), ("Party-style", (PARTY[1], PARTY[0], PARTY[2])),
    ("iPoker XML", IPOKER),
)


#: The action words of translated clients, as data: ``(the client's words, PokerStars' English
#: words)`` per language, longest first where one starts another; ``" à "``-style pairs turn a
#: raise's connector into ``" to "``. A row's ``languages`` say which it may write.
LANGUAGES: dict[str, tuple[tuple[str, str], ...]] = {
    "fr": (("se couche", "folds"), ("passe", "checks"), ("parole", "checks"), ("suit", "calls"),
           ("mise", "bets"), ("relance de", "raises"), ("relance", "raises"),
           ("poste la petite blind", "posts small blind"), ("poste la grosse blind", "posts big blind"),
           ("poste l'ante", "posts ante"), ("montre", "shows"), ("ne montre pas", "doesn't show hand"),
           (" à ", " to ")),
    "de": (("passt", "folds"), ("checkt", "checks"), ("callt", "calls"), ("geht mit", "calls"),
           ("setzt", "bets"), ("erhöht um", "raises"), ("erhöht", "raises"),
           ("postet Small Blind", "posts small blind"), ("postet Big Blind", "posts big blind"),
           ("postet Ante", "posts ante"), ("zeigt", "shows"), ("zeigt nicht", "doesn't show hand"),
           (" auf ", " to ")),
    "es": (("se retira", "folds"), ("pasa", "checks"), ("iguala", "calls"), ("paga", "calls"),
           ("apuesta", "bets"), ("sube", "raises"), ("pone la ciega pequeña", "posts small blind"),
           ("pone la ciega grande", "posts big blind"), ("pone el ante", "posts ante"),
           ("muestra", "shows"), (" a ", " to ")),
}


#: The rank letters of translated clients: German Bube, Dame, König; French valet, dame, roi.
RANKS: dict[str, dict[str, str]] = {"de": {"B": "J", "D": "Q", "K": "K"}, "fr": {"V": "J", "D": "Q", "R": "K"}}
_ENGLISH_RANKS = frozenset("23456789TJQKA")
_NAMES = {"de": "German", "fr": "French"}


def local_ranks(cards: list[str], language: str) -> dict[str, str]:
    """The English rank of each rank letter in ``cards`` (two-character cards) when a hand in
    ``language`` writes them in the client's letters; {} when the cards are English.

    Raises HandHistoryError when the hand mixes the client's letters with English ones that the
    client does not write (``D`` and ``Q``: the queen twice, or a misread), so the cards cannot
    be decided.

    >>> local_ranks(["Bh", "Dd", "Ks"], "de"), local_ranks(["Jh", "Qd"], "de")
    ({'B': 'J', 'D': 'Q', 'K': 'K'}, {})
    """
    table = RANKS.get(language)
    if not table:
        return {}
    letters = {card[0] for card in cards if card}
    local = {x for x in letters if x in table and x not in _ENGLISH_RANKS}
    if not local:
        return {}
    english = {x for x in letters if x in "JQK" and x not in table}
    if english:
        raise HandHistoryError(f"cards in {_NAMES.get(language, language)} and English rank letters "
                               f"({', '.join(sorted(local | english))}): the ranks cannot be decided")
    return table


def translate(verb: str, languages: tuple[str, ...]) -> tuple[str, str] | None:
    """``(language, verb in PokerStars' English words)`` for ``verb`` (what follows ``NAME: ``),
    by the first of ``languages`` whose table names its first words; None when none does.

    >>> translate("erhöht um $0.04 auf $0.06", ("en", "de")), translate("se couche", ("fr",))
    (('de', 'raises $0.04 to $0.06'), ('fr', 'folds'))
    >>> translate("juggles", ("en", "fr", "de", "es")) is None
    True
    """
    for language in languages:
        table = LANGUAGES.get(language)
        if not table:
            continue
        best = max((pair for pair in table if not pair[0].startswith(" ")
                    and (verb == pair[0] or verb.startswith(pair[0] + " "))), key=lambda p: len(p[0]), default=None)
        if best is None:
            continue
        english = best[1] + verb[len(best[0]):]
        for local, word in table:
            if local.startswith(" "):
                english = english.replace(local, word, 1)
        return language, english
    return None


def rows() -> tuple[Dialect, ...]:
    """Every dialect row of every family, in table order.

    >>> [d.name for d in rows()][:3]
    ['PokerStars', 'PokerStars (capitals, 2000s)', 'GGPoker']
    """
    return tuple(d for _, table in FAMILIES for d in table)


def party_row(first: str, game_line: str) -> Dialect:
    """The Party-style row of a hand by its first line and its game line (the second line).

    >>> party_row("***** Hand History For Game 9 *****", "0.50/1 Texas Hold'em Game Table (NL) - x").name
    'Game Table (PartyPoker)'
    >>> party_row("***** Hand History For Game 17x9 *****", "1/2 Texas Holdem Game Table (NL) - x").site
    'ACR'
    >>> party_row("***** Hand History for Game 9 *****", "$1/$2 USD NL Texas Hold'em - Sunday").name
    'PartyPoker'
    """
    for row in PARTY[1:]:
        if row.start.match(first) and row.game_line is not None and row.game_line.search(game_line):
            return row
    return PARTY[0]


def dialect_of(line: str) -> Dialect | None:
    """The row whose first-line pattern matches ``line`` (a hand's first line), or None.

    >>> dialect_of("Poker Hand #TM1: Tournament #2, Bounty Hold'em No Limit - Level1(10/20)").site
    'GGPoker'
    """
    for _, table in FAMILIES:
        for row in table:
            if row.start.match(line):
                return row
    return None
