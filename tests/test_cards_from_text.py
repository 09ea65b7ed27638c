"""``fastholdem.cards_from_text``: card text in bulk (issue 25 item 5), and the errors that
``evaluate_batch`` gives for text, objects and ids outside 0-51.

Correctness: every row is checked against ``parse_cards`` (the scalar parser, R2) on random
deals written in random styles (case, ``10`` for ``T``, separators), and against the card
parsers of two peers that are not ours, treys and eval7, on their canonical text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import fastholdem as fh
from fastholdem import _core
from fastholdem.cards import RANKS, SUITS, parse_cards
from fastholdem.errors import CardError, CardTypeError, FastHoldemError

SEPARATORS = ["", "", "", " ", ",", ", ", "\t", "  \n", "\r\n", "\v\f"]


def random_deals(rng: np.random.Generator, rows: int, k: int) -> np.ndarray:
    """``(rows, k)`` uint8: each row ``k`` distinct card ids, uniformly random."""
    return np.argsort(rng.random((rows, 52)), axis=1)[:, :k].astype(np.uint8)


def canonical_text(row: np.ndarray) -> str:
    return "".join(RANKS[c >> 2] + SUITS[c & 3] for c in row.tolist())


def styled_text(row: np.ndarray, rng: np.random.Generator) -> str:
    """The cards of ``row`` written as a person or a file might: ranks and suits in either
    case, ``10`` or ``T``/``t`` for a ten, any separators (none, spaces, commas, newlines)
    before, between and after the cards."""
    parts = [SEPARATORS[rng.integers(len(SEPARATORS))]]
    for c in row.tolist():
        rank, suit = RANKS[c >> 2], SUITS[c & 3]
        if rank == "T" and rng.random() < 0.4:
            rank = "10"
        elif rng.random() < 0.5:
            rank = rank.lower()
        if rng.random() < 0.5:
            suit = suit.upper()
        parts += [rank + suit, SEPARATORS[rng.integers(len(SEPARATORS))]]
    return "".join(parts)


@pytest.fixture(scope="module")
def styled() -> tuple[list[str], np.ndarray]:
    """3,000 random 7-card deals as styled text, and their ids."""
    rng = np.random.default_rng(25)
    ids = random_deals(rng, 3000, 7)
    return [styled_text(row, rng) for row in ids], ids


# ---- the same ids as parse_cards, and as the peers -----------------------------------------------


@pytest.mark.parametrize("k", [1, 2, 3, 5, 7, 9, 52])
def test_r2_cards_from_text_matches_parse_cards_row_by_row(k: int) -> None:
    rng = np.random.default_rng(1000 + k)
    ids = random_deals(rng, 400, k)
    texts = [styled_text(row, rng) for row in ids]
    out = fh.cards_from_text(texts)
    assert out.dtype == np.uint8 and out.shape == (400, k)
    assert out.tolist() == [parse_cards(t) for t in texts]
    assert out.tolist() == ids.tolist()
    assert np.array_equal(fh.cards_from_text(np.array(texts), n_cards=k), out)


def test_r2_cards_from_text_agrees_with_treys_card_parsing(peer: Callable[[str], Any]) -> None:
    treys = peer("treys")
    rng = np.random.default_rng(3)
    ids = random_deals(rng, 500, 7)
    texts = [canonical_text(row) for row in ids]
    suit_of = {8: 0, 4: 1, 2: 2, 1: 3}  # treys' suit bits: clubs 8, diamonds 4, hearts 2, spades 1
    expected = [[4 * treys.Card.get_rank_int(c) + suit_of[treys.Card.get_suit_int(c)]
                 for c in (treys.Card.new(t[i:i + 2]) for i in range(0, len(t), 2))] for t in texts]
    assert fh.cards_from_text(np.array(texts)).tolist() == expected


def test_r2_cards_from_text_agrees_with_eval7_card_parsing(peer: Callable[[str], Any]) -> None:
    eval7 = peer("eval7")
    rng = np.random.default_rng(4)
    ids = random_deals(rng, 500, 7)
    texts = [canonical_text(row) for row in ids]
    suits = {s: i for i, s in enumerate("cdhs")}
    expected = []
    for t in texts:
        cards = [eval7.Card(t[i:i + 2]) for i in range(0, len(t), 2)]
        # eval7 ranks 0 (deuce) .. 12 (ace); its suit index differs from ours, so read the suit
        # back from the card's own text.
        expected.append([4 * c.rank + suits[str(c)[1]] for c in cards])
    assert fh.cards_from_text(texts).tolist() == expected


def test_cards_from_text_ranks_like_evaluate_on_text(styled: tuple[list[str], np.ndarray]) -> None:
    texts, _ = styled
    values = fh.evaluate_batch(fh.cards_from_text(texts))
    assert values[:500].tolist() == [fh.evaluate(t) for t in texts[:500]]


# ---- every input kind --------------------------------------------------------------------------


class Column:
    """Anything with ``.to_numpy()`` (as pandas and polars columns have)."""

    def __init__(self, items: list[str]) -> None:
        self.items = items

    def to_numpy(self) -> np.ndarray:
        return np.array(self.items, dtype=object)


INPUT_KINDS: dict[str, Callable[[list[str]], object]] = {
    "list": lambda t: t,
    "tuple": tuple,
    "generator": lambda t: (x for x in t),
    "U array": np.array,
    "S array": lambda t: np.array([x.encode() for x in t]),
    "big-endian U": lambda t: np.array(t).astype(">U40"),
    "object array": lambda t: np.array(t, dtype=object),
    "object array of bytes": lambda t: np.array([x.encode() for x in t], dtype=object),
    "str subclass": lambda t: [type("Text", (str,), {})(x) for x in t],
    "strided U": lambda t: np.repeat(np.array(t), 2)[::2],
    "reversed U": lambda t: np.array(t[::-1])[::-1],
    "U column of a 2-D array": lambda t: np.stack([np.array(t), np.array(t)], axis=1)[:, 1],
    "wide U (padding)": lambda t: np.array(t, dtype="U200"),
    ".to_numpy()": Column,
}


@pytest.mark.parametrize("kind", sorted(INPUT_KINDS))
def test_cards_from_text_reads_every_input_kind(kind: str, styled: tuple[list[str], np.ndarray]) -> None:
    texts, ids = styled
    out = fh.cards_from_text(INPUT_KINDS[kind](texts))
    assert np.array_equal(out, ids)


def test_cards_from_text_reads_numpy_stringdtype(styled: tuple[list[str], np.ndarray]) -> None:
    dtypes = getattr(np, "dtypes", None)
    if dtypes is None or not hasattr(dtypes, "StringDType"):
        pytest.skip("NumPy without StringDType")
    texts, ids = styled
    assert np.array_equal(fh.cards_from_text(np.array(texts, dtype=dtypes.StringDType())), ids)


@pytest.mark.parametrize("dtype", [None, "object", "string[python]", "string[pyarrow]", "category"])
def test_cards_from_text_reads_pandas_columns(dtype: str | None, styled: tuple[list[str], np.ndarray]) -> None:
    pd = pytest.importorskip("pandas")
    if dtype is not None and "pyarrow" in dtype:
        pytest.importorskip("pyarrow")
    texts, ids = styled
    frame = pd.DataFrame({"hand": pd.Series(texts, dtype=dtype)})
    assert np.array_equal(fh.cards_from_text(frame["hand"]), ids)
    assert np.array_equal(fh.cards_from_text(pd.Index(texts)), ids)
    frame["value"] = fh.evaluate_batch(fh.cards_from_text(frame["hand"]))
    assert frame["value"].tolist() == fh.evaluate_batch(ids).tolist()


def test_cards_from_text_threads_give_the_same_array() -> None:
    rng = np.random.default_rng(9)
    ids = np.tile(random_deals(rng, 1000, 5), (150, 1))  # 150,000 rows: several threads
    texts = np.array([canonical_text(row) for row in ids[:1000]] * 150)
    assert np.array_equal(fh.cards_from_text(texts, threads=1), ids)
    assert np.array_equal(fh.cards_from_text(texts, threads=2), ids)
    assert np.array_equal(fh.cards_from_text(texts.tolist(), threads=2), ids)


def test_cards_from_text_n_cards_and_empty_input() -> None:
    assert fh.cards_from_text(["AhKd"], n_cards=2).tolist() == [[50, 45]]
    assert fh.cards_from_text([]).shape == (0, 0)
    assert fh.cards_from_text(np.array([], dtype="U14"), n_cards=7).shape == (0, 7)
    assert fh.cards_from_text([], n_cards=np.int64(5)).shape == (0, 5)
    assert fh.cards_from_text(["  \t10h,  2c  "]).tolist() == [[34, 0]]
    assert fh.evaluate_batch(fh.cards_from_text(np.array([], dtype="U14"), n_cards=7)).shape == (0,)


# ---- errors: FastHoldemError and ValueError/TypeError, naming the argument, row and text ---------


def raises(exc_type: type[Exception], texts: object, match: str, **kwargs: Any) -> Exception:
    with pytest.raises(exc_type, match=match) as info:
        fh.cards_from_text(texts, **kwargs)
    assert isinstance(info.value, FastHoldemError)
    return info.value


@pytest.mark.parametrize(("text", "token"), [
    ("AhKx7c", "Kx"),
    ("AhKd7", "7"),
    ("Ah1h7c", "1h"),
    ("Ah10", "10"),
    ("Ah 0h", "0h"),
    ("AhKd;7c", ";7"),
    ("Ah\u00a0Kd", "\u00a0K"),  # a no-break space is not a separator here
    ("A\u2660Kd", "A\u2660"),
    ("AhKd\x007c", "\x007"),
    ("Ah K d", "K"),
])
@pytest.mark.parametrize("kind", ["list", "U array"])
def test_cards_from_text_bad_card_names_row_text_and_token(text: str, token: str, kind: str) -> None:
    texts = ["2c3c4c", "5c6c7c", text, "AdAs3h"]
    exc = raises(CardError, INPUT_KINDS[kind](texts), r"^texts\[2\] = ")
    assert isinstance(exc, ValueError)
    message = str(exc)
    assert f"bad card {token!r}: expected rank 2-9" in message, message


def test_cards_from_text_bad_card_in_bytes_rows() -> None:
    exc = raises(CardError, np.array([b"2c3c", b"AhKx"]), r"^texts\[1\] = b'AhKx': bad card b'Kx'")
    assert isinstance(exc, ValueError)


def test_cards_from_text_repeated_card() -> None:
    raises(CardError, ["2c3c4c", "AhKdAh"], r"^texts\[1\] = 'AhKdAh' repeats card Ah$")
    raises(CardError, np.array(["2c3c4c", "ah 10d AH"]), r"^texts\[1\] = 'ah 10d AH' repeats card Ah$")


def test_cards_from_text_wrong_number_of_cards() -> None:
    raises(CardError, ["2c3c4c", "AhKd"], r"^texts\[1\] = 'AhKd' holds 2 cards, not n_cards = 3$", n_cards=3)
    raises(CardError, ["2c3c4c4d"], r"^texts\[0\] = '2c3c4c4d' holds 4 cards, not n_cards = 3$", n_cards=3)
    raises(CardError, ["2c", ""], r"^texts\[1\] = '' holds no card, not n_cards = 1$", n_cards=1)


def test_cards_from_text_mixed_lengths_name_the_first_row() -> None:
    raises(CardError, np.array(["2c3c4c", "AhKdQs", "AhKd"]),
           r"^texts\[2\] = 'AhKd' holds 2 cards but texts\[0\] holds 3: every row must hold the same number")
    raises(CardError, ["2c3c4c", "AhKdQsJs"], r"^texts\[1\] = 'AhKdQsJs' holds 4 cards but texts\[0\] holds 3")
    raises(CardError, ["Ah", "AhKd"], r"^texts\[1\] = 'AhKd' holds 2 cards but texts\[0\] holds 1:")
    raises(CardError, [" , ", "AhKd"], r"^texts\[0\] = ' , ' holds no card$")


def test_cards_from_text_reports_the_first_bad_row_of_a_big_batch() -> None:
    texts = np.array(["AhKdQsJsTs"] * 200_000)
    texts[150_000] = "AhKdQsJsXs"
    texts[170_000] = "AhKd"
    for threads in (1, 2):
        raises(CardError, texts, r"^texts\[150000\] = 'AhKdQsJsXs': bad card 'Xs'", threads=threads)
    texts[100_001] = "AhAhQsJsTs"
    raises(CardError, texts.tolist(), r"^texts\[100001\] = 'AhAhQsJsTs' repeats card Ah", threads=2)


@pytest.mark.parametrize(("item", "note"), [
    (None, r"NoneType None, not a card text \(a missing value"),
    (float("nan"), r"float nan, not a card text \(a missing value"),
    (7, "int 7, not a card text$"),
    (["Ah", "Kd"], r"list \['Ah', 'Kd'\], not a card text$"),
])
@pytest.mark.parametrize("row", [0, 2])
def test_cards_from_text_item_that_is_not_text(item: object, note: str, row: int) -> None:
    texts: list[object] = ["2c3c", "4c5c", "6c7c"]
    texts[row] = item
    exc = raises(CardTypeError, texts, rf"^texts\[{row}\] is {note}")
    assert isinstance(exc, TypeError)
    exc = raises(CardTypeError, np.array(texts, dtype=object), rf"^texts\[{row}\] is {note}")
    assert isinstance(exc, TypeError)


def test_cards_from_text_pandas_missing_value() -> None:
    pd = pytest.importorskip("pandas")
    column = pd.Series(["2c3c", None, "4c5c"], dtype="string")
    raises(CardTypeError, column, r"^texts\[1\] is NAType <NA>, not a card text \(a missing value")


@pytest.mark.parametrize(("texts", "match"), [
    ("AhKd7c", r"^texts must be a 1-D array or list of card texts, one per row, got one str 'AhKd7c' "
               r"\(parse_cards reads one hand\)$"),
    (b"AhKd", r"^texts must be a 1-D array or list of card texts, one per row, got one bytes"),
    (5, r"^texts must be a 1-D array or list of card texts, one per row, got int 5$"),
    (np.array([[50, 45]]), r"^texts must hold card text such as 'AhKd7c2s3h', got dtype int64 \(card ids need "
                           r"no parsing: evaluate_batch takes them as they are\)$"),
    (np.array([1.5]), r"^texts must hold card text such as 'AhKd7c2s3h', got dtype float64$"),
    (np.array([["Ah", "Kd"]]), r"^texts must be one-dimensional, one text per row, got shape \(1, 2\)"),
    (np.array("AhKd"), r"^texts must be one-dimensional, one text per row, got shape \(\)"),
])
def test_cards_from_text_refuses_what_is_not_a_column_of_text(texts: object, match: str) -> None:
    exc = raises(CardTypeError, texts, match)
    assert isinstance(exc, TypeError)


@pytest.mark.parametrize(("n_cards", "exc_type", "match"), [
    (0, CardError, r"^n_cards must be 1..52 or None, got 0$"),
    (53, CardError, r"^n_cards must be 1..52 or None, got 53$"),
    (2.0, CardTypeError, r"^n_cards must be an int 1..52 or None, got float 2.0$"),
    (True, CardTypeError, r"^n_cards must be an int 1..52 or None, got bool True$"),
])
def test_cards_from_text_refuses_bad_n_cards(n_cards: object, exc_type: type[Exception], match: str) -> None:
    exc = raises(exc_type, ["AhKd"], match, n_cards=n_cards)
    assert isinstance(exc, ValueError if exc_type is CardError else TypeError)


def test_cards_from_text_long_bad_text_is_cut_in_the_message() -> None:
    message = str(raises(CardError, ["AhKd" + "Xx" * 10_000], r"^texts\[0\] = "))
    assert len(message) < 300 and "(20,004 characters)" in message and "bad card 'Xx'" in message


def test_text_row_reports_offsets_and_repeats() -> None:
    assert _core.text_row("Ah Kd") == (2, [50, 45], -1)
    assert _core.text_row("AhKd Qx")[::2] == (_core.TEXT_BAD, 5)
    assert _core.text_row("AhKdah")[::2] == (_core.TEXT_REPEAT, 50)
    assert _core.text_row(b"\x00\x00") == (0, [], -1)  # trailing NULs end a row (NumPy's padding)
    every_card = "".join(r + s for r in RANKS for s in SUITS)
    assert _core.text_row(every_card)[0] == 52
    assert _core.text_row(every_card + "3c")[::2] == (_core.TEXT_REPEAT, 4)


# ---- evaluate_batch: what it says about text, objects and ids outside 0-51 -----------------------


@pytest.mark.parametrize("hands", [
    np.array([["Ah", "Kd", "7c", "2s", "3h"]]),
    np.array([[b"Ah", b"Kd", b"7c", b"2s", b"3h"]]),
    np.array(["AhKd7c2s3h"]),
    np.array([["Ah", "Kd", "7c", "2s", "3h"]], dtype=object),
    [["Ah", "Kd", "7c", "2s", "3h"]],
], ids=["U", "S", "U rows", "object", "list"])
def test_evaluate_batch_text_input_names_cards_from_text(hands: object) -> None:
    with pytest.raises(CardTypeError, match=r"^hands must be an array of integer card ids, got dtype .*"
                                            r"fastholdem\.cards_from_text\(texts\)") as info:
        fh.evaluate_batch(hands)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError) and isinstance(info.value, FastHoldemError)


@pytest.mark.parametrize(("hands", "missing"), [
    (np.array([[1, 5, 9, 13, 18]], dtype=object), False),
    (np.array([[np.int8(1), 5, 9, 13, 18]], dtype=object), False),
    (np.array([[1, None, 9, 13, 18]], dtype=object), True),
    (np.array([[1, float("nan"), 9, 13, 18]], dtype=object), True),
])
def test_evaluate_batch_object_ints_say_nullable_and_how_to_convert(hands: np.ndarray, missing: bool) -> None:
    with pytest.raises(CardTypeError, match=r"^hands must be an array of integer card ids, got dtype object "
                                            r"holding ints.*nullable integer column \(pandas Int8") as info:
        fh.evaluate_batch(hands)
    message = str(info.value)
    assert '.to_numpy(dtype="uint8")' in message
    assert ("drop or fill the missing values" in message) is missing


def test_evaluate_batch_huge_object_ints_are_not_called_nullable() -> None:
    with pytest.raises(CardTypeError, match=r"^hands must be an array of integer card ids, got dtype object$"):
        fh.evaluate_batch([[2**70, 1, 2, 3, 4]])


def test_evaluate_batch_pandas_nullable_int8_column() -> None:
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({f"c{i}": pd.array([4 * i + 1, 4 * i + 2], dtype="Int8") for i in range(5)})
    frame.iloc[1, 2] = pd.NA
    with pytest.raises(CardTypeError, match=r"nullable integer column \(pandas Int8.*drop or fill the missing "
                                            r"values, then convert it with \.to_numpy\(dtype=\"uint8\"\)"):
        fh.evaluate_batch(frame)
    values = fh.evaluate_batch(frame.dropna().to_numpy(dtype="uint8"))
    assert values.tolist() == [fh.evaluate([1, 5, 9, 13, 17])]


SCHEME = (r"card ids are 4 \* rank \+ suit with rank 0 = deuce \.\. 12 = ace and suit 0-3 = c, d, h, s "
          r"\(2c = 0, 2d = 1, 3c = 4, As = 51\)")


def test_evaluate_batch_id_out_of_range_names_the_scheme_and_a_one_based_hint() -> None:
    one_based = np.array([[1, 5, 9, 13, 17], [52, 48, 44, 40, 36]])
    with pytest.raises(CardError, match=rf"^hands\[1, 0\] = 52 is not a card id \(0-51\): {SCHEME}; these ids "
                                        r"run 1-52: if they count from 1, subtract 1 \(hands - 1\)$"):
        fh.evaluate_batch(one_based)
    assert fh.evaluate_batch(one_based - 1).tolist() == [fh.evaluate([0, 4, 8, 12, 16]),
                                                         fh.evaluate([51, 47, 43, 39, 35])]


@pytest.mark.parametrize("hands", [[[0, 5, 9, 13, 52]], [[-1, 5, 9, 13, 17]], [[1, 5, 9, 13, 60]]])
def test_evaluate_batch_id_out_of_range_without_one_based_look(hands: list[list[int]]) -> None:
    with pytest.raises(CardError, match=rf"is not a card id \(0-51\): {SCHEME}$") as info:
        fh.evaluate_batch(np.array(hands))
    assert isinstance(info.value, ValueError)


def test_evaluate_batch_repeated_card_is_a_card_error() -> None:
    with pytest.raises(CardError, match=r"^hands\[0\] repeats card 2c \(columns 0 and 1\)$"):
        fh.evaluate_batch(np.array([[0, 0, 9, 13, 17]]))


def test_r2_cards_from_text_agrees_with_parse_cards_on_random_text() -> None:
    """Random strings over card letters, digits, separators and junk: each row is read exactly
    as ``parse_cards`` reads it, or both refuse it. (``parse_cards`` also takes Unicode
    whitespace such as U+00A0 as a separator; cards_from_text takes ASCII whitespace only, so
    the alphabet here is ASCII.)"""
    rng = np.random.default_rng(11)
    alphabet = np.array(list("23456789TJQKAtjqka1010cdhsCDHScdhs  ,\t\nXx0"))
    texts = ["".join(alphabet[rng.integers(len(alphabet), size=rng.integers(0, 12))]) for _ in range(20_000)]
    agreed = refused = 0
    for text in texts:
        count, ids, _ = _core.text_row(text)
        try:
            expected = parse_cards(text)
        except CardError:
            assert count < 0, text
            refused += 1
            continue
        assert (count, ids) == (len(expected), expected), text
        agreed += 1
        if expected:
            assert fh.cards_from_text([text]).tolist() == [expected]
    assert agreed > 1000 and refused > 1000, (agreed, refused)
