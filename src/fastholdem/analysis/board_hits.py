"""Range hit charts: how a range hits a board (made hands and draws), Flopzilla style.

:func:`board_hits` returns a :class:`BoardHits`; ``fastholdem range ...
--board`` prints it and :func:`fastholdem.plot.hit_chart` draws it.

>>> from fastholdem import Range
>>> hits = board_hits(Range("AhKh, 9s8s, QQ"), "Th7h2s")
>>> hits.total, hits.share("flush draw"), hits.share("OESD"), hits.share("ONE_PAIR")
(8.0, 0.125, 0.125, 0.75)
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from .._validate import echo
from .. import _core
from ..cards import CardsLike, cards_str, parse_cards
from ..evaluate import HandCategory, categories
from ..ranges.range import check_range
from ..errors import InputError, InputTypeError

if TYPE_CHECKING:
    from ..ranges import Range

__all__ = ["BoardHits", "DRAWS", "board_hits"]

DRAWS = ("flush draw", "OESD", "gutshot")
"""The draws a :class:`BoardHits` counts, in the order of :attr:`BoardHits.draws`."""

_COMBINED = (("flush draw", "OESD"), ("flush draw", "gutshot"))


@lru_cache(maxsize=1)
def _straight_high() -> npt.NDArray[np.int8]:
    """For each 13-bit rank mask, the top rank (0-12) of its highest straight, or -1."""
    out = np.full(1 << 13, -1, dtype=np.int8)
    masks = np.arange(1 << 13)
    for top in range(3, 13):  # 5-high (the wheel) up to ace-high
        ranks = [12, 0, 1, 2, 3] if top == 3 else list(range(top - 4, top + 1))
        need = sum(1 << r for r in ranks)
        out[(masks & need) == need] = top
    out.flags.writeable = False
    return out


@dataclasses.dataclass(frozen=True, eq=False)
class BoardHits:
    """How a range hits a board: per-combo categories and draws, and weighted shares.

    Made hands
        ``category`` is the :class:`~fastholdem.HandCategory` of the combo's best hand from
        its two hole cards and the board (as :func:`fastholdem.evaluate` gives it), so a
        pair on the board counts as a pair for every combo. The shares of the nine
        categories sum to 1.

    Draws (counted on the flop and the turn only; on the river every draw is False)
        * **flush draw**: some suit has exactly four cards among the hole cards and the
          board, at least one of them a hole card (four board cards of a suit with no hole
          card of it are the board's draw, not the combo's), and the hand is weaker than a
          flush.
        * **straight outs**: a rank ``r`` is an out when the hand is weaker than a straight
          and adding a card of rank ``r`` makes a straight from the hole cards and the board
          that is higher than any straight the board and that card make alone (so a rank
          that only completes a straight on the board is no out). Ranks already held are
          no outs.
        * **OESD**: two or more out ranks: open-ended straight draws and double gutshots
          (eight outs either way).
        * **gutshot**: exactly one out rank (inside straight draws, and one-ended draws such
          as A-2-3-4 or J-Q-K-A).

        OESD and gutshot exclude each other; either can come with a flush draw (reported as
        ``"flush draw + OESD"`` and ``"flush draw + gutshot"``) and with any made hand below
        a straight (``"ONE_PAIR + flush draw"``). Backdoor draws are not counted.

    Attributes
    ----------
    range : str
        The range text (before removing the combos that use a board card).
    board : str
        The board, e.g. ``"Td7c2s"``.
    combos : numpy.ndarray of uint8, shape (n, 2)
        The combos left (canonical order of :class:`fastholdem.Range`).
    weights : numpy.ndarray of float64, shape (n,)
    category : numpy.ndarray of uint8, shape (n,)
        :class:`~fastholdem.HandCategory` of each combo.
    draws : numpy.ndarray of bool, shape (n, 3)
        Columns in the order of :data:`DRAWS`: flush draw, OESD, gutshot.
    outs : numpy.ndarray of uint8, shape (n,)
        Number of straight out ranks of each combo (0 on the river).

    Examples
    --------
    >>> from fastholdem import Range
    >>> hits = board_hits(Range("AhKh, 9s8s, JTo"), "Th7h2s")
    >>> hits.total, hits.combos.shape, hits.draws.sum(axis=0).tolist()
    (11.0, (11, 2), [1, 1, 0])
    >>> round(hits.share("ONE_PAIR"), 4), round(hits.share("flush draw"), 4)   # JTo: 9 combos left
    (0.8182, 0.0909)
    """

    range: str
    board: str
    combos: npt.NDArray[np.uint8]
    weights: npt.NDArray[np.float64]
    category: npt.NDArray[np.uint8]
    draws: npt.NDArray[np.bool_]
    outs: npt.NDArray[np.uint8]

    @property
    def total(self) -> float:
        """Weighted number of combos (the denominator of every share)."""
        return float(self.weights.sum())

    def _mask(self, what: str | HandCategory) -> npt.NDArray[np.bool_]:
        if isinstance(what, HandCategory):
            found: npt.NDArray[np.bool_] = self.category == int(what)
            return found
        if not isinstance(what, str):
            number = type(what) is int and 0 <= what <= 8
            hint = f"; for category number {what}, pass HandCategory({what})" if number else ""
            raise InputTypeError(f"what must be a HandCategory or text such as 'ONE_PAIR' or 'flush draw', "
                                 f"got {type(what).__name__} {echo(what)}{hint}")
        parts = [p.strip() for p in what.split("+")]
        mask = np.ones(len(self.weights), dtype=bool)
        for part in parts:
            if part in DRAWS:
                mask &= self.draws[:, DRAWS.index(part)]
            elif part.upper().replace(" ", "_") in HandCategory.__members__:
                mask &= self.category == int(HandCategory[part.upper().replace(" ", "_")])
            else:
                raise InputError(
                    f"unknown hit {echo(what)}: use a HandCategory name such as 'ONE_PAIR', one of "
                    f"{', '.join(DRAWS)}, or several joined by '+' ('ONE_PAIR + flush draw')"
                )
        return mask

    def share(self, what: str | HandCategory) -> float:
        """Weighted share of the combos that have ``what``.

        Parameters
        ----------
        what : str or HandCategory
            A category (``HandCategory.ONE_PAIR``, ``"ONE_PAIR"`` or ``"one pair"``), a
            draw (``"flush draw"``, ``"OESD"``, ``"gutshot"``), or several joined by ``+``,
            meaning all of them (``"ONE_PAIR + flush draw"``, ``"flush draw + OESD"``).

        Raises
        ------
        TypeError
            If ``what`` is neither a :class:`~fastholdem.HandCategory` nor text (a plain
            int such as 5 included: pass ``HandCategory(5)``).
        ValueError
            If a part of ``what`` is none of those.
        """
        return float(self.weights[self._mask(what)].sum() / self.total)

    def rows(self) -> list[tuple[str, float]]:
        """``(label, share)`` lines of the hit chart, in display order.

        The nine categories (strongest first), the three draws, the two combined draws, then
        each made hand from one pair to trips with each draw, where that share is not zero.
        """
        out = [(str(c), self.share(c)) for c in reversed(HandCategory)]
        out += [(d, self.share(d)) for d in DRAWS]
        out += [(f"{a} + {b}", self.share(f"{a} + {b}")) for a, b in _COMBINED]
        for cat in (HandCategory.ONE_PAIR, HandCategory.TWO_PAIR, HandCategory.THREE_OF_A_KIND):
            for d in DRAWS:
                value = self.share(f"{cat.name} + {d}")
                if value > 0:
                    out.append((f"{str(cat).lower()} + {d}", value))
        return out

    def to_dict(self) -> dict[str, Any]:
        """Plain-Python form (for JSON): range, board, total and the shares of :meth:`rows`."""
        return {"range": self.range, "board": self.board, "combos": self.total,
                "shares": dict(self.rows())}

    def __str__(self) -> str:
        lines = [f"{self.range} on {self.board}: {self.total:g} combos without the board cards"]
        for label, value in self.rows():
            lines.append(f"  {label:<28} {100 * value:6.2f}%")
        return "\n".join(lines)


def board_hits(rng: Range, board: CardsLike) -> BoardHits:
    """How range ``rng`` hits a board: the weighted share of each made hand and draw (also
    ``fastholdem.board_hits``).

    Combos that use a board card are left out. See :class:`BoardHits` for the exact
    definitions of the categories and draws.

    Parameters
    ----------
    rng : Range
        The range.
    board : cards
        3, 4 or 5 board cards, e.g. ``"Td7c2s"`` (draws are counted on the flop and the
        turn only).

    Returns
    -------
    BoardHits

    Raises
    ------
    CardError
        If a card is malformed or repeated.
    ValueError
        If the board does not hold 3-5 cards, or no combo of the range is left.

    Examples
    --------
    >>> from fastholdem import Range
    >>> hits = board_hits(Range("AKs, QQ+, A5s-A2s"), "5h4h2s")
    >>> hits.total, round(hits.share("STRAIGHT"), 4), round(hits.share("gutshot"), 4)
    (35.0, 0.1143, 0.5429)
    """
    check_range(rng, "rng")
    ids = parse_cards(board)
    if not 3 <= len(ids) <= 5:
        raise InputError(f"a hit chart needs a board of 3, 4 or 5 cards, got {len(ids)}")
    left = rng.without(ids)
    if not len(left):
        raise InputError(f"the range {echo(str(rng))} has no combo left without the board {cards_str(ids)}")
    combos, weights = left.combos, left.weights
    n = len(combos)
    board_arr = np.array(ids, dtype=np.uint8)
    hands = np.concatenate([combos, np.broadcast_to(board_arr, (n, len(ids)))], axis=1)
    category = categories(_core.evaluate_batch(np.ascontiguousarray(hands), threads=1))
    draws = np.zeros((n, 3), dtype=bool)
    outs = np.zeros(n, dtype=np.uint8)
    if len(ids) < 5:
        suits = np.stack([(hands % 4 == s).sum(axis=1) for s in range(4)], axis=1)
        hole_suits = np.stack([(combos % 4 == s).sum(axis=1) for s in range(4)], axis=1)
        draws[:, 0] = ((suits == 4) & (hole_suits >= 1)).any(axis=1) & (category < HandCategory.FLUSH)
        one = np.int64(1)
        hole_mask = (one << (combos[:, 0] // 4)) | (one << (combos[:, 1] // 4))
        board_mask = int(np.bitwise_or.reduce(one << (board_arr // 4).astype(np.int64)))
        high = _straight_high()
        for r in range(13):
            bit = 1 << r
            outs += high[hole_mask | board_mask | bit] > high[board_mask | bit]
        outs[category >= HandCategory.STRAIGHT] = 0
        draws[:, 1] = outs >= 2
        draws[:, 2] = outs == 1
    for array in (category, draws, outs):
        array.flags.writeable = False
    return BoardHits(range=str(rng), board=cards_str(ids), combos=combos, weights=weights,
                     category=category, draws=draws, outs=outs)
