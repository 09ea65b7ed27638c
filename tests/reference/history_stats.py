"""Readable reference implementations for the hand-history statistics (test oracle).

``summarize`` is the straightforward one-pass walk that :mod:`fastholdem.history.summary` once
was, word by word (``str.split`` on every action); ``reference_counts`` counts every statistic
per player and position from its summaries in the plainest way. The package's fast path
(cached action parsing, the lean scan) must agree with both exactly:
tests/history/test_stats_fast_path.py compares them on thousands of simulated hands.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from typing import Any, cast

from fastholdem.errors import HandHistoryError
from fastholdem.game.pots import layer_pots, uncalled
from fastholdem.history.phh import HandHistory
from fastholdem.history.summary import (
    FLAG_NAMES, PFR, SAW_FLOP, SHOWDOWN, THREE_BET, THREE_BET_CHANCE, VPIP, WON_AT_SHOWDOWN, CBET,
    CBET_CHANCE, FOLD_TO_CBET, FOLD_TO_CBET_CHANCE, FOLD_TO_THREE_BET, FOLD_TO_THREE_BET_CHANCE,
    HandSummary, positions,
)
from fastholdem.cards import card, card_str
from fastholdem.errors import CardError

__all__ = ["summarize", "reference_counts"]


def _names(hh: HandHistory, n: int) -> tuple[str, ...]:
    players = hh.fields.get("players")
    if isinstance(players, list) and len(players) == n and all(isinstance(p, str) for p in players):
        return tuple(players)
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
    if hh.chip_unit is None and all(type(v) is int for v in hh.starting_stacks) and all(
        type(v) is int for v in hh.blinds_or_straddles
    ) and all(type(v) is int for v in hh.antes) and "." not in "".join(hh.actions):
        fields = hh.fields
        if not any(k in fields for k in _FEE_FIELDS) and (
            hh.finishing_stacks is None or all(type(v) is int for v in hh.finishing_stacks)
        ):
            return 1, True
    return hh.scale, False


_FEE_FIELDS = ("_rake", "_pots", "_cash_out", "_cash_out_fee", "_live_posts", "_dead_posts")


def _chips(value: Any, scale: int) -> int:
    if type(value) is int:
        return value * scale
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise HandHistoryError(f"not an amount: {value!r}")
    return int(value * scale)


def summarize(hh: HandHistory) -> HandSummary:
    """Walk one hand's actions once, word by word (fastholdem.history.summary's contract).

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
        start = cast("list[int]", list(hh.starting_stacks))
        antes = cast("list[int]", list(hh.antes))
        blinds = cast("list[int]", list(hh.blinds_or_straddles))
    else:
        start = [_chips(s, scale) for s in hh.starting_stacks]
        antes = [_chips(a, scale) for a in hh.antes]
        blinds = [_chips(b, scale) for b in hh.blinds_or_straddles]
    stacks = start[:]
    put = [0] * n
    bets = [0] * n
    dead = 0
    folded = [False] * n
    holes: list[str | None] = [None] * n
    flags = [0] * n
    aggressive = [0] * n
    calls = [0] * n
    fields = hh.fields

    if len(antes) != n or len(blinds) != n:
        raise HandHistoryError(f"antes and blinds need one entry per player ({n})")
    sb_seat, bb_seat = (1, 0) if n == 2 else (0, 1)
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
    posts = [(sb_seat, blinds[0]), (bb_seat, blinds[1])]
    posts += [(k, b) for k, b in enumerate(blinds) if k >= 2 and b]  # straddles: live blinds
    for seat, amount in posts:
        a = min(amount, stacks[seat])
        stacks[seat] -= a
        put[seat] += a
        bets[seat] += a
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

    try:
        for text in hh.actions:
            if "#" in text:
                text = text[: text.index("#")]
            if text[:2] == "d ":
                words = text.split()
                if words[1] == "dh":
                    holes[int(words[2][1:]) - 1] = words[3]
                    continue
                if board_len == 5:  # a further run of the board (R41): betting is over
                    continue
                board += _board(words[2])
                board_len = len(board)
                street += 1
                bets = [0] * n
                level = 0
                raises = 0
                if street == 1:
                    for i in range(n):
                        if not folded[i]:
                            flags[i] |= SAW_FLOP
                continue
            words = text.split()
            if not words:
                continue
            i = int(words[0][1:]) - 1
            verb = words[1]
            if verb == "sm":
                if len(words) == 3 and words[2] != "-":
                    holes[i] = words[2]
                continue
            last_action_board = board_len
            if street == 0:
                if raises == 1:
                    if i != opener and not flags[i] & THREE_BET_CHANCE and stacks[i] > level - bets[i]:
                        flags[i] |= THREE_BET_CHANCE | (THREE_BET if verb == "cbr" else 0)
                elif raises == 2 and i == opener and not faced_3bet[i]:
                    faced_3bet[i] = True
                    flags[i] |= FOLD_TO_THREE_BET_CHANCE | (FOLD_TO_THREE_BET if verb == "f" else 0)
            elif street == 1:
                if not acted_flop[i]:
                    acted_flop[i] = True
                    if i == aggressor and raises == 0 and stacks[i] > 0:
                        flags[i] |= CBET_CHANCE | (CBET if verb == "cbr" else 0)
                if cbettor >= 0 and raises == 1 and i != cbettor and not faced_cbet[i]:
                    faced_cbet[i] = True
                    flags[i] |= FOLD_TO_CBET_CHANCE | (FOLD_TO_CBET if verb == "f" else 0)
            if verb == "f":
                folded[i] = True
            elif verb == "cc":
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
            elif verb == "cbr":
                to = words[2]
                to_chips = int(to) * scale if to.isdigit() else int(Decimal(to) * scale)
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
            else:
                raise HandHistoryError(f"cannot read action {text!r}")
    except (IndexError, ValueError, ArithmeticError) as exc:
        if isinstance(exc, HandHistoryError):
            raise
        raise HandHistoryError(f"cannot read action {text!r}") from None

    ret = uncalled(put)
    if ret is not None:
        seat, amount = ret
        put[seat] -= amount
        stacks[seat] += amount
    in_hand = [i for i in range(n) if not folded[i]]
    showdown = len(in_hand) >= 2
    finishing = hh.finishing_stacks
    final = list(finishing) if finishing is not None and len(finishing) == n else list(hh.replay().stacks)
    net: list[Number] = [f - s for f, s in zip(final, hh.starting_stacks)]
    collected = [_chips(f, scale) - s for f, s in zip(final, stacks)]
    if showdown:
        for i in in_hand:
            flags[i] |= SHOWDOWN | (WON_AT_SHOWDOWN if collected[i] > 0 else 0)
    summary = HandSummary(
        _names(hh, n), positions(n), hh.blinds_or_straddles[1], scale, net, put, collected, folded, flags,
        aggressive, calls, showdown, holes, None, [], hh.runouts,
    )
    if showdown and last_action_board < 5:
        summary.allin_board = tuple(board[:last_action_board])
        summary.pots = layer_pots(put, folded, dead)
    return summary


def reference_counts(histories: list[HandHistory]) -> dict[tuple[str, str], dict[str, Any]]:
    """Per (player, position): hands, every flag count, aggressive, calls and exact net."""
    out: dict[tuple[str, str], dict[str, Any]] = defaultdict(lambda: defaultdict(int))
    for hh in histories:
        s = summarize(hh)
        for i, name in enumerate(s.names):
            row = out[(name, s.positions[i])]
            row["hands"] += 1
            for k, flag in enumerate(FLAG_NAMES):
                if s.flags[i] >> k & 1:
                    row[flag] += 1
            row["aggressive"] += s.aggressive[i]
            row["calls"] += s.calls[i]
            row["net"] += s.net[i]
    return out
