"""What the ``fastholdem`` command says on stderr, in one form: ``fastholdem: error: ...`` for
errors (exit status 2), ``fastholdem: ...`` for notes (``wrote ...``, warnings, "nothing to
do"), and the translation of the library's argument names into the command's flags.

Every subcommand reports through these helpers, so that no two commands word the same
thing differently, no error shows a traceback, and no error names a Python keyword argument
the user never typed.

>>> import io
>>> err = io.StringIO()
>>> error("no such file", stream=err), err.getvalue()
(2, 'fastholdem: error: no such file\\n')
>>> flag_names("stderr must be a number in (0, 1), got 2.0", {"stderr": "--stderr"})
'--stderr must be a number in (0, 1), got 2.0'
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Mapping
from typing import IO, NoReturn

__all__ = ["PROG", "EXIT_USAGE", "EXIT_INTERRUPTED", "CliError", "ArgumentParser", "error", "note",
           "wrote", "interrupted", "flag_names"]

PROG = "fastholdem"
EXIT_USAGE = 2
"""Exit status of every command-line error (bad options, bad input, missing dependency)."""
EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C (128 + SIGINT), as shells report it."""


class CliError(Exception):
    """An error the command line reports as ``fastholdem: error: <message>`` with exit status 2;
    the message names command-line flags."""


def error(message: str, *, stream: IO[str] | None = None) -> int:
    """Print ``fastholdem: error: <message>`` on stderr; returns the exit status (2)."""
    print(f"{PROG}: error: {message}", file=stream if stream is not None else sys.stderr)
    return EXIT_USAGE


def note(message: str, *, stream: IO[str] | None = None) -> None:
    """Print ``fastholdem: <message>`` on stderr (what was written, warnings, nothing to do).

    >>> import io
    >>> out = io.StringIO(); note("wrote /tmp/x.png", stream=out); out.getvalue()
    'fastholdem: wrote /tmp/x.png\\n'
    """
    print(f"{PROG}: {message}", file=stream if stream is not None else sys.stderr)


def wrote(path: str) -> None:
    """Say on stderr that ``path`` was written (every command that writes a file says it so)."""
    note(f"wrote {path}")


def interrupted() -> int:
    """Say ``fastholdem: interrupted`` on stderr; returns the exit status (130)."""
    note("interrupted")
    return EXIT_INTERRUPTED


_PLAIN_WORDS = ((r" or None\b", ""), (r"\bint\b", "integer"), (r"\bbool\b", "flag"))


def flag_names(message: str, flags: Mapping[str, str]) -> str:
    """``message`` with the library's argument names (``trials=``, ``stderr must``) replaced by
    the command-line flags of ``flags`` (``{"trials": "--trials"}``).

    Only an argument name followed by ``=`` or by `` must``/`` cannot``/`` is``/`` needs`` (and
    the like) is replaced,
    so that ordinary words are left alone; Python type words (``an int or None``) become
    plain ones.

    >>> flag_names("trials=5 is too few; threads must be a positive int or None, got 0",
    ...            {"trials": "--trials", "threads": "--threads"})
    '--trials 5 is too few; --threads must be a positive integer, got 0'
    >>> flag_names("use Monte Carlo: exact=False, or trials=N", {"exact": "--exact", "trials": "--trials"})
    'use Monte Carlo: no --exact, or --trials N'
    """
    for python, plain in _PLAIN_WORDS:
        message = re.sub(python, plain, message)
    for name, flag in flags.items():
        message = re.sub(rf"(?<![\w-]){re.escape(name)}=True\b", flag, message)
        message = re.sub(rf"(?<![\w-]){re.escape(name)}=(False|None)\b", f"no {flag}", message)
        message = re.sub(rf"(?<![\w-]){re.escape(name)}=(?=\S)", f"{flag} ", message)
        verb = r"(?= (?:must|cannot|is|are|needs|takes)\b)"
        message = re.sub(rf"(?<![\w-]){re.escape(name)}{verb}", flag, message)
    return message


class ArgumentParser(argparse.ArgumentParser):
    """``argparse.ArgumentParser`` whose errors go through :func:`error`: the usage line, then
    ``fastholdem: error: ...``, exit status 2 (subcommand parsers inherit it)."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        sys.exit(error(message))
