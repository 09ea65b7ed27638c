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

It reads the call as :func:`fastholdem.equities._plan.parse_call` parsed and checked it (bad
input was refused there); a call of another shape gives None, and :func:`fastholdem.equity`
plans the job from the same parsed call.

>>> from fastholdem.equities._plan import parse_call
>>> r = vs_random_result(parse_call(["AhKd", "random"], "Td7c2s"), 1)
>>> r.deals, round(float(r.equity[0]), 6), r.players
(1070190, 0.539973, ('AhKd', 'random'))
>>> vs_random_result(parse_call(["AhKd", "QQ"], "Td7c2s"), 1) is None
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from ..cards import cards_str, parse_cards
from ..errors import FastHoldemError
from ..ranges import Range
from ._plan import Call, plan_job
from .inputs import RANDOM_WORDS, PlayerLike, is_random_word
from .jobs import run_exact
from .result import EquityResult

__all__ = ["general_combos", "hero_against_random", "vs_random_result"]


def hero_against_random(players: Sequence[PlayerLike]) -> tuple[int, list[int]] | None:
    """The index and card ids of the one fixed hand among ``players`` when every other player
    is random (``"random"``, ``"any"`` or ``"*"``), else None; the command line's test, before
    any parsing (a hand that does not parse is no fixed hand: the general path reports it).

    >>> hero_against_random(["random", "AhKd", "any"]), hero_against_random(["AhKd", "QQ"])
    ((1, [50, 45]), None)
    """
    if isinstance(players, (str, Range)) or not hasattr(players, "__len__"):
        return None
    randoms = [i for i, p in enumerate(players) if isinstance(p, str) and p.strip().lower() in RANDOM_WORDS]
    if len(randoms) != len(players) - 1:
        return None
    hero = next(i for i in range(len(players)) if i not in randoms)
    spec = players[hero]
    if isinstance(spec, Range):
        return None
    try:
        hand = parse_cards(spec)
    except FastHoldemError:  # not cards (a range, or bad input): not a fixed hand
        return None
    return (hero, hand) if len(hand) == 2 else None


def general_combos(call: Call, threads: int) -> tuple[npt.NDArray[Any], ...]:
    """The per-combo tables of an exact call counted by the general path (the runout tables or
    the sweep): what :meth:`EquityResult.by_combo` reads for a result of
    :func:`vs_random_result`.

    >>> from fastholdem.equities._plan import parse_call
    >>> t = general_combos(parse_call(("AhKd", "random"), "Td7c2sKh3c"), 1)
    >>> [len(x) for x in t], str(t[1]["hand"][0]), float(t[1]["equity"][0])
    ([1, 990], 'AsAd', 1.0)
    """
    return run_exact(plan_job(dataclasses.replace(call, exact=True)), threads, False).combos


def _spot(call: Call) -> tuple[int, list[int]] | None:
    """The index and card ids of the one fixed hand of ``call`` when every other player is a
    random word and the quick path counts the call (see :func:`vs_random_result`), else None."""
    players = call.players
    if call.exact is False or call.trials is not None or call.stderr is not None or len(players) not in (2, 3):
        return None
    heroes = [i for i, p in enumerate(players) if not is_random_word(p)]
    if len(heroes) != 1 or not (players[heroes[0]].fixed and players[heroes[0]].range is None):
        return None  # a range of one combo is no fixed hand here: the general path counts it
    if not (len(call.board) >= 3 or (len(players) == 3 and call.exact is True)):
        return None
    return heroes[0], [int(c) for c in players[heroes[0]].combos[0]]


def vs_random_result(call: Call, threads: int) -> EquityResult | None:
    """The exact result of a hand against one ``"random"`` (either order) on a board of 3 to 5
    cards, or against two (any order) on a board of 3 to 5 cards, or preflop when ``exact`` is
    True; None when the call is of another kind (see the module text).

    ``threads`` is used only if the per-combo tables are asked for.

    >>> from fastholdem.equities._plan import parse_call
    >>> r = vs_random_result(parse_call(["random", "AhKd"], "Td7c2sKh"), 1)
    >>> round(float(r.equity[1]), 6), r.deals, r.split.tolist()
    (0.893368, 45540, [0.0, 45276.0, 264.0])
    >>> r = vs_random_result(parse_call(["AhKd", "random", "random"], "Td7c2sKh"), 1)
    >>> r.deals, r.split.tolist(), round(float(r.equity[0]), 6)
    (41122620, [0.0, 40671360.0, 450756.0, 504.0], 0.797391)
    """
    spot = _spot(call)
    if spot is None:
        return None
    hero, hand = spot
    board_ids, dead_ids = call.board, call.dead
    labels = tuple(p.label for p in call.players)
    board_text, dead_text = cards_str(board_ids), cards_str(dead_ids)
    source = partial(general_combos, call, threads)
    if len(call.players) == 2:
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
    return EquityResult(players=labels, equity=share, win=win, tie=tie, stderr=np.zeros(len(labels)),
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
