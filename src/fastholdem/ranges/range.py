"""Hand ranges: PokerStove/Equilab range text to combos and weights.

A :class:`Range` is a set of two-card starting hands (*combos*), each with a weight in
``(0, 1]``. It is built from range text or from explicit combos, and hands the equity
engine an ``(n, 2)`` ``uint8`` array of card ids plus an ``(n,)`` ``float64`` weight array.

Grammar (tokens are separated by commas and/or whitespace, and spaces around ``-`` and
``:`` are allowed; ranks, suits and the ``s``/``o`` suffix are case-insensitive, so ``aks``
is ``AKs``; the two ranks of a class may come in either order, so ``KAs`` is ``AKs``)::

    QQ          a pair: 6 combos
    AKs  AKo    suited (4 combos) or offsuit (12 combos)
    AK          suited and offsuit: 16 combos
    TT+         TT, JJ, QQ, KK, AA
    22-55       22, 33, 44, 55 (either order)
    A2s+        A2s, A3s, ..., AKs: the kicker rises to one below the top card
    KTo+        KTo, KJo, KQo
    KQ+         KQ only (the kicker is already one below the top card)
    A5s-A2s     A5s, A4s, A3s, A2s: same top card and suffix, kicker span (either order)
    AhKh        one specific combo (card order and case do not matter; ``10h`` works)
    random      all 1326 combos (also ``any`` and ``*``)
    10%         the strongest 10% of hands: whole classes from the top of an ordering
    5-15%       the classes after the top 5% up to the top 15% (also ``5%-15%``)
    AA:0.5      any token followed by ``:weight``, a decimal in (0, 1]; default 1

Percentages (decimals allowed, 0-100) take whole hand classes in the order given by
``Range(text, order=...)``, by default ``"vs1"``: exact heads-up equity against a random
hand (see :mod:`fastholdem.ranges.classes`). ``p%`` is the shortest run of classes from the
top holding at least ``p / 100 * 1326`` combos, so it never holds fewer combos than asked,
and less than one class more: ``10%`` asks for 132.6 combos and gets 134 (``66+, A8s+,
ATo+, KJs+``). ``a-b%`` is ``b%`` without the classes of ``a%``, so ``0-10%, 10-20%`` is
exactly ``20%``. Percentages mix with other tokens and take weights: ``"10%:0.5, A5s-A2s"``.
One rule for small percentages: **a percentage token names at least one hand.** Any
``p% > 0`` takes at least the top class (``"0.001%"`` is ``AA``); ``"0%"``, and a span whose
ends fall in the same class (``"0.1-0.2%"``: both are ``AA``), select nothing and are refused
with a RangeError. (:meth:`Range.top` takes a share, not text: ``Range.top(0)`` is the empty
range, and any positive share holds at least one class.)

When a combo appears in several tokens it is kept once and **the last token's weight wins**,
so ``"TT+, AA:0.5"`` is TT-KK at weight 1 and AA at weight 0.5.

Combos are stored with the higher card id first, and rows are always in one canonical
order: by first card id descending, then second card id descending (``AsAh`` first,
``3c2c`` last).

>>> r = Range("TT+, AKs, AA:0.5")
>>> len(r), str(r)
(34, 'KK-TT, AKs, AA:0.5')
>>> r.combos[:2], r.weights[:2]
(array([[51, 50],
       [51, 49]], dtype=uint8), array([0.5, 0.5]))
>>> len(r.without("As Kd 2c"))
26
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from ..cards import RANKS, CardLike, CardsLike, card, card_str, parse_cards
from .._validate import echo
from ..errors import InputTypeError, RangeError
from . import classes as hand_classes
from .combos import _ALL_COMBOS, _COMBO_INDEX, N_COMBOS, ComboLike

__all__ = ["Range", "N_COMBOS", "ComboLike", "check_range"]

_RANK = "[2-9TJQKA]"
_ANY_WORDS = frozenset({"random", "any", "*"})
# Every pattern here is unambiguous, so a failed match backtracks in linear time (no nested
# or adjacent quantifiers over the same characters, as ``\d+\.?\d*`` was on long digits).
_WEIGHT_TEXT = re.compile(r"(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_CLASS = re.compile(rf"({_RANK})({_RANK})([SO]?)(\+?)", re.IGNORECASE)
_SPAN = re.compile(rf"({_RANK})({_RANK})([SO]?)-({_RANK})({_RANK})([SO]?)", re.IGNORECASE)
_COMBO = re.compile(r"((?:10|[2-9TJQKA])[CDHS])((?:10|[2-9TJQKA])[CDHS])", re.IGNORECASE)
# Spaces around ":" and "-" belong to the token, not to the separator. A whitespace run is
# matched once, from its first character (the second branch takes the runs not next to a
# ":" or "-" whole), so the substitution is linear in the text: ``\s*([:-])\s*`` alone
# rescanned every run from each of its characters, quadratic in the run's length.
_GLUE = re.compile(r"\s*([:-])\s*|\s+")
_SEPARATOR = re.compile(r"[\s,]+")
# Percentage tokens "10%", "5-15%", "5%-15%": each number has one unambiguous shape, so the
# match is linear in the token length. Compiled on first use (re caches it), not at import.
_NUMBER = r"(\d+(?:\.\d*)?|\.\d+)"
_PERCENT = rf"{_NUMBER}(?:%?-{_NUMBER})?%"


def _class_indices(high: int, low: int, kind: str) -> list[int]:
    """Rows of the hand class ``high low kind`` (ranks 0-12, kind ``"s"``, ``"o"`` or ``""``)."""
    out = []
    for s1 in range(4):
        for s2 in range(4):
            a, b = 4 * high + s1, 4 * low + s2
            if a <= b and high == low:
                continue
            if high != low and ((kind == "s" and s1 != s2) or (kind == "o" and s1 == s2)):
                continue
            out.append(int(_COMBO_INDEX[a, b]))
    return out


def _hand_class(rank1: str, rank2: str, kind: str) -> tuple[int, int, str]:
    """``(high, low, kind)`` from two rank letters in any order and an optional suffix."""
    a, b = RANKS.index(rank1.upper()), RANKS.index(rank2.upper())
    return max(a, b), min(a, b), kind.lower()


def _class_token_indices(token: str, body: str) -> list[int] | None:
    """Rows for a class, plus or span token; ``None`` when ``body`` has none of those shapes."""
    match = _CLASS.fullmatch(body)
    if match is not None:
        r1, r2, kind_text, plus = match.groups()
        high, low, kind = _hand_class(r1, r2, kind_text)
        if high == low:
            if kind:
                raise RangeError(f"bad range token {echo(token)}: a pair cannot be suited or offsuit")
            tops = range(high, 13) if plus else [high]
            return [i for r in tops for i in _class_indices(r, r, "")]
        kickers = range(low, high) if plus else [low]
        return [i for k in kickers for i in _class_indices(high, k, kind)]
    match = _SPAN.fullmatch(body)
    if match is None:
        return None
    a1, a2, kind_a, b1, b2, kind_b = match.groups()
    first, last = _hand_class(a1, a2, kind_a), _hand_class(b1, b2, kind_b)
    first_pair, last_pair = first[0] == first[1], last[0] == last[1]
    if first_pair and last_pair:
        if first[2] or last[2]:
            raise RangeError(f"bad range token {echo(token)}: a pair cannot be suited or offsuit")
        lo, hi = sorted((first[0], last[0]))
        return [i for r in range(lo, hi + 1) for i in _class_indices(r, r, "")]
    if first_pair or last_pair:
        raise RangeError(f"bad range token {echo(token)}: a span joins two pairs or two non-pairs")
    if first[0] != last[0] or first[2] != last[2]:
        raise RangeError(
            f"bad range token {echo(token)}: a non-pair span keeps its top card and suffix, "
            "e.g. 'A5s-A2s'"
        )
    lo, hi = sorted((first[1], last[1]))
    return [i for k in range(lo, hi + 1) for i in _class_indices(first[0], k, first[2])]


def _percent_indices(token: str, body: str, order: str) -> list[int] | None:
    """Rows of a percentage token (``10%``, ``5-15%``); ``None`` when ``body`` is not one."""
    match = re.fullmatch(_PERCENT, body)
    if match is None:
        return None
    low_text, high_text = match.groups()
    if high_text is None:
        low_text, high_text = "0", low_text
    low, high = float(low_text), float(high_text)
    if 0.0 <= low == high <= 100.0:
        raise RangeError(f"bad range token {echo(token)}: it selects no hand (a percentage token must name "
                         "at least one hand; give more than 0%)")
    if not 0.0 <= low < high <= 100.0:
        raise RangeError(
            f"bad range token {echo(token)}: percentages run from 0 to 100, a span low to high, "
            "e.g. '10%' or '5-15%'"
        )

    taken = np.zeros(169, dtype=bool)
    taken[hand_classes.top_classes(high / 100.0, order)] = True
    taken[hand_classes.top_classes(low / 100.0, order)] = False
    if not taken.any():
        raise RangeError(f"bad range token {echo(token)}: it selects no hand (the top {low_text}% and the "
                         f"top {high_text}% end in the same class); a percentage token must name at least "
                         "one hand")
    return np.flatnonzero(taken[hand_classes.combo_classes()]).tolist()


def _token_indices(token: str, body: str, order: str = "vs1") -> list[int]:
    """Rows of the canonical order that ``body`` (a token without its weight) covers."""
    if body.endswith("%"):
        percent = _percent_indices(token, body, order)
        if percent is not None:
            return percent
    if body.lower() in _ANY_WORDS:
        return list(range(N_COMBOS))
    match = _COMBO.fullmatch(body)
    if match is not None:
        a, b = card(match.group(1)), card(match.group(2))
        if a == b:
            raise RangeError(f"bad range token {echo(token)}: a combo needs two different cards")
        return [int(_COMBO_INDEX[a, b])]
    indices = _class_token_indices(token, body)
    if indices is None:
        raise RangeError(
            f"bad range token {echo(token)}: expected e.g. 'QQ', 'AKs', 'KTo+', '22-55', "
            "'A5s-A2s', 'AhKh', 'random', '10%', optionally followed by ':weight'"
        )
    return indices


def _parse_weight(token: str, text: str) -> float:
    if _WEIGHT_TEXT.fullmatch(text) is None:
        raise RangeError(f"bad weight in range token {echo(token)}: expected a number in (0, 1]")
    weight = float(text)
    if not 0.0 < weight <= 1.0:
        raise RangeError(f"bad weight in range token {echo(token)}: weights must be in (0, 1]")
    return weight


def _glued(match: re.Match[str]) -> str:
    """A ``_GLUE`` match without its spaces: the ``:`` or ``-``, or one space as a separator."""
    return match.group(1) or " "


def _parse(text: str, order: str = "vs1") -> npt.NDArray[np.float64]:
    """Parse range text into a dense ``(1326,)`` weight vector (0 = combo absent)."""
    dense = np.zeros(N_COMBOS, dtype=np.float64)
    tokens = [t for t in _SEPARATOR.split(_GLUE.sub(_glued, text)) if t]
    if not tokens:
        raise RangeError(f"empty range text {echo(text)}: give at least one token such as 'AA'")
    for token in tokens:
        body, colon, weight_text = token.partition(":")
        weight = _parse_weight(token, weight_text) if colon else 1.0
        if not body:
            raise RangeError(f"bad range token {echo(token)}: the weight has no hand before it")
        dense[_token_indices(token, body, order)] = weight
    return dense


def _runs(values: list[int]) -> list[list[int]]:
    """Split ascending integers into runs of consecutive values."""
    runs: list[list[int]] = []
    for v in values:
        if runs and runs[-1][-1] == v - 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return runs


def _kicker_tokens(high: int, runs: list[tuple[list[int], str]]) -> list[str]:
    """Tokens for kicker runs under top rank ``high``, highest kicker first."""
    tokens = []
    for run, kind in sorted(runs, key=lambda span: (-span[0][-1], "so".find(span[1]))):
        top, lo, hi = RANKS[high], RANKS[run[0]], RANKS[run[-1]]
        if len(run) == 1:
            tokens.append(f"{top}{lo}{kind}")
        elif run[-1] == high - 1:
            tokens.append(f"{top}{lo}{kind}+")
        else:
            tokens.append(f"{top}{hi}{kind}-{top}{lo}{kind}")
    return tokens


def _format_kickers(high: int, suited: list[int], offsuit: list[int]) -> list[str]:
    """Compact tokens for the full suited and offsuit classes under top rank ``high``.

    Two layouts are tried and the shorter kept (fewer tokens, then fewer characters): merge
    only identical suited and offsuit runs (``A2s+, AKo``), or merge every kicker present in
    both (``AK, AQs``).
    """
    suited_runs, offsuit_runs = _runs(suited), _runs(offsuit)
    same = [run for run in suited_runs if run in offsuit_runs]
    first = _kicker_tokens(
        high,
        [(run, "") for run in same]
        + [(run, "s") for run in suited_runs if run not in same]
        + [(run, "o") for run in offsuit_runs if run not in same],
    )
    both = [k for k in suited if k in offsuit]
    second = _kicker_tokens(
        high,
        [(run, "") for run in _runs(both)]
        + [(run, "s") for run in _runs([k for k in suited if k not in both])]
        + [(run, "o") for run in _runs([k for k in offsuit if k not in both])],
    )
    return min(first, second, key=lambda tokens: (len(tokens), len(", ".join(tokens))))


def _format_rows(present: npt.NDArray[np.bool_]) -> list[str]:
    """Compact tokens covering exactly the rows where ``present`` is true."""
    if present.all():
        return ["random"]
    tokens: list[str] = []
    loose: list[int] = []  # rows of classes only partly present

    def full(high: int, low: int, kind: str) -> bool:
        rows = _class_indices(high, low, kind)
        if present[rows].all():
            return True
        loose.extend(r for r in rows if present[r])
        return False

    pairs = [r for r in range(13) if full(r, r, "")]
    for run in reversed(_runs(pairs)):
        lo, hi = RANKS[run[0]] * 2, RANKS[run[-1]] * 2
        if len(run) == 1:
            tokens.append(lo)
        elif run[-1] == 12:
            tokens.append(f"{lo}+")
        else:
            tokens.append(f"{hi}-{lo}")
    for high in range(12, 0, -1):
        suited = [k for k in range(high) if full(high, k, "s")]
        offsuit = [k for k in range(high) if full(high, k, "o")]
        tokens.extend(_format_kickers(high, suited, offsuit))
    tokens.extend(card_str(a) + card_str(b) for a, b in _ALL_COMBOS[sorted(loose)])
    return tokens


def _combo_index(combo: ComboLike, *, what: str) -> int:
    """Row of one combo given as text ``"AhKh"`` or as a pair of card ids/texts."""
    if isinstance(combo, str):
        match = _COMBO.fullmatch(combo.strip())
        if match is None:
            raise RangeError(f"bad {what} {echo(combo)}: expected two cards such as 'AhKh'")
        a, b = card(match.group(1)), card(match.group(2))
    else:
        if isinstance(combo, (bytes, bytearray)) or not isinstance(combo, Iterable):
            raise RangeError(f"bad {what} {echo(combo)}: expected text such as 'AhKh' or a pair of "
                             "cards such as ('Ah', 'Kh') or (50, 46)")
        pair = list(combo)
        if len(pair) != 2:
            raise RangeError(f"bad {what} {echo(combo)}: a combo has exactly two cards")
        a, b = card(pair[0]), card(pair[1])
    if a == b:
        raise RangeError(f"bad {what} {echo(combo)}: a combo needs two different cards")
    return int(_COMBO_INDEX[a, b])


def _weight_array(weights: object) -> npt.NDArray[np.float64]:
    """``weights`` as a float64 array; TypeError unless they are real numbers (not text or bools)."""
    if isinstance(weights, (str, bytes, bytearray)):
        raise InputTypeError(f"weights must be numbers in (0, 1], "
                             f"not {type(weights).__name__} {echo(weights)}")
    try:
        raw = np.asarray(weights)
    except (TypeError, ValueError) as exc:  # ragged nesting and the like
        raise InputTypeError(f"weights must be a sequence of numbers in (0, 1]: {exc}") from None
    if raw.dtype.kind not in "iuf":
        raise InputTypeError(f"weights must be numbers in (0, 1], got an array of dtype {raw.dtype}")
    return raw.astype(np.float64)


class Range:
    """A weighted set of two-card combos, parsed from PokerStove/Equilab range text.

    See the module docstring for the grammar. A ``Range`` is immutable and hashable; two
    ranges are equal when they hold the same combos with the same weights.

    Parameters
    ----------
    text : str
        Range text such as ``"TT+, AKs, KQo:0.5"`` or ``"10%, A5s-A2s"``.
    order : str, optional
        The ordering of hand classes that percentage tokens take from: ``"vs1"`` (default,
        exact heads-up equity against a random hand) to ``"vs9"`` (equity against 9 random
        hands); see :mod:`fastholdem.ranges.classes`.

    Raises
    ------
    RangeError
        If the text is empty or a token is malformed; the message names the token.
    TypeError
        If ``text`` is not a string.
    ValueError
        If ``order`` is not a known ordering.

    Examples
    --------
    >>> len(Range("AKs")), len(Range("TT+")), len(Range("AK")), len(Range("random"))
    (4, 30, 16, 1326)
    >>> Range("a2s+ kto+") == Range("AKs-A2s, KQo, KJo, KTo")
    True
    >>> Range("QQs")
    Traceback (most recent call last):
    ...
    fastholdem.errors.RangeError: bad range token 'QQs': a pair cannot be suited or offsuit
    """

    __slots__ = ("_dense", "_combos", "_weights")

    def __init__(self, text: str, order: str = "vs1") -> None:
        if not isinstance(text, str):
            raise InputTypeError(f"Range text must be a str, not {type(text).__name__}")
        if order != "vs1":  # refuse an unknown ordering whatever the text
                hand_classes.check_order(order)
        self._set_dense(_parse(text, order))

    def _set_dense(self, dense: npt.NDArray[np.float64]) -> None:
        rows = np.flatnonzero(dense)
        combos = _ALL_COMBOS[rows]
        weights = dense[rows]
        for array in (dense, combos, weights):
            array.flags.writeable = False
        self._dense = dense
        self._combos = combos
        self._weights = weights

    @classmethod
    def _from_dense(cls, dense: npt.NDArray[np.float64]) -> Range:
        self = cls.__new__(cls)
        self._set_dense(dense)
        return self

    @classmethod
    def from_combos(
        cls,
        combos: npt.ArrayLike | Iterable[ComboLike],
        weights: npt.ArrayLike | None = None,
    ) -> Range:
        """Build a range from explicit combos.

        Parameters
        ----------
        combos : array_like of shape (n, 2), or iterable of combos
            Card ids per row in either order (for example ``r.combos``), or combo texts
            such as ``"AhKh"``, or pairs of card texts/ids.
        weights : array_like of shape (n,), optional
            Weights in ``(0, 1]``; all 1 when omitted. If a combo is repeated, its last
            weight wins, as in range text.

        Returns
        -------
        Range
            The range, possibly empty.

        Raises
        ------
        RangeError
            If a combo does not have two different cards, or the weights have the wrong
            length or a value outside ``(0, 1]``.
        CardError
            If a card id is outside 0-51 or a card text is malformed.
        TypeError
            If ``combos`` is text (use ``Range(text)``), bytes or not iterable, or the
            weights are not real numbers.

        Examples
        --------
        >>> str(Range.from_combos(["AhKh", (51, 50)], [0.5, 1.0]))
        'AsAh, AhKh:0.5'
        >>> r = Range("JJ+:0.25, AK"); Range.from_combos(r.combos, r.weights) == r
        True
        """
        if isinstance(combos, np.ndarray) and combos.dtype.kind in "iu":
            if combos.ndim != 2 or combos.shape[1] != 2:
                raise RangeError(f"combos array must have shape (n, 2), not {combos.shape}")
            items: list[Any] = combos.tolist()
        elif isinstance(combos, (str, bytes, bytearray)):
            raise InputTypeError(f"from_combos takes a list of combos, not {type(combos).__name__}; "
                                 "use Range(text) for range text")
        elif not isinstance(combos, Iterable):
            raise InputTypeError(f"from_combos takes a list of combos, not {type(combos).__name__}")
        else:
            items = list(combos)
        rows = [_combo_index(c, what="combo") for c in items]
        if weights is None:
            values = np.ones(len(rows), dtype=np.float64)
        else:
            values = _weight_array(weights)
            if values.shape != (len(rows),):
                raise RangeError(
                    f"weights must have shape ({len(rows)},) to match the combos, "
                    f"not {values.shape}"
                )
            bad = ~((values > 0.0) & (values <= 1.0))
            if bad.any():
                i = int(np.flatnonzero(bad)[0])
                raise RangeError(
                    f"bad weight {echo(values[i])} for combo {echo(items[i])}: must be in (0, 1]"
                )
        dense = np.zeros(N_COMBOS, dtype=np.float64)
        for row, weight in zip(rows, values.tolist()):
            dense[row] = weight
        return cls._from_dense(dense)

    @classmethod
    def top(cls, fraction: float, order: str = "vs1") -> Range:
        """The strongest ``fraction`` of hands, as whole classes: ``Range.top(0.10)`` is
        ``Range("10%")``.

        Classes are taken from the top of ``order`` until they hold at least
        ``fraction * 1326`` combos (see :func:`fastholdem.ranges.classes.top_classes`).

        Parameters
        ----------
        fraction : float
            Share of the 1,326 combos, in [0, 1]; 0 gives an empty range.
        order : str, optional
            ``"vs1"`` (default) to ``"vs9"``, as for :class:`Range`.

        Returns
        -------
        Range
            Every combo of the classes taken, at weight 1.

        Raises
        ------
        ValueError
            If ``fraction`` is outside [0, 1] or ``order`` is unknown.
        TypeError
            If ``fraction`` is not a number.

        Examples
        --------
        >>> str(Range.top(0.05)), len(Range.top(0.05))
        ('77+, AJs+, AKo', 72)
        >>> Range.top(0.10) == Range("10%"), len(Range.top(0.10))
        (True, 134)
        """
        dense = np.zeros(N_COMBOS, dtype=np.float64)
        taken = np.zeros(169, dtype=bool)
        taken[hand_classes.top_classes(fraction, order)] = True
        dense[taken[hand_classes.combo_classes()]] = 1.0
        return cls._from_dense(dense)

    def grid(self) -> npt.NDArray[np.float64]:
        """The range as the 13x13 grid of hand classes, Equilab/PokerStove style.

        Rows and columns run ``A K Q J T 9 8 7 6 5 4 3 2`` (ace first). Pairs are on the
        diagonal, suited classes above it (row = higher rank: ``AKs`` is ``[0, 1]``) and
        offsuit classes below it (column = higher rank: ``AKo`` is ``[1, 0]``). Each cell
        holds the class's mean weight over all its combos: 1 when every combo is in at
        weight 1, 0.25 for ``AhKh`` alone in ``AKs``, 0 when absent.

        Returns
        -------
        numpy.ndarray of float64, shape (13, 13)

        Examples
        --------
        >>> g = Range("AKs, AhKd, QQ:0.5").grid()
        >>> float(g[0, 1]), round(float(g[1, 0]), 4), float(g[2, 2]), float(g.sum() > 0)
        (1.0, 0.0833, 0.5, 1.0)
        """
        sums = np.bincount(hand_classes.combo_classes(), weights=self._dense, minlength=169)
        return (sums / hand_classes.CLASS_SIZES).reshape(13, 13)

    @property
    def combos(self) -> npt.NDArray[np.uint8]:
        """The combos as a read-only ``(n, 2)`` ``uint8`` array of card ids.

        Each row holds the higher card id first. Rows are in the canonical order (first id
        descending, then second id descending) and never repeat.

        >>> Range("33").combos.tolist()
        [[7, 6], [7, 5], [7, 4], [6, 5], [6, 4], [5, 4]]
        """
        return self._combos

    @property
    def weights(self) -> npt.NDArray[np.float64]:
        """The weights as a read-only ``(n,)`` ``float64`` array, row for row with ``combos``.

        >>> Range("AKs:0.5").weights.tolist()
        [0.5, 0.5, 0.5, 0.5]
        """
        return self._weights

    @property
    def is_single_hand(self) -> bool:
        """Whether the range holds exactly one combo (a known hand such as ``"AhKh"``).

        >>> Range("AhKh").is_single_hand, Range("AKs").is_single_hand
        (True, False)
        """
        return len(self._combos) == 1

    def without(self, cards: CardsLike | int) -> Range:
        """Return a new range without the combos that use any of ``cards``.

        Use it to remove the board, dead cards, or another player's known hand.

        Parameters
        ----------
        cards : str, iterable of card ids/texts, int or None
            For example ``"AsKd2c"``, ``"As Kd 2c"``, ``[51, 46, 0]`` or ``51``. Repeated
            cards are allowed.

        Returns
        -------
        Range
            The remaining combos with their weights (possibly empty).

        Raises
        ------
        CardError
            If a card text or id is malformed.

        Examples
        --------
        >>> len(Range("AA").without("As")), len(Range("AK").without([51, 46]))
        (3, 9)
        """
        if isinstance(cards, str) or cards is None:
            ids = parse_cards(cards, unique=False)
        elif isinstance(cards, Iterable):
            ids = parse_cards(list(cards), unique=False)
        else:
            ids = [card(cards)]
        if not ids:
            return self
        hit = np.isin(_ALL_COMBOS, np.array(ids, dtype=np.uint8)).any(axis=1)
        dense = self._dense.copy()
        dense[hit] = 0.0
        return Range._from_dense(dense)

    def __len__(self) -> int:
        return len(self._combos)

    def __iter__(self) -> Iterator[tuple[tuple[int, int], float]]:
        """Yield ``((high_id, low_id), weight)`` for each combo in canonical order.

        >>> next(iter(Range("AhKh:0.5")))
        ((50, 46), 0.5)
        """
        for (a, b), w in zip(self._combos.tolist(), self._weights.tolist()):
            yield (a, b), w

    def __contains__(self, combo: object) -> bool:
        """Whether one combo, given as ``"AhKh"`` (any card order) or a pair of cards, is in range.

        >>> "KhAh" in Range("AKs"), (51, 46) in Range("AKs")
        (True, False)

        Raises
        ------
        RangeError
            If a string is not a single combo (``"AKs" in r`` is an error).
        """
        if not isinstance(combo, (str, tuple, list, np.ndarray)):
            return False
        return bool(self._dense[_combo_index(combo, what="combo")] > 0.0)  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return bool(np.array_equal(self._dense, other._dense))

    def __hash__(self) -> int:
        return hash(self._dense.tobytes())

    def __str__(self) -> str:
        """Compact range text that parses back to an equal range.

        Weight-1 tokens come first, then each other weight in descending order. An empty
        range gives ``""``, which ``Range`` does not accept.

        >>> str(Range("AA, KK, QQ, AKs, AQs, AJs, KQs:0.5"))
        'QQ+, AJs+, KQs:0.5'
        """
        parts: list[str] = []
        for weight in sorted(set(self._weights.tolist()), reverse=True):
            suffix = "" if weight == 1.0 else f":{weight!r}"
            parts.extend(t + suffix for t in _format_rows(self._dense == weight))
        return ", ".join(parts)

    def __repr__(self) -> str:
        """``Range('...')``, or ``Range.from_combos([])`` when empty.

        >>> Range("tt+ aks")
        Range('TT+, AKs')
        """
        if not len(self):
            return "Range.from_combos([])"
        return f"Range({str(self)!r})"



def check_range(value: object, name: str) -> Range:
    """``value`` if it is a :class:`Range`, else InputTypeError naming ``name`` (range text
    must be parsed first: ``Range("AKs,QQ+")``).

    >>> check_range(Range("AA"), "rng")
    Range('AA')
    >>> check_range("AA", "rng")
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputTypeError: rng must be a Range, such as fastholdem.Range('AA'), got str 'AA'
    """
    if isinstance(value, Range):
        return value
    example = echo(value) if isinstance(value, str) else "'AKs,QQ+'"
    raise InputTypeError(f"{name} must be a Range, such as fastholdem.Range({example}), "
                         f"got {type(value).__name__} {echo(value)}")
