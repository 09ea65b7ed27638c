"""Files the command line writes (issue 26, item 3): an output that is one of the inputs is refused,
by any name (the same path, a symlink, a hard link) or inside an input folder that would read it,
and every output is written whole or not at all (:func:`fastholdem._validate.output_file`)."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import stat
from pathlib import Path

import pytest

from fastholdem import phh, simulate
from fastholdem._validate import check_output_path, output_file
from fastholdem.cli import main
from fastholdem.errors import InputError

STARS = """PokerStars Hand #{n}: Hold'em No Limit (10/20) - 2020/01/01 0:00:00 ET
Table 'T 1' 9-max Seat #2 is the button
Seat 1: ann (1000 in chips)
Seat 2: bob (1000 in chips)
bob: posts small blind 10
ann: posts big blind 20
*** HOLE CARDS ***
bob: folds
Uncalled bet (10) returned to ann
ann collected 20 from pot
*** SUMMARY ***
Total pot 20 | Rake 0
"""


def _site_text(hands: int = 3) -> str:
    return "\n\n".join(STARS.format(n=k) for k in range(1, hands + 1))


def _session(path: Path, hands: int = 5) -> Path:
    with open(path, "w", encoding="utf-8") as fh:
        simulate(["station", "tight"], hands, seed=1, phh=fh, progress=False)
    return path


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -------------------------------------------------------------------- an output that is an input

def _aliases(tmp_path: Path, source: Path) -> dict[str, Path]:
    """The input by its own name, by another spelling, through a symlink and a hard link."""
    link = tmp_path / f"link-{source.name}"
    link.symlink_to(source.name)
    hard = tmp_path / f"hard-{source.name}"
    os.link(source, hard)
    return {"same": source, "spelled": source.parent / "." / source.name, "symlink": link, "hardlink": hard}


# (command, input file suffix, how to build the argv from input and output)
_READERS = {
    "hh convert": (".txt", lambda src, out: ["hh", "convert", str(src), "-o", str(out), "--quiet"]),
    "hh export": (".phhs", lambda src, out: ["hh", "export", str(src), "-o", str(out)]),
    "hh stats --plot": (".phhs", lambda src, out: ["hh", "stats", str(src), "--hero", "station0",
                                                   "--plot", str(out)]),
}


@pytest.mark.parametrize("alias", ["same", "spelled", "symlink", "hardlink"])
@pytest.mark.parametrize("command", list(_READERS))
def test_output_that_is_an_input_is_refused(tmp_path, capsys, command, alias):
    suffix, argv = _READERS[command]
    src = tmp_path / f"hands{suffix}"
    if suffix == ".txt":
        src.write_text(_site_text(), encoding="utf-8")
    else:
        _session(src)
    before = src.read_bytes()
    out = _aliases(tmp_path, src)[alias]
    listing = _names(tmp_path)
    capsys.readouterr()
    assert main(argv(src, out)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"fastholdem: error: cannot write {out}: "), err
    assert "input" in err
    assert src.read_bytes() == before
    assert _names(tmp_path) == listing  # nothing written, no temporary file left
    if alias == "symlink":
        assert out.is_symlink()


def test_hh_convert_refuses_an_output_its_input_folder_would_read(tmp_path, capsys):
    hands = tmp_path / "hands"
    (hands / "2020").mkdir(parents=True)
    (hands / "2020" / "a.txt").write_text(_site_text(), encoding="utf-8")
    before = (hands / "2020" / "a.txt").read_bytes()
    outside = tmp_path / "elsewhere.txt"
    outside.symlink_to(hands / "2020" / "a.txt")
    for out in (hands / "2020" / "a.txt",      # a file the folder reads
                hands / "new.txt",             # not there yet: the next run would read it
                hands / "2020" / "new.XML",
                outside):                      # a symlink from outside to a file read
        assert main(["hh", "convert", str(hands), "-o", str(out), "--quiet"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"cannot write {out}: " in err, err
        assert (hands / "2020" / "a.txt").read_bytes() == before
    assert not (hands / "new.txt").exists() and not (hands / "2020" / "new.XML").exists()
    # A file the folder does not read (a .phhs, or a site's tournament summary) may be written there.
    assert main(["hh", "convert", str(hands), "-o", str(hands / "all.phhs"), "--quiet"]) == 0
    assert len(phh.load_all(hands / "all.phhs")) == 3
    assert main(["hh", "convert", str(hands), "-o", str(hands / "all.phhs"), "--quiet"]) == 0  # again


def test_check_output_path_names_the_input_it_would_overwrite(tmp_path):
    src = tmp_path / "a.phhs"
    src.write_text("x")
    os.link(src, tmp_path / "b.phhs")
    same = r"cannot write .*b\.phhs: it is the input .*a\.phhs \(the same file\)"
    with pytest.raises(InputError, match=same):
        check_output_path(tmp_path / "b.phhs", [src])
    with pytest.raises(InputError, match=r"a\.phhs: it is one of the inputs"):
        check_output_path(src, [tmp_path / "other.phhs", src])
    # A file not there yet is no input; an input folder refuses only what it would read.
    assert check_output_path(tmp_path / "new.phhs", [src]) == str(tmp_path / "new.phhs")
    assert check_output_path(tmp_path / "x.txt", [tmp_path]) == str(tmp_path / "x.txt")
    with pytest.raises(InputError, match="inside the input folder"):
        check_output_path(tmp_path / "x.txt", [tmp_path], folder_reads=lambda p: p.endswith(".txt"))


# -------------------------------------------------------------------- whole or not at all

def _fail_on_call(monkeypatch, owner, name, after, error):
    """Make ``owner.name`` raise ``error`` on its ``after + 1``-th call (the first ones run)."""
    original = getattr(owner, name)
    calls = [0]

    def patched(*args, **kwargs):
        calls[0] += 1
        if calls[0] > after:
            raise error
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, patched)


def _half_a_png(monkeypatch, error):
    """``Figure.savefig`` writes part of the file, then fails."""
    Figure = pytest.importorskip("matplotlib.figure").Figure

    def savefig(self, fname, **kwargs):
        with contextlib.ExitStack() as stack:
            fh = fname if hasattr(fname, "write") else stack.enter_context(open(fname, "wb"))
            fh.write(b"\x89PNG\r\n\x1a\n" + b"\0" * 1000)
        raise error

    monkeypatch.setattr(Figure, "savefig", savefig)


def _writer_setups():
    """(name, argv from the folder, how to break the write half-way) for every command that writes."""
    import fastholdem.cli.hh_export as hh_export
    import fastholdem.history.phh as phh_module
    import importlib

    convert_module = importlib.import_module("fastholdem.history.sites.convert")  # the package's
    # convert attribute is the function

    return {
        "hh convert": (lambda d: ["hh", "convert", str(d / "in.txt"), "-o", str(d / "out"), "--quiet"],
                       lambda mp, e: _fail_on_call(mp, convert_module, "dumps", 2, e)),
        "hh export": (lambda d: ["hh", "export", str(d / "in.phhs"), "-o", str(d / "out")],
                      lambda mp, e: _fail_on_call(mp, hh_export, "hand_text", 2, e)),
        "hh stats --plot": (lambda d: ["hh", "stats", str(d / "in.phhs"), "--hero", "station0", "--plot",
                                       str(d / "out")],
                            _half_a_png),
        "equity --plot": (lambda d: ["equity", "AhKh", "QsQd", "--board", "Td7c2s", "--quiet", "--plot",
                                     str(d / "out")],
                          _half_a_png),
        "range --plot": (lambda d: ["range", "AKs,QQ+", "--plot", str(d / "out")], _half_a_png),
        "simulate --phh": (lambda d: ["simulate", "--players", "2", "--hands", "40", "--block-hands", "10",
                                      "--seed", "1", "--no-progress", "--phh", str(d / "out")],
                           lambda mp, e: _fail_on_call(mp, phh_module, "dumps", 25, e)),
    }


@pytest.mark.parametrize("error, status", [(KeyboardInterrupt(), 130),
                                           (OSError(28, "No space left on device"), 2)])
@pytest.mark.parametrize("command", list(_writer_setups()))
@pytest.mark.parametrize("existing", [False, True])
def test_a_write_that_fails_half_way_leaves_no_partial_output(tmp_path, capsys, monkeypatch, command, error,
                                                              status, existing):
    argv, breaks = _writer_setups()[command]
    (tmp_path / "in.txt").write_text(_site_text(5), encoding="utf-8")
    _session(tmp_path / "in.phhs")
    if existing:  # a previous result is kept as it was
        (tmp_path / "out").write_bytes(b"the previous result\n")
    listing = _names(tmp_path)
    breaks(monkeypatch, error)
    assert main(argv(tmp_path)) == status
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert _names(tmp_path) == listing  # no partial output and no temporary file
    if existing:
        assert (tmp_path / "out").read_bytes() == b"the previous result\n"


@pytest.mark.parametrize("command", list(_writer_setups()))
def test_every_writing_command_writes_its_file(tmp_path, command):
    """The same commands unbroken: the file is written, and nothing else is left beside it."""
    if "--plot" in command:
        pytest.importorskip("matplotlib")
    argv, _ = _writer_setups()[command]
    (tmp_path / "in.txt").write_text(_site_text(5), encoding="utf-8")
    _session(tmp_path / "in.phhs")
    listing = _names(tmp_path)
    assert main(argv(tmp_path)) == 0
    assert _names(tmp_path) == sorted([*listing, "out"])
    assert (tmp_path / "out").stat().st_size > 0


@contextlib.contextmanager
def _file_size_limit(limit: int):
    """Writes past ``limit`` bytes fail with EFBIG (an OSError), as on a full disk, whatever writes."""
    resource = pytest.importorskip("resource")
    import signal

    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # else the signal ends the process
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        signal.signal(signal.SIGXFSZ, handler)


@pytest.mark.parametrize("write", ["phh.dump", "phh.dump_all", "export_pokerstars.dump", "plot.save"])
def test_library_writers_write_whole_or_not_at_all(tmp_path, write):
    import fastholdem as fh
    from fastholdem import plot
    from fastholdem.history import export_pokerstars

    if write == "plot.save":
        pytest.importorskip("matplotlib")

    hands = phh.load_all(_session(tmp_path / "in.phhs", 60))
    calls = {"phh.dump": lambda path: phh.dump(hands[0], path),
             "phh.dump_all": lambda path: phh.dump_all(hands, path),
             "export_pokerstars.dump": lambda path: export_pokerstars.dump(hands, path),
             "plot.save": lambda path: plot.save(plot.range_grid(fh.Range("AA")), path)}
    call = calls[write]
    call(tmp_path / "whole")
    size = (tmp_path / "whole").stat().st_size
    out = tmp_path / "out"
    out.write_bytes(b"kept\n")
    listing = _names(tmp_path)
    with _file_size_limit(size // 2), pytest.raises(OSError):  # the disk fills half-way
        call(out)
    assert _names(tmp_path) == listing and out.read_bytes() == b"kept\n"


def test_output_file_writes_through_a_symlink_and_keeps_permissions(tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("old")
    target.chmod(0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    with output_file(link) as fh:
        fh.write("new")
    assert link.is_symlink() and target.read_text() == "new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    with output_file(tmp_path / "fresh.bin", binary=True) as fb:
        fb.write(b"\0\1")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE((tmp_path / "fresh.bin").stat().st_mode) == 0o666 & ~umask
    assert _names(tmp_path) == ["fresh.bin", "link.txt", "target.txt"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root may write any file")
def test_output_file_does_not_replace_a_file_it_may_not_write(tmp_path):
    kept = tmp_path / "kept.txt"
    kept.write_text("mine")
    kept.chmod(0o444)
    with pytest.raises(PermissionError):
        with output_file(kept) as fh:
            fh.write("theirs")
    assert kept.read_text() == "mine" and _names(tmp_path) == ["kept.txt"]


def test_simulate_phh_ctrl_c_leaves_no_output(tmp_path):
    """SIGINT while simulate --phh writes (sized by work: far more hands than run before the signal):
    exit status 130, no session and no temporary file left."""
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "out.phhs"
    command = [sys.executable, "-m", "fastholdem.cli", "simulate", "--players", "6", "--hands", "100000000",
               "--seed", "1", "--no-progress", "--phh", str(out)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while not any(p.name.endswith(".part") for p in tmp_path.iterdir()) and time.monotonic() < deadline:
            time.sleep(0.05)  # wait until the session is being written
        assert proc.poll() is None
        time.sleep(0.3)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:  # a failure above must not leave a 10**8-hand run behind
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    assert _names(tmp_path) == []


@pytest.mark.skipif(os.name != "posix", reason="/dev")
def test_a_device_output_is_written_directly(capsys):
    """/dev/null (like /dev/stdout or a named pipe) is no file to replace: written as is, and no
    temporary file is made beside it."""
    before = sorted(os.listdir("/dev"))
    with output_file(os.devnull) as fh:
        fh.write("nothing")
    assert main(["simulate", "--players", "2", "--hands", "20", "--seed", "1", "--no-progress",
                 "--phh", os.devnull]) == 0
    if importlib.util.find_spec("matplotlib") is not None:
        assert main(["range", "AA", "--plot", os.devnull]) == 0
    capsys.readouterr()
    assert sorted(os.listdir("/dev")) == before


def test_output_file_syncs_the_data_before_the_rename_and_the_folder_after(tmp_path, monkeypatch):
    events: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        events.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "data")
        real_fsync(fd)

    def replace(src: str, dst: str) -> None:
        events.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    with output_file(tmp_path / "out.txt") as fh:
        fh.write("whole\n")
    assert events == ["data", "rename", "folder"]
    assert (tmp_path / "out.txt").read_text() == "whole\n"
