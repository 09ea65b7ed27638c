"""Argument checks shared by the public API: integers, booleans, and bounded echoes of bad input.

Every check raises :class:`~fastholdem.errors.InputTypeError` (a ``TypeError``) for a value of
the wrong type (``bool`` is not an integer, ``1.0`` is not an integer, ``"yes"`` is not a
boolean) and :class:`~fastholdem.errors.InputError` (a ``ValueError``) for a value of the right
type outside its range. Error messages quote the bad value through :func:`echo`, which
cuts long text with an ellipsis, so a megabyte of bad input gives a short message.

>>> check_int(3, "trials", low=2)
3
>>> check_int(1.5, "trials", low=2)
Traceback (most recent call last):
...
fastholdem.errors.InputTypeError: trials must be an int >= 2, got float 1.5
>>> check_bool("no", "exact")
Traceback (most recent call last):
...
fastholdem.errors.InputTypeError: exact must be True or False, got str 'no'
>>> echo("x" * 10**6)
"'xxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxx' (1,000,000 characters)"
>>> echo(10**5000)
'10000000000000000000000...00000000000000000000000 (5,001 digits)'
"""

from __future__ import annotations

import operator
import os
import reprlib

from .errors import InputError, InputTypeError

__all__ = ["ECHO_LIMIT", "check_bool", "check_int", "check_output_path", "echo", "is_bool"]

ECHO_LIMIT = 50
"""Most characters of a bad value that an error message quotes (longer ones are cut)."""

_LOG10_2 = 0.30102999566398120


def _digits(number: int) -> int:
    """Decimal digits of ``number`` > 0, without converting it to text (Python refuses
    to convert ints of more than 4,300 digits)."""
    guess = int((number.bit_length() - 1) * _LOG10_2) + 1  # the count, or one short
    return guess + int(number >= 10**guess)


class _Repr(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        """A long int as its first and last digits and its length: ``-123...789 (4,001 digits)``."""
        size = abs(x)
        if size < 10**ECHO_LIMIT:
            return repr(x)
        n, keep = _digits(size), (ECHO_LIMIT - 3) // 2
        head, tail = size // 10 ** (n - keep), size % 10**keep
        return f"{'-' if x < 0 else ''}{head}...{tail:0{keep}d} ({n:,} digits)"


_REPR = _Repr()
_REPR.maxstring = ECHO_LIMIT + 2  # the quotes do not count
_REPR.maxother = ECHO_LIMIT
_REPR.maxlist = _REPR.maxtuple = _REPR.maxset = _REPR.maxdict = 6
_REPR.maxlevel = 3


def echo(value: object) -> str:
    """``repr(value)`` for an error message, cut in the middle with ``...`` when long.

    Text longer than ``ECHO_LIMIT`` characters also gets its length, so the reader knows it
    was cut. Short values are quoted exactly as ``repr`` does.

    >>> echo("AKs"), echo([1, 2])
    ("'AKs'", '[1, 2]')
    """
    text = _REPR.repr(value)
    if isinstance(value, (str, bytes)) and len(value) > ECHO_LIMIT:
        unit = "characters" if isinstance(value, str) else "bytes"
        text += f" ({len(value):,} {unit})"
    return text


def is_bool(value: object) -> bool:
    """``bool`` or a NumPy boolean (checked by name: this module does not import NumPy)."""
    kind = type(value)
    return kind is bool or (kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_"))


def _described(value: object) -> str:
    return f"{type(value).__name__} {echo(value)}"


def check_int(value: object, name: str, *, low: int | None = None, high: int | None = None,
              what: str | None = None) -> int:
    """``value`` as a Python ``int`` within ``[low, high]`` (either bound optional).

    Python and NumPy integers are accepted; ``bool``, floats (even ``2.0``), strings and
    everything else without ``__index__`` are refused.

    Parameters
    ----------
    value : object
        The argument to check.
    name : str
        The argument's name, for the message.
    low, high : int, optional
        Inclusive bounds.
    what : str, optional
        How the message describes a good value (default: from the bounds, e.g. ``an int >= 1``).

    Returns
    -------
    int

    Raises
    ------
    TypeError
        If ``value`` is not an integer (``bool`` included).
    ValueError
        If ``value`` is outside ``[low, high]``.
    """
    if what is None:
        if low is not None and high is not None:
            what = f"an int {low}..{high}"
        elif low is not None:
            what = f"an int >= {low}"
        elif high is not None:
            what = f"an int <= {high}"
        else:
            what = "an int"
    if is_bool(value):
        raise InputTypeError(f"{name} must be {what}, got {_described(value)}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InputTypeError(f"{name} must be {what}, got {_described(value)}") from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise InputError(f"{name} must be {what}, got {echo(number)}")
    return number


def check_bool(value: object, name: str, *, optional: bool = False) -> bool | None:
    """``value`` as a ``bool``: only ``True``/``False`` (and NumPy booleans), plus ``None`` when
    ``optional``; truthy or falsy stand-ins such as ``1``, ``"no"`` or ``[]`` are refused.

    Raises
    ------
    TypeError
        If ``value`` is not a boolean (or ``None`` when ``optional``).
    """
    if value is None and optional:
        return None
    if is_bool(value):
        return bool(value)
    what = "True, False or None" if optional else "True or False"
    raise InputTypeError(f"{name} must be {what}, got {_described(value)}")


def check_output_path(path: str | os.PathLike[str]) -> str:
    """``path`` as a string, checked before any work is done: its folder must exist and it
    must not be a folder itself (ValueError otherwise, naming the path).

    >>> check_output_path("/nonexistent/dir/x.png")
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputError: cannot write /nonexistent/dir/x.png: folder /nonexistent/dir does not exist
    """
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    folder = os.path.dirname(os.path.abspath(text))
    if not os.path.isdir(folder):
        raise InputError(f"cannot write {_path_text(text)}: folder {_path_text(folder)} does not exist")
    if os.path.isdir(text):
        raise InputError(f"cannot write {_path_text(text)}: it is a folder")
    return text


def _path_text(path: str) -> str:
    """A path as written (unquoted), unless it is longer than any real path (4,096 characters):
    then its cut ``echo``."""
    return path if len(path) <= 4096 else echo(path)

