"""PHH input from outside: user-defined fields that make our own files replay exactly, and
hostile or broken input, which only ever raises ``HandHistoryError`` and never hangs."""

from __future__ import annotations

import io
import random
import signal
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import pytest

from fastholdem import HandHistoryError, phh
from fastholdem.game import AnteMode, Bet, GameConfig, Hand, RaiseTo, Structure

# ---------------------------------------------------------------------- round trips


def _random_config(rng: random.Random, structure: Structure) -> GameConfig:
    bb = rng.choice([2, 4, 10])
    mode = rng.choice([AnteMode.NONE, AnteMode.EVERY_PLAYER, AnteMode.BIG_BLIND])
    ante = 0 if mode is AnteMode.NONE else rng.choice([1, bb // 2])
    conventions = rng.choice(["card-room", "pokerkit"])
    options: dict[str, Any] = {}
    if structure is Structure.LIMIT:
        options["bet_cap"] = rng.choice([None, 1, 2, 3, 4, 5, 7])
        options["cap_heads_up"] = rng.random() < 0.5
        if conventions == "card-room":
            options["uncapped_river"] = rng.random() < 0.3
            options["half_bet_reopens"] = rng.random() < 0.3
    return GameConfig(structure, bb // 2, bb, ante=ante, ante_mode=mode, conventions=conventions, **options)


def _play(hand: Hand, rng: random.Random) -> Hand:
    while hand.actor is not None:
        legal = hand.legal_actions()
        r = rng.random()
        if legal.min_to is not None and legal.max_to is not None and r < 0.35:
            amount = rng.choice([legal.min_to, legal.max_to, rng.randint(legal.min_to, legal.max_to)])
            hand.apply(Bet(amount) if legal.bet else RaiseTo(amount))
        elif legal.call and r < 0.45:
            hand.fold()
        else:
            hand.check_or_call()
    return hand


@pytest.mark.parametrize("structure", list(Structure), ids=lambda s: s.value)
def test_phh_round_trip_keeps_config_and_stacks_for_every_option(structure: Structure) -> None:
    rng = random.Random(list(Structure).index(structure))
    for _ in range(300):
        cfg = _random_config(rng, structure)
        n = rng.randint(2, 10)
        stacks = [rng.choice([rng.randint(1, 3 * cfg.big_blind), rng.randint(20, 400)]) for _ in range(n)]
        scale = rng.choice([1, 1, 10, 100])
        hand = _play(Hand(cfg, stacks, button=rng.randrange(n), seed=rng.randrange(1 << 30), scale=scale), rng)
        text = phh.dumps(hand)
        hh = phh.loads(text)
        assert hh.to_config() == cfg, text
        again = hh.replay()
        order = [(hand.button + 1 + k) % n for k in range(n)]
        assert again.stacks == [hand.stacks[s] for s in order] == hh.finishing_stacks, text
        assert phh.dumps(again) == text


def test_phh_fields_written_only_when_needed() -> None:
    plain = Hand(GameConfig(Structure.LIMIT, 1, 2), [50, 50], seed=1)
    plain.fold()
    assert not [key for key in tomllib.loads(phh.dumps(plain)) if key.startswith("_")]
    cfg = GameConfig(Structure.LIMIT, 1, 2, bet_cap=None, cap_heads_up=True, conventions="pokerkit")
    special = Hand(cfg, [50, 50], seed=1, scale=10)
    special.fold()
    fields = tomllib.loads(phh.dumps(special))
    assert fields["_conventions"] == "pokerkit" and fields["_bet_cap"] == "none"
    assert fields["_cap_heads_up"] is True and fields["_chip_unit"] == 0.1
    assert "_uncapped_river" not in fields and "_half_bet_reopens" not in fields


# The chip unit: stacks [100, 100, 3.0] are played in tenths; the tied 5-chip pot splits 2.5/2.5.
_TENTHS = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 3.0]
actions = ["d dh p1 2c3c", "d dh p2 4d5d", "d dh p3 6h7h", "p3 cc", "p1 f", "p2 cc", "d db AsKsQs",
  "p2 cc", "p3 cc", "d db Js", "p2 cc", "p3 cc", "d db Ts", "p2 cc", "p3 cc"]
"""


def test_phh_chip_unit_of_decimal_stacks_survives_dumps() -> None:
    hand = phh.loads(_TENTHS).replay()
    assert hand.stacks == [99, Decimal("100.5"), Decimal("3.5")]
    text = phh.dumps(hand)
    assert "starting_stacks = [100, 100, 3]" in text and "_chip_unit = 0.1" in text
    assert phh.loads(text).replay().stacks == hand.stacks
    # Without the field (and the decimal finishing stacks) the same numbers are whole chips,
    # and the odd chip goes to p2 (R38).
    bare = "\n".join(line for line in text.splitlines() if not line.startswith(("_chip_unit", "finishing")))
    assert phh.loads(bare).replay().stacks == [99, 101, 3]


def test_phh_conventions_from_field_or_argument() -> None:
    text = _TENTHS + '_conventions = "pokerkit"\n'
    assert phh.loads(text).conventions == "pokerkit"
    assert phh.loads(text).to_config().conventions == "pokerkit"
    assert phh.loads(text, conventions="card-room").to_config().conventions == "card-room"
    assert phh.loads(_TENTHS).to_config().conventions == "card-room"
    assert phh.loads(_TENTHS).replay(conventions="pokerkit").config.conventions == "pokerkit"
    assert phh.load(io.StringIO(_TENTHS), conventions="pokerkit").conventions == "pokerkit"
    session = phh.dumps_all([phh.loads(_TENTHS), phh.loads(text)])
    assert [h.conventions for h in phh.loads_all(session)] == [None, "pokerkit"]
    assert [h.conventions for h in phh.load_all(io.StringIO(session), conventions="card-room")] == ["card-room"] * 2
    with pytest.raises(HandHistoryError, match="_conventions"):
        phh.loads(_TENTHS + '_conventions = "casino"\n')
    with pytest.raises(HandHistoryError, match="conventions"):
        phh.loads(_TENTHS, conventions="casino")


# ---------------------------------------------------------------------- hostile input


@contextmanager
def _hang_guard(seconds: int = 10) -> Iterator[None]:
    """Fail a case that runs away (the bugs fixed here ran for minutes); not a speed test."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def _expired(*_: Any) -> None:
        raise AssertionError(f"PHH input took over {seconds} s")

    previous = signal.signal(signal.SIGALRM, _expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


_BASE = {
    "variant": '"NT"',
    "antes": "[0, 0]",
    "blinds_or_straddles": "[1, 2]",
    "min_bet": "2",
    "starting_stacks": "[100, 100]",
    "actions": '["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr 6", "p1 f"]',
}


def _text(**changes: str) -> str:
    fields = {**_BASE, **changes}
    return "".join(f"{k} = {v}\n" for k, v in fields.items())


_CASES: dict[str, str] = {
    "min_bet 1e-1000000": _text(min_bet="1e-1000000"),
    "min_bet 1e-100000000": _text(min_bet="1e-100000000"),
    "min_bet 0e-1000000": _text(min_bet="0e-1000000"),
    "cbr 0e-100000000": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr 0e-100000000"]'),
    "cbr +-5": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr +-5"]'),
    "cbr 1e-1000000": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr 1e-1000000"]'),
    "cbr 1e-999999999": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr 1e-999999999"]'),
    "no players": _text(antes="[]", blinds_or_straddles="[]", starting_stacks="[]"),
    "one player": _text(antes="[0]", blinds_or_straddles="[1]", starting_stacks="[100]"),
    "eleven players": _text(antes="[0]", blinds_or_straddles="[1]", starting_stacks="[" + "5, " * 11 + "]"),
    "inf stack": _text(starting_stacks="[inf, 100]"),
    "-inf min_bet": _text(min_bet="-inf"),
    "cbr inf": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr inf"]'),
    "cbr Infinity": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr Infinity"]'),
    "cbr sNaN": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr sNaN"]'),
    "cbr nan": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr nan"]'),
    "nan min_bet": _text(min_bet="nan"),
    "nan blind": _text(blinds_or_straddles="[nan, 2]"),
    "cbr superscript two": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr ²"]'),
    "cbr 1e99999": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr 1e99999"]'),
    "cbr 41 digits": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr ' + "9" * 41 + '"]'),
    "huge float field": _text() + "x = 1e99999999999999999999999\n",
    "huge int stack": _text(starting_stacks="[1000000000000000000000000000000000000, 100]"),
    "1e40 stack": _text(starting_stacks="[1e40, 100]"),
    "negative stack": _text(starting_stacks="[-5, 100]"),
    "string stack": _text(starting_stacks='["a", 100]'),
    "bool ante": _text(antes="[true, 0]"),
    "table stacks": _text(starting_stacks="{a = 1}"),
    "finishing_stacks string": _text() + 'finishing_stacks = "x"\n',
    "chip unit 0.3": _text() + "_chip_unit = 0.3\n",
    "chip unit 1e-1000000": _text() + "_chip_unit = 1e-1000000\n",
    "bet cap -1": _text(variant='"FT"', small_bet="2", big_bet="4") + "_bet_cap = -1\n",
    "cap_heads_up string": _text() + '_cap_heads_up = "yes"\n',
    "pokerkit uncapped river": _text() + '_conventions = "pokerkit"\n_uncapped_river = true\n',
    "empty action player": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p"]'),
    "player p0": _text(actions='["d dh p0 AsKs"]'),
    "short dealer action": _text(actions='["d dh p1"]'),
    "bad cards": _text(actions='["d dh p1 AsXx"]'),
    "three hole cards": _text(actions='["d dh p1 AsKsQs"]'),
    "flop of two": _text(actions='["d dh p1 AsKs", "d dh p2 7c2d", "p2 cc", "p1 cc", "d db 2h3h"]'),
    "unknown variant": _text(variant='"PO"'),
    "not TOML": "variant = \n",
}


@pytest.mark.parametrize("case", list(_CASES))
def test_phh_bad_input_raises_hand_history_error(case: str) -> None:
    with _hang_guard(), pytest.raises(HandHistoryError):
        phh.loads(_CASES[case]).replay()


def test_phh_binary_file_raises_hand_history_error() -> None:
    with pytest.raises(HandHistoryError, match="UTF-8"):
        phh.load(io.BytesIO(b"\xff\xfe\x00\x81variant"))
    with pytest.raises(HandHistoryError, match="UTF-8"):
        phh.load_all(io.BytesIO(bytes(range(256))))


def test_phh_dumps_non_finite_amounts_as_toml() -> None:
    hh = phh.loads(_text())
    hh.starting_stacks = [Decimal("Infinity"), Decimal("-Infinity")]
    hh.min_bet = Decimal("NaN")
    text = phh.dumps(hh)
    assert "starting_stacks = [inf, -inf]" in text and "min_bet = nan" in text
    tomllib.loads(text)  # valid TOML
    with pytest.raises(HandHistoryError, match="finite"):
        phh.loads(text).replay()


_MUTANTS = ["", "-", "+-5", "0e-99999999", "0", "-1", "1e-30", "1e30", "0.5", "inf", "nan", "²", "p9", "cbr", "??", "AsAs",
            "1_0", "d", "db", "dh", "sm", "f", "cc", "#", "0x10", "\x00", "٣", "1e-13"]


def test_phh_mutated_actions_raise_only_hand_history_error() -> None:
    rng = random.Random(9)
    base = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 6", "p1 cbr 20", "p2 f", "p3 cc",
            "d db 2c3d4h", "p1 cbr 10", "p3 cc", "d db 5s", "p1 cc", "p3 cc", "d db 9c", "p1 cc", "p3 cc"]
    header = 'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
    header += "starting_stacks = [100, 100.5, 100]\n"
    outcomes: dict[str, int] = {"ok": 0, "error": 0}
    for _ in range(600):
        actions = list(base)
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(actions))
            words = actions[k].split()
            words[rng.randrange(len(words))] = rng.choice(_MUTANTS)
            actions[k] = " ".join(words)
        text = header + "actions = [" + ", ".join(phh._toml_value(a) for a in actions) + "]\n"
        try:
            with _hang_guard():
                phh.loads(text).replay()
            outcomes["ok"] += 1
        except HandHistoryError:
            outcomes["error"] += 1
    assert outcomes["error"] > 300 and outcomes["ok"] > 0


def test_replay_session_bad_seats_field_raises_hand_history_error() -> None:
    hh = phh.loads(_text())
    hh.fields["seats"] = ["one", "two"]
    with pytest.raises(HandHistoryError, match="seats"):
        phh.replay_session([hh])
