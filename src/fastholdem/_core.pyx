# cython: language_level=3, binding=True
"""The only compiled module: validates input, then calls the C core without the GIL.

Every check happens here, before ``nogil``: wrong types raise ``TypeError``; wrong shapes,
card ids outside 0-51 and repeated cards raise ``ValueError`` naming the argument, the row
and the card. The C functions trust what they receive.
"""

cimport cython
cimport numpy as cnp
import numpy as np

from libc.stdint cimport uint8_t, uint16_t, uint64_t, int64_t

from fastholdem._core cimport *
from fastholdem.cards import card_str, parse_cards
from fastholdem.errors import CardError

cnp.import_array()

N_VALUES = 7462
HAVE_OPENMP = bool(fh_have_openmp())


def max_threads():
    """Number of threads the core uses by default (1 when built without OpenMP)."""
    return fh_max_threads()


cdef int _threads(object threads) except -1:
    if threads is None:
        return fh_max_threads()
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be a positive int or None, got {threads!r}")
    if threads < 1:
        raise ValueError(f"threads must be >= 1, got {threads}")
    return min(<int>threads, 256)


def _card_name(value):
    return card_str(int(value)) if 0 <= value <= 51 else str(value)


def as_card_rows(object array, str name, tuple widths):
    """Return ``array`` as a C-contiguous ``(n, k)`` uint8 array of valid cards, k in widths.

    Raises TypeError for a non-integer array and ValueError naming ``name``, the row and the
    card for a bad shape, an id outside 0-51 or a card repeated within a row (the repeat
    check for batch evaluation happens in C, fused with the work).
    """
    arr = np.asarray(array)
    if arr.dtype == np.bool_ or arr.dtype.kind not in "iu":
        raise TypeError(f"{name} must be an array of integer card ids, got dtype {arr.dtype}")
    if arr.ndim != 2 or arr.shape[1] not in widths:
        want = " or ".join(f"(n, {w})" for w in widths)
        raise ValueError(f"{name} must have shape {want}, got {arr.shape}")
    if arr.shape[0] == 0:
        raise ValueError(f"{name} is empty: it has no rows")
    cdef ptrdiff_t bad
    cdef const uint8_t[::1] flat
    if arr.dtype == np.uint8:
        out = np.ascontiguousarray(arr)
        flat = out.reshape(-1)
        with nogil:
            bad = fh_find_bad_card(&flat[0], flat.shape[0])
        if bad >= 0:
            row, col = divmod(bad, arr.shape[1])
            raise ValueError(f"{name}[{row}, {col}] = {out[row, col]} is not a card id (0-51)")
        return out
    low, high = arr.min(), arr.max()
    if low < 0 or high > 51:
        row, col = np.argwhere((arr < 0) | (arr > 51))[0]
        raise ValueError(f"{name}[{row}, {col}] = {arr[row, col]} is not a card id (0-51)")
    return np.ascontiguousarray(arr, dtype=np.uint8)


def _repeated_card_error(const uint8_t[:, ::1] rows, Py_ssize_t row, str name):
    seen = {}
    for col in range(rows.shape[1]):
        c = rows[row, col]
        if c in seen:
            return ValueError(
                f"{name}[{row}] repeats card {card_str(c)} (columns {seen[c]} and {col})")
        seen[c] = col
    return ValueError(f"{name}[{row}] repeats a card")


@cython.boundscheck(False)
@cython.wraparound(False)
def evaluate_batch(object hands, object threads=None):
    """Values of many hands at once.

    Parameters
    ----------
    hands : array_like of int, shape (n, k), k in {5, 6, 7}
        One hand per row, card ids 0-51. Any integer dtype and memory layout.
    threads : int, optional
        Number of threads; default all cores. Batches under 32,768 rows use one.

    Returns
    -------
    numpy.ndarray of uint16, shape (n,)
        Values 1..7462, higher is stronger (R9).

    Raises
    ------
    TypeError
        If ``hands`` is not an integer array or ``threads`` not an int.
    ValueError
        If the shape is wrong, the array is empty, or a row holds a card id outside
        0-51 or the same card twice (the message names row and card).

    Examples
    --------
    >>> import numpy as np
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 5]]))
    array([7462], dtype=uint16)
    """
    cdef int nthreads = _threads(threads)
    cdef const uint8_t[:, ::1] rows = as_card_rows(hands, "hands", (5, 6, 7))
    cdef Py_ssize_t n = rows.shape[0]
    cdef int k = <int>rows.shape[1]
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] values = out
    cdef ptrdiff_t bad
    with nogil:
        bad = fh_eval_batch(&rows[0, 0], <size_t>n, k, &values[0], nthreads)
    if bad >= 0:
        raise _repeated_card_error(rows, bad, "hands")
    return out


cdef int _card_id(object c) except -1:
    if type(c) is int:
        if 0 <= <long>c <= 51:
            return <int>c
        raise CardError(f"bad card id {c}: ids run from 0 (2c) to 51 (As)")
    return parse_cards([c])[0]


def evaluate(object cards):
    """Value (1..7462, higher is stronger) of the best five of 5, 6 or 7 cards (R5, R9).

    ``cards`` is a list or tuple of card ids or texts, or a text such as ``"AsKsQsJsTs"``.

    >>> evaluate("AsKsQsJsTs2c3d"), evaluate([51, 1, 6, 11, 12])
    (7462, 5854)

    Raises
    ------
    CardError
        For a bad card (naming it), or a card given twice.
    ValueError
        If fewer than 5 or more than 7 cards are given.
    """
    cdef fh_card_t buf[7]
    cdef uint64_t seen = 0
    cdef int n, i, c
    if isinstance(cards, str):
        cards = parse_cards(cards)
    elif not isinstance(cards, (list, tuple)):
        cards = list(cards) if not isinstance(cards, np.ndarray) else cards.tolist()
    n = len(cards)
    if n < 5 or n > 7:
        raise ValueError(f"cards must hold 5, 6 or 7 cards, got {n}")
    for i in range(n):
        c = _card_id(cards[i])
        if seen >> c & 1:
            raise CardError(f"duplicate card {card_str(c)} in cards")
        seen |= (<uint64_t>1) << c
        buf[i] = <fh_card_t>c
    return fh_eval_cards(buf, n)


def category_of(int value):
    """Category index 0 (high card) .. 8 (straight flush) of a value 1..7462."""
    if not 1 <= value <= N_VALUES:
        raise ValueError(f"value must be in 1..7462, got {value}")
    return fh_category(<fh_value_t>value)


def enumerate_values(object fixed=None, object dead=None, object threads=None):
    """Histogram of the values of every 7-card hand holding all ``fixed`` cards and no
    ``dead`` card: an array of 7463 counts (index = value; index 0 is always 0).

    >>> int(enumerate_values().sum())
    133784560
    """
    cdef int nthreads = _threads(threads)
    fixed_ids = parse_cards(fixed)
    dead_ids = parse_cards(dead)
    if len(fixed_ids) > 7:
        raise ValueError(f"at most 7 fixed cards, got {len(fixed_ids)}")
    overlap = set(fixed_ids) & set(dead_ids)
    if overlap:
        raise CardError(f"card {card_str(min(overlap))} is both fixed and dead")
    cdef fh_card_t buf[7]
    cdef uint64_t dead_mask = 0
    for i, c in enumerate(fixed_ids):
        buf[i] = c
    for c in dead_ids:
        dead_mask |= (<uint64_t>1) << <int>c
    hist = np.zeros(N_VALUES + 1, dtype=np.uint64)
    cdef uint64_t[::1] h = hist
    cdef int n_fixed = len(fixed_ids)
    cdef int64_t total
    with nogil:
        total = fh_enumerate_values(buf, n_fixed, dead_mask, &h[0], nthreads)
    if total == -2:
        raise MemoryError("out of memory in enumerate_values")
    return hist
