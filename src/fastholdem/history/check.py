"""Check PHH hand histories: replay every hand and compare it with its ``finishing_stacks``.

This is the library side of ``fastholdem phh check PATH...`` (:mod:`fastholdem.cli.phh`): the first thing to run on a PHH dataset. ``.phh`` files
hold one hand, ``.phhs`` files a session of hands under ``[1]``, ``[2]``, ... headers; folders
are searched recursively for both.

>>> import io, os, tempfile
>>> from fastholdem.game import GameConfig, Hand
>>> from fastholdem import phh
>>> folder = tempfile.mkdtemp()
>>> hand = Hand(GameConfig(), [100, 100], seed=1); _ = hand.fold()
>>> phh.dump(hand, os.path.join(folder, "one.phh"))
>>> report = check([folder])
>>> report.hands, report.passed, report.failures
(1, 1, [])
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .._validate import echo
from ..errors import HandHistoryError, InputError
from ..game.config import CONVENTIONS
from ..progress import Progress
from . import phh
from ._pool import imap

__all__ = ["Failure", "CheckReport", "find_files", "check_file", "check"]

_SUFFIXES = (".phh", ".phhs")
_CHUNK = 64  # files per task when checking in several processes


@dataclass(frozen=True)
class Failure:
    """A hand that does not replay, or replays to other stacks than its file records.

    ``hand`` is the hand's table key in a ``.phhs`` session (``"3"`` for ``[3]``), ``None`` for a
    ``.phh`` file or a file that cannot be read at all.

    >>> str(Failure("session.phhs", "3", "replay ends with stacks [5, 195], the file records [195, 5]"))
    'session.phhs [3]: replay ends with stacks [5, 195], the file records [195, 5]'
    """

    file: str
    hand: str | None
    reason: str

    def __str__(self) -> str:
        where = self.file if self.hand is None else f"{self.file} [{self.hand}]"
        return f"{where}: {self.reason}"


@dataclass
class CheckReport:
    """What :func:`check` found: counts, the failing hands, and the time taken.

    >>> failed = [Failure("b.phh", None, "illegal action")]
    >>> report = CheckReport(files=2, hands=40, failures=failed, elapsed=0.5)
    >>> report.passed, report.hands_per_second, report.to_dict()["failed"]
    (39, 80.0, 1)
    """

    files: int = 0
    hands: int = 0
    unrecorded: int = 0
    failures: list[Failure] = field(default_factory=list)
    elapsed: float = 0.0

    @property
    def passed(self) -> int:
        """Hands that replay (to their recorded ``finishing_stacks`` when the file has them)."""
        return self.hands - len(self.failures)

    @property
    def hands_per_second(self) -> float:
        """Hands checked per second of wall time."""
        return self.hands / self.elapsed if self.elapsed > 0 else 0.0

    def summary(self) -> str:
        """One line: hands passed out of checked, failures, files, speed."""
        text = (
            f"{self.passed:,}/{self.hands:,} hands replay to their finishing_stacks "
            f"({len(self.failures):,} failed) in {self.files:,} file{'' if self.files == 1 else 's'}, "
            f"{self.hands_per_second:,.0f} hands/s"
        )
        if self.unrecorded:
            text += f"; {self.unrecorded:,} hands record no finishing_stacks and were only replayed"
        return text

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data."""
        return {
            "files": self.files,
            "hands": self.hands,
            "passed": self.passed,
            "failed": len(self.failures),
            "unrecorded": self.unrecorded,
            "elapsed": self.elapsed,
            "hands_per_second": self.hands_per_second,
            "failures": [{"file": f.file, "hand": f.hand, "reason": f.reason} for f in self.failures],
        }


def find_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The ``.phh`` and ``.phhs`` files named by ``paths`` (folders searched recursively, sorted).

    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> for name in ("b.phhs", "a.phh", "notes.txt"):
    ...     open(os.path.join(folder, name), "w").close()
    >>> [p.name for p in find_files([folder])]
    ['a.phh', 'b.phhs']

    Raises
    ------
    FileNotFoundError
        If a path does not exist (the command line reports it and exits with status 2).
    ValueError
        If a path is neither a regular file nor a folder (``/dev/null``: "is a character
        device"), also status 2 on the command line.
    """
    found: list[Path] = []
    for entry in paths:
        path = Path(entry)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in _SUFFIXES and p.is_file()))
        elif path.is_file():
            found.append(path)
        elif path.exists():
            raise InputError(f"{entry} is {_kind(path)}, not a .phh/.phhs file or a folder")
        else:
            raise FileNotFoundError(f"no such file or folder: {entry}")
    return found


def _kind(path: Path) -> str:
    """What an existing path that is neither a regular file nor a folder is."""
    mode = path.stat().st_mode
    for test, name in ((stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _check_hand(hh: phh.HandHistory) -> str | None:
    """Why the hand fails, or None when it replays (to its recorded stacks, if any)."""
    try:
        final = hh.replay().stacks
    except HandHistoryError as exc:
        return str(exc)
    if hh.finishing_stacks is not None and list(hh.finishing_stacks) != list(final):
        return f"replay ends with stacks {final}, the file records {hh.finishing_stacks}"
    return None


def check_file(path: str | os.PathLike[str], conventions: str | None = None) -> tuple[int, int, list[Failure]]:
    """Check every hand of one file.

    Returns
    -------
    (hands, unrecorded, failures)
        Hands found (a file that cannot be read counts as one failing hand), hands without
        ``finishing_stacks``, and the failures.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "broken.phh")
    >>> with open(path, "w") as f:
    ...     _ = f.write("variant = ")
    >>> hands, unrecorded, failures = check_file(path)     # unreadable: one failing hand
    >>> hands, unrecorded, failures[0].hand
    (1, 0, None)
    """
    name = str(path)
    try:
        text = phh._read(path)
        if Path(path).suffix == ".phhs":
            tables = phh._toml(text)
        else:
            tables = {"": phh._toml(text)}
    except (HandHistoryError, OSError) as exc:
        return 1, 0, [Failure(name, None, str(exc))]
    hands = unrecorded = 0
    failures: list[Failure] = []
    for key, table in tables.items():
        hands += 1
        label = key or None
        if not isinstance(table, dict):
            failures.append(Failure(name, label, f"a PHH session holds tables [1], [2], ...; {key!r} is not one"))
            continue
        try:
            hh = phh._from_dict(table, conventions)
        except HandHistoryError as exc:
            failures.append(Failure(name, label, str(exc)))
            continue
        unrecorded += hh.finishing_stacks is None
        reason = _check_hand(hh)
        if reason is not None:
            failures.append(Failure(name, label, reason))
    return hands, unrecorded, failures


def _check_job(job: tuple[list[str], str | None]) -> tuple[int, int, int, list[Failure]]:
    return _check_chunk(*job)


def _check_chunk(paths: list[str], conventions: str | None) -> tuple[int, int, int, list[Failure]]:
    hands = unrecorded = 0
    failures: list[Failure] = []
    for path in paths:
        h, u, f = check_file(path, conventions)
        hands += h
        unrecorded += u
        failures.extend(f)
    return len(paths), hands, unrecorded, failures


def check(
    paths: Iterable[str | os.PathLike[str]],
    *,
    conventions: str | None = None,
    jobs: int = 1,
    progress: bool | None = None,
) -> CheckReport:
    """Replay every hand under ``paths`` and compare it with its ``finishing_stacks``.

    Parameters
    ----------
    paths:
        ``.phh``/``.phhs`` files and folders (searched recursively).
    conventions:
        ``"card-room"`` or ``"pokerkit"`` for every hand; default: each file's
        ``_conventions`` field, else ``"card-room"``.
    jobs:
        Processes to use (files are dealt out in chunks). The worker processes ignore Ctrl-C;
        a KeyboardInterrupt in the caller stops them at once and is raised again.
    progress:
        Draw a progress bar on stderr: ``None`` (default) on a terminal for runs over a second.

    Returns
    -------
    CheckReport
        Failures in file order.

    Raises
    ------
    FileNotFoundError
        A path does not exist.
    ValueError
        ``jobs`` below 1 or unknown ``conventions``.

    Examples
    --------
    >>> import os, tempfile
    >>> from fastholdem.game import GameConfig, Hand
    >>> folder = tempfile.mkdtemp()
    >>> hand = Hand(GameConfig(), [100, 100], seed=1); _ = hand.fold()
    >>> phh.dump(hand, os.path.join(folder, "good.phh"))
    >>> bad = phh.dumps(hand).replace("finishing_stacks = [101, 99]", "finishing_stacks = [100, 100]")
    >>> with open(os.path.join(folder, "bad.phh"), "w") as f:
    ...     _ = f.write(bad)
    >>> print(check([folder]).summary().split(" in ")[0])
    1/2 hands replay to their finishing_stacks (1 failed)
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise InputError(f"jobs must be a positive integer, got {echo(jobs)}")
    if conventions is not None and conventions not in CONVENTIONS:
        raise InputError(f"conventions must be one of {', '.join(CONVENTIONS)}, got {echo(conventions)}")
    start = time.perf_counter()
    files = [str(p) for p in find_files(paths)]
    report = CheckReport(files=len(files))
    chunks = [files[k : k + _CHUNK] for k in range(0, len(files), _CHUNK)]
    with Progress(total=len(files), label="phh check", enabled=progress) as bar:
        if jobs == 1 or len(chunks) <= 1:
            results: Iterable[tuple[int, int, int, list[Failure]]] = (
                _check_chunk(chunk, conventions) for chunk in chunks
            )
            for done, hands, unrecorded, failures in results:
                report.hands += hands
                report.unrecorded += unrecorded
                report.failures.extend(failures)
                bar.update(done)
        else:  # in file order; workers ignore Ctrl-C and the parent stops them at once (history._pool)
            work = [(chunk, conventions) for chunk in chunks]
            for done, hands, unrecorded, failures in imap(_check_job, work, jobs=min(jobs, len(chunks))):
                report.hands += hands
                report.unrecorded += unrecorded
                report.failures.extend(failures)
                bar.update(done)
    report.elapsed = time.perf_counter() - start
    return report
