"""Read site hand-history files hand by hand: decode, split, recognise the site, convert to PHH.

:func:`read` streams one file (or text) and yields one :class:`Imported` record per hand found:
converted (with its :class:`~fastholdem.phh.HandHistory`), skipped (another game, a cancelled
hand; with the reason) or failed (with the reason). Each record carries the file, the line the
hand starts on and the site's hand id, so every hand read is accounted for and one bad hand
never stops the others. Memory stays flat: one hand's lines are held at a time.

Encodings: UTF-8 with or without a byte-order mark, UTF-16 with a byte-order mark, and cp1252
(line by line, for lines that are not UTF-8).

>>> text = '''PokerStars Hand #7: Hold'em No Limit (10/20) - 2020/01/01 0:00:00 ET
... Table 'T 1' 9-max Seat #2 is the button
... Seat 1: ann (1000 in chips)
... Seat 2: bob (1000 in chips)
... bob: posts small blind 10
... ann: posts big blind 20
... *** HOLE CARDS ***
... bob: folds
... Uncalled bet (10) returned to ann
... ann collected 20 from pot
... *** SUMMARY ***
... Total pot 20 | Rake 0
... '''
>>> [(r.status, r.site, r.hand_id, r.line) for r in read(text)]
[('converted', 'PokerStars', '7', 1)]
>>> next(read(text)).history.finishing_stacks
[1010, 990]
"""

from __future__ import annotations

import codecs
import functools
import io
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Union

from ...errors import HandHistoryError
from ..phh import HandHistory
from . import formats, ignition, ipoker, pacific888, partypoker, pokerstars, winamax
from .dialects import SEPARATOR, dialect_of
from .model import SiteHand, SkipHand, to_phh
from .vet import vet

__all__ = ["Imported", "read", "read_text", "site_of_file", "SITES", "Source"]

Source = Union[str, "os.PathLike[str]", bytes, IO[bytes], IO[str]]

_Parser = Callable[[Sequence[str], int], SiteHand]
#: The text sites: name, the regular expression of a hand's first line, and the reader.
#: The PokerStars-style family comes first, one entry per row of its table of dialects
#: (:mod:`.dialects`): the family's reader picks the row by the hand's first line.
SITES: tuple[tuple[str, re.Pattern[str], _Parser], ...] = (
    *((row.site, row.start, functools.partial(pokerstars.parse_dialect, row=row)) for row in pokerstars.DIALECTS),
    (winamax.SITE, winamax.START, winamax.parse),
    (pacific888.SITE, pacific888.START, pacific888.parse),
    (partypoker.SITE, partypoker.START, partypoker.parse),
    (ignition.SITE, ignition.START, ignition.parse),
)
_MAX_HAND_LINES = 2000  # a hand longer than this is not a hand: reported, not buffered
_MAX_LINE = 10_000
_SUFFIXES = (".txt", ".xml") + formats.SUFFIXES
_INDENT = frozenset(" \t")
#: How every site's first line starts (a byte-order mark first, or not): lines that start
#: otherwise ("Player5: folds") are not tried against the first-line patterns at all.
_FIRST = ("Poker", "POKERSTARS", "Full Tilt", "Run", "Game ", "Winamax", "#Game No", "*****", "Ignition",
          "Bovada", "Bodog", "\ufeff")
# Bytes no hand-history text holds (NUL is dropped, tab, line ends, form feed and Ctrl-Z pass).
_CONTROL = bytes([*range(1, 9), *range(14, 26), *range(27, 32)])
# HUD stats a tracker's re-export adds after a seat line: "Seat 1: ann ($10 in chips) - VPIP: 22, PFR: 18".
_HUD = re.compile(r"\s+-\s+VPIP:.*$")
# Any site's first line (a line that is none is known after one match).
_ANY_START = re.compile("|".join(f"(?:{start.pattern})" for _, start, _ in SITES))
# A hand's first line anywhere in a line: a hand cut off mid-line by the next hand's header.
# Every site's first line holds "#" or "History": _split tests for those first.
_INSIDE = re.compile("|".join(f"(?:{start.pattern.removeprefix('^')})" for _, start, _ in SITES))
#: Words one of which every site's first line holds (see SITES): a line without any holds no
#: header in mid-line, so _INSIDE's search (a dozen patterns tried at each position) is skipped.
_HEADER_WORDS = ("Hand #", "GAME #", "Game #", "Game No", "History", "Winamax Poker")
#: The first characters of _FIRST: a line starting otherwise is no first line (one set look-up).
_FIRST_HEADS = frozenset(prefix[0] for prefix in _FIRST)


def _may_hold_header(line: str) -> bool:
    """Whether ``line`` holds a word of every site's first line (needed for a header in it)."""
    for word in _HEADER_WORDS:
        if word in line:
            return True
    return False


@dataclass(frozen=True)
class Imported:
    """One hand read from a site file.

    ``status`` is ``"converted"`` (``history`` holds the PHH hand), ``"skipped"`` (``reason``
    says why: another game, a cancelled hand) or ``"failed"`` (``reason`` says what does not
    read). ``line`` is the 1-based line of the file where the hand starts.

    >>> rec = Imported("mine.txt", 40, "PokerStars", "17", "skipped", "other game: Omaha")
    >>> str(rec)
    'mine.txt:40: hand 17 skipped: other game: Omaha'
    """

    file: str
    line: int
    site: str | None
    hand_id: str | None
    status: str
    reason: str | None = None
    history: HandHistory | None = None
    dialect: str | None = None  # the row of the family's table of dialects (:mod:`.dialects`)

    def __str__(self) -> str:
        what = self.reason if self.reason else self.status
        hand = f" hand {self.hand_id}" if self.hand_id else ""
        return f"{self.file}:{self.line}:{hand} {self.status}: {what}"


class _Tail:
    """Whether the text's last line ends without a line end (set when the lines are all read)."""

    cut = False


def _lines(raw: IO[bytes], tail: _Tail | None = None) -> Iterator[str]:
    """Decode a binary stream line by line (BOM-aware; cp1252 for lines that are not UTF-8);
    NUL bytes are dropped. ``tail.cut`` is set when the last line has no line end."""
    head = raw.read(4096)
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        rest = io.BufferedReader(_Prepend(head, raw))
        text = io.TextIOWrapper(rest, encoding="utf-16", newline=None)
        last = ""
        for last in text:
            yield last.rstrip("\r\n")
        if tail is not None:
            tail.cut = bool(last) and not last.endswith(("\n", "\r"))
        return
    head = head.replace(b"\x00", b"")  # stray NUL bytes (a client's crash): dropped, see _convert
    if len(head.translate(None, _CONTROL)) < len(head):
        raise HandHistoryError("binary file (control bytes), not a hand history")
    if head.startswith(codecs.BOM_UTF8):
        head = head[3:]
    buf = head
    while True:
        pos = buf.find(b"\n")
        while pos >= 0:
            line = _decode(buf[:pos])
            if "\r" in line:
                yield from line.split("\r")
            else:
                yield line
            buf = buf[pos + 1:]
            pos = buf.find(b"\n")
        more = raw.read(1 << 16)
        if not more:
            break
        if b"\x00" in more:
            more = more.replace(b"\x00", b"")
        if len(more.translate(None, _CONTROL)) < len(more):
            raise HandHistoryError("binary data (control bytes) in the file")
        buf += more
        if len(buf) > 1 << 20 and b"\n" not in buf:
            raise HandHistoryError("a line of over a megabyte: not a hand history")
    if buf:
        if tail is not None:
            tail.cut = not buf.endswith(b"\r")
        yield from _decode(buf).split("\r")


def _decode(line: bytes) -> str:
    if line.endswith(b"\r"):
        line = line[:-1]
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return line.decode("cp1252", errors="replace")


class _Prepend(io.RawIOBase):
    """A raw stream that first returns ``head``, then the rest of ``raw``."""

    def __init__(self, head: bytes, raw: IO[bytes]) -> None:
        self._head = head
        self._raw = raw

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        if self._head:
            n = min(len(b), len(self._head))
            b[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._raw.read(len(b))
        b[: len(data)] = data
        return len(data)


def _site_of(line: str) -> tuple[str, _Parser] | None:
    if _ANY_START.match(line) is None:  # one match for the lines that start no hand
        return None
    for name, start, parse in SITES:
        if start.match(line):
            return name, parse
    return None


def site_of_file(path: str | os.PathLike[str]) -> str | None:
    """The site whose hand-history text the file ``path`` starts with, or None (a PHH file, any
    other text, a file that cannot be read). Only the first lines are read.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "h.txt")
    >>> with open(path, "w") as f:
    ...     _ = f.write("PokerStars Hand #7: Hold'em No Limit (10/20) - 2020/01/01 0:00:00 ET\\n")
    >>> site_of_file(path)
    'PokerStars'
    """
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = head.decode("utf-16", errors="ignore")
    else:
        text = head.decode("utf-8", errors="replace")
    text = text.lstrip("\ufeff \t\r\n")
    kind = formats.sniff(text)
    if kind is not None:
        return formats.SITES[kind]
    if text.startswith("<") and ("<session" in text or "<game" in text):
        return "iPoker"
    for line in [x for x in text.splitlines() if x.strip()][:5]:
        found = _site_of(line.strip())
        if found is not None:
            return found[0]
    return None


def _stub(lines: list[str]) -> bool:
    """A hand announcement with no hand after it (``#Game No : N`` or ``Game #N starts.`` alone)."""
    return all(not x.strip() or x.lstrip("\ufeff").startswith(("#Game No", "Game #")) for x in lines)


def _convert(file: str, line: int, lines: list[str], site: str, parse: _Parser,
             cut: int = 0) -> Imported | None:
    """The record of one hand; ``cut`` is the file line of the hand's last line when that line
    is cut off (the file ends without a line end, or the next hand's header follows on it)."""
    if _stub(lines):
        return None
    record = _convert_one(file, line, lines, site, parse)
    if cut and record.status == "failed":
        # A hand cut off mid-line (line ``cut``) reads as the same hand cut at the line end
        # before: skipped as incomplete, or converted when the cut line was the summary's last.
        # When the hand fails without its cut line too, that failure is its own.
        if len(lines) == 1:
            return Imported(file, line, site, record.hand_id, "skipped",
                            "incomplete: the text is cut off in the hand's first line")
        again = _convert_one(file, line, lines[:-1], site, parse)
        if again.status != "failed":
            return again
    return record


def _convert_one(file: str, line: int, lines: list[str], site: str, parse: _Parser) -> Imported:
    hand_id = None
    dialect: str | None = None
    try:
        hand = parse(lines, line)
        hand_id = hand.hand_id
        dialect = hand.dialect
        history = to_phh(hand)
        vet(hand, history)
        if dialect is not None:
            site = hand.site  # the row's site (a Party-style row may be another room's export)
        return Imported(file, line, site, hand_id, "converted", history=history, dialect=dialect or site)
    except SkipHand as exc:
        return Imported(file, line, site, hand_id or _guess_id(lines[0]), "skipped", exc.reason,
                        dialect=dialect or _dialect(lines[0], site))
    except HandHistoryError as exc:
        return Imported(file, line, site, hand_id or _guess_id(lines[0]), "failed", str(exc),
                        dialect=dialect or _dialect(lines[0], site))
    except (ValueError, ArithmeticError, IndexError, KeyError) as exc:  # a reader's bug, reported per hand
        return Imported(file, line, site, hand_id or _guess_id(lines[0]), "failed",
                        f"unreadable hand ({type(exc).__name__}: {exc})", dialect=dialect or _dialect(lines[0], site))


def _dialect(first: str, site: str) -> str:
    """The name of the dialect row of a hand's first line (the site's name when none matches)."""
    row = dialect_of(first)
    return row.name if row is not None else site


_ID = re.compile(r"gamecode=\"([0-9]+)\"|#\s*([A-Za-z]*[0-9][0-9-]*)|Game No : ([0-9]+)|HandId: #([0-9-]+)"
                 r"|Hand History [Ff]or Game ([0-9]+)")


def _guess_id(line: str) -> str | None:
    m = _ID.search(line)
    if m is None:
        return None
    return next(g for g in m.groups() if g)


def _some(record: Imported | None) -> Iterator[Imported]:
    if record is not None:
        yield record


def _split(file: str, lines: Iterator[str], tail: _Tail | None = None) -> Iterator[Imported]:
    current: list[str] = []
    start = 0
    site: tuple[str, _Parser] | None = None
    junk_at = 0
    number = 0
    try:
        for number, line in enumerate(lines, 1):
            if len(line) > _MAX_LINE:
                line = line[:_MAX_LINE]
            head = line[:1]
            if head in _INDENT:  # a hand archive indents every line
                line = line.lstrip(" \t")
                if SEPARATOR.match(line):
                    continue
                head = line[:1]
            elif head == "*" and SEPARATOR.match(line):
                continue  # a hand archive's "*** # 12 ***" between hands
            if (head == "S" or head == "s") and "VPIP" in line:
                line = _HUD.sub("", line)  # a tracker's re-export: HUD stats after a seat line
            first = head in _FIRST_HEADS and line.startswith(_FIRST)
            # The common line (inside a hand, no hand header anywhere in it) skips to the end.
            if site is None or first or "#" in line or "History" in line:
                found = _site_of(line) if first else None
                if found is None and site is not None and ("#" in line or "History" in line) \
                        and _may_hold_header(line):
                    inside = _INSIDE.search(line, 1)
                    if inside is not None and line[:inside.start()].strip("\ufeff \t"):
                        # The next hand's header in mid-line: this hand was cut off there.
                        current.append(line[:inside.start()])
                        yield from _some(_convert(file, start, current, *site, cut=number))
                        line = line[inside.start():]
                        found, current, site = _site_of(line), [], None
                if found is not None and len(current) <= 4 and site is not None and all(
                        not x.strip() or x.lstrip("\ufeff").startswith(("#Game No", "Game #")) for x in current):
                    current.append(line)
                    site = found
                    continue
                if found is not None:
                    if current and site is not None:
                        yield from _some(_convert(file, start, current, *site))
                    current = [line]
                    start = number
                    site = found
                    continue
                if site is None:
                    if line.strip() and not junk_at:
                        junk_at = number
                    continue
            current.append(line)
            if len(current) > _MAX_HAND_LINES:
                yield Imported(file, start, site[0], _guess_id(current[0]), "failed",
                               f"no end after {_MAX_HAND_LINES} lines (garbage or a missing hand header)")
                current, site = [], None
    except HandHistoryError as exc:
        if current and site is not None:
            yield from _some(_convert(file, start, current, *site))
        yield Imported(file, number + 1, None, None, "failed", str(exc))
        return
    if current and site is not None:
        yield from _some(_convert(file, start, current, *site, cut=number if tail and tail.cut else 0))
    if junk_at:
        yield Imported(file, junk_at, None, None, "failed",
                       "text that is not a hand of any known site (no hand header before it)")


def _xml(file: str, lines: Iterator[str]) -> Iterator[Imported]:
    """The games of iPoker XML text, one record each; XML that holds no game is one failed record."""
    declared: list[int] = []  # the line of the first <!DOCTYPE or <!ENTITY (never expanded)
    sessions: list[int] = []
    found = False

    def watch() -> Iterator[str]:
        for number, text in enumerate(lines, 1):
            if not declared and "<!" in text and ("<!DOCTYPE" in text or "<!ENTITY" in text):
                declared.append(number)
            if not sessions and "<session" in text:
                sessions.append(number)  # an iPoker session, even one that holds no game
            yield text

    try:
        for line, chunk, session in ipoker.games(watch()):
            found = True
            if isinstance(chunk, HandHistoryError):
                status = "skipped" if isinstance(chunk, SkipHand) else "failed"
                yield Imported(file, line, ipoker.SITE, session.get("gamecode"), status, str(chunk))
                continue
            yield from _some(_convert(file, line, [chunk], ipoker.SITE,
                                      lambda c, n: ipoker.parse(c[0], n, session)))
    except HandHistoryError as exc:  # undecodable or binary data in the middle of the file
        yield Imported(file, 0, ipoker.SITE, None, "failed", str(exc))
        return
    if not found and not sessions:
        why = (f" (its document type declaration, line {declared[0]}, is not read: no entity is expanded)"
               if declared else "")
        yield Imported(file, declared[0] if declared else 1, None, None, "failed",
                       f"XML that is not an iPoker hand history: no <session> or <game> element{why}")


def _structured(file: str, kind: str, text: str) -> Iterator[Imported]:
    """The hands of a JSON or CSV format (:mod:`.formats`), one record each."""
    site = formats.SITES[kind]
    try:
        for line, hand_id, item in formats.hands(kind, text):
            if isinstance(item, SkipHand):
                yield Imported(file, line, site, hand_id, "skipped", item.reason)
            elif isinstance(item, HandHistoryError):
                yield Imported(file, line, site, hand_id, "failed", str(item))
            else:
                try:
                    hh = formats.convert(kind, item)
                except SkipHand as exc:
                    yield Imported(file, line, site, hand_id, "skipped", exc.reason)
                except (HandHistoryError, ValueError, ArithmeticError, IndexError, KeyError) as exc:
                    yield Imported(file, line, site, hand_id, "failed", str(exc))
                else:
                    yield Imported(file, line, site, item.hand_id or hand_id, "converted", history=hh)
    except HandHistoryError as exc:
        yield Imported(file, 0, site, None, "failed", str(exc))


def read_text(text: str, name: str = "<text>") -> Iterator[Imported]:
    """Read hands from a text already in memory (see :func:`read`).

    >>> [r.status for r in read_text("hello")]
    ['failed']
    """
    kind = formats.sniff(text[:4096])
    if kind is not None:
        yield from _structured(name, kind, text)
        return
    if text.lstrip("\ufeff \t\r\n").startswith("<"):
        yield from _xml(name, iter(text.splitlines()))
        return
    tail = _Tail()
    tail.cut = bool(text) and not text.endswith(("\n", "\r"))
    yield from _split(name, iter(text.splitlines()), tail)


def read(source: Source, *, name: str | None = None) -> Iterator[Imported]:
    """Read every hand of a site hand-history file: a path, bytes, a binary or text stream, or text.

    A ``str`` that names no existing file is read as hand-history text. iPoker XML files are
    recognised by their leading ``<``.

    Yields
    ------
    Imported
        One record per hand, in file order; text that belongs to no hand is one failed record.

    Examples
    --------
    >>> [(r.status, r.line, r.reason) for r in read("these lines\\nare no hand", name="notes.txt")]
    [('failed', 1, 'text that is not a hand of any known site (no hand header before it)')]
    """
    if isinstance(source, str) and ("\n" in source or not os.path.exists(source)):
        yield from read_text(source, name or "<text>")
        return
    if isinstance(source, (str, os.PathLike)):
        label = name or str(source)
        try:
            with open(source, "rb") as fh:
                yield from _read_binary(fh, label)
        except OSError as exc:
            yield Imported(label, 0, None, None, "failed", f"cannot read: {exc.strerror or exc}")
        return
    if isinstance(source, bytes):
        yield from _read_binary(io.BytesIO(source), name or "<bytes>")
        return
    probe = source.read(0)
    if isinstance(probe, str):
        yield from read_text(source.read(), name or "<stream>")  # type: ignore[arg-type]
        return
    yield from _read_binary(source, name or "<stream>")  # type: ignore[arg-type]


def _read_binary(fh: IO[bytes], label: str) -> Iterator[Imported]:
    peek = fh.read(4096)
    rest = _Prepend(peek, fh)
    head = peek.lstrip(codecs.BOM_UTF8).lstrip()
    if peek[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        head = peek.decode("utf-16", errors="ignore").lstrip("\ufeff \t\r\n").encode()
    kind = formats.sniff(head[:4096].decode("utf-8", errors="replace"))
    if kind is not None:  # JSON and CSV formats: the whole text at once
        try:
            text = "\n".join(_lines(io.BufferedReader(rest)))
        except HandHistoryError as exc:  # binary data (NUL bytes), a line of over a megabyte
            yield Imported(label, 0, formats.SITES[kind], None, "failed", str(exc))
            return
        yield from _structured(label, kind, text)
        return
    if head.startswith(b"<"):
        yield from _xml(label, _lines(io.BufferedReader(rest)))
        return
    tail = _Tail()
    yield from _split(label, _lines(io.BufferedReader(rest), tail), tail)


def read_in_folders(path: str | os.PathLike[str]) -> bool:
    """Whether a folder's file of this name is read as a hand history (:func:`paths_of`):
    ``.txt`` and ``.xml`` files, except a site's tournament summaries (``...Summary.txt``).

    >>> [read_in_folders(name) for name in ("hands/HH20200101.txt", "out.phhs", "TS Summary.txt")]
    [True, False, False]
    """
    name = Path(path).name
    return Path(name).suffix.lower() in _SUFFIXES and not name.endswith("Summary.txt")


def paths_of(entries: Sequence[str | os.PathLike[str]]) -> list[Path]:
    """The files named by ``entries``, folders searched recursively (``.txt``/``.xml``), sorted.

    Raises
    ------
    FileNotFoundError
        When an entry does not exist.
    """
    found: list[Path] = []
    for entry in entries:
        path = Path(entry)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.is_file() and read_in_folders(p)))
        elif path.is_file():
            found.append(path)
        else:
            raise FileNotFoundError(f"no such file or folder: {entry}")
    return found
