"""PHH hand histories (the TOML "Poker Hand History" format of pokerkit and its datasets).

Variants ``NT`` (no-limit hold'em), ``FT`` (fixed-limit hold'em) and ``PT`` (pot-limit hold'em;
not in the standard, by analogy with ``PO``). Player ``p1`` is the first seat left of the button
and the last player is the button; the ``antes`` and ``blinds_or_straddles`` arrays are indexed
by blind position (small blind first), which heads-up means the button (``p2``) posts the small
blind. Decimal chip values are read exactly: every amount is scaled to integers by the largest
number of decimals in the file (or the ``_chip_unit`` field), and reported back in the file's
unit.

What a replay needs and PHH has no field for is written in user-defined fields (PHH allows
fields that start with ``_``), and read back by :func:`loads`:

* ``_conventions``: ``"pokerkit"`` when the hand was played under pokerkit's conventions
  (docs/rules.md, "Conventions"); absent means the card-room default;
* ``_bet_cap`` (fixed limit, when not 4; ``"none"`` for no cap), ``_cap_heads_up``,
  ``_uncapped_river`` and ``_half_bet_reopens`` (when true): the ``GameConfig`` options of R26
  and R29;
* ``_chip_unit``: the chip unit of decimal amounts (``0.1``, ``0.01``, ...), so that a stack
  written as ``3`` but played in tenths replays in tenths;
* ``_runouts``: the number of times the rest of the board was dealt once betting was over
  (R41; written only when 2 or more). The runs' ``d db`` actions follow in dealing order, one
  per street: the first run's remaining streets, then the second's, and so on.

Hands imported from poker sites (:mod:`fastholdem.history.sites`) may carry what the house and
the table did beyond the rules of docs/rules.md; :meth:`HandHistory.replay` takes them in:

* ``_rake``: everything the house took from the pots (rake, jackpot and other pot fees). It
  is taken from the main pot first, then from each side pot in order, before the pot is split
  (odd chips by R38); when the site states each pot after rake, ``_pots`` lists them (main
  pot first) and each pot's rake is its size less the stated amount;
* ``_no_show`` (one boolean per player): the uncontested winner did not show (PokerStars'
  ``doesn't show hand``); it changes nothing in the replay;
* ``_time_zone_abbreviation`` and ``_time_et``: the zone the site wrote after its time (``ET``,
  ``CET``; the PHH ``time_zone`` is the IANA zone when it is known) and PokerStars' Eastern time
  written beside a local one (``"2018-03-09 17:36:32"``);
* ``_cash_out`` (one amount per player): a player who cashed out receives this amount instead
  of whatever the pots pay them; ``_cash_out_fee`` records the site's fee (already deducted);
* a lone big blind with no small blind (a dead small blind), written ``[B, 0, ...]`` as pokerkit
  reads it: p1 posts the big blind, preflop action starts at p2;
* straddles, in ``blinds_or_straddles`` beyond the big blind as the PHH standard has them: live
  blinds; preflop action starts left of the largest (the later one on a tie);
* ``_live_posts`` and ``_dead_posts`` (one amount per player): forced bets outside the blind
  positions: a live post (a new player's big blind) counts toward the player's bet and leaves
  them the option; a dead post (a missed small blind) is dead money in the main pot, no part
  of any bet;
* ``_blind_seats = [i, j]`` (player numbers, p1 is 1): the blinds as the site placed them
  (R44), when they are not where the PHH order puts them: ``blinds_or_straddles[0]`` is then
  player i's small blind and ``[1]`` player j's big blind (a heads-up hand of 2005 in which
  the button posted the big blind is ``[1, 2]``; blinds posted behind a dead button or a
  newcomer, positions taken from the post lines);
* ``_odd_chips``: the player number of each odd chip of the split pots (R47), when the site
  gave them otherwise than R38 (one at a time from the first seat left of the button);
* ``_stack_cap``: capped no limit (R46), the most a player may put into the hand; a player who
  reaches it is all-in for the rest of the hand, the chips beyond it stay behind.

Untrusted input only ever raises :class:`~fastholdem.errors.HandHistoryError`: amounts must be
finite, with at most 12 decimals and below 10**30 (10**30 itself is refused).

>>> hh = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 6", "p1 f", "p2 f"]
... ''')
>>> hand = hh.replay()
>>> hand.stacks
[99, 98, 103]
>>> loads(dumps(hand)).replay().stacks == hand.stacks
True
"""

from __future__ import annotations

import datetime
import os
import re
import tomllib
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from collections.abc import Iterable, Sequence
from typing import IO, Any, BinaryIO, TextIO, Tuple, Union

from .._validate import echo, output_file
from ..cards import card, card_str
from ..errors import CardError, FastHoldemError, HandHistoryError, IllegalActionError, InvalidActionError
from ..game.actions import DealBoard, EventKind, Muck, Show
from ..game.config import CONVENTIONS, AnteMode, GameConfig, Structure
from ..game.hand import MAX_RUNS, Hand

__all__ = [
    "HandHistory",
    "check_amount",
    "MAX_DECIMALS",
    "MAX_DIGITS",
    "blind_seats",
    "load",
    "loads",
    "dump",
    "dumps",
    "from_hand",
    "load_all",
    "loads_all",
    "dump_all",
    "dumps_all",
    "replay_session",
    "SessionWriter",
]

_VARIANTS = {"NT": Structure.NO_LIMIT, "FT": Structure.LIMIT, "PT": Structure.POT_LIMIT}
_VARIANT_OF = {v: k for k, v in _VARIANTS.items()}
_KNOWN = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "actions",
)
# User-defined fields (see the module docstring) and the GameConfig option each one sets.
_RULE_FIELDS = {
    "_conventions": "conventions",
    "_bet_cap": "bet_cap",
    "_cap_heads_up": "cap_heads_up",
    "_uncapped_river": "uncapped_river",
    "_half_bet_reopens": "half_bet_reopens",
}
_DEFAULTS = GameConfig()
MAX_DECIMALS = 12
"""The most decimals an amount may have (``check_amount``)."""
MAX_DIGITS = 30
"""Amounts must be below ``10 ** MAX_DIGITS`` (``check_amount``)."""
_LIMIT = 10**MAX_DIGITS
_INT_ONLY = {int}
_DIGITS = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"[+-]?[0-9]+")
_CARD = re.compile(r"\?\?|(?:10|[2-9TJQKAtjqka])[cdhsCDHS]")
Number = Union[int, Decimal]


def _decimals(value: Any) -> int:
    """The decimals of a finite Decimal amount (0 for anything else)."""
    if isinstance(value, Decimal):
        text = str(value)  # "10.45" (faster than as_tuple), or "1E+5", "1.5E-13", "NaN"
        if "E" not in text and text[-1:].isdigit():
            point = text.find(".")
            return len(text) - point - 1 if point >= 0 else 0
        exp = value.as_tuple().exponent
        return -exp if isinstance(exp, int) and exp < 0 else 0
    return 0


def _shown(value: Any) -> str:
    """An amount written out whole for a message (its middle cut when over 60 characters)."""
    try:
        text = str(value)
    except ValueError:  # an int of more digits than str() converts
        return f"of about 10**{value.bit_length() * 0.30103:.0f}"
    return text if len(text) <= 60 else f"{text[:30]}...{text[-20:]} ({len(text):,} characters)"


def check_amount(value: Any, what: str) -> Any:
    """``value`` unchanged if it is an amount PHH can hold; HandHistoryError naming ``what`` and
    the value if not.

    Non-numbers pass (the caller reports them); Decimals must be finite, with at most
    ``MAX_DECIMALS`` decimals, and every amount must be below ``10 ** MAX_DIGITS`` in size. This
    keeps every later step (scaling by ``10 ** decimals``, ``int()``) cheap and exception-free.

    Examples
    --------
    >>> check_amount(Decimal("2.5"), "starting stack")
    Decimal('2.5')
    >>> check_amount(10**30, "starting stack")
    Traceback (most recent call last):
    ...
    fastholdem.errors.HandHistoryError: starting stack 1000000000000000000000000000000 is out of range: amounts must be below 10**30
    >>> check_amount(Decimal("2.0000000000001"), "starting stack")
    Traceback (most recent call last):
    ...
    fastholdem.errors.HandHistoryError: starting stack 2.0000000000001 has 13 decimals: at most 12
    """
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise HandHistoryError(f"{what} must be a finite number, got {value}")
        if value and value.adjusted() >= MAX_DIGITS:
            raise HandHistoryError(
                f"{what} {_shown(value)} is out of range: amounts must be below 10**{MAX_DIGITS}")
        places = _decimals(value)
        if places > MAX_DECIMALS:
            raise HandHistoryError(f"{what} {_shown(value)} has {places:,} decimals: at most {MAX_DECIMALS}")
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_DIGITS:
        raise HandHistoryError(f"{what} {_shown(value)} is out of range: amounts must be below 10**{MAX_DIGITS}")
    return value



_Where = Union[str, Tuple[int, str]]
"""Where a value is, for a message: text, or ``(k, action)`` for "action k 'action'" (formatted
only when a message needs it)."""


def _place(where: _Where) -> str:
    return where if isinstance(where, str) else f"action {where[0]} {where[1]!r}"


def _number(text: str, where: _Where) -> Decimal | int:
    if _SIGNED.fullmatch(text) and len(text) <= MAX_DIGITS:
        return int(text)
    try:
        value = Decimal(text)
    except (InvalidOperation, ValueError):
        raise HandHistoryError(f"{_place(where)}: {echo(text)} is not a number") from None
    try:
        checked: Decimal = check_amount(value, "amount")
    except HandHistoryError as exc:
        raise HandHistoryError(f"{_place(where)}: {exc}") from None
    return checked


_TOKENS: dict[str, int | None] = {"??": None}
for _cid in range(52):
    _TOKENS[card_str(_cid)] = _cid


def _parse_cards(text: str, where: _Where) -> tuple[int | None, ...]:
    if len(text) == 4:
        fast = _TOKENS.get(text[:2], -1), _TOKENS.get(text[2:], -1)
        if -1 not in fast:
            return fast
    elif len(text) == 2:
        one = _TOKENS.get(text, -1)
        if one != -1:
            return (one,)
    elif len(text) == 6:  # a flop
        flop = _TOKENS.get(text[:2], -1), _TOKENS.get(text[2:4], -1), _TOKENS.get(text[4:], -1)
        if -1 not in flop:
            return flop
    out: list[int | None] = []
    pos = 0
    while pos < len(text):
        m = _CARD.match(text, pos)
        if m is None:
            raise HandHistoryError(f"{_place(where)}: bad card text {echo(text[pos:pos + 2])} in {echo(text)}")
        tok = m.group(0)
        if tok == "??":
            out.append(None)
        else:
            try:
                out.append(card(tok))
            except CardError as exc:  # pragma: no cover - regex already checked
                raise HandHistoryError(f"{_place(where)}: {exc}") from None
        pos = m.end()
    return tuple(out)


@dataclass
class HandHistory:
    """One PHH hand history.

    Attributes
    ----------
    variant:
        ``"NT"``, ``"FT"`` or ``"PT"``.
    antes, blinds_or_straddles, starting_stacks:
        Per-player lists in PHH order (``p1`` first); antes and blinds by blind position.
    min_bet, small_bet, big_bet:
        Stakes: ``min_bet`` for NT/PT, ``small_bet``/``big_bet`` for FT.
    actions:
        Action strings in order (``"d dh p1 AcKd"``, ``"p2 cbr 300"``, ...).
    finishing_stacks:
        Recorded final stacks, if present.
    ante_trimming_status:
        pokerkit's flag. fastholdem layers every-player antes as contributions and treats a
        big-blind ante as dead money in the main pot, whatever the flag says (the results
        agree with pokerkit when the flag is true for uniform antes and false for big-blind
        antes, as the public datasets use it).
    conventions:
        The rule conventions to replay with: the ``_conventions`` field, or the ``conventions``
        given to :func:`load`/:func:`loads` (which wins); ``None`` means ``"card-room"``.
    rules:
        ``GameConfig`` options read from the user-defined fields ``_bet_cap``,
        ``_cap_heads_up``, ``_uncapped_river`` and ``_half_bet_reopens``.
    chip_unit:
        The ``_chip_unit`` field: the chip unit of decimal amounts, or ``None``.
    runouts:
        The ``_runouts`` field: how many times the rest of the board was dealt (R41), 1 if absent.
    fields:
        Every other field of the file (players, event, ...), kept for writing back.

    Examples
    --------
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100], seed=1); _ = hand.fold()
    >>> hh = from_hand(hand)
    >>> hh.variant, hh.starting_stacks, hh.actions[-1], hh.finishing_stacks
    ('NT', [100, 100], 'p2 f', [101, 99])
    >>> hh.replay().stacks            # replays keep PHH order: p1 (left of the button) first
    [101, 99]
    """

    variant: str
    antes: list[Number]
    blinds_or_straddles: list[Number]
    starting_stacks: list[Number]
    actions: list[str]
    min_bet: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    finishing_stacks: list[Number] | None = None
    ante_trimming_status: bool = False
    fields: dict[str, Any] = field(default_factory=dict)
    conventions: str | None = None
    rules: dict[str, Any] = field(default_factory=dict)
    chip_unit: Decimal | None = None
    runouts: int = 1

    # ------------------------------------------------------------------ setup

    @property
    def scale(self) -> int:
        """Integer chips per unit of the file: 10 ** (most decimals of any amount or ``_chip_unit``)."""
        places = 0
        fields = self.fields
        groups: list[Any] = [self.antes, self.blinds_or_straddles, self.starting_stacks, self.finishing_stacks or ()]
        single: list[Any] = [self.min_bet, self.small_bet, self.big_bet]
        for name in _FEE_FIELDS:
            if name in fields:
                value = fields[name]
                (groups if isinstance(value, list) else single).append(value)
        groups.append(single)
        for group in groups:
            if not isinstance(group, (list, tuple)):
                return self._checked_scale()
            kinds = {*map(type, group)}
            if kinds == _INT_ONLY and -_LIMIT < min(group) and max(group) < _LIMIT:
                continue  # plain ints, in range: nothing to look at one by one
            for value in group:  # ints and plain-notation Decimals ("12.50": str is the fastest look)
                kind = type(value)
                if kind is int:
                    if -_LIMIT < value < _LIMIT:
                        continue
                elif kind is Decimal:
                    text = str(value)
                    point = text.find(".")
                    if point > 0 and "E" not in text and text[-1:].isdigit() and len(text) - point - 1 <= MAX_DECIMALS \
                            and point - (text[0] == "-") <= MAX_DIGITS:
                        places = max(places, len(text) - point - 1)
                        continue
                elif value is None:
                    continue
                return self._checked_scale()  # anything else: checked one by one, with names
        if self.chip_unit is not None:
            return self._checked_scale()
        # typeshed types int ** int as Any (a negative exponent gives a float); it is >= 0 here
        scale: int = 10 ** max(places, self._bet_places())
        return scale

    def _checked_scale(self) -> int:
        """:attr:`scale` the slow way: each amount checked, with its field's name in the message."""
        groups: list[tuple[str, Any]] = [
            ("antes", self.antes), ("blinds_or_straddles", self.blinds_or_straddles),
            ("starting_stacks", self.starting_stacks), ("finishing_stacks", self.finishing_stacks or ()),
        ]
        groups += [(name, self.fields.get(name)) for name in _FEE_FIELDS]
        groups += [(name, getattr(self, name)) for name in ("min_bet", "small_bet", "big_bet", "chip_unit")]
        places = 0
        for name, group in groups:
            if not isinstance(group, (list, tuple)):
                group = () if group is None else (group,)
            for k, value in enumerate(group):
                check_amount(value, f"{name}[{k}]" if len(group) > 1 else name)
                places = max(places, _decimals(value))
        scale: int = 10 ** max(places, self._bet_places())
        return scale

    def _bet_places(self) -> int:
        """The most decimals of the amounts in the actions (``cbr`` amounts are checked)."""
        places = 0
        for k, action in enumerate(self.actions):
            if "cbr" in action:
                words = _words(action)
                if len(words) == 3 and words[1] == "cbr" and not _DIGITS.fullmatch(words[2]):
                    places = max(places, _decimals(_number(words[2], f"action {k}")))
        return places

    def _chips(self, value: Any, scale: int, what: str) -> int:
        # Every caller took ``scale`` from :attr:`scale` just before, which checked each amount.
        if type(value) is int:
            return value * scale
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            raise HandHistoryError(f"{what} must be a number, got {echo(value)}")
        chips = value * scale
        if chips != int(chips):
            raise HandHistoryError(f"{what} {value} is finer than the chip unit 1/{scale}")
        return int(chips)

    def _chips_all(self, values: list[Any], scale: int, what: str) -> list[int]:
        """:meth:`_chips` of each value (a list of plain ints at once)."""
        if {*map(type, values)} == _INT_ONLY:
            return [v * scale for v in values]
        return [self._chips(v, scale, what) for v in values]

    def to_config(self, **overrides: Any) -> GameConfig:
        """The ``GameConfig`` of this hand; ``overrides`` replace fields (e.g. ``bet_cap=None``).

        Raises
        ------
        HandHistoryError
            On an unsupported variant or an ante layout that is neither uniform nor a big-blind
            ante. Straddles (``blinds_or_straddles`` beyond the big blind) are not part of the
            config: :meth:`replay` posts them.
        """
        return self._config(self.scale, overrides)[0]

    def _config(self, scale: int, overrides: dict[str, Any]) -> tuple[GameConfig, list[int]]:
        """The config and the blinds and straddles in chips (as listed)."""
        if self.variant not in _VARIANTS:
            raise HandHistoryError(f"unsupported variant {echo(self.variant)}: expected NT, FT or PT")
        n = len(self.starting_stacks)
        if not 2 <= n <= 10:
            raise HandHistoryError(f"a hand needs 2 to 10 players (R10), got {n}")
        for name in ("antes", "blinds_or_straddles"):
            if len(getattr(self, name)) != n:
                raise HandHistoryError(f"{name} has {len(getattr(self, name))} entries for {n} players")
        listed = blinds = self._chips_all(self.blinds_or_straddles, scale, "blind")
        if any(b < 0 for b in blinds) or (n == 2 and any(blinds[2:])):
            raise HandHistoryError(f"bad blinds or straddles: {self.blinds_or_straddles}")
        if _blind_first(blinds):
            blinds = [0, blinds[0], *blinds[2:]]  # no small blind: p1 posts the big blind
        antes = self._chips_all(self.antes, scale, "ante")
        if not any(antes):
            ante, mode = 0, AnteMode.NONE
        elif all(a == antes[0] for a in antes):
            ante, mode = antes[0], AnteMode.EVERY_PLAYER
        elif antes[1] > 0 and not any(a for k, a in enumerate(antes) if k != 1):
            ante, mode = antes[1], AnteMode.BIG_BLIND
        else:
            raise HandHistoryError(f"unsupported ante layout {self.antes}: uniform or big-blind ante only")
        kwargs: dict[str, Any] = dict(
            structure=_VARIANTS[self.variant],
            small_blind=blinds[0],
            big_blind=blinds[1],
            ante=ante,
            ante_mode=mode,
            **self.rules,
        )
        if self.conventions is not None:
            kwargs["conventions"] = self.conventions
        if self.variant == "FT":
            if self.small_bet is None or self.big_bet is None:
                raise HandHistoryError("variant FT needs small_bet and big_bet")
            kwargs["small_bet"] = self._chips(self.small_bet, scale, "small_bet")
            kwargs["big_bet"] = self._chips(self.big_bet, scale, "big_bet")
        else:
            if self.min_bet is None:
                raise HandHistoryError(f"variant {self.variant} needs min_bet")
            kwargs["min_bet"] = self._chips(self.min_bet, scale, "min_bet")
        kwargs.update(overrides)
        try:  # the hands of a session share their stakes: one GameConfig (frozen) for them all
            key: Any = tuple([(name, type(value), value) for name, value in kwargs.items()])
            config = _CONFIGS.get(key)
        except TypeError:  # an unhashable override
            key = config = None
        if config is not None:
            return config, listed
        try:
            config = GameConfig(**kwargs)
        except ValueError as exc:
            raise HandHistoryError(f"bad stakes: {exc}") from exc
        except TypeError as exc:
            raise HandHistoryError(f"bad option: {exc}") from exc
        if key is not None:
            if len(_CONFIGS) >= 64:
                _CONFIGS.clear()
            _CONFIGS[key] = config
        return config, listed

    def new_hand(self, **overrides: Any) -> Hand:
        """A manually dealt ``Hand`` set up as this history's hand, before any action."""
        return self._new_hand(self.scale, overrides)

    def _new_hand(self, scale: int, overrides: dict[str, Any]) -> Hand:
        config, blinds = self._config(scale, overrides)
        stacks = self._chips_all(self.starting_stacks, scale, "starting stack")
        button = len(stacks) - 1
        # A lone big blind posted by p1 (no small blind): the button stands in for the small
        # blind and posts nothing (R44); as pokerkit reads such a list, preflop action starts
        # left of the largest blind (p2) and every later round at p1.
        seats = (button, 0) if _blind_first(blinds) else blind_seats(self)
        cap_value = self.fields.get("_stack_cap")
        cap = None if cap_value is None else self._chips(cap_value, scale, "_stack_cap")
        try:
            return Hand(config, stacks, button=button, manual=True, scale=scale, blind_seats=seats,
                        stack_cap=cap)
        except ValueError as exc:
            raise HandHistoryError(f"bad table: {exc}") from exc

    # ------------------------------------------------------------------ replay

    def replay(self, **overrides: Any) -> Hand:
        """Apply every action strictly in order and return the finished hand.

        Nothing is inferred: an action that does not fit the hand is an error. When the
        actions end at showdown, the players still in the hand who did not show or muck show
        down (R37). ``hand.stacks`` are then the final stacks in PHH player order, in the
        file's unit.

        Parameters
        ----------
        **overrides:
            ``GameConfig`` fields to change, e.g. ``bet_cap=5`` or ``conventions="pokerkit"``
            (which replays a hand pokerkit wrote to pokerkit's exact stacks).

        Raises
        ------
        HandHistoryError
            If an action cannot be parsed or is illegal, or the hand is unfinished at the end.
        """
        scale = self.scale
        hand = self._new_hand(scale, overrides)
        runouts = self.runouts
        if runouts != 1:
            _check_runouts(runouts)
            hand.run_it(runouts)  # a standing agreement: it takes effect when the betting ends (R41)
        _post_extra(hand, self, scale)
        for k, text in enumerate(self.actions):
            try:
                _apply(hand, text, scale, k)
            except (IllegalActionError, InvalidActionError) as exc:
                raise HandHistoryError(f"action {k} {echo(text)} does not fit: {exc}") from exc
        if hand.awaiting == "showdown":
            try:
                hand.finish()
            except IllegalActionError as exc:
                raise HandHistoryError(f"showdown cannot be completed: {exc}") from exc
        if not hand.is_complete:
            raise HandHistoryError(f"the actions end before the hand is complete ({hand.awaiting} due)")
        if runouts != 1 and len(hand.result.boards) != runouts:
            raise HandHistoryError(
                f"_runouts = {runouts}, but the hand never ran out the board with cards to come (R41)"
            )
        _take_fees(hand, self, scale)
        return hand

    def _per_player(self, name: str, scale: int) -> list[int]:
        value = self.fields.get(name)
        if value is None:
            return []
        n = len(self.starting_stacks)
        if not isinstance(value, list) or len(value) != n:
            raise HandHistoryError(f"{name} must hold one amount per player ({n})")
        chips = [self._chips(v, scale, name) for v in value]
        if any(c < 0 for c in chips):
            raise HandHistoryError(f"{name} amounts must not be negative")
        return chips


_CONFIGS: dict[Any, GameConfig] = {}  # HandHistory._config's recent GameConfigs, by their options

_FEE_FIELDS = ("_rake", "_pots", "_cash_out", "_cash_out_fee", "_live_posts", "_dead_posts", "_stack_cap")


def _post_extra(hand: Hand, hh: HandHistory, scale: int) -> None:
    """Post the straddles (R42), ``_dead_posts`` and ``_live_posts`` (R43) of a hand."""
    for seat, value in enumerate(hh.blinds_or_straddles[2:] if hand.n > 2 else (), 2):
        chips = hh._chips(value, scale, "straddle")
        if chips > 0:
            hand.post_straddle(seat, chips)
    for seat, chips in enumerate(hh._per_player("_dead_posts", scale)):
        if chips:
            hand.post_dead(seat, chips)
    for seat, chips in enumerate(hh._per_player("_live_posts", scale)):
        if chips:
            hand.post_live(seat, chips)


def _rake_per_pot(hand: Hand, hh: HandHistory, net: Any, scale: int) -> list[int]:
    """The rake of each pot awarded, from the site's pots after rake (``_pots``).

    The site lists its pots as the contributions layer them among the players who did not fold
    (R35); a player who mucks at showdown still counts there, while the hand's awards leave
    them out, which can merge layers. Each award's rake is the rake of the layers it spans.
    """
    layers = hand.pots(mucked_in=True)
    if not isinstance(net, list) or len(net) != len(layers):
        raise HandHistoryError(f"_pots lists {len(net) if isinstance(net, list) else net!r} pots, "
                               f"the hand has {len(layers)}")
    rakes = [pot.amount - hh._chips(v, scale, "_pots") for pot, v in zip(layers, net)]
    if any(r < 0 for r in rakes):
        raise HandHistoryError(f"_pots {net} holds more than the pots of the hand")
    out: list[int] = []
    j = 0
    for amount in _pot_amounts(hand):
        total = rake = 0
        while total < amount and j < len(layers):
            total += layers[j].amount
            rake += rakes[j]
            j += 1
        if total != amount:
            raise HandHistoryError(f"_pots {net} do not line up with the pots of the hand")
        out.append(rake)
    return out


def _pot_amounts(hand: Hand) -> list[int]:
    """The chips of each pot awarded: one award per pot, or the sum of its parts when the board
    was run several times (R41; a pot's parts follow one another, board 0 first)."""
    amounts: list[int] = []
    for award in hand.awards():
        if award.board == 0 or not amounts:
            amounts.append(int(award.amount))
        else:
            amounts[-1] += int(award.amount)
    return amounts


def _take_fees(hand: Hand, hh: HandHistory, scale: int) -> None:
    """Take ``_rake`` from the pots (R45), by ``_pots`` when given, and pay ``_cash_out`` (see the
    module docstring).

    >>> hh = loads('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    ...            'starting_stacks = [50, 50]\\nactions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 cc", "p1 cc",'
    ...            ' "d db 2c3d4h", "p1 cbr 8", "p2 f"]\\n_rake = 1\\n')
    >>> hand = hh.replay()
    >>> [list(a.shares) for a in hand.awards()], [list(p.shares) for p in hand.result.pots], hand.rake
    ([[3]], [[4]], [1])
    """
    rake_value = hh.fields.get("_rake")
    if rake_value is not None:
        rake = hh._chips(rake_value, scale, "_rake")
        if rake < 0:
            raise HandHistoryError("_rake must not be negative")
        net = hh.fields.get("_pots")
        if net is not None:
            per_pot = _rake_per_pot(hand, hh, net, scale)
            if sum(per_pot) != rake:
                raise HandHistoryError(f"_pots {net} and _rake {rake_value} do not fit the pots of the hand")
            hand.take_rake(per_pot=per_pot)
        else:
            if rake > sum(_pot_amounts(hand)):
                raise HandHistoryError(f"_rake {rake_value} is more than the pots hold")
            hand.take_rake(rake)
    odd = hh.fields.get("_odd_chips")
    if odd is not None:  # the site's odd chips of a split pot (R47)
        n = len(hh.starting_stacks)
        if not isinstance(odd, list) or any(isinstance(p, bool) or not isinstance(p, int) or not 1 <= p <= n
                                            for p in odd):
            raise HandHistoryError(f"_odd_chips must list player numbers 1..{n} (R47), got {echo(odd)}")
        try:
            hand.give_odd_chips([p - 1 for p in odd])
        except FastHoldemError as exc:
            raise HandHistoryError(f"_odd_chips {odd} do not fit the split pots: {exc}") from exc
    cash_out = hh._per_player("_cash_out", scale)
    if cash_out:
        hand.pay_out(cash_out)


def _check_runouts(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_RUNS:
        raise HandHistoryError(f"_runouts must be an integer from 1 to {MAX_RUNS} (R41), got {echo(value)}")
    return value


def blind_seats(hh: HandHistory) -> tuple[int, int] | None:
    """The ``(small blind, big blind)`` player indices (0-based) of ``_blind_seats`` (R44), or None.

    Raises
    ------
    HandHistoryError
        When the field is not two different player numbers of the hand.

    Examples
    --------
    >>> hh = loads('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    ...            'starting_stacks = [50, 50]\\nactions = ["d dh p1 ????", "d dh p2 ????", "p1 f"]\\n'
    ...            '_blind_seats = [1, 2]\\n')
    >>> blind_seats(hh), hh.replay().stacks   # heads-up, the button (p2) posted the big blind
    ((0, 1), [49, 51])
    """
    value = hh.fields.get("_blind_seats")
    if value is None:
        return None
    n = len(hh.starting_stacks)
    if (not isinstance(value, list) or len(value) != 2 or any(isinstance(v, bool) or not isinstance(v, int)
                                                              for v in value)
            or not all(1 <= v <= n for v in value) or value[0] == value[1]):
        raise HandHistoryError(f"_blind_seats must be two different player numbers 1..{n} (R44), "
                               f"got {echo(value)}")
    return value[0] - 1, value[1] - 1


def _blind_first(blinds: list[int]) -> bool:
    """Whether the blinds are a lone big blind posted by p1 (no small blind was posted)."""
    return len(blinds) > 2 and blinds[0] > 0 and blinds[1] == 0


def _words(action: str) -> list[str]:
    if "#" in action:
        action = action[: action.index("#")]
    return action.split()


def _seat(token: str, n: int, where: _Where) -> int:
    if token[:1] != "p" or not token[1:].isdigit():
        raise HandHistoryError(f"{_place(where)}: bad player {echo(token)}")
    seat = int(token[1:]) - 1
    if not 0 <= seat < n:
        raise HandHistoryError(f"{_place(where)}: no player {token} at a {n}-player table")
    return seat


#: The player tokens ``p1``..``p10`` as 0-based seats (anything else goes through _seat).
_SEATS = {f"p{k + 1}": k for k in range(10)}


def _apply(hand: Hand, text: str, scale: int, k: int) -> None:
    where = (k, text)
    words = text.split() if "#" not in text else _words(text)
    n = hand.n
    if not words:
        return
    first = words[0]
    if first == "d":
        if len(words) == 4 and words[1] == "dh":
            seat = _SEATS.get(words[2], n)
            if seat >= n:
                seat = _seat(words[2], n, where)
            hand.deal_hole(seat, _parse_cards(words[3], where))
            return
        if len(words) == 3 and words[1] == "db":
            cards = _parse_cards(words[2], where)
            if None in cards:
                raise HandHistoryError(f"{_place(where)}: board cards must be known")
            hand.apply(DealBoard(cards))  # type: ignore[arg-type]
            return
        raise HandHistoryError(f"{_place(where)}: unknown dealer action")
    seat = _SEATS.get(first, n)
    if seat >= n:
        seat = _seat(first, n, where)
    verb = words[1] if len(words) > 1 else ""
    if verb == "f" and len(words) == 2:
        if hand.actor != seat and hand.chips[seat] == 0 and not hand.folded[seat] and hand.contributions[seat]:
            hand.concede(seat)  # an all-in player's fold: the site's concession (R48)
        else:
            hand.fold(seat)
    elif verb == "cc" and len(words) == 2:
        hand.check_or_call(seat)
    elif verb == "cbr" and len(words) == 3:
        token = words[2]
        if token.isdigit():
            chips: Any = int(token) * scale
        else:
            chips = _number(token, where) * scale
            if chips != int(chips):
                raise HandHistoryError(f"{_place(where)}: amount finer than the chip unit")
        hand.bet_or_raise_to(int(chips), seat)
    elif verb == "sm" and len(words) == 2:
        hand.apply(Muck(seat))
    elif verb == "sm" and len(words) == 3:
        if words[2] == "-":
            hand.apply(Show(seat))
        else:
            cards = _parse_cards(words[2], where)
            if None in cards:
                raise HandHistoryError(f"{_place(where)}: partly shown hands are not supported")
            hand.apply(Show(seat, cards))  # type: ignore[arg-type]
    else:
        raise HandHistoryError(f"{_place(where)}: unknown action")


# ---------------------------------------------------------------------- reading


def loads(text: str, *, conventions: str | None = None) -> HandHistory:
    """Read one PHH hand history from TOML text.

    Parameters
    ----------
    text:
        The TOML text.
    conventions:
        Rule conventions to replay with (``"card-room"`` or ``"pokerkit"``); default: the
        file's ``_conventions`` field, else ``"card-room"``.

    Raises
    ------
    HandHistoryError
        On invalid TOML or missing/ill-typed fields.

    Examples
    --------
    >>> hh = loads('''
    ... variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [50, 50]
    ... actions = ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 50", "p1 cc", "d db 2c3d4h", "d db 9s", "d db 8c"]
    ... ''')
    >>> hh.replay().stacks, hh.conventions
    ([100, 0], None)
    """
    return _from_dict(_toml(text), conventions)


def _decimal(text: str) -> Decimal:
    try:
        return Decimal(text)
    except (InvalidOperation, ValueError):
        raise HandHistoryError(f"not a usable number: {echo(text[:40])}") from None


def _toml(text: str) -> dict[str, Any]:
    if not isinstance(text, str):
        raise HandHistoryError(f"PHH text must be a str, got {type(text).__name__}")
    try:
        return tomllib.loads(text, parse_float=_decimal)
    except HandHistoryError as exc:
        raise HandHistoryError(f"not valid TOML: {exc}") from None
    except (ValueError, ArithmeticError) as exc:  # TOMLDecodeError is a ValueError
        raise HandHistoryError(f"not valid TOML: {exc}") from exc
    except RecursionError:  # tomllib recurses once per level of nested arrays or tables
        raise HandHistoryError("not valid PHH: arrays or tables nested too deeply to read") from None


def _check_conventions(value: Any, where: str) -> str:
    if value not in CONVENTIONS:
        raise HandHistoryError(f"{where} must be one of {', '.join(map(repr, CONVENTIONS))}, got {echo(value)}")
    return str(value)


def _rules(fields: dict[str, Any]) -> dict[str, Any]:
    """Pop the GameConfig options stored in user-defined fields out of ``fields``."""
    rules: dict[str, Any] = {}
    for name, option in _RULE_FIELDS.items():
        if name == "_conventions" or name not in fields:
            continue
        value = fields.pop(name)
        if name == "_bet_cap":
            if value == "none":
                value = None
            elif isinstance(value, bool) or not isinstance(value, int) or not 0 < value < 1000:
                raise HandHistoryError(f"{name} must be a positive integer or \"none\", got {echo(value)}")
        elif not isinstance(value, bool):
            raise HandHistoryError(f"{name} must be true or false, got {echo(value)}")
        rules[option] = value
    return rules


_REQUIRED = ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions")
_NOT_FIELDS = frozenset((*_KNOWN, "finishing_stacks"))


def _from_dict(data: dict[str, Any], conventions: str | None = None) -> HandHistory:
    """The hand of a parsed PHH table ``data`` (which it takes over: its lists become the hand's)."""
    for name in _REQUIRED:
        if name not in data:
            raise HandHistoryError(f"missing field {echo(name)}")
    for name in _REQUIRED[1:]:
        if not isinstance(data[name], list):
            raise HandHistoryError(f"field {echo(name)} must be an array")
    try:
        "".join(data["actions"])  # a TypeError unless every action is a string
    except TypeError:
        raise HandHistoryError("every action must be a string") from None
    finishing = data.get("finishing_stacks")
    if finishing is not None and not isinstance(finishing, list):
        raise HandHistoryError("field 'finishing_stacks' must be an array")
    fields = {k: v for k, v in data.items() if k not in _NOT_FIELDS}
    if "_conventions" in fields:
        recorded = _check_conventions(fields.pop("_conventions"), "field '_conventions'")
        conventions = conventions or recorded
    if conventions is not None:
        _check_conventions(conventions, "conventions")
    chip_unit = fields.pop("_chip_unit", None)
    if chip_unit is not None:
        if not isinstance(chip_unit, (int, Decimal)) or isinstance(chip_unit, bool):
            raise HandHistoryError(f"_chip_unit must be a number, got {echo(chip_unit)}")
        chip_unit = Decimal(check_amount(chip_unit, "_chip_unit"))
        if chip_unit <= 0 or chip_unit > 1 or chip_unit.normalize().as_tuple().digits != (1,):
            raise HandHistoryError(f"_chip_unit must be 1, 0.1, 0.01, ..., got {chip_unit}")
    rules = _rules(fields)
    runouts = _check_runouts(fields.pop("_runouts", 1))
    # ``data`` is a fresh parse (tomllib or the scanner's JSON): its lists are taken, not copied.
    return HandHistory(
        str(data["variant"]), data["antes"], data["blinds_or_straddles"], data["starting_stacks"],
        data["actions"], data.get("min_bet"), data.get("small_bet"), data.get("big_bet"), finishing,
        bool(data.get("ante_trimming_status", False)), fields, conventions, rules, chip_unit, runouts,
    )


def load(path: str | os.PathLike[str] | BinaryIO | TextIO, *, conventions: str | None = None) -> HandHistory:
    """Read one PHH file (a path or an open file); ``conventions`` as in :func:`loads`.

    >>> import io
    >>> load(io.BytesIO(b'variant = "NT"')).variant   # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    fastholdem.errors.HandHistoryError: missing field 'antes'
    """
    return loads(_read(path), conventions=conventions)


def _read(path: str | os.PathLike[str] | BinaryIO | TextIO) -> str:
    """The text of a path or open file; HandHistoryError if it is not UTF-8 text."""
    try:
        if hasattr(path, "read"):
            raw = path.read()
            return raw.decode("utf-8") if isinstance(raw, bytes) else raw
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except UnicodeDecodeError as exc:
        raise HandHistoryError(f"not UTF-8 text: {exc}") from exc


# ---------------------------------------------------------------------- writing


def _unit(chips: int, scale: int) -> Number:
    if scale == 1:
        return chips
    value = Decimal(chips) / scale
    return int(value) if value == int(value) else value


def from_hand(
    hand: Hand,
    *,
    seats: Sequence[int] | None = None,
    players: Sequence[str] | None = None,
    hand_number: int | None = None,
    seat_count: int | None = None,
) -> HandHistory:
    """Build the ``HandHistory`` of a hand played by the engine (in PHH player order).

    Player ``p1`` is the seat left of the button, the button is the last player. Actions are in
    PHH's canonical order (pokerkit's): when the board is run out after an all-in, the players
    show before the remaining board cards are dealt.

    Parameters
    ----------
    seats, players:
        Optional table seat number (written 1-based, the PHH ``seats`` field) and name of each
        hand seat, in the hand's seat order; they are reordered to PHH player order.
    hand_number, seat_count:
        Optional PHH ``hand`` and ``seat_count`` fields (a table session).

    Examples
    --------
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100], seed=1); _ = hand.fold()
    >>> hh = from_hand(hand, players=["ann", "bob"], hand_number=7)
    >>> hh.fields["players"], hh.fields["hand"]     # PHH order: p1 = bob, left of the button
    (['bob', 'ann'], 7)
    """
    cfg = hand.config
    n = hand.n
    scale = hand.scale
    order = [(hand.button + 1 + k) % n for k in range(n)]
    label = {seat: f"p{k + 1}" for k, seat in enumerate(order)}

    def u(chips: int) -> Number:
        return _unit(chips, scale)

    if cfg.ante_mode is AnteMode.EVERY_PLAYER:
        antes = [u(cfg.ante)] * n
    elif cfg.ante_mode is AnteMode.BIG_BLIND:
        antes = [0] * n
        antes[1] = u(cfg.ante)
    else:
        antes = [0] * n
    blinds: list[Number] = [0] * n
    blinds[0] = u(cfg.small_blind)
    blinds[1] = u(cfg.big_blind)
    actions: list[str] = []
    for ev in hand.history:
        action = _PHH_ACTIONS.get(ev.kind)
        if action is not None:
            cards = "".join("??" if c is None else card_str(c) for c in ev.cards)
            actions.append(action.format(player=label.get(ev.seat), cards=cards, to=u(ev.to)))  # type: ignore[arg-type]
    hh = HandHistory(
        variant=_VARIANT_OF[cfg.structure],
        antes=antes,
        blinds_or_straddles=blinds,
        starting_stacks=[u(hand.starting_stacks[s]) for s in order],
        actions=_show_before_runout(actions),
        ante_trimming_status=cfg.ante_mode is AnteMode.EVERY_PLAYER,
        finishing_stacks=[u(hand.chips[s]) for s in order] if hand.is_complete else None,
    )
    if cfg.conventions != "card-room":
        hh.conventions = cfg.conventions
    if scale > 1:
        hh.chip_unit = Decimal(1) / scale
    if hand.runs > 1 and hand.run_base is not None:  # the agreement took effect (R41)
        hh.runouts = hand.runs
    if cfg.structure is Structure.LIMIT:
        hh.small_bet = u(cfg.bet_sizes[0])
        hh.big_bet = u(cfg.bet_sizes[2])
        for option in ("bet_cap", "cap_heads_up", "uncapped_river", "half_bet_reopens"):
            if getattr(cfg, option) != getattr(_DEFAULTS, option):
                hh.rules[option] = getattr(cfg, option)
    else:
        min_bet = cfg.min_bet
        assert min_bet is not None  # GameConfig.__post_init__ defaults it to big_blind
        hh.min_bet = u(min_bet)
    if hand_number is not None:
        hh.fields["hand"] = hand_number
    if seats is not None:
        hh.fields["seats"] = [seats[s] + 1 for s in order]
    if seat_count is not None:
        hh.fields["seat_count"] = seat_count
    if players is not None:
        hh.fields["players"] = [players[s] for s in order]
    return hh


# The PHH action of each kind of event a hand's history records (format fields: player, cards,
# to); posts, burns, returns, wins and agreements to run it more than once (``_runouts``) are not
# actions in PHH.
_PHH_ACTIONS: dict[str, str] = {
    EventKind.DEAL: "d dh {player} {cards}",
    EventKind.BOARD: "d db {cards}",
    EventKind.FOLD: "{player} f",
    EventKind.CHECK: "{player} cc",
    EventKind.CALL: "{player} cc",
    EventKind.BET: "{player} cbr {to}",
    EventKind.RAISE: "{player} cbr {to}",
    EventKind.SHOW: "{player} sm {cards}",
    EventKind.MUCK: "{player} sm",
}


def _show_before_runout(actions: list[str]) -> list[str]:
    """``actions`` in PHH's canonical order (pokerkit's): once no more betting is possible, the
    players show or muck before the rest of the board is dealt. The engine runs the board out
    first and shows down after the river; the shows move in front of the board cards dealt
    after the last player action.

    >>> _show_before_runout(["d dh p1 AsAh", "d dh p2 KsKh", "p2 cbr 100", "p1 cc",
    ...                      "d db 2c3c4c", "d db 5d", "d db 9h", "p1 sm AsAh", "p2 sm KsKh"])[4:]
    ['p1 sm AsAh', 'p2 sm KsKh', 'd db 2c3c4c', 'd db 5d', 'd db 9h']
    """
    shows = [a for a in actions if a.split()[1] == "sm"]
    if not shows:
        return actions
    rest = [a for a in actions if a.split()[1] != "sm"]
    runout = len(rest)
    while runout > 0 and rest[runout - 1].startswith("d db "):
        runout -= 1
    return rest[:runout] + shows + rest[runout:]


#: A string TOML writes as it is between quotes (no quote, backslash or control character).
_TOML_PLAIN = re.compile(r'[^"\\\x00-\x1f\x7f]*')


def _toml_value(value: Any) -> str:
    # The types a hand history holds most, by exact type first (a subclass, bool among the
    # ints, goes the long way below): a plain string, a whole number, a list of them.
    kind = type(value)
    if kind is str:
        text: str = value
        if _TOML_PLAIN.fullmatch(text):
            return '"' + text + '"'
    elif kind is int:
        return str(value)
    elif kind is list:
        return "[" + ", ".join([_toml_value(v) for v in value]) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal) and not value.is_finite():
        # TOML spells them inf, -inf and nan (str() would give "Infinity", not TOML).
        return "nan" if value.is_nan() else ("-inf" if value < 0 else "inf")
    if isinstance(value, (int, Decimal)):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        out = []
        for ch in value:
            if ch in ('"', "\\"):
                out.append("\\" + ch)
            elif ch == "\n":
                out.append("\\n")
            elif ch == "\t":
                out.append("\\t")
            elif ord(ch) < 0x20 or ord(ch) == 0x7F:
                out.append(f"\\u{ord(ch):04x}")
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"
    raise HandHistoryError(f"cannot write {echo(value)} as TOML")


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml_value(key)


def dumps(obj: HandHistory | Hand) -> str:
    """Write a hand history (or a hand the engine played) as PHH text.

    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100], hole_cards=["AsAh", "KsKh"], board="2c3d4h5s9c")
    >>> _ = hand.fold()
    >>> print(dumps(hand))
    variant = "NT"
    ante_trimming_status = false
    antes = [0, 0]
    blinds_or_straddles = [1, 2]
    min_bet = 2
    starting_stacks = [100, 100]
    actions = ["d dh p1 KsKh", "d dh p2 AsAh", "p2 f"]
    finishing_stacks = [101, 99]
    <BLANKLINE>
    """
    hh = from_hand(obj) if isinstance(obj, Hand) else obj
    lines = [
        f"variant = {_toml_value(hh.variant)}",
        f"ante_trimming_status = {_toml_value(hh.ante_trimming_status)}",
        f"antes = {_toml_value(hh.antes)}",
        f"blinds_or_straddles = {_toml_value(hh.blinds_or_straddles)}",
    ]
    for name in ("min_bet", "small_bet", "big_bet"):
        value = getattr(hh, name)
        if value is not None:
            lines.append(f"{name} = {_toml_value(value)}")
    lines.append(f"starting_stacks = {_toml_value(hh.starting_stacks)}")
    lines.append(f"actions = {_toml_value(hh.actions)}")
    if hh.conventions is not None and hh.conventions != "card-room":
        lines.append(f"_conventions = {_toml_value(hh.conventions)}")
    for field_name, option in _RULE_FIELDS.items():
        if option in hh.rules:
            value = hh.rules[option]
            lines.append(f"{field_name} = {_toml_value('none' if value is None else value)}")
    if hh.chip_unit is not None:
        lines.append(f"_chip_unit = {_toml_value(hh.chip_unit)}")
    if hh.runouts != 1:
        lines.append(f"_runouts = {hh.runouts}")
    for key, value in hh.fields.items():
        lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    if hh.finishing_stacks is not None:
        lines.append(f"finishing_stacks = {_toml_value(hh.finishing_stacks)}")
    return "\n".join(lines) + "\n"


def dump(obj: HandHistory | Hand, path: str | os.PathLike[str] | TextIO) -> None:
    """Write PHH text to a path or an open text file.

    >>> import io
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100], seed=1); _ = hand.fold()
    >>> out = io.StringIO(); dump(hand, out)
    >>> out.getvalue() == dumps(hand), loads(out.getvalue()).replay().stacks
    (True, [101, 99])
    """
    text = dumps(obj)
    if hasattr(path, "write"):
        path.write(text)
    else:
        with output_file(path) as fh:
            fh.write(text)


# ---------------------------------------------------------------------- sessions (.phhs)


def loads_all(text: str, *, conventions: str | None = None) -> list[HandHistory]:
    """Read a PHH session (``.phhs``): several hands, each under a ``[N]`` table header.

    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100], seed=1); _ = hand.fold()
    >>> [h.replay().stacks for h in loads_all(dumps_all([hand, hand]))]
    [[101, 99], [101, 99]]

    ``conventions`` is as in :func:`loads`.

    Raises
    ------
    HandHistoryError
        On invalid TOML or a hand with missing/ill-typed fields.
    """
    data = _toml(text)
    out = []
    for key, table in data.items():
        if not isinstance(table, dict):
            raise HandHistoryError(f"a PHH session holds tables [1], [2], ...; {echo(key)} is not one")
        try:
            out.append(_from_dict(table, conventions))
        except HandHistoryError as exc:
            raise HandHistoryError(f"hand [{key}]: {exc}") from exc
    return out


def load_all(
    path: str | os.PathLike[str] | BinaryIO | TextIO, *, conventions: str | None = None
) -> list[HandHistory]:
    """Read a PHH session file (a path or an open file); see :func:`loads_all`.

    >>> import os, tempfile
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100], seed=1); _ = hand.fold()
    >>> path = os.path.join(tempfile.mkdtemp(), "session.phhs")
    >>> dump_all([hand, hand, hand], path)
    >>> len(load_all(path))
    3
    """
    return loads_all(_read(path), conventions=conventions)


def dumps_all(objs: Iterable[HandHistory | Hand]) -> str:
    """Write several hands as one PHH session text: ``[1]``, ``[2]``, ... then each hand.

    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100], seed=1); _ = hand.fold()
    >>> text = dumps_all([hand, hand])
    >>> text.splitlines()[0], text.count('variant = "NT"')
    ('[1]', 2)
    """
    return "\n".join(f"[{k}]\n{dumps(obj)}" for k, obj in enumerate(objs, 1))


def dump_all(objs: Iterable[HandHistory | Hand], path: str | os.PathLike[str] | TextIO) -> None:
    """Write a PHH session to a path or an open text file.

    >>> import io
    >>> from fastholdem.game import GameConfig, Hand
    >>> hand = Hand(GameConfig(), [100, 100], seed=1); _ = hand.fold()
    >>> out = io.StringIO(); dump_all([hand, hand], out)
    >>> [h.replay().stacks for h in loads_all(out.getvalue())]
    [[101, 99], [101, 99]]
    """
    text = dumps_all(objs)
    if isinstance(path, (str, os.PathLike)):
        with output_file(path) as fh:
            fh.write(text)
    else:
        path.write(text)


class SessionWriter:
    """Append hands to a PHH session file as they finish (``.phhs``).

    >>> import io
    >>> from fastholdem.game import GameConfig, Hand
    >>> out = io.StringIO(); writer = SessionWriter(out)
    >>> hand = Hand(GameConfig(), [100, 100], seed=1); _ = hand.fold()
    >>> writer.write(hand); writer.write(hand); writer.count
    2
    >>> len(loads_all(out.getvalue()))
    2
    """

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream
        self.count = 0

    def write(self, obj: HandHistory | Hand) -> None:
        """Append one hand (a ``HandHistory`` or a completed engine ``Hand``)."""
        self.count += 1
        sep = "\n" if self.count > 1 else ""
        self._stream.write(f"{sep}[{self.count}]\n{dumps(obj)}")


def replay_session(histories: Iterable[HandHistory]) -> dict[int, Number]:
    """Replay a session hand by hand and return the last stack of every seat.

    Every hand is replayed from its actions; its final stacks must equal the recorded
    ``finishing_stacks`` when present. Players are matched across hands by the ``seats``
    field (1-based table seats), or by player position when it is missing.

    Returns
    -------
    dict
        PHH seat number (1-based) -> stack after the last hand that seat played.

    Raises
    ------
    HandHistoryError
        If a hand does not replay or disagrees with its recorded finishing stacks.

    Examples
    --------
    >>> from fastholdem.game import GameConfig, Table
    >>> table = Table(GameConfig(), [100, 100, 100], seed=3, button=0)
    >>> histories = []
    >>> for k in range(2):                        # two hands, everyone folds to the big blind
    ...     hand = table.start_hand(); _ = hand.fold(); _ = hand.fold(); table.end_hand()
    ...     histories.append(from_hand(hand, seats=table.hand_seats))
    >>> replay_session(loads_all(dumps_all(histories))), table.stacks
    ({2: 99, 3: 100, 1: 101}, [101, 99, 100])
    """
    stacks: dict[int, Number] = {}
    for k, hh in enumerate(histories, 1):
        try:
            final = hh.replay().stacks
        except HandHistoryError as exc:
            raise HandHistoryError(f"hand {k}: {exc}") from exc
        if hh.finishing_stacks is not None and list(hh.finishing_stacks) != list(final):
            raise HandHistoryError(
                f"hand {k}: replay ends with stacks {final}, the file records {hh.finishing_stacks}"
            )
        seats = hh.fields.get("seats") or list(range(1, len(final) + 1))
        try:
            numbers = [int(seat) for seat in seats]
            if len(numbers) != len(final) or any(isinstance(s, bool) for s in seats):
                raise ValueError("one seat number per player")
        except (TypeError, ValueError) as exc:
            raise HandHistoryError(f"hand {k}: bad seats field {echo(seats)}: {exc}") from None
        for seat, stack in zip(numbers, final):
            stacks[seat] = stack
    return stacks
