"""Vectorised policies: ``act(obs, legal) -> (kind, amount)`` over every table at once.

A vectorised policy is any object with ``act(obs, legal) -> (kind, amount)``, or a plain
callable with that signature (:class:`VectorPolicy`): ``obs`` is ``Tables.observe()`` (the
actor's view in every table), ``legal`` is ``Tables.legal()``, ``kind`` an ``(n,)`` integer
array of ``Kind`` codes and ``amount`` an ``(n,)`` integer array of raise-to amounts (read only
where ``kind == BET_OR_RAISE_TO``). Entries of tables with no actor (``legal.actor == -1``)
are ignored.

Built-ins: :class:`RandomPolicy` (the random player), :class:`StationPolicy` (checks or
calls) and :class:`TightPolicy` (preflop class and made-hand category).

>>> import numpy as np
>>> from fastholdem.game import GameConfig
>>> from fastholdem.vector import Tables
>>> tables = Tables(3, 2, GameConfig(), 100, seed=1)
>>> kind, amount = RandomPolicy(seed=0).act(tables.observe(), tables.legal())
>>> kind.shape, amount.dtype
((3,), dtype('int64'))
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from .._validate import check_probabilities, echo
from ..errors import ConfigError, InputTypeError, InvalidActionError
from ..evaluate import categories, evaluate_batch
from ..game.players import CallingStation, RandomPlayer, TightPlayer
from ..ranges.classes import order_equity
from .actions import pot_fraction_to
from .kinds import BET_OR_RAISE_TO, CALL, CHECK, FOLD
from .legal import Legal
from .observation import Observation

__all__ = [
    "RandomPolicy",
    "VectorPolicy",
    "PolicyLike",
    "StationPolicy",
    "TightPolicy",
    "is_vector_policy",
    "policy_function",
    "make_policy",
    "make_player",
    "policy_key",
    "policy_kind",
    "POLICY_KINDS",
    "BuiltinPolicy",
    "BUILTIN_POLICIES",
    "builtin_policy",
    "POLICIES",
    "preflop_classes",
    "act_by_seat",
    "seat_functions",
    "VECTOR_POLICIES",
]

class RandomPolicy:
    """The random player of :class:`fastholdem.game.RandomPlayer`, for every table at once.

    Per table: facing a bet it folds with probability ``fold``; with probability ``aggression``
    it bets or raises to a uniform legal amount; otherwise it checks or calls. (The C fast path
    :meth:`fastholdem.vector.Tables.play_random` plays the same policy.)

    Parameters
    ----------
    seed:
        Seed of the policy's ``numpy.random.Generator``.
    fold, aggression:
        Probabilities, with ``fold + aggression <= 1``.

    Examples
    --------
    >>> from fastholdem.game import GameConfig
    >>> from fastholdem.vector import Tables, Kind
    >>> tables = Tables(4, 3, GameConfig(), 100, seed=2)
    >>> kind, _ = RandomPolicy(seed=1, fold=0.0, aggression=0.0).act(tables.observe(), tables.legal())
    >>> [Kind(k).name for k in kind]
    ['CALL', 'CALL', 'CALL', 'CALL']
    """

    def __init__(self, seed: int | None = None, *, fold: float = 0.15, aggression: float = 0.30) -> None:
        self.fold, self.aggression = check_probabilities(fold, aggression)
        self.rng = np.random.default_rng(seed)

    def act(self, obs: Observation, legal: Legal) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """One action per table: ``(kind, amount)`` int64 arrays of shape ``(n,)``.

        Examples
        --------
        >>> from fastholdem.game import GameConfig
        >>> from fastholdem.vector import Tables
        >>> tables = Tables(2, 2, GameConfig(), 100, seed=0)
        >>> kind, amount = RandomPolicy(seed=3, fold=0.0, aggression=1.0).act(tables.observe(), tables.legal())
        >>> bool(((amount >= 3) & (amount <= 100)).all()), kind.tolist()
        (True, [3, 3])
        """
        n = legal.actor.shape[0]
        rng = self.rng
        r = rng.random(n)
        can_raise = legal.min_to >= 0
        fold = (r < self.fold) & (legal.call > 0)
        bet = ~fold & (r < self.fold + self.aggression) & can_raise
        kind = np.where(legal.can_check, CHECK, CALL).astype(np.int64)
        kind[bet] = BET_OR_RAISE_TO
        kind[fold] = FOLD
        span = np.where(can_raise, legal.max_to - legal.min_to + 1, 1)
        amount = legal.min_to + (rng.random(n) * span).astype(np.int64)
        return kind, np.where(bet, np.minimum(amount, legal.max_to), 0).astype(np.int64)


Decision = tuple[npt.NDArray[np.integer[Any]], npt.NDArray[np.integer[Any]]]


@runtime_checkable
class VectorPolicy(Protocol):
    """The vectorised policy protocol: ``act(obs, legal) -> (kind, amount)`` over arrays.

    ``obs`` is an ``Observation`` and ``legal`` a ``Legal`` of ``n`` tables; the answer is an
    ``(n,)`` integer array of ``Kind`` codes and an ``(n,)`` integer array of raise-to amounts
    (ignored unless the kind is ``BET_OR_RAISE_TO``). A plain function with the same two
    arguments is accepted wherever a policy is (see :func:`policy_function`).

    Examples
    --------
    >>> isinstance(StationPolicy(), VectorPolicy)
    True
    """

    def act(self, obs: Observation, legal: Legal) -> Decision:
        """Choose an action in every table."""


PolicyLike = VectorPolicy | Callable[[Observation, Legal], Decision]


def _positional_arity(fn: Any) -> int | None:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    count = 0
    for p in sig.parameters.values():
        if p.kind is p.VAR_POSITIONAL:
            return None
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty:
            count += 1
    return count


POLICY_KINDS = ("name", "vector", "agent")
"""What :func:`policy_kind` answers."""


def policy_kind(policy: object) -> str:
    """The kind of a seat's policy, decided here for every caller (``simulate``'s choice of
    engine, :func:`seat_functions`, the arenas, :func:`is_vector_policy`):

    * ``"name"``: a string, a built-in policy name (:func:`builtin_policy` checks it);
    * ``"vector"``: a vectorised policy, an object whose ``act`` takes two arguments
      ``(obs, legal)``, or a callable (not a class) of two arguments;
    * ``"agent"``: anything else, meant as a scalar agent with ``act(view)`` or a function
      ``f(view)`` (:func:`fastholdem.game.as_agent` checks it).

    >>> from fastholdem.game.players import CallingStation
    >>> [policy_kind(p) for p in ("call", StationPolicy(), CallingStation(), lambda view: None)]
    ['name', 'vector', 'agent', 'agent']
    """
    if isinstance(policy, str):
        return "name"
    act = getattr(policy, "act", None)
    if act is not None and callable(act) and not isinstance(policy, type):
        return "vector" if _positional_arity(act) == 2 else "agent"
    if callable(policy) and not isinstance(policy, type) and _positional_arity(policy) == 2:
        return "vector"
    return "agent"


def is_vector_policy(policy: object) -> bool:
    """True for a vectorised policy (:func:`policy_kind` ``"vector"``): an object whose ``act``
    takes two arguments ``(obs, legal)``, or a callable (not a class) of two arguments.

    A scalar agent of :mod:`fastholdem.game.players` has ``act(view)``, one argument, and is
    not vectorisable.

    >>> from fastholdem.game.players import CallingStation
    >>> is_vector_policy(StationPolicy()), is_vector_policy(CallingStation())
    (True, False)
    >>> is_vector_policy(lambda obs, legal: (legal.actor * 0 + 2, legal.call))
    True
    """
    return policy_kind(policy) == "vector"


def policy_function(policy: object) -> Callable[[Observation, Legal], Decision]:
    """The ``(obs, legal) -> (kind, amount)`` function of a vectorised policy.

    Raises
    ------
    TypeError
        If ``policy`` is not a vectorised policy (see :func:`is_vector_policy`).

    Examples
    --------
    >>> policy_function(StationPolicy()).__name__
    'act'
    """
    if not is_vector_policy(policy):
        raise InputTypeError(f"not a vectorised policy (act(obs, legal) -> (kind, amount)): {echo(policy)}")
    act = getattr(policy, "act", None)
    fn: Callable[[Observation, Legal], Decision] = act if act is not None else policy  # type: ignore[assignment]
    return fn


def act_by_seat(functions: Sequence[Callable[[Observation, Legal], Decision] | None], obs: Observation,
                legal: Legal, mask: npt.NDArray[np.bool_] | None = None
                ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int64]]:
    """Every table's action, each chosen by the function of the seat to act.

    ``functions[s]`` is the ``act`` function of seat ``s`` (None: the seat is never asked).
    Each distinct function is called exactly once, over every table (a vectorised policy
    decides for all tables at once; a random policy thus draws the same numbers whatever the
    tables hold), and its answers are kept where its seats act (and ``mask`` is true).
    Elsewhere the kind is 0 and the amount 0.

    >>> from fastholdem.game import GameConfig
    >>> from fastholdem.vector import Tables
    >>> tables = Tables(2, 3, GameConfig(), 100, seed=1)
    >>> station = StationPolicy().act
    >>> act_by_seat([station] * 3, tables.observe(), tables.legal())[0].tolist()
    [2, 2]
    """
    n = len(legal.actor)
    kind = np.zeros(n, dtype=np.int8)
    amount = np.zeros(n, dtype=np.int64)
    groups: dict[int, tuple[Callable[[Observation, Legal], Decision], int]] = {}
    owner = np.full(len(functions) + 1, -1, dtype=np.int64)  # group of each seat; the last entry: no actor
    for seat, fn in enumerate(functions):
        if fn is not None:
            owner[seat] = groups.setdefault(id(fn), (fn, len(groups)))[1]
    group = owner[legal.actor]  # actor -1 reads the last entry
    for fn, g in groups.values():
        rows = group == g
        if mask is not None:
            rows &= mask
        k, a = _decision(fn, fn(obs, legal), n)
        kind = np.where(rows, k, kind).astype(np.int8)
        amount = np.where(rows, a, amount).astype(np.int64)
    return kind, amount


def _decision(fn: Callable[..., Any], decision: Any, n: int) -> tuple[npt.NDArray[Any], npt.NDArray[Any]]:
    """A policy's answer as ``(kind, amount)`` integer arrays (of shape ``(n,)`` or scalars, which
    stand for every table), or InvalidActionError naming the policy and saying what is valid.

    >>> _decision(StationPolicy().act, 2, 3)
    Traceback (most recent call last):
    ...
    fastholdem.errors.InvalidActionError: the policy StationPolicy.act returned 2; ...
    """
    if isinstance(decision, (tuple, list)) and len(decision) == 2:
        try:
            k, a = np.asarray(decision[0]), np.asarray(decision[1])
        except (ValueError, TypeError):  # ragged rows: reported below
            pass
        else:
            if all(x.dtype.kind in "iu" and x.shape in ((), (n,)) for x in (k, a)):
                return k, a
    name = getattr(fn, "__qualname__", None) or type(fn).__name__
    raise InvalidActionError(
        f"the policy {name} returned {echo(decision)}; a vectorised policy's act(obs, legal) returns "
        f"(kind, amount), a tuple of two integer arrays of shape ({n},), one entry per table: kind {FOLD} "
        f"fold, {CHECK} check, {CALL} call, {BET_OR_RAISE_TO} bet or raise to amount (fastholdem.vector's "
        "FOLD, CHECK, CALL, BET_OR_RAISE_TO)")


class StationPolicy:
    """A calling station over arrays: checks when it can, else calls; never folds or raises.

    The vectorised twin of :class:`fastholdem.game.players.CallingStation`.

    >>> import numpy as np
    >>> from fastholdem.game import GameConfig
    >>> from fastholdem.vector import Tables
    >>> tables = Tables(3, 2, GameConfig(), 100, seed=1)
    >>> tables.reset()
    >>> kind, amount = StationPolicy().act(tables.observe(), tables.legal())
    >>> kind.tolist()   # the small blind calls in every table
    [2, 2, 2]
    """

    __slots__ = ()

    def act(self, obs: Observation, legal: Legal) -> Decision:
        """Check where checking is free, call elsewhere."""
        kind = np.where(legal.can_check, CHECK, CALL).astype(np.int8)
        return kind, np.zeros(len(kind), dtype=np.int64)

    def __repr__(self) -> str:
        return "StationPolicy()"


@lru_cache(maxsize=1)
def _class_equity() -> npt.NDArray[np.float64]:
    """``(10, 169)``: row k is every class's preflop equity against k random hands (k = 1..9;
    row 0 is a copy of row 1)."""
    rows = [order_equity(f"vs{k}")[0] for k in range(1, 10)]
    table = np.vstack([rows[0], *rows])
    table.flags.writeable = False
    return table


def preflop_classes(hole: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.intp]:
    """Grid index (see :mod:`fastholdem.ranges.classes`) of the class of each ``(n, 2)`` hole pair.

    >>> import numpy as np
    >>> from fastholdem.cards import parse_cards
    >>> from fastholdem.ranges.classes import CLASS_NAMES
    >>> [CLASS_NAMES[i] for i in preflop_classes(np.array([parse_cards("AsKs"), parse_cards("7c2d")]))]
    ['AKs', '72o']
    """
    h = np.asarray(hole, dtype=np.intp)
    ranks = h // 4
    high, low = ranks.max(axis=1), ranks.min(axis=1)
    suited = (h[:, 0] % 4) == (h[:, 1] % 4)
    row_high, row_low = 12 - high, 12 - low
    out: npt.NDArray[np.intp] = np.where(suited, 13 * row_high + row_low, 13 * row_low + row_high)
    return out


def _board_category(board: npt.NDArray[np.int8], dealt: int) -> npt.NDArray[np.int64]:
    """Category of the board alone (``dealt`` = 3, 4 or 5 cards): pairs, trips, quads and full
    houses from rank counts; five-card boards through the evaluator (straights, flushes)."""
    if dealt == 5:
        return categories(evaluate_batch(board[:, :5], threads=1)).astype(np.int64)
    ranks = board[:, :dealt].astype(np.int64) // 4
    counts = np.zeros((len(board), 13), dtype=np.int64)
    np.add.at(counts, (np.arange(len(board))[:, None], ranks), 1)
    top = counts.max(axis=1)
    pairs = (counts == 2).sum(axis=1)
    cat = np.zeros(len(board), dtype=np.int64)
    cat[pairs == 1] = 1
    cat[pairs == 2] = 2
    cat[top == 3] = 3
    cat[top == 4] = 7
    return cat


class TightPolicy:
    """A tight player over arrays: strong starting hands and made hands that use a hole card.

    It follows :class:`fastholdem.game.players.TightPlayer` with table lookups instead of Monte
    Carlo. With ``k`` opponents left (players not folded, less one; 1 to 9), a fair share is
    ``1 / (k + 1)`` and ``odds = call / (pot + call)`` is the price of a call.

    Preflop, the hand's equity ``e`` is its starting-hand class's equity against ``k`` random
    hands (:func:`fastholdem.preflop_vs_random`, exact for ``k = 1``, shipped estimates for
    more). Then, as ``TightPlayer``:

    * bet or raise ``size`` of the pot (nearest legal amount, R32) when a raise is allowed and
      ``e >= min(raise_share * fair, raise_cap)``;
    * otherwise check when free;
    * call when ``e >= odds + margin`` and ``e >= enter_share * fair``;
    * otherwise fold.

    After the flop, the hand's made-hand category (:class:`fastholdem.HandCategory` of the best
    five of hole cards and board) counts only when it beats the board's own category, so that a
    paired board gives nobody a pair. Then:

    * at least ``raise_category`` (default two pair): bet or raise ``size`` of the pot, or call
      when no raise is allowed;
    * at least ``call_category`` (default one pair): check when free, call when
      ``odds <= call_odds``, else fold;
    * weaker: check when free, else fold.

    The policy draws no random numbers: the same view gives the same action.

    Parameters
    ----------
    raise_share, raise_cap, enter_share, margin:
        The preflop thresholds of ``TightPlayer`` (same defaults).
    size:
        Bet or raise size as a pot fraction (default 0.75, as ``TightPlayer``).
    raise_category, call_category:
        Made-hand categories (0 high card .. 8 straight flush) to raise with and to call with.
    call_odds:
        Dearest call price taken with a ``call_category`` hand (default 0.3: calling a pot-sized
        bet costs 1/3, a half-pot bet 1/4).

    Examples
    --------
    >>> import numpy as np
    >>> from fastholdem.game import GameConfig
    >>> from fastholdem.vector import Tables
    >>> tables = Tables(1000, 6, GameConfig(), 200, seed=3)
    >>> tables.reset()
    >>> kind, amount = TightPolicy().act(tables.observe(), tables.legal())
    >>> float(np.mean(kind == 0)) > 0.9   # under the gun, it folds all but the best hands
    True
    """

    __slots__ = ("raise_share", "raise_cap", "enter_share", "margin", "size", "raise_category",
                 "call_category", "call_odds", "_fraction")

    def __init__(self, *, raise_share: float = 1.9, raise_cap: float = 0.68, enter_share: float = 1.25,
                 margin: float = 0.05, size: float = 0.75, raise_category: int = 2, call_category: int = 1,
                 call_odds: float = 0.3) -> None:
        for name, value in (("raise_share", raise_share), ("raise_cap", raise_cap),
                            ("enter_share", enter_share), ("margin", margin), ("size", size),
                            ("call_odds", call_odds)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not np.isfinite(value):
                raise ConfigError(f"{name} must be a finite number, got {echo(value)}")
        if size <= 0:
            raise ConfigError(f"size must be positive, got {echo(size)}")
        for name, cat in (("raise_category", raise_category), ("call_category", call_category)):
            if isinstance(cat, bool) or not isinstance(cat, int) or not 0 <= cat <= 8:
                raise ConfigError(f"{name} must be a category 0..8, got {echo(cat)}")
        self.raise_share = float(raise_share)
        self.raise_cap = float(raise_cap)
        self.enter_share = float(enter_share)
        self.margin = float(margin)
        self.size = float(size)
        self._fraction = Fraction(self.size).limit_denominator(1000)
        self.raise_category = raise_category
        self.call_category = call_category
        self.call_odds = float(call_odds)

    def __repr__(self) -> str:
        return (f"TightPolicy(raise_share={self.raise_share}, raise_cap={self.raise_cap}, "
                f"enter_share={self.enter_share}, margin={self.margin}, size={self.size}, "
                f"raise_category={self.raise_category}, call_category={self.call_category}, "
                f"call_odds={self.call_odds})")

    def strength(self, obs: Observation) -> npt.NDArray[np.int64]:
        """Post-flop made-hand category of every table's actor, counted only when it beats the
        board's own category (else 0); -1 preflop and where no hand is seen.

        >>> from fastholdem.game import GameConfig
        >>> from fastholdem.vector import Tables
        >>> tables = Tables(2, 2, GameConfig(), 100, seed=1)
        >>> tables.reset()
        >>> TightPolicy().strength(tables.observe()).tolist()
        [-1, -1]
        """
        n = len(obs.street)
        out = np.full(n, -1, dtype=np.int64)
        seen = (obs.seat >= 0) & (obs.hole[:, 0] >= 0)
        for street, dealt in ((1, 3), (2, 4), (3, 5)):
            rows = np.flatnonzero(seen & (obs.street == street))
            if len(rows) == 0:
                continue
            board = obs.board[rows]
            cards = np.concatenate([obs.hole[rows], board[:, :dealt]], axis=1)
            own = categories(evaluate_batch(cards, threads=1)).astype(np.int64)
            out[rows] = np.where(own > _board_category(board, dealt), own, 0)
        return out

    def act(self, obs: Observation, legal: Legal) -> Decision:
        """Fold, check, call or bet/raise in every table, as described above."""
        n = len(legal.actor)
        live = ~obs.folded
        opponents = np.clip(live.sum(axis=1) - 1, 1, 9)
        fair = 1.0 / (opponents + 1)
        need = legal.call.astype(np.float64)
        odds = need / np.maximum(obs.pot + need, 1.0)
        can_raise = legal.min_to >= 0
        free = legal.can_check

        preflop = obs.street == 0
        equity = np.zeros(n)
        rows = np.flatnonzero(preflop & (obs.hole[:, 0] >= 0))
        if len(rows):
            equity[rows] = _class_equity()[opponents[rows], preflop_classes(obs.hole[rows])]
        pre_raise = equity >= np.minimum(self.raise_share * fair, self.raise_cap)
        pre_call = (equity >= odds + self.margin) & (equity >= self.enter_share * fair)

        cat = self.strength(obs) if not preflop.all() else np.full(n, -1, dtype=np.int64)
        post_raise = cat >= self.raise_category
        post_call = post_raise | ((cat >= self.call_category) & (odds <= self.call_odds))

        raise_ = np.where(preflop, pre_raise, post_raise) & can_raise
        call = np.where(preflop, pre_call, post_call)
        kind = np.where(raise_, BET_OR_RAISE_TO, np.where(free, CHECK, np.where(call, CALL, FOLD)))
        amount = np.zeros(n, dtype=np.int64)
        if raise_.any():
            amount = np.where(raise_, pot_fraction_to(obs, legal, self._fraction), 0)
        return kind.astype(np.int8), amount.astype(np.int64)


@dataclass(frozen=True)
class BuiltinPolicy:
    """One built-in policy: its name, the other names it answers to, its scalar agent (a class
    of :mod:`fastholdem.game.players`, played by ``Hand``) and its vectorised policy (played by
    :class:`~fastholdem.vector.Tables`). :data:`BUILTIN_POLICIES` holds one per name.

    ``agent_seeded`` and ``policy_seeded`` say whether the class takes the seed (the others
    draw no random numbers).

    >>> spec = BUILTIN_POLICIES["station"]
    >>> spec.aliases, type(spec.make_agent()).__name__, spec.make_policy()
    (('call', 'calling-station'), 'CallingStation', StationPolicy())
    """

    name: str
    aliases: tuple[str, ...]
    agent: type
    policy: type
    agent_seeded: bool
    policy_seeded: bool

    def make_agent(self, seed: int | None = None) -> Any:
        """The scalar agent (``act(view)``), seeded by ``seed`` when it draws random numbers."""
        return self.agent(seed) if self.agent_seeded else self.agent()

    def make_policy(self, seed: int | None = None) -> VectorPolicy:
        """The vectorised policy (``act(obs, legal)``), seeded by ``seed`` when it draws random
        numbers."""
        policy: VectorPolicy = self.policy(seed=seed) if self.policy_seeded else self.policy()
        return policy


BUILTIN_POLICIES: dict[str, BuiltinPolicy] = {spec.name: spec for spec in (
    BuiltinPolicy("random", (), RandomPlayer, RandomPolicy, agent_seeded=True, policy_seeded=True),
    BuiltinPolicy("station", ("call", "calling-station"), CallingStation, StationPolicy,
                  agent_seeded=False, policy_seeded=False),
    BuiltinPolicy("tight", ("equity",), TightPlayer, TightPolicy, agent_seeded=True, policy_seeded=False),
)}
"""The built-in policies by name: the one table behind ``simulate``, ``play``, the arenas of the
reinforcement-learning adapters, :func:`make_player` and :func:`make_policy`.

>>> {name: (spec.agent.__name__, spec.policy.__name__) for name, spec in BUILTIN_POLICIES.items()}
{'random': ('RandomPlayer', 'RandomPolicy'), 'station': ('CallingStation', 'StationPolicy'), \
'tight': ('TightPlayer', 'TightPolicy')}
"""

POLICIES = tuple(BUILTIN_POLICIES)
"""Built-in policy names (``random``, ``station``, ``tight``), the keys of :data:`BUILTIN_POLICIES`."""

VECTOR_POLICIES = POLICIES
"""Names of the built-in vectorised policies: :data:`POLICIES` (every built-in has both forms)."""

_ALIASES = {alias: spec.name for spec in BUILTIN_POLICIES.values() for alias in (spec.name, *spec.aliases)}


def policy_key(name: object) -> str | None:
    """The built-in policy a name stands for (``random``, ``station`` or ``tight``), or None (also
    for anything that is not a string).

    Names are read without case and surrounding spaces; the aliases are those of
    :data:`BUILTIN_POLICIES`.

    >>> policy_key(" Call "), policy_key("gto")
    ('station', None)
    """
    return _ALIASES.get(name.strip().lower()) if isinstance(name, str) else None


def builtin_policy(name: str) -> BuiltinPolicy:
    """The :class:`BuiltinPolicy` a name stands for.

    >>> builtin_policy("Equity").name
    'tight'

    Raises
    ------
    ConfigError
        On an unknown name.
    """
    key = policy_key(name)
    if key is None:
        raise ConfigError(f"unknown policy {echo(name)}: choose from {', '.join(POLICIES)}")
    return BUILTIN_POLICIES[key]


def make_player(name: str, seed: int | None = None) -> Any:
    """A built-in scalar agent by name: ``random``, ``station`` (alias ``call``) or ``tight``
    (``equity``), the class of :mod:`fastholdem.game.players` that :data:`BUILTIN_POLICIES` gives.

    >>> type(make_player("call")).__name__
    'CallingStation'

    Raises
    ------
    ConfigError
        On an unknown name.
    """
    return builtin_policy(name).make_agent(seed)


def make_policy(name: str, seed: int | None = None) -> VectorPolicy:
    """A built-in vectorised policy by name: ``random`` (seeded by ``seed``), ``station``
    (alias ``call``) or ``tight`` (alias ``equity``).

    >>> make_policy("call")
    StationPolicy()

    Raises
    ------
    ConfigError
        On an unknown name.
    """
    return builtin_policy(name).make_policy(seed)


def seat_functions(policies: Sequence[Any], seeds: Sequence[int]) -> list[Callable[[Observation, Legal], Decision] | None]:
    """The ``act`` function of every seat, for :func:`act_by_seat`.

    ``policies[s]`` is a built-in name, a vectorised policy, or None (a seat that is never
    asked). A built-in name gives one policy shared by every seat that names it, seeded by
    ``seeds`` of the first such seat, so that it is asked once per step; policy objects are
    used as given.

    >>> fns = seat_functions(["tight", None, "Tight", "random"], [1, 2, 3, 4])
    >>> fns[0] is fns[2], fns[1] is None, fns[0] is fns[3]
    (True, True, False)
    """
    made: dict[str, Callable[[Observation, Legal], Decision]] = {}
    out: list[Callable[[Observation, Legal], Decision] | None] = []
    for p, seed in zip(policies, seeds):
        if p is None:
            out.append(None)
        elif policy_kind(p) == "name":
            spec = builtin_policy(p)  # ConfigError on an unknown name
            if spec.name not in made:
                made[spec.name] = policy_function(spec.make_policy(int(seed)))
            out.append(made[spec.name])
        else:
            out.append(policy_function(p))
    return out
