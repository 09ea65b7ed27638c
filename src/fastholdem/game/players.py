"""Players as policies: the agent protocol, built-in agents and a fast driver.

An agent sees a :class:`View` of the hand from its seat (its own hole cards, the public state
and ``legal_actions()``) and returns an action. An agent may also queue pre-actions (R31) while
others act, through an optional ``pre_action(view)`` method (see :class:`PreActingPlayer`).
Built-ins: :class:`RandomPlayer`, :class:`CallingStation` and :class:`TightPlayer` (equity
based). :func:`play_hands` plays many hands at a :class:`~fastholdem.game.Table`.

>>> from fastholdem.game import GameConfig, Table
>>> table = Table(GameConfig(small_blind=1, big_blind=2), [200] * 3, seed=3, auto_rebuy=True)
>>> bots = [RandomPlayer(seed=k) for k in range(3)]
>>> play_hands(table, bots, 50)
50
>>> table.hands_played, table.total_chips == sum(p.bought_in for p in table.players)
(50, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, Union, runtime_checkable

import numpy as np

from .._validate import echo
from ..equities import hand_strength
from ..errors import ConfigError, InputTypeError, InvalidActionError
from .actions import AllIn, Bet, Call, Check, Event, Fold, LegalActions, RaiseTo
from .config import GameConfig
from .hand import Hand, Phase, not_an_action
from .sizing import PreAction, PreActions, bet_pot_fraction, preset

if TYPE_CHECKING:
    from .table import Table

__all__ = [
    "View",
    "Player",
    "PreActingPlayer",
    "RandomPlayer",
    "CallingStation",
    "TightPlayer",
    "FunctionAgent",
    "as_agent",
    "drive",
    "play_hand",
    "play_hands",
]

PlayerMove = Union[Fold, Check, Call, Bet, RaiseTo]


class View:
    """A hand as one seat sees it: own cards, public state, legal actions.

    Attributes
    ----------
    seat:
        The agent's seat in the hand (0 .. n-1, clockwise; see ``table_seat``).
    table_seat:
        The agent's seat at the table (equal to ``seat`` for a bare hand).

    Examples
    --------
    >>> hand = Hand(GameConfig(), [100, 100], button=0, hole_cards=["AsAh", "KsKh"])
    >>> view = View(hand, 0)
    >>> view.hole_cards, view.to_call, view.pot
    ((51, 50), 1, 3)
    """

    __slots__ = ("_hand", "seat", "table_seat")

    def __init__(self, hand: Hand, seat: int, table_seat: int | None = None) -> None:
        self._hand = hand
        self.seat = seat
        self.table_seat = seat if table_seat is None else table_seat

    @property
    def hole_cards(self) -> tuple[int, ...]:
        """The agent's own two hole cards."""
        return tuple(self._hand._hole[self.seat])  # type: ignore[arg-type]

    @property
    def board(self) -> list[int]:
        """Community cards so far."""
        return self._hand._board[:]

    @property
    def config(self) -> GameConfig:
        """The game's rules and stakes."""
        return self._hand.config

    @property
    def n(self) -> int:
        """Players dealt in."""
        return self._hand.n

    @property
    def button(self) -> int:
        """The button's seat in the hand."""
        return self._hand.button

    @property
    def street(self) -> int:
        """0 preflop, 1 flop, 2 turn, 3 river."""
        return self._hand._street

    @property
    def phase(self) -> Phase:
        """The hand's phase."""
        return self._hand.phase

    @property
    def stacks(self) -> list[int]:
        """Chips behind of every seat."""
        return self._hand._stacks[:]

    @property
    def bets(self) -> list[int]:
        """Every seat's bet in this round."""
        return self._hand._bets[:]

    @property
    def folded(self) -> list[bool]:
        """Whether each seat has folded."""
        return self._hand._folded[:]

    @property
    def pot(self) -> int:
        """Every chip in the middle, this round's bets included."""
        return self._hand._pot

    @property
    def current_bet(self) -> int:
        """The highest bet of the round (preflop at least the big blind)."""
        return self._hand._max_bet

    @property
    def to_call(self) -> int:
        """Chips this seat needs to call the current bet, at most its stack (0: it may check).

        Also right for a seat that is not to act (what a ``call`` pre-action would match, R31).
        """
        hand = self._hand
        need = hand._max_bet - hand._bets[self.seat]
        stack = hand._stacks[self.seat]
        if need <= 0:
            return 0
        return min(need, stack)

    @property
    def is_turn(self) -> bool:
        """True when this seat is the one to act."""
        return self._hand._actor == self.seat

    @property
    def opponents(self) -> int:
        """Opponents still in the hand (not folded)."""
        return self._hand._n_live - 1

    def legal_actions(self) -> LegalActions:
        """What the seat to act may do now (see ``Hand.legal_actions``).

        In ``pre_action`` the seat is not to act: ``legal_actions().seat`` is another seat.
        """
        return self._hand.legal_actions()

    def sizing(self, name: str) -> Bet | RaiseTo | None:
        """A sizing preset (R32): ``"2x"``, ``"3x"``, ``"33%"``, ``"50%"``, ``"pot"``."""
        return preset(self._hand, name)

    def pot_fraction(self, fraction: Any) -> Bet | RaiseTo | None:
        """A bet or raise of ``fraction`` of the pot, nearest legal amount (R32)."""
        return bet_pot_fraction(self._hand, fraction)

    @property
    def history(self) -> list[Event]:
        """Public events so far: other players' hole cards are hidden (``None``) until shown."""
        me = self.seat
        out = []
        for ev in self._hand._history:
            if ev.kind in ("deal", "burn") and ev.seat != me:
                ev = ev._replace(cards=(None,) * len(ev.cards))
            out.append(ev)
        return out


@runtime_checkable
class Player(Protocol):
    """An agent: anything with ``act(view) -> action``, or a plain function ``f(view) -> action``.

    ``act`` (or the function) gets the :class:`View` of the seat to act and returns a legal
    ``Fold``, ``Check``, ``Call``, ``Bet``, ``RaiseTo`` or ``AllIn``. An illegal action raises
    ``IllegalActionError`` from the driver, with the hand unchanged. Every driver
    (:func:`drive`, :func:`play_hand`, :func:`play_hands`, :func:`fastholdem.simulate`) takes
    either form; :func:`as_agent` turns a function into an agent.

    Examples
    --------
    >>> from fastholdem.game import Call, Check, Fold, GameConfig, Table, play_hands
    >>> class CheckOrFold:
    ...     def act(self, view):
    ...         return Check() if view.legal_actions().check else Fold()
    >>> def caller(view):                      # a plain function is an agent too
    ...     return Check() if view.legal_actions().check else Call()
    >>> play_hands(Table(GameConfig(), [200, 200], seed=1), [CheckOrFold(), caller], 50)
    50
    """

    def act(self, view: View) -> Any:
        """Choose an action for the seat to act."""


@runtime_checkable
class PreActingPlayer(Player, Protocol):
    """An agent that also queues pre-actions (R31): ``act`` plus ``pre_action(view)``.

    ``pre_action`` is optional for agents; the drivers (:func:`drive`, :func:`play_hand`,
    :func:`play_hands`, ``simulate``) call it whenever another seat is about to act and the
    agent's seat can still act in the hand: at the start of the hand, then after each action by
    others. The answer replaces the seat's queued pre-action: a :class:`PreAction` to hold, or
    ``None`` for none. When the seat's turn comes the queued pre-action fires if it is still
    legal as chosen; otherwise it is dropped and ``act`` is asked (R31).

    Examples
    --------
    >>> from fastholdem.game import PreAction
    >>> class Folder(CallingStation):
    ...     def pre_action(self, view):
    ...         return PreAction.check_fold()
    >>> isinstance(Folder(), PreActingPlayer), isinstance(CallingStation(), PreActingPlayer)
    (True, False)
    >>> hand = drive(Hand(GameConfig(), [100, 100, 100], button=0, seed=4),
    ...              [CallingStation(), Folder(), Folder()])
    >>> hand.folded   # seat 0 limps: the small blind's check/fold folds, the big blind checks
    [False, True, False]
    """

    def pre_action(self, view: View) -> PreAction | None:
        """The pre-action to queue while another seat acts, or ``None``."""


class RandomPlayer:
    """Random policy: facing a bet fold 15%; bet/raise 30% to a uniform legal amount; else check/call.

    >>> hand = Hand(GameConfig(), [100, 100], seed=1)
    >>> RandomPlayer(seed=2).act(View(hand, hand.actor))
    Call()
    """

    __slots__ = ("_random", "_randint", "fold", "aggression")

    def __init__(self, seed: int | None = None, *, fold: float = 0.15, aggression: float = 0.30) -> None:
        rng = random.Random(seed)
        self._random = rng.random
        self._randint = rng.randint
        self.fold = fold
        self.aggression = aggression

    def act(self, view: View) -> PlayerMove:
        legal = view.legal_actions()
        r = self._random()
        if r < self.fold and legal.call is not None:
            return _FOLD
        if r < self.fold + self.aggression and legal.min_to is not None:
            amount = self._randint(legal.min_to, legal.max_to)  # type: ignore[arg-type]
            return Bet(amount) if legal.bet else RaiseTo(amount)
        return _CHECK if legal.check else _CALL


class CallingStation:
    """Never folds, never raises: checks when possible, else calls.

    >>> hand = Hand(GameConfig(), [100, 100], seed=1)
    >>> CallingStation().act(View(hand, hand.actor))
    Call()
    """

    __slots__ = ()

    def act(self, view: View) -> PlayerMove:
        return _CHECK if view.legal_actions().check else _CALL


class TightPlayer:
    """A tight player driven by the equity engine (``fastholdem.equity``).

    It estimates its equity against as many random hands as there are opponents left, with
    ``fastholdem.equities.hand_strength`` (preflop values are cached per starting-hand class and
    opponent count), then:

    * raises (75% of the pot, nearest legal amount, R32) when the equity is at least
      ``raise_share`` times a fair share ``1 / players``, capped at ``raise_cap``;
    * calls when the equity beats the pot odds by ``margin`` (and, preflop, is at least
      ``enter_share`` times a fair share);
    * otherwise checks or folds.

    Parameters
    ----------
    seed:
        Seed of the Monte Carlo estimates.
    trials:
        Monte Carlo trials per post-flop decision (preflop uses ``4 * trials``, cached).

    Examples
    --------
    >>> hand = Hand(GameConfig(), [100, 100], button=0, hole_cards=["7c2d", "AsAh"], seed=1)
    >>> TightPlayer(seed=1).act(View(hand, 0))   # the small blind folds 7-2 offsuit
    Fold()
    """

    __slots__ = ("_rng", "trials", "raise_share", "raise_cap", "enter_share", "margin", "_cache")

    def __init__(
        self,
        seed: int | None = None,
        *,
        trials: int = 300,
        raise_share: float = 1.9,
        raise_cap: float = 0.68,
        enter_share: float = 1.25,
        margin: float = 0.05,
    ) -> None:
        if isinstance(trials, bool) or not isinstance(trials, int) or trials <= 0:
            raise ConfigError(f"trials must be a positive integer, got {echo(trials)}")
        self._rng = random.Random(seed)
        self.trials = trials
        self.raise_share = raise_share
        self.raise_cap = raise_cap
        self.enter_share = enter_share
        self.margin = margin
        self._cache: dict[tuple[int, int, bool, int], float] = {}

    def equity(self, hole: Sequence[int], board: Sequence[int], opponents: int) -> float:
        """Equity of ``hole`` against ``opponents`` random hands on ``board`` (Monte Carlo).

        Uses ``fastholdem.equities.hand_strength``.
        """
        key: tuple[int, int, bool, int] | None = None
        trials = self.trials
        if not board:
            hi, lo = max(hole) >> 2, min(hole) >> 2
            key = (hi, lo, (hole[0] & 3) == (hole[1] & 3), opponents)
            cached = self._cache.get(key)
            if cached is not None:
                return cached
            trials *= 4
        holes = np.array([hole], dtype=np.uint8)
        boards = np.array([board], dtype=np.uint8) if board else None
        value = float(
            hand_strength(holes, boards, opponents=opponents, exact=False, trials=trials,
                          seed=self._rng.getrandbits(32), threads=1)[0]
        )
        if key is not None:
            self._cache[key] = value
        return value

    def act(self, view: View) -> PlayerMove:
        legal = view.legal_actions()
        opponents = view.opponents
        eq = self.equity(view.hole_cards, view._hand._board, opponents)
        fair = 1.0 / (opponents + 1)
        need = 0 if legal.call is None else legal.call
        if legal.min_to is not None and eq >= min(self.raise_share * fair, self.raise_cap):
            sized = bet_pot_fraction(view._hand, 0.75)
            if sized is not None:
                return sized
        if need == 0:
            return _CHECK
        odds = need / (view.pot + need)
        if eq >= odds + self.margin and (view.street > 0 or eq >= self.enter_share * fair):
            return _CALL
        return _FOLD


_FOLD = Fold()
_CHECK = Check()
_CALL = Call()

Agents = Union[Sequence[Any], Mapping[int, Any]]


class FunctionAgent:
    """An agent made from a function ``f(view) -> action`` (see :func:`as_agent`).

    >>> agent = FunctionAgent(lambda view: Fold())
    >>> agent.act(None)
    Fold()
    """

    __slots__ = ("function", "__name__")

    def __init__(self, function: Callable[[View], Any]) -> None:
        self.function = function
        self.__name__ = getattr(function, "__name__", type(function).__name__)

    def act(self, view: View) -> Any:
        """Call the function with ``view``."""
        return self.function(view)

    def __repr__(self) -> str:
        return f"FunctionAgent({self.__name__})"


def as_agent(policy: Any) -> Any:
    """``policy`` as an agent: itself if it has an ``act`` method, a :class:`FunctionAgent` if it
    is a plain callable ``f(view) -> action``.

    Raises
    ------
    TypeError
        If ``policy`` has no ``act`` method and is not callable.

    Examples
    --------
    >>> as_agent(CallingStation()).__class__.__name__, as_agent(lambda view: Fold()).__class__.__name__
    ('CallingStation', 'FunctionAgent')
    """
    if hasattr(policy, "act"):
        return policy
    if callable(policy):
        return FunctionAgent(policy)
    raise InputTypeError(f"an agent needs an act(view) method or must be a function f(view) -> action, "
                         f"got {type(policy).__name__} {echo(policy)}")


def drive(
    hand: Hand,
    agents: Sequence[Any],
    *,
    table_seats: Sequence[int] | None = None,
    preactions: PreActions | None = None,
) -> Hand:
    """Play ``hand`` to its end: ask the agent of each seat to act in turn.

    A queued pre-action of the seat to act (R31) fires instead of asking the agent when it is
    still legal as chosen; otherwise it is dropped (recorded in ``preactions.dropped``) and the
    agent is asked. Agents with a ``pre_action`` method (:class:`PreActingPlayer`) are asked
    for their pre-action whenever another seat is about to act; their answer replaces what is
    queued for their seat.

    Parameters
    ----------
    hand:
        A hand dealt by the engine (not manual).
    agents:
        One agent per hand seat.
    table_seats:
        Table seat of each hand seat (for ``View.table_seat``).
    preactions:
        Optional queued pre-actions, by hand seat. Cleared when the hand ends.

    Returns
    -------
    Hand
        The same hand, complete.

    Raises
    ------
    InvalidActionError
        If a ``pre_action`` method returns something other than a ``PreAction`` or ``None``.

    Examples
    --------
    >>> hand = drive(Hand(GameConfig(), [100, 100, 100], seed=4), [CallingStation()] * 3)
    >>> hand.is_complete, sum(hand.stacks)
    (True, 300)
    """
    seats = table_seats
    agents = [a if hasattr(a, "act") else as_agent(a) for a in agents]
    asks = [(i, ask) for i, a in enumerate(agents) if (ask := getattr(a, "pre_action", None)) is not None]
    if not asks and not preactions:
        while hand._actor is not None:
            _ask_agent(hand, agents[hand._actor], hand._actor, seats)
        return hand
    queue = preactions if preactions is not None else PreActions()
    while hand._actor is not None:
        i = hand._actor
        if asks:
            ask_pre_actions(hand, asks, queue, seats)
        action = queue.take(hand)
        if action is None:
            _ask_agent(hand, agents[i], i, seats)
        else:
            hand.apply(action)
    queue.clear()
    return hand


def _ask_agent(hand: Hand, agent: Any, i: int, seats: Sequence[int] | None) -> None:
    """Apply what ``agent`` (of hand seat ``i``) chooses; InvalidActionError naming the agent and
    its seat when ``act`` returned something that is not a player action at all (the engine's
    own error stands for a malformed action such as ``RaiseTo(2.5)``)."""
    seat = i if seats is None else seats[i]
    action = agent.act(View(hand, i, seat))
    try:
        hand.apply(action)
    except InvalidActionError:
        if type(action) not in (Fold, Check, Call, Bet, RaiseTo, AllIn):
            source = f"act(view) of the agent at seat {seat} ({agent!r:.60}) did not return an action"
            raise InvalidActionError(not_an_action(action, source)) from None
        raise


def ask_pre_actions(
    hand: Hand,
    asks: Sequence[tuple[int, Callable[[View], Any]]],
    queue: PreActions,
    table_seats: Sequence[int] | None = None,
) -> None:
    """Ask each ``(hand seat, pre_action)`` pair for its pre-action and queue the answers (R31).

    Seats that are to act, have folded or are all-in are not asked. A ``PreAction`` answer
    replaces the seat's queued pre-action; ``None`` cancels it.

    Raises
    ------
    InvalidActionError
        If an answer is neither a ``PreAction`` nor ``None``.
    """
    actor = hand._actor
    if actor is None:
        return
    folded = hand._folded
    stacks = hand._stacks
    for i, ask in asks:
        if i == actor or folded[i] or stacks[i] == 0:
            continue
        pre = ask(View(hand, i, None if table_seats is None else table_seats[i]))
        if pre is None:
            queue.cancel(i)
        elif isinstance(pre, PreAction):
            queue.set(hand, i, pre)
        else:
            raise InvalidActionError(f"pre_action of seat {i} must return a PreAction or None, got {echo(pre)}")


def play_hand(table: Table, players: Agents, *, preactions: PreActions | None = None) -> Hand:
    """Start the table's next hand, play it with ``players`` (by table seat) and settle it.

    Pre-actions (R31) work as in :func:`drive`: ``preactions`` (by hand seat) and agents'
    ``pre_action`` methods.

    Returns
    -------
    Hand
        The completed hand.

    Examples
    --------
    >>> from fastholdem.game import Table
    >>> table = Table(GameConfig(), [100, 100, 100], seed=2, button=0)
    >>> hand = play_hand(table, [CallingStation(), CallingStation(), CallingStation()])
    >>> hand.is_complete, sum(table.stacks), table.hands_played
    (True, 300, 1)
    """
    hand = table.start_hand()
    seats = table.hand_seats
    drive(hand, [players[s] for s in seats], table_seats=seats, preactions=preactions)
    table.end_hand()
    return hand


def play_hands(
    table: Table,
    players: Agents,
    hands: int,
    *,
    on_hand: Callable[[Table, Hand], None] | None = None,
) -> int:
    """Play up to ``hands`` hands at ``table`` (fewer if a tournament ends or players run out).

    Agents with a ``pre_action`` method queue pre-actions while others act (R31, see
    :func:`drive`).

    Parameters
    ----------
    players:
        The agents by table seat (a sequence or a mapping).
    on_hand:
        Called with ``(table, hand)`` after each hand is settled.

    Returns
    -------
    int
        Hands played.

    Examples
    --------
    >>> from fastholdem.game import Table
    >>> table = Table(GameConfig(), [100, 100], seed=2)       # no rebuys: a player may bust
    >>> seen = []
    >>> played = play_hands(table, [RandomPlayer(seed=1), RandomPlayer(seed=2)], 500,
    ...                     on_hand=lambda t, h: seen.append(h.pot_total))
    >>> played == len(seen) <= 500, sum(s for s in table.stacks if s is not None)
    (True, 200)
    """
    played = 0
    for _ in range(hands):
        if len(table.active_seats) < 2:
            break
        hand = table.start_hand()
        seats = table.hand_seats
        drive(hand, [players[s] for s in seats], table_seats=seats)
        table.end_hand()
        played += 1
        if on_hand is not None:
            on_hand(table, hand)
    return played
