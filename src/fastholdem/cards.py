"""Cards, their ids and text form (R1, R2), card masks and a seeded deck (R18).

A card id is ``4 * rank + suit`` with rank 0 = deuce ... 12 = ace and suit
0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades: ``2c`` is 0, ``As`` is 51.

>>> card("As"), card_str(51)
(51, 'As')
>>> parse_cards("AsKd 10h")
[51, 45, 34]

Many texts at once (a column of ``"AhKd7c2s3h"`` strings) are parsed in C by
``fastholdem.cards_from_text``, which reads each row as :func:`parse_cards` does.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from typing import Union

from ._validate import echo
from .errors import CardError, InputTypeError

__all__ = [
    "RANKS",
    "SUITS",
    "CardLike",
    "CardsLike",
    "card",
    "card_str",
    "cards_str",
    "parse_cards",
    "cards_mask",
    "Deck",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"

CardLike = Union[int, str]
CardsLike = Union[str, Iterable[CardLike], None]

_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_TOKEN = re.compile(r"(10|[2-9TJQKAtjqka])([cdhsCDHS])")
_ALL_CARD_TEXT = [r + s for r in RANKS for s in SUITS]


def _card_from_text(token: str) -> int:
    match = _TOKEN.fullmatch(token.strip())
    if match is None:
        raise CardError(f"bad card {echo(token)}: expected rank 2-9, T/10, J, Q, K, A and suit c, d, h, s")
    rank_text, suit_text = match.groups()
    rank = 8 if rank_text == "10" else _RANK_INDEX[rank_text.upper()]
    return 4 * rank + _SUIT_INDEX[suit_text.lower()]


def card(value: CardLike) -> int:
    """Return the card id (0-51) of ``value``, a card text such as ``"As"`` or an id.

    >>> card("2c"), card("10h"), card(51)
    (0, 34, 51)

    Raises
    ------
    CardError
        If the text is not a card or the id is outside 0-51.
    """
    if isinstance(value, str):
        return _card_from_text(value)
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise CardError(f"bad card {echo(value)}: expected a card text like 'As' or an id 0-51")
    cid = int(value)
    if not 0 <= cid <= 51:
        raise CardError(f"bad card id {cid}: ids run from 0 (2c) to 51 (As)")
    return cid


def card_str(cid: int) -> str:
    """Return the text form of card id ``cid`` (R2: ``id = 4 * rank + suit``).

    >>> card_str(51), card_str(0), card_str(34)
    ('As', '2c', 'Th')
    """
    return _ALL_CARD_TEXT[card(cid)]


def cards_str(cids: Iterable[int], sep: str = "") -> str:
    """Return the text of several card ids joined by ``sep``.

    >>> cards_str([51, 45]), cards_str(parse_cards("Td 7c 2s"), " ")
    ('AsKd', 'Td 7c 2s')
    """
    if not hasattr(cids, "__iter__"):
        raise _not_cards(cids, "cids must be an iterable of card ids")
    return sep.join(card_str(c) for c in cids)


def _not_cards(value: object, what: str) -> InputTypeError:
    """The error for ``value`` where ``what`` (e.g. "cids must be an iterable of card ids") was expected."""
    return InputTypeError(f"{what}; got {type(value).__name__} {echo(value)}")


def _split_text(text: str) -> list[str]:
    tokens: list[str] = []
    for chunk in re.split(r"[\s,]+", text.strip()):
        if not chunk:
            continue
        pos = 0
        while pos < len(chunk):
            match = _TOKEN.match(chunk, pos)
            if match is None:
                bad = chunk[pos : pos + 2] if pos or len(chunk) > 3 else chunk
                raise CardError(f"bad card {echo(bad)} in {echo(text)}")
            tokens.append(match.group(0))
            pos = match.end()
    return tokens


def parse_cards(spec: CardsLike, *, unique: bool = True) -> list[int]:
    """Parse a hand or board into a list of card ids.

    ``spec`` may be text (``"AsKd"``, ``"As Kd"``, ``"As,Kd"``, ``"10h"``), an iterable of card
    texts or ids, or ``None`` (no cards).

    >>> parse_cards(["As", "Kd"]), parse_cards("as kd"), parse_cards(None)
    ([51, 45], [51, 45], [])

    Raises
    ------
    CardError
        Naming the bad token, or the repeated card when ``unique`` is true.
    InputTypeError
        If ``spec`` is neither text, an iterable nor None.
    """
    if spec is None:
        return []
    if isinstance(spec, str):
        ids = [_card_from_text(t) for t in _split_text(spec)]
    elif not hasattr(spec, "__iter__"):
        raise _not_cards(spec, "cards must be a text such as 'AsKd', an iterable of card texts or ids, "
                               "or None")
    else:
        ids = [card(c) for c in spec]
    if unique and len(set(ids)) != len(ids):
        seen: set[int] = set()
        for c in ids:
            if c in seen:
                raise CardError(f"duplicate card {card_str(c)} in {echo(spec)}")
            seen.add(c)
    return ids


def cards_mask(cids: Iterable[int]) -> int:
    """Return the 52-bit mask with bit ``id`` set for each card.

    >>> cards_mask([0, 1]), cards_mask(parse_cards("As")) == 1 << 51
    (3, True)
    """
    if not hasattr(cids, "__iter__"):
        raise _not_cards(cids, "cids must be an iterable of card ids")
    mask = 0
    for c in cids:
        mask |= 1 << card(c)
    return mask


class Deck:
    """A 52-card deck shuffled by a seeded RNG (R18): the same seed deals the same cards.

    >>> d = Deck(seed=1); first = d.draw(2); Deck(seed=1).draw(2) == first
    True
    """

    def __init__(self, seed: int | None = None, *, exclude: Sequence[int] = ()) -> None:
        excluded = {card(c) for c in exclude}
        self.cards: list[int] = [c for c in range(52) if c not in excluded]
        random.Random(seed).shuffle(self.cards)
        self._pos = 0

    def __len__(self) -> int:
        return len(self.cards) - self._pos

    def draw(self, n: int = 1) -> list[int]:
        """Take the top ``n`` cards; raises ``CardError`` if fewer remain."""
        if n > len(self):
            raise CardError(f"cannot draw {n} cards: {len(self)} left in the deck")
        out = self.cards[self._pos : self._pos + n]
        self._pos += n
        return out
