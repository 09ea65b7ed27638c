"""Number types for command-line options (``argparse`` ``type=`` callables)."""

from __future__ import annotations

import argparse
from decimal import Decimal, InvalidOperation

from .._core import check_threads
from .._validate import echo

__all__ = ["int_arg", "real_arg", "threads_arg"]

_MAX_NUMBER_TEXT = 100
"""Longest command-line number read (longer text is refused before it is parsed)."""


def int_arg(text: str) -> int:
    """An integer command-line value (an ``argparse`` type): ``1000000``, ``1_000_000``, and
    exact integers written as decimals or in scientific notation, ``1e6`` or ``2.5e3``.

    >>> int_arg("1e6"), int_arg("2.50E3"), int_arg("-7")
    (1000000, 2500, -7)
    >>> int_arg("1.5")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected an integer such as 1000 or 1e6, got '1.5'
    """
    if len(text) <= _MAX_NUMBER_TEXT:
        try:
            return int(text)
        except ValueError:
            pass
        try:
            number = Decimal(text.strip().replace("_", ""))
        except InvalidOperation:
            number = None
        if (number is not None and number.is_finite() and number == number.to_integral_value()
                and number.adjusted() <= _MAX_NUMBER_TEXT):
            return int(number)
    raise argparse.ArgumentTypeError(f"expected an integer such as 1000 or 1e6, got {echo(text)}")


def real_arg(text: str) -> float:
    """A real command-line value (an ``argparse`` type) such as ``0.001`` or ``1e-3``.

    >>> real_arg("1e-3")
    0.001
    """
    if len(text) <= _MAX_NUMBER_TEXT:
        try:
            return float(text)
        except ValueError:
            pass
    raise argparse.ArgumentTypeError(f"expected a number such as 0.001 or 1e-3, got {echo(text)}")


def threads_arg(text: str) -> int:
    """``--threads`` of every command (an ``argparse`` type): a positive integer as
    :func:`int_arg` reads it (``8``, ``1e6``), checked by the library's own rule
    (:func:`fastholdem._core.check_threads`); above ``MAX_THREADS`` (256) uses 256, as the
    library does. The message names ``--threads`` (argparse puts the flag first).

    >>> threads_arg("4"), threads_arg("1e6")
    (4, 1000000)
    >>> threads_arg("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a positive integer such as 4, got '0'
    """
    try:
        value = int_arg(text)
        check_threads(value)
    except (argparse.ArgumentTypeError, TypeError, ValueError):
        raise argparse.ArgumentTypeError(f"expected a positive integer such as 4, got {echo(text)}") from None
    return value
