"""A fast, streaming reader of PHH files and sessions (``.phh``, ``.phhs``) for bulk work.

:func:`fastholdem.phh.load_all` parses a whole session with ``tomllib``, which costs far more
than the statistics computed from it. The PHH that fastholdem and most tools write is a
narrow subset of TOML: one ``key = value`` per line, values that are JSON literals (numbers,
``"strings"``, ``true``/``false`` and one-line arrays of them). :func:`iter_hands` reads that
subset with the C JSON decoder (decimals as exact ``Decimal``), and hands any section it does
not understand (multi-line arrays, dates, literal strings, ``1_000``, ``inf``, ...) to
``tomllib`` unchanged, so the result is always what :func:`fastholdem.phh.loads_all` reads.
Files are read line by line: memory stays flat however long the session.

>>> import io
>>> text = '[1]\\nvariant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
>>> text += 'starting_stacks = [100, 100]\\nactions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 f"]\\n'
>>> [(k, h.replay().stacks) for k, h in iter_hands(io.StringIO(text))]
[(1, [101, 99])]
"""

from __future__ import annotations

import datetime
import json
import os
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import IO, Any, Union

from ..errors import HandHistoryError
from .phh import HandHistory, _from_dict, _toml

__all__ = ["iter_hands", "iter_files", "ScanItem"]

ScanItem = tuple[int, Union[HandHistory, HandHistoryError]]
"""``(hand number in its file, 1-based, the hand or the error that stopped it)``."""



def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not TOML")  # NaN, Infinity: leave the section to tomllib


_decode = json.JSONDecoder(parse_float=Decimal, parse_constant=_no_constant).decode


_KEY = re.compile(r"[A-Za-z0-9_]+")
_TIME = re.compile(r"[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?")
_KEYS_SEEN: set[str] = set()  # keys already found to be bare TOML keys


def _fast_fields(text: str) -> dict[str, Any] | None:
    """The fields of one hand's ``key = value`` lines, or None when a line needs full TOML.

    The lines become one JSON object, decoded in one call: the common case (every line exactly
    ``key = value``, as fastholdem and pokerkit write) in a few string replacements; other
    layouts (comments, blank lines, indentation) line by line.
    """
    body = text.strip()
    clock = None
    first = body.startswith("time = ")
    at = 0 if first else body.find("\ntime = ") + 1
    if at or first:  # the PHH time field, a TOML local time (hh convert writes it)
        end = body.find("\n", at)
        value = body[at + 7: end if end >= 0 else len(body)]
        if _TIME.fullmatch(value) is None:
            return None
        try:
            clock = datetime.time.fromisoformat(value)
        except ValueError:
            return None
        body = body[: at + 7] + "0" + (body[end:] if end >= 0 else "")
    data = _fast_body(body)
    if data is not None and clock is not None:
        data["time"] = clock
    return data


def _fast_body(body: str) -> dict[str, Any] | None:
    count = body.count("\n") + 1
    if body.count(" = ") == count:
        try:
            data = _decode('{"' + body.replace("\n", ',"').replace(" = ", '":') + "}")
        except ValueError:
            data = None
        # one key per line (no duplicate, no line without a key), each a bare key
        if isinstance(data, dict) and len(data) == count:
            if "{" in body and any(isinstance(v, dict) for v in data.values()):
                return None  # inline tables: tomllib reads them
            if _KEYS_SEEN.issuperset(data):
                return data
            if all(_KEY.fullmatch(key) for key in data):
                if len(_KEYS_SEEN) < 4096:
                    _KEYS_SEEN.update(data)
                return data
    return _line_fields(body)


def _line_fields(text: str) -> dict[str, Any] | None:
    parts: list[str] = []
    keys: set[str] = set()
    for line in text.split("\n"):
        stripped = line.strip()
        if not stripped or stripped[0] == "#":
            continue
        key, sep, value = stripped.partition(" = ")
        if not sep or not key.replace("_", "a").isalnum() or key in keys or not value:
            return None
        keys.add(key)
        parts.append(f'"{key}":{value}')
    try:
        data = _decode("{" + ",".join(parts) + "}")
    except ValueError:  # not JSON literals: TOML-only forms, or a value across lines
        return None
    if not isinstance(data, dict) or len(data) != len(keys):
        return None
    if any(isinstance(v, dict) for v in data.values()):
        return None  # inline tables: tomllib reads them
    return data


def _section(body: str) -> HandHistory:
    data = _fast_fields(body)  # never floats (NaN, Infinity) nor inline tables
    if data is None:
        data = _toml(body)
    return _from_dict(data)


_HEADER = re.compile(r"\[\s*(?:[A-Za-z0-9_-]+|\"[^\"]*\")\s*\]")


def _is_header(line: str) -> bool:
    """A table header ``[1]`` (or ``[name]``), not an array value on a line of its own."""
    return _HEADER.fullmatch(line.strip()) is not None


def iter_hands(source: str | os.PathLike[str] | IO[str]) -> Iterator[ScanItem]:
    """Yield ``(number, hand or error)`` for every hand of a PHH file or session.

    >>> import io
    >>> [k for k, _ in iter_hands(io.StringIO("[1]\\nvariant = 'NT'\\n[2]\\nvariant = 'NT'\\n"))]
    [1, 2]


    A file without ``[N]`` section headers is one hand. One bad hand yields its
    :class:`~fastholdem.errors.HandHistoryError` and the scan goes on.

    Parameters
    ----------
    source:
        A path or an open text file.
    """
    if isinstance(source, (str, os.PathLike)):
        with open(source, encoding="utf-8-sig") as fh:
            yield from _scan(fh)
    else:
        yield from _scan(source)


_CHUNK = 1 << 16  # characters read at a time
_BRACKET_LINE = re.compile(r"^\[.*$", re.M)  # a line starting with "[": a header, or an array value


def _has_content(text: str) -> bool:
    """Whether text holds anything but blank lines and comments."""
    return any(s.strip() and not s.lstrip().startswith("#") for s in text.split("\n"))


def _scan(source: IO[str]) -> Iterator[ScanItem]:
    """Split the text at its section headers, a chunk of whole lines at a time.

    A header is a line that starts with ``[`` and is ``[name]`` (an array value on a line of its
    own is not); the text between two headers is one section, newlines included.
    """
    number = 0
    started = False
    parts: list[str] = []  # the section being read, without its header
    tail = "\n"  # unsplit text, from its last newline on (a virtual one opens the file)
    pos = 1  # where the section continues in the next text (past that virtual newline)
    while True:
        chunk = source.read(_CHUNK)
        text = tail + chunk
        if chunk:
            cut = text.rfind("\n")
            text, tail = text[:cut], text[cut:]
        k = text.find("\n[")
        while k >= 0:
            end = text.find("\n", k + 1)
            if end < 0:
                end = len(text)
            if _HEADER.fullmatch(text[k + 1: end].strip()) is not None:
                parts.append(text[pos: k + 1])
                body = "".join(parts)
                if started or _has_content(body):
                    number += 1
                    yield number, _parse(body)
                parts = []
                started = True
                pos = end + 1  # past the header's newline
            k = text.find("\n[", end)
        parts.append(text[pos:])
        pos = max(0, pos - len(text))
        if not chunk:
            break
    body = "".join(parts)
    if started or _has_content(body):
        number += 1
        yield number, _parse(body)


def _parse(body: str) -> HandHistory | HandHistoryError:
    try:
        return _section(body)
    except HandHistoryError as exc:
        return exc
    except UnicodeError as exc:  # pragma: no cover - open() decodes strictly
        return HandHistoryError(f"not UTF-8 text: {exc}")


def iter_files(
    paths: Iterable[str | os.PathLike[str]],
) -> Iterator[tuple[str, int, HandHistory | HandHistoryError]]:
    """Yield ``(path, number, hand or error)`` for every hand of several PHH files or sessions.

    >>> [(path, k) for path, k, _ in iter_files(["no-such.phhs"])]
    [('no-such.phhs', 0)]


    A file that cannot be read yields one error with number 0.
    """
    for path in paths:
        name = os.fspath(path)
        try:
            for number, item in iter_hands(path):
                yield name, number, item
        except (OSError, UnicodeError) as exc:
            yield name, 0, HandHistoryError(f"cannot read {name}: {exc}")
