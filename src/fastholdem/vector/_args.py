"""Argument checks of the vector engine: ints, integer arrays of one shape, table masks, and
"an int for every table, or one per table" arguments (seats, buttons).

Every check raises :class:`~fastholdem.errors.InputTypeError` (a ``TypeError``) for the wrong
type and :class:`~fastholdem.errors.InputError` (a ``ValueError``) for a value or shape out of
range, naming the argument.

>>> per_table(2, "seat", 3, 0, 5).tolist()
[2, 2, 2]
>>> per_table([0, -1, 4], "seat", 3, 0, 5, low_array=-1).tolist()
[0, -1, 4]
>>> table_mask(None, 3) is None, table_mask([True, False, True], 3).tolist()
(True, [True, False, True])
>>> per_table(7, "button", 3, 0, 5)
Traceback (most recent call last):
...
fastholdem.errors.InputError: button must be 0..5, got 7
"""

from __future__ import annotations

import operator

import numpy as np
import numpy.typing as npt

from .._core import as_array
from .._validate import echo
from ..errors import InputError, InputTypeError

__all__ = ["as_int", "count", "int_array", "per_table", "table_mask"]


def as_int(value: object, name: str) -> int:
    """``value`` as an int (NumPy integers too); InputTypeError for a bool, a float, a text.

    >>> as_int(True, "n")
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputTypeError: n must be an int, got bool True
    """
    if isinstance(value, (bool, np.bool_)):
        raise InputTypeError(f"{name} must be an int, got bool {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InputTypeError(f"{name} must be an int, got {type(value).__name__} {echo(value)}") from None


def count(value: object, name: str, low: int, high: int | None = None) -> int:
    """``value`` as an int in ``low..high`` (no upper bound when ``high`` is None).

    >>> count(-1, "n", 0)
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputError: n must be >= 0, got -1
    """
    k = as_int(value, name)
    if k < low or (high is not None and k > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise InputError(f"{name} must be {bound}, got {k}")
    return k


def int_array(value: object, name: str, shape: tuple[int, ...]) -> npt.NDArray[np.int64]:
    """``value`` as an int64 array of ``shape``: TypeError unless it holds integers (an empty one,
    such as ``[]``, which NumPy makes float64, holds no value to be wrong).

    >>> int_array([1.5, 2], "kind", (2,))
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputTypeError: kind must be an integer array, got dtype float64
    """
    arr = as_array(value, name)
    if arr.size and (arr.dtype == np.bool_ or arr.dtype.kind not in "iu"):
        raise InputTypeError(f"{name} must be an integer array, got dtype {arr.dtype}")
    if arr.shape != shape:
        raise InputError(f"{name} must have shape {shape}, got {arr.shape}")
    if arr.dtype == np.uint64 and arr.size and int(arr.max()) > np.iinfo(np.int64).max:
        raise InputError(f"{name} holds values beyond int64")
    return np.ascontiguousarray(arr, dtype=np.int64)


def table_mask(mask: object, n: int) -> npt.NDArray[np.bool_] | None:
    """``None`` (every table) as it is, else ``mask`` as a bool array of shape ``(n,)`` (an empty
    one of any dtype for ``n=0``).

    >>> table_mask([1, 0], 2)
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputTypeError: mask must be a bool array, got dtype int64
    """
    if mask is None:
        return None
    m = as_array(mask, "mask")
    if m.size and m.dtype != np.bool_:
        raise InputTypeError(f"mask must be a bool array, got dtype {m.dtype}")
    if m.shape != (n,):
        raise InputError(f"mask must have shape ({n},), got {m.shape}")
    return m.astype(np.bool_, copy=False)


def per_table(value: object, name: str, n: int, low: int, high: int, *,
              low_array: int | None = None) -> npt.NDArray[np.int64]:
    """An int in ``low..high`` for every table, or an ``(n,)`` integer array of them (whose
    entries may go down to ``low_array``, such as -1 for "no seat"), as an int64 ``(n,)`` array.

    >>> per_table([0, 9], "button", 2, 0, 5)
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputError: button must hold seats 0..5
    """
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return np.full(n, count(value, name, low, high), np.int64)
    arr = int_array(value, name, (n,))
    lo = low if low_array is None else low_array
    if arr.size and (arr.min() < lo or arr.max() > high):
        extra = f" or {low_array}" if low_array is not None else ""
        raise InputError(f"{name} must hold seats {low}..{high}{extra}")
    return arr
