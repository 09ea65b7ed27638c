"""Outs by next card: each player's exact equity after every card that can come next.

>>> r = next_card(["AhKh", "QsQd"], board="Td7h2h")
>>> len(r.cards), r.card_names[:3]
(45, ['As', 'Ad', 'Ac'])
>>> r.equity_after("Jh").round(4).tolist()         # a heart: the flush draw arrives
[1.0, 0.0]
>>> r.outs(0)                                      # cards after which AhKh is ahead
['As', 'Ad', 'Ac', 'Ks', 'Kd', 'Kc', 'Qh', 'Jh', 'Th', '9h', '8h', '6h', '5h', '4h', '3h']
>>> round(float(r.probability @ r.equity[:, 0]), 6) == round(float(r.current[0]), 6)
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import CardLike, CardsLike, card, card_str, cards_str
from .. import _core
from ..equities.engines.enumeration import hand_assignments
from ..equities.engines.sweep import SweepEngine
from ..equities.inputs import ParsedPlayer, PlayerLike, parse_inputs, resolve_threads
from ..equities._plan import MAX_ASSIGNMENTS, sweep_wins
from ..errors import InputError, RangeError

__all__ = ["NextCardResult", "next_card"]


@dataclass(frozen=True)
class NextCardResult:
    """The outcome of :func:`next_card`.

    Attributes
    ----------
    players : tuple of str
        Each player's hand or range, as given.
    board, dead : str
        The board (3 or 4 cards) and the dead cards.
    cards : numpy.ndarray of uint8, shape (n,)
        Every card that can come next, highest first (``As``, ``Ah``, ``Ad``, ``Ac``, ``Ks``...):
        not on the board, not dead, not in a fixed hand, and not held in every hand a
        range allows.
    probability : numpy.ndarray of float64, shape (n,)
        The chance that each card comes next, given the hands and ranges (uniform over the
        unseen cards for fixed hands; with ranges, card removal weighs each card by the
        range weight of the hand assignments that leave it in the deck). Sums to 1.
    equity : numpy.ndarray of float64, shape (n, players)
        Each player's exact equity once that card is dealt.
    current : numpy.ndarray of float64, shape (players,)
        Each player's exact equity before the card: ``probability @ equity`` (as
        :func:`fastholdem.equity` gives it on the current board, up to rounding).

    Examples
    --------
    >>> r = next_card(["AhKh", "QsQd"], board="Td7h2h")
    >>> len(r.cards), round(float(r.probability.sum()), 12), r.card_names[:3]
    (45, 1.0, ['As', 'Ad', 'Ac'])
    >>> [round(float(e), 4) for e in r.current], [round(float(e), 4) for e in r.equity_after("2c")]
    ([0.5444, 0.4556], [0.3182, 0.6818])
    """

    players: tuple[str, ...]
    board: str
    dead: str
    cards: npt.NDArray[np.uint8]
    probability: npt.NDArray[np.float64]
    equity: npt.NDArray[np.float64]
    current: npt.NDArray[np.float64]

    @property
    def card_names(self) -> list[str]:
        """The next cards as text, e.g. ``['As', 'Ah', ...]``."""
        return [card_str(int(c)) for c in self.cards]

    def equity_after(self, next_card: CardLike) -> npt.NDArray[np.float64]:
        """Each player's equity once ``next_card`` (text or id) is dealt.

        Raises
        ------
        ValueError
            If that card cannot come next.
        """
        c = card(next_card)
        where = np.flatnonzero(self.cards == c)
        if len(where) == 0:
            raise InputError(f"{card_str(c)} cannot come next (board {self.board}"
                             + (f", dead {self.dead}" if self.dead else "") + ")")
        return np.array(self.equity[where[0]])

    def outs(self, player: int = 0) -> list[str]:
        """The cards after which ``player`` (0-based) has more equity than any other player."""
        others = np.delete(self.equity, player, axis=1)
        ahead = self.equity[:, player] > others.max(axis=1)
        return [card_str(int(c)) for c in self.cards[ahead]]

    def to_dict(self) -> dict[str, Any]:
        """Plain-Python form (for JSON)."""
        return {
            "players": list(self.players),
            "board": self.board,
            "dead": self.dead,
            "current": [float(e) for e in self.current],
            "cards": [
                {"card": name, "probability": float(p), "equity": [float(e) for e in eq]}
                for name, p, eq in zip(self.card_names, self.probability, self.equity)
            ],
        }

    def __str__(self) -> str:
        width = max(8, *(len(p) for p in self.players))
        street = "turn" if len(self.board) == 6 else "river"
        lines = [f"{street} card  {'chance':>7}  " + "  ".join(f"{p:>{width}}" for p in self.players)]
        lines.append(f"{'(now)':<9}  {'':>7}  " + "  ".join(f"{e:>{width}.2%}" for e in self.current))
        for name, p, eq in zip(self.card_names, self.probability, self.equity):
            lines.append(f"{name:<9}  {p:>7.2%}  " + "  ".join(f"{e:>{width}.2%}" for e in eq))
        for i, player in enumerate(self.players):
            outs = self.outs(i)
            chance = float(self.probability[np.isin(self.cards, [card(c) for c in outs])].sum())
            lines.append(f"{player}: ahead after {len(outs)} of {len(self.cards)} cards ({chance:.2%})"
                         + (f": {' '.join(outs)}" if outs else ""))
        return "\n".join(lines)


def next_card(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike = None, *,
              threads: int | None = None) -> NextCardResult:
    """Each player's exact equity after each card that can come next: the turn cards on a
    flop, the river cards on a turn. "Which cards are my outs", answered exactly.

    For each card the result holds the exact equity once it is dealt, as
    ``equity(players, board + card, dead)`` gives it (enumeration over every remaining
    board and, with ranges, every assignment of range hands, weighted), and the chance that
    it comes next. The work is a few times that of one exact :func:`fastholdem.equity` on
    the current board (``random`` vs ``random`` on a flop: 0.09 s vs 0.012 s of CPU): two
    ranges are swept once per next card (each (turn, river) pair is visited twice, plus a
    setup per card), other jobs count every (hand assignment, next card) pair once, in C.

    Parameters
    ----------
    players : sequence of 2-10 hands or ranges
        As :func:`fastholdem.equity`.
    board : cards
        3 cards (a flop) or 4 (a turn).
    dead : cards, optional
        Cards known to be out of play.
    threads : int, optional
        Threads per equity computation (default all cores).

    Returns
    -------
    NextCardResult

    Raises
    ------
    CardError, RangeError
        Bad or clashing cards, or a range left empty by the known cards.
    ValueError
        Wrong number of players, a board that is not 3 or 4 cards, or ranges whose exact
        enumeration would list more than ``MAX_ASSIGNMENTS`` hand assignments.

    Examples
    --------
    >>> r = next_card(["AsAd", "8h7h"], board="6h5c2h Kd")
    >>> r.outs(1)                                     # hearts, nines and fours
    ['Ah', 'Kh', 'Qh', 'Jh', 'Th', '9s', '9h', '9d', '9c', '5h', '4s', '4h', '4d', '4c', '3h']
    """
    nthreads = resolve_threads(threads)
    parsed, board_ids, dead_ids = parse_inputs(players, board, dead)
    if len(board_ids) not in (3, 4):
        raise InputError(f"next_card needs a flop (3 board cards) or a turn (4), got {len(board_ids)} cards")
    known = set(board_ids) | set(dead_ids)
    candidates = np.array([c for c in range(51, -1, -1) if c not in known], dtype=np.uint8)
    swept = _by_sweep(parsed, board_ids, dead_ids, candidates, nthreads)
    shares, card_weight = swept if swept is not None else _by_enumeration(parsed, board_ids, dead_ids,
                                                                             candidates, nthreads)
    live = card_weight > 0
    cards, card_weight, shares = candidates[live], card_weight[live], shares[live]
    labels = tuple(p.label for p in parsed)
    return NextCardResult(
        players=labels, board=cards_str(board_ids), dead=cards_str(dead_ids), cards=cards,
        probability=card_weight / card_weight.sum(), equity=shares / card_weight[:, None],
        current=shares.sum(axis=0) / card_weight.sum())


_Pair = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]


def _by_sweep(parsed: list[ParsedPlayer], board_ids: list[int], dead_ids: list[int],
              candidates: npt.NDArray[np.uint8], nthreads: int) -> _Pair | None:
    """Per candidate card, the weighted equity shares and the weight of the hand
    assignments that leave it in the deck, by one range sweep (csrc/fh_sweep.c) per card
    over the runouts of the board with the card added, the ranges narrowed to the combos
    without it. Every (turn, river) pair of runouts is visited twice over all the cards
    (once per order), so the C work is about twice that of the sweep :func:`fastholdem.equity`
    runs on the current board (plus a setup per card), instead of the enumeration of every
    hand assignment.
    None when :func:`fastholdem.equity` would not sweep this job either (more than two
    players, weights with no exact integer scale, or enumeration is cheaper)."""
    if len(parsed) != 2:
        return None
    whole = SweepEngine.build(parsed, board_ids, dead_ids)
    boards_per_deal = _core.board_count(52 - len(board_ids) - len(dead_ids) - 4, 5 - len(board_ids))
    if whole is None or not sweep_wins(whole, boards_per_deal):
        return None
    shares = np.zeros((len(candidates), 2))
    card_weight = np.zeros(len(candidates))
    for i, c in enumerate(candidates.tolist()):
        narrowed = []
        for p in parsed:
            keep = (p.combos != c).all(axis=1)
            narrowed.append(dataclasses.replace(p, combos=p.combos[keep], weights=p.weights[keep]))
        if any(len(p.combos) == 0 for p in narrowed):
            continue  # a player holds c in every hand: c cannot come next
        sweep = SweepEngine.build(narrowed, board_ids + [c], dead_ids)
        if sweep is None:  # cannot happen (narrowing keeps a scale and lowers the sums); stay exact anyway
            return None
        if sweep.deal_count() == 0:
            continue
        tally = sweep.tally(0, sweep.size, nthreads)
        per: tuple[npt.NDArray[np.uint64], ...] = tally["combos"]  # type: ignore[assignment]
        eq = sweep.finish(per, int(tally["deals"][0]))[0]
        card_weight[i] = sweep.assignment_weight()
        shares[i] = card_weight[i] * eq
    return shares, card_weight


def _by_enumeration(parsed: list[ParsedPlayer], board_ids: list[int], dead_ids: list[int],
                    candidates: npt.NDArray[np.uint8], nthreads: int) -> _Pair:
    """As :func:`_by_sweep`, by listing every hand assignment (multiway, or small jobs)."""
    listed = hand_assignments(parsed, MAX_ASSIGNMENTS)
    if listed is None:
        raise InputError(f"exact enumeration would list over {MAX_ASSIGNMENTS:,} hand assignments "
                         "(the limit, fastholdem.equities.MAX_ASSIGNMENTS); narrow the ranges")
    deals, weights = listed
    if len(deals) == 0:
        raise RangeError("the ranges cannot be dealt without two players sharing a card")
    n_players = deals.shape[1] // 2
    one = np.uint64(1)
    held = np.bitwise_or.reduce(one << deals.astype(np.uint64), axis=1)  # the cards of each assignment
    # For each candidate card, every hand assignment that leaves it in the deck, counted
    # exactly over the remaining boards by the C core. The card's equity is the weighted
    # mean over those assignments, and its chance is their share of the weight (once the
    # hands are fixed, each unseen card is equally likely to come next).
    shares = np.zeros((len(candidates), n_players))
    card_weight = np.zeros(len(candidates))
    unit = float(_core.SHARE_UNIT)
    for i, c in enumerate(candidates.tolist()):
        free = (held & (one << np.uint64(c))) == 0
        if not free.any():
            continue
        t = _core.exact_deals(np.ascontiguousarray(deals[free]), board_ids + [c], dead_ids, nthreads)
        eq = t["share"].astype(np.float64) / (unit * t["deals"].astype(np.float64))[:, None]
        card_weight[i] = weights[free].sum()
        shares[i] = weights[free] @ eq
    return shares, card_weight
