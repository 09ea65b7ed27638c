"""All-in EV: each player's result with the luck of the run-out taken out.

Definition (docs/histories.md): when betting ends with two or more players in and cards still
to come, every pot (the main pot and each side pot, R35) is worth its amount times each
contestant's exact equity among that pot's contestants; a player's all-in-adjusted result is
what they put in subtracted from the sum of those values, and it replaces the actual result of
that hand. Details:

* the equity of a pot is computed with the hole cards of every player still in the hand known
  (so a side pot's equity excludes the cards of the all-in player who cannot win it); folded
  hands are unknown, as at the table;
* all-ins on the river (no cards to come) count as they happened; so do hands in which a
  contestant's cards are unknown (they are counted in ``unknown``);
* a board run two or more times (R41) uses the equity before the run-out;
* the house's cut (rake, taken before the pots are paid) reduces every pot in proportion.

Equities are computed in batch: heads-up preflop spots from the shipped exact table, other
spots without dead cards by ``equity_batch`` grouped by player count and board size, and
side pots (which have dead cards) one by one with the exact engine.

>>> from fastholdem import phh
>>> from fastholdem.history.summary import summarize
>>> hh = phh.loads('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 KhKc", "d dh p2 AsAd", "p2 cbr 100", "p1 cc", "d db 2c3d4h", "d db 9s", "d db Kd"]
... finishing_stacks = [200, 0]
... ''')
>>> [round(float(x), 2) for x in allin_ev([summarize(hh)])[0].net]
[-62.51, 62.51]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .._core import check_threads, equity_batch
from ..cards import card_str
from ..equities import equity
from ..equities.engines.table import table_counts
from .summary import HandSummary

__all__ = ["AllInResult", "allin_ev", "pot_equities"]


@dataclass(frozen=True, slots=True)
class AllInResult:
    """The all-in EV of one hand.

    >>> AllInResult((1.0, -1.0), True, ()).known
    True


    Attributes
    ----------
    net:
        Each player's all-in-adjusted result in the file's unit (a float; the actual result
        for players not in the pots). Equal to the actual results when ``known`` is False.
    known:
        False when a contestant's hole cards are unknown: the hand then counts as actual.
    equities:
        Per pot (main pot first), each contestant's equity: ``{player: equity}``.
    """

    net: tuple[float, ...]
    known: bool
    equities: tuple[dict[int, float], ...]


_Spot = tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...]]


def pot_equities(
    summary: HandSummary,
) -> list[tuple[tuple[int, ...], tuple[tuple[int, int], ...], tuple[int, ...]]] | None:
    """The equity problems of one all-in hand: per pot, ``(players, their holes, dead cards)``.

    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> text += 'starting_stacks = [10, 10]\\n'
    >>> hh = phh.loads(text + 'actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> from fastholdem.history.summary import summarize
    >>> pot_equities(summarize(hh)) is None
    True


    ``None`` when the hand is no all-in with cards to come, or a contestant's cards are unknown.
    """
    if summary.allin_board is None:
        return None
    n = len(summary.folded)
    holes: dict[int, tuple[int, int]] = {}
    for i in range(n):
        if not summary.folded[i]:
            ids = summary.hole_ids(i)
            if ids is None:
                return None
            holes[i] = ids
    out = []
    for pot in summary.pots:
        players = tuple(pot.eligible)
        dead = tuple(c for i, h in holes.items() if i not in players for c in h)
        out.append((players, tuple(holes[i] for i in players), dead))
    return out


def allin_ev(summaries: Sequence[HandSummary], *, threads: int | None = None) -> list[AllInResult | None]:
    """The all-in EV of every all-in hand of ``summaries`` (``None`` for the other hands).

    >>> from fastholdem import phh
    >>> text = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> text += 'starting_stacks = [10, 10]\\n'
    >>> hh = phh.loads(text + 'actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]\\n')
    >>> from fastholdem.history.summary import summarize
    >>> allin_ev([summarize(hh)])   # a fold: no all-in
    [None]


    Parameters
    ----------
    summaries:
        Hands from :func:`fastholdem.history.summary.summarize`.
    threads:
        Threads for the equity engine (default: all cores).

    Raises
    ------
    TypeError, ValueError
        ``threads`` is not a positive int or None, whether or not a hand needs the engine.
    """
    check_threads(threads)  # at the boundary: hands without an all-in never reach the engine
    problems: list[list[tuple[tuple[int, ...], tuple[tuple[int, int], ...], tuple[int, ...]]] | None] = []
    spots: dict[_Spot, float | np.ndarray | None] = {}
    for s in summaries:
        p = pot_equities(s)
        problems.append(p)
        if p is None:
            continue
        for players, holes, dead in p:
            if len(players) > 1:
                spots.setdefault((holes, s.allin_board or (), dead), None)
    values = _solve(list(spots), threads)
    out: list[AllInResult | None] = []
    for s, p in zip(summaries, problems):
        if s.allin_board is None:
            out.append(None)
            continue
        scale = s.scale
        if p is None:
            out.append(AllInResult(tuple(float(x) for x in s.net), False, ()))
            continue
        won = [0.0] * len(s.net)
        eqs: list[dict[int, float]] = []
        for pot, (players, holes, dead) in zip(s.pots, p):
            if len(players) == 1:
                eq = {players[0]: 1.0}
            else:
                row = values[(holes, s.allin_board, dead)]
                eq = {i: float(row[k]) for k, i in enumerate(players)}
            eqs.append(eq)
            for i, e in eq.items():
                won[i] += e * pot.amount
        total = sum(pot.amount for pot in s.pots)
        paid = sum(s.collected[i] for i in range(len(s.net)) if not s.folded[i])
        factor = paid / total if total else 1.0
        net = tuple(
            float(s.net[i]) + ((won[i] * factor - s.collected[i]) / scale if not s.folded[i] else 0.0)
            for i in range(len(s.net))
        )
        out.append(AllInResult(net, True, tuple(eqs)))
    return out


def _solve(spots: list[_Spot], threads: int | None) -> dict[_Spot, np.ndarray]:
    """Exact equity of every spot ``(holes, board, dead)``: an array, one entry per player."""
    out: dict[_Spot, np.ndarray] = {}
    groups: dict[tuple[int, int], list[_Spot]] = defaultdict(list)
    for spot in spots:
        holes, board, dead = spot
        if dead:
            names = ["".join(card_str(c) for c in h) for h in holes]
            result = equity(names, "".join(card_str(c) for c in board), "".join(card_str(c) for c in dead),
                            exact=True, threads=threads, progress=False)
            out[spot] = np.asarray(result.equity, dtype=np.float64)
        else:
            groups[(len(holes), len(board))].append(spot)
    for (players, board_size), group in groups.items():
        holes_arr = np.array([s[0] for s in group], dtype=np.uint8).reshape(len(group), players, 2)
        if players == 2 and board_size == 0:
            counts = table_counts(np.ascontiguousarray(holes_arr.reshape(len(group), 4))).astype(np.float64)
            total = counts.sum(axis=1)
            half_ties = counts[:, 2] / 2
            eq = np.stack([counts[:, 0] + half_ties, counts[:, 1] + half_ties], axis=1) / total[:, None]
        else:
            boards = np.array([s[1] for s in group], dtype=np.uint8).reshape(len(group), board_size)
            eq = equity_batch(holes_arr, boards, threads)
        for spot, row in zip(group, eq):
            out[spot] = row
    return out
