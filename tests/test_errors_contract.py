"""The error contract of docs/index.md (issue 25, item 4): every error the public API raises for
bad input is a ``FastHoldemError`` and also the ``ValueError`` or ``TypeError`` Python code
expects, and its message names the argument at fault.

The table below walks the public API (the top-level functions of ``fastholdem.__all__``,
``fastholdem.game``'s ``Hand``, ``GameConfig`` and ``Table``, ranges, the equity engines,
analysis and the vector engine) with bad input of every kind: wrong types, bad card text, card
ids 52 and -1, repeated cards, counts out of range (``trials=0``, ``threads=-1``,
``threads=10**9`` where the count is not clamped), bad shapes and bad options. Each call is
refused before any work, so the whole table runs in a second or two.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import fastholdem as fh
from fastholdem import FastHoldemError
from fastholdem.game import Call, GameConfig, Hand, Table

# (label, the call, a word its message must hold: the argument's name, or the bad token)
Case = tuple[str, Callable[[], Any], str]


def _hand() -> Hand:
    return Hand(GameConfig(), [100, 100, 100], seed=1)


def _tables() -> Any:
    from fastholdem.vector import Tables

    return Tables(2, 3, GameConfig(), 100, seed=1)


CASES: list[Case] = [
    # cards
    ("card text", lambda: fh.card("Zz"), "Zz"),
    ("card id 52", lambda: fh.card_str(52), "52"),
    ("card id -1", lambda: fh.card_str(-1), "-1"),
    ("card float", lambda: fh.card(1.5), "1.5"),
    ("parse_cards bad token", lambda: fh.parse_cards("As Kx"), "Kx"),
    ("parse_cards duplicate", lambda: fh.parse_cards("AsAs"), "As"),
    ("parse_cards id 52", lambda: fh.parse_cards([1, 52]), "52"),
    ("parse_cards wrong type", lambda: fh.parse_cards(3.5), "3.5"),
    ("cards_str id 52", lambda: fh.cards_str([0, 52]), "52"),
    ("cards_mask id -1", lambda: fh.cards_mask([0, -1]), "-1"),
    ("cards_mask not iterable", lambda: fh.cards_mask(5), "cids"),
    ("cards_str not iterable", lambda: fh.cards_str(5), "cids"),
    ("Deck exclude id 52", lambda: fh.Deck(exclude=[52]), "52"),
    ("cards_from_text bad token", lambda: fh.cards_from_text(["AhKx"]), "Kx"),
    ("cards_from_text duplicate", lambda: fh.cards_from_text(["AhAh"]), "Ah"),
    ("cards_from_text one string", lambda: fh.cards_from_text("AhKd"), "texts"),
    ("cards_from_text ints", lambda: fh.cards_from_text(np.array([1, 2])), "texts"),
    ("cards_from_text n_cards=0", lambda: fh.cards_from_text(["AhKd"], n_cards=0), "n_cards"),
    ("cards_from_text threads=-1", lambda: fh.cards_from_text(["AhKd"], threads=-1), "threads"),
    # evaluation
    ("evaluate two cards", lambda: fh.evaluate("AhKd"), "cards"),
    ("evaluate eight cards", lambda: fh.evaluate(list(range(8))), "cards"),
    ("evaluate id 52", lambda: fh.evaluate([52, 1, 2, 3, 4]), "52"),
    ("evaluate id -1", lambda: fh.evaluate([-1, 1, 2, 3, 4]), "-1"),
    ("evaluate duplicate", lambda: fh.evaluate("AsAsKsQsJs"), "As"),
    ("evaluate wrong type", lambda: fh.evaluate(12), "cards"),
    ("evaluate_batch id 52", lambda: fh.evaluate_batch([[52, 1, 2, 3, 4]]), "hands"),
    ("evaluate_batch id -1", lambda: fh.evaluate_batch([[-1, 1, 2, 3, 4]]), "hands"),
    ("evaluate_batch duplicate", lambda: fh.evaluate_batch([[1, 1, 2, 3, 4]]), "hands"),
    ("evaluate_batch shape", lambda: fh.evaluate_batch([[1, 2, 3, 4]]), "hands"),
    ("evaluate_batch 1-d", lambda: fh.evaluate_batch([1, 2, 3, 4, 5]), "hands"),
    ("evaluate_batch ragged", lambda: fh.evaluate_batch([[1, 2, 3, 4, 5], [1, 2]]), "hands"),
    ("categories ragged", lambda: fh.categories([[1, 2], [1]]), "values"),
    ("equity_batch ragged", lambda: fh.equity_batch([[[0, 1], [2, 3]], [[0, 1]]]), "holes"),
    ("equity_batch boards ragged",
     lambda: fh.equity_batch([[[0, 1], [2, 3]], [[5, 6], [7, 8]]], boards=[[9, 10, 11], [9]]), "boards"),
    ("evaluate_batch float dtype", lambda: fh.evaluate_batch(np.zeros((2, 5))), "hands"),
    ("evaluate_batch text", lambda: fh.evaluate_batch(["AsKsQsJsTs"]), "hands"),
    ("evaluate_batch threads=-1", lambda: fh.evaluate_batch([[0, 1, 2, 3, 4]], threads=-1), "threads"),
    ("evaluate_batch threads=0", lambda: fh.evaluate_batch([[0, 1, 2, 3, 4]], threads=0), "threads"),
    ("evaluate_batch threads float", lambda: fh.evaluate_batch([[0, 1, 2, 3, 4]], threads=1.5), "threads"),
    ("evaluate_batch out dtype",
     lambda: fh.evaluate_batch([[0, 1, 2, 3, 4]], out=np.zeros(1, np.int32)), "out"),
    ("evaluate_batch out shape",
     lambda: fh.evaluate_batch([[0, 1, 2, 3, 4]], out=np.zeros(2, np.uint16)), "out"),
    ("best_five four cards", lambda: fh.best_five("AsKsQsJs"), "cards"),
    ("category 0", lambda: fh.category(0), "value"),
    ("category 7463", lambda: fh.category(7463), "value"),
    ("category float", lambda: fh.category(1.5), "value"),
    ("describe 0", lambda: fh.describe(0), "value"),
    ("categories 0", lambda: fh.categories([1, 0]), "values"),
    ("categories float", lambda: fh.categories([1.5]), "values"),
    ("describe_many 9000", lambda: fh.describe_many([9000]), "values"),
    ("category_counts histogram shape", lambda: fh.category_counts(histogram=[1, 2, 3]), "histogram"),
    ("category_counts nothing", lambda: fh.category_counts(), "histogram"),
    ("enumerate_values eight fixed", lambda: fh.enumerate_values(list(range(8))), "fixed"),
    ("enumerate_values id 52", lambda: fh.enumerate_values([52]), "52"),
    ("enumerate_values threads=-1", lambda: fh.enumerate_values([0, 1, 2, 3, 4], threads=-1), "threads"),
    # dealing
    ("deal n=-1", lambda: fh.deal(-1), "n"),
    ("deal n float", lambda: fh.deal(1.5), "n"),
    ("deal k=0", lambda: fh.deal(1, k=0), "k"),
    ("deal k=60", lambda: fh.deal(1, k=60), "k"),
    ("deal dead id 52", lambda: fh.deal(1, dead=[52]), "52"),
    ("deal seed type", lambda: fh.deal(1, seed="x"), "seed"),
    ("deal threads=-1", lambda: fh.deal(1, threads=-1), "threads"),
    # equity
    ("equity one player", lambda: fh.equity(["AhKh"]), "players"),
    ("equity players as one string", lambda: fh.equity("AhKh QsQd"), "players"),
    ("equity eleven players", lambda: fh.equity(["random"] * 11), "players"),
    ("equity bad hand", lambda: fh.equity(["AhKx", "QsQd"]), "AhKx"),
    ("equity bad range", lambda: fh.equity(["J9x", "QsQd"]), "J9x"),
    ("equity duplicate card", lambda: fh.equity(["AhKh", "AhQd"]), "Ah"),
    ("equity board of two", lambda: fh.equity(["AhKh", "QsQd"], board="2c3c"), "board"),
    ("equity board id 52", lambda: fh.equity(["AhKh", "QsQd"], board=[52, 1, 2]), "52"),
    ("equity dead id -1", lambda: fh.equity(["AhKh", "QsQd"], dead=[-1]), "-1"),
    ("equity trials=0", lambda: fh.equity(["AhKh", "QsQd"], trials=0), "trials"),
    ("equity trials float", lambda: fh.equity(["AhKh", "QsQd"], trials=1.5), "trials"),
    ("equity trials=10**20", lambda: fh.equity(["AhKh", "QsQd"], trials=10**20), "trials"),
    ("equity stderr=0", lambda: fh.equity(["AhKh", "QsQd"], stderr=0), "stderr"),
    ("equity stderr text", lambda: fh.equity(["AhKh", "QsQd"], stderr="x"), "stderr"),
    ("equity exact text", lambda: fh.equity(["AhKh", "QsQd"], exact="yes"), "exact"),
    ("equity exact and trials", lambda: fh.equity(["AhKh", "QsQd"], exact=True, trials=100), "trials"),
    ("equity seed float", lambda: fh.equity(["AhKh", "QsQd"], trials=100, seed=1.5), "seed"),
    ("equity threads=-1", lambda: fh.equity(["AhKh", "QsQd"], threads=-1), "threads"),
    ("equity threads bool", lambda: fh.equity(["AhKh", "QsQd"], threads=True), "threads"),
    ("equity by_combo int", lambda: fh.equity(["AhKh", "QsQd"], by_combo=1), "by_combo"),
    ("equity player wrong type", lambda: fh.equity([3.5, "QsQd"]), "3.5"),
    ("equity players None", lambda: fh.equity(None), "players"),
    ("equity players int", lambda: fh.equity(5), "players"),
    ("equity players one Range", lambda: fh.equity(fh.Range("AA")), "players"),
    ("equity_job trials=0", lambda: fh.equity_job(["AhKh", "QsQd"], trials=0), "trials"),
    ("equity_batch id 52", lambda: fh.equity_batch([[[52, 1], [2, 3]]]), "52"),
    ("equity_batch duplicate", lambda: fh.equity_batch([[[0, 1], [1, 3]]]), "holes"),
    ("equity_batch shape", lambda: fh.equity_batch([[0, 1, 2]]), "holes"),
    ("equity_batch one player", lambda: fh.equity_batch([[[0, 1]]]), "holes"),
    ("equity_batch float", lambda: fh.equity_batch(np.zeros((1, 2, 2))), "holes"),
    ("equity_batch boards shape", lambda: fh.equity_batch([[[0, 1], [2, 3]]], boards=[[4, 5]]), "boards"),
    ("equity_batch threads=-1", lambda: fh.equity_batch([[[0, 1], [2, 3]]], threads=-1), "threads"),
    ("hand_strength opponents=0", lambda: fh.hand_strength([[0, 1]], [[2, 3, 4]], opponents=0), "opponents"),
    ("hand_strength opponents=10**9",
     lambda: fh.hand_strength([[0, 1]], [[2, 3, 4]], opponents=10**9), "opponents"),
    ("hand_strength trials=0", lambda: fh.hand_strength([[0, 1]], [[2, 3, 4]], exact=False, trials=0),
     "trials"),
    ("hand_strength exact text", lambda: fh.hand_strength([[0, 1]], [[2, 3, 4]], exact="no"), "exact"),
    ("hand_strength id 52", lambda: fh.hand_strength([[52, 1]], [[2, 3, 4]]), "52"),
    ("hand_strength shape", lambda: fh.hand_strength([[0, 1, 5]], [[2, 3, 4]]), "holes"),
    ("hand_strength threads=-1", lambda: fh.hand_strength([[0, 1]], [[2, 3, 4]], threads=-1), "threads"),
    ("vs_random_equities one card", lambda: fh.vs_random_equities("Ah", "Td7c2s"), "hand"),
    ("vs_random_equities opponents=0",
     lambda: fh.vs_random_equities("AhKd", "Td7c2s", opponents=0), "opponents"),
    ("vs_random_equities opponents=10**9",
     lambda: fh.vs_random_equities("AhKd", "Td7c2s", opponents=10**9), "opponents"),
    ("vs_random_equities opponents float",
     lambda: fh.vs_random_equities("AhKd", "Td7c2s", opponents=1.5), "opponents"),
    ("vs_random_equities duplicate", lambda: fh.vs_random_equities("AhKd", "AhTd2s"), "Ah"),
    ("vs_random_equities board of two", lambda: fh.vs_random_equities("AhKd", "Td7c"), "board"),
    ("vs_random_equities threads=-1",
     lambda: fh.vs_random_equities("AhKd", "Td7c2s", threads=-1), "threads"),
    # ranges
    ("Range bad token", lambda: fh.Range("AKs, J9x"), "J9x"),
    ("Range wrong type", lambda: fh.Range(5), "Range"),
    ("Range bad order", lambda: fh.Range("AA", order="vs99"), "vs99"),
    ("Range.top fraction 2", lambda: fh.Range.top(2.0), "fraction"),
    ("Range.top fraction text", lambda: fh.Range.top("x"), "fraction"),
    ("Range.from_combos wrong type", lambda: fh.Range.from_combos(5), "from_combos"),
    ("Range.from_combos id 52", lambda: fh.Range.from_combos([[52, 1]]), "52"),
    ("Range.from_combos weights text", lambda: fh.Range.from_combos([[51, 47]], weights="x"), "weights"),
    ("Range.from_combos weights 2", lambda: fh.Range.from_combos([[51, 47]], weights=[2.0]), "weight"),
    # analysis
    ("next_card preflop", lambda: fh.next_card(["AhKh", "QsQd"], ""), "next_card"),
    ("next_card river", lambda: fh.next_card(["AhKh", "QsQd"], "2c3c4c5c6d"), "next_card"),
    ("next_card threads=-1", lambda: fh.next_card(["AhKh", "QsQd"], "2c3c4c", threads=-1), "threads"),
    ("board_hits board of two", lambda: fh.board_hits(fh.Range("AA"), "2c3c"), "board"),
    ("board_hits bad board", lambda: fh.board_hits(fh.Range("AA"), "2c3x4c"), "3x"),
    ("equity_by_class trials=0",
     lambda: fh.equity_by_class(fh.Range("AA"), "random", exact=False, trials=0), "trials"),
    ("equity_by_class range text", lambda: fh.equity_by_class("AA", "random"), "rng"),
    ("board_hits range text", lambda: fh.board_hits("AA", "2c3c4c"), "rng"),
    ("equity_by_class bad opponent", lambda: fh.equity_by_class(fh.Range("AA"), "J9x"), "J9x"),
    ("preflop_vs_random opponents=0", lambda: fh.preflop_vs_random(0), "opponents"),
    ("preflop_vs_random opponents=10", lambda: fh.preflop_vs_random(10), "opponents"),
    ("preflop_vs_random opponents text", lambda: fh.preflop_vs_random("x"), "opponents"),
    # the game
    ("GameConfig big_blind -2", lambda: GameConfig(small_blind=1, big_blind=-2), "big_blind"),
    ("GameConfig blind float", lambda: GameConfig(small_blind=1.5), "small_blind"),
    ("GameConfig bad conventions", lambda: GameConfig(conventions="x"), "conventions"),
    ("Hand one seat", lambda: Hand(GameConfig(), [100]), "stacks"),
    ("Hand eleven seats", lambda: Hand(GameConfig(), [100] * 11), "stacks"),
    ("Hand stacks int", lambda: Hand(GameConfig(), 100), "stacks"),
    ("Hand negative stack", lambda: Hand(GameConfig(), [100, -5]), "stack"),
    ("Hand config type", lambda: Hand("nl", [100, 100]), "config"),
    ("Hand button 5", lambda: Hand(GameConfig(), [100, 100], button=5), "button"),
    ("Hand hole id 52", lambda: Hand(GameConfig(), [100, 100], hole_cards=[[52, 1], [2, 3]]), "52"),
    ("Hand hole duplicate", lambda: Hand(GameConfig(), [100, 100], hole_cards=["AsKs", "AsQd"]), "As"),
    ("Hand raise_to text", lambda: _hand().raise_to("x"), "x"),
    ("Hand apply text", lambda: _hand().apply("call"), "call"),
    ("Hand apply seat 7", lambda: _hand().apply(Call(), seat=7), "seat"),
    ("Table one seat", lambda: Table(GameConfig(), [100]), "stacks"),
    ("Table stacks int", lambda: Table(GameConfig(), 100), "stacks"),
    ("simulate hands=-1", lambda: fh.simulate(["random", "random"], -1), "hands"),
    ("simulate hands float", lambda: fh.simulate(["random", "random"], 1.5), "hands"),
    ("simulate one policy", lambda: fh.simulate(["random"], 10), "polic"),
    ("simulate bad policy", lambda: fh.simulate(["random", 5], 10), "5"),
    ("simulate bad engine", lambda: fh.simulate(["random", "random"], 10, engine="x"), "engine"),
    ("simulate policies text", lambda: fh.simulate("random", 10), "policies"),
    ("simulate stacks float", lambda: fh.simulate(["random", "random"], 10, stacks=1.5), "stacks"),
    ("simulate config text", lambda: fh.simulate(["random", "random"], 10, config="nl"), "config"),
    ("simulate seed text", lambda: fh.simulate(["random", "random"], 10, seed="x"), "seed"),
    # the vector engine
    ("Tables n=-1", lambda: __import__("fastholdem.vector").vector.Tables(-1, 3, GameConfig(), 100), "n"),
    ("Tables players=1", lambda: __import__("fastholdem.vector").vector.Tables(2, 1, GameConfig(), 100),
     "players"),
    ("Tables config type", lambda: __import__("fastholdem.vector").vector.Tables(2, 3, "nl", 100), "config"),
    ("Tables.step shape", lambda: _tables().step(np.zeros(3, np.int64), np.zeros(3, np.int64)), "kind"),
    ("Tables.step float", lambda: _tables().step(np.zeros(2), np.zeros(2, np.int64)), "kind"),
    ("Tables.step ragged", lambda: _tables().step([[0], [1, 2]], np.zeros(2, np.int64)), "kind"),
    ("Tables.step bad kind", lambda: _tables().step(np.full(2, 9), np.zeros(2, np.int64)), "kind"),
]


def _call(fn: Callable[[], Any]) -> BaseException:
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - the point is to see whatever escapes
        return exc
    raise AssertionError("no error was raised")


@pytest.mark.parametrize("label, fn, word", CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_a_fastholdem_error_and_a_value_or_type_error(label: str, fn: Callable[[], Any],
                                                                    word: str) -> None:
    exc = _call(fn)
    kind = f"{type(exc).__module__}.{type(exc).__qualname__}: {exc}"
    assert isinstance(exc, FastHoldemError), kind
    assert isinstance(exc, (ValueError, TypeError)), kind
    assert word.lower() in str(exc).lower(), kind


def test_every_exported_error_class_keeps_a_builtin_base() -> None:
    """Every error class fastholdem exports is a FastHoldemError and a ValueError or TypeError,
    so ``except ValueError`` code written before the hierarchy still catches it."""
    from fastholdem import errors

    for name in errors.__all__:
        cls = getattr(errors, name)
        assert issubclass(cls, FastHoldemError), name
        if cls is not FastHoldemError:
            assert issubclass(cls, (ValueError, TypeError)), name
        assert name in fh.__all__, name


def test_wrong_types_stay_type_errors() -> None:
    """A wrong type is the TypeError it always was (and a FastHoldemError too)."""
    for fn in (lambda: fh.deal(1.5), lambda: fh.evaluate_batch(np.zeros((1, 5))),
               lambda: fh.equity(["AhKh", "QsQd"], threads=True), lambda: fh.Range(5)):
        exc = _call(fn)
        assert isinstance(exc, TypeError) and isinstance(exc, FastHoldemError), repr(exc)


# ---- what agents and policies return (issue 25, item 8) --------------------------------------


@pytest.mark.parametrize("returned", [1, (1,), ("call", 0), [np.ones(3, np.int64), 0]],
                         ids=["int", "one-tuple", "text kind", "wrong length"])
def test_a_vectorised_policy_returning_no_decision_gets_what_is_valid(returned: Any) -> None:
    def bot(obs: Any, legal: Any) -> Any:
        return returned

    exc = _call(lambda: fh.simulate([bot, "random"], 100, seed=1))
    assert isinstance(exc, fh.InvalidActionError) and isinstance(exc, ValueError), repr(exc)
    message = str(exc)
    assert "bot" in message and f"returned {returned!r}"[:20] in message
    assert "(kind, amount)" in message and "FOLD, CHECK, CALL, BET_OR_RAISE_TO" in message


def test_a_vectorised_policy_may_return_a_list_or_scalars() -> None:
    """What worked before still works: a list ``[kind, amount]`` and scalars for every table."""
    from fastholdem.vector import CALL, CHECK

    def station(obs: Any, legal: Any) -> Any:
        return [np.where(legal.can_check, CHECK, CALL), 0]

    def folder(obs: Any, legal: Any) -> Any:
        return (0, 0)  # FOLD at every table, a scalar for all

    assert fh.simulate([station, folder], 50, seed=1).hands == 50


@pytest.mark.parametrize("returned, hint", [("call", "use Call()"), ("RAISE", "use RaiseTo(amount)"),
                                            (1, ""), (None, "")])
def test_a_scalar_agent_returning_no_action_gets_what_is_valid(returned: Any, hint: str) -> None:
    exc = _call(lambda: fh.simulate([lambda view: returned, "random"], 10, seed=1))
    assert isinstance(exc, fh.InvalidActionError) and isinstance(exc, ValueError), repr(exc)
    message = str(exc)
    assert "agent at seat 0" in message and f"did not return an action: {returned!r}" in message
    assert "Fold(), Check(), Call(), Bet(amount), RaiseTo(amount) or AllIn()" in message
    assert hint in message


def test_hand_apply_of_a_word_names_the_action_class() -> None:
    exc = _call(lambda: _hand().apply("fold"))
    assert isinstance(exc, fh.InvalidActionError)
    assert "not an action: 'fold'" in str(exc) and "use Fold()" in str(exc)
    exc = _call(lambda: _hand().apply(Call))
    assert "Call is the class, an action is an instance such as Call()" in str(exc)


def test_players_as_one_string_suggests_a_list() -> None:
    exc = _call(lambda: fh.equity("AhKh QsQd"))
    assert isinstance(exc, fh.InputError) and isinstance(exc, ValueError)
    assert "['AhKh', 'QsQd']" in str(exc) and "got one string 'AhKh QsQd'" in str(exc)
    exc = _call(lambda: fh.equity("AsAd KcKh 7s6s", board="2c3d4h"))
    assert "['AsAd', 'KcKh', '7s6s']" in str(exc)
