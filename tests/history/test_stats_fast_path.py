"""The fast statistics path against the readable reference (tests/reference/history_stats.py).

``summarize`` parses each action string once and caches it, ``iter_hands`` decodes a hand's
lines in one JSON call and the collector caches each table's accumulators; on a few thousand
simulated hands and on the real PHH sample, every summary field and every count per player and
position must equal what the word-by-word reference walk gives over ``tomllib``'s reading.
"""

from __future__ import annotations

import dataclasses
import datetime
import io
import random
from pathlib import Path

import pytest

from reference.history_stats import reference_counts, summarize as reference_summarize

from fastholdem import phh, simulate
from fastholdem.errors import HandHistoryError
from fastholdem.history import scan
from fastholdem.history.scan import iter_hands
from fastholdem.history.stats import stats_files
from fastholdem.history.summary import FLAG_NAMES, summarize

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "phh"
FIELDS = ("names", "positions", "big_blind", "scale", "net", "contributions", "collected", "folded", "flags",
          "aggressive", "calls", "showdown", "holes", "allin_board", "pots", "runouts")


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("fast")
    with open(folder / "six.phhs", "w", encoding="utf-8") as fh:
        simulate(["tight", "random", "station", "tight", "random", "station"], 1500, seed=5, phh=fh,
                 progress=False)
    with open(folder / "two.phhs", "w", encoding="utf-8") as fh:  # heads-up: many all-ins
        simulate(["random", "station"], 300, seed=6, phh=fh, progress=False)
    return [folder / "six.phhs", folder / "two.phhs"]


@pytest.fixture(scope="module")
def hands(sessions: list[Path]) -> list[phh.HandHistory]:
    """The sessions as tomllib reads them."""
    return [hh for path in sessions for hh in phh.load_all(path)]


def _sample() -> list[phh.HandHistory]:
    out = []
    for path in sorted(SAMPLE.rglob("*.phh*")):
        out.extend(phh.load_all(path) if path.suffix == ".phhs" else [phh.load(path)])
    return out


def _same(hh: phh.HandHistory) -> None:
    fast, ref = summarize(hh), reference_summarize(hh)
    for name in FIELDS:
        assert getattr(fast, name) == getattr(ref, name), (name, hh.actions)


def test_summarize_matches_the_reference_walk_on_simulated_hands(hands: list[phh.HandHistory]) -> None:
    assert len(hands) == 1800
    for hh in hands:
        _same(hh)
    assert sum(summarize(hh).allin_board is not None for hh in hands) > 100


def test_summarize_matches_the_reference_walk_on_real_hands() -> None:
    hands = _sample()
    assert len(hands) > 300
    for hh in hands:
        _same(hh)


def test_stats_files_counts_match_the_reference(sessions: list[Path], hands: list[phh.HandHistory]) -> None:
    report = stats_files(sessions, allin_ev=False)
    ref = reference_counts(hands)
    assert report.hands == 1800 and not report.errors
    seen = 0
    for (name, pos), row in ref.items():
        stats = report.positions[name][pos]
        assert stats.hands == row["hands"] and stats.net == row["net"]
        for flag in (*FLAG_NAMES, "aggressive", "calls"):
            assert stats.counts[flag] == row[flag], (name, pos, flag)
        seen += 1
    assert seen == sum(len(p) for p in report.positions.values())
    for name, stats in report.players.items():
        assert stats.hands == sum(row["hands"] for (n, _), row in ref.items() if n == name)


def test_scan_fast_fields_read_what_tomllib_reads() -> None:
    base = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            'starting_stacks = [100, 100]\nactions = ["p2 f"]\nplayers = ["a = b", "c"]\n')
    layouts = [
        base,
        base.replace("min_bet = 2\n", "# a comment\n\n  min_bet = 2\n"),   # comment, blank, indent
        base.replace('"a = b"', '"a \\" b"'),                               # an escaped quote
        base + "finishing_stacks = [101, 99]\n",
        base + "x = 1.50\n",                                                # a decimal field
        base + "when = 2020-01-01\n",                                       # TOML only
        base + "min_bet = 3\n",                                             # duplicate key: an error
        base + "t = {a = 1}\n",                                             # inline table
        base + "y = nan\n",                                                 # TOML float
        base + "z = NaN\n",                                                 # neither TOML nor kept
        base.replace("actions", "act-ions"),                                # a key with a dash
        base + "time = 20:31:12\n",                                         # PHH time (hh convert)
        base + "time = 20:31:12.250\n",                                     # with a fraction
        base + "time = 25:00:00\n",                                         # no time: an error
        base + "time = 20:31:12\ntime = 20:31:13\n",                        # duplicate key
    ]
    for text in layouts:
        session = f"[1]\n{text}\n[2]\n{text}"
        items = [h for _, h in iter_hands(io.StringIO(session))]
        try:
            expected: list[object] = list(phh.loads_all(session))
        except HandHistoryError:
            assert all(isinstance(h, HandHistoryError) for h in items), text
            continue
        assert repr(items) == repr(expected), text  # repr: Decimal NaN is not equal to itself


def test_scan_reads_the_phh_time_field_without_tomllib(monkeypatch: pytest.MonkeyPatch) -> None:
    # hh convert writes every hand's time (a TOML local time): the scanner's JSON fast path
    # still reads such a hand, not tomllib (which costs far more than the statistics).
    text = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            'starting_stacks = [100, 100]\nactions = ["p2 f"]\nyear = 2020\nmonth = 1\nday = 15\n'
            'time = 20:31:12\n')
    expected = phh.loads(text)

    def no_toml(body: str) -> dict[str, object]:
        raise AssertionError("tomllib was used")

    monkeypatch.setattr(scan, "_toml", no_toml)
    ((_, hand),) = list(iter_hands(io.StringIO(text)))
    assert isinstance(hand, phh.HandHistory) and repr(hand) == repr(expected)
    assert hand.fields["time"] == datetime.time(20, 31, 12)


def test_summarize_reports_unreadable_actions_as_the_reference_does() -> None:
    base = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            'starting_stacks = [100, 100]\nfinishing_stacks = [100, 100]\nactions = {}\n')
    for actions in (["p2 xx"], ["p2"], ["d db"], ["d dh p9 AsKs"], ["p2 cbr x"], ["p2 cbr"],
                    ["q2 f"], ["d db 2c3d4h5s6s", "d db"], ["p2 cc # c", "  ", "p1 f"]):
        hh = phh.loads(base.format(actions).replace("'", '"'))
        try:
            ref = reference_summarize(hh)
        except HandHistoryError as exc:
            with pytest.raises(HandHistoryError) as got:
                summarize(hh)
            assert str(got.value) == str(exc)
            continue
        fast = summarize(hh)
        assert all(getattr(fast, n) == getattr(ref, n) for n in FIELDS), actions
    # Text the C walk cannot take (a lone surrogate, from a JSON escape) is the Python walk's.
    odd = phh.HandHistory("NT", [0, 0], [1, 2], [100, 100], ["p2 f\ud800"], min_bet=2,
                          finishing_stacks=[100, 100])
    with pytest.raises(HandHistoryError, match="cannot read action"):
        summarize(odd)
    with pytest.raises(HandHistoryError, match="cannot read action"):
        reference_summarize(odd)


def test_scan_session_reads_like_load_all(sessions: list[Path], hands: list[phh.HandHistory]) -> None:
    assert [h for path in sessions for _, h in iter_hands(path)] == hands


def _split_by_lines(text: str) -> list[tuple[int, str]]:
    """The sections of a PHH session, line by line (the scanner's reference)."""
    out: list[tuple[int, str]] = []
    lines: list[str] = []
    started = False

    def content() -> bool:
        return any(s.strip() and not s.lstrip().startswith("#") for s in lines)

    for line in text.splitlines(True):
        if line[:1] == "[" and scan._HEADER.fullmatch(line.strip()):
            if started or content():
                out.append((len(out) + 1, repr(scan._parse("".join(lines)))))
            lines, started = [], True
            continue
        lines.append(line)
    if started or content():
        out.append((len(out) + 1, repr(scan._parse("".join(lines)))))
    return out


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 50, 1 << 16])
def test_scan_splits_sections_alike_at_every_chunk_size(chunk: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scan, "_CHUNK", chunk)
    base = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            'starting_stacks = [100, 100]\nactions = ["p2 f"]\n')
    texts = ["[1]\n" + base + "\n[2]\n" + base, base, "# c\n\n[1]\n" + base, "[1]\n" + base.rstrip("\n"), "",
             "\n\n", "x = [\n[1]\n]\n[2]\n" + base, "[a]\n" + base + "[b]\n", " [1]\n" + base]
    for text in texts:
        assert [(k, repr(h)) for k, h in scan._scan(io.StringIO(text))] == _split_by_lines(text), text


def test_summarize_matches_the_reference_on_mangled_actions(hands: list[phh.HandHistory]) -> None:
    # One action of each hand mangled (characters dropped, added or changed): the C walk takes
    # what it can read and leaves the rest to the Python walk; either way the answer (a summary
    # or the error) is the reference's. Also the C parser's input hardening (run under ASan in CI).
    rng = random.Random(17)
    alphabet = "p0123456789 #dhbcfrsm-?AsKdT\t.\u00e9x"
    checked = errors = 0
    for hh in hands[:600]:
        actions = list(hh.actions)
        k = rng.randrange(len(actions))
        text = actions[k]
        for _ in range(rng.randint(1, 3)):
            pos = rng.randrange(len(text) + 1)
            op = rng.random()
            if op < 0.3:
                text = text[:pos] + text[pos + 1:]
            elif op < 0.6:
                text = text[:pos] + rng.choice(alphabet) + text[pos:]
            elif op < 0.8:
                text = text[:pos] + rng.choice(alphabet) + text[pos + 1:]
            else:
                text = text[:pos] + "9" * rng.randint(15, 25) + text[pos:]
        actions[k] = text
        odd = dataclasses.replace(hh, actions=actions)
        try:
            ref = reference_summarize(odd)
        except HandHistoryError as exc:
            with pytest.raises(HandHistoryError) as got:
                summarize(odd)
            assert str(got.value) == str(exc), text
            errors += 1
            continue
        fast = summarize(odd)
        assert all(getattr(fast, n) == getattr(ref, n) for n in FIELDS), (text, actions)
        checked += 1
    assert checked > 50 and errors > 50, (checked, errors)
