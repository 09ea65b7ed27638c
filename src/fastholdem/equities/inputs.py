"""Parsing and checking of the arguments of :func:`fastholdem.equity` and
:func:`fastholdem.equity_job`: players, board and dead cards, threads, mode and seed.

Every error names the argument at fault (CardError, RangeError, ValueError or TypeError).
"""

from __future__ import annotations

from collections.abc import Sequence
import functools
import math
from dataclasses import dataclass
from typing import Union

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import check_bool, check_int, echo, is_bool
from ..cards import CardsLike, card_str, cards_str, parse_cards
from ..errors import CardError, InputError, InputTypeError, RangeError
from ..ranges import N_COMBOS, Range

__all__ = ["MAX_TRIALS", "MIN_TRIALS", "RANDOM_WORDS", "ParsedPlayer", "PlayerLike", "check_flag", "check_live_cards",
           "check_mode", "check_seed", "is_random_word", "narrow_ranges", "parse_inputs", "read_inputs",
           "relative_weights", "resolve_threads"]

PlayerLike = Union[str, Range, Sequence[Union[int, str]]]
"""A player: a hand (``"AhKh"`` or two cards) or a range (``"AKs,QQ+"``, a :class:`Range`)."""

MAX_TRIALS = 10**10
"""Most Monte Carlo trials one job may run."""
MIN_TRIALS = 2
"""Fewest Monte Carlo trials one job may run: the standard error needs two."""
RANDOM_WORDS = frozenset({"random", "any", "*"})
"""The range words for every hand, in any case (``"Random"``, ``" any "``)."""


@dataclass
class ParsedPlayer:
    """One player of an equity job: its label and its hands (a fixed hand is one combo).

    ``random`` marks a uniform range over all 1,326 combos (Monte Carlo deals those
    directly); ``range`` is the player's :class:`Range` when given as one or as range text.

    >>> parsed, board, dead = parse_inputs(["AhKh", "QQ+"], "Qh7c2s", None)
    >>> p = parsed[1]
    >>> p.label, len(p.combos), p.fixed, p.random     # no combo with the Qh, Ah or Kh is left
    ('QQ+', 9, False, False)
    """

    label: str
    combos: npt.NDArray[np.uint8]  # (n, 2)
    weights: npt.NDArray[np.float64]
    fixed: bool
    random: bool
    range: Range | None = None


@functools.cache
def _every_hand() -> Range:
    """``Range("random")``, parsed once (a Range is immutable)."""
    return Range("random")


def is_random_word(player: ParsedPlayer) -> bool:
    """Whether ``player`` was given as one of the words ``RANDOM_WORDS`` (not as a Range).

    >>> parsed, _, _ = parse_inputs(["AhKh", " Any ", Range("random")], None, None)
    >>> [is_random_word(p) for p in parsed], [p.random for p in parsed]
    ([False, True, False], [False, True, True])
    """
    return player.range is _every_hand()


def _parse_player(index: int, spec: PlayerLike) -> ParsedPlayer:
    """Player ``index`` (0-based): two cards make a fixed hand, anything else is a range."""
    if isinstance(spec, Range):
        rng = spec
        label = str(spec)
    elif isinstance(spec, str) and spec.strip().lower() in RANDOM_WORDS:
        rng = _every_hand()
        return ParsedPlayer(spec.strip(), rng.combos, rng.weights, fixed=False, random=True, range=rng)
    elif isinstance(spec, str):
        label = spec.strip()
        try:
            ids = parse_cards(spec)
        except CardError:
            ids = []
        if len(ids) == 2:
            combo = np.array([[max(ids), min(ids)]], dtype=np.uint8)
            return ParsedPlayer(cards_str(ids), combo, np.ones(1), fixed=True, random=False)
        rng = Range(spec)
    else:
        ids = parse_cards(spec)
        if len(ids) != 2:
            raise CardError(f"player {index + 1}: a hand has 2 cards, got {len(ids)}")
        combo = np.array([[max(ids), min(ids)]], dtype=np.uint8)
        return ParsedPlayer(cards_str(ids), combo, np.ones(1), fixed=True, random=False)
    w = rng.weights
    is_random = len(rng) == N_COMBOS and bool(np.all(w == w[0]))
    return ParsedPlayer(label, rng.combos, w, fixed=len(rng) == 1, random=is_random, range=rng)


_SMALLEST_MAX_WEIGHT = 2.0**-20


def relative_weights(weights: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """``weights`` rescaled by a power of two (exactly: only the exponents change) so that
    the largest is in (0.5, 1], when it is below ``2**-20``; else ``weights`` itself.

    Weights are relative: ``"AA:1e-170, KK:1e-170"`` is the same range as ``"AA, KK"``. Left
    as they are, the product of two such weights (the weight of a hand assignment) would
    underflow to 0 and every equity would be 0/0.

    >>> relative_weights(np.array([1e-170, 0.5e-170])).tolist() == [1e-170 * 2.0**564, 0.5e-170 * 2.0**564]
    True
    """
    top = float(weights.max()) if len(weights) else 1.0
    if top >= _SMALLEST_MAX_WEIGHT or top <= 0.0:
        return weights
    exponent = math.frexp(top)[1]  # top = m * 2**exponent, 0.5 <= m < 1
    return np.ldexp(weights, -exponent)


def parse_inputs(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike
                 ) -> tuple[list[ParsedPlayer], list[int], list[int]]:
    """The players, board ids and dead-card ids of an equity job, checked: 2 to
    ``MAX_PLAYERS`` players, 0/3/4/5 board cards, no card in two places, and each range
    narrowed to the hands the known cards leave (CardError, RangeError or ValueError), its
    weights rescaled exactly when they are all tiny (:func:`relative_weights`).

    >>> parsed, board, dead = parse_inputs(["AhKh", "random"], "Td7c2s", "3h")
    >>> [p.label for p in parsed], board, dead, len(parsed[1].combos)   # C(46, 2) combos left
    (['AhKh', 'random'], [33, 20, 3], [6], 1035)
    >>> parse_inputs(["AhKh", "AhKd,Ah2c"], None, None)
    Traceback (most recent call last):
    ...
    fastholdem.errors.RangeError: player 2's range 'AhKd,Ah2c' has no hand left without the cards Kh Ah
    """
    parsed, board_ids, dead_ids = read_inputs(players, board, dead)
    narrow_ranges(parsed, board_ids, dead_ids)
    return parsed, board_ids, dead_ids


def read_inputs(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike
                ) -> tuple[list[ParsedPlayer], list[int], list[int]]:
    """:func:`parse_inputs` up to the narrowing of the ranges (:func:`narrow_ranges`): every
    check but a range left empty. What the short path of :func:`fastholdem.equity` reads: it
    needs no hand of a random player.

    >>> parsed, board, dead = read_inputs(["AhKh", "random"], "Td7c2s", "3h")
    >>> len(parsed[1].combos), board, dead
    (1326, [33, 20, 3], [6])
    """
    if isinstance(players, (str, Range)):
        words = players.split() if isinstance(players, str) else []
        example = words if 2 <= len(words) <= _core.MAX_PLAYERS else ["AhKh", "QsQd"]
        what = "one string" if isinstance(players, str) else "one Range"
        raise InputError(f"players must be a list of 2 to {_core.MAX_PLAYERS} hands or ranges, one per "
                         f"player, such as {echo(example)}, got {what} {echo(players)}")
    if not hasattr(players, "__len__"):
        raise InputTypeError(f"players must be a list of 2 to {_core.MAX_PLAYERS} hands or ranges, one "
                             f"per player, such as ['AhKh', 'QsQd'], got {type(players).__name__} "
                             f"{echo(players)}")
    if not 2 <= len(players) <= _core.MAX_PLAYERS:
        raise InputError(f"players must hold 2 to {_core.MAX_PLAYERS} hands or ranges, got {len(players)}")
    board_ids = parse_cards(board)
    if len(board_ids) not in (0, 3, 4, 5):
        raise CardError(f"a board has 0, 3, 4 or 5 cards, got {len(board_ids)}")
    dead_ids = parse_cards(dead)
    parsed = [_parse_player(i, p) for i, p in enumerate(players)]
    owner: dict[int, str] = {}
    for c in board_ids:
        owner[c] = "the board"
    for c in dead_ids:
        if c in owner:
            raise CardError(f"card {card_str(c)} is both dead and on {owner[c]}")
        owner[c] = "the dead cards"
    for i, p in enumerate(parsed):
        if p.fixed and not p.random:
            for c in map(int, p.combos[0]):
                if c in owner:
                    raise CardError(f"card {card_str(c)} of player {i + 1} is also in {owner[c]}")
                owner[c] = f"player {i + 1}'s hand"
    check_live_cards(len(parsed), len(board_ids), len(dead_ids))
    return parsed, board_ids, dead_ids


def narrow_ranges(parsed: list[ParsedPlayer], board_ids: list[int], dead_ids: list[int]) -> None:
    """Narrow each range of ``parsed`` (in place) to the hands that the board, the dead cards
    and the fixed hands leave, its weights rescaled exactly when they are all tiny
    (:func:`relative_weights`); RangeError for a range left empty. Narrowing twice changes
    nothing.

    >>> parsed, board, dead = read_inputs(["AhKh", "random"], "Td7c2s", "3h")
    >>> narrow_ranges(parsed, board, dead)
    >>> len(parsed[1].combos)                       # C(46, 2)
    1035
    """
    known = list(board_ids) + list(dead_ids)
    for p in parsed:
        if p.fixed and not p.random:
            known.extend(map(int, p.combos[0]))
    live = np.ones(52, dtype=bool)
    live[known] = False
    for i, p in enumerate(parsed):
        if p.fixed:
            continue
        keep = live[p.combos[:, 0]] & live[p.combos[:, 1]]  # what Range.without keeps, in its order
        if not keep.any():
            raise RangeError(f"player {i + 1}'s range {echo(p.label)} has no hand left without the cards "
                             f"{cards_str(sorted(known), ' ')}")
        if not keep.all():
            p.combos, p.weights = p.combos[keep], p.weights[keep]
        p.weights = relative_weights(p.weights)


def check_live_cards(n_players: int, n_board: int, n_dead: int) -> None:
    """ValueError when the cards left after the board and the dead cards cannot give every
    player two hole cards and complete the board (such a job has no deal at all).

    >>> check_live_cards(10, 5, 0)                       # 47 live cards: enough for 20 hole cards
    >>> check_live_cards(10, 0, 30)
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputError: too few live cards: 0 on the board and 30 dead leave 22, but 10 players need 20 hole cards and the board 5 more (25)
    """
    live = 52 - n_board - n_dead
    need = 2 * n_players + 5 - n_board
    if live < need:
        raise InputError(f"too few live cards: {n_board} on the board and {n_dead} dead leave {live}, but "
                         f"{n_players} players need {2 * n_players} hole cards and the board {5 - n_board} "
                         f"more ({need})")


def resolve_threads(threads: object) -> int:
    """``threads`` resolved by the one check every entry point shares
    (:func:`fastholdem._core.check_threads`): None means all cores, an int above
    ``MAX_THREADS`` (256) is clamped; TypeError for a non-int, ValueError below 1.

    >>> resolve_threads(2), resolve_threads(10_000), resolve_threads(None) >= 1
    (2, 256, True)
    """
    return int(_core.check_threads(threads))


def check_mode(exact: bool | None, trials: int | None, stderr: float | None) -> None:
    """Reject mode arguments of the wrong type (TypeError: ``exact`` not a bool, ``trials``
    not an int, ``stderr`` not a number) or conflicting or out of range (ValueError), naming
    them. Monte Carlo needs ``MIN_TRIALS`` trials: one trial has no standard error.

    >>> check_mode(None, 10_000, None)
    >>> check_mode(True, 10_000, None)
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputError: exact=True cannot be combined with trials=10000: those set Monte Carlo; pass exact=False (or leave exact=None) to sample, or drop them
    """
    check_bool(exact, "exact", optional=True)
    if trials is not None:
        check_int(trials, "trials", low=MIN_TRIALS, high=MAX_TRIALS)
    if stderr is not None:
        if is_bool(stderr) or not isinstance(stderr, (int, float)):
            raise InputTypeError(f"stderr must be a number in (0, 1), "
                                 f"got {type(stderr).__name__} {echo(stderr)}")
        if not 0 < stderr < 1:
            raise InputError(f"stderr must be a number in (0, 1), got {echo(stderr)}")
    if exact:
        given = [f"{name}={echo(value)}" for name, value in (("trials", trials), ("stderr", stderr))
                 if value is not None]
        if given:
            raise InputError(f"exact=True cannot be combined with {' or '.join(given)}: those set Monte "
                             "Carlo; pass exact=False (or leave exact=None) to sample, or drop them")


def check_flag(value: bool, name: str) -> bool:
    """``value`` if it is a bool; TypeError naming ``name`` otherwise (1, "yes" and None are refused).

    >>> check_flag(True, "by_combo")
    True
    >>> check_flag(1, "by_combo")
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputTypeError: by_combo must be True or False, got int 1
    """
    return bool(check_bool(value, name))


def check_seed(seed: int | None) -> int | None:
    """``seed`` as an int (TypeError for ``bool``, floats and other non-ints).

    >>> check_seed(7), check_seed(None)
    (7, None)
    >>> check_seed(1.5)
    Traceback (most recent call last):
    ...
    fastholdem.errors.InputTypeError: seed must be an int or None, got float 1.5
    """
    return None if seed is None else check_int(seed, "seed", what="an int or None")
