"""Hand evaluation (R5-R9): values, categories, descriptions and the best five cards.

A hand's *value* is an int 1..7462: higher is stronger, equal values tie, 7462 is the royal
flush and 1 is 7-5-4-3-2 of mixed suits (R9). Evaluation runs in the C core.

>>> v = evaluate("Kh Kd Ks 6c 6d 2s 3h")
>>> category(v).name, describe(v)
('FULL_HOUSE', 'Full house, kings full of sixes')

Random hands in bulk to evaluate: :func:`deal` fills an ``(n, k)`` array of distinct cards in C.

>>> hands = deal(1_000_000, 7, seed=1)        # a million random 7-card hands
>>> hands.shape, hands.dtype
((1000000, 7), dtype('uint8'))
>>> bool(np.array_equal(deal(10, seed=5, threads=1), deal(10, seed=5, threads=2)))
True

Each row is a partial Fisher-Yates shuffle of the live deck with an exactly uniform integer
draw, so every ordered ``k``-tuple of live cards is equally likely. Rows are dealt in
seeded blocks of 8,192 (block ``b`` from the stream ``(seed, b)``), so the array depends on
the seed only, not on the thread count, and a shorter deal with the same seed is a prefix
of a longer one. Feed the rows to :func:`evaluate_batch` to rank them.

Card text in bulk, one hand per row (a NumPy string array, a list, a pandas column), becomes
such an array in C with :func:`cards_from_text`:

>>> evaluate_batch(cards_from_text(["AsKsQsJsTs2c3d", "7c5d4h3s2c9dJh"]))
array([7462,  172], dtype=uint16)
"""

from __future__ import annotations

import enum
import itertools
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from . import _core, _slow
from ._validate import echo
from .cards import CardsLike, card_str, parse_cards
from .errors import CardError, CardTypeError, InputError, InputTypeError

__all__ = [
    "HandCategory",
    "evaluate",
    "evaluate_batch",
    "category",
    "describe",
    "categories",
    "describe_many",
    "best_five",
    "category_counts",
    "enumerate_values",
    "EVAL_KERNELS",
    "eval_kernel",
    "eval_kernels_supported",
    "set_eval_kernel",
    "deal",
    "cards_from_text",
]

deal = _core.deal
evaluate = _core.evaluate
evaluate_batch = _core.evaluate_batch
enumerate_values = _core.enumerate_values
EVAL_KERNELS = _core.EVAL_KERNELS
eval_kernel = _core.eval_kernel
eval_kernels_supported = _core.eval_kernels_supported
set_eval_kernel = _core.set_eval_kernel


class HandCategory(enum.IntEnum):
    """The nine hand categories, low to high (R6).

    >>> HandCategory.FLUSH > HandCategory.STRAIGHT, int(HandCategory.FULL_HOUSE), str(HandCategory.TWO_PAIR)
    (True, 6, 'Two pair')
    """

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    def __str__(self) -> str:
        return self.name.replace("_", " ").capitalize()


def category(value: int) -> HandCategory:
    """The :class:`HandCategory` of a value 1..7462.

    >>> category(7462), category(1)
    (<HandCategory.STRAIGHT_FLUSH: 8>, <HandCategory.HIGH_CARD: 0>)

    Raises
    ------
    TypeError
        If ``value`` is not an int (``bool`` and ``float`` are refused; NumPy ints are fine).
    ValueError
        If ``value`` is outside 1..7462.
    """
    return HandCategory(_core.category_of(value))


_RANK_NAMES = ["deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
               "king", "ace"]


def _plural(rank: int) -> str:
    name = _RANK_NAMES[rank]
    return "sixes" if name == "six" else name + "s"


@lru_cache(maxsize=1)
def _keys_by_value() -> dict[int, tuple[int, tuple[int, ...]]]:
    return {value: key for key, value in _slow.all_class_keys().items()}


def describe(value: int) -> str:
    """Plain-English description of a value, e.g. ``"Full house, kings full of sixes"``.

    >>> describe(7462), describe(1)
    ('Royal flush', 'High card, seven, five, four, three, deuce')

    Raises
    ------
    TypeError, ValueError
        As :func:`category`.
    """
    cat = category(value)
    ranks = _keys_by_value()[value][1]
    names = [_RANK_NAMES[r] for r in ranks]
    if cat is HandCategory.STRAIGHT_FLUSH:
        return "Royal flush" if ranks[0] == 12 else f"Straight flush, {names[0]} high"
    if cat is HandCategory.FOUR_OF_A_KIND:
        return f"Four of a kind, {_plural(ranks[0])}, {names[1]} kicker"
    if cat is HandCategory.FULL_HOUSE:
        return f"Full house, {_plural(ranks[0])} full of {_plural(ranks[1])}"
    if cat is HandCategory.FLUSH:
        return "Flush, " + ", ".join(names)
    if cat is HandCategory.STRAIGHT:
        return f"Straight, {names[0]} high"
    if cat is HandCategory.THREE_OF_A_KIND:
        return f"Three of a kind, {_plural(ranks[0])}, kickers {names[1]}, {names[2]}"
    if cat is HandCategory.TWO_PAIR:
        return f"Two pair, {_plural(ranks[0])} and {_plural(ranks[1])}, {names[2]} kicker"
    if cat is HandCategory.ONE_PAIR:
        return f"Pair of {_plural(ranks[0])}, kickers " + ", ".join(names[1:])
    return "High card, " + ", ".join(names)


def _checked_values(values: npt.ArrayLike) -> npt.NDArray[np.intp]:
    """``values`` as an intp array of the same shape, each in 1..7462 (TypeError for a
    non-integer array, bool included; ValueError naming the first value out of range)."""
    arr = _core.as_array(values, "values")
    if arr.size == 0 and arr.dtype.kind == "f":  # [] and np.array([]) hold no value to refuse
        arr = arr.astype(np.intp)
    if arr.dtype == np.bool_ or arr.dtype.kind not in "iu":
        raise InputTypeError(f"values must be an array of int hand values 1..7462, got dtype {arr.dtype}")
    if arr.size:
        bad = (arr < 1) | (arr > _core.N_VALUES)
        if bad.any():
            where = tuple(int(i) for i in np.argwhere(bad)[0])
            raise InputError(f"values{list(where)} = {arr[where]} is not a hand value (1..7462)")
    return arr.astype(np.intp, copy=False)


@lru_cache(maxsize=1)
def _category_table() -> npt.NDArray[np.uint8]:
    table = np.zeros(_core.N_VALUES + 1, dtype=np.uint8)
    table[1:] = [_core.category_of(v) for v in range(1, _core.N_VALUES + 1)]
    table.flags.writeable = False
    return table


@lru_cache(maxsize=1)
def _description_table() -> npt.NDArray[np.str_]:
    table = np.array([""] + [describe(v) for v in range(1, _core.N_VALUES + 1)])
    table.flags.writeable = False
    return table


def categories(values: npt.ArrayLike) -> npt.NDArray[np.uint8]:
    """The :class:`HandCategory` of every value of an array, as uint8 (0 high card .. 8
    straight flush), in the shape of ``values`` (any shape; a scalar gives a 0-d array).

    >>> import numpy as np
    >>> categories(evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 5], [0, 4, 8, 13, 21, 30, 40]])))
    array([8, 0], dtype=uint8)
    >>> HandCategory(categories([[7277]])[0, 0]).name
    'FULL_HOUSE'

    Raises
    ------
    TypeError
        If ``values`` is not an integer array (bools and floats are refused).
    ValueError
        If a value is outside 1..7462 (the message names its index).
    """
    return np.asarray(_category_table()[_checked_values(values)])


def describe_many(values: npt.ArrayLike) -> npt.NDArray[np.str_]:
    """The :func:`describe` text of every value of an array, as a NumPy unicode array in the
    shape of ``values`` (any shape).

    >>> describe_many([7462, 7277, 1]).tolist()
    ['Royal flush', 'Full house, kings full of sixes', 'High card, seven, five, four, three, deuce']

    Raises
    ------
    TypeError, ValueError
        As :func:`categories`.
    """
    return np.asarray(_description_table()[_checked_values(values)])


def best_five(cards: CardsLike) -> list[int]:
    """The five of 5-7 cards that make the hand, strongest-first by rank significance.

    >>> from fastholdem.cards import cards_str
    >>> cards_str(best_five("Kh Kd Ks 6c 6d 2s 3h"))
    'KsKhKd6d6c'
    """
    ids = parse_cards(cards)
    if not 5 <= len(ids) <= 7:
        raise InputError(f"cards must hold 5, 6 or 7 cards, got {len(ids)}")
    best = max(itertools.combinations(ids, 5), key=lambda five: _core.evaluate(list(five)))
    counts: dict[int, int] = {}
    for c in best:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    # Order as the hand is read: bigger groups first, then higher rank; a wheel's ace last.
    wheel = {c >> 2 for c in best} == {12, 0, 1, 2, 3}
    def significance(c: int) -> tuple[int, int, int]:
        rank = -1 if (wheel and c >> 2 == 12) else c >> 2
        return (counts[c >> 2], rank, c)
    return sorted(best, key=significance, reverse=True)


def category_counts(values: npt.ArrayLike | None = None, *,
                    histogram: npt.ArrayLike | None = None) -> dict[HandCategory, int]:
    """How many of the hand ``values`` (any shape, 1..7462) fall in each category, or, with
    ``histogram=`` instead, the same count from a value histogram (the 7,463-long counts
    :func:`enumerate_values` returns, index = value).

    Every category is a key, in order, zeros included.

    >>> category_counts([7462, 1, 297])[HandCategory.HIGH_CARD]
    2
    >>> category_counts(histogram=enumerate_values(fixed="AsKsQsJsTs"))[HandCategory.STRAIGHT_FLUSH]
    1081

    Raises
    ------
    TypeError
        If both or neither of ``values`` and ``histogram`` are given, or either is not an
        integer array.
    ValueError
        If a value is outside 1..7462 (a histogram passed as values fails here: its
        index 0 holds 0), or a histogram is not 7,463 non-negative counts with none at
        index 0.
    """
    if (values is None) == (histogram is None):
        raise InputTypeError("category_counts takes hand values, or histogram= (the counts per value that "
                             "enumerate_values returns), not both or neither")
    if histogram is None:
        assert values is not None
        try:
            checked = _checked_values(values)
        except ValueError as exc:
            raise InputError(f"{exc}; to fold a histogram from enumerate_values, pass histogram=") from None
        counts = np.bincount(checked.ravel(), minlength=_core.N_VALUES + 1).astype(np.int64)
    else:
        counts = _core.as_array(histogram, "histogram")
        if counts.dtype == np.bool_ or counts.dtype.kind not in "iu":
            raise InputTypeError(f"histogram must be an integer array of counts, got dtype {counts.dtype}")
        if counts.shape != (_core.N_VALUES + 1,):
            raise InputError(f"histogram must hold {_core.N_VALUES + 1:,} counts (index = hand value "
                             f"0..7462, as enumerate_values returns), got shape {counts.shape}")
        if (counts < 0).any() or counts[0] != 0:
            raise InputError("histogram counts must be non-negative, with 0 at index 0 (no hand has value 0)")
        counts = counts.astype(np.int64)
    bounds = [0, *(_slow._category_bounds())]
    return {HandCategory(i): int(counts[bounds[i] + 1 : bounds[i + 1] + 1].sum()) for i in range(9)}


_CARD_TEXT = "rank 2-9, T/10, J, Q, K, A and suit c, d, h, s"
_SEPARATORS = " \t\n\v\f\r,"  # what may stand between cards (csrc/fh_text.h)


def _text_rows(texts: object) -> tuple[npt.NDArray[np.str_] | npt.NDArray[np.bytes_] | None, list[object]]:
    """``texts`` as a 1-D native-order ``S``/``U`` array (and no list), or else (None and) a
    list snapshot of its items."""
    if isinstance(texts, (str, bytes)):
        raise CardTypeError(f"texts must be a 1-D array or list of card texts, one per row, got one "
                            f"{type(texts).__name__} {echo(texts)} (parse_cards reads one hand)")
    to_numpy = getattr(texts, "to_numpy", None)
    if not isinstance(texts, np.ndarray) and callable(to_numpy):
        texts = to_numpy()  # a pandas Series, Index or extension array; a polars Series
    if isinstance(texts, np.ndarray):
        kind = texts.dtype.kind
        if kind not in "SUOT":  # not bytes, str, objects, NumPy's variable-width StringDType
            ids = " (card ids need no parsing: evaluate_batch takes them as they are)" if kind in "iu" else ""
            raise CardTypeError(f"texts must hold card text such as 'AhKd7c2s3h', got dtype "
                                f"{texts.dtype}{ids}")
        if texts.ndim != 1:
            raise CardTypeError(f"texts must be one-dimensional, one text per row, got shape {texts.shape} "
                                "(join the cards of each row into one text such as 'AhKd7c2s3h')")
        if kind in "SU":
            return (texts if texts.dtype.isnative else texts.astype(texts.dtype.newbyteorder("="))), []
        return None, texts.tolist()
    try:
        return None, list(texts)  # type: ignore[call-overload]
    except TypeError:
        raise CardTypeError(f"texts must be a 1-D array or list of card texts, one per row, got "
                            f"{type(texts).__name__} {echo(texts)}") from None


def _is_missing(item: object) -> bool:
    return item is None or (isinstance(item, float) and item != item) or \
        type(item).__name__ in ("NAType", "NaTType")


def _text_row_error(item: object, row: int, k: int, inferred: bool) -> Exception:
    """The error for row ``row`` of the texts, ``item``, which is not ``k`` distinct cards."""
    if isinstance(item, (np.str_, np.bytes_)):  # an item of a U or S array: quote it as text
        item = item.item()
    if not isinstance(item, (str, bytes)):
        note = " (a missing value: drop or fill the missing rows first)" if _is_missing(item) else ""
        return CardTypeError(f"texts[{row}] is {type(item).__name__} {echo(item)}, not a card text{note}")
    label = f"texts[{row}] = {echo(item)}"
    count, _, where = _core.text_row(item)
    if count == _core.TEXT_BAD:
        size = 3 if item[where:where + 2] == ("10" if isinstance(item, str) else b"10") else 2
        token = item[where:where + size]
        token = token.rstrip(_SEPARATORS) if isinstance(token, str) else token.rstrip(_SEPARATORS.encode())
        return CardError(f"{label}: bad card {echo(token)}: expected {_CARD_TEXT}")
    if count == _core.TEXT_REPEAT:
        return CardError(f"{label} repeats card {card_str(where)}")
    holds = f"holds {count} card{'' if count == 1 else 's'}" if count else "holds no card"
    if row == 0 and inferred:
        return CardError(f"{label} {holds}")
    if inferred:
        return CardError(f"{label} {holds} but texts[0] holds {k}: every row must hold the same number "
                         "of cards (or pass n_cards=)")
    return CardError(f"{label} {holds}, not n_cards = {k}")


def cards_from_text(texts: object, n_cards: int | None = None, *,
                    threads: int | None = None) -> npt.NDArray[np.uint8]:
    """Card ids of many card texts, one hand or board per row, parsed in C without the GIL.

    Parameters
    ----------
    texts : 1-D array_like of str
        One text per row, such as ``"AhKd7c2s3h"``: a NumPy ``U`` or ``S`` array, an object
        array or list of ``str`` (``bytes`` too), or anything whose ``.to_numpy()`` gives one
        (a pandas string or object column). A text is cards as :func:`parse_cards` reads them:
        rank 2-9, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``, then suit ``c``, ``d``, ``h``,
        ``s``, letters in either case; the cards may be written together or apart, with ASCII
        whitespace and commas before, between and after them (``"Ah Kd, 7c"``).
    n_cards : int, optional
        Cards in every row, 1..52. By default the number in the first row, which every other
        row must hold too.
    threads : int, optional
        Threads (default all cores, at most ``MAX_THREADS``); below 65,536 rows one thread
        parses. Ctrl-C interrupts a long call.

    Returns
    -------
    numpy.ndarray of uint8, shape (n, n_cards)
        The card ids (``4 * rank + suit``, as :func:`parse_cards` gives them) in the order
        written: rows for :func:`evaluate_batch`. No texts give shape ``(0, n_cards)``, or
        ``(0, 0)`` without ``n_cards``.

    Raises
    ------
    CardError
        Naming ``texts[row]`` and its text: a bad card, a card twice in the row, or another
        number of cards than ``n_cards`` (or than the first row). Also a ``ValueError``.
    CardTypeError
        If ``texts`` is not a 1-D collection of texts (one str, numbers, a 2-D array), an item
        is not a str (``None``, a missing value), or ``n_cards`` is not an int. Also a
        ``TypeError``.

    Examples
    --------
    >>> import numpy as np
    >>> cards_from_text(np.array(["AhKd7c2s3h", "2c 3c 4c 5c 6c"]))
    array([[50, 45, 20,  3,  6],
           [ 0,  4,  8, 12, 16]], dtype=uint8)
    >>> cards_from_text(["as,kd", "10h9h"], n_cards=2).tolist()
    [[51, 45], [34, 30]]
    >>> cards_from_text(["AhKd7c", "AhKd"])
    Traceback (most recent call last):
    ...
    fastholdem.errors.CardError: texts[1] = 'AhKd' holds 2 cards but texts[0] holds 3: ...
    """
    arr, items = _text_rows(texts)
    if n_cards is None:
        k = 0
    else:
        try:
            k = _core.as_int(n_cards, "n_cards", "an int 1..52 or None")
        except TypeError as exc:
            raise CardTypeError(str(exc)) from None
        if not 1 <= k <= 52:
            raise CardError(f"n_cards must be 1..52 or None, got {echo(n_cards)}")
    n = len(items) if arr is None else arr.shape[0]
    if n == 0:
        return np.empty((0, k), dtype=np.uint8)
    inferred = k == 0
    if inferred:
        first: object = items[0] if arr is None else arr[0]
        count = _core.text_row(first)[0] if isinstance(first, (str, bytes)) else -1
        if count < 1:
            raise _text_row_error(first, 0, 0, True)
        k = count
    if arr is None:
        out, bad = _core.text_rows_objects(items, k, threads)
    else:
        out, bad = _core.text_rows_fixed(arr, k, threads)
    if bad >= 0:
        raise _text_row_error(items[bad] if arr is None else arr[bad], bad, k, inferred)
    return out
