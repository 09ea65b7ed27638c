"""Boundary inputs found by the fuzzing campaign of issue 19 (item 9): each gives a clear
TypeError/ValueError/RangeError with a short message, never an unrelated exception or a
silently empty answer."""

from __future__ import annotations

import pytest

import fastholdem as fh
from fastholdem._validate import ECHO_LIMIT, echo
from fastholdem.errors import RangeError
from fastholdem.history.check import find_files

HUGE = 10**4000
HUGER = 10**5000  # beyond Python's 4,300-digit limit for int -> text


def test_echo_of_a_huge_int_is_short_and_counts_digits() -> None:
    for value, digits in ((HUGE, "4,001"), (-HUGER, "5,001")):
        text = echo(value)
        assert len(text) < ECHO_LIMIT + 30 and f"({digits} digits)" in text
    assert echo(10**ECHO_LIMIT - 1) == repr(10**ECHO_LIMIT - 1)
    assert "(5,001 digits)" in echo([HUGER])


@pytest.mark.parametrize(("name", "call"), [
    ("opponents", lambda: fh.preflop_vs_random(HUGE)),
    ("trials", lambda: fh.equity(["AA", "KK"], trials=HUGER)),
    ("trials", lambda: fh.equity(["AA", "KK"], trials=HUGE)),
    ("n", lambda: fh.deal(-HUGER, 7)),
    ("k", lambda: fh.deal(3, HUGER)),
    ("opponents", lambda: fh.hand_strength([[51, 50]], opponents=HUGER)),
    ("fraction", lambda: fh.Range.top(10**400)),
    ("player", lambda: fh.equity(["AA", "KK"], board="Td7h2s").by_combo(HUGE)),
], ids=["preflop_vs_random", "trials_5000_digits", "trials_4000_digits", "deal_n", "deal_k",
        "hand_strength_opponents", "range_top", "by_combo_player"])
def test_messages_cut_huge_integers(name: str, call: object) -> None:
    # (Python refuses to print an int of over 4,300 digits: the message must not try.)
    with pytest.raises((ValueError, IndexError)) as info:
        call()  # type: ignore[operator]
    message = str(info.value)
    assert message.startswith(f"{name} must be") and len(message) < 200 and " digits)" in message, message


def test_range_top_of_a_huge_int_is_a_value_error_not_overflow() -> None:
    with pytest.raises(ValueError, match=r"fraction must be in \[0, 1\]"):
        fh.Range.top(10**400)


def test_board_hits_share_refuses_non_text() -> None:
    hits = fh.board_hits(fh.Range("AA, KQ"), "Td7h2s")
    with pytest.raises(TypeError, match=r"HandCategory\(5\)"):
        hits.share(5)  # type: ignore[arg-type]
    for bad in (None, True, 2.0, ["ONE_PAIR"]):
        with pytest.raises(TypeError, match="must be a HandCategory or text"):
            hits.share(bad)  # type: ignore[arg-type]
    assert hits.share(fh.HandCategory(1)) == hits.share("one pair")


def test_range_percentage_names_at_least_one_hand() -> None:
    assert fh.Range("0.00000000001%") == fh.Range("AA")  # was silently empty
    assert len(fh.Range.top(1e-12)) == 6 and len(fh.Range.top(0)) == 0
    for text in ("0%", "5-5%", "0.1-0.2%"):
        with pytest.raises(RangeError, match="selects no hand"):
            fh.Range(text)


def test_phh_find_files_names_what_a_special_file_is() -> None:
    with pytest.raises(ValueError, match="/dev/null is a character device"):
        find_files(["/dev/null"])
    with pytest.raises(FileNotFoundError, match="no such file or folder"):
        find_files(["/nonexistent-fastholdem-path"])
