"""The short way for one hand against one or two random hands.

``equity(["AhKd", "random"], board="Td7c2s")`` needs neither a plan nor chunks: the C kernel
of ``hand_strength`` counts, per runout, the opponent's hands by rank-pair class (with flush
corrections) and returns the pairs (runout, opponent hand) won and tied
(``fastholdem._core.vs_random_counts``). :func:`vs_random_result` turns those counts into the
:class:`EquityResult` the general path gives; the per-combo tables are computed by the
general path, only when asked (:meth:`EquityResult.by_combo`). Against two random hands
(any seats) on a flop, turn or river, or preflop with ``exact=True``, one call of
``fastholdem._core.vs_two_random_counts`` (csrc/fh_vs_many.c, boards solved once per
structure) gives every player's equity, win, tie and split.

Anything else (another shape of call, or bad input, whose error the general path names)
returns None, and :func:`fastholdem.equity` plans the job as usual.

>>> r = vs_random_result(["AhKd", "random"], "Td7c2s", None, None, None, None, 1)
>>> r.deals, round(float(r.equity[0]), 6), r.players
(1070190, 0.539973, ('AhKd', 'random'))
>>> vs_random_result(["AhKd", "QQ"], "Td7c2s", None, None, None, None, 1) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from ..cards import CardsLike, cards_str, parse_cards
from ..ranges import Range
from .inputs import PlayerLike
from .jobs import run_exact
from .plan import job_for_call
from .result import EquityResult

__all__ = ["general_combos", "hero_against_random", "vs_random_result"]

_RANDOM_WORDS = frozenset({"random", "any", "*"})


def _hand(spec: PlayerLike) -> list[int] | None:
    """The two card ids of a fixed hand given as text or cards, else None."""
    if isinstance(spec, Range):
        return None
    try:
        ids = parse_cards(spec)
    except Exception:  # not cards: a range, or bad input the general path reports
        return None
    return ids if len(ids) == 2 else None


def hero_against_random(players: Sequence[PlayerLike]) -> tuple[int, list[int]] | None:
    """The index and card ids of the one fixed hand among ``players`` when every other player
    is random (``"random"``, ``"any"`` or ``"*"``), else None.

    >>> hero_against_random(["random", "AhKd", "any"]), hero_against_random(["AhKd", "QQ"])
    ((1, [50, 45]), None)
    """
    if isinstance(players, (str, Range)) or not hasattr(players, "__len__"):
        return None
    randoms = [i for i, p in enumerate(players) if isinstance(p, str) and p.strip().lower() in _RANDOM_WORDS]
    if len(randoms) != len(players) - 1:
        return None
    hero = next(i for i in range(len(players)) if i not in randoms)
    hand = _hand(players[hero])
    return None if hand is None else (hero, hand)


def general_combos(players: tuple[str, ...], board: str, dead: str, threads: int) -> tuple[npt.NDArray[Any], ...]:
    """The per-combo tables of an exact job counted by the general path (the runout tables or
    the sweep): what :meth:`EquityResult.by_combo` reads for a result of
    :func:`vs_random_result`.

    >>> t = general_combos(("AhKd", "random"), "Td7c2sKh3c", "", 1)
    >>> [len(x) for x in t], str(t[1]["hand"][0]), float(t[1]["equity"][0])
    ([1, 990], 'AsAd', 1.0)
    """
    job = job_for_call(list(players), board, dead or None, True, None, None, None, False)
    return run_exact(job, threads, False).combos


def vs_random_result(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike, exact: bool | None,
                     trials: int | None, stderr: float | None, threads: int) -> EquityResult | None:
    """The exact result of a hand against one ``"random"`` (either order) on a board of 3 to 5
    cards, or against two (any order) on a board of 3 to 5 cards, or preflop when ``exact`` is
    True; None when the call is of another kind (see the module text).

    ``threads`` is used only if the per-combo tables are asked for.

    >>> r = vs_random_result(["random", "AhKd"], "Td7c2sKh", None, None, None, None, 1)
    >>> round(float(r.equity[1]), 6), r.deals, r.split.tolist()
    (0.893368, 45540, [0.0, 45276.0, 264.0])
    >>> r = vs_random_result(["AhKd", "random", "random"], "Td7c2sKh", None, None, None, None, 1)
    >>> r.deals, r.split.tolist(), round(float(r.equity[0]), 6)
    (41122620, [0.0, 40671360.0, 450756.0, 504.0], 0.797391)
    """
    if exact is False or trials is not None or stderr is not None:
        return None
    spot = hero_against_random(players)
    if spot is None or len(players) not in (2, 3):
        return None
    hero, hand = spot
    try:
        board_ids = parse_cards(board)
        dead_ids = parse_cards(dead)
    except Exception:  # reported by the general path
        return None
    opponents = len(players) - 1
    preflop_ok = opponents == 2 and exact is True and not board_ids
    if not (3 <= len(board_ids) <= 5 or preflop_ok):
        return None
    if len(set(hand + board_ids + dead_ids)) != len(hand + board_ids + dead_ids):
        return None
    if 52 - 2 - len(board_ids) - len(dead_ids) < 2 * opponents + 5 - len(board_ids):
        return None
    labels = [str(p).strip() for p in players]
    labels[hero] = cards_str(hand)
    board_text, dead_text = cards_str(board_ids), cards_str(dead_ids)
    source = partial(general_combos, tuple(labels), board_text, dead_text, threads)
    if opponents == 1:
        won, tied, total = _core.vs_random_counts(hand, board_ids, dead_ids)
        lost = total - won - tied
        outcome = [won, lost] if hero == 0 else [lost, won]
        win = np.array(outcome, dtype=np.float64) / total
        tie = np.full(2, tied / total)
        share = np.array([2 * w + tied for w in outcome], dtype=np.float64) / (2.0 * total)
        split = np.array([0.0, float(won + lost), float(tied)])
        deals = total
    else:
        win, tie, share, split, deals = _two_random(hand, board_ids, dead_ids, hero, threads)
    return EquityResult(players=tuple(labels), equity=share, win=win, tie=tie, stderr=np.zeros(len(players)),
                        exact=True, deals=deals, elapsed=0.0, board=board_text, dead=dead_text, split=split,
                        combo_source=source)


_Arrays = npt.NDArray[np.float64]


def _two_random(hand: list[int], board: list[int], dead: list[int], hero: int,
                threads: int) -> tuple[_Arrays, _Arrays, _Arrays, _Arrays, int]:
    """Equity, win, tie, split and deals of a hand (at index ``hero``) and two random hands,
    from ``_core.vs_two_random_counts``: unordered pairs of opponent hands with both below the
    hand (it wins alone), one tying (a two-way split), both tying (three-way), both above and
    tied with each other (a two-way split between them); the rest have one opponent alone on
    top, either one by symmetry. Deals are ordered (two per unordered pair), as everywhere."""
    below, one_tie, two_ties, above_tied, pairs = _core.vs_two_random_counts(hand, board, dead, threads)
    alone = pairs - below - one_tie - two_ties - above_tied  # an opponent wins alone (either one)
    hero_share = Fraction(6 * below + 3 * one_tie + 2 * two_ties, 6 * pairs)
    each = (1 - hero_share) / 2
    share = np.array([float(each)] * 3)
    share[hero] = float(hero_share)
    win = np.full(3, alone / (2 * pairs))
    win[hero] = below / pairs
    tie = np.full(3, (one_tie / 2 + two_ties + above_tied) / pairs)
    tie[hero] = (one_tie + two_ties) / pairs
    split = np.array([0.0, 2.0 * (below + alone), 2.0 * (one_tie + above_tied), 2.0 * two_ties])
    return win, tie, share, split, 2 * pairs
