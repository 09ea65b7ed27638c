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

import contextlib
import errno
import operator
import os
import reprlib
import secrets
import stat
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager as ContextManager
from typing import IO, Any, Literal, overload

from .errors import InputError, InputTypeError

__all__ = ["ECHO_LIMIT", "check_bool", "check_int", "check_output_path", "check_paths", "check_probabilities", "echo",
           "is_bool", "output_file"]

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


def check_probabilities(fold: object, aggression: object) -> tuple[float, float]:
    """The random player's ``fold`` and ``aggression`` probabilities as floats: each in [0, 1]
    (an int or a float, not a bool), and at most 1 together.

    >>> check_probabilities(0.15, 0.3)
    (0.15, 0.3)
    >>> check_probabilities(0.8, 0.5)
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputError: fold + aggression must be at most 1, got 1.3
    >>> check_probabilities(True, 0.3)
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputError: fold must be a probability in [0, 1], got True

    Raises
    ------
    ValueError
        A value that is not a probability, or a sum above 1 (the message names the argument).
    """
    for name, p in (("fold", fold), ("aggression", aggression)):
        if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0.0 <= p <= 1.0:
            raise InputError(f"{name} must be a probability in [0, 1], got {echo(p)}")
    if fold + aggression > 1.0:  # type: ignore[operator]
        raise InputError(f"fold + aggression must be at most 1, got {fold + aggression}")  # type: ignore[operator]
    return float(fold), float(aggression)  # type: ignore[arg-type]


def check_paths(paths: object, name: str = "paths") -> list[str | os.PathLike[str]]:
    """``paths`` (files and folders to read) as a list; one path alone (a ``str``, ``bytes`` or
    ``os.PathLike``), which would be read character by character, is refused
    (:class:`~fastholdem.errors.InputTypeError`, a TypeError), as is anything not iterable.

    >>> check_paths(("a.phhs", "b.phhs"))
    ['a.phhs', 'b.phhs']
    >>> check_paths("a.phhs")
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputTypeError: paths must be a list of files or folders, got str 'a.phhs': write ['a.phhs']
    """
    if isinstance(paths, (str, bytes, os.PathLike)):
        raise InputTypeError(f"{name} must be a list of files or folders, got {_described(paths)}: "
                        f"write [{echo(paths)}]")
    if not isinstance(paths, Iterable):
        raise InputTypeError(f"{name} must be a list of files or folders, got {_described(paths)}")
    return list(paths)


def check_output_path(path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]] = (), *,
                      folder_reads: Callable[[str], bool] | None = None) -> str:
    """``path`` as a string, checked before any work is done: its folder must exist, it must not
    be a folder itself, and it must not be one of ``inputs`` (:class:`~fastholdem.errors.InputError`,
    a ValueError, otherwise, naming the path).

    An output is one of the inputs when it is the same file, whatever the path that names it:
    the same name, a symlink to it or a hard link (the same inode). An output inside an input
    folder (at any depth) is refused when ``folder_reads(path)`` says reading that folder would
    read it, whether or not it exists yet: the next run would read it.

    Parameters
    ----------
    path : str or os.PathLike
        The file to write.
    inputs : iterable of str or os.PathLike, optional
        The files and folders the command reads.
    folder_reads : callable, optional
        Whether reading a folder reads a file of this name (e.g. by its suffix); without it,
        files inside input folders are not refused.

    Returns
    -------
    str

    Raises
    ------
    InputError
        The output cannot or must not be written, naming it.

    Examples
    --------
    >>> check_output_path("/nonexistent/dir/x.png")
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputError: cannot write /nonexistent/dir/x.png: folder /nonexistent/dir does not exist
    >>> import os, tempfile
    >>> hands = os.path.join(tempfile.mkdtemp(), "hands.txt")
    >>> open(hands, "w").close()
    >>> os.link(hands, hands + ".bak")
    >>> check_output_path(hands + ".bak", [hands])
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputError: cannot write .../hands.txt.bak: it is the input .../hands.txt (the same file)
    """
    text = _path_str(path)
    folder = os.path.dirname(os.path.abspath(text))
    if not os.path.isdir(folder):
        raise InputError(f"cannot write {_path_text(text)}: folder {_path_text(folder)} does not exist")
    if os.path.isdir(text):
        raise InputError(f"cannot write {_path_text(text)}: it is a folder")
    try:
        written = os.stat(text)  # through symlinks: the file that would be replaced
    except OSError:
        written = None
    if written is None and folder_reads is None:
        return text  # a file that does not exist yet is no input
    real = os.path.realpath(text)
    for entry in inputs:
        name = _path_str(entry)
        try:
            read = os.stat(name)
        except OSError:
            continue  # a missing input is reported by the reader
        if stat.S_ISDIR(read.st_mode):
            top = os.path.realpath(name)
            if folder_reads is not None and os.path.commonpath([real, top]) == top and folder_reads(real):
                raise InputError(f"cannot write {_path_text(text)}: it is inside the input folder "
                                 f"{_path_text(name)}, which would read it as an input")
        elif written is not None and (read.st_dev, read.st_ino) == (written.st_dev, written.st_ino):
            if os.path.abspath(name) == os.path.abspath(text):
                raise InputError(f"cannot write {_path_text(text)}: it is one of the inputs")
            raise InputError(f"cannot write {_path_text(text)}: it is the input {_path_text(name)} "
                             "(the same file)")
    return text


@overload
def output_file(path: str | os.PathLike[str], binary: Literal[False] = ...) -> ContextManager[IO[str]]: ...
@overload
def output_file(path: str | os.PathLike[str], binary: Literal[True]) -> ContextManager[IO[bytes]]: ...
def output_file(path: str | os.PathLike[str], binary: bool = False) -> ContextManager[IO[Any]]:
    """Open ``path`` for writing whole or not at all: the one way every command and library
    function writes a file.

    The block writes to a temporary file beside ``path`` (``.NAME.XXXXXXXX.part``, in the same
    folder, so on the same file system), which is renamed over ``path`` (``os.replace``) when
    the block ends normally; the data and then the rename are synced to disk (``fsync``), so
    a power cut leaves the old file or the new one, never a part. On any error, ``KeyboardInterrupt`` included, the temporary file is
    removed and ``path`` is left as it was. Through a symlink, its target is replaced (as
    ``open(path, "w")`` would write it). The new file keeps the permissions of the file it
    replaces, else gets the umask's default; a file ``open(path, "w")`` may not write is not
    replaced either (PermissionError). What is not a regular file (``/dev/stdout``,
    ``/dev/null``, a named pipe) has nothing to replace and is written directly. Text is UTF-8.
    ``path`` is first checked by :func:`check_output_path`.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "out.txt")
    >>> with output_file(path) as fh:
    ...     _ = fh.write("all of it\\n")
    >>> try:
    ...     with output_file(path) as fh:
    ...         _ = fh.write("half of")
    ...         raise KeyboardInterrupt
    ... except KeyboardInterrupt:
    ...     pass
    >>> from pathlib import Path
    >>> Path(path).read_text(), os.listdir(os.path.dirname(path))
    ('all of it\\n', ['out.txt'])
    """
    return _output_file(path, binary)


@contextlib.contextmanager
def _output_file(path: str | os.PathLike[str], binary: bool) -> Iterator[IO[Any]]:
    target = os.path.realpath(check_output_path(path))
    folder, name = os.path.split(target)
    try:
        info: os.stat_result | None = os.stat(target)
    except FileNotFoundError:
        info = None  # a new file: 0o666 less the umask, as open() makes it
    if info is not None and not stat.S_ISREG(info.st_mode):
        # /dev/stdout, /dev/null, a named pipe: no file to replace, and no temporary file in /dev
        with open(path, "wb") if binary else open(path, "w", encoding="utf-8") as direct:
            yield direct
        return
    if info is not None and not os.access(target, os.W_OK):  # as open(path, "w") refuses it
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.part")
        try:
            fd = os.open(tmp, flags, 0o666)
            break
        except FileExistsError:
            continue
    else:  # pragma: no cover - 100 names of 2**32 taken
        raise FileExistsError(errno.EEXIST, "no free temporary name", tmp)
    try:
        with (os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8")) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())  # the data is on disk before the name points at it
        if info is not None:
            os.chmod(tmp, stat.S_IMODE(info.st_mode))  # the permissions of the file it replaces
        os.replace(tmp, target)
        _sync_folder(folder)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _sync_folder(folder: str) -> None:
    """Flush ``folder``'s entries to disk, so that a rename survives a power cut (POSIX); a
    system that cannot open or sync a folder (Windows) keeps the rename as it is."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _path_str(path: str | os.PathLike[str]) -> str:
    text = os.fspath(path)
    return os.fsdecode(text) if isinstance(text, bytes) else text


def _path_text(path: str) -> str:
    """A path as written (unquoted), unless it is longer than any real path (4,096 characters):
    then its cut ``echo``."""
    return path if len(path) <= 4096 else echo(path)

