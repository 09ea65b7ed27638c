"""The hand state machine: one hand of Texas hold'em from blinds to showdown.

Rules implemented (see docs/rules.md): R14-R16 (blinds, heads-up, antes), R18-R20 (seeded shuffle,
deal order, burns), R22-R30 (rounds, order, actions, end of round, fixed/no/pot limit,
incomplete raises, uncalled chips), R33 (errors leave the state unchanged), R34-R38 (all-in,
side pots, winning without showdown, showdown, split pots and odd chips), R41 (running the rest
of the board several times), under the
"card-room" conventions (the default) or pokerkit's (``GameConfig(conventions="pokerkit")``).

Seats are the indices of ``stacks``; play goes clockwise, i.e. to higher indices.

>>> from fastholdem.game import GameConfig, Hand, RaiseTo
>>> hand = Hand(GameConfig(small_blind=1, big_blind=2), [100, 100, 100], button=0, seed=7)
>>> hand.actor, hand.legal_actions().min_to
(0, 4)
>>> _ = hand.apply(RaiseTo(6)); _ = hand.fold(); _ = hand.fold()
>>> hand.is_complete, hand.stacks
(True, [103, 99, 98])
"""

from __future__ import annotations

import copy
import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, cast

from .._validate import check_bool, check_int, echo
from ..cards import card_str, parse_cards
from ..errors import (
    BadAmountError,
    ConfigError,
    IllegalActionError,
    InputTypeError,
    InvalidActionError,
    OutOfTurnError,
)
from ..evaluate import evaluate
from .account import describe
from .actions import (
    AllIn,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Event,
    EventKind,
    Fold,
    LegalActions,
    Muck,
    RaiseTo,
    RunIt,
    Show,
)
from .config import AnteMode, GameConfig, Structure
from .pots import Pot, layer_pots, seat_order, split_amount, split_runs, uncalled

__all__ = ["Phase", "Hand", "HandResult", "PotResult"]

_STREET_NAMES = ("preflop", "flop", "turn", "river", "showdown")
_BOARD_SIZES = (3, 1, 1)
# The street whose cards complete a board of this many cards (0 preflop, 1 flop, 2 turn).
_STREET_OF_BOARD = {0: 0, 3: 1, 4: 2}
MAX_RUNS = 4  # ten players all-in preflop leave 32 cards: four runs of five cards and three burns
_NO_LEGAL = LegalActions(None, False, False, None, None, None, False)
# Hot paths build events (and LegalActions) as ``_new(Event, (every field))``, i.e.
# ``tuple.__new__``: the same NamedTuple value, without the cost of its Python-level ``__new__``.
_new = tuple.__new__
# _AFTER[n][s]: the seats clockwise after ``s`` at an n-seat table, ending with ``s`` itself
# (also the deal order R19 when ``s`` is the button); _OTHERS[n][s]: the same without ``s``.
_AFTER = tuple(tuple(tuple((s + k) % n for k in range(1, n + 1)) for s in range(n)) for n in range(11))
_OTHERS = tuple(tuple(order[:-1] for order in orders) for orders in _AFTER)
# _DEAL_POS[n][button][s]: when seat ``s`` gets its cards in a round of the deal (R19).
_DEAL_POS = tuple(tuple(tuple((s - b - 1) % n for s in range(n)) for b in range(n)) for n in range(11))
_INT_ONLY = {int}
# The kinds of the events the engine records (module constants: read on the hot paths).
_K_ANTE = EventKind.ANTE
_K_SB = EventKind.SB
_K_BB = EventKind.BB
_K_DEAL = EventKind.DEAL
_K_BURN = EventKind.BURN
_K_BOARD = EventKind.BOARD
_K_FOLD = EventKind.FOLD
_K_CHECK = EventKind.CHECK
_K_CALL = EventKind.CALL
_K_BET = EventKind.BET
_K_RAISE = EventKind.RAISE
_K_RETURN = EventKind.RETURN
_K_SHOW = EventKind.SHOW
_K_MUCK = EventKind.MUCK
_K_WIN = EventKind.WIN
_K_RUNS = EventKind.RUNS

# Waiting states (what the hand needs next).
_W_ACTION, _W_HOLE, _W_BOARD, _W_SHOWDOWN, _W_DONE = range(5)
_AWAIT_NAMES = ("action", "hole", "board", "showdown", None)


class Phase(enum.Enum):
    """Where the hand is: a street (betting, or waiting for its cards), showdown, or complete.

    >>> hand = Hand(GameConfig(), [100, 100], seed=1)
    >>> hand.phase
    <Phase.PREFLOP: 0>
    >>> _ = hand.call(), hand.check()
    >>> hand.phase.name, len(hand.board)
    ('FLOP', 3)
    """

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3
    SHOWDOWN = 4
    COMPLETE = 5


@dataclass(frozen=True, slots=True)
class PotResult:
    """One awarded pot: its chips, who could win it, who won it and how much each got.

    When the board was run several times (R41) each pot is awarded in parts, one per board:
    ``board`` is the index of the board (run) that decided this part, 0 for the first.

    >>> hand = Hand(GameConfig(), [100, 100], hole_cards=["AsAh", "AdAc"], board="2c3d4h9s8c")
    >>> _ = hand.all_in(), hand.call()
    >>> hand.result.pots        # two aces each: split
    (PotResult(amount=200, eligible=(0, 1), winners=(1, 0), shares=(100, 100), board=0),)
    """

    amount: int | Decimal
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int | Decimal, ...]
    board: int = 0


@dataclass(frozen=True, slots=True)
class HandResult:
    """The outcome of a finished hand.

    Attributes
    ----------
    pots:
        Main pot first, then side pots (R35), each with eligible seats, winners and shares.
    payoffs:
        Final minus starting stack of each seat; they sum to zero.
    stacks:
        Final stacks.
    uncalled:
        ``(seat, chips)`` pairs returned as uncalled (R30), in the order they were returned.
    values:
        Hand value (1..7462, higher wins) of every seat that showed down.
    showdown:
        True when the pots were decided by comparing hands (R37), False when one player was
        left (R36).
    boards:
        Every board, one per run (R41); a single board when the board was dealt once.
    board_values:
        ``values`` on each board of ``boards`` (``values`` is ``board_values[0]``).

    Examples
    --------
    >>> hand = Hand(GameConfig(), [100, 100, 100], button=0, seed=1)
    >>> _ = hand.raise_to(10), hand.fold(), hand.fold()
    >>> r = hand.result
    >>> r.payoffs, r.uncalled, r.showdown
    ((3, -1, -2), ((0, 8),), False)
    """

    pots: tuple[PotResult, ...]
    payoffs: tuple[int | Decimal, ...]
    stacks: tuple[int | Decimal, ...]
    uncalled: tuple[tuple[int, int | Decimal], ...]
    values: dict[int, int]
    showdown: bool
    boards: tuple[tuple[int, ...], ...] = ()
    board_values: tuple[dict[int, int], ...] = ()


_FORCED_KINDS = frozenset((EventKind.ANTE, EventKind.SB, EventKind.BB, EventKind.DEAL))


def _checked_blind_seats(value: object, n: int) -> tuple[int, int]:
    """``blind_seats`` as two different seats of an n-seat table (R44)."""
    if not isinstance(value, Sequence) or isinstance(value, (str, bytes)) or len(value) != 2:
        raise ConfigError(f"blind_seats must be two seats (small blind, big blind), got {echo(value)}")
    sb, bb = value
    for seat in (sb, bb):
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ConfigError(f"blind_seats must be seats 0..{n - 1}, got {echo(value)}")
    if sb == bb:
        raise ConfigError(f"blind_seats must be two different seats, got {echo(value)}")
    return int(sb), int(bb)


def _as_chips(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{name} must be an integer number of chips, got {echo(value)}")
    return value


def _checked_stacks(stacks: Sequence[int]) -> list[int]:
    """The starting stacks as a new list; ConfigError unless all are positive integer chips."""
    start = list(stacks)
    if start and {*map(type, start)} == _INT_ONLY and min(start) > 0:
        return start  # the common case: plain positive ints
    start = [_as_chips(f"stack of seat {i}", s) for i, s in enumerate(stacks)]
    for i, s in enumerate(start):
        if s <= 0:
            raise ConfigError(f"stack of seat {i} must be positive, got {s}")
    return start


class Hand:
    """One hand of hold'em, played by applying actions (B4).

    Parameters
    ----------
    config:
        The game rules and stakes.
    stacks:
        Chips of each seat at the start of the hand (2-10 seats, R10), in clockwise order.
    button:
        Seat of the button (R14, R15). Default 0.
    seed:
        Seed of the shuffle (R18) when the engine deals, or a ``random.Random`` to draw from
        (it is advanced). The deck is shuffled lazily (a Fisher-Yates step per card drawn), so
        the same seed always deals the same cards.
    hole_cards:
        Optional fixed hole cards: one entry per seat (two cards as text or ids, or ``None``
        to draw them). Cards not given come from the seeded deck without the given ones.
    board:
        Optional fixed board cards (up to five), used in order as the board is dealt.
    manual:
        When true the engine deals nothing: the caller applies ``DealHole`` (in deal order,
        R19), ``DealBoard`` and, once betting is over, ``Show``/``Muck``; unknown hole cards
        are ``None``. Used to replay hand histories.
    scale:
        Chips per display unit (PHH decimal values). When above 1, ``stacks``, ``payoffs`` and
        the result are reported as ``Decimal(chips) / scale``. Internally chips stay integers.
    deck:
        Optional stub in dealing order (card ids, top first), used instead of a seeded
        shuffle: hole cards not given in ``hole_cards``, burns and board cards are taken
        from its top in order. It must hold enough cards (for every run of the board when
        it is run several times, R41) and none of the fixed ones. The
        table uses it to continue a deal after a dealer error (R21).
    blind_seats:
        Optional ``(small blind seat, big blind seat)``, when the house places the blinds
        elsewhere than R14/R15 do (R44), e.g. a lone big blind left of the button with the
        button standing in for the small blind (``small_blind=0``).
    stack_cap:
        Capped no limit (R46): no seat puts more than ``stack_cap`` chips into the hand; a seat
        that reaches it is all-in for the rest of the hand, and its chips beyond the cap stay
        behind (``stacks`` and the result count them, no bet can reach them).

    Raises
    ------
    ConfigError
        On a bad seat count, stack, button or card setup.
    TypeError
        If ``stacks`` is not a sequence (``Hand(config, 100)``), ``manual`` is not a bool
        or ``seed`` is not an int, a ``random.Random`` or None.

    Examples
    --------
    >>> hand = Hand(GameConfig(), [50, 50], button=0, hole_cards=["AsAh", "KsKh"], board="2c3d4h5s9c")
    >>> hand.actor        # heads-up the button posts the small blind and acts first (R15)
    0
    >>> _ = hand.all_in(); _ = hand.call()
    >>> hand.is_complete, hand.stacks, [p.amount for p in hand.result.pots]
    (True, [100, 0], [100])
    """

    __slots__ = (
        "config", "n", "button", "scale", "starting_stacks", "_stacks", "_bets", "_put",
        "_antes", "_dead", "_pot", "_folded", "_mucked", "_shown", "_hole", "_board", "_street",
        "_waiting", "_actor", "_max_bet", "_full", "_nbets", "_acted", "_n_live", "_n_active",
        "_deck", "_dpos", "_fixed_board", "_manual", "_history", "_result", "_legal",
        "_next_hole", "_betting_over", "_limit", "_pot_limit", "_values", "_uncalled",
        "_rand", "_awards", "_used", "_after", "_others", "_min_bet", "_pk", "_seen", "_shorts",
        "_runs", "_run_base", "_boards", "_award_boards", "_board_values",
        "_blind_seats", "_straddler", "_straddle", "_rake", "_net", "_paid_out", "_behind", "_odd_given",
    )

    def __init__(
        self,
        config: GameConfig,
        stacks: Sequence[int],
        *,
        button: int = 0,
        seed: int | random.Random | None = None,
        hole_cards: Sequence[Any] | None = None,
        board: Any = None,
        manual: bool = False,
        scale: int = 1,
        deck: Sequence[int] | None = None,
        blind_seats: Sequence[int] | None = None,
        stack_cap: int | None = None,
    ) -> None:
        if not isinstance(config, GameConfig):
            raise ConfigError(f"config must be a GameConfig, got {echo(config)}")
        if not isinstance(stacks, Sequence) or isinstance(stacks, (str, bytes)):
            raise InputTypeError(f"stacks must be a sequence of 2 to 10 chip counts, one per seat, such as "
                                 f"[200, 200], got {type(stacks).__name__} {echo(stacks)}")
        n = len(stacks)
        if not 2 <= n <= 10:
            raise ConfigError(f"a hand needs 2 to 10 players (R10), got {n} stacks")
        if type(manual) is not bool:
            check_bool(manual, "manual")
        if seed is not None and not isinstance(seed, random.Random):
            seed = check_int(seed, "seed", what="an int, a random.Random or None")
        start = _checked_stacks(stacks)
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < n:
            raise ConfigError(f"button must be a seat 0..{n - 1}, got {echo(button)}")
        if isinstance(scale, bool) or not isinstance(scale, int) or scale < 1:
            raise ConfigError(f"scale must be a positive integer, got {echo(scale)}")
        seats = None if blind_seats is None else _checked_blind_seats(blind_seats, n)
        if config.small_blind > config.big_blind:
            raise ConfigError(
                f"small blind {config.small_blind} exceeds big blind {config.big_blind}"
            )
        self.config = config
        self.n = n
        self.button = button
        self.scale = scale
        self.starting_stacks: tuple[int, ...] = tuple(start)
        self._behind: list[int] | None = None
        if stack_cap is not None:  # capped no limit (R46): chips beyond the cap stay out of play
            cap = check_int(stack_cap, "stack_cap", what="a positive number of chips")
            if cap < 1:
                raise ConfigError(f"stack_cap must be a positive number of chips, got {echo(stack_cap)}")
            self._behind = [max(0, s - cap) for s in start]
            start = [min(s, cap) for s in start]
        self._stacks = start[:]
        self._bets = [0] * n
        self._put = [0] * n
        self._antes = [0] * n
        self._dead = 0
        self._pot = 0
        self._folded = [False] * n
        self._mucked = [False] * n
        self._shown = [False] * n
        self._hole: list[list[int | None]] = []  # set below (manual) or by _setup_deck
        self._board: list[int] = []
        self._street = 0
        self._waiting = _W_HOLE
        self._actor: int | None = None
        self._max_bet = 0
        self._full = 0
        self._nbets = 0
        self._acted = [False] * n
        self._n_live = n
        self._n_active = n
        self._history: list[Event] = []
        self._result: HandResult | None = None
        self._legal: LegalActions | None = None
        self._awards: list[tuple[int, tuple[int, ...], list[int], list[int]]] = []
        # R41: the agreed number of runs, the board size when betting ended with cards to come
        # (None until then), the boards of the runs already dealt, and the board of each award.
        self._runs = 1
        self._run_base: int | None = None
        self._boards: list[tuple[int, ...]] = []
        self._award_boards: list[int] = []
        self._board_values: list[dict[int, int]] = []
        # House rules (R42-R45): explicit blind seats, the straddle that acts last preflop and
        # its size, the rake of each pot and the shares after it, whether the site paid out.
        self._blind_seats: tuple[int, int] | None = seats
        self._straddler: int | None = None
        self._straddle = 0
        self._rake: list[int] = []
        self._net: list[list[int]] | None = None
        self._paid_out = False
        self._odd_given = False
        self._rand: Any = None
        self._used = 0
        self._next_hole = 0
        self._betting_over = False
        self._limit = config.structure is Structure.LIMIT
        self._min_bet = config.min_bet
        # pokerkit conventions: ``_acted[i]`` means "not in pokerkit's actor queue", ``_seen`` is
        # its acted-player set, ``_shorts`` its consecutive short all-in raises, ``_full`` the
        # largest raise of the round and ``_nbets`` every bet and raise of the round.
        self._pk = config.conventions == "pokerkit"
        self._seen = [False] * n
        self._shorts: list[int] = []
        self._after = _AFTER[n]
        self._others = _OTHERS[n]
        self._pot_limit = config.structure is Structure.POT_LIMIT
        self._values: dict[int, int] = {}
        self._uncalled: list[tuple[int, int]] = []
        self._manual = bool(manual)
        self._deck: list[int] | None = None
        self._dpos = 0
        self._fixed_board: list[int] = []
        if manual:
            if hole_cards is not None or board is not None or seed is not None or deck is not None:
                raise ConfigError("manual dealing takes no seed, hole_cards, board or deck")
            self._hole = [[] for _ in range(n)]
        else:
            if deck is not None and seed is not None:
                raise ConfigError("give a seed or a deck, not both")
            self._setup_deck(seed, hole_cards, board, deck)
        self._post_forced_bets()
        if not manual:
            self._deal_all_holes()
            self._begin_round()

    # ------------------------------------------------------------------ setup

    def _setup_deck(
        self,
        seed: int | random.Random | None,
        hole_cards: Sequence[Any] | None,
        board: Any,
        deck: Sequence[int] | None = None,
    ) -> None:
        n = self.n
        fixed: list[int] = []
        holes: list[list[int] | None] = [None] * n
        if hole_cards is not None:
            if len(hole_cards) != n:
                raise ConfigError(f"hole_cards needs one entry per seat ({n}), got {len(hole_cards)}")
            for i, spec in enumerate(hole_cards):
                if spec is None:
                    continue
                cards = parse_cards(spec)
                if len(cards) != 2:
                    raise ConfigError(f"seat {i} needs exactly two hole cards (R3), got {echo(spec)}")
                holes[i] = cards
                fixed.extend(cards)
        board_cards = parse_cards(board) if board is not None else []
        if len(board_cards) > 5:
            raise ConfigError(f"a board has at most five cards (R4), got {len(board_cards)}")
        fixed.extend(board_cards)
        if len(set(fixed)) != len(fixed):
            dup = next(c for c in fixed if fixed.count(c) > 1)
            raise ConfigError(f"card {card_str(dup)} is given twice")
        if deck is not None:
            stub = parse_cards(deck)
            clash = set(stub).intersection(fixed)
            if clash:
                raise ConfigError(f"card {card_str(min(clash))} is both fixed and in the deck")
            missing = sum(h is None for h in holes)
            if len(stub) < 2 * missing + 8:
                raise ConfigError(f"the deck needs at least {2 * missing + 8} cards, got {len(stub)}")
            # Drawing "at random" with a generator that always returns 0 takes the top card.
            self._rand = _TOP_OF_DECK.random
            self._deck = stub
        else:
            rng = seed if isinstance(seed, random.Random) else random.Random(seed)
            self._rand = rng.random
            if fixed:
                excluded = set(fixed)
                self._deck = [c for c in range(52) if c not in excluded]
            else:
                self._deck = list(range(52))
        self._dpos = 0
        # Deal order (R19): one card at a time from the seat left of the button, two rounds.
        # The hole cards are drawn here; _deal_all_holes records the deal once blinds are posted.
        hole_list: list[list[int | None]]
        if hole_cards is None:
            # Nothing fixed: one batch of 2n cards, dealt round by round in seat order.
            cards = self._draw_many(2 * n)
            hole_list = [[cards[k], cards[k + n]] for k in _DEAL_POS[n][self.button]]
        else:
            hole_list = [[] for _ in range(n)]
            draw = self._draw
            for _round in range(2):
                for seat in self._after[self.button]:
                    given = holes[seat]
                    hole_list[seat].append(draw() if given is None else given[_round])
        self._fixed_board = board_cards
        self._hole = hole_list

    def _draw(self) -> int:
        """Top card of the deck: one lazy Fisher-Yates step (R18)."""
        deck = self._deck
        assert deck is not None
        p = self._dpos
        if p >= len(deck):
            raise ConfigError(f"the deck stub is used up after {p} cards: give enough for every run (R41)")
        j = p + int(self._rand() * (len(deck) - p))
        card = deck[j]
        deck[j] = deck[p]
        deck[p] = card
        self._dpos = p + 1
        return card

    def _draw_many(self, count: int) -> list[int]:
        """The next ``count`` cards from the top: the same steps (and draws) as ``_draw``."""
        deck = self._deck
        assert deck is not None
        rand = self._rand
        start = self._dpos
        end = start + count
        size = len(deck)
        if end > size:
            raise ConfigError(f"the deck stub is used up after {start} cards: give enough for all runs (R41)")
        for p in range(start, end):
            j = p + int(rand() * (size - p))
            deck[j], deck[p] = deck[p], deck[j]
        self._dpos = end
        return deck[start:end]  # each step put its card at position p

    def _post(self, seat: int, amount: int, kind: EventKind) -> None:
        stack = self._stacks[seat]
        if amount > stack:
            amount = stack
        if amount <= 0:
            return
        self._stacks[seat] = stack - amount
        all_in = amount == stack
        if kind is _K_ANTE:
            self._antes[seat] += amount
            if self.config.ante_mode is AnteMode.BIG_BLIND:
                self._dead += amount
            else:
                self._put[seat] += amount
            self._pot += amount
            to = 0
        else:
            self._bets[seat] += amount
            self._put[seat] += amount
            self._pot += amount
            to = self._bets[seat]
        if all_in:
            self._n_active -= 1
        self._history.append(_new(Event, (0, seat, kind, amount, to, (), all_in)))

    @property
    def small_blind_seat(self) -> int:
        """Seat posting the small blind: the button heads-up (R15), else left of the button, unless
        ``blind_seats`` placed it (R44)."""
        if self._blind_seats is not None:
            return self._blind_seats[0]
        return self.button if self.n == 2 else (self.button + 1) % self.n

    @property
    def big_blind_seat(self) -> int:
        """Seat posting the big blind (R14, R15), unless ``blind_seats`` placed it (R44)."""
        if self._blind_seats is not None:
            return self._blind_seats[1]
        return (self.button + 1) % self.n if self.n == 2 else (self.button + 2) % self.n

    # ------------------------------------------------------------------ house rules (R42-R45)

    def _check_post(self, seat: Any, amount: Any, what: str) -> tuple[int, int]:
        """The seat and chips of a house post, or the error that refuses it (R33: nothing changes)."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidActionError(f"{what} seat must be an integer, got {echo(seat)}")
        if not 0 <= seat < self.n:
            raise InvalidActionError(f"{what} seat must be 0..{self.n - 1}, got {seat}")
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise InvalidActionError(f"{what} amount must be an integer number of chips, got {echo(amount)}")
        if amount <= 0:
            raise BadAmountError(f"{what} amount must be positive, got {amount}")
        if self._street != 0 or self._waiting == _W_DONE or any(
            ev.kind not in _FORCED_KINDS for ev in self._history
        ):
            raise IllegalActionError(f"a {what} is posted before the first action of the hand, not now "
                                     f"({self._where()})")
        if self._next_hole == self.n and self._waiting != _W_ACTION:
            raise IllegalActionError(f"a {what} is posted before the first action of the hand, not now "
                                     f"({self._where()})")
        return seat, amount

    def post_straddle(self, seat: int, amount: int) -> None:
        """Post a straddle, a live blind beyond the big blind (R42).

        It sets the bet to call and the size of a full raise, and preflop action starts left of
        the largest straddle (the later seat on a tie), whose poster acts last preflop. A seat
        short of ``amount`` posts its stack (all-in, as a short blind, R14a).

        Raises
        ------
        InvalidActionError
            If ``seat`` or ``amount`` is not an integer, or ``seat`` is not at the table.
        BadAmountError
            If ``amount`` is not positive.
        IllegalActionError
            After the first action of the hand. The hand is unchanged (R33).

        Examples
        --------
        >>> hand = Hand(GameConfig(), [100, 100, 100, 100], button=0, seed=1)
        >>> hand.post_straddle(3, 4)
        >>> legal = hand.legal_actions()   # seat 0, left of the straddle, has 4 to call
        >>> legal.seat, legal.call, legal.min_to
        (0, 4, 8)
        """
        seat, amount = self._check_post(seat, amount, "straddle")
        self._post(seat, amount, _K_BB)
        if amount >= self._straddle:
            self._straddler, self._straddle = seat, amount
        self._max_bet = max(self._max_bet, amount)
        self._full = max(self._full, amount)
        straddler = self._straddler
        if self._next_hole == self.n and straddler is not None:  # the round has begun: action
            self._actor = self._next_actor(straddler)  # moves left of the largest straddle
        self._legal = None

    def post_live(self, seat: int, amount: int) -> None:
        """Post a live blind out of turn, as a player coming in or back posts a missed big blind (R43).

        The chips are part of the seat's bet this round (they count toward a call) but do not
        change the bet to call. A seat short of ``amount`` posts its stack.

        Raises
        ------
        InvalidActionError, BadAmountError, IllegalActionError
            As :meth:`post_straddle`. The hand is unchanged (R33).

        Examples
        --------
        >>> hand = Hand(GameConfig(), [100, 100, 100, 100], button=0, seed=1)
        >>> hand.post_live(0, 2)
        >>> hand.bets, hand.legal_actions().call    # seat 3 has 2 to call
        ([2, 1, 2, 0], 2)
        >>> _ = hand.call(); hand.legal_actions().seat, hand.legal_actions().call  # seat 0 has called
        (0, None)
        """
        seat, amount = self._check_post(seat, amount, "live post")
        self._post(seat, amount, _K_BB)
        self._legal = None

    def post_dead(self, seat: int, amount: int) -> None:
        """Post dead money, as a player who missed the small blind posts it (R43).

        The chips go to the main pot and are no part of any bet, like a big-blind ante (R16);
        a seat short of ``amount`` posts its stack. The post is not an event of ``history``.

        Raises
        ------
        InvalidActionError, BadAmountError, IllegalActionError
            As :meth:`post_straddle`. The hand is unchanged (R33).

        Examples
        --------
        >>> hand = Hand(GameConfig(), [100, 100, 100], button=0, seed=1)
        >>> hand.post_dead(0, 1)
        >>> hand.pot_total, hand.dead_money, hand.bets
        (4, 1, [0, 1, 2])
        """
        seat, amount = self._check_post(seat, amount, "dead post")
        chips = min(amount, self._stacks[seat])
        if chips:
            self._stacks[seat] -= chips
            self._dead += chips
            self._pot += chips
        self._legal = None

    def awards(self) -> list[PotResult]:
        """Every award of the finished hand in chips (whatever ``scale``): pots in the order of
        ``result.pots``, with each winner's share after any rake taken (R45).

        ``amount`` is the pot (or its part on one board, R41) before the house's cut.

        Raises
        ------
        IllegalActionError
            If the hand is not complete yet.

        Examples
        --------
        >>> hand = Hand(GameConfig(), [100, 100], button=0, hole_cards=["AsAh", "KsKh"], board="2c3d4h5s9c")
        >>> _ = hand.raise_to(10), hand.call(), hand.check(), hand.check(), hand.check(), hand.check()
        >>> _ = hand.check(), hand.check(); _ = hand.take_rake(1)
        >>> [(a.amount, a.shares) for a in hand.awards()]
        [(20, (19,))]
        """
        if self._waiting != _W_DONE:
            raise IllegalActionError(f"the hand is not complete ({self._where()})")
        net = self._net or [sh for (_a, _e, _w, sh) in self._awards]
        return [PotResult(a, tuple(e), tuple(w), tuple(sh), b)
                for (a, e, w, _s), b, sh in zip(self._awards, self._award_boards, net)]

    @property
    def rake(self) -> list[int]:
        """The house's cut of each pot (R45), in chips; empty until :meth:`take_rake`."""
        return self._rake[:]

    def _pot_groups(self) -> list[tuple[int, list[int]]]:
        """The pots awarded, each as ``(chips, indices of its awards)``: one award per pot, or one
        per board when the board was run several times (R41; a pot's parts follow one another)."""
        groups: list[tuple[int, list[int]]] = []
        for k, ((amount, *_), board) in enumerate(zip(self._awards, self._award_boards)):
            if board == 0 or not groups:
                groups.append((amount, [k]))
            else:
                total, parts = groups[-1]
                parts.append(k)
                groups[-1] = (total + amount, parts)
        return groups

    def take_rake(
        self,
        amount: int | None = None,
        *,
        per_pot: Sequence[int] | None = None,
        rate: Any = None,
        cap: int | None = None,
    ) -> list[int]:
        """Take the house's cut from the pots of the finished hand (R45); the rake of each pot.

        Give one of ``amount`` (chips in all, taken from the main pot first, then from each
        side pot in order), ``per_pot`` (the site's own amount for each pot, main pot first) or
        ``rate`` (a fraction of the pots, rounded down, at most ``cap`` chips when given, taken
        as ``amount``). Each pot's winners share what is left by R41 and R38.

        Raises
        ------
        InvalidActionError
            If not exactly one of ``amount``, ``per_pot`` and ``rate`` is given, a value has the
            wrong type, ``per_pot`` does not list one amount per pot, or ``cap`` comes without
            ``rate``.
        BadAmountError
            If an amount is negative or more than the pots (or its pot) hold.
        IllegalActionError
            If the hand is not complete, or the rake was taken or the pots paid out already.
            In every case the hand is unchanged (R33).

        Examples
        --------
        >>> hand = Hand(GameConfig(), [100, 100], button=0, hole_cards=["AsAh", "KsKh"], board="2c3d4h5s9c")
        >>> _ = hand.all_in(), hand.call()
        >>> hand.take_rake(rate=0.05, cap=3), hand.stacks
        ([3], [197, 0])
        """
        if self._waiting != _W_DONE:
            raise IllegalActionError(f"the rake is taken from a finished hand ({self._where()})")
        if self._net is not None or self._paid_out:
            raise IllegalActionError("the rake was taken or the pots were paid out already")
        if sum(x is not None for x in (amount, per_pot, rate)) != 1:
            raise InvalidActionError("take_rake needs exactly one of amount, per_pot and rate")
        if cap is not None and rate is None:
            raise InvalidActionError("cap limits a rate: give rate with it")
        groups = self._pot_groups()
        total = sum(g[0] for g in groups)
        if rate is not None:
            if isinstance(rate, bool) or not isinstance(rate, (int, float, Decimal, Fraction)):
                raise InvalidActionError(f"rate must be a number from 0 to 1, got {echo(rate)}")
            exact = Fraction(str(rate)) if isinstance(rate, float) else Fraction(rate)
            if not 0 <= exact <= 1:
                raise BadAmountError(f"rate must be from 0 to 1, got {rate}")
            amount = int(total * exact)
            if cap is not None:
                amount = min(amount, self._chips_arg(cap, "cap"))
        if per_pot is None:
            left = self._chips_arg(amount, "rake")
            if left > total:
                raise BadAmountError(f"a rake of {left} is more than the pots hold ({total})")
            rakes = []
            for pot, _parts in groups:
                rakes.append(min(left, pot))
                left -= rakes[-1]
        else:
            if not isinstance(per_pot, Sequence) or len(per_pot) != len(groups):
                raise InvalidActionError(f"per_pot must list one amount per pot ({len(groups)}), "
                                         f"got {echo(per_pot)}")
            rakes = [self._chips_arg(r, "per_pot amount") for r in per_pot]
            for (pot, _parts), r in zip(groups, rakes):
                if r > pot:
                    raise BadAmountError(f"a rake of {r} is more than its pot holds ({pot})")
        awards = self._awards
        net = [list(shares) for (_a, _e, _w, shares) in awards]
        for (pot, parts), taken in zip(groups, rakes):
            if not taken:
                continue
            # The house takes its cut before the pot is split per board (R41), then by R38.
            runs = [pot - taken] if len(parts) == 1 else split_runs(pot - taken, len(parts))
            for part, j in zip(runs, parts):
                winners = awards[j][2]
                net[j] = [part] if len(winners) == 1 else split_amount(part, winners, self.button, self.n)
        stacks = self._stacks
        for (_a, _e, winners, shares), new in zip(awards, net):
            for seat, old, share in zip(winners, shares, new):
                stacks[seat] += share - old
        self._rake = rakes
        self._net = net
        self._result = None
        return rakes[:]

    def concede(self, seat: int) -> Event:
        """An all-in player gives up the hand (R48): their chips stay in the pots, which they can no
        longer win, as a fold does; any seat may concede while the betting goes on, out of turn.

        A site that folds a player whose chips are all in (all-in on the ante, then "folds") is
        replayed so. When one player is left, they win the pots at once (R36).

        Raises
        ------
        InvalidActionError
            If ``seat`` is not a seat of the hand.
        IllegalActionError
            If the seat is not all-in (chips behind, nothing put in, or folded already), or the
            hand is not waiting for a betting action. The hand is unchanged (R33).

        Examples
        --------
        >>> hand = Hand(GameConfig(ante=5), [100, 100, 100, 5], button=0,
        ...             hole_cards=["AsAh", "KsKh", "QsQh", "JsJh"], board="2c3d4h5s9c")
        >>> _ = hand.concede(3)        # all-in on the ante, out of turn; the others play on
        >>> _ = hand.fold(), hand.fold()   # the button and the small blind fold
        >>> hand.is_complete, hand.stacks  # the big blind wins the pots, the ante of seat 3 too
        (True, [95, 94, 116, 0])
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise InvalidActionError(f"seat must be a seat 0..{self.n - 1}, got {echo(seat)}")
        if self._waiting != _W_ACTION:
            raise IllegalActionError(f"a player concedes while the betting goes on ({self._where()})")
        if self._folded[seat] or self._stacks[seat] > 0 or not self.contributions[seat]:
            raise IllegalActionError(f"seat {seat} is not all-in: only an all-in player concedes (R48)")
        ev = self._fold_out(seat)
        self._last_one_wins()
        return ev

    def give_odd_chips(self, seats: Sequence[int]) -> None:
        """Give the odd chips of the split pots to the seats the site gave them to (R47).

        A pot shared by tied winners (R38) whose chips do not divide leaves odd chips; the engine
        gives them one at a time from the first seat left of the button, a site may give them
        otherwise. ``seats`` lists the seat of each odd chip, pots in the order of
        :meth:`awards` (after any rake, R45); each must be one of that pot's winners, at most one
        chip each, and the list must name exactly as many seats as there are odd chips.

        Raises
        ------
        InvalidActionError
            If ``seats`` is not a sequence of seats.
        BadAmountError
            If a seat is not a winner of its pot, is named twice for one pot, or the list does not
            match the number of odd chips.
        IllegalActionError
            If the hand is not complete, or the odd chips were given or the pots paid out already.
            In every case the hand is unchanged (R33).

        Examples
        --------
        >>> hand = Hand(GameConfig(), [11, 11, 11], button=2, hole_cards=["AsKh", "AdKc", "AhKs"],
        ...             board="2c3d4h5s9c")
        >>> while not hand.is_complete:
        ...     _ = hand.all_in() if hand.legal_actions().all_in_to is not None else hand.check_or_call()
        >>> _ = hand.take_rake(1)
        >>> hand.stacks      # 32 chips for three: the two odd chips go left of the button (R38)
        [11, 11, 10]
        >>> hand.give_odd_chips([1, 2]); hand.stacks
        [10, 11, 11]
        """
        if self._waiting != _W_DONE:
            raise IllegalActionError(f"the odd chips are given once the hand is finished ({self._where()})")
        if self._paid_out or self._odd_given:
            raise IllegalActionError("the odd chips were given or the pots paid out already")
        if not isinstance(seats, Sequence) or isinstance(seats, (str, bytes)):
            raise InvalidActionError(f"seats must list the seat of each odd chip, got {echo(seats)}")
        if any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < self.n for x in seats):
            raise InvalidActionError(f"seats must be seats 0..{self.n - 1}, got {echo(seats)}")
        queue = list(seats)
        awards = self.awards()
        net = [[int(x) for x in a.shares] for a in awards]
        for j, award in enumerate(awards):
            winners = list(award.winners)
            if len(winners) < 2:
                continue
            total = sum(int(x) for x in award.shares)
            even, odd = divmod(total, len(winners))
            if not odd:
                continue
            chosen, queue = queue[:odd], queue[odd:]
            if len(chosen) < odd or len(set(chosen)) < odd or not set(chosen) <= set(winners):
                raise BadAmountError(f"pot {j} leaves {odd} odd chip(s) for its winners {winners}: "
                                     f"seats {chosen} do not fit")
            net[j] = [even + (1 if w in chosen else 0) for w in winners]
        if queue:
            raise BadAmountError(f"{len(queue)} odd chip seat(s) more than the split pots leave: {queue}")
        for award, new in zip(awards, net):
            for seat, old, share in zip(award.winners, award.shares, new):
                self._stacks[seat] += share - int(old)  # awards() are in chips
        self._net = net
        self._odd_given = True
        self._result = None

    def pay_out(self, paid: Sequence[int]) -> None:
        """Pay the pots as the site did (R45): ``paid[seat]`` chips to each seat with a nonzero entry,
        in place of its share of the pots (after any rake); a zero entry keeps the engine's share.

        A site's own allocation of odd chips, or a player who cashed out the hand, is replayed so.

        Raises
        ------
        InvalidActionError
            If ``paid`` is not one integer per seat.
        BadAmountError
            If an amount is negative.
        IllegalActionError
            If the hand is not complete or was paid out already. The hand is unchanged (R33).

        Examples
        --------
        >>> hand = Hand(GameConfig(), [100, 100], button=0, hole_cards=["AsAh", "KsKh"], board="2c3d4h5s9c")
        >>> _ = hand.all_in(), hand.call()
        >>> hand.pay_out([190, 0]); hand.stacks
        [190, 0]
        """
        if self._waiting != _W_DONE:
            raise IllegalActionError(f"the pots are paid out once the hand is finished ({self._where()})")
        if self._paid_out:
            raise IllegalActionError("the pots were paid out already")
        if not isinstance(paid, Sequence) or isinstance(paid, (str, bytes)) or len(paid) != self.n:
            raise InvalidActionError(f"paid must list one amount per seat ({self.n}), got {echo(paid)}")
        chips = [self._chips_arg(c, "paid amount") for c in paid]
        won = [0] * self.n
        for award in self.awards():
            for seat, share in zip(award.winners, award.shares):
                won[seat] += cast(int, share)
        for seat, c in enumerate(chips):
            if c:
                self._stacks[seat] += c - won[seat]
        self._paid_out = True
        self._result = None

    @staticmethod
    def _chips_arg(value: Any, name: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidActionError(f"{name} must be an integer number of chips, got {echo(value)}")
        if value < 0:
            raise BadAmountError(f"{name} must not be negative, got {value}")
        return value

    def _post_forced_bets(self) -> None:
        cfg = self.config
        n = self.n
        button = self.button
        sb, bb = self.small_blind_seat, self.big_blind_seat
        ante_mode = cfg.ante_mode
        if ante_mode is AnteMode.NONE:
            pass
        elif ante_mode is AnteMode.EVERY_PLAYER:
            for seat in self._after[button]:
                self._post(seat, cfg.ante, _K_ANTE)
        elif ante_mode is AnteMode.BIG_BLIND:
            self._post(bb, cfg.ante, _K_ANTE)
        self._post(sb, cfg.small_blind, _K_SB)
        self._post(bb, cfg.big_blind, _K_BB)
        if self._pk:
            # pokerkit: the bet is what was posted; no raise yet this round.
            self._max_bet = max(self._bets)
            self._full = 0
            self._nbets = 0
            return
        # The big blind counts as the opening bet even if posted short (R14, R14a, R26).
        self._max_bet = cfg.big_blind
        self._full = cfg.big_blind
        self._nbets = 1

    def _deal_all_holes(self) -> None:
        hole = self._hole  # drawn by _setup_deck
        append = self._history.append
        for seat in self._after[self.button]:
            append(_new(Event, (0, seat, _K_DEAL, 0, 0, tuple(hole[seat]), False)))
        self._next_hole = self.n

    # ------------------------------------------------------------------ public state

    @property
    def stacks(self) -> list[Any]:
        """Chips behind of each seat (final stacks once the hand is complete)."""
        stacks = self._stacks if self._behind is None else [s + b for s, b in zip(self._stacks, self._behind)]
        if self.scale == 1:
            return stacks[:]
        return [self._out(s) for s in stacks]

    @property
    def bets(self) -> list[int]:
        """Each seat's total bet in the current betting round."""
        return self._bets[:]

    @property
    def contributions(self) -> list[int]:
        """Chips each seat has put in during the hand (antes included)."""
        if self.config.ante_mode is AnteMode.BIG_BLIND:
            return [p + a for p, a in zip(self._put, self._antes)]
        return self._put[:]

    @property
    def folded(self) -> list[bool]:
        """Whether each seat has folded."""
        return self._folded[:]

    @property
    def hole_cards(self) -> list[list[int | None]]:
        """Hole cards dealt so far, per seat (``None`` for an unknown card)."""
        return [h[:] for h in self._hole]

    @property
    def board(self) -> list[int]:
        """Community cards dealt so far (of the run being dealt when the board is run several times)."""
        return self._board[:]

    @property
    def boards(self) -> list[list[int]]:
        """Every board dealt so far, one per run (R41): ``[board]`` unless the board is run several times."""
        return [list(b) for b in self._boards] + [self._board[:]]

    @property
    def runs(self) -> int:
        """The number of times the rest of the board is (or would be) dealt: 1 unless agreed (R41)."""
        return self._runs

    @property
    def history(self) -> list[Event]:
        """Every event so far: posts, deals, burns, actions, returns, shows, wins."""
        return self._history[:]

    @property
    def street(self) -> int:
        """0 preflop, 1 flop, 2 turn, 3 river, 4 showdown."""
        return self._street

    @property
    def phase(self) -> Phase:
        """The street being played, ``SHOWDOWN`` or ``COMPLETE``."""
        if self._waiting == _W_DONE:
            return Phase.COMPLETE
        return Phase(self._street)

    @property
    def awaiting(self) -> str | None:
        """What the hand needs next: ``"action"``, ``"hole"``, ``"board"``, ``"showdown"`` or None."""
        return _AWAIT_NAMES[self._waiting]

    @property
    def actor(self) -> int | None:
        """The seat to act, or ``None`` (dealer's turn, showdown, or complete)."""
        return self._actor

    @property
    def is_complete(self) -> bool:
        """True once the pots have been awarded."""
        return self._waiting == _W_DONE

    @property
    def betting_over(self) -> bool:
        """True once no more betting can happen in this hand (R22)."""
        return self._betting_over

    @property
    def chips(self) -> list[int]:
        """Chips behind of each seat as integers, whatever ``scale`` (``stacks`` in display units)."""
        if self._behind is not None:
            return [s + b for s, b in zip(self._stacks, self._behind)]
        return self._stacks[:]

    @property
    def dead_money(self) -> int:
        """Chips in the pot that belong to no bet: big-blind antes (R16) and dead posts (R43)."""
        return self._dead

    @property
    def run_base(self) -> int | None:
        """The board size when the betting ended with cards to come (R41), else None."""
        return self._run_base

    @property
    def pot_total(self) -> int:
        """Every chip in the middle: pots and the current round's bets."""
        return self._pot

    @property
    def payoffs(self) -> list[Any]:
        """Final minus starting stack of each seat (only once complete)."""
        return list(self.result.payoffs)

    @property
    def shown_values(self) -> dict[int, int]:
        """Hand value (1..7462, higher wins) of every seat that showed down (R37) so far: empty
        until the showdown, then ``result.values`` (which this reads without building the
        whole :attr:`result`).

        >>> hand = Hand(GameConfig(), [100, 100], hole_cards=["AsAh", "KsKh"], board="2c3d4h5s9c")
        >>> _ = hand.all_in(), hand.call()
        >>> hand.shown_values == hand.result.values, sorted(hand.shown_values)
        (True, [0, 1])
        """
        return dict(self._values)

    @property
    def winners(self) -> set[int]:
        """Every seat awarded at least a share of a pot (R36-R38) so far: empty until the pots
        are awarded, then the winners of ``result.pots`` (which this reads without building the
        whole :attr:`result`).

        >>> hand = Hand(GameConfig(), [100, 100], hole_cards=["AsAh", "KsKh"], board="2c3d4h5s9c")
        >>> _ = hand.all_in(), hand.call()
        >>> hand.winners == {w for pot in hand.result.pots for w in pot.winners}, hand.winners
        (True, {0})
        """
        return {w for _amount, _eligible, ws, _shares in self._awards for w in ws}

    def pots(self, *, mucked_in: bool = False) -> list[Pot]:
        """Main pot and side pots as they stand now (R35), bets of this round included.

        With ``mucked_in`` a player who mucked at showdown still counts among those who may win
        a pot (as sites list their pots), so only folded players are left out.
        """
        if mucked_in:
            return layer_pots(self._put, self._folded, self._dead)
        excluded = [f or m for f, m in zip(self._folded, self._mucked)]
        return layer_pots(self._put, excluded, self._dead)

    def _out(self, chips: int) -> Any:
        if self.scale == 1:
            return chips
        return Decimal(chips) / self.scale

    def _where(self) -> str:
        if self._waiting == _W_DONE:
            return "hand complete"
        if self._waiting == _W_ACTION:
            return f"{_STREET_NAMES[self._street]}, seat {self._actor} to act"
        if self._waiting == _W_HOLE:
            return "waiting for hole cards"
        if self._waiting == _W_BOARD:
            return f"{_STREET_NAMES[self._street]}, waiting for the board"
        return "showdown"

    # ------------------------------------------------------------------ betting engine

    def _next_actor(self, after: int) -> int | None:
        """The first seat clockwise after ``after`` that needs to act (R23, R25).

        A seat with chips that has not folded needs to act when it is below the bet, or has
        not acted since the last full raise while another player could respond. When no one
        else could respond (R25), it acts only if another player actually put in more (a short
        big blind the others call in full, R14a, does not count). Under pokerkit's conventions
        it is the next seat still in pokerkit's actor queue.
        """
        folded = self._folded
        stacks = self._stacks
        acted = self._acted
        if self._pk:
            for i in self._after[after]:
                if not acted[i] and not folded[i] and stacks[i] > 0:
                    return i
            return None
        bets = self._bets
        max_bet = self._max_bet
        if self._n_active >= 2:
            for i in self._after[after]:
                if not folded[i] and stacks[i] > 0 and (bets[i] < max_bet or not acted[i]):
                    return i
        else:
            for i in self._after[after]:
                if bets[i] < max_bet and not folded[i] and stacks[i] > 0:
                    own = bets[i]
                    if any(bets[j] > own for j in self._others[i]):
                        return i
        return None

    def _begin_round(self) -> None:
        """Start the betting round of the current street (R23) or move on if none is needed."""
        if self._pk:
            self._begin_round_pokerkit()
            return
        if self._street == 0:
            start = self.big_blind_seat
        else:
            start = self.button
        actor = self._next_actor(start)
        if actor is None:
            self._end_round()
        else:
            self._actor = actor
            self._waiting = _W_ACTION
            self._legal = None

    def _begin_round_pokerkit(self) -> None:
        """pokerkit's start of a round: its actor queue, opener, and the lone-covered-player stop.

        The queue holds every player with chips except one who has already put in as much as
        any other player could (pokerkit's zero "effective stack"). The round is skipped when
        only one player is queued and nobody has bet more than them.
        """
        n = self.n
        bets = self._bets
        stacks = self._stacks
        folded = self._folded
        acted = self._acted
        self._seen = [False] * n
        self._shorts = []
        self._full = 0
        self._nbets = 0
        queued = 0
        for i in range(n):
            if folded[i] or stacks[i] == 0:
                acted[i] = True
                continue
            reach = max(bets[j] + stacks[j] for j in self._others[i] if not folded[j])
            acted[i] = bets[i] >= reach
            queued += not acted[i]
        if self._street == 0:
            # The opener is left of the largest blind (the later seat on a tie), as pokerkit finds it.
            cfg = self.config
            blind = [0] * n
            if cfg.small_blind:
                blind[self.small_blind_seat] = 1
            blind[self.big_blind_seat] = 1
            pos = _DEAL_POS[n][self.button]
            start = max(range(n), key=lambda i: (bets[i] * blind[i], pos[i]))
        else:
            start = self.button
        actor = self._next_actor(start)
        if actor is None or (queued == 1 and bets[actor] >= self._max_bet):
            for i in range(n):
                acted[i] = True
            self._end_round()
        else:
            self._actor = actor
            self._waiting = _W_ACTION
            self._legal = None

    def legal_actions(self) -> LegalActions:
        """What the player to act may do (R24-R29).

        Returns
        -------
        LegalActions
            Seat to act, fold/check flags, the call amount, and the min/max "to" amount of a bet
            or raise. With no player to act, ``seat`` is ``None`` and nothing is allowed.

        Examples
        --------
        >>> hand = Hand(GameConfig(small_blind=1, big_blind=2), [100, 100, 100], seed=1)
        >>> print(hand.legal_actions())
        seat 0 may fold, call 2, raise to 4..100
        """
        legal = self._legal
        if legal is not None:
            return legal  # cached until the next change
        i = self._actor
        if i is None:
            self._legal = _NO_LEGAL
            return _NO_LEGAL
        bets = self._bets
        stacks = self._stacks
        max_bet = self._max_bet
        own = bets[i]
        need = max_bet - own
        stack = stacks[i]
        all_to = stack + own
        check = need <= 0
        # R24: card rooms let a player fold even when checking is free; pokerkit does not.
        fold = not (check and self._pk)
        if stack <= need:
            # Calling takes every chip (R34): no bet or raise.
            legal = _new(LegalActions, (i, fold, check, None if check else stack, None, None, max_bet == 0, all_to))
            self._legal = legal
            return legal
        call = None if check else need
        # A bet or raise needs someone else able to respond to it.
        folded = self._folded
        for j in self._others[i]:
            if stacks[j] + bets[j] > max_bet and not folded[j]:
                break
        else:
            legal = _new(LegalActions, (i, fold, check, call, None, None, max_bet == 0, None))
            self._legal = legal
            return legal
        min_to = max_to = all_in_to = None
        if self._limit:
            cfg = self.config
            inc = cfg.bet_sizes[self._street]
            allowed = True
            cap = cfg.bet_cap
            if (
                cap is not None
                and self._nbets >= cap
                and not (not cfg.cap_heads_up and self._n_live == 2)
                and not (cfg.uncapped_river and self._street == 3)
            ):
                allowed = False
        else:
            min_bet = self._min_bet
            assert min_bet is not None  # GameConfig.__post_init__ defaults it to big_blind
            full = self._full
            inc = full if full > min_bet else min_bet
            allowed = True
        if self._pk:
            # pokerkit: the raise counts every bet and raise of the round (not the blind), and a
            # player who faces less than the largest raise, or who acted before short all-ins
            # that add up to less than it, may not raise.
            full = self._full
            if full > inc:
                inc = full
            if self._limit:
                cap = self.config.bet_cap
                allowed = cap is None or self._nbets < cap
            if need < full or (self._shorts and sum(self._shorts) < full and self._seen[i]):
                allowed = False
        # R29: an incomplete raise does not reopen the betting for a player who acted,
        # unless what they now face is at least a full raise.
        elif allowed and need < inc and self._acted[i]:
            allowed = False
        if allowed:
            lo = max_bet + inc
            if all_to <= lo:
                min_to = max_to = all_in_to = all_to
            else:
                min_to = lo
                if self._limit:
                    max_to = lo
                elif self._pot_limit:
                    pot_to = max_bet + self._pot + need
                    if pot_to < lo:
                        pot_to = lo
                    max_to = pot_to if pot_to < all_to else all_to
                else:
                    max_to = all_to
                if all_to <= max_to:
                    all_in_to = all_to
        legal = _new(LegalActions, (i, fold, check, call, min_to, max_to, max_bet == 0, all_in_to))
        self._legal = legal
        return legal


    # ------------------------------------------------------------------ validation

    def _illegal(self, cls: type[IllegalActionError], reason: str) -> IllegalActionError:
        return cls(f"{reason} ({self._where()})", self.legal_actions())

    def verify(self, action: Any, seat: int | None = None) -> None:
        """Raise if ``action`` is not legal now; never changes the hand (R33).

        Parameters
        ----------
        action:
            A player action (``Fold``, ``Check``, ``Call``, ``Bet``, ``RaiseTo``, ``AllIn``) or,
            with manual dealing, a dealer action (``DealHole``, ``DealBoard``, ``Show``, ``Muck``).
        seat:
            Optional: the seat meant to act; a different actor raises ``OutOfTurnError``.

        Raises
        ------
        OutOfTurnError
            Nobody or somebody else is to act.
        BadAmountError
            A bet or raise amount outside the legal range.
        IllegalActionError
            Any other rule violation (check facing a bet, raise not allowed, ...).
        InvalidActionError
            Not an action at all.

        Examples
        --------
        >>> hand = Hand(GameConfig(small_blind=1, big_blind=2), [100, 100, 100], seed=1)
        >>> hand.verify(RaiseTo(3))
        Traceback (most recent call last):
        ...
        fastholdem.errors.BadAmountError: seat 0 cannot raise to 3: the minimum is 4 (maximum 100) (preflop, seat 0 to act); legal: seat 0 may fold, call 2, raise to 4..100
        """
        self._check(action, seat)

    def can_apply(self, action: Any, seat: int | None = None) -> bool:
        """True if ``action`` is legal now (same code path as ``verify``).

        >>> Hand(GameConfig(), [100, 100], seed=1).can_apply(Check())
        False
        """
        try:
            self._check(action, seat)
        except (IllegalActionError, InvalidActionError):
            return False
        return True

    def _check(self, action: Any, seat: int | None) -> Any:
        """Validate; return the resolved player action (AllIn resolved) or the dealer action."""
        cls = type(action)
        if cls is RunIt:
            self._check_run_it(action)
            return action
        if cls in _DEALER_ACTIONS:
            self._check_dealer(action)
            return action
        if cls not in _PLAYER_ACTIONS:
            raise InvalidActionError(not_an_action(action))
        i = self._actor
        if i is None:
            raise OutOfTurnError(f"no player is to act ({self._where()})", self.legal_actions())
        if seat is not None and seat != i:
            raise self._illegal(OutOfTurnError, f"seat {seat} cannot act: it is seat {i}'s turn")
        _, fold, check, call, lo, hi, bet, _all_in = self.legal_actions()
        if cls is Fold:
            if not fold:
                raise self._illegal(
                    IllegalActionError, f"seat {i} cannot fold: nothing to call, check instead (pokerkit conventions, R24)"
                )
            return action
        if cls is Check:
            if not check:
                raise self._illegal(
                    IllegalActionError, f"seat {i} cannot check: {call} to call"
                )
            return action
        if cls is Call:
            if call is None:
                raise self._illegal(IllegalActionError, f"seat {i} cannot call: nothing to call, check instead")
            return action
        if cls is AllIn:
            stack = self._stacks[i]
            need = self._max_bet - self._bets[i]
            if stack <= need:
                return Call()
            to = stack + self._bets[i]
            if lo is None or hi is None or to > hi:  # lo and hi are None together
                why = "raising is not allowed" if lo is None else f"the maximum is {hi}"
                raise self._illegal(IllegalActionError, f"seat {i} cannot go all-in to {to}: {why}")
            return Bet(to) if bet else RaiseTo(to)
        # Bet or RaiseTo
        amount = action.amount
        word = "bet" if cls is Bet else "raise to"
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise InvalidActionError(f"{word} amount must be an integer number of chips, got {echo(amount)}")
        if lo is None:
            raise self._illegal(IllegalActionError, f"seat {i} cannot {'bet' if cls is Bet else 'raise'}: {self._why_no_raise(i)}")
        assert hi is not None  # max_to is set together with min_to
        if (cls is Bet) != bet:
            if bet:
                raise self._illegal(IllegalActionError, f"seat {i} cannot raise: nobody has bet this round, use Bet")
            raise self._illegal(IllegalActionError, f"seat {i} cannot bet: there is a bet of {self._max_bet}, use RaiseTo")
        if amount < lo or amount > hi:
            bound = f"the minimum is {lo}" if amount < lo else f"the maximum is {hi}"
            rng = f"(maximum {hi})" if amount < lo else f"(minimum {lo})"
            raise self._illegal(BadAmountError, f"seat {i} cannot {word} {amount}: {bound} {rng}")
        return action

    def _why_no_raise(self, i: int) -> str:
        need = self._max_bet - self._bets[i]
        if self._stacks[i] <= need:
            return "not enough chips to raise"
        if not any(
            j != i and not self._folded[j] and self._stacks[j] + self._bets[j] > self._max_bet
            for j in range(self.n)
        ):
            return "no other player can call a raise"
        if self._pk:
            if self._limit and self.config.bet_cap is not None and self._nbets >= self.config.bet_cap:
                return f"the cap of {self.config.bet_cap} bets and raises this round is reached (pokerkit conventions)"
            return "a short all-in does not reopen the betting (pokerkit conventions)"
        if self._acted[i]:
            return "an incomplete raise does not reopen the betting (R29)"
        return f"the cap of {self.config.bet_cap} bets this round is reached (R26)"

    def _check_dealer(self, action: Any) -> None:
        if not self._manual:
            raise IllegalActionError(
                f"{type(action).__name__} needs manual dealing: this hand deals itself ({self._where()})"
            )
        cls = type(action)
        if cls is DealHole:
            self._check_hole(action.seat, action.cards)
        elif cls is DealBoard:
            if self._waiting != _W_BOARD:
                raise OutOfTurnError(f"no board cards are due ({self._where()})")
            size = _BOARD_SIZES[len(self._board) and (len(self._board) - 2)]
            if len(action.cards) != size:
                raise InvalidActionError(
                    f"the {_STREET_NAMES[self._street]} is {size} card(s), got {len(action.cards)}"
                )
            self._check_new_cards(list(action.cards))
        else:
            seat = action.seat
            if not self._betting_over or self._waiting == _W_DONE:
                raise OutOfTurnError(f"seat {seat} cannot show or muck: betting is not over ({self._where()})")
            if not (0 <= seat < self.n) or self._folded[seat]:
                raise IllegalActionError(f"seat {seat} is not in the hand")
            if self._shown[seat] or self._mucked[seat]:
                raise IllegalActionError(f"seat {seat} has already shown or mucked")
            if cls is Show:
                known = self._hole[seat]
                if action.cards:
                    if len(action.cards) != 2:
                        raise InvalidActionError(f"show two hole cards, got {len(action.cards)}")
                    for k, c in enumerate(action.cards):
                        if known[k] is not None and known[k] != c:
                            raise IllegalActionError(
                                f"seat {seat} shows {card_str(c)} but holds {card_str(known[k])}"
                            )
                    self._check_new_cards([c for k, c in enumerate(action.cards) if known[k] is None])
                elif None in known:
                    raise IllegalActionError(f"seat {seat}'s hole cards are unknown: Show needs the cards")
            else:
                # A muck may not leave a pot without a claimant.
                excluded = [f or m or j == seat for j, (f, m) in enumerate(zip(self._folded, self._mucked))]
                if all(excluded):
                    raise IllegalActionError(f"seat {seat} is the last player in the hand and wins without showing")
                for pot in layer_pots(self._put, [f or m for f, m in zip(self._folded, self._mucked)], self._dead):
                    if all(excluded[j] for j in pot.eligible):
                        raise IllegalActionError(
                            f"seat {seat} cannot muck: a pot of {pot.amount} would have no claimant"
                        )

    def _check_hole(self, seat: Any, cards: Any) -> None:
        """Raise unless ``cards`` may be dealt to ``seat`` now (R3, R19); the caller checked manual dealing."""
        if self._waiting != _W_HOLE:
            raise OutOfTurnError(f"no hole cards are being dealt ({self._where()})")
        expected = (self.button + 1 + self._next_hole) % self.n
        if seat != expected:
            raise OutOfTurnError(
                f"hole cards go to seat {expected} next (R19), not seat {seat}"
            )
        if len(cards) != 2:
            raise InvalidActionError(f"a player gets exactly two hole cards (R3), got {len(cards)}")
        a, b = cards
        used = self._used
        if (a is None or (type(a) is int and 0 <= a <= 51 and not used >> a & 1)) and (
                b is None or (type(b) is int and 0 <= b <= 51 and not used >> b & 1 and b != a)):
            return  # the common case: two unknown or new cards (the check below, without a list)
        self._check_new_cards([c for c in cards if c is not None])

    def _check_run_it(self, action: RunIt) -> None:
        times = action.times
        if isinstance(times, bool) or not isinstance(times, int):
            raise InvalidActionError(f"RunIt times must be an integer, got {echo(times)}")
        if not 1 <= times <= MAX_RUNS:
            raise IllegalActionError(f"the board can be run 1 to {MAX_RUNS} times (R41), not {times}")
        if self._waiting == _W_DONE:
            raise IllegalActionError("the hand is complete: too late to run it again (R41)")
        if self._betting_over:
            if self._run_base is None:
                raise IllegalActionError("no cards are left to come with two or more players in (R41)")
            if self._boards or len(self._board) != self._run_base:
                raise IllegalActionError("the run-out has started: the number of runs is fixed (R41)")

    def _check_new_cards(self, cards: list[int]) -> None:
        used = self._used
        for c in cards:
            if type(c) is not int or not 0 <= c <= 51:
                raise InvalidActionError(f"bad card id {echo(c)}")
            bit = 1 << c
            if used & bit:
                raise IllegalActionError(f"card {card_str(c)} is already dealt")
            used |= bit

    def _mark_used(self, cards: Any) -> None:
        used = self._used
        for c in cards:
            if c is not None:
                used |= 1 << c
        self._used = used

    # ------------------------------------------------------------------ mutation

    def apply(self, action: Any, seat: int | None = None) -> Event:
        """Apply ``action`` after validating it; return the history event it produced.

        The hand is unchanged when the action is illegal (R33). Dealer steps that follow
        (next street, run-out, showdown, awarding the pots) run automatically.

        Parameters
        ----------
        action:
            See :meth:`verify`.
        seat:
            Optional: the seat meant to act (checked, then ignored).

        Returns
        -------
        Event
            The history entry of the action.

        Raises
        ------
        IllegalActionError
            (or a subclass) if the action is not legal now; see :meth:`verify`.

        Examples
        --------
        >>> hand = Hand(GameConfig(small_blind=1, big_blind=2), [100, 100, 100], seed=1)
        >>> hand.apply(RaiseTo(6))
        Event(street=0, seat=0, kind='raise', amount=6, to=6, cards=(), all_in=False)
        """
        resolved = self._check(action, seat)
        cls = type(resolved)
        if cls is RaiseTo or cls is Bet:
            return self._do_raise(resolved.amount)
        if cls is Fold:
            return self._do_fold()
        if cls is Check:
            return self._do_check()
        if cls is Call:
            return self._do_call()
        if cls is DealHole:
            return self._deal_hole(resolved.seat, tuple(resolved.cards))
        if cls is DealBoard:
            return self._do_deal_board(tuple(resolved.cards))
        if cls is RunIt:
            return self._do_run_it(resolved.times)
        if cls is Show:
            return self._do_show(resolved.seat, resolved.cards)
        return self._do_muck(resolved.seat)

    # Sugar -----------------------------------------------------------------

    # The sugar below decides legality from the state directly when the seat to act is the one
    # meant (what legal_actions would say: a fold is legal unless pokerkit's conventions forbid
    # folding when checking is free, a check when nothing is to call, a call when something
    # is); anything else goes through _check, which raises with the full message.

    def fold(self, seat: int | None = None) -> Event:
        """Fold (R24). See :meth:`apply`."""
        i = self._actor
        if i is None or (seat is not None and seat != i) or (self._pk and self._bets[i] >= self._max_bet):
            self._check(_FOLD, seat)
        return self._do_fold()

    def check(self, seat: int | None = None) -> Event:
        """Check (R24). See :meth:`apply`."""
        i = self._actor
        if i is None or (seat is not None and seat != i) or self._bets[i] < self._max_bet:
            self._check(_CHECK, seat)
        return self._do_check()

    def call(self, seat: int | None = None) -> Event:
        """Call, all-in for less if the stack is short (R24, R34). See :meth:`apply`."""
        i = self._actor
        if i is None or (seat is not None and seat != i) or self._bets[i] >= self._max_bet:
            self._check(_CALL, seat)
        return self._do_call()

    def check_or_call(self, seat: int | None = None) -> Event:
        """Check if there is nothing to call, else call (PHH ``cc``)."""
        i = self._actor
        if i is None or (seat is not None and seat != i):
            return self.check(seat)  # raises: nobody or somebody else is to act
        if self._bets[i] >= self._max_bet:
            return self._do_check()
        return self._do_call()

    def bet(self, amount: int, seat: int | None = None) -> Event:
        """Bet ``amount`` (the first chips of a round). See :meth:`apply`."""
        return self.apply(Bet(amount), seat)

    def raise_to(self, amount: int, seat: int | None = None) -> Event:
        """Raise so that the total bet this round is ``amount``. See :meth:`apply`."""
        return self.apply(RaiseTo(amount), seat)

    def bet_or_raise_to(self, amount: int, seat: int | None = None) -> Event:
        """Bet or raise to ``amount``, whichever applies (PHH ``cbr``)."""
        if self._actor is not None and self._max_bet == 0:
            return self.apply(Bet(amount), seat)
        return self.apply(RaiseTo(amount), seat)

    def deal_hole(self, seat: int, cards: Sequence[int | None]) -> Event:
        """Dealer: give ``seat`` its two hole cards, ``None`` for an unknown card (PHH ``d dh``).

        The same as ``apply(DealHole(seat, tuple(cards)))``; manual dealing only.

        >>> hand = Hand(GameConfig(), [100, 100], manual=True)
        >>> _ = hand.deal_hole(1, (51, 47)); _ = hand.deal_hole(0, (None, None))
        >>> hand.hole_cards
        [[None, None], [51, 47]]
        """
        cards = tuple(cards)
        if not self._manual:
            raise IllegalActionError(f"DealHole needs manual dealing: this hand deals itself ({self._where()})")
        self._check_hole(seat, cards)
        return self._deal_hole(seat, cards)

    def run_it(self, times: int) -> Event:
        """Agree to deal the rest of the board ``times`` times (R41). See :class:`RunIt`.

        Legal any time before the first card of the run-out; it takes effect only when betting
        ends with two or more players in and cards to come. Each pot is then split per board.

        >>> hand = Hand(GameConfig(), [100, 100], hole_cards=["AsAh", "KsKh"], seed=5)
        >>> _ = hand.run_it(2); _ = hand.all_in(); _ = hand.call()
        >>> len(hand.result.boards), sum(hand.stacks)
        (2, 200)
        """
        return self.apply(RunIt(times))

    def all_in(self, seat: int | None = None) -> Event:
        """Put every chip in: a call, bet or raise (R34). See :meth:`apply`."""
        return self.apply(_ALLIN, seat)

    # Player actions ----------------------------------------------------------

    def _fold_out(self, seat: int) -> Event:
        """Take ``seat`` out of the hand (a fold, R24, or an all-in player's concession, R48)."""
        self._folded[seat] = True
        self._n_live -= 1
        ev = _new(Event, (self._street, seat, _K_FOLD, 0, 0, (), False))
        self._history.append(ev)
        self._legal = None
        return ev

    def _last_one_wins(self) -> bool:
        """When one player is left, end the hand: they win everything (R36)."""
        if self._n_live != 1:
            return False
        self._actor = None
        self._return_round_uncalled()
        self._award()
        return True

    def _do_fold(self) -> Event:
        i = self._actor
        assert i is not None
        self._acted[i] = True
        self._seen[i] = True
        if self._stacks[i] > 0:
            self._n_active -= 1
        ev = self._fold_out(i)
        if not self._last_one_wins():
            self._advance(i)
        return ev

    def _do_check(self) -> Event:
        i = self._actor
        assert i is not None
        self._acted[i] = True
        self._seen[i] = True
        ev = _new(Event, (self._street, i, _K_CHECK, 0, self._bets[i], (), False))
        self._history.append(ev)
        self._advance(i)
        return ev

    def _do_call(self) -> Event:
        i = self._actor
        assert i is not None
        stacks = self._stacks
        bets = self._bets
        stack = stacks[i]
        to = self._max_bet
        need = to - bets[i]
        if need < stack:
            amount = need
            all_in = False
        else:  # all-in, for less or exactly (R34)
            amount = stack
            to = bets[i] + stack
            all_in = True
            self._n_active -= 1
        stacks[i] = stack - amount
        bets[i] = to
        self._put[i] += amount
        self._pot += amount
        self._acted[i] = True
        self._seen[i] = True
        ev = _new(Event, (self._street, i, _K_CALL, amount, to, (), all_in))
        self._history.append(ev)
        self._advance(i)
        return ev

    def _do_raise(self, to: int) -> Event:
        i = self._actor
        assert i is not None
        bets = self._bets
        max_bet = self._max_bet
        delta = to - bets[i]
        increment = to - max_bet
        opening = max_bet == 0
        stack = self._stacks[i] - delta
        self._stacks[i] = stack
        bets[i] = to
        self._put[i] += delta
        self._pot += delta
        if self._pk:
            return self._raise_pokerkit(i, to, delta, increment, opening, stack)
        if self._limit:
            cfg = self.config
            size = cfg.bet_sizes[self._street]
            full = increment >= size or (cfg.half_bet_reopens and 2 * increment >= size)
        else:
            min_bet = self._min_bet
            assert min_bet is not None  # GameConfig.__post_init__ defaults it to big_blind
            size = self._full if self._full > min_bet else min_bet
            full = increment >= size
            if full:
                self._full = increment
        acted = self._acted
        if full or opening:
            acted[:] = [False] * self.n
            if full:
                self._nbets += 1
        acted[i] = True
        self._max_bet = to
        all_in = stack == 0
        if all_in:
            self._n_active -= 1
        ev = _new(Event, (self._street, i, _K_BET if opening else _K_RAISE, delta, to, (), all_in))
        self._history.append(ev)
        self._advance(i)
        return ev

    def _raise_pokerkit(self, i: int, to: int, delta: int, increment: int, opening: bool, stack: int) -> Event:
        """The rest of a bet or raise under pokerkit's conventions (see ``_begin_round_pokerkit``)."""
        folded = self._folded
        stacks = self._stacks
        # Everyone else with chips is queued again, in order after the raiser.
        self._acted = [folded[j] or stacks[j] == 0 for j in range(self.n)]
        self._acted[i] = True
        if increment >= self._full:
            self._seen = [False] * self.n
            self._full = increment
        self._seen[i] = True
        self._nbets += 1
        shorts = self._shorts
        if stack:
            shorts.clear()
        else:
            shorts.append(increment)
            self._n_active -= 1
        if shorts and sum(shorts) >= self._full:
            shorts.clear()
        self._max_bet = to
        ev = _new(Event, (self._street, i, _K_BET if opening else _K_RAISE, delta, to, (), stack == 0))
        self._history.append(ev)
        self._advance(i)
        return ev

    def _advance(self, i: int) -> None:
        """Pass the turn to the next seat after ``i`` that needs to act, or end the round."""
        self._legal = None
        nxt = self._next_actor(i)
        if nxt is not None:
            self._actor = nxt
            return
        self._actor = None
        self._end_round()

    def _return_round_uncalled(self) -> None:
        bets = self._bets
        ret = uncalled(bets)
        if ret is not None:
            seat, amount = ret
            self._give_back(seat, amount)
            bets[seat] -= amount

    def _give_back(self, seat: int, amount: int) -> None:
        was_all_in = self._stacks[seat] == 0
        self._stacks[seat] += amount
        self._put[seat] -= amount
        self._pot -= amount
        if was_all_in and not self._folded[seat]:
            self._n_active += 1
        self._uncalled.append((seat, amount))
        self._history.append(_new(Event, (self._street, seat, _K_RETURN, amount, 0, (), False)))

    def _end_round(self) -> None:
        """Close the betting round: return uncalled chips (R30), then next street or showdown."""
        self._return_round_uncalled()
        self._bets[:] = [0] * self.n
        self._actor = None
        self._legal = None
        if self._n_active <= 1 or self._street >= 3:
            self._betting_over = True
            if self._street < 3 and self._n_live >= 2:
                self._run_base = len(self._board)  # R41: cards to come; the run-out starts here
        self._next_street()

    def _next_street(self) -> None:
        if self._street >= 3:
            base = self._run_base
            if base is None or len(self._boards) + 1 >= self._runs:
                self._street = 4
                self._start_showdown()
                return
            # R41: this run's board is complete; deal the next run from the common cards.
            self._boards.append(tuple(self._board))
            del self._board[base:]
            self._street = _STREET_OF_BOARD[base]
        self._street += 1
        self._max_bet = 0
        self._full = 0
        self._nbets = 0
        self._acted[:] = [False] * self.n
        if self._manual:
            self._waiting = _W_BOARD
            return
        self._deal_board_auto()

    def _deal_board_auto(self) -> None:
        street = self._street
        size = _BOARD_SIZES[street - 1]
        fixed = self._fixed_board if not self._boards else []  # fixed cards are the first run's
        # Burn before the flop, the turn and the river (R20), then the street's cards.
        if fixed:
            burn = self._draw()
            drawn: list[int] = []
            for _ in range(size):
                k = len(self._board) + len(drawn)
                drawn.append(fixed[k] if k < len(fixed) else self._draw())
            cards = tuple(drawn)
        else:
            drawn = self._draw_many(size + 1)
            burn = drawn[0]
            cards = tuple(drawn[1:])
        self._history.append(_new(Event, (street, None, _K_BURN, 0, 0, (burn,), False)))
        self._enter_street(cards)

    def _enter_street(self, cards: tuple[int, ...]) -> Event:
        self._board.extend(cards)
        ev = _new(Event, (self._street, None, _K_BOARD, 0, 0, cards, False))
        self._history.append(ev)
        if self._betting_over:
            self._next_street()
        else:
            self._begin_round()
        return ev

    # Dealer actions (manual) -------------------------------------------------

    def _deal_hole(self, seat: int, cards: tuple[int | None, ...]) -> Event:
        self._hole[seat] = list(cards)
        self._mark_used(cards)
        ev = _new(Event, (0, seat, _K_DEAL, 0, 0, cards, False))
        self._history.append(ev)
        self._next_hole += 1
        if self._next_hole == self.n:
            self._begin_round()
            if self._straddler is not None:  # preflop action starts left of the straddle (R42)
                self._actor = self._next_actor(self._straddler)
                self._legal = None
        return ev

    def _do_deal_board(self, cards: tuple[int, ...]) -> Event:
        self._mark_used(cards)
        return self._enter_street(cards)

    def _do_run_it(self, times: int) -> Event:
        self._runs = times
        ev = _new(Event, (self._street, None, _K_RUNS, times, 0, (), False))
        self._history.append(ev)
        return ev

    def _do_show(self, seat: int, cards: tuple[int, ...] | None) -> Event:
        if cards:
            self._hole[seat] = list(cards)
            self._mark_used(cards)
        self._shown[seat] = True
        ev = Event(self._street, seat, _K_SHOW, 0, 0, tuple(self._hole[seat]))
        self._history.append(ev)
        if self._waiting == _W_SHOWDOWN:
            self._maybe_finish_showdown()
        return ev

    def _do_muck(self, seat: int) -> Event:
        self._mucked[seat] = True
        ev = Event(self._street, seat, _K_MUCK)
        self._history.append(ev)
        if self._waiting == _W_SHOWDOWN:
            self._maybe_finish_showdown()
        return ev

    # Showdown -----------------------------------------------------------------

    def _contenders(self) -> list[int]:
        return [i for i in range(self.n) if not self._folded[i] and not self._mucked[i]]

    def _start_showdown(self) -> None:
        self._waiting = _W_SHOWDOWN
        if self._manual:
            self._maybe_finish_showdown()
            return
        folded = self._folded
        mucked = self._mucked
        shown = self._shown
        hole = self._hole
        append = self._history.append
        for i in self._after[self.button]:  # seat order from the left of the button
            if not folded[i] and not mucked[i]:
                shown[i] = True
                append(_new(Event, (4, i, _K_SHOW, 0, 0, tuple(hole[i]), False)))
        self._award()

    def _maybe_finish_showdown(self) -> None:
        live = self._contenders()
        if len(live) == 1 or all(self._shown[i] for i in live):
            self._award()

    def finish(self) -> None:
        """Complete a manually dealt showdown: every contender who has not shown or mucked shows.

        Raises
        ------
        IllegalActionError
            If the hand is not at showdown or a contender's cards are unknown.
        """
        if self._waiting != _W_SHOWDOWN:
            raise IllegalActionError(f"cannot finish the hand now ({self._where()})")
        todo = [i for i in self._contenders() if not self._shown[i]]
        if len(self._contenders()) > 1:
            for i in todo:
                if None in self._hole[i]:
                    raise IllegalActionError(f"seat {i}'s hole cards are unknown and never shown")
            for i in seat_order(todo, self.button, self.n):
                self._shown[i] = True
                self._history.append(Event(4, i, _K_SHOW, 0, 0, tuple(self._hole[i])))
        self._award()

    def _award(self) -> None:
        """Return uncalled chips, layer the pots and award them (R30, R35-R38)."""
        n = self.n
        ret = uncalled(self._put)
        if ret is not None:
            self._give_back(*ret)
        folded = self._folded
        mucked = self._mucked
        street = self._street
        history = self._history
        stacks = self._stacks
        awards = self._awards
        if self._n_live == 1:
            # R36: the last player wins everything without showing.
            winner = folded.index(False)
            amount = self._pot
            stacks[winner] += amount
            history.append(_new(Event, (street, winner, _K_WIN, amount, 0, (), False)))
            awards.append((amount, (winner,), [winner], [amount]))
            self._award_boards.append(0)
        else:
            excluded = [False] * n
            live = []
            for i in range(n):
                if folded[i] or mucked[i]:
                    excluded[i] = True
                else:
                    live.append(i)
            pots = layer_pots(self._put, excluded, self._dead)
            boards = [*self._boards, tuple(self._board)]
            values = self._values
            per_board = [values]
            if len(live) > 1:
                # Every live seat's hole cards are known here: automatic hands deal them, and
                # manual showdowns only award once each contender has shown (Show/finish check).
                hole = cast("list[list[int]]", self._hole)
                per_board = [{i: evaluate(hole[i] + list(board)) for i in live} for board in boards]
                values.update(per_board[0])
                if self._pk:
                    # pokerkit mucks every hand that wins no pot on any board, then layers the pots
                    # again among the hands left (so layers with the same winners form one pot).
                    keep = {i for vals in per_board for _, eligible in pots for i in _best(eligible, vals)}
                    if len(keep) < len(live):
                        excluded = [i not in keep for i in range(n)]
                        pots = layer_pots(self._put, excluded, self._dead)
            self._board_values = per_board
            button = self.button
            conventions = self.config.conventions
            for pot_amount, eligible in pots:
                # R41: a pot is split into one part per board, each part decided on its board.
                parts = [pot_amount] if len(boards) == 1 else split_runs(pot_amount, len(boards), conventions)
                for b, amount in enumerate(parts):
                    if len(eligible) == 1:
                        winners = [eligible[0]]
                        shares = [amount]
                    else:
                        winners = _best(eligible, per_board[b])
                        if len(winners) == 1:
                            shares = [amount]
                        else:
                            winners = seat_order(winners, button, n)
                            if self._pk:
                                # pokerkit: the whole remainder to the first winner left of the button.
                                share, odd = divmod(amount, len(winners))
                                shares = [share] * len(winners)
                                shares[0] += odd
                            else:
                                shares = split_amount(amount, winners, button, n)
                    for seat, share in zip(winners, shares):
                        stacks[seat] += share
                        history.append(_new(Event, (street, seat, _K_WIN, share, 0, (), False)))
                    awards.append((amount, eligible, winners, shares))
                    self._award_boards.append(b)
        self._pot = 0
        self._actor = None
        self._legal = None
        self._waiting = _W_DONE

    @property
    def result(self) -> HandResult:
        """The result of the finished hand: pots with winners and shares, payoffs, stacks.

        Raises
        ------
        IllegalActionError
            If the hand is not complete yet.
        """
        if self._result is None:
            if self._waiting != _W_DONE:
                raise IllegalActionError(f"the hand is not complete ({self._where()})")
            out = self._out
            start = self.starting_stacks
            final = self.chips
            self._result = HandResult(
                pots=tuple(
                    PotResult(out(a), tuple(e), tuple(w), tuple(out(x) for x in sh), b)
                    for (a, e, w, sh), b in zip(self._awards, self._award_boards)
                ),
                payoffs=tuple(out(final[i] - start[i]) for i in range(self.n)),
                stacks=tuple(out(x) for x in final),
                uncalled=tuple((seat, out(a)) for seat, a in self._uncalled),
                values=dict(self._values),
                showdown=bool(self._values),
                boards=tuple(tuple(b) for b in self.boards),
                board_values=tuple(dict(v) for v in self._board_values) or (dict(self._values),),
            )
        return self._result

    # ------------------------------------------------------------------ misc

    def copy(self) -> Hand:
        """An independent copy of the hand: it shares no mutable state with this one.

        Containers are copied all the way down and the shuffle's random generator is
        cloned, so dealing or acting on either hand never changes what the other deals:
        both continue the same deck from here. Only immutable values (the config, events,
        actions, results) are shared.

        >>> from fastholdem.game import GameConfig
        >>> hand = Hand(GameConfig(), [100, 100], seed=3)
        >>> twin = hand.copy()
        >>> _ = twin.call(), twin.check()
        >>> _ = hand.call(), hand.check()
        >>> hand.board == twin.board
        True
        """
        new = Hand.__new__(Hand)
        memo: dict[int, Any] = {id(self.config): self.config}
        for name in Hand.__slots__:
            if not hasattr(self, name):
                continue
            value = getattr(self, name)
            if name == "_rand" and value is not None and value is not _TOP_OF_DECK.random:
                rng = random.Random()
                rng.setstate(value.__self__.getstate())
                value = rng.random
            elif name != "_rand":
                value = copy.deepcopy(value, memo)
            setattr(new, name, value)
        return new

    def __repr__(self) -> str:
        return f"<Hand {self.n} seats, {self._where()}, stacks={self.stacks}>"

    def __str__(self) -> str:
        return describe(self)


def _best(eligible: Sequence[int], values: dict[int, int]) -> list[int]:
    """The seats among ``eligible`` with the highest hand value (R37)."""
    best = -1
    winners: list[int] = []
    for i in eligible:
        v = values[i]
        if v > best:
            best = v
            winners = [i]
        elif v == best:
            winners.append(i)
    return winners


class _TopOfDeck(random.Random):
    """A generator whose every draw is 0.0: the lazy shuffle then deals the deck in order."""

    def random(self) -> float:
        return 0.0


_TOP_OF_DECK = _TopOfDeck(0)
_FOLD = Fold()
_CHECK = Check()
_CALL = Call()
_ALLIN = AllIn()
_PLAYER_ACTIONS = frozenset((Fold, Check, Call, Bet, RaiseTo, AllIn))
_VALID_ACTIONS = "Fold(), Check(), Call(), Bet(amount), RaiseTo(amount) or AllIn() (from fastholdem.game)"
_ACTION_WORDS = {"fold": "Fold()", "f": "Fold()", "check": "Check()", "x": "Check()", "call": "Call()",
                 "c": "Call()", "bet": "Bet(amount)", "b": "Bet(amount)", "raise": "RaiseTo(amount)",
                 "r": "RaiseTo(amount)", "allin": "AllIn()", "all-in": "AllIn()", "all_in": "AllIn()",
                 "all in": "AllIn()"}


def not_an_action(value: object, source: str = "not an action") -> str:
    """The message for ``value`` where a player action was expected (``source`` says who gave
    it): what a valid one is, and the action a word such as ``"call"`` stands for.

    >>> print(not_an_action("call"))
    not an action: 'call'; a player action is Fold(), Check(), Call(), ... (from fastholdem.game): for 'call' use Call()
    >>> print(not_an_action(Fold))
    not an action: <class '...Fold'>; ...: Fold is the class, an action is an instance such as Fold()
    """
    message = f"{source}: {echo(value)}; a player action is {_VALID_ACTIONS}"
    if isinstance(value, str) and value.strip().lower() in _ACTION_WORDS:
        message += f": for {echo(value)} use {_ACTION_WORDS[value.strip().lower()]}"
    elif isinstance(value, type) and value in _PLAYER_ACTIONS:
        message += f": {value.__name__} is the class, an action is an instance such as {value.__name__}()"
    return message
_DEALER_ACTIONS = frozenset((DealHole, DealBoard, Show, Muck))
