"""The short way for one hand against one random hand on a flop, turn or river.

``equity(["AhKd", "random"], board="Td7c2s")`` needs neither a plan nor chunks: the C kernel
of ``hand_strength`` counts, per runout, the opponent's hands by rank-pair class (with flush
corrections) and returns the pairs (runout, opponent hand) won and tied
(``fastholdem._core.vs_random_counts``). :func:`vs_random_result` turns those counts into the
:class:`EquityResult` the general path gives; the per-combo tables are computed by the
general path, only when asked (:meth:`EquityResult.by_combo`).

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

__all__ = ["general_combos", "vs_random_result"]

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
    """The exact result of a hand against ``"random"`` (either order) on a board of 3 to 5
    cards, or None when the call is of another kind (see the module text).

    ``threads`` is used only if the per-combo tables are asked for.

    >>> r = vs_random_result(["random", "AhKd"], "Td7c2sKh", None, None, None, None, 1)
    >>> round(float(r.equity[1]), 6), r.deals, r.split.tolist()
    (0.893368, 45540, [0.0, 45276.0, 264.0])
    """
    if exact is False or trials is not None or stderr is not None:
        return None
    if isinstance(players, (str, Range)) or len(players) != 2:
        return None
    first, second = players[0], players[1]
    if isinstance(second, str) and second.strip().lower() in _RANDOM_WORDS:
        hero, spec, label = 0, first, second.strip()
    elif isinstance(first, str) and first.strip().lower() in _RANDOM_WORDS:
        hero, spec, label = 1, second, first.strip()
    else:
        return None
    hand = _hand(spec)
    if hand is None:
        return None
    try:
        board_ids = parse_cards(board)
        dead_ids = parse_cards(dead)
    except Exception:  # reported by the general path
        return None
    if not 3 <= len(board_ids) <= 5 or len(set(hand + board_ids + dead_ids)) != len(hand + board_ids + dead_ids):
        return None
    if 52 - 2 - len(board_ids) - len(dead_ids) < 7 - len(board_ids):
        return None
    won, tied, total = _core.vs_random_counts(hand, board_ids, dead_ids)
    lost = total - won - tied
    labels = [cards_str(hand), label] if hero == 0 else [label, cards_str(hand)]
    outcome = [won, lost] if hero == 0 else [lost, won]
    win = np.array(outcome, dtype=np.float64) / total
    tie = np.full(2, tied / total)
    share = np.array([2 * w + tied for w in outcome], dtype=np.float64) / (2.0 * total)
    board_text, dead_text = cards_str(board_ids), cards_str(dead_ids)
    source = partial(general_combos, tuple(labels), board_text, dead_text, threads)
    return EquityResult(players=tuple(labels), equity=share, win=win, tie=tie, stderr=np.zeros(2), exact=True,
                        deals=total, elapsed=0.0, board=board_text, dead=dead_text,
                        split=np.array([0.0, float(won + lost), float(tied)]), combo_source=source)
