"""One pass over a PHH hand's actions: what statistics and all-in EV need to know.

:func:`summarize` walks the ``actions`` of a :class:`~fastholdem.phh.HandHistory` once,
tracking bets and stacks the way the rules do (R14-R16, R24, R30, R35), without checking
legality: the hand is trusted to be legal (``fastholdem phh check`` replays it strictly).
That is some 20 times cheaper than a full replay, so statistics over millions of hands stay
fast; a test compares the chips with the engine's replay on thousands of hands. The betting
walk runs in C (``_core.hh_walk``, csrc/fh_hhwalk.c) when every action is in its plainest
spelling, as PHH writers write them; :func:`_walk`, the same walk in Python over actions parsed
once and cached, takes every other hand and reads or reports it. tests/reference/history_stats.py
keeps the word-by-word walk both must agree with.

What comes out (:class:`HandSummary`): each player's name, position, result (``finishing -
starting``, from the file's ``finishing_stacks``; replayed only when the file has none), the
preflop and flop decisions the statistics count (docs/histories.md defines each), whether the
hand went to showdown, and, when betting ended with two or more players in and cards to come,
the board at that moment, the hole cards and the pots (main pot and side pots, R35).

>>> from fastholdem import phh
>>> hh = phh.loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... players = ["ann", "bob", "cat"]
... actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 6", "p1 f", "p2 f"]
... finishing_stacks = [99, 98, 103]
... ''')
>>> s = summarize(hh)
>>> s.positions, s.net, [p.pfr for p in s.players]
(('SB', 'BB', 'BTN'), [-1, -2, 3], [False, False, True])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from decimal import Decimal
from typing import Any, Union, cast

from .._core import hh_walk as _hh_walk
from ..cards import card, card_str
from ..errors import CardError, HandHistoryError
from ..game.pots import Pot, layer_pots, uncalled
from .phh import HandHistory, blind_seats

__all__ = [
    "PlayerFlags", "HandSummary", "summarize", "positions", "FLAG_NAMES", "VPIP", "PFR",
    "THREE_BET_CHANCE", "THREE_BET", "FOLD_TO_THREE_BET_CHANCE", "FOLD_TO_THREE_BET", "CBET_CHANCE", "CBET",
    "FOLD_TO_CBET_CHANCE", "FOLD_TO_CBET", "SAW_FLOP", "SHOWDOWN", "WON_AT_SHOWDOWN",
]

Number = Union[int, Decimal]

_BACK = ("BTN", "CO", "HJ", "LJ")


def positions(n: int) -> tuple[str, ...]:
    """Position names of ``n`` players in PHH order (``p1`` first).

    ``p1`` is the small blind and ``p2`` the big blind; from the button back come ``BTN``,
    ``CO``, ``HJ`` and ``LJ``; the first seat after the big blind is ``UTG``, and seats
    between ``UTG`` and ``LJ`` are ``UTG+1``, ``UTG+2``, ... Heads-up the button posts the
    small blind (R15) and is called ``BTN``; ``p1`` is the big blind.

    >>> positions(2), positions(6)
    (('BB', 'BTN'), ('SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN'))
    >>> positions(10)
    ('SB', 'BB', 'UTG', 'UTG+1', 'UTG+2', 'UTG+3', 'LJ', 'HJ', 'CO', 'BTN')
    """
    if n == 2:
        return ("BB", "BTN")
    k = n - 2
    if k == 1:
        rest: list[str] = ["BTN"]
    else:
        back = list(_BACK[: min(k - 1, 4)])[::-1]
        front = ["UTG"] + [f"UTG+{j}" for j in range(1, k - len(back))]
        rest = front + back
    return ("SB", "BB", *rest)


# Bits of one player's decisions in one hand (:attr:`HandSummary.flags`), as the statistics
# count them (docs/histories.md).
VPIP = 1
PFR = 1 << 1
THREE_BET_CHANCE = 1 << 2
THREE_BET = 1 << 3
FOLD_TO_THREE_BET_CHANCE = 1 << 4
FOLD_TO_THREE_BET = 1 << 5
CBET_CHANCE = 1 << 6
CBET = 1 << 7
FOLD_TO_CBET_CHANCE = 1 << 8
FOLD_TO_CBET = 1 << 9
SAW_FLOP = 1 << 10
SHOWDOWN = 1 << 11
WON_AT_SHOWDOWN = 1 << 12
FLAG_NAMES = (
    "vpip", "pfr", "three_bet_chance", "three_bet", "fold_to_three_bet_chance", "fold_to_three_bet",
    "cbet_chance", "cbet", "fold_to_cbet_chance", "fold_to_cbet", "saw_flop", "showdown",
    "won_at_showdown",
)


@dataclass(frozen=True, slots=True)
class PlayerFlags:
    """One player's decisions in one hand, as the statistics count them (docs/histories.md).

    >>> PlayerFlags.from_bits(VPIP | PFR, 1, 0).pfr
    True
    """

    vpip: bool
    pfr: bool
    three_bet_chance: bool
    three_bet: bool
    fold_to_three_bet_chance: bool
    fold_to_three_bet: bool
    cbet_chance: bool
    cbet: bool
    fold_to_cbet_chance: bool
    fold_to_cbet: bool
    saw_flop: bool
    showdown: bool
    won_at_showdown: bool
    aggressive: int  # bets and raises on the flop, turn and river
    calls: int  # calls on the flop, turn and river

    @classmethod
    def from_bits(cls, bits: int, aggressive: int, calls: int) -> PlayerFlags:
        """The flags of a bit set (the constants of this module)."""
        b = [bool(bits >> k & 1) for k in range(len(FLAG_NAMES))]
        return cls(*b[:13], aggressive=aggressive, calls=calls)  # type: ignore[misc]


@dataclass(slots=True)
class HandSummary:
    """What one hand says for statistics and all-in EV (see the module docstring).

    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> text += 'starting_stacks = [10, 10]\\n'
    >>> hh = phh.loads(text + 'actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> summarize(hh).positions
    ('BB', 'BTN')


    Chip amounts (``contributions``, ``collected``, ``pots``) are integer chips, ``scale`` per
    file unit; ``net`` and ``big_blind`` are in the file's unit. ``flags[i]`` holds player i's
    decision bits (:data:`VPIP`, ...; :attr:`players` decodes them), ``aggressive[i]`` and
    ``calls[i]`` count bets/raises and calls on the flop, turn and river. ``holes`` are the
    hole cards as written (``None`` where never dealt or shown). ``allin_board`` is the board
    when betting ended with two or more players in and cards to come, else ``None``; ``pots``
    are then the pots of that moment (R35), each with the players who may win it.
    """

    names: tuple[str, ...]
    positions: tuple[str, ...]
    big_blind: Number
    scale: int
    net: list[Number]
    contributions: list[int]
    collected: list[int]
    folded: list[bool]
    flags: list[int]
    aggressive: list[int]
    calls: list[int]
    showdown: bool
    holes: list[str | None]
    allin_board: tuple[int, ...] | None = None
    pots: list[Pot] = field(default_factory=list)
    runouts: int = 1

    @property
    def players(self) -> list[PlayerFlags]:
        """Each player's decisions as :class:`PlayerFlags`."""
        return [PlayerFlags.from_bits(b, a, c) for b, a, c in zip(self.flags, self.aggressive, self.calls)]

    def hole_ids(self, i: int) -> tuple[int, int] | None:
        """Player ``i``'s hole cards as card ids, or ``None`` when unknown."""
        text = self.holes[i]
        if text is None or len(text) != 4 or "?" in text:
            return None
        return _hole(text)


def _names(hh: HandHistory, n: int) -> tuple[str, ...]:
    players = hh.fields.get("players")
    if isinstance(players, list) and len(players) == n:
        try:
            "".join(players)  # a TypeError unless every name is a string
            return tuple(players)
        except TypeError:
            pass
    seats = hh.fields.get("seats")
    if isinstance(seats, list) and len(seats) == n:
        return tuple(f"seat {s}" for s in seats)
    return tuple(f"p{k + 1}" for k in range(n))


def _hole(text: str) -> tuple[int, int]:
    try:
        return card(text[:2]), card(text[2:])
    except CardError as exc:
        raise HandHistoryError(f"bad hole cards {text!r}: {exc}") from None


_IDS = {card_str(c): c for c in range(52)}


def _board(text: str) -> list[int]:
    try:
        return [_IDS[text[k: k + 2]] for k in range(0, len(text), 2)]
    except KeyError:
        try:
            return [card(text[k: k + 2]) for k in range(0, len(text), 2)]
        except CardError as exc:
            raise HandHistoryError(f"bad board cards {text!r}: {exc}") from None


def _scale(hh: HandHistory) -> tuple[int, bool]:
    """``(hh.scale, whether every amount is a plain int)``, with a shortcut for that common case."""
    if hh.chip_unit is None and hh.fields.keys().isdisjoint(_FEE_FIELDS):
        finishing = hh.finishing_stacks or ()
        amounts = [*hh.starting_stacks, *hh.blinds_or_straddles, *hh.antes, *finishing]
        if set(map(type, amounts)) == _INT_ONLY and "." not in "".join(hh.actions):
            return 1, True
    return hh.scale, False


_INT_ONLY = {int}
_FEE_FIELDS = ("_rake", "_pots", "_cash_out", "_cash_out_fee", "_live_posts", "_dead_posts")


def _chips(value: Any, scale: int) -> int:
    if type(value) is int:
        return value * scale
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise HandHistoryError(f"not an amount: {value!r}")
    return int(value * scale)


@lru_cache(maxsize=16)
def _positions(n: int) -> tuple[str, ...]:
    return positions(n)


# One action, parsed once (:func:`_parse`) and cached by its text: a session repeats the same
# few thousand action strings ("p3 f", "p1 cbr 6", "d dh p2 AsKd", ...), so the walk looks most
# of them up instead of splitting them.
_FOLD, _CALL, _RAISE, _HOLE, _BOARD, _SHOW, _SKIP = range(7)
_Parsed = tuple[Any, ...]
_ACTIONS: dict[str, _Parsed] = {}
_ACTIONS_MAX = 1 << 18  # entries before the cache starts afresh (memory stays bounded)
_SKIPPED: _Parsed = (_SKIP,)


def _parse(text: str) -> _Parsed:
    """``(kind, player index, payload)`` of one action, read word by word.

    Raises IndexError/ValueError on text that cannot be read (the walk reports it).
    """
    if "#" in text:
        text = text[: text.index("#")]
    if text[:2] == "d ":
        words = text.split()
        if words[1] == "dh":
            return (_HOLE, int(words[2][1:]) - 1, words[3])
        return (_BOARD, 0, words[2] if len(words) > 2 else None)
    words = text.split()
    if not words:
        return _SKIPPED
    i = int(words[0][1:]) - 1
    verb = words[1]
    if verb == "f":
        return (_FOLD, i)
    if verb == "cc":
        return (_CALL, i)
    if verb == "cbr":
        to = words[2]
        return (_RAISE, i, int(to) if to.isdigit() else None, to)
    if verb == "sm":
        return (_SHOW, i, words[2] if len(words) == 3 and words[2] != "-" else None)
    raise ValueError(verb)


_BOARDS: dict[str, list[int]] = {}


def summarize(hh: HandHistory) -> HandSummary:
    """Walk one hand's actions once (see the module docstring).

    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> text += 'starting_stacks = [10, 10]\\n'
    >>> hh = phh.loads(text + 'actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> summarize(hh).net     # without finishing_stacks the engine replays the hand
    [1, -1]


    Raises
    ------
    HandHistoryError
        On actions that cannot be read, or a hand without ``finishing_stacks`` whose replay fails.
    """
    n = len(hh.starting_stacks)
    if n < 2:
        raise HandHistoryError(f"a hand needs 2 to 10 players, got {n}")
    scale, ints = _scale(hh)
    if ints:  # every amount is a plain int already
        start = cast("list[int]", hh.starting_stacks)
        antes = cast("list[int]", hh.antes)
        blinds = cast("list[int]", hh.blinds_or_straddles)
    else:
        start = [_chips(s, scale) for s in hh.starting_stacks]
        antes = [_chips(a, scale) for a in hh.antes]
        blinds = [_chips(b, scale) for b in hh.blinds_or_straddles]
    stacks = start[:]
    put = [0] * n
    bets = [0] * n
    dead = 0
    fields = hh.fields

    if len(antes) != n or len(blinds) != n:
        raise HandHistoryError(f"antes and blinds need one entry per player ({n})")
    sb_seat, bb_seat = blind_seats(hh) or ((1, 0) if n == 2 else (0, 1))
    if any(antes):
        if all(a == antes[0] for a in antes):
            for i in range(n):
                a = min(antes[i], stacks[i])
                stacks[i] -= a
                put[i] += a
        else:  # a big-blind ante (by blind position): dead money in the main pot (R16)
            a = min(antes[1], stacks[bb_seat])
            stacks[bb_seat] -= a
            dead += a
    for seat, amount in ((sb_seat, blinds[0]), (bb_seat, blinds[1])):
        a = amount if amount < stacks[seat] else stacks[seat]
        stacks[seat] -= a
        put[seat] += a
        bets[seat] += a
    if n > 2:
        for k in range(2, n):  # straddles: live blinds
            b = blinds[k]
            if b:
                a = b if b < stacks[k] else stacks[k]
                stacks[k] -= a
                put[k] += a
                bets[k] += a
    if not ints:
        for name, live in (("_dead_posts", False), ("_live_posts", True)):
            extra = fields.get(name)
            if isinstance(extra, list) and len(extra) == n:
                for i, value in enumerate(extra):
                    a = min(_chips(value, scale), stacks[i])
                    stacks[i] -= a
                    if live:
                        put[i] += a
                        bets[i] += a
                    else:  # dead money in the main pot, as the replay takes it
                        dead += a
    level = max(max(bets), blinds[1]) if hh.conventions != "pokerkit" else max(bets)
    walk = _hh_walk(hh.actions, n, scale, stacks, put, bets, level)  # C, for the plainest spelling
    if walk is None:
        walk = _walk(hh.actions, n, scale, stacks, put, bets, level)
    folded, holes, flags, aggressive, calls, board, last_action_board = walk

    ret = uncalled(put)
    if ret is not None:
        seat, amount = ret
        put[seat] -= amount
        stacks[seat] += amount
    in_hand = [i for i in range(n) if not folded[i]]
    showdown = len(in_hand) >= 2
    finishing = hh.finishing_stacks
    final = finishing if finishing is not None and len(finishing) == n else list(hh.replay().stacks)
    starting = hh.starting_stacks
    net: list[Number] = [f - s for f, s in zip(final, starting)]
    if ints and final is finishing:
        collected = [f - s for f, s in zip(cast("list[int]", final), stacks)]
    else:
        collected = [_chips(f, scale) - s for f, s in zip(final, stacks)]
    if showdown:
        for i in in_hand:
            flags[i] |= SHOWDOWN | (WON_AT_SHOWDOWN if collected[i] > 0 else 0)
    summary = HandSummary(
        _names(hh, n), _positions(n), hh.blinds_or_straddles[1], scale, net, put, collected, folded, flags,
        aggressive, calls, showdown, holes, None, [], hh.runouts,
    )
    if showdown and last_action_board < 5:
        summary.allin_board = tuple(board[:last_action_board])
        summary.pots = layer_pots(put, folded, dead)
    return summary


def _walk(
    actions: list[str], n: int, scale: int, stacks: list[int], put: list[int], bets: list[int], level: int,
) -> tuple[list[bool], list[str | None], list[int], list[int], list[int], list[int], int]:
    """The betting: ``stacks``, ``put`` and ``bets`` change in place; returns ``(folded, holes,
    flags, aggressive, calls, board, board cards when the last player acted)``."""
    folded = [False] * n
    holes: list[str | None] = [None] * n
    flags = [0] * n
    aggressive = [0] * n
    calls = [0] * n
    street = 0
    raises = 0  # preflop: raises over the big blind; later streets: bets and raises
    opener = -1  # preflop: who made the first raise
    aggressor = -1  # the last preflop raiser
    cbettor = -1  # flop: the preflop aggressor, once they open the betting
    acted_flop = [False] * n
    faced_3bet = [False] * n
    faced_cbet = [False] * n
    last_action_board = 0
    board: list[int] = []
    board_len = 0
    cache = _ACTIONS
    text = ""
    try:
        for text in actions:
            p = cache.get(text)
            if p is None:
                p = _parse(text)
                if len(cache) >= _ACTIONS_MAX:
                    cache.clear()
                cache[text] = p
            kind = p[0]
            if kind >= _HOLE:
                if kind == _HOLE:
                    holes[p[1]] = p[2]
                elif kind == _BOARD:
                    if board_len == 5:  # a further run of the board (R41): betting is over
                        continue
                    cards = _BOARDS.get(p[2])
                    if cards is None:
                        if p[2] is None:
                            raise IndexError("no board cards")
                        cards = _board(p[2])
                        if len(_BOARDS) >= _ACTIONS_MAX:
                            _BOARDS.clear()
                        _BOARDS[p[2]] = cards
                    board += cards
                    board_len = len(board)
                    street += 1
                    bets = [0] * n
                    level = 0
                    raises = 0
                    if street == 1:
                        for i in range(n):
                            if not folded[i]:
                                flags[i] |= SAW_FLOP
                elif kind == _SHOW:
                    if p[2] is not None:
                        holes[p[1]] = p[2]
                continue
            i = p[1]
            last_action_board = board_len
            if street == 0:
                if raises == 1:
                    if i != opener and not flags[i] & THREE_BET_CHANCE and stacks[i] > level - bets[i]:
                        flags[i] |= THREE_BET_CHANCE | (THREE_BET if kind == _RAISE else 0)
                elif raises == 2 and i == opener and not faced_3bet[i]:
                    faced_3bet[i] = True
                    flags[i] |= FOLD_TO_THREE_BET_CHANCE | (FOLD_TO_THREE_BET if kind == _FOLD else 0)
            elif street == 1:
                if not acted_flop[i]:
                    acted_flop[i] = True
                    if i == aggressor and raises == 0 and stacks[i] > 0:
                        flags[i] |= CBET_CHANCE | (CBET if kind == _RAISE else 0)
                if cbettor >= 0 and raises == 1 and i != cbettor and not faced_cbet[i]:
                    faced_cbet[i] = True
                    flags[i] |= FOLD_TO_CBET_CHANCE | (FOLD_TO_CBET if kind == _FOLD else 0)
            if kind == _FOLD:
                folded[i] = True
            elif kind == _CALL:
                need = level - bets[i]
                if need > 0:
                    a = need if need < stacks[i] else stacks[i]
                    stacks[i] -= a
                    put[i] += a
                    bets[i] += a
                    if street == 0:
                        flags[i] |= VPIP
                    else:
                        calls[i] += 1
            else:  # _RAISE
                to = p[2]
                to_chips = to * scale if to is not None else int(Decimal(p[3]) * scale)
                a = to_chips - bets[i]
                if a > stacks[i]:
                    a = stacks[i]
                stacks[i] -= a
                put[i] += a
                bets[i] += a
                if bets[i] > level:
                    level = bets[i]
                raises += 1
                if street == 0:
                    flags[i] |= VPIP | PFR
                    aggressor = i
                    if raises == 1:
                        opener = i
                else:
                    aggressive[i] += 1
                    if street == 1 and raises == 1 and i == aggressor:
                        cbettor = i
    except (IndexError, ValueError, ArithmeticError) as exc:
        if isinstance(exc, HandHistoryError):
            raise
        if "#" in text:  # the action as read, without its comment
            text = text[: text.index("#")]
        raise HandHistoryError(f"cannot read action {text!r}") from None
    return folded, holes, flags, aggressive, calls, board, last_action_board
