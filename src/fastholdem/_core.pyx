# cython: language_level=3, binding=True
"""The only compiled module: validates input, then calls the C core without the GIL.

Every check happens here, before ``nogil``: wrong types raise ``InputTypeError`` (a
``TypeError``); wrong shapes and values raise ``InputError``, card ids outside 0-51 and repeated
cards ``CardError`` (both ``ValueError``), naming the argument, the row and the card. The C
functions trust what they receive.
"""

cimport cython
cimport numpy as cnp
import operator
import os
import threading

import numpy as np

from cpython.exc cimport PyErr_CheckSignals
from cpython.long cimport PyLong_AsLongAndOverflow
from libc.stdint cimport uint8_t, uint16_t, uint64_t, int64_t
from libc.stdlib cimport calloc, free

from fastholdem._core cimport *
from fastholdem._validate import check_int, echo
from fastholdem.cards import card_str, parse_cards
from fastholdem.errors import CardError, CardTypeError, InputError, InputTypeError, RangeError

cnp.import_array()

N_VALUES = 7462
MAX_THREADS = FH_MAX_THREADS
"""Most threads one call uses: larger ``threads`` arguments are clamped to it."""
THREAD_BACKEND = "pthreads"
"""How the core runs parallel loops: threads started per call (safe in forked children)."""


def _default_threads():
    """The CPUs this process may run on, capped by OMP_NUM_THREADS when that is set to a
    positive int (Dask and Ray workers set it to 1 to avoid oversubscription), at most
    MAX_THREADS."""
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        n = fh_cpu_count()
    env = os.environ.get("OMP_NUM_THREADS", "").split(",")[0].strip()
    if env.isdigit() and int(env) >= 1:
        n = min(n, int(env))
    return max(1, min(n, FH_MAX_THREADS))


cdef int _DEFAULT_THREADS = _default_threads()


def max_threads():
    """Number of threads the core uses by default (``threads=None``): the CPUs this process
    may run on, capped by the environment variable OMP_NUM_THREADS when it is set (as Dask
    and Ray workers do), at most MAX_THREADS. Read once, when the module is imported."""
    return _DEFAULT_THREADS


def check_threads(object threads):
    """``threads`` as the thread count a call uses: None means :func:`max_threads`; an int
    above ``MAX_THREADS`` (256) is clamped to it.

    Raises TypeError if ``threads`` is not an int or None (``bool`` and ``float`` are
    refused; NumPy integers are accepted) and ValueError if it is below 1.
    """
    if threads is None:
        return _DEFAULT_THREADS
    if isinstance(threads, (bool, np.bool_)):
        raise InputTypeError(f"threads must be a positive int or None, got bool {echo(threads)}")
    try:
        value = operator.index(threads)
    except TypeError:
        raise InputTypeError(f"threads must be a positive int or None, got {type(threads).__name__} "
                             f"{echo(threads)}") from None
    if value < 1:
        raise InputError(f"threads must be a positive int or None, got {echo(value)}")
    return min(value, FH_MAX_THREADS)


cdef int _threads(object threads) except -1:
    if threads is None:
        return _DEFAULT_THREADS
    if type(threads) is int and 1 <= threads <= FH_MAX_THREADS:  # the common case, fast
        return <int>threads
    return check_threads(threads)


# ---- Ctrl-C: long C calls poll for signals from the waiting thread -----------------------------

cdef unsigned _POLL_MS = 0  # 0: the C core's FH_POLL_MS


def _set_poll_ms(int ms):
    """Poll for signals every ``ms`` milliseconds in later long calls (0: the default, 50);
    returns the previous setting. Internal: the interrupt tests poll often so that a call of
    a few tens of ms (bounded by memory, such as a reset of every vector table) shows that
    it checks for Ctrl-C all along, not only at its end."""
    global _POLL_MS
    if not 0 <= ms <= 10000:
        raise ValueError(f"ms must be 0..10000, got {ms}")
    previous, _POLL_MS = _POLL_MS, <unsigned>ms
    return previous


cdef class _Interrupt:
    """The poll of one C call: every ~50 ms the waiting caller takes the GIL and runs the
    Python signal handlers; an exception they raise (KeyboardInterrupt for Ctrl-C) cancels
    the call and is kept here to be raised once the C call has joined its threads."""

    cdef object exc
    cdef fh_exec ex

    def __cinit__(self, int threads):
        self.exc = None
        self.ex.threads = threads
        self.ex.poll = _poll_signals
        self.ex.poll_ctx = <void *>self
        self.ex.poll_ms = _POLL_MS

    cdef int poll(self) noexcept:
        try:
            PyErr_CheckSignals()
        except BaseException as exc:
            self.exc = exc
            return 1
        return 0

    cdef int check(self, fh_status status) except -1:
        """Raise the exception that interrupted the call, or the one ``status`` stands for."""
        if status == FH_ERR_INTERRUPTED:
            exc, self.exc = self.exc, None
            raise exc if exc is not None else KeyboardInterrupt()
        return _check(status)


cdef int _poll_signals(void *ctx) noexcept nogil:
    with gil:
        return (<_Interrupt>ctx).poll()


def as_int(object value, str name, str what):
    """``value`` as a Python int, or TypeError naming ``name``: ``bool`` (``True`` is not a
    count, a seed or a hand value) and non-integers such as ``2.0`` are refused; NumPy
    integers are accepted."""
    if isinstance(value, (bool, np.bool_)):
        raise InputTypeError(f"{name} must be {what}, got bool {echo(value)}")
    try:
        return operator.index(value)
    except TypeError:
        raise InputTypeError(f"{name} must be {what}, got {type(value).__name__} {echo(value)}") from None


def as_array(object value, str name):
    """``numpy.asarray(value)``, or InputError naming ``name`` when NumPy cannot make one
    array of it (rows of different lengths, say)."""
    try:
        return np.asarray(value)
    except (ValueError, TypeError) as exc:
        raise InputError(f"{name} must be an array with rows of one length: {exc}") from None


def _card_name(value):
    return card_str(int(value)) if 0 <= value <= 51 else str(value)


_UINT8 = np.dtype(np.uint8)


def _batch_array(object hands):
    """``hands`` as an (n, 5|6|7) integer array (a view when possible), checked for dtype and
    shape. An empty batch (n = 0) is fine, whatever the dtype of its (absent) values."""
    arr = as_array(hands, "hands")
    if arr.dtype is _UINT8 and arr.ndim == 2 and arr.shape[1] in (5, 6, 7):  # the common case, fast
        return arr
    if arr.size and (arr.dtype == np.bool_ or arr.dtype.kind not in "iu"):
        raise _hands_dtype_error(arr)
    if arr.ndim != 2 or arr.shape[1] not in (5, 6, 7):
        raise InputError(f"hands must have shape (n, 5) or (n, 6) or (n, 7), got {arr.shape}")
    if not arr.size:
        return np.empty(arr.shape, np.uint8)
    if not arr.dtype.isnative:
        arr = arr.astype(arr.dtype.newbyteorder("="))
    return arr


_CARD_TEXT_HINT = "fastholdem.cards_from_text(texts) turns card text such as 'AhKd7c2s3h' into card ids"
_ID_SCHEME = ("card ids are 4 * rank + suit with rank 0 = deuce .. 12 = ace and suit 0-3 = c, d, h, s "
              "(2c = 0, 2d = 1, 3c = 4, As = 51)")


def _hands_dtype_error(object arr):
    """The CardTypeError for ``hands`` that hold no integers: text, objects, floats, bools.
    Text names ``cards_from_text``; an object array of small ints (or missing values), which
    is how a nullable pandas integer column arrives, says how to convert it."""
    head = f"hands must be an array of integer card ids, got dtype {arr.dtype}"
    kind = arr.dtype.kind
    if kind in "SUT":
        return CardTypeError(f"{head}: that is card text; {_CARD_TEXT_HINT}")
    if kind == "O":
        items = arr.reshape(-1)[:1000].tolist()
        if any(isinstance(x, (str, bytes)) for x in items):
            return CardTypeError(f"{head} holding card text; {_CARD_TEXT_HINT}, one row per text")
        missing = [x is None or type(x).__name__ == "NAType" or (isinstance(x, float) and x != x)
                   for x in items]
        if items and all(m or (isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))
                               and -2**63 <= x < 2**63) for x, m in zip(items, missing)):
            fill = "drop or fill the missing values, then " if any(missing) else ""
            return CardTypeError(f"{head} holding ints{' and missing values' if any(missing) else ''}, as a "
                                 "nullable integer column (pandas Int8, UInt8, ...) arrives: "
                                 f"{fill}convert it with .to_numpy(dtype=\"uint8\") or "
                                 "np.asarray(hands, dtype=np.uint8)")
    return CardTypeError(head)


def _bad_row_error(object arr, Py_ssize_t row):
    """The CardError (a ValueError) for a batch whose first bad row is ``row``: an id outside
    0-51 anywhere is named first (row and column) with the id scheme, and a hint when the ids
    look 1-based (1-52); else the card that ``row`` repeats."""
    bad = (arr < 0) | (arr > 51)
    if bad.any():
        r, col = divmod(int(np.argmax(bad.reshape(-1))), arr.shape[1])
        one_based = ""
        if arr.max() == 52 and arr.min() >= 1:
            one_based = "; these ids run 1-52: if they count from 1, subtract 1 (hands - 1)"
        return CardError(f"hands[{r}, {col}] = {arr[r, col]} is not a card id (0-51): "
                         f"{_ID_SCHEME}{one_based}")
    seen = {}
    for col in range(arr.shape[1]):
        c = int(arr[row, col])
        if c in seen:
            return CardError(f"hands[{row}] repeats card {card_str(c)} (columns {seen[c]} and {col})")
        seen[c] = col
    return CardError(f"hands[{row}] repeats a card")


def _batch_out(object out, Py_ssize_t n):
    """``out`` checked as NumPy checks a ufunc's ``out=``: a writeable, C-contiguous uint16
    array of shape (n,)."""
    if not isinstance(out, np.ndarray):
        raise InputTypeError(f"out must be a numpy.ndarray of uint16, got {type(out).__name__}")
    if out.dtype != np.uint16:
        raise InputTypeError(f"out must have dtype uint16, got {out.dtype}")
    if out.shape != (n,):
        raise InputError(f"out must have shape ({n},) for {n} hands, got {out.shape}")
    if not out.flags.c_contiguous:
        raise InputError("out must be C-contiguous")
    if not out.flags.writeable:
        raise InputError("out must be writeable")
    return out


def evaluate_batch(object hands, object threads=None, object out=None):
    """Values of many hands at once.

    Parameters
    ----------
    hands : array_like of int, shape (n, k), k in {5, 6, 7}
        One hand per row, card ids 0-51. Any integer dtype, byte order and memory layout:
        the kernel reads the array in place and converts it in cache-sized blocks.
    threads : int, optional
        Number of threads (default all cores, at most MAX_THREADS). Batches under 32,768
        rows use one. The GIL is released; Ctrl-C interrupts a long batch.
    out : numpy.ndarray of uint16, shape (n,), optional
        Where to write the values (C-contiguous and writeable), as NumPy's ``out=``: repeated
        calls then allocate nothing. It is returned. If the call raises, its contents are
        unspecified.

    Returns
    -------
    numpy.ndarray of uint16, shape (n,)
        Values 1..7462, higher is stronger (R9). An empty batch gives an empty array.

    Raises
    ------
    CardTypeError
        If ``hands`` is not an integer array (a ``TypeError``): card text is pointed to
        ``fastholdem.cards_from_text``, an object array of ints (a nullable pandas integer
        column) to ``.to_numpy(dtype="uint8")``.
    CardError
        If a row holds a card id outside 0-51 (the message gives the id scheme, and a hint when
        the ids look 1-based) or the same card twice; it names row and card (a ``ValueError``).
    TypeError
        If ``threads`` is not an int, or ``out`` not a uint16 ndarray.
    ValueError
        If the shape is wrong, ``threads`` is below 1, or ``out`` has the wrong shape, is not
        C-contiguous or is read-only.
    KeyboardInterrupt
        On Ctrl-C (the batch stops within a fraction of a second).

    Examples
    --------
    >>> import numpy as np
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 5]]))
    array([7462], dtype=uint16)
    >>> values = np.empty(2, np.uint16)
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 21]]), out=values) is values
    True
    >>> values
    array([7462,    1], dtype=uint16)
    """
    cdef int nthreads = _threads(threads)
    arr = _batch_array(hands)
    cdef Py_ssize_t n = arr.shape[0]
    cdef int k = <int>arr.shape[1]
    if out is not None:
        _batch_out(out, n)
        if n and np.may_share_memory(arr, out):
            # The kernel reads rows while it writes values: go through a scratch array.
            out[...] = evaluate_batch(arr, threads)
            return out
    if n > 1 and arr.strides[0] == 0:
        # A broadcast view repeating one row: evaluate it once (and check it before any
        # allocation of n values).
        value = evaluate_batch(arr[:1], 1)[0]
        if out is None:
            return np.full(n, value, dtype=np.uint16)
        out.fill(value)
        return out
    if out is None:
        out = np.empty(n, dtype=np.uint16)
    if n == 0:
        return out
    cdef uint16_t[::1] values = out
    cdef fh_rows rows
    rows.base = <const char *>cnp.PyArray_DATA(<cnp.ndarray>arr)
    rows.row_stride = arr.strides[0]
    rows.col_stride = arr.strides[1]
    rows.itemsize = <int>arr.dtype.itemsize
    rows.is_signed = arr.dtype.kind == "i"
    cdef _Interrupt intr = _Interrupt(nthreads)
    cdef ptrdiff_t bad = -1
    cdef fh_status status
    with nogil:
        status = fh_eval_batch(&rows, <size_t>n, k, &values[0], &intr.ex, &bad)
    intr.check(status)
    if bad >= 0:
        raise _bad_row_error(arr, bad)
    return out


EVAL_KERNELS = tuple(fh_eval_kernel_name(i).decode() for i in range(FH_N_KERNELS))
"""Names of the batch kernels of ``evaluate_batch``, portable first."""


def eval_kernels_supported():
    """The batch kernels of ``evaluate_batch`` that this build and CPU can run.

    Returns
    -------
    tuple of str
        A subset of ``EVAL_KERNELS`` ("portable", "bmi2", "avx2", "avx512", "avx512-gather"), portable first.

    Examples
    --------
    >>> "portable" in eval_kernels_supported()
    True
    """
    return tuple(EVAL_KERNELS[i] for i in range(FH_N_KERNELS) if fh_eval_kernel_supported(i))


def eval_kernel():
    """Name of the batch kernel ``evaluate_batch`` uses.

    The kernel is chosen at run time (one build serves every x86-64 CPU): at the first batch,
    the SIMD kernels the CPU supports are timed on the same 16,384 rows, five alternating
    rounds in well under a millisecond, and the fastest is kept (which one wins differs
    between CPUs with the same instruction sets). The environment variable ``FASTHOLDEM_EVAL_KERNEL`` (read at import) or
    :func:`set_eval_kernel` forces one. Every kernel gives the same values.

    Examples
    --------
    >>> eval_kernel() in eval_kernels_supported()
    True
    """
    return EVAL_KERNELS[fh_eval_get_kernel()]


def set_eval_kernel(str name):
    """Use batch kernel ``name`` from now on (in this process), e.g. to compare speeds.

    Parameters
    ----------
    name : str
        One of :func:`eval_kernels_supported`.

    Raises
    ------
    ValueError
        If ``name`` is not a kernel, or this CPU or build cannot run it.

    Examples
    --------
    >>> before = eval_kernel()
    >>> set_eval_kernel("portable"); eval_kernel()
    'portable'
    >>> set_eval_kernel(before)
    """
    if name not in EVAL_KERNELS:
        raise InputError(f"unknown evaluator kernel {name!r}: expected one of {', '.join(EVAL_KERNELS)}")
    if fh_eval_set_kernel(EVAL_KERNELS.index(name)) != 0:
        raise InputError(f"evaluator kernel {name!r} is not supported on this CPU or build "
                         f"(supported: {', '.join(eval_kernels_supported())})")


def _kernel_from_environment():
    name = os.environ.get("FASTHOLDEM_EVAL_KERNEL", "").strip().lower()
    if name and name != "auto":
        try:
            set_eval_kernel(name)
        except ValueError as exc:
            raise InputError(f"FASTHOLDEM_EVAL_KERNEL={name!r}: {exc}") from None


_kernel_from_environment()


cdef int _card_id(object c) except -1:
    cdef int overflow = 0
    cdef long v
    if type(c) is int:
        v = PyLong_AsLongAndOverflow(c, &overflow)
        if not overflow and 0 <= v <= 51:
            return <int>v
        raise CardError(f"bad card id {c}: ids run from 0 (2c) to 51 (As)")
    return parse_cards([c])[0]


def evaluate(object cards):
    """Value (1..7462, higher is stronger) of the best five of 5, 6 or 7 cards (R5, R9).

    ``cards`` is an iterable (list, tuple, 1-D array, ...) of card ids or texts, or a text
    such as ``"AsKsQsJsTs"``.

    >>> evaluate("AsKsQsJsTs2c3d"), evaluate([51, 1, 6, 11, 12])
    (7462, 5854)

    Raises
    ------
    TypeError
        If ``cards`` is not a text or an iterable (``evaluate(5)``).
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
    elif isinstance(cards, np.ndarray) and cards.ndim > 0:
        cards = cards.tolist()
    elif not isinstance(cards, (list, tuple)):
        try:
            cards = list(cards)
        except TypeError:
            raise InputTypeError("cards must be a text such as 'AsKsQsJsTs' or an iterable of 5-7 card ids "
                                 f"or texts, got {type(cards).__name__} {echo(cards)}") from None
    n = len(cards)
    if n < 5 or n > 7:
        raise InputError(f"cards must hold 5, 6 or 7 cards, got {n}")
    for i in range(n):
        c = _card_id(cards[i])
        if seen >> c & 1:
            raise CardError(f"duplicate card {card_str(c)} in cards")
        seen |= (<uint64_t>1) << c
        buf[i] = <fh_card_t>c
    return fh_eval_cards(buf, n)


def category_of(object value):
    """Category index 0 (high card) .. 8 (straight flush) of a value 1..7462.

    Raises TypeError if ``value`` is not an int (``bool`` and ``float`` are refused) and
    ValueError if it is outside 1..7462, whatever its size.
    """
    v = as_int(value, "value", "an int 1..7462")
    if not 1 <= v <= N_VALUES:
        raise InputError(f"value must be in 1..7462, got {echo(v)}")
    return fh_category(<fh_value_t>v)


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
        raise InputError(f"at most 7 fixed cards, got {len(fixed_ids)}")
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
    cdef _Interrupt intr = _Interrupt(nthreads)
    cdef fh_status status
    with nogil:
        status = fh_enumerate_values(buf, n_fixed, dead_mask, &h[0], &intr.ex, &total)
    intr.check(status)
    return hist


# ---- equity ------------------------------------------------------------------------------

MAX_PLAYERS = FH_MAX_PLAYERS
SHARE_UNIT = FH_SHARE_UNIT

cdef dict _STATUS_MESSAGES = {
    FH_ERR_NOMEM: (MemoryError, "out of memory"),
    FH_ERR_NO_DEAL: (RangeError, "the ranges cannot be dealt without two players sharing a card"),
    FH_ERR_TOO_BIG: (InputError, "the job is too big"),
    FH_ERR_ARGUMENT: (InputError, "argument out of range"),
    FH_ERR_FEW_CARDS: (InputError, "too few live cards: the cards that are not dead, on the board or "
                                   "held cannot complete every hand and the board"),
}


cdef int _check(fh_status status) except -1:
    if status != FH_OK:
        exc, message = _STATUS_MESSAGES.get(status, (RuntimeError, f"C core status {status}"))
        raise exc(message)
    return 0


cdef uint64_t _mask(object ids) except? 0:
    cdef uint64_t m = 0
    for c in ids:
        m |= (<uint64_t>1) << <int>c
    return m


def board_count(int n_available, int n_missing):
    """Number of ways to complete a board: C(n_available, n_missing)."""
    return fh_board_count(n_available, n_missing)


@cython.boundscheck(False)
@cython.wraparound(False)
def canonical_deal_keys(const uint8_t[:, ::1] deals, object board=(), object dead=()):
    """Suit-isomorphism key of each deal row (n, 2 * players), players <= 5, under the suit
    permutations that keep ``board`` and ``dead`` in place: rows with equal keys have equal
    equities. Input is trusted (validated by the caller)."""
    cdef Py_ssize_t n = deals.shape[0], i
    cdef int players = <int>(deals.shape[1] // 2)
    if players > 5:
        raise InputError("canonical keys need at most 5 players")
    cdef uint64_t board_mask = _mask(board), dead_mask = _mask(dead)
    keys = np.empty(n, dtype=np.uint64)
    cdef uint64_t[::1] k = keys
    if n:
        with nogil:
            fh_canonical_deal_keys(&deals[0, 0], <size_t>n, players, board_mask, dead_mask, &k[0])
    return keys


def hand_assignments(list combos, list weights, Py_ssize_t limit, list rows=None):
    """Every choice of one combo per player with no card twice, row-major (player 0's combo
    slowest): ``(deals, weights)``, deals a uint8 array (n, 2 * players) and weights the
    products of the players' combo weights (float64, player by player; a player given None
    has weight 1 for each combo), or None when some player's combos times the partial
    assignments of the players before it exceed ``limit``. ``combos`` are (n_p, 2) uint8
    arrays. With ``rows`` (per player a uint32 number per combo), the result also holds a
    uint32 array (n, players) of each assignment's combos' numbers. Input is trusted
    (validated by the caller)."""
    cdef int players = len(combos), p
    if players < 1 or players > FH_MAX_PLAYERS or len(weights) != players:
        raise InputError(f"hand assignments need 1 to {FH_MAX_PLAYERS} players, one weight array each")
    cdef fh_assign_player pl[FH_MAX_PLAYERS]
    keep = []
    cdef const uint8_t[:, ::1] cv
    cdef const double[::1] wv
    cdef const uint32_t[::1] rv
    if rows is not None and len(rows) != players:
        raise InputError("rows must give one array per player")
    for p in range(players):
        arr = np.ascontiguousarray(combos[p], dtype=np.uint8)
        if arr.ndim != 2 or arr.shape[1] != 2:
            raise InputError("each player's combos must be an (n, 2) array")
        keep.append(arr)
        pl[p].n = <int>arr.shape[0]
        pl[p].cards = NULL
        pl[p].weights = NULL
        pl[p].rows = NULL
        if arr.shape[0]:
            cv = arr
            pl[p].cards = &cv[0, 0]
        if rows is not None:
            r = np.ascontiguousarray(rows[p], dtype=np.uint32)
            if r.shape != (arr.shape[0],):
                raise InputError("each player's rows must match its combos")
            keep.append(r)
            if arr.shape[0]:
                rv = r
                pl[p].rows = &rv[0]
        if weights[p] is not None:
            w = np.ascontiguousarray(weights[p], dtype=np.float64)
            if w.shape != (arr.shape[0],):
                raise InputError("each player's weights must match its combos")
            keep.append(w)
            if arr.shape[0]:
                wv = w
                pl[p].weights = &wv[0]
    cdef size_t count = 0
    cdef int ok
    with nogil:
        ok = fh_assignments_count(pl, players, <size_t>max(limit, 0), &count)
    if not ok:
        return None
    deals = np.empty((count, 2 * players), dtype=np.uint8)
    out_w = np.empty(count, dtype=np.float64)
    out_r = np.empty((count if rows is not None else 0, players), dtype=np.uint32)
    cdef uint8_t[:, ::1] dv = deals
    cdef double[::1] ov = out_w
    cdef uint32_t[:, ::1] orv = out_r
    cdef uint32_t *rows_out = &orv[0, 0] if rows is not None and count else NULL
    if count:
        with nogil:
            fh_assignments_fill(pl, players, &dv[0, 0], &ov[0], rows_out)
    if rows is not None:
        return deals, out_w, out_r
    return deals, out_w


@cython.boundscheck(False)
@cython.wraparound(False)
def exact_deals(const uint8_t[:, ::1] deals, object board, object dead, object threads):
    """Exact tallies of fixed-hole deals (n, 2 * players) over every completion of ``board``.

    Internal: the caller (``fastholdem.equity``) has checked that cards are valid and
    distinct. Returns a dict of arrays: deals (n,), win/tie/share/share_sq (n, players),
    split (n, players + 1).
    """
    cdef Py_ssize_t n = deals.shape[0]
    cdef int players = <int>(deals.shape[1] // 2)
    if players < 1 or players > FH_MAX_PLAYERS or deals.shape[1] % 2:
        raise InputError(f"deals must have 2 to {2 * FH_MAX_PLAYERS} columns, got {deals.shape[1]}")
    cdef fh_card_t b[5]
    cdef int nb = len(board)
    for i, c in enumerate(board):
        b[i] = c
    cdef uint64_t dead_mask = _mask(dead)
    raw = np.zeros((max(n, 1), _TALLY_WORDS), dtype=np.uint64)
    cdef uint64_t[:, ::1] t = raw
    cdef fh_status status = FH_OK
    cdef _Interrupt intr = _Interrupt(_threads(threads))
    if n:
        with nogil:
            status = fh_equity_exact_many(&deals[0, 0], <size_t>n, players, b, nb, dead_mask, &intr.ex,
                                          <fh_tally *>&t[0, 0])
    intr.check(status)
    return _raw_tallies_to_arrays(raw[:n], players)


def _check_spots(holes, boards, str hole_name="holes", str board_name="boards"):
    """Validate (m, p, 2) holes and (m, b) boards; return contiguous uint8 copies."""
    h = as_array(holes, hole_name)
    if h.dtype == np.bool_ or h.dtype.kind not in "iu":
        raise InputTypeError(f"{hole_name} must be an integer array of card ids, got dtype {h.dtype}")
    if h.ndim == 2 and h.shape[-1] == 2:
        h = h[:, None, :]
    if h.ndim != 3 or h.shape[2] != 2:
        raise InputError(f"{hole_name} must have shape (m, players, 2), got {np.shape(holes)}")
    m, players = h.shape[0], h.shape[1]
    b = as_array(boards, board_name) if boards is not None else np.zeros((m, 0), dtype=np.uint8)
    if b.ndim == 1 and b.shape[0] == 0:
        b = np.zeros((m, 0), dtype=np.uint8)
    if b.dtype == np.bool_ or b.dtype.kind not in "iu":
        raise InputTypeError(f"{board_name} must be an integer array of card ids, got dtype {b.dtype}")
    if b.ndim != 2 or b.shape[0] != m or b.shape[1] not in (0, 3, 4, 5):
        raise InputError(f"{board_name} must have shape ({m}, 0|3|4|5), got {b.shape}")
    rows = np.concatenate([h.reshape(m, 2 * players).astype(np.int64), b.astype(np.int64)], axis=1)
    bad = (rows < 0) | (rows > 51)
    if bad.any():
        row, col = np.argwhere(bad)[0]
        what = f"{hole_name}[{row}]" if col < 2 * players else f"{board_name}[{row}]"
        raise CardError(f"{what} holds {rows[row, col]}, which is not a card id (0-51)")
    srt = np.sort(rows, axis=1)
    dup = (srt[:, 1:] == srt[:, :-1]).any(axis=1)
    if dup.any():
        row = int(np.flatnonzero(dup)[0])
        s = srt[row]
        card = int(s[1:][s[1:] == s[:-1]][0])
        raise CardError(f"spot {row} uses card {card_str(card)} twice (across {hole_name} and {board_name})")
    return (np.ascontiguousarray(h, dtype=np.uint8), np.ascontiguousarray(b, dtype=np.uint8))


def equity_batch(object holes, object boards=None, object threads=None):
    """Exact equity of every player in M independent spots.

    Parameters
    ----------
    holes : array_like of int, shape (M, P, 2)
        Hole cards of P = 2..10 players in each spot.
    boards : array_like of int, shape (M, B), B in {0, 3, 4, 5}, optional
        The board of each spot (omit or B = 0 for preflop).
    threads : int, optional
        Threads to use (default all cores); the GIL is released.

    Returns
    -------
    numpy.ndarray of float64, shape (M, P)
        Equity (wins plus tie shares) of each player; rows sum to 1.

    Examples
    --------
    >>> import numpy as np
    >>> eq = equity_batch(np.array([[[50, 46], [43, 41]]]), np.array([[0, 5, 22]]))
    >>> eq.shape, bool(abs(eq.sum() - 1) < 1e-12)
    ((1, 2), True)
    """
    cdef int nthreads = _threads(threads)
    h, b = _check_spots(holes, boards)
    cdef Py_ssize_t m = h.shape[0]
    cdef int players = <int>h.shape[1]
    if players < 2 or players > FH_MAX_PLAYERS:
        raise InputError(f"holes must hold 2 to {FH_MAX_PLAYERS} players per spot, got {players}")
    out = np.empty((m, players), dtype=np.float64)
    if m == 0:
        return out
    cdef const uint8_t[:, :, ::1] hv = h
    cdef const uint8_t[:, ::1] bv = b
    cdef int nb = <int>b.shape[1]
    cdef double[:, ::1] ov = out
    cdef const uint8_t *bp = &bv[0, 0] if nb else NULL
    cdef fh_status status
    cdef _Interrupt intr = _Interrupt(nthreads)
    with nogil:
        status = fh_equity_batch(&hv[0, 0, 0], bp, <size_t>m, players, nb, &intr.ex, &ov[0, 0])
    intr.check(status)
    return out


MAX_EXACT_SHOWDOWNS = 5_000_000_000


def hand_strength(object holes, object boards=None, object opponents=1, object exact=None,
                  object trials=None, object seed=0, object threads=None):
    """Equity of each of M hands on its board against ``opponents`` random hands.

    Parameters
    ----------
    holes : array_like of int, shape (M, 2)
    boards : array_like of int, shape (M, B), B in {0, 3, 4, 5}, optional
    opponents : int
        Number of random opponents, 1..9.
    exact : bool, optional
        Count every opponent deal and board exactly (default: when that is cheap: one to three
        opponents on a flop, turn or river, and any number of opponents on a turn or river),
        else Monte Carlo. Against two or more random hands (but two or three on a river) the
        count runs through ``vs_random_equities``'s kernel: a flop spot takes milliseconds
        against two or three hands and a tenth of a second against nine (median; weak hands up
        to seconds); a preflop spot about a second against two or three hands, tens of
        seconds against four or more.
    trials : int, optional
        Monte Carlo trials per spot (default 10,000); spot i uses stream (seed, i).
    seed : int or None
        Monte Carlo seed (default 0); the same seed gives the same result for any thread
        count. None draws a fresh random seed (the result is then not reproducible).
    threads : int, optional
        Threads to use (default all cores); the GIL is released.

    Returns
    -------
    numpy.ndarray of float64, shape (M,)

    Raises
    ------
    TypeError
        If ``opponents``, ``trials`` or ``seed`` is not an int (``bool`` and ``float`` are
        refused), ``exact`` is not a bool or None, or the card arrays are not integer arrays.
    ValueError
        Bad shapes or cards, ``opponents`` outside 1..9, ``trials`` outside 1..2**32-1, or an
        exact job over the showdown limit.

    Examples
    --------
    >>> import numpy as np
    >>> float(hand_strength(np.array([[51, 50]]), np.array([[49, 48, 0, 5, 22]]))[0])
    1.0
    """
    cdef int nthreads = _threads(threads)
    h, b = _check_spots(holes, boards)
    if h.shape[1] != 1:
        raise InputError(f"holes must have shape (M, 2), got {np.shape(holes)}")
    opponents = as_int(opponents, "opponents", f"an int 1..{FH_MAX_PLAYERS - 1}")
    if not 1 <= opponents <= FH_MAX_PLAYERS - 1:
        raise InputError(f"opponents must be an int 1..{FH_MAX_PLAYERS - 1}, got {echo(opponents)}")
    if trials is not None:
        trials = as_int(trials, "trials", "an int 1..2**32-1 or None")
        if not 1 <= trials < 2**32:
            raise InputError(f"trials must be 1..2**32-1, got {echo(trials)}")
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    seed = as_int(seed, "seed", "an int or None")
    cdef int nb = <int>b.shape[1]
    cdef int avail = 52 - 2 - nb
    showdowns = 1
    for k in range(opponents):
        showdowns *= fh_board_count(avail - 2 * k, 2)
    showdowns *= fh_board_count(avail - 2 * opponents, 5 - nb)
    if opponents in (2, 3) and nb >= 3:  # valued hand by hand per runout, the deals counted (fh_equity.c)
        showdowns = fh_board_count(avail, 5 - nb) * fh_board_count(avail - (5 - nb), 2)
    elif opponents >= 4 or (opponents >= 2 and nb == 0):
        # fh_vs_many.c: one matching count per board structure, worth about 20,000 showdowns
        # (a preflop spot has some 80,000 structures)
        showdowns = (80_000 if nb == 0 else fh_board_count(avail, 5 - nb)) * 20_000
    if exact is not None and not isinstance(exact, (bool, np.bool_)):
        raise InputTypeError(f"exact must be True, False or None, got {type(exact).__name__} {exact!r:.50}")
    if exact is None:
        exact = showdowns <= 2_000_000
    elif exact and showdowns > MAX_EXACT_SHOWDOWNS:
        raise InputError(f"exact hand strength needs {showdowns:,} showdowns per spot (limit "
                         f"{MAX_EXACT_SHOWDOWNS:,}); use Monte Carlo (exact=False)")
    cdef uint32_t n_trials = 10_000 if trials is None else trials
    cdef uint64_t s = seed & 0xFFFFFFFFFFFFFFFF
    cdef const uint8_t[:, :, ::1] hv = h
    cdef const uint8_t[:, ::1] bv = b
    cdef Py_ssize_t m = h.shape[0]
    out = np.empty(m, dtype=np.float64)
    if m == 0:
        return out
    cdef double[::1] ov = out
    cdef const uint8_t *bp = &bv[0, 0] if nb else NULL
    cdef int ex = 1 if exact else 0
    cdef int opp = opponents
    cdef fh_status status
    cdef _Interrupt intr = _Interrupt(nthreads)
    with nogil:
        status = fh_hand_strength(&hv[0, 0, 0], bp, <size_t>m, nb, opp, ex, n_trials, s, &intr.ex, &ov[0])
    intr.check(status)
    return out


# ---- dealer (fh_deal.c; issue 13) ---------------------------------------------------------

DEAL_BLOCK_ROWS = FH_DEAL_BLOCK_ROWS

cdef int _deal_threads(object threads) except -1:
    # The thread-count check of the dealer: swap this one call for the shared validator.
    return _threads(threads)


def deal(object n, object k=7, object dead=None, object seed=None, object threads=None):
    """``n`` random hands of ``k`` distinct cards each, dealt in C without the GIL.

    Every row is an independent, uniformly random ordered draw of ``k`` cards from the live
    deck (the 52 cards minus ``dead``), so every ``k``-card set is equally likely.

    Parameters
    ----------
    n : int
        Number of rows, >= 0.
    k : int
        Cards per row, 1..(52 - number of dead cards); default 7.
    dead : cards, optional
        Cards never dealt (text such as ``"AsKd"`` or card ids/texts).
    seed : int, optional
        The same seed gives the same array for any ``threads`` (rows are dealt in seeded
        blocks of 8,192). None (default) draws a fresh seed from the operating system.
        Seeds are taken modulo 2**64.
    threads : int, optional
        Threads to use (default all cores); below 65,536 rows one thread deals.

    Returns
    -------
    numpy.ndarray of uint8, shape (n, k)
        Card ids 0-51, distinct within each row.

    Raises
    ------
    TypeError
        ``n``, ``k``, ``seed`` or ``threads`` is not an int (``bool`` and ``float`` are
        refused; NumPy integers are fine).
    ValueError
        ``n`` negative or too big for one array, ``k`` outside 1..live cards (none live when
        all 52 are dead), or ``threads`` < 1.
    CardError
        A bad or repeated dead card.
    MemoryError
        No memory for the ``(n, k)`` array.
    KeyboardInterrupt
        On Ctrl-C (a long deal stops within a fraction of a second).

    Examples
    --------
    >>> hands = deal(3, 7, seed=1)
    >>> hands.shape, hands.dtype
    ((3, 7), dtype('uint8'))
    >>> bool((deal(1000, 5, dead="As", seed=2) != 51).all())
    True
    """
    n = as_int(n, "n", "an int >= 0")
    k = as_int(k, "k", "an int 1..52")
    dead_ids = parse_cards(dead)
    live = 52 - len(dead_ids)
    if n < 0:
        raise InputError(f"n must be >= 0, got {echo(n)}")
    if live == 0:
        raise InputError("no card is left to deal: all 52 cards are dead")
    if not 1 <= k <= live:
        dead_note = f" (52 cards minus {len(dead_ids)} dead)" if dead_ids else ""
        raise InputError(f"k must be 1..{live}{dead_note}, got {echo(k)}")
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    seed = as_int(seed, "seed", "an int or None")
    cdef int nthreads = _deal_threads(threads)
    cdef uint64_t s = seed & 0xFFFFFFFFFFFFFFFF
    cdef uint64_t dead_mask = _mask(dead_ids)
    try:
        out = np.empty((n, k), dtype=np.uint8)
    except ValueError:  # more elements than an array may hold
        raise InputError(f"n = {n:,} rows of {k} cards is too big for one array") from None
    if n == 0:
        return out
    cdef uint8_t[:, ::1] ov = out
    cdef size_t rows = <size_t>n
    cdef int width = k
    cdef fh_status status
    cdef _Interrupt intr = _Interrupt(nthreads)  # Ctrl-C stops a long deal within a fraction of a second
    with nogil:
        status = fh_deal(&ov[0, 0], rows, width, dead_mask, s, &intr.ex)
    intr.check(status)
    return out

# ---- card text in bulk (fh_text.c; issue 25) ------------------------------------------------
# The parsing loop is C; the argument checks and messages are fastholdem.evaluate.cards_from_text.

from cpython.unicode cimport PyUnicode_Check, PyUnicode_KIND, PyUnicode_DATA, PyUnicode_GET_LENGTH
from cpython.bytes cimport PyBytes_Check, PyBytes_AS_STRING, PyBytes_GET_SIZE
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE

cdef extern from "fh_text.h" nogil:
    enum:
        FH_TEXT_BAD
        FH_TEXT_REPEAT
        FH_TEXT_TOO_MANY
    int fh_text_row(const void *text, size_t len, int unit, fh_card_t *out, int max_cards, ptrdiff_t *where)
    ctypedef struct fh_text_rows:
        const char *base
        ptrdiff_t row_stride
        size_t width
        const char *const *ptrs
        const size_t *lens
        int unit
    fh_status fh_cards_from_text(const fh_text_rows *rows, size_t n, int k, fh_card_t *out,
                                 ptrdiff_t *bad_row, const fh_exec *ex)

TEXT_BAD = FH_TEXT_BAD
TEXT_REPEAT = FH_TEXT_REPEAT


def text_row(object text):
    """Internal: one card text (a str or bytes) parsed as the batch parser parses a row, with
    room for 52 cards: ``(count, ids, where)``. ``count`` >= 0 is the number of cards (``ids``
    their list); ``TEXT_BAD`` with ``where`` the offset of the bad token; ``TEXT_REPEAT`` with
    ``where`` the repeated card id.

    >>> text_row("Ah Kd"), text_row("AhKx")[0] == TEXT_BAD, text_row(b"AhAh")[2]
    ((2, [50, 45], -1), True, 50)
    """
    cdef fh_card_t ids[52]
    cdef ptrdiff_t where = -1
    cdef int count
    cdef int unit
    if PyUnicode_Check(text):
        unit = PyUnicode_KIND(text)
        if unit not in (1, 2, 4):
            raise TypeError("a str in the legacy (not ready) representation")
        count = fh_text_row(PyUnicode_DATA(text), <size_t>PyUnicode_GET_LENGTH(text), unit, ids, 52, &where)
    elif PyBytes_Check(text):
        count = fh_text_row(PyBytes_AS_STRING(text), <size_t>PyBytes_GET_SIZE(text), 1, ids, 52, &where)
    else:
        raise TypeError(f"expected a str or bytes, got {type(text).__name__}")
    return count, [ids[i] for i in range(max(count, 0))], where


cdef object _text_rows_run(fh_text_rows *rows, Py_ssize_t n, int k, object threads):
    """(out, first bad row or -1) of ``rows`` parsed without the GIL."""
    cdef int nthreads = _threads(threads)
    out = np.empty((n, k), dtype=np.uint8)
    if n == 0:
        return out, -1
    cdef uint8_t[:, ::1] ov = out
    cdef ptrdiff_t bad = -1
    cdef fh_status status
    cdef _Interrupt intr = _Interrupt(nthreads)
    with nogil:
        status = fh_cards_from_text(rows, <size_t>n, k, &ov[0, 0], &bad, &intr.ex)
    intr.check(status)
    return out, bad


def text_rows_fixed(cnp.ndarray texts, int k, object threads=None):
    """Internal: the rows of a 1-D NumPy ``S`` or ``U`` array (native byte order, any stride)
    as an ``(n, k)`` uint8 array of card ids, and the first row that is not exactly ``k``
    distinct cards (-1 if none: the array is then complete).

    >>> ids, bad = text_rows_fixed(np.array(["AhKd", "2c3c"]), 2); ids.tolist(), bad
    ([[50, 45], [0, 4]], -1)
    """
    if texts.ndim != 1 or texts.dtype.kind not in "SU" or not texts.dtype.isnative:
        raise ValueError("expected a 1-D S or U array in native byte order")
    cdef fh_text_rows rows
    rows.unit = 1 if texts.dtype.kind == "S" else 4
    rows.base = <const char *>cnp.PyArray_DATA(texts)
    rows.row_stride = texts.strides[0]
    rows.width = <size_t>(texts.dtype.itemsize // rows.unit)
    rows.ptrs = NULL
    rows.lens = NULL
    return _text_rows_run(&rows, texts.shape[0], k, threads)


def text_rows_objects(list texts, int k, object threads=None):
    """Internal: as :func:`text_rows_fixed` for a list of str or bytes (the caller's snapshot,
    which keeps the texts alive while the GIL is released). An item that is neither, or a str
    holding a character beyond U+00FF (no card text has one), is a bad row at once.

    >>> ids, bad = text_rows_objects(["AhKd", b"2c3c", None, "AhAh"], 2); ids[:2].tolist(), bad
    ([[50, 45], [0, 4]], 2)
    """
    cdef Py_ssize_t n = PyList_GET_SIZE(texts), i, parsed = n
    cdef const char **ptrs = <const char **>calloc(max(n, 1), sizeof(char *))
    cdef size_t *lens = <size_t *>calloc(max(n, 1), sizeof(size_t))
    cdef object item
    cdef fh_text_rows rows
    try:
        if ptrs == NULL or lens == NULL:
            raise MemoryError()
        for i in range(n):
            item = <object>PyList_GET_ITEM(texts, i)
            if PyUnicode_Check(item) and PyUnicode_KIND(item) == 1:
                ptrs[i] = <const char *>PyUnicode_DATA(item)
                lens[i] = <size_t>PyUnicode_GET_LENGTH(item)
            elif PyBytes_Check(item):
                ptrs[i] = PyBytes_AS_STRING(item)
                lens[i] = <size_t>PyBytes_GET_SIZE(item)
            else:
                parsed = i
                break
        rows.base = NULL
        rows.row_stride = 0
        rows.width = 0
        rows.ptrs = ptrs
        rows.lens = lens
        rows.unit = 1
        out, bad = _text_rows_run(&rows, parsed, k, threads)
    finally:
        free(ptrs)
        free(lens)
    if parsed < n:
        full = np.empty((n, k), dtype=np.uint8)
        full[:parsed] = out
        return full, (bad if bad >= 0 else parsed)
    return out, bad

# ---- Monte Carlo kernel (fh_montecarlo) -----------------------------------------------------

# fh_tally as rows of uint64 words (a typed memoryview of a structured dtype costs about a
# millisecond per call to parse): deals, win[10], tie[10], share[10], share_sq[10], split[11].
_TALLY_WORDS = 52
assert sizeof(fh_tally) == _TALLY_WORDS * 8


def _tally_columns(int n_players):
    """Where each key of :func:`exact_deals` lies in a row of fh_tally words."""
    return {"deals": 0, "win": slice(1, 1 + n_players), "tie": slice(11, 11 + n_players),
            "share": slice(21, 21 + n_players), "share_sq": slice(31, 31 + n_players),
            "split": slice(41, 42 + n_players)}


def _raw_tallies_to_arrays(raw, int n_players):
    """The dict of :func:`exact_deals` from fh_tally rows stored as (n, 52) uint64 words."""
    return {key: raw[:, cols].copy() for key, cols in _tally_columns(n_players).items()}

# ---- sweep: exact heads-up range equity per runout (csrc/fh_sweep.h) -----------------------

def sweep_runouts(object board, object dead):
    """Number of runouts (board completions) a sweep over ``board`` and ``dead`` visits."""
    return fh_sweep_runouts(len(board), _mask(dead))


@cython.boundscheck(False)
@cython.wraparound(False)
def monte_carlo_blocks(list combos, list weights, list random, object board, object dead, uint64_t seed,
                       uint64_t first_block, uint64_t n_blocks, uint32_t block_size, int threads,
                       bint by_combo=False):
    """Monte Carlo tally of blocks [first_block, first_block + n_blocks) of block_size trials.

    Internal (``fastholdem.equity`` has checked the cards). Player p holds one of
    ``combos[p]`` ((n, 2) uint8) with probability proportional to ``weights[p]`` ((n,)
    float64, or None for equal weights), or, when ``random[p]`` is true, any two cards of
    the deck (``combos[p]`` may then be None, or list the hands the player can hold, which
    only indexes the per-combo tallies). Returns the dict of :func:`exact_deals` for one
    row; with ``by_combo``, also "combo_deals", "combo_share" and "combo_share_sq": one
    uint64 array per player, aligned with ``combos[p]`` (empty when it is None): trials in
    which the player held each combo, and the sums of its pot shares (units of
    ``1 / SHARE_UNIT``) and of their squares in those trials.
    """
    cdef int players = len(combos)
    if players < 2 or players > FH_MAX_PLAYERS or len(weights) != players or len(random) != players:
        raise InputError(f"2 to {FH_MAX_PLAYERS} players, with one weights and one random entry each")
    cdef fh_mc_player pl[10]
    cdef const uint8_t[:, ::1] cv
    cdef const double[::1] wv
    keep = []
    sizes = []
    for p in range(players):
        pl[p].combos = NULL
        pl[p].weights = NULL
        pl[p].n = 0
        pl[p].random = 1 if random[p] else 0
        if combos[p] is None:
            if not random[p]:
                raise InputError(f"player {p}: a player who is not random needs combos")
            sizes.append(0)
            continue
        arr = np.ascontiguousarray(combos[p], dtype=np.uint8)
        limit = 1326 if random[p] else 65535
        if arr.ndim != 2 or arr.shape[1] != 2 or not 0 < arr.shape[0] <= limit:
            raise InputError(f"player {p}: combos must be a (n, 2) array with 1 <= n <= {limit}")
        if int(arr.max()) > 51 or bool(np.any(arr[:, 0] == arr[:, 1])):
            raise InputError(f"player {p}: combos must hold two different card ids 0..51")
        cv = arr
        pl[p].combos = &cv[0, 0]
        pl[p].n = <int>arr.shape[0]
        keep.append(arr)
        sizes.append(arr.shape[0])
        if weights[p] is not None and not random[p]:
            w = np.ascontiguousarray(weights[p], dtype=np.float64)
            if w.shape != (arr.shape[0],) or not bool(np.all(np.isfinite(w))) or bool(np.any(w < 0)) \
                    or not float(w.sum()) > 0:
                raise InputError(f"player {p}: weights must be n finite values >= 0 with a positive sum")
            wv = w
            pl[p].weights = &wv[0]
            keep.append(w)
    cdef fh_card_t b[5]
    cdef int nb = len(board)
    if nb > 5:
        raise InputError("a board has at most 5 cards")
    for i, c in enumerate(board):
        b[i] = c
    cdef uint64_t dead_mask = _mask(dead)
    raw = np.zeros((1, _TALLY_WORDS), dtype=np.uint64)
    cdef uint64_t[:, ::1] t = raw
    cdef size_t slots = fh_mc_combo_slots(pl, players) if by_combo else 0
    counters = np.zeros(max(<Py_ssize_t>slots, 1), dtype=np.uint64)
    cdef uint64_t[::1] cc = counters
    cdef uint64_t *ccp = &cc[0] if by_combo else NULL
    cdef fh_status status
    cdef _Interrupt intr = _Interrupt(_threads(threads))
    with nogil:
        status = fh_monte_carlo(pl, players, b, nb, dead_mask, seed, first_block, n_blocks, block_size,
                                intr.ex.threads, _poll_signals, <void *>intr, intr.ex.poll_ms, <fh_tally *>&t[0, 0], ccp)
    intr.check(status)
    result = {key: value[0] for key, value in _raw_tallies_to_arrays(raw, players).items()}
    if by_combo:
        off = 0
        deals, share, share_sq = [], [], []
        for n in sizes:
            deals.append(counters[off:off + n])
            share.append(counters[off + n:off + 2 * n])
            share_sq.append(counters[off + 2 * n:off + 3 * n])
            off += 3 * n
        result["combo_deals"], result["combo_share"], result["combo_share_sq"] = deals, share, share_sq
    return result


# ---- exact equity by runout tables (fh_runouts) ---------------------------------------------

@cython.boundscheck(False)
@cython.wraparound(False)
def runout_values(object combos, object board, object dead=()):
    """Value of each combo ((n, 2) card ids, none on ``board`` or ``dead``) with the board
    (3 or 4 cards) and each runout: a uint16 array (n, stride), 0 where the combo shares a
    card with the runout and in the padding (stride is a multiple of 8)."""
    arr = np.ascontiguousarray(combos, dtype=np.uint8)
    if arr.ndim != 2 or arr.shape[1] != 2 or arr.shape[0] < 1:
        raise InputError("combos must be a non-empty (n, 2) array")
    if int(arr.max()) > 51 or bool(np.any(arr[:, 0] == arr[:, 1])):
        raise InputError("combos must hold two different card ids 0..51")
    cdef int nb = len(board)
    if nb not in (3, 4):
        raise InputError(f"runout tables need a flop or a turn, got {nb} board cards")
    cdef fh_card_t b[5]
    for i, c in enumerate(board):
        b[i] = c
    cdef uint64_t board_mask = _mask(board), dead_mask = _mask(dead)
    masks = (np.uint64(1) << arr[:, 0].astype(np.uint64)) | (np.uint64(1) << arr[:, 1].astype(np.uint64))
    if bool(np.any(masks & np.uint64(board_mask | dead_mask))):
        raise InputError("a combo holds a board or dead card")
    cdef size_t stride = fh_runout_stride(fh_runout_count(nb, board_mask | dead_mask))
    out = np.zeros((arr.shape[0], max(<Py_ssize_t>stride, 8)), dtype=np.uint16)
    cdef uint16_t[:, ::1] ov = out
    cdef const uint8_t[:, ::1] cv = arr
    cdef fh_status status
    with nogil:
        status = fh_runout_values(&cv[0, 0], <size_t>cv.shape[0], b, nb, dead_mask, &ov[0, 0],
                                  <size_t>ov.shape[1])
    _check(status)
    return out


def _runout_deal_rows(const uint16_t[:, ::1] values, object deals):
    """``deals`` as a C-contiguous uint32 (n, players) array of rows of ``values``, checked."""
    d = np.ascontiguousarray(deals, dtype=np.uint32)
    if d.ndim != 2 or not 2 <= d.shape[1] <= FH_MAX_PLAYERS:
        raise InputError(f"deals must be (n, 2..{FH_MAX_PLAYERS}) row indexes")
    if values.shape[1] % 8:
        raise InputError("values must come from runout_values")
    if d.shape[0] and int(d.max()) >= values.shape[0]:
        raise InputError("a deal refers to a row past the value table")
    return d


@cython.boundscheck(False)
@cython.wraparound(False)
def runout_tallies(const uint16_t[:, ::1] values, object deals, int threads):
    """Exact tallies of deals given as rows of ``values`` (one uint32 row index per player,
    shape (n, players)); the dict of :func:`exact_deals`. Internal: the deals' combos must
    not share cards (checked by the caller)."""
    d = _runout_deal_rows(values, deals)
    cdef Py_ssize_t n = d.shape[0]
    cdef int players = <int>d.shape[1]
    # One compact tally per deal, written field-major in place by the kernel (each key is a
    # view whose columns are contiguous).
    cdef Py_ssize_t width = <Py_ssize_t>fh_runout_row_words(players)
    raw = np.empty((width, n), dtype=np.uint64)
    cdef uint64_t[:, ::1] t = raw
    cdef const uint32_t[:, ::1] dv = d
    cdef fh_status status = FH_OK
    cdef _Interrupt intr = _Interrupt(_threads(threads))
    if n:
        with nogil:
            status = fh_runout_tallies(&values[0, 0], <size_t>values.shape[1], &dv[0, 0], <size_t>n, players,
                                       intr.ex.threads, _poll_signals, <void *>intr, intr.ex.poll_ms, &t[0, 0])
    intr.check(status)
    k = players
    return {"deals": raw[0], "win": raw[1:1 + k].T, "tie": raw[1 + k:1 + 2 * k].T,
            "share": raw[1 + 2 * k:1 + 3 * k].T, "share_sq": raw[1 + 3 * k:1 + 4 * k].T,
            "split": raw[1 + 4 * k:2 + 5 * k].T}

def runout_sums(const uint16_t[:, ::1] values, object deals, int threads):
    """The column sums of :func:`runout_tallies` without its rows: ``(sums, combos)``, sums
    a dict of the same keys, each summed over the deals (``deals`` a uint64 scalar array,
    the others 1-D), and combos a uint64 array (players, 2, rows of ``values``): per player
    and value row, the runouts counted and the sum of the player's shares over the deals in
    which the player holds that row. Internal, as :func:`runout_tallies`."""
    d = _runout_deal_rows(values, deals)
    cdef Py_ssize_t n = d.shape[0]
    cdef int players = <int>d.shape[1]
    cdef Py_ssize_t width = <Py_ssize_t>fh_runout_row_words(players)
    totals = np.zeros(width, dtype=np.uint64)
    combo = np.zeros((players, 2, max(values.shape[0], 1)), dtype=np.uint64)
    cdef uint64_t[::1] tv = totals
    cdef uint64_t[:, :, ::1] cv = combo
    cdef const uint32_t[:, ::1] dv = d
    cdef fh_status status = FH_OK
    cdef _Interrupt intr = _Interrupt(_threads(threads))
    if n:
        with nogil:
            status = fh_runout_sums(&values[0, 0], <size_t>values.shape[1], <size_t>values.shape[0], &dv[0, 0],
                                    <size_t>n, players, intr.ex.threads, _poll_signals, <void *>intr,
                                    intr.ex.poll_ms, &tv[0], &cv[0, 0, 0])
    intr.check(status)
    k = players
    sums = {"deals": totals[0], "win": totals[1:1 + k], "tie": totals[1 + k:1 + 2 * k],
            "share": totals[1 + 2 * k:1 + 3 * k], "share_sq": totals[1 + 3 * k:1 + 4 * k],
            "split": totals[1 + 4 * k:2 + 5 * k]}
    return sums, combo[:, :, :values.shape[0]]


def sweep_two(object cards, object w0, object w1, object board, object dead, object perms, uint64_t first,
              uint64_t count, int threads):
    """Per-entry sweep counts of runouts ``[first, first + count)``.

    Internal: ``cards`` (n, 2) uint8 entries (the union of both ranges' combos, none sharing
    a card with ``board`` or ``dead``), ``w0``/``w1`` (n,) int64 weights >= 0 in ranges 0
    and 1; the caller keeps ``count * (sum(w0) + sum(w1))`` below 2**63. ``perms`` (g, 4)
    uint8: the suit permutations of a symmetry group of the job, identity first (see
    ``fh_sweep_two``). Returns a dict: ``win0``, ``tie0``, ``win1``, ``tie1`` (n,) uint64 and
    ``deals`` (int: runouts accounted for).
    """
    cdef const uint8_t[:, ::1] cv = np.ascontiguousarray(cards, dtype=np.uint8)
    cdef const int64_t[::1] a = np.ascontiguousarray(w0, dtype=np.int64)
    cdef const int64_t[::1] b = np.ascontiguousarray(w1, dtype=np.int64)
    cdef Py_ssize_t n = cv.shape[0]
    if cv.shape[1] != 2 or a.shape[0] != n or b.shape[0] != n or n > 1326:
        raise InputError("sweep_two needs at most 1326 (n, 2) entries and n weights per range")
    if len(board) > 5:
        raise InputError(f"a board has at most 5 cards, got {len(board)}")
    cdef const uint8_t[:, ::1] pv = np.ascontiguousarray(perms, dtype=np.uint8)
    if pv.shape[1] != 4 or not 1 <= pv.shape[0] <= 24:
        raise InputError("perms must be a (g, 4) array of suit permutations, 1 <= g <= 24")
    parr = np.asarray(pv)
    if not (np.sort(parr, axis=1) == np.arange(4)).all() or not (parr[0] == np.arange(4)).all():
        raise InputError("perms must hold permutations of 0..3, the identity first")
    cdef fh_card_t bc[5]
    cdef int nb = len(board)
    for i, c in enumerate(board):
        bc[i] = c
    cdef uint64_t dead_mask = _mask(dead)
    counts = np.zeros((4, max(n, 1)), dtype=np.uint64)
    cdef uint64_t[:, ::1] cnt = counts
    cdef fh_sweep_out out
    out.win0 = &cnt[0, 0]
    out.tie0 = &cnt[1, 0]
    out.win1 = &cnt[2, 0]
    out.tie1 = &cnt[3, 0]
    out.deals = 0
    cdef fh_status status = FH_OK
    cdef _Interrupt intr = _Interrupt(_threads(threads))
    if n:
        with nogil:
            status = fh_sweep_two(&cv[0, 0], &a[0], &b[0], <int>n, bc, nb, dead_mask, &pv[0, 0],
                                  <int>pv.shape[0], first, count, intr.ex.threads, _poll_signals, <void *>intr, intr.ex.poll_ms,
                                  &out)
    intr.check(status)
    return {"win0": counts[0, :n], "tie0": counts[1, :n], "win1": counts[2, :n], "tie1": counts[3, :n],
            "deals": int(out.deals)}


# ---- the vector engine: many tables as arrays (csrc/fh_vector.h, fastholdem.vector) -----------

from libc.stdint cimport int8_t, int16_t
from libc.string cimport memcpy
import hashlib
import struct
import zlib


cdef extern from "fh_vector.h" nogil:
    enum: FH_VEC_MAX_PLAYERS
    ctypedef struct fh_vec_cfg:
        int players
        int limit
        int pot_limit
        int pk
        int64_t small_blind
        int64_t big_blind
        int64_t ante
        int ante_mode
        int64_t min_bet
        int64_t bet_sizes[4]
        int bet_cap
        int cap_heads_up
        int uncapped_river
        int half_bet_reopens
        int carry_stacks
    ctypedef struct fh_vec_xlog:
        int kn
        int kcap
        int rn
        int rcap
        uint8_t *kinds
        int64_t *raises
        int lost
    ctypedef struct fh_vec:
        fh_vec_cfg cfg
        size_t n
        int64_t *stacks
        int64_t *bets
        int64_t *put
        int64_t *rewards
        int64_t *max_bet
        int64_t *full
        int64_t *pot
        int64_t *dead
        int64_t *shorts_sum
        uint16_t *folded
        uint16_t *acted
        uint16_t *seen
        uint16_t *broke
        int8_t *actor
        int8_t *button
        int8_t *street
        int8_t *betting_over
        int8_t *shorts_cnt
        int8_t *slot
        int8_t *rep
        int16_t *nbets
        int16_t *nraise
        int8_t *running
        uint8_t *behind
        uint8_t *hand_over
        uint64_t *rng
        const int64_t *base
        ptrdiff_t base_stride
        int8_t *hole
        int8_t *board
        int64_t *start
        int8_t *rec_button
        int log_cap
        int raise_cap
        uint8_t *log
        fh_vec_xlog **xlog
        int16_t *log_len
        int16_t *log_raises
        int64_t *raise_to
        uint8_t *showdown
        uint16_t *win_value
        uint16_t *winners
        uint16_t *values
    ctypedef struct fh_vec_legal:
        int actor
        int can_fold
        int can_check
        int64_t call
        int64_t min_to
        int64_t max_to
    ctypedef struct fh_vec_tally:
        int64_t hands
        uint64_t total[10][2]
        uint64_t squares[10][3]
        int64_t showdowns[10]
        int64_t wins[10][9]
    void fh_vec_seed(fh_vec *v, size_t t, uint64_t seed)
    void fh_vec_free_xlogs(fh_vec_xlog **xlog, size_t count)
    void fh_vec_new_hand(fh_vec *v, size_t t, int move_button, int report)
    enum: FH_VEC_NO_RESET
    enum: FH_VEC_AUTO_RESET
    enum: FH_VEC_REPORT_ONLY
    fh_vec_legal fh_vec_legal_of(const fh_vec *v, size_t t)
    int fh_vec_check_action(const fh_vec *v, size_t t, int kind, int64_t amount)
    void fh_vec_step_range(fh_vec *v, size_t lo, size_t hi, const int64_t *kind, const int64_t *amount,
                           const uint8_t *mask, int reset)
    fh_status fh_vec_play_random(fh_vec *v, uint64_t hands, double p_fold, double p_raise, const fh_exec *ex,
                                 fh_vec_tally *out)
    fh_status fh_vec_check_all(const fh_vec *v, const int64_t *kind, const int64_t *amount, const uint8_t *mask,
                               uint8_t *codes, const fh_exec *ex)
    fh_status fh_vec_new_hands(fh_vec *v, const uint8_t *mask, int move_button, int report, const fh_exec *ex,
                               size_t *done)
    void fh_vec_play_random_until(fh_vec *v, const uint8_t *mask, int seat, double p_fold, double p_raise)



_VEC_FLAGS = ("limit", "pot_limit", "pokerkit", "cap_heads_up", "uncapped_river", "half_bet_reopens", "carry_stacks")
_VEC_MAX_AMOUNT = 1 << 56


cdef class VecConfig:
    """The rules a ``VecCore`` plays (the C engine's ``fh_vec_cfg``), from keyword arguments.

    Every field is checked here (``InputTypeError`` for a non-int, ``InputError`` naming the
    field for a value out of range) and read-only afterwards. ``fastholdem.vector.Tables``
    makes one from a :class:`~fastholdem.game.GameConfig`.

    >>> VecConfig(players=2, small_blind=1, big_blind=2, min_bet=2, bet_sizes=(2, 2, 4, 4)).big_blind
    2
    """

    cdef fh_vec_cfg c

    def __init__(self, *, players, small_blind, big_blind, min_bet, bet_sizes, ante=0, ante_mode=0, bet_cap=-1,
                 limit=False, pot_limit=False, pokerkit=False, cap_heads_up=False, uncapped_river=False,
                 half_bet_reopens=False, carry_stacks=False):
        top = _VEC_MAX_AMOUNT - 1
        self.c.players = check_int(players, "players", low=2, high=FH_VEC_MAX_PLAYERS)
        self.c.small_blind = check_int(small_blind, "small_blind", low=0, high=top)
        self.c.big_blind = check_int(big_blind, "big_blind", low=0, high=top)
        self.c.ante = check_int(ante, "ante", low=0, high=top)
        self.c.min_bet = check_int(min_bet, "min_bet", low=0, high=top)
        self.c.ante_mode = check_int(ante_mode, "ante_mode", low=0, high=2)
        self.c.bet_cap = check_int(bet_cap, "bet_cap", low=-1, high=10_000)
        sizes = tuple(bet_sizes)
        if len(sizes) != 4:
            raise InputError(f"bet_sizes must hold 4 amounts (one per street), got {len(sizes)}")
        for k in range(4):
            self.c.bet_sizes[k] = check_int(sizes[k], "bet_sizes", low=0, high=top)
        flags = (limit, pot_limit, pokerkit, cap_heads_up, uncapped_river, half_bet_reopens, carry_stacks)
        for name, flag in zip(_VEC_FLAGS, flags):
            if not (flag is True or flag is False or (type(flag) is int and flag in (0, 1))):
                raise InputTypeError(f"{name} must be True or False, got {type(flag).__name__} {echo(flag)}")
        (self.c.limit, self.c.pot_limit, self.c.pk, self.c.cap_heads_up, self.c.uncapped_river,
         self.c.half_bet_reopens, self.c.carry_stacks) = [int(f) for f in flags]
        if self.c.small_blind > self.c.big_blind:
            raise InputError(f"small_blind {self.c.small_blind} exceeds big_blind {self.c.big_blind}")
        if self.c.limit and self.c.pot_limit:
            raise InputError("limit and pot_limit cannot both be set")

    def as_dict(self):
        """Every field as a keyword argument of ``VecConfig`` (``VecConfig(**c.as_dict()) == c``)."""
        c = self.c
        return {"players": c.players, "small_blind": c.small_blind, "big_blind": c.big_blind,
                "min_bet": c.min_bet, "bet_sizes": tuple(c.bet_sizes[k] for k in range(4)), "ante": c.ante,
                "ante_mode": c.ante_mode, "bet_cap": c.bet_cap, "limit": bool(c.limit),
                "pot_limit": bool(c.pot_limit), "pokerkit": bool(c.pk), "cap_heads_up": bool(c.cap_heads_up),
                "uncapped_river": bool(c.uncapped_river), "half_bet_reopens": bool(c.half_bet_reopens),
                "carry_stacks": bool(c.carry_stacks)}

    @property
    def players(self):
        return self.c.players

    @property
    def small_blind(self):
        return self.c.small_blind

    @property
    def big_blind(self):
        return self.c.big_blind

    @property
    def carry_stacks(self):
        return bool(self.c.carry_stacks)

    def __eq__(self, other):
        if not isinstance(other, VecConfig):
            return NotImplemented
        return self.as_dict() == other.as_dict()

    def __hash__(self):
        return hash(tuple(self.as_dict().items()))

    def __repr__(self):
        return "VecConfig(" + ", ".join(f"{k}={v!r}" for k, v in self.as_dict().items()) + ")"

    def __reduce__(self):
        return _vec_config, (self.as_dict(),)


def _vec_config(dict fields):
    return VecConfig(**fields)


# the engine's arrays that start other than zero
_VEC_FILL = {"actor": -1, "street": 4, "rep": -1, "hand_over": 1, "hole": -1, "board": -1}

# the tables of a step's reset argument
VEC_NO_RESET, VEC_AUTO_RESET, VEC_REPORT_ONLY = FH_VEC_NO_RESET, FH_VEC_AUTO_RESET, FH_VEC_REPORT_ONLY


cdef object _readonly(object arr):
    view = arr.view()
    view.flags.writeable = False
    return view


cdef class VecCore:
    """The C state of ``fastholdem.vector.Tables`` (which checks every argument first).

    The engine's arrays are private: the methods below change them (in C), and observers get
    read-only views (:attr:`stacks`, :attr:`rewards`, :attr:`hand_over`, :attr:`actor`,
    :attr:`button`, :meth:`view`) or copies (:meth:`observe`, :meth:`legal`, :meth:`hands`).
    Every buffer of a table (its two hand-record slots, the logs) is known here and in
    csrc/fh_vector.c only.
    """

    cdef fh_vec v
    cdef dict _arrays
    cdef object _stacks, _rewards, _hand_over, _actor, _button, _pot, _base, _codes
    cdef readonly Py_ssize_t n, players
    cdef readonly int history
    cdef readonly VecConfig config

    def __init__(self, Py_ssize_t n, VecConfig config not None, object base, object button, uint64_t seed,
                 int history):
        """n tables under ``config``; base: the configured stacks, (n, players) or (1, players) int64;
        button: each table's first button, an int or an (n,) int array of seats; history: actions logged
        per hand (a third as many bet/raise amounts). Call :meth:`new_hands` to deal the first hands."""
        cdef int players = config.c.players
        if n < 0 or not 0 <= history <= 10000:
            raise InputError("n must be >= 0 and history 0..10000")
        self.v.log_cap = history
        self.v.raise_cap = history // 3
        self.n = n
        self.players = players
        self.history = history
        self.config = config
        self.v.cfg = config.c
        self.v.n = <size_t>n
        self._arrays = {}
        for name, dtype, shape in _vec_layout(n, players, history):
            self._arrays[name] = np.full(shape, _VEC_FILL.get(name, 0), np.dtype(dtype).newbyteorder("="))
        a = self._arrays
        self._stacks, self._rewards, self._pot = a["stacks"], a["rewards"], a["pot"]
        self._hand_over, self._actor, self._button = a["hand_over"], a["actor"], a["button"]
        buttons = np.ascontiguousarray(np.broadcast_to(np.asarray(button, np.int64), (n,)))
        if buttons.size and (buttons.min() < 0 or buttons.max() >= players):
            raise InputError(f"button must hold seats 0..{players - 1}")
        self._button[:] = buttons
        self._set_base(base)
        self._bind()
        self.v.xlog = NULL
        if history and n:
            self.v.xlog = <fh_vec_xlog **>calloc(<size_t>n * 2, sizeof(fh_vec_xlog *))
            if self.v.xlog == NULL:
                raise MemoryError("no memory for the overflow logs")
        cdef size_t t
        for t in range(<size_t>n):
            fh_vec_seed(&self.v, t, seed)

    cdef int _set_base(self, object base) except -1:
        arr = np.ascontiguousarray(base, dtype=np.int64)
        if arr.ndim != 2 or arr.shape[0] not in (1, self.n) or arr.shape[1] != self.players:
            raise InputError("base stacks must have shape (n, players) or (1, players)")
        self._base = arr
        self.v.base = _p64(arr)
        self.v.base_stride = 0 if arr.shape[0] == 1 else self.players
        return 0

    cdef void _bind(self):
        a = self._arrays
        self.v.stacks = _p64(a["stacks"])
        self.v.bets = _p64(a["bets"])
        self.v.put = _p64(a["put"])
        self.v.rewards = _p64(a["rewards"])
        self.v.max_bet = _p64(a["max_bet"])
        self.v.full = _p64(a["full"])
        self.v.pot = _p64(a["pot"])
        self.v.dead = _p64(a["dead"])
        self.v.shorts_sum = _p64(a["shorts_sum"])
        self.v.folded = <uint16_t *>_ptr(a["folded"])
        self.v.acted = <uint16_t *>_ptr(a["acted"])
        self.v.seen = <uint16_t *>_ptr(a["seen"])
        self.v.broke = <uint16_t *>_ptr(a["broke"])
        self.v.actor = <int8_t *>_ptr(a["actor"])
        self.v.button = <int8_t *>_ptr(a["button"])
        self.v.street = <int8_t *>_ptr(a["street"])
        self.v.betting_over = <int8_t *>_ptr(a["betting_over"])
        self.v.shorts_cnt = <int8_t *>_ptr(a["shorts_cnt"])
        self.v.slot = <int8_t *>_ptr(a["slot"])
        self.v.rep = <int8_t *>_ptr(a["rep"])
        self.v.nbets = <int16_t *>_ptr(a["nbets"])
        self.v.nraise = <int16_t *>_ptr(a["nraise"])
        self.v.running = <int8_t *>_ptr(a["running"])
        self.v.behind = <uint8_t *>_ptr(a["behind"])
        self.v.hand_over = <uint8_t *>_ptr(a["hand_over"])
        self.v.rng = <uint64_t *>_ptr(a["rng"])
        self.v.hole = <int8_t *>_ptr(a["hole"])
        self.v.board = <int8_t *>_ptr(a["board"])
        self.v.start = _p64(a["start"])
        self.v.rec_button = <int8_t *>_ptr(a["rec_button"])
        self.v.log = <uint8_t *>_ptr(a["log"])
        self.v.log_len = <int16_t *>_ptr(a["log_len"])
        self.v.log_raises = <int16_t *>_ptr(a["log_raises"])
        self.v.raise_to = _p64(a["raise_to"])
        self.v.showdown = <uint8_t *>_ptr(a["showdown"])
        self.v.win_value = <uint16_t *>_ptr(a["win_value"])
        self.v.winners = <uint16_t *>_ptr(a["winners"])
        self.v.values = <uint16_t *>_ptr(a["values"])

    def __dealloc__(self):
        if self.v.xlog != NULL:
            fh_vec_free_xlogs(self.v.xlog, <size_t>self.n * 2)
            free(self.v.xlog)
            self.v.xlog = NULL

    # ---- read-only views ------------------------------------------------------------------

    @property
    def stacks(self):
        """int64 (n, players): every seat's chips behind (a read-only view of the live array)."""
        return _readonly(self._stacks)

    @property
    def rewards(self):
        """int64 (n, players): chips won by each seat in each table's last finished hand (read-only view)."""
        return _readonly(self._rewards)

    @property
    def hand_over(self):
        """bool (n,): the table's hand is over, or (auto reset) finished at the last step (read-only view)."""
        view = self._hand_over.view(np.bool_)
        view.flags.writeable = False
        return view

    @property
    def actor(self):
        """int8 (n,): the seat to act, -1 for none (read-only view)."""
        return _readonly(self._actor)

    @property
    def button(self):
        """int8 (n,): the button's seat in each table's current hand (read-only view)."""
        return _readonly(self._button)

    @property
    def nbytes(self):
        """Bytes of every array of the engine state (the configured stacks too; not the overflow logs)."""
        return sum(arr.nbytes for arr in self._arrays.values()) + self._base.nbytes

    def view(self, str name):
        """A read-only view of the engine array ``name`` (a name of ``_vec_layout``, or ``"base"``:
        the configured stacks). For tests and debugging: the layout may change between builds."""
        if name == "base":
            return _readonly(self._base)
        try:
            return _readonly(self._arrays[name])
        except KeyError:
            raise InputError(f"name must be an array of the engine state, got {echo(name)}") from None

    # ---- records --------------------------------------------------------------------------

    def hands(self, object rows, bint finished=True, bint actions=False):
        """The record of each table of ``rows`` (table indices): of its last finished hand, or
        (``finished=False``) of the hand being dealt or played, as a dict of new arrays.

        Keys: ``button`` int16 (k,), ``start`` int64 (k, players), ``hole`` int8 (k, players, 2),
        ``board`` int8 (k, 5); for a finished hand also ``rewards`` int64 (k, players),
        ``showdown`` bool (k,), ``winning_value`` uint16 (k,), ``winners`` bool (k, players) and
        ``folded`` bool (k, players), or None when a table has been dealt another hand since (the
        engine keeps only the folds of the hand in play); with ``actions``, ``actions``: per table
        ``(kinds bytes, bet/raise amounts list, actions in the hand, bets and raises in the
        hand)``, the log as far as it was kept (shorter than the counts when it was not whole).
        A table without a finished hand on record raises InputError naming it; one outside
        0..n-1, IndexError."""
        rows_ = np.ascontiguousarray(rows, dtype=np.intp).reshape(-1)
        cdef Py_ssize_t k = rows_.shape[0], P = self.players, i, j, t
        cdef const Py_ssize_t *r = <const Py_ssize_t *>_ptr(rows_)
        cdef size_t rs
        cdef int s
        cdef bint dealt_again = False
        slots = np.empty(k, np.int8)
        cdef int8_t *sl = <int8_t *>_ptr(slots)
        for i in range(k):
            t = r[i]
            if not 0 <= t < self.n:
                raise IndexError(f"table {t} is not in 0..{self.n - 1}")
            s = self.v.rep[t] if finished else self.v.slot[t]
            if s < 0:
                raise InputError(f"table {t} has no finished hand on record")
            sl[i] = <int8_t>s
            dealt_again |= s != self.v.slot[t] or self.v.running[t] != 0
        button = np.empty(k, np.int16)
        start = np.empty((k, P), np.int64)
        hole = np.empty((k, P, 2), np.int8)
        board = np.empty((k, 5), np.int8)
        cdef int16_t *bu = <int16_t *>_ptr(button)
        cdef int64_t *st = _p64(start)
        cdef int8_t *ho = <int8_t *>_ptr(hole)
        cdef int8_t *bo = <int8_t *>_ptr(board)
        for i in range(k):
            rs = <size_t>r[i] * 2 + <size_t>sl[i]
            bu[i] = self.v.rec_button[rs]
            memcpy(st + i * P, self.v.start + rs * <size_t>P, sizeof(int64_t) * <size_t>P)
            memcpy(ho + i * P * 2, self.v.hole + rs * <size_t>P * 2, <size_t>P * 2)
            memcpy(bo + i * 5, self.v.board + rs * 5, 5)
        out = {"button": button, "start": start, "hole": hole, "board": board}
        if finished:
            rewards = np.empty((k, P), np.int64)
            showdown = np.empty(k, np.bool_)
            value = np.empty(k, np.uint16)
            winners = np.empty((k, P), np.bool_)
            folded = np.empty((k, P), np.bool_)
            self._finished(k, r, sl, _p64(rewards), <uint8_t *>_ptr(showdown), <uint16_t *>_ptr(value),
                           <uint8_t *>_ptr(winners), <uint8_t *>_ptr(folded))
            out.update(rewards=rewards, showdown=showdown, winning_value=value, winners=winners,
                       folded=None if dealt_again else folded)
        if actions:
            out["actions"] = [self._actions(r[i], sl[i]) for i in range(k)]
        return out

    cdef void _finished(self, Py_ssize_t k, const Py_ssize_t *r, const int8_t *sl, int64_t *rewards,
                        uint8_t *showdown, uint16_t *value, uint8_t *winners, uint8_t *folded) noexcept:
        """The result fields of ``hands`` for the k checked rows ``r`` and record slots ``sl``."""
        cdef Py_ssize_t i, j, P = self.players
        cdef size_t t, rs
        for i in range(k):
            t = <size_t>r[i]
            rs = t * 2 + <size_t>sl[i]
            showdown[i] = self.v.showdown[rs] != 0
            value[i] = self.v.win_value[rs]
            for j in range(P):
                rewards[i * P + j] = self.v.rewards[t * <size_t>P + <size_t>j]
                winners[i * P + j] = (self.v.winners[rs] >> j) & 1
                folded[i * P + j] = (self.v.folded[t] >> j) & 1

    def _actions(self, Py_ssize_t t, int slot):
        """(kinds, amounts, count, raises) of the record (t, slot): the fixed log, then the overflow log."""
        cdef size_t rs = <size_t>t * 2 + <size_t>slot
        cdef int count = self.v.log_len[rs], n_raises = self.v.log_raises[rs], j
        cdef int kn = min(count, self.v.log_cap), rn = min(n_raises, self.v.raise_cap)
        kinds = (<char *>self.v.log + rs * <size_t>self.v.log_cap)[:kn] if kn else b""
        cdef const int64_t *raises = self.v.raise_to + rs * <size_t>self.v.raise_cap
        amounts = [raises[j] for j in range(rn)]
        if count > kn or n_raises > rn:  # a long hand: the rest is in the overflow log
            extra = self.extra_log(t, slot)
            if extra is not None:
                kinds += extra[0]
                amounts += extra[1]
        return kinds, amounts, count, n_raises

    def extra_log(self, Py_ssize_t i, int slot):
        """The actions of record (i, slot) beyond the fixed log: (kinds bytes, bet/raise amounts list),
        or None when an allocation failed (the log is incomplete)."""
        if not 0 <= i < self.n or slot not in (0, 1) or self.v.xlog == NULL:
            return b"", []
        cdef fh_vec_xlog *x = self.v.xlog[i * 2 + slot]
        if x == NULL:
            return b"", []
        if x.lost:
            return None
        kinds = bytes([x.kinds[k] for k in range(x.kn)])
        return kinds, [int(x.raises[r]) for r in range(x.rn)]

    def shown_hole(self):
        """int8 (n, players, 2): every seat's hole cards, of the finished hand where ``hand_over``
        (and one is on record), else of the hand being played (a read-only copy)."""
        a = self._arrays
        shown = np.where(self._hand_over.view(np.bool_) & (a["rep"] >= 0), a["rep"], a["slot"]).astype(np.intp)
        out = a["hole"][np.arange(self.n), shown]
        out.flags.writeable = False
        return out

    def last_showdowns(self):
        """(showdown bool (n,), winning value uint16 (n,)) of each table's last finished hand
        (False and 0 for a table with none on record)."""
        a = self._arrays
        rep = a["rep"]
        rows, slot = np.arange(self.n), np.maximum(rep, 0)
        shown = (a["showdown"][rows, slot] & (rep >= 0)).astype(np.bool_)
        return shown, np.where(rep >= 0, a["win_value"][rows, slot], 0).astype(np.uint16)

    # ---- changes --------------------------------------------------------------------------

    def set_base(self, object mask, object values):
        """Replace the configured stacks of the tables where the bool (n,) ``mask`` is true by the
        rows of ``values`` (a (k, players) int64 array of positive chips, checked by the caller)."""
        if self._base.shape[0] != self.n:
            self._set_base(np.broadcast_to(self._base, (self.n, self.players)))
        self._base[mask] = values


    def new_hands(self, object mask, bint move_button, bint report=True):
        """Deal a new hand to every table (mask None) or to the tables where mask (bool (n,)) is true;
        without ``report``, a table keeps reporting the hand it finished (auto reset: see ``step``).

        Ctrl-C: raises KeyboardInterrupt; the tables before some index are dealt, the rest untouched."""
        cdef const uint8_t[::1] m
        cdef const uint8_t *mp = NULL
        cdef _Interrupt intr = _Interrupt(1)
        cdef fh_status status
        if self.n == 0:
            return
        if mask is not None:
            m = np.ascontiguousarray(mask).view(np.uint8)
            mp = &m[0]
        with nogil:
            status = fh_vec_new_hands(&self.v, mp, move_button, report, &intr.ex, NULL)
        intr.check(status)

    @cython.boundscheck(False)
    @cython.wraparound(False)
    def legal(self):
        """(actor int16, can_fold bool, can_check bool, call int64, min_to int64, max_to int64)."""
        cdef Py_ssize_t n = self.n
        actor = np.empty(n, np.int16)
        can_fold = np.empty(n, np.bool_)
        can_check = np.empty(n, np.bool_)
        call = np.empty(n, np.int64)
        lo = np.empty(n, np.int64)
        hi = np.empty(n, np.int64)
        cdef int16_t[::1] a = actor
        cdef uint8_t[::1] f = can_fold.view(np.uint8)
        cdef uint8_t[::1] c = can_check.view(np.uint8)
        cdef int64_t[::1] ca = call, l = lo, h = hi
        cdef fh_vec_legal L
        cdef Py_ssize_t t
        with nogil:
            for t in range(n):
                L = fh_vec_legal_of(&self.v, <size_t>t)
                a[t] = <int16_t>L.actor
                f[t] = <uint8_t>L.can_fold
                c[t] = <uint8_t>L.can_check
                ca[t] = L.call
                l[t] = L.min_to
                h[t] = L.max_to
        return actor, can_fold, can_check, call, lo, hi

    def check_step(self, object kind, object amount, int max_report, object mask=None):
        """Validate the action (int64 (n,) ``kind`` and ``amount``) of every table with an actor (and
        where the bool (n,) ``mask`` is true; None: every table), changing nothing: (number of illegal
        ones, first indices, reason codes). Ctrl-C raises KeyboardInterrupt (no table changed)."""
        cdef const int64_t[::1] k = kind
        cdef const int64_t[::1] am = amount
        cdef const uint8_t[::1] m
        cdef const uint8_t *mp = NULL
        cdef uint8_t[::1] c
        cdef _Interrupt intr = _Interrupt(1)
        cdef fh_status status
        if self.n == 0:
            return 0, [], []
        if mask is not None:
            m = np.ascontiguousarray(mask).view(np.uint8)
            mp = &m[0]
        if self._codes is None:
            self._codes = np.zeros(self.n, np.uint8)
        c = self._codes
        with nogil:
            status = fh_vec_check_all(&self.v, &k[0], &am[0], mp, &c[0], &intr.ex)
        intr.check(status)
        bad = np.flatnonzero(self._codes)
        first = bad[:max_report]
        return int(bad.size), first.tolist(), self._codes[first].tolist()

    def step(self, object kind, object amount, object mask=None, int reset=FH_VEC_NO_RESET):
        """Apply checked actions (int64 (n,) arrays) in every table with an actor (and where the bool
        (n,) ``mask`` is true; None: every table; the others are left as they are). ``reset``:
        ``VEC_NO_RESET`` (a finished table waits), ``VEC_AUTO_RESET`` (it reports its hand and is
        dealt the next) or ``VEC_REPORT_ONLY`` (it reports its hand; deal the next hands with
        ``new_hands(mask, True, report=False)``, once the configured stacks are drawn)."""
        cdef const int64_t[::1] k = kind
        cdef const int64_t[::1] am = amount
        cdef const uint8_t[::1] m
        cdef const uint8_t *mp = NULL
        if not FH_VEC_NO_RESET <= reset <= FH_VEC_REPORT_ONLY:
            raise InputError(f"reset must be VEC_NO_RESET, VEC_AUTO_RESET or VEC_REPORT_ONLY, got {reset}")
        if self.n == 0:
            return
        if mask is not None:
            m = np.ascontiguousarray(mask).view(np.uint8)
            mp = &m[0]
        with nogil:
            fh_vec_step_range(&self.v, 0, <size_t>self.n, &k[0], &am[0], mp, reset)

    @cython.boundscheck(False)
    @cython.wraparound(False)
    def observe(self, object seats):
        """Every field of ``Observation`` for the int16 (n,) ``seats`` (-1: none), in one pass."""
        cdef Py_ssize_t n = self.n, P = self.players, t, j
        cdef const int16_t[::1] sv = seats
        hole = np.empty((n, 2), np.int8)
        board = np.empty((n, 5), np.int8)
        street = np.empty(n, np.int8)
        stacks = self._stacks.copy()
        bets = np.empty((n, P), np.int64)
        folded = np.empty((n, P), np.bool_)
        pot = self._pot.copy()
        to_call = np.empty(n, np.int64)
        position = np.empty(n, np.int16)
        raises = np.empty(n, np.int16)
        button = np.empty(n, np.int16)
        cdef int8_t[:, ::1] ho = hole, bo = board
        cdef int8_t[::1] st = street
        cdef int64_t[:, ::1] be = bets
        cdef uint8_t[:, ::1] fo = folded.view(np.uint8)
        cdef int64_t[::1] tc = to_call
        cdef int16_t[::1] po = position, ra = raises, bu = button
        cdef int s, si, run, shown, slot, b
        cdef int64_t own, need, stack
        cdef size_t rs
        cdef int SHOWN[5]
        SHOWN[:] = [0, 3, 4, 5, 5]
        with nogil:
            for t in range(n):
                s = sv[t]
                si = s if s >= 0 else 0
                run = self.v.running[t] != 0
                slot = self.v.slot[t]
                rs = <size_t>t * 2 + <size_t>slot
                b = self.v.button[t]
                for j in range(2):
                    ho[t, j] = self.v.hole[(rs * <size_t>P + <size_t>si) * 2 + <size_t>j] if s >= 0 else -1
                shown = SHOWN[self.v.street[t]]
                for j in range(5):
                    bo[t, j] = self.v.board[rs * 5 + <size_t>j] if j < shown else -1
                st[t] = self.v.street[t] if run else 4
                for j in range(P):
                    be[t, j] = self.v.bets[t * P + j] if run else 0
                    fo[t, j] = (self.v.folded[t] >> j) & 1
                own = be[t, si]
                stack = self.v.stacks[t * P + si]
                need = self.v.max_bet[t] - own
                if need < 0:
                    need = 0
                tc[t] = (need if need < stack else stack) if (s >= 0 and run) else 0
                po[t] = <int16_t>((s - b + P) % P) if s >= 0 else -1
                ra[t] = self.v.nraise[t] if run else 0
                bu[t] = b
        return hole, board, street, stacks, bets, folded, pot, to_call, position, raises, button

    def play_random_until(self, int seat, object mask, double p_fold, double p_raise):
        """The random player for every seat but ``seat`` in the tables of the bool (n,) ``mask``
        (None: all), until ``seat`` is to act or the hand is over."""
        cdef const uint8_t[::1] m
        cdef const uint8_t *mp = NULL
        if self.n == 0:
            return
        if mask is not None:
            m = np.ascontiguousarray(mask).view(np.uint8)
            mp = &m[0]
        with nogil:
            fh_vec_play_random_until(&self.v, mp, seat, p_fold, p_raise)

    def play_random(self, uint64_t hands, double p_fold, double p_raise, object threads):
        """Play ``hands`` whole hands with the random player; returns its per-seat tallies as a dict."""
        cdef fh_vec_tally tally
        cdef _Interrupt intr = _Interrupt(_threads(threads))
        cdef fh_status status
        with nogil:
            status = fh_vec_play_random(&self.v, hands, p_fold, p_raise, &intr.ex, &tally)
        intr.check(status)
        P = self.players
        return {
            "hands": int(tally.hands),
            "total": [_int128(tally.total[i][0], tally.total[i][1]) for i in range(P)],
            "squares": [int(tally.squares[i][0]) + (int(tally.squares[i][1]) << 64)
                        + (int(tally.squares[i][2]) << 128) for i in range(P)],
            "showdowns": [int(tally.showdowns[i]) for i in range(P)],
            "wins": [[int(tally.wins[i][c]) for c in range(9)] for i in range(P)],
        }

    # ---- copies and pickles: the whole engine state as versioned, checksummed bytes --------

    def state(self):
        """Every table's whole state (cards, generators, stacks, bets, records and overflow logs,
        configuration) as bytes that :func:`vec_from_state` turns back into an independent copy.

        Layout (little-endian): magic, layout version and fingerprint, n, players, history, the
        configuration, the configured stacks, every array of ``_vec_layout`` in order, the
        overflow log entries, then a BLAKE2b digest of everything before it."""
        cdef fh_vec_cfg c = self.v.cfg
        cdef fh_vec_xlog *x
        cdef size_t rs
        parts = [_VEC_HEAD.pack(_VEC_MAGIC, _VEC_VERSION, _VEC_LAYOUT_ID, self.n, self.players,
                                self.v.log_cap, self._base.shape[0]),
                 _VEC_CFG.pack(c.limit, c.pot_limit, c.pk, c.small_blind, c.big_blind, c.ante, c.ante_mode,
                               c.min_bet, c.bet_sizes[0], c.bet_sizes[1], c.bet_sizes[2], c.bet_sizes[3],
                               c.bet_cap, c.cap_heads_up, c.uncapped_river, c.half_bet_reopens, c.carry_stacks),
                 np.ascontiguousarray(self._base, dtype="<i8").tobytes()]
        for name, dtype, shape in _vec_layout(self.n, self.players, self.v.log_cap):
            arr = self._arrays[name]
            assert arr.shape == shape
            parts.append(np.ascontiguousarray(arr, dtype=dtype).tobytes())
        logs = []
        if self.v.xlog != NULL:
            for rs in range(<size_t>self.n * 2):
                x = self.v.xlog[rs]
                if x == NULL:
                    continue
                logs.append(_VEC_XLOG.pack(rs, x.lost, x.kn, x.rn))
                logs.append((<char *>x.kinds)[:x.kn] if x.kn else b"")
                logs.append(np.array([x.raises[j] for j in range(x.rn)], "<i8").tobytes())
        parts.append(struct.pack("<Q", len(logs) // 3))
        parts.extend(logs)
        body = b"".join(parts)
        return body + hashlib.blake2b(body, digest_size=_VEC_DIGEST).digest()

    cdef int _load_logs(self, bytes data, Py_ssize_t pos) except -1:
        """Rebuild the overflow logs from data[pos:] (their count, then the entries)."""
        cdef const unsigned char *raw = data
        cdef Py_ssize_t end = len(data)
        cdef uint64_t count, k, rs
        cdef uint32_t lost, kn, rn
        cdef fh_vec_xlog *x
        cdef Py_ssize_t need, j
        count = struct.unpack_from("<Q", data, pos)[0]
        pos += 8
        if count and self.v.xlog == NULL:
            raise InputError("state: overflow log entries for tables that keep no log (history=0)")
        if count > <uint64_t>self.n * 2:
            raise InputError(f"state: {count} overflow log entries for {self.n * 2} hand records")
        for k in range(count):
            if end - pos < _VEC_XLOG.size:
                raise InputError("state: the overflow logs are cut short")
            rs, lost, kn, rn = _VEC_XLOG.unpack_from(data, pos)
            pos += _VEC_XLOG.size
            need = <Py_ssize_t>kn + <Py_ssize_t>rn * 8
            if rs >= <uint64_t>self.n * 2 or self.v.xlog[rs] != NULL or lost > 1 or end - pos < need \
                    or kn > 32767 or rn > 32767:
                raise InputError(f"state: overflow log entry {k} is malformed")
            x = <fh_vec_xlog *>calloc(1, sizeof(fh_vec_xlog))
            if x == NULL:
                raise MemoryError("no memory for the overflow logs")
            self.v.xlog[rs] = x
            x.lost = lost
            if kn:
                x.kinds = <uint8_t *>calloc(kn, 1)
                if x.kinds == NULL:
                    raise MemoryError("no memory for the overflow logs")
                memcpy(x.kinds, raw + pos, kn)
                x.kn = x.kcap = kn
                for j in range(kn):
                    if x.kinds[j] > 3:
                        raise InputError(f"state: overflow log entry {k} holds action kind {x.kinds[j]}")
            if rn:
                x.raises = <int64_t *>calloc(rn, 8)
                if x.raises == NULL:
                    raise MemoryError("no memory for the overflow logs")
                for j in range(rn):
                    x.raises[j] = struct.unpack_from("<q", data, pos + kn + 8 * j)[0]
                x.rn = x.rcap = rn
            pos += need
        if pos != end:
            raise InputError("state: bytes left over after the overflow logs")
        return 0

    def __reduce__(self):
        return vec_from_state, (self.state(),)

    def __copy__(self):
        return vec_from_state(self.state())

    def __deepcopy__(self, memo):
        return vec_from_state(self.state())


_VEC_MAGIC = b"FHVECST\x00"
_VEC_VERSION = 1
_VEC_DIGEST = 16
_VEC_HEAD = struct.Struct("<8sIIqiiq")     # magic, version, layout id, n, players, history, base rows
_VEC_CFG = struct.Struct("<iiiqqqiqqqqqiiiii")
_VEC_XLOG = struct.Struct("<QIII")         # record index, lost, kinds, amounts


def _vec_layout(Py_ssize_t n, int P, int history):
    """(name, little-endian dtype, shape) of every array of the engine state, in state order."""
    per_table = [("max_bet", "<i8"), ("full", "<i8"), ("pot", "<i8"), ("dead", "<i8"), ("shorts_sum", "<i8"),
                 ("folded", "<u2"), ("acted", "<u2"), ("seen", "<u2"), ("broke", "<u2"), ("actor", "i1"),
                 ("button", "i1"), ("street", "i1"), ("betting_over", "i1"), ("shorts_cnt", "i1"),
                 ("slot", "i1"), ("rep", "i1"), ("nbets", "<i2"), ("nraise", "<i2"), ("running", "i1"),
                 ("behind", "u1"), ("hand_over", "u1"), ("rng", "<u8")]
    per_record = [("rec_button", "i1"), ("log_len", "<i2"), ("log_raises", "<i2"), ("showdown", "u1"),
                  ("win_value", "<u2"), ("winners", "<u2")]
    return ([(k, d, (n, P)) for k, d in (("stacks", "<i8"), ("bets", "<i8"), ("put", "<i8"), ("rewards", "<i8"),
                                          ("values", "<u2"))]
            + [(k, d, (n,)) for k, d in per_table]
            + [(k, d, (n, 2)) for k, d in per_record]
            + [("hole", "i1", (n, 2, P, 2)), ("board", "i1", (n, 2, 5)), ("start", "<i8", (n, 2, P)),
               ("log", "u1", (n, 2, history)), ("raise_to", "<i8", (n, 2, history // 3))])


# the layout's fingerprint: a build that changes the arrays without bumping _VEC_VERSION still refuses old bytes
_VEC_LAYOUT_ID = zlib.crc32(repr((_VEC_HEAD.format, _VEC_CFG.format, _VEC_XLOG.format,
                                  _vec_layout(1, 2, 3))).encode())


def _vec_check(bint ok, str what):
    if not ok:
        raise InputError(f"state: {what}")


def vec_from_state(object data):
    """The independent ``VecCore`` that ``VecCore.state()`` wrote into ``data`` (bytes).

    Nothing in ``data`` is trusted: a blob that is not a state, of another layout version,
    truncated, altered (the digest) or holding values the engine could not play raises
    ``InputError`` (``InputTypeError`` if ``data`` is not bytes)."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InputTypeError(f"state must be bytes, got {type(data).__name__}")
    blob = bytes(data)
    if len(blob) < _VEC_HEAD.size + _VEC_DIGEST or blob[:8] != _VEC_MAGIC:
        raise InputError("state: not a fastholdem vector engine state (no FHVECST header)")
    magic, version, layout, n, P, history, rows = _VEC_HEAD.unpack_from(blob, 0)
    if version != _VEC_VERSION or layout != _VEC_LAYOUT_ID:
        raise InputError(f"state: written by another fastholdem build (layout version {version}, "
                         f"fingerprint {layout:#010x}); this build reads version {_VEC_VERSION}, "
                         f"fingerprint {_VEC_LAYOUT_ID:#010x}")
    body, digest = blob[:-_VEC_DIGEST], blob[-_VEC_DIGEST:]
    if hashlib.blake2b(body, digest_size=_VEC_DIGEST).digest() != digest:
        raise InputError("state: the bytes are truncated or altered (digest mismatch)")
    _vec_check(0 <= n < 2**40 and 2 <= P <= FH_VEC_MAX_PLAYERS and 0 <= history <= 10000 and rows in (1, n),
               "bad table count, seats, history or stack rows")
    layout_ = _vec_layout(n, P, history)
    fixed = _VEC_HEAD.size + _VEC_CFG.size + rows * P * 8 + 8
    for name, dtype, shape in layout_:
        fixed += np.dtype(dtype).itemsize * int(np.prod(shape))
    _vec_check(len(body) >= fixed, "the bytes are shorter than the tables they describe")
    cfg = _VEC_CFG.unpack_from(body, _VEC_HEAD.size)
    (limit, pot_limit, pk, sb, bb, ante, ante_mode, min_bet, s0, s1, s2, s3, cap, chu, unc, half, carry) = cfg
    try:
        config = VecConfig(players=P, small_blind=sb, big_blind=bb, min_bet=min_bet, bet_sizes=(s0, s1, s2, s3),
                           ante=ante, ante_mode=ante_mode, bet_cap=cap, limit=limit, pot_limit=pot_limit,
                           pokerkit=pk, cap_heads_up=chu, uncapped_river=unc, half_bet_reopens=half,
                           carry_stacks=carry)
    except (InputError, InputTypeError):
        raise InputError("state: the configuration is out of range") from None
    pos = _VEC_HEAD.size + _VEC_CFG.size
    base = np.frombuffer(body, "<i8", rows * P, pos).reshape(rows, P)
    pos += rows * P * 8
    _vec_check(base.size == 0 or (base.min() >= 1 and base.max() < 2**52), "configured stacks out of range")
    arrays = {}
    for name, dtype, shape in layout_:
        count = int(np.prod(shape))
        arrays[name] = np.frombuffer(body, dtype, count, pos).reshape(shape)
        pos += np.dtype(dtype).itemsize * count
    _vec_check_arrays(arrays, n, P)
    cdef VecCore core = VecCore(n, config, base.copy(), 0, 0, history)
    for name, arr in arrays.items():
        core._arrays[name][...] = arr
    core._load_logs(body, pos)
    return core


def _vec_check_arrays(dict a, Py_ssize_t n, int P):
    """Refuse array values the C engine would index with, divide by or shift by unchecked."""
    full = (1 << P) - 1
    chips = ("stacks", "bets", "put", "max_bet", "full", "pot", "dead", "shorts_sum", "start")
    _vec_check(all(a[k].size == 0 or (a[k].min() >= 0 and a[k].max() < 2**62) for k in chips),
               "negative or oversized chip amounts")
    _vec_check(a["rewards"].size == 0 or int(np.abs(a["rewards"]).max()) < 2**62, "oversized rewards")
    _vec_check(all(a[k].size == 0 or a[k].max() <= full for k in ("folded", "acted", "seen", "broke", "winners")),
               "seat masks name seats beyond the table")
    def within(k, lo, hi):
        return a[k].size == 0 or (int(a[k].min()) >= lo and int(a[k].max()) <= hi)
    _vec_check(within("actor", -1, P - 1) and within("button", 0, P - 1) and within("rec_button", 0, P - 1),
               "actor or button outside the seats")
    _vec_check(within("street", 0, 4) and within("slot", 0, 1) and within("rep", -1, 1)
               and all(within(k, 0, 1) for k in ("betting_over", "running", "behind", "hand_over", "showdown")),
               "street, record slot or flags out of range")
    _vec_check(within("shorts_cnt", 0, P) and within("nbets", 0, 32767) and within("nraise", 0, 32767)
               and within("log_len", 0, 32767) and within("log_raises", 0, 32767) and within("log", 0, 3),
               "counters or logged action kinds out of range")
    _vec_check(within("hole", -1, 51) and within("board", -1, 51) and within("win_value", 0, 7462)
               and within("values", 0, 7462), "card ids or hand values out of range")
    running = a["running"].astype(bool)
    _vec_check(not np.any((a["actor"] >= 0) & ~running), "a table without a hand has an actor")
    _vec_check(not np.any(running & (a["street"] > 3)), "a running hand is past the river")
    if running.any():
        rows = np.flatnonzero(running)
        slot = a["slot"][rows].astype(np.intp)
        cards = np.concatenate([a["hole"][rows, slot].reshape(rows.size, -1), a["board"][rows, slot]], axis=1)
        _vec_check(bool(cards.min() >= 0), "a running hand has undealt cards")
        ordered = np.sort(cards, axis=1)
        _vec_check(not np.any(ordered[:, 1:] == ordered[:, :-1]), "a running hand holds a card twice")
        _vec_check(not np.any(a["folded"][rows] == full), "a running hand has every seat folded")


cdef object _int128(uint64_t lo, uint64_t hi):
    """The 128-bit two's-complement number lo + 2**64 * hi as a Python int."""
    value = int(lo) + (int(hi) << 64)
    return value - (1 << 128) if hi >> 63 else value


cdef int64_t *_p64(object arr):
    return <int64_t *>_ptr(arr)


cdef void *_ptr(object arr):
    if arr.size == 0:
        return NULL
    return <void *>cnp.PyArray_DATA(<cnp.ndarray>arr)


# ---- one hand against one random hand (fh_equity.c; issue 18) ------------------------------

cdef int _vs_card(object c, str name) except -1:
    if isinstance(c, bool) or not isinstance(c, (int, np.integer)):
        raise InputTypeError(f"{name} must hold card ids (ints 0-51), got {type(c).__name__} {echo(c)}")
    if not 0 <= c <= 51:
        raise CardError(f"{name} must hold card ids 0-51, got {echo(c)}")
    return <int>c


cdef list _card_list(object cards, str name):
    """``cards`` (any iterable of card ids) as a list; a TypeError naming ``name`` otherwise."""
    try:
        return list(cards)
    except TypeError:
        raise InputTypeError(f"{name} must be an iterable of card ids, got {type(cards).__name__}") from None


cdef int _vs_spot(object hole, object board, object dead, int opponents, fh_card_t *h, fh_card_t *b,
                  uint64_t *dead_mask, bint preflop=False) except -1:
    """Check a spot of one hand against ``opponents`` random hands; fill the card arrays and
    the dead mask; return the number of board cards (3, 4 or 5; also 0 when ``preflop``)."""
    cdef uint64_t used = 0, bit, dmask = 0
    cdef int i, nb
    hole, board, dead = _card_list(hole, "hole"), _card_list(board, "board"), _card_list(dead, "dead")
    if len(hole) != 2:
        raise InputError(f"hole must hold 2 cards, got {len(hole)}")
    nb = len(board)
    if not (3 <= nb <= 5 or (preflop and nb == 0)):
        raise InputError(f"board must hold {'0, ' if preflop else ''}3, 4 or 5 cards, got {nb}")
    for i in range(2):
        h[i] = <fh_card_t>_vs_card(hole[i], "hole")
        bit = (<uint64_t>1) << h[i]
        if used & bit:
            raise CardError(f"card {card_str(h[i])} is used twice")
        used |= bit
    for i in range(nb):
        b[i] = <fh_card_t>_vs_card(board[i], "board")
        bit = (<uint64_t>1) << b[i]
        if used & bit:
            raise CardError(f"card {card_str(b[i])} is used twice")
        used |= bit
    for c in dead:
        bit = (<uint64_t>1) << _vs_card(c, "dead")
        if (used | dmask) & bit:
            raise CardError(f"card {card_str(c)} is used twice")
        dmask |= bit
    if 52 - 2 - nb - <int>len(dead) < 2 * opponents + 5 - nb:
        raise InputError(f"too few live cards for {opponents} opponent hand{'s' if opponents > 1 else ''} "
                         "and the rest of the board")
    dead_mask[0] = dmask
    return nb


def vs_random_counts(object hole, object board, object dead=()):
    """Exact counts of the hand ``hole`` (2 card ids) on ``board`` (3, 4 or 5 card ids)
    against one random hand, leaving out the ``dead`` card ids: over every runout and every
    opponent hand of the live cards, ``(won, tied, all)``.

    Raises
    ------
    TypeError
        A card that is not an int.
    ValueError
        Wrong numbers of cards, an id outside 0-51, or a card used twice.

    Examples
    --------
    >>> vs_random_counts([51, 47], [46, 45, 44, 43, 0])   # AsKs, four kings: beats all 990 hands
    (990, 0, 990)
    """
    cdef fh_card_t h[2]
    cdef fh_card_t b[5]
    cdef uint64_t dmask = 0
    cdef uint64_t out[3]
    cdef int nb = _vs_spot(hole, board, dead, 1, h, b, &dmask)
    fh_vs_random_counts(h, b, nb, dmask, out)
    return int(out[0]), int(out[1]), int(out[2])


def vs_random_share(object hole, object board, object dead=(), object opponents=1):
    """Exact equity of the hand ``hole`` (2 card ids) on ``board`` (3, 4 or 5 card ids) against
    ``opponents`` (1..9) random hands, leaving out the ``dead`` card ids: the kernels of
    ``hand_strength``'s exact flop, turn and river spots, with dead cards.

    Raises
    ------
    TypeError
        A card or ``opponents`` that is not an int.
    ValueError
        Wrong numbers of cards, an id outside 0-51, a card used twice, ``opponents`` outside
        1..9, or too few live cards.

    Examples
    --------
    >>> round(vs_random_share([50, 45], [33, 20, 3, 46, 4], opponents=2), 6)   # AhKd, Td 7c 2s Kh 3c
    0.811904
    """
    cdef fh_card_t h[2]
    cdef fh_card_t b[5]
    cdef uint64_t dmask = 0
    opponents = as_int(opponents, "opponents", f"an int 1..{FH_VS_MANY_MAX}")
    if not 1 <= opponents <= FH_VS_MANY_MAX:
        raise InputError(f"opponents must be an int 1..{FH_VS_MANY_MAX}, got {echo(opponents)}")
    cdef int opp = opponents
    cdef int nb = _vs_spot(hole, board, dead, opp, h, b, &dmask)
    return fh_vs_random_share(h, b, nb, dmask, opp)


def vs_random_equities(object hole, object board=(), object dead=(), object opponents=FH_VS_MANY_MAX,
                       object threads=None):
    """Exact equities of the hand ``hole`` (2 card ids) on ``board`` (0, 3, 4 or 5 card ids)
    against 1, 2, ..., ``opponents`` random hands, leaving out the ``dead`` card ids, all in one
    pass over the boards (fh_vs_many.c). Preflop without dead cards, boards equal up to the suit
    permutations that fix the hand are counted once.

    Returns
    -------
    numpy.ndarray of float64, shape (opponents,)
        Entry n - 1: the equity against n random hands (wins plus tie shares).

    Raises
    ------
    TypeError
        A card or ``opponents`` that is not an int.
    ValueError
        Wrong numbers of cards, an id outside 0-51, a card used twice, ``opponents`` outside
        1..9, or too few live cards.
    KeyboardInterrupt
        Ctrl-C during the call (a preflop spot takes seconds).

    Examples
    --------
    >>> eq = vs_random_equities([50, 45], [33, 20, 3, 46, 4], opponents=4)   # AhKd, Td 7c 2s Kh 3c
    >>> [round(float(e), 6) for e in eq]
    [0.90202, 0.811904, 0.729154, 0.653295]
    """
    cdef fh_card_t h[2]
    cdef fh_card_t b[5]
    cdef uint64_t dmask = 0
    opponents = as_int(opponents, "opponents", f"an int 1..{FH_VS_MANY_MAX}")
    if not 1 <= opponents <= FH_VS_MANY_MAX:
        raise InputError(f"opponents must be an int 1..{FH_VS_MANY_MAX}, got {echo(opponents)}")
    cdef int opp = opponents
    cdef int nb = _vs_spot(hole, board, dead, opp, h, b, &dmask, True)
    cdef fh_vs_many_tally tally
    cdef fh_status status
    cdef _Interrupt intr = _Interrupt(_threads(threads))
    with nogil:
        status = fh_vs_many_run(h, b, nb, dmask, opp, 0, &intr.ex, &tally)
    intr.check(status)
    return np.array([fh_vs_many_equity(&tally, n) for n in range(1, opp + 1)], dtype=np.float64)


def vs_two_random_counts(object hole, object board=(), object dead=(), object threads=None):
    """Exact counts of the hand ``hole`` (2 card ids) on ``board`` (0, 3, 4 or 5 card ids)
    against two random hands, leaving out the ``dead`` card ids: over every completion of the
    board, the unordered pairs of disjoint opponent hands that are both below the hand, one
    tying it and one below, both tying it, both above it and tied with each other, and all
    pairs. (What ``equity([hand, "random", "random"], board)`` reports, from one pass.)

    Raises
    ------
    TypeError
        A card that is not an int.
    ValueError
        Wrong numbers of cards, an id outside 0-51, a card used twice, or too few live cards.

    Examples
    --------
    >>> vs_two_random_counts([51, 47], [46, 45, 44, 43, 0])   # AsKs, four kings
    (446985, 0, 0, 0, 446985)
    """
    cdef fh_card_t h[2]
    cdef fh_card_t b[5]
    cdef uint64_t dmask = 0
    cdef uint64_t hi[5]
    cdef uint64_t lo[5]
    cdef int nb = _vs_spot(hole, board, dead, 2, h, b, &dmask, True)
    cdef fh_vs_many_tally tally
    cdef fh_status status
    cdef _Interrupt intr = _Interrupt(_threads(threads))
    with nogil:
        status = fh_vs_many_run(h, b, nb, dmask, 2, 1, &intr.ex, &tally)
    intr.check(status)
    fh_vs_two_parts(&tally, hi, lo)
    return tuple(int(hi[k]) << 64 | int(lo[k]) for k in range(5))


# ---------------------------------------------------------------------- hand-history walk (issue 17)

from libc.stdint cimport int32_t, uint32_t
from cpython.mem cimport PyMem_Malloc, PyMem_Free

cdef extern from "fh_hhwalk.h" nogil:
    enum: FH_HH_MAX_PLAYERS
    enum: FH_HH_OK
    ctypedef struct fh_hh_walk_t:
        int64_t stacks[16]
        int64_t put[16]
        int64_t bets[16]
        int64_t level
        uint8_t folded[16]
        int32_t hole_action[16]
        int32_t hole_offset[16]
        uint32_t flags[16]
        int32_t aggressive[16]
        int32_t calls[16]
        uint8_t board[5]
        int board_len
        int last_action_board
    int fh_hh_walk(const char *const *text, const size_t *len, size_t count, int n, int64_t scale,
                   fh_hh_walk_t *w)


cdef extern from "Python.h":
    const char *PyUnicode_AsUTF8AndSize(object s, Py_ssize_t *size) except NULL


def hh_walk(list actions, int n, object scale, list stacks, list put, list bets, object level):
    """The betting walk of fastholdem.history.summary._walk in C, or None when the hand needs the
    Python walk (an action not in its plainest spelling, amounts beyond 64 bits, ...).

    On success ``stacks`` and ``put`` are updated in place and the result is ``(folded, holes,
    flags, aggressive, calls, board, last_action_board)`` as the Python walk returns it.
    Internal: :mod:`fastholdem.history.summary` is the only caller.
    """
    cdef fh_hh_walk_t w
    cdef Py_ssize_t count = len(actions), k, size
    cdef int i
    cdef const char **text
    cdef size_t *lens
    cdef int status
    cdef int64_t scale64
    if n < 2 or n > FH_HH_MAX_PLAYERS or len(stacks) != n or len(put) != n or len(bets) != n:
        return None
    try:
        for i in range(n):
            w.stacks[i] = stacks[i]
            w.put[i] = put[i]
            w.bets[i] = bets[i]
        w.level = level
        scale64 = scale
    except (OverflowError, TypeError):
        return None
    text = <const char **>PyMem_Malloc(max(count, 1) * sizeof(char *))
    lens = <size_t *>PyMem_Malloc(max(count, 1) * sizeof(size_t))
    if text == NULL or lens == NULL:
        PyMem_Free(text)
        PyMem_Free(lens)
        raise MemoryError()
    try:
        for k in range(count):
            s = actions[k]
            if type(s) is not str:
                return None
            try:
                text[k] = PyUnicode_AsUTF8AndSize(s, &size)
            except UnicodeError:  # a lone surrogate: the Python walk reports the action
                return None
            lens[k] = <size_t>size
        status = fh_hh_walk(text, lens, <size_t>count, n, scale64, &w)
    finally:
        PyMem_Free(text)
        PyMem_Free(lens)
    if status != FH_HH_OK:
        return None
    holes = [None] * n
    for i in range(n):
        stacks[i] = w.stacks[i]
        put[i] = w.put[i]
        if w.hole_action[i] >= 0:
            holes[i] = actions[w.hole_action[i]][w.hole_offset[i]:]
    return ([w.folded[i] != 0 for i in range(n)], holes, [<long>w.flags[i] for i in range(n)],
            [w.aggressive[i] for i in range(n)], [w.calls[i] for i in range(n)],
            [w.board[i] for i in range(w.board_len)], w.last_action_board)


include "_solver.pxi"
