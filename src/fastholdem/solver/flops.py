"""The 1,755 strategically distinct flops: the classes of the 22,100 flops under the 24
permutations of the suits (suits have no value in hold'em, R1), each with its count.

A class is named by its representative: of the flops of the class, the one whose cards,
highest first, have the largest card ids (``4 * rank + suit``, spades highest, R2), so
``AsKsQs`` (monotone), ``AsKsQh`` (two-tone), ``AsKhQd`` (rainbow), ``AsAhKs``.

>>> classes = flop_classes()
>>> len(classes), sum(c.count for c in classes)
(1755, 22100)
>>> classes[0]
FlopClass(board='AsAhAd', count=4)
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..cards import card_str, parse_cards
from ..errors import CardError, InputTypeError

__all__ = ["FlopClass", "flop_classes", "canonical_flop", "flop_texture"]


@dataclass(frozen=True)
class FlopClass:
    """A class of flops equal up to suits: its representative ``board`` and how many of the
    22,100 flops it stands for (4, 12 or 24).

    >>> FlopClass("AsKhQd", 24).count
    24
    """

    board: str
    count: int


_PERMS = np.array(list(itertools.permutations(range(4))), np.int64)  # (24, 4): suit -> suit


def _keys(flops: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Each flop's class key (n, 3 card ids): the largest, over the suit permutations, of the
    permuted cards sorted high to low and read as a base-52 number."""
    ranks, suits = flops // 4, flops % 4
    best = np.full(len(flops), -1, np.int64)
    for perm in _PERMS:
        cards = np.sort(4 * ranks + perm[suits], axis=1)[:, ::-1]
        best = np.maximum(best, (cards[:, 0] * 52 + cards[:, 1]) * 52 + cards[:, 2])
    return best


def _board(key: int) -> str:
    a, rest = divmod(int(key), 52 * 52)
    b, c = divmod(rest, 52)
    return card_str(a) + card_str(b) + card_str(c)


@functools.cache
def flop_classes() -> tuple[FlopClass, ...]:
    """The 1,755 suit-isomorphism classes of the 22,100 flops, with their counts (summing to
    22,100), the highest cards first: ``AsAhAd``, ``AsAhKs``, ... ``2s2h2d`` last.

    Returns
    -------
    tuple of FlopClass

    Examples
    --------
    >>> from collections import Counter
    >>> Counter(c.count for c in flop_classes())   # 24: unpaired rainbow; 4: monotone or trips
    Counter({12: 1170, 4: 299, 24: 286})
    >>> flop_classes()[-1].board
    '2s2h2d'
    """
    flops = np.array(list(itertools.combinations(range(52), 3)), np.int64)
    keys, counts = np.unique(_keys(flops), return_counts=True)
    return tuple(FlopClass(_board(k), int(n)) for k, n in zip(keys[::-1].tolist(), counts[::-1].tolist()))


def _flop_cards(board: str | list[int] | tuple[int, ...], name: str = "board") -> list[int]:
    if isinstance(board, str):
        try:
            cards = parse_cards(board)
        except CardError as exc:
            raise CardError(f"{name}: {exc}") from None
    elif isinstance(board, (list, tuple)) and all(isinstance(c, int) and not isinstance(c, bool) for c in board):
        cards = list(board)
        for c in cards:
            if not 0 <= c < 52:
                raise CardError(f"{name}: card id {c} is not in 0..51")
    else:
        raise InputTypeError(f"{name} must be text such as 'Td9d6h' or a list of card ids, "
                             f"got {type(board).__name__}")
    if len(cards) != 3 or len(set(cards)) != 3:
        raise CardError(f"{name} must be three different cards (a flop), got {board!r}")
    return cards


def canonical_flop(board: str | list[int] | tuple[int, ...]) -> str:
    """The representative of ``board``'s class (see :func:`flop_classes`).

    Examples
    --------
    >>> canonical_flop("Td9d6h"), canonical_flop("2c2d7c")
    ('Ts9s6h', '7s2s2h')
    """
    cards = _flop_cards(board)
    return _board(int(_keys(np.array([cards], np.int64))[0]))


def flop_texture(board: str | list[int] | tuple[int, ...]) -> tuple[str, str]:
    """The suits and the ranks of a flop: ``("monotone" | "two-tone" | "rainbow",
    "unpaired" | "paired" | "trips")``.

    Examples
    --------
    >>> flop_texture("Td9d6h"), flop_texture("7c7d7h")
    (('two-tone', 'unpaired'), ('rainbow', 'trips'))
    """
    cards = _flop_cards(board)
    suits = len({c % 4 for c in cards})
    ranks = len({c // 4 for c in cards})
    return ({1: "monotone", 2: "two-tone", 3: "rainbow"}[suits], {3: "unpaired", 2: "paired", 1: "trips"}[ranks])
