"""Convert site hand-history files to one PHH session file (``.phhs``), with a full account.

:func:`convert` reads every file (folders recursively), replays each hand read in the engine,
writes each that replays to the site's own final stacks to the output in file order, and
returns a :class:`ConvertReport`: per file, hands read = converted + skipped + failed; each
skipped or failed hand with its file, line, hand id and reason. A hand that reads but does not
replay (an action the engine refuses, or final stacks that differ from the site's numbers) is
failed, not written (``rejects=`` writes it apart), and also counted as a *mismatch*. Players
whose stack at the next hand of the same table differs from where the last hand left them are
listed as ``stack_changes`` (the text does not show top-ups, so an increase there is reported,
not counted as a failure).

The output is written to a temporary file beside it and renamed at the end, so an
interrupted run (Ctrl-C) leaves no partial output.

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> src = os.path.join(folder, "h.txt")
>>> with open(src, "w") as f:
...     _ = f.write('''PokerStars Hand #7: Hold'em No Limit (10/20) - 2020/01/01 0:00:00 ET
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
... ''')
>>> report = convert([src], os.path.join(folder, "out.phhs"))
>>> report.to_dict()["converted"], report.to_dict()["mismatches"]
(1, 0)
"""

from __future__ import annotations

import io
import os
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, cast

from ..._validate import check_output_path, check_paths, echo, output_file
from ...errors import HandHistoryError, InputError
from .._pool import imap
from ..phh import dumps
from ...progress import Progress
from .reader import Imported, paths_of, read, read_in_folders
from .vet import name_amount

__all__ = ["ConvertReport", "FileReport", "Problem", "Problems", "KEEP", "convert", "convert_file"]


@dataclass(frozen=True)
class Problem:
    """A hand that was skipped or failed, or that does not match the site's numbers.

    >>> str(Problem("mine.txt", 12, "88", "the hand is truncated"))
    'mine.txt:12: hand 88 the hand is truncated'
    """

    file: str
    line: int
    hand_id: str | None
    reason: str

    def __str__(self) -> str:
        hand = f" hand {self.hand_id}" if self.hand_id else ""
        return f"{self.file}:{self.line}:{hand} {self.reason}"


KEEP = 1000
"""Problems of each kind kept per file (all are counted), so memory stays flat on huge files."""


class Problems:
    """Problem hands of one kind: every one counted (``len``), the first ``KEEP`` kept (iteration).

    >>> p = Problems(); p.append(Problem("f", 1, None, "x")); len(p), [q.line for q in p]
    (1, [1])
    """

    def __init__(self) -> None:
        self.items: list[Problem] = []
        self.total = 0

    def append(self, problem: Problem) -> None:
        """Count ``problem``; keep it while fewer than ``KEEP`` are kept."""
        self.total += 1
        if len(self.items) < KEEP:
            self.items.append(problem)

    def __len__(self) -> int:
        return self.total

    def __iter__(self) -> Iterator[Problem]:
        return iter(self.items)


@dataclass
class FileReport:
    """What one file held: counts by status and site, and the problem hands.

    >>> report = FileReport("mine.txt", hands=3, converted=2)
    >>> report.failed.append(Problem("mine.txt", 30, "9", "a card dealt twice"))
    >>> report.sites["PokerStars"] += 3
    >>> report.hands - report.converted == len(report.failed), dict(report.sites)
    (True, {'PokerStars': 3})
    """

    file: str
    hands: int = 0
    converted: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    failed: Problems = field(default_factory=Problems)
    skipped_hands: Problems = field(default_factory=Problems)
    mismatches: Problems = field(default_factory=Problems)
    stack_changes: Problems = field(default_factory=Problems)
    sites: Counter[str] = field(default_factory=Counter)


@dataclass
class ConvertReport:
    """The account of a :func:`convert` run (see the module docstring).

    >>> report = ConvertReport([FileReport("a.txt", hands=5, converted=4),
    ...                         FileReport("b.xml", hands=2, converted=2)])
    >>> report.hands, report.converted, report.to_dict()["files"]
    (7, 6, 2)
    """

    files: list[FileReport] = field(default_factory=list)
    elapsed: float = 0.0

    @property
    def hands(self) -> int:
        """Hands read."""
        return sum(f.hands for f in self.files)

    @property
    def converted(self) -> int:
        """Hands converted and written."""
        return sum(f.converted for f in self.files)

    @property
    def failed(self) -> list[Problem]:
        """Hands that could not be read, in file order (the first ``KEEP`` of each file)."""
        return [p for f in self.files for p in f.failed]

    @property
    def failed_count(self) -> int:
        """Hands that could not be read."""
        return sum(len(f.failed) for f in self.files)

    @property
    def mismatches(self) -> list[Problem]:
        """Hands read whose replay disagrees with the site's numbers (the first ``KEEP`` per file):
        failed, and not written."""
        return [p for f in self.files for p in f.mismatches]

    @property
    def mismatch_count(self) -> int:
        """Hands read whose replay disagrees with the site's numbers (counted in ``failed_count``)."""
        return sum(len(f.mismatches) for f in self.files)

    def skipped(self) -> Counter[str]:
        """Skipped and failed hands by reason (failures as ``"failed: ..."`` by kind)."""
        out: Counter[str] = Counter()
        for f in self.files:
            out.update(f.skipped)
        return out

    def to_dict(self) -> dict[str, Any]:
        """``{"files", "hands", "converted", "skipped": {reason: count}, "mismatches", ...}``."""
        return {
            "files": len(self.files),
            "hands": self.hands,
            "converted": self.converted,
            "skipped": dict(self.skipped()),
            "mismatches": self.mismatch_count,
            "stack_changes": sum(len(f.stack_changes) for f in self.files),
            "sites": dict(sum((f.sites for f in self.files), Counter())),
            "problems": [
                {"file": p.file, "line": p.line, "hand": p.hand_id, "reason": p.reason}
                for f in self.files for p in (*f.failed, *f.skipped_hands)
            ],
            "elapsed": self.elapsed,
        }

    def summary(self) -> str:
        """One line: hands converted out of read, skipped, failed (and how many of those read but
        do not replay to the site's numbers).

        >>> print(ConvertReport([FileReport("a.txt", hands=5, converted=4)]).summary())
        4/5 hands converted from 1 file (1 skipped, 0 failed) in 0.0s
        """
        failed = self.failed_count
        skipped = self.hands - self.converted - failed
        replay = f": {self.mismatch_count:,} read but do not replay" if self.mismatch_count else ""
        return (f"{self.converted:,}/{self.hands:,} hands converted from {len(self.files):,} "
                f"file{'' if len(self.files) == 1 else 's'} ({skipped:,} skipped, {failed:,} failed{replay}) "
                f"in {self.elapsed:.1f}s")


def _kind(reason: str) -> str:
    """A short class of a failure reason, for counting (drops the line number and quoted text)."""
    text = reason
    if text.startswith("line ") and ": " in text:
        text = text.split(": ", 1)[1]
    cuts = [text.find(cut) for cut in (" '", ' "', ": ") if cut in text]
    if cuts:
        text = text[: min(cuts)]
    return text[:80]


def _stacks_key(hh: Any) -> tuple[str, str] | None:
    table = hh.fields.get("table")
    if table is None:
        return None
    return (str(hh.fields.get("_site")), f"{hh.fields.get('_tournament', '')}/{table}")


def convert_file(path: str, *, check: bool = True, rejects: list[str] | None = None) -> tuple[FileReport, list[str]]:
    """Convert one file: its report and the PHH text of each converted hand, in order (with
    ``check``, only the hands that replay to the site's numbers; the PHH text of the others is
    appended to ``rejects`` when given).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "empty.txt")
    >>> with open(path, "w") as f:
    ...     _ = f.write("nothing here\\n")
    >>> report, texts = convert_file(path)
    >>> report.hands, report.converted, len(report.failed), texts
    (1, 0, 1, [])
    """
    report = FileReport(path)
    texts: list[str] = []
    for item in _checked(read(path), report, check, rejects):
        texts.append(dumps(item))
    return report, texts


def _checked(records: Iterator[Imported], report: FileReport, check: bool,
             rejects: list[str] | None = None) -> Iterator[Any]:
    """Count the records into ``report``; yield the converted hands that replay to the site's
    numbers (with ``check``); the PHH text of those that do not goes to ``rejects``."""
    last: dict[tuple[str, str], dict[str, Any]] = {}
    for rec in records:
        if rec.status == "failed" and rec.site is None and rec.line == 0:
            report.failed.append(Problem(rec.file, rec.line, None, rec.reason or "unreadable"))
            report.skipped["failed: " + _kind(rec.reason or "unreadable")] += 1
            continue
        report.hands += 1
        if rec.site:
            report.sites[rec.site] += 1
        if rec.status == "skipped":
            report.skipped[rec.reason or "skipped"] += 1
            report.skipped_hands.append(Problem(rec.file, rec.line, rec.hand_id, f"skipped: {rec.reason}"))
            continue
        if rec.status == "failed" or rec.history is None:
            report.failed.append(Problem(rec.file, rec.line, rec.hand_id, rec.reason or "failed"))
            report.skipped["failed: " + _kind(rec.reason or "failed")] += 1
            continue
        hh = rec.history
        if check:
            why = _replay_problem(hh)
            if why is not None and why.startswith(_CANNOT_HOLD):  # no PHH file could hold it
                report.failed.append(Problem(rec.file, rec.line, rec.hand_id, why))
                report.skipped["failed: " + _kind(why)] += 1
                continue
            if why is not None:  # not written: failed, with the first amount that disagrees
                problem = Problem(rec.file, rec.line, rec.hand_id, f"does not replay: {why}")
                report.failed.append(problem)
                report.mismatches.append(problem)
                report.skipped["failed: does not replay"] += 1
                if rejects is not None:
                    hh.fields["_source"] = f"{rec.file}:{rec.line}"
                    hh.fields["_rejected"] = why
                    rejects.append(dumps(hh))
                continue
            key = _stacks_key(hh)
            if key is not None:
                before = last.get(key, {})
                names = hh.fields.get("players", [])
                for name, start in zip(names, hh.starting_stacks):
                    if name in before and before[name] != start:
                        report.stack_changes.append(Problem(
                            rec.file, rec.line, rec.hand_id,
                            f"{name} starts with {start}, "
                            f"the previous hand at this table left {before[name]}"))
                last[key] = dict(zip(names, hh.finishing_stacks or ()))
        report.converted += 1
        yield hh


_CANNOT_HOLD = "an amount PHH cannot hold"


def _replay_problem(hh: Any) -> str | None:
    """Why the hand would fail ``phh check`` (the replay's error, or the first player whose
    final stack differs from the site's numbers), or None."""
    try:
        final = hh.replay().stacks
    except HandHistoryError as exc:
        try:
            name_amount(hh)  # an amount PHH cannot hold: named with its player and seat
        except HandHistoryError as named:
            return str(named)
        return str(exc)
    expected = list(hh.finishing_stacks or ())
    if list(final) == expected:
        return None
    names = hh.fields.get("players") or []
    for k, (got, want) in enumerate(zip(final, expected)):
        if got != want:
            who = f"p{k + 1} ({names[k]!r})" if k < len(names) else f"p{k + 1}"
            return (f"{who} ends with {got} in the replay, the site's numbers give {want} "
                    f"(replay {[str(x) for x in final]}, site {[str(x) for x in expected]})")
    return f"the replay ends with {len(final)} stacks, the site's numbers give {len(expected)}"


class _Counting(io.RawIOBase):
    """A binary reader that counts the bytes read through it (for the progress bar)."""

    def __init__(self, raw: IO[bytes]) -> None:
        self._raw = raw
        self.count = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        data = self._raw.read(size)
        self.count += len(data)
        return data

    def readinto(self, b: Any) -> int:
        data = self.read(len(b))
        b[: len(data)] = data
        return len(data)


def _convert_job(path: str) -> tuple[FileReport, list[str], list[str]]:
    rejects: list[str] = []
    report, texts = convert_file(path, rejects=rejects)
    return report, texts, rejects


def convert(
    paths: Iterable[str | os.PathLike[str]],
    output: str | os.PathLike[str],
    *,
    jobs: int = 1,
    progress: bool | None = None,
    rejects: str | os.PathLike[str] | None = None,
) -> ConvertReport:
    """Convert site hand histories under ``paths`` into the PHH session file ``output``.

    Every hand is replayed before it is written: a hand whose replay does not end with the
    site's own final stacks is counted as failed (``does not replay: ...``, with the first
    player or action that disagrees) and is not written to ``output``.

    Parameters
    ----------
    paths:
        Files and folders (searched recursively for ``.txt`` and ``.xml``).
    output:
        The ``.phhs`` file to write (replaced only when the run completes).
    jobs:
        Processes to use (files are dealt out one by one; output stays in file order).
    progress:
        Draw a progress bar on stderr: ``None`` (default) on a terminal for runs over a second.
    rejects:
        A ``.phhs`` file for the hands read that do not replay, each with ``_source``
        (``file:line``) and ``_rejected`` (why); written whole at the end, as ``output`` is
        (not written when None).

    Raises
    ------
    FileNotFoundError
        A path does not exist.
    TypeError
        ``paths`` is one path alone, not a list of them.
    ValueError
        ``jobs`` below 1; ``output`` is one of the files read (by any name: a symlink or a hard
        link too), a ``.txt``/``.xml`` file inside an input folder, or its folder does not exist;
        the same for ``rejects``, which may not be ``output`` either.

    Examples
    --------
    >>> import os, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "notes.txt"), "w") as f:
    ...     _ = f.write("no hand\\n")
    >>> out = os.path.join(folder, "out.phhs")
    >>> report = convert([folder], out)
    >>> report.hands, report.converted, report.failed_count, os.path.exists(out)
    (1, 0, 1, True)
    """
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise InputError(f"jobs must be a positive integer, got {echo(jobs)}")
    start = time.perf_counter()
    entries = check_paths(paths)
    files = [str(p) for p in paths_of(entries)]
    sizes = [max(os.path.getsize(p), 1) for p in files]
    # Refused before anything is read: the output is one of the files read (by any name, through
    # a symlink or a hard link), or a file an input folder would have read.
    check_output_path(output, entries, folder_reads=read_in_folders)
    check_output_path(output, files)  # at once when the output does not exist yet
    if rejects is not None:
        check_output_path(rejects, entries, folder_reads=read_in_folders)
        check_output_path(rejects, [*files, output])
    report = ConvertReport()
    count = 0
    rejected: list[str] | None = [] if rejects is not None else None
    with output_file(output) as sink, Progress(total=sum(sizes), label="hh convert", enabled=progress) as bar:

        def emit_one(hh: Any) -> None:
            nonlocal count
            count += 1
            text = hh if isinstance(hh, str) else dumps(hh)
            sink.write(f"{'' if count == 1 else chr(10)}[{count}]\n{text}")

        def emit(file_report: FileReport, texts: Iterable[str], refused: list[str]) -> None:
            for text in texts:
                emit_one(text)
            if rejected is not None:
                rejected.extend(refused)
            report.files.append(file_report)

        if jobs == 1 or len(files) <= 1:
            for path, size in zip(files, sizes):
                file_report = FileReport(path)
                with open(path, "rb") as raw:
                    counted = _Counting(raw)
                    done = 0
                    for hh in _checked(read(cast(IO[bytes], counted), name=path), file_report, True, rejected):
                        emit_one(hh)
                        if counted.count - done > 1 << 20:  # the bar moves inside big files
                            bar.update(counted.count - done)
                            done = counted.count
                report.files.append(file_report)
                bar.update(size - done)
        else:  # workers ignore Ctrl-C; the parent stops them at once (see history._pool)
            results = imap(_convert_job, files, jobs=min(jobs, len(files)))
            for (file_report, texts, refused), size in zip(results, sizes):
                emit(file_report, texts, refused)
                bar.update(size)
        if rejects is not None and rejected is not None:  # before the output is renamed into place
            with output_file(rejects) as out:
                for k, text in enumerate(rejected, 1):
                    out.write(f"{'' if k == 1 else chr(10)}[{k}]\n{text}")
    report.elapsed = time.perf_counter() - start
    return report
