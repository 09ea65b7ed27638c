"""Many hold'em tables stepped at once from NumPy arrays (the vector engine).

``Tables`` holds ``n`` independent tables of ``players`` seats as a structure of arrays in a
C engine (csrc/fh_vector.c). Every call acts on all tables at once; each table plays its hand
exactly as :class:`fastholdem.game.Hand` would (same legal actions, same final stacks: a
differential test plays both in lockstep), under both rule conventions and every betting
structure.

>>> import numpy as np
>>> from fastholdem.game import GameConfig
>>> from fastholdem.vector import FOLD, CHECK, CALL, BET_OR_RAISE_TO
>>> tables = Tables(4, 3, GameConfig(small_blind=1, big_blind=2), 100, seed=7)
>>> legal = tables.legal()
>>> tables.step(np.where(legal.can_check, CHECK, CALL))   # the first player calls
>>> int(tables.observe().pot.sum())     # 1 + 2 + 2 chips in each of four tables
20
"""

from __future__ import annotations

import contextlib
import copy
import functools
import threading
from collections.abc import Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

import numpy as np
import numpy.typing as npt

from .._core import VEC_AUTO_RESET, VEC_NO_RESET, VEC_REPORT_ONLY, VecConfig, VecCore, as_array, vec_from_state
from .._validate import check_probabilities, echo
from ..errors import ConfigError, IllegalActionError, InputError, InputTypeError
from ..game.config import AnteMode, GameConfig, Structure
from ._args import as_int, count, int_array, per_table, table_mask
from ._export import hand_history
from .legal import Legal
from .observation import Observation
from .record import HandRecord

__all__ = ["StackDraw", "Tables"]

#: A stack source drawn per hand: ``draw(rng, k)`` returns a ``(k, players)`` int array.
StackDraw = Callable[[np.random.Generator, int], Any]

_MAX_CHIPS = 1 << 56  # every amount of a table fits int64 with room for pot-limit sums
_MAX_CAP = 10_000
_MAX_TABLES = 1 << 40  # every array's size in bytes stays far below 2**63, at any history
_REASONS = {
    1: "kind {kind} is not an action (0 fold, 1 check, 2 call, 3 bet or raise to)",
    2: "seat {seat} cannot check: {call} to call",
    3: "seat {seat} cannot call: nothing to call, check instead",
    4: "seat {seat} cannot bet or raise now",
    5: "seat {seat} cannot bet or raise to {amount}: the minimum is {lo} (maximum {hi})",
    6: "seat {seat} cannot bet or raise to {amount}: the maximum is {hi} (minimum {lo})",
    7: "seat {seat} cannot fold: nothing to call, check instead (pokerkit conventions, R24)",
}
_REPORT = 5
_LOCK_TYPES = (type(threading.Lock()), type(threading.RLock()))


def _too_big(config: GameConfig, name: str) -> str:
    """Why the amount ``name`` of ``config`` is too big, naming the option the user set: a
    default ``big_bet`` is traced back to ``small_bet`` or ``big_blind`` (the defaults of
    ``min_bet`` and ``small_bet``, the big blind, are checked before them)."""
    value = getattr(config, name)
    via = ""
    if name == "big_bet" and value == 2 * config.small_bet:  # type: ignore[operator]
        if config.small_bet == config.big_blind:
            via = f"big_blind={config.big_blind} makes big_bet (2 * big_blind unless set)"
        else:
            via = f"small_bet={config.small_bet} makes big_bet (2 * small_bet unless set)"
    if via:
        return f"{via} {value} chips; the vector engine needs every amount below 2**56"
    return f"{name} must be below 2**56 chips in the vector engine, got {value}"


def _engine_config(config: GameConfig, players: int, carry: bool) -> VecConfig:
    """The engine's view of ``config`` (every GameConfig option is used or refused here)."""
    if config.small_blind > config.big_blind:
        raise ConfigError(f"small blind {config.small_blind} exceeds big blind {config.big_blind}")
    limit = config.structure is Structure.LIMIT
    for name in ("small_blind", "big_blind", "ante") + (("small_bet", "big_bet") if limit else ("min_bet",)):
        if getattr(config, name) >= _MAX_CHIPS:
            raise ConfigError(_too_big(config, name))
    # the amounts the structure does not use go to the engine clamped into its range
    assert config.min_bet is not None  # GameConfig resolves its default
    min_bet = min(config.min_bet, _MAX_CHIPS - 1)
    sizes = tuple(min(x, _MAX_CHIPS - 1) for x in config.bet_sizes)
    cap = config.bet_cap
    if cap is not None and cap > _MAX_CAP:
        raise ConfigError(f"bet_cap above {_MAX_CAP} is not supported by the vector engine; use None for no cap")
    ante_mode = {AnteMode.NONE: 0, AnteMode.EVERY_PLAYER: 1, AnteMode.BIG_BLIND: 2}[config.ante_mode]
    return VecConfig(
        players=players, limit=limit, pot_limit=config.structure is Structure.POT_LIMIT,
        pokerkit=config.pokerkit, small_blind=config.small_blind, big_blind=config.big_blind, ante=config.ante,
        ante_mode=ante_mode, min_bet=min_bet, bet_sizes=sizes, bet_cap=-1 if cap is None else cap,
        cap_heads_up=config.cap_heads_up, uncapped_river=config.uncapped_river,
        half_bet_reopens=config.half_bet_reopens, carry_stacks=carry,
    )


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _locked(method: Callable[Concatenate[Tables, _P], _R]) -> Callable[Concatenate[Tables, _P], _R]:
    """``method`` run holding its object's lock, from its first check to its last write (the
    GIL is released only inside the C calls): concurrent calls on one ``Tables`` run in turn.
    The methods of the stepping loop (``legal``, ``step``, ``observe``, ``play_random_until``)
    take the lock inline instead: this wrapper's extra call costs about a microsecond."""

    @functools.wraps(method)
    def locked(self: Tables, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with self._lock:
            return method(self, *args, **kwargs)

    return locked


class Tables:
    """``n`` independent tables of hold'em, stepped together from NumPy arrays.

    The first hand is dealt at once. A new hand draws two hole cards per seat and the board
    from a fresh deck (R18; burns are not drawn, they change nothing), posts antes and blinds
    (R14-R16) and waits for the first actor.

    Parameters
    ----------
    n:
        Number of tables (0 is allowed, and then an empty list is an empty array of actions);
        at most 2**40.
    players:
        Seats per table, 2 to 10 (R10).
    config:
        The rules: every structure, blinds, antes (both modes), fixed-limit caps and both
        ``conventions`` of :class:`fastholdem.game.GameConfig`.
    stacks:
        Starting stacks: an int (every seat of every table), an ``(n, players)`` int array, or
        a callable ``draw(rng, k)`` returning a ``(k, players)`` int array, called whenever
        ``k`` tables are dealt a new hand (``rng`` is the tables' ``numpy.random.Generator``).
        Every stack must be a positive number of chips.
    seed:
        Seed of every table's cards (table ``t`` draws from the stream ``(seed, t)``) and of
        ``rng``. ``None`` draws a fresh seed (kept in :attr:`seed`).
    button:
        The button's seat in the first hand: an int or an ``(n,)`` int array. It moves one seat
        clockwise with every new hand (R13).
    auto_reset:
        ``False`` (default): a finished table waits for :meth:`reset`. ``True``: :meth:`step`
        deals the next hand at once in every table that finished; :attr:`hand_over`,
        :attr:`rewards` and :meth:`to_phh` still describe the finished hand until the next
        :meth:`step`.
    carry_stacks:
        ``False`` (default): every hand starts from the configured stacks (``simulate``'s
        semantics). ``True``: stacks carry over from hand to hand; a seat left without chips
        rebuys its configured stack (R39).
    history:
        Actions kept per hand for :meth:`to_phh` in a fixed array (and a third as many bet or
        raise amounts), default 48; the rest of a longer hand goes to an overflow log on the
        heap that grows as the hand needs, so ``to_phh`` replays every hand. 0 keeps no log.
        Each table keeps its current and its last finished hand (about ``7 * history`` bytes,
        plus 16 bytes of overflow pointers).

    Raises
    ------
    TypeError
        ``n``, ``players``, ``seed`` or ``button`` not ints, ``config`` not a GameConfig,
        ``stacks`` not an int, integer array or callable.
    ValueError
        Values or shapes out of range (naming the argument).
    ConfigError
        A config the engine cannot play (small blind above the big blind, a chip amount its
        structure uses of 2**56 or more, a ``bet_cap`` above 10,000).

    Notes
    -----
    Threads: every method holds the object's lock (reentrant) from its first check to its last
    write, and releases the GIL only inside its C calls, so concurrent calls on one object run
    one after the other, each on the state the previous one left. A :meth:`step` that another
    thread made illegal since this thread's :meth:`legal` is refused with
    ``IllegalActionError`` and changes no table. ``hand_over``, ``rewards`` and ``stacks`` are
    views of the live arrays (another thread's step changes them under the reader); the other
    properties and methods return copies taken under the lock. For speed, give each thread
    its own ``Tables``.

    Examples
    --------
    >>> from fastholdem.game import GameConfig
    >>> from fastholdem.vector import FOLD, CHECK, CALL, BET_OR_RAISE_TO
    >>> tables = Tables(3, 6, GameConfig(), 200, seed=1)
    >>> tables.legal().actor.tolist()          # left of the big blind (button 0)
    [3, 3, 3]
    >>> tables.step(np.full(3, FOLD))
    >>> tables.legal().actor.tolist()
    [4, 4, 4]
    """

    def __init__(
        self,
        n: int,
        players: int,
        config: GameConfig,
        stacks: int | npt.ArrayLike | StackDraw,
        *,
        seed: int | None = None,
        button: int | npt.ArrayLike = 0,
        auto_reset: bool = False,
        carry_stacks: bool = False,
        history: int = 48,
    ) -> None:
        self._lock = threading.RLock()
        self.n = n = count(n, "n", 0)
        if n > _MAX_TABLES:
            raise InputError(f"n must be at most 2**40 (1,099,511,627,776) tables, got {echo(n)}")
        self.players = players = count(players, "players", 2, 10)
        if not isinstance(config, GameConfig):
            raise InputTypeError(f"config must be a GameConfig, got {type(config).__name__}")
        self.config = config
        if type(auto_reset) is not bool or type(carry_stacks) is not bool:
            raise InputTypeError("auto_reset and carry_stacks must be bools")
        self.auto_reset = auto_reset
        self.carry_stacks = carry_stacks
        if seed is None:
            seed = int(np.random.SeedSequence().entropy) & ((1 << 64) - 1)  # type: ignore[arg-type]
        self.seed = count(seed, "seed", 0, (1 << 64) - 1)
        self.rng = np.random.default_rng(self.seed)
        self._draw: StackDraw | None = None
        if callable(stacks):
            self._draw = stacks
            base = self._drawn(n) if n else np.ones((1, players), np.int64)
        elif isinstance(stacks, (int, np.integer)) and not isinstance(stacks, (bool, np.bool_)):
            base = np.full((1, players), self._stack_value(int(stacks)), np.int64)
        else:
            base = int_array(stacks, "stacks", (n, players))
            self._check_stacks(base, "stacks")
        self.history = count(history, "history", 0, 10_000)
        cfg = _engine_config(config, players, carry_stacks)
        buttons = per_table(button, "button", n, 0, players - 1)
        try:
            self._core = VecCore(n, cfg, base, buttons, self.seed, self.history)
        except MemoryError:
            raise MemoryError(f"no memory for n={n:,} tables of {players} seats (history={self.history})") from None
        self._core.new_hands(None, False)

    # ------------------------------------------------------------------ stacks

    def _stack_value(self, value: int) -> int:
        if not 1 <= value < _MAX_CHIPS // 16:
            raise InputError(f"stacks must be positive and below 2**52 chips, got {value}")
        return value

    def _check_stacks(self, arr: npt.NDArray[np.int64], name: str) -> None:
        if arr.size and (arr.min() < 1 or arr.max() >= _MAX_CHIPS // 16):
            raise InputError(f"{name} must be positive and below 2**52 chips")

    def _drawn(self, k: int) -> npt.NDArray[np.int64]:
        assert self._draw is not None
        arr = int_array(self._draw(self.rng, k), "stacks (the array drawn)", (k, self.players))
        self._check_stacks(arr, "stacks (the array drawn)")
        return arr

    def _redraw(self, mask: npt.NDArray[np.bool_]) -> None:
        """Draw new configured stacks for the tables in ``mask`` (callable ``stacks`` only)."""
        k = int(mask.sum())
        if not k:
            return
        self._core.set_base(mask, self._drawn(k))

    # ------------------------------------------------------------------ hands

    @_locked
    def reset(self, mask: npt.ArrayLike | None = None) -> None:
        """Deal a new hand to every table, or to the tables where ``mask`` is true.

        A hand still running there is abandoned (its stacks go back to what they were when it
        started). The button moves one seat clockwise (R13).

        Parameters
        ----------
        mask:
            ``None`` or a bool array of shape ``(n,)``.

        Raises
        ------
        TypeError, ValueError
            ``mask`` not a bool array of shape ``(n,)``.
        KeyboardInterrupt
            On Ctrl-C (polled on large ``n``): the tables before some index hold their new hand,
            the others are untouched.

        Examples
        --------
        >>> from fastholdem.game import GameConfig
        >>> tables = Tables(2, 2, GameConfig(), 50, seed=2)
        >>> tables.reset(np.array([True, False]))
        >>> tables.button.tolist()
        [1, 0]
        """
        m = table_mask(mask, self.n)
        if self._draw is not None:
            self._redraw(np.ones(self.n, np.bool_) if m is None else m)
        self._core.new_hands(m, True)

    def legal(self) -> Legal:
        """The legal actions of every table (see :class:`Legal`).

        Examples
        --------
        >>> from fastholdem.game import GameConfig
        >>> Tables(1, 2, GameConfig(), 100, seed=0).legal().can_check.tolist()
        [False]
        """
        with self._lock:
            return Legal(*self._core.legal())

    def step(self, kind: npt.ArrayLike, amount: npt.ArrayLike | None = None,
             mask: npt.ArrayLike | None = None) -> None:
        """Apply one action in every table that has a player to act (and where ``mask`` is true).

        Parameters
        ----------
        kind:
            Integer array ``(n,)`` of :class:`Kind` codes; entries of tables whose hand is over
            are ignored.
        amount:
            Integer array ``(n,)``: the total bet this round of each ``BET_OR_RAISE_TO``
            (ignored for other kinds); may be omitted when no table bets or raises.
        mask:
            ``None`` (every table) or a bool array ``(n,)``: only the tables where it is true
            act; the others are left as they are (their entries of ``kind`` and ``amount`` are
            ignored). Needs ``auto_reset=False``.

        Raises
        ------
        InputTypeError
            ``kind`` or ``amount`` not an integer array, ``mask`` not a bool array (a ``TypeError``).
        InputError
            A wrong shape (a ``ValueError``).
        IllegalActionError
            An illegal action in any table (a ``ValueError``): the message names the first few
            tables and why, and no table changes (all tables are checked before any moves).
        KeyboardInterrupt
            On Ctrl-C while the actions are checked (polled on large ``n``): no table changed.
            The apply pass that follows runs to its end (about 0.1 us a table).

        Examples
        --------
        >>> from fastholdem.game import GameConfig
        >>> from fastholdem.vector import FOLD, CHECK, CALL, BET_OR_RAISE_TO
        >>> tables = Tables(2, 2, GameConfig(), 100, seed=0)
        >>> tables.step([CHECK, CALL])
        Traceback (most recent call last):
        ...
        fastholdem.errors.IllegalActionError: illegal action in 1 table (no table changed): table 0: seat 0 cannot check: 1 to call
        >>> tables.step([BET_OR_RAISE_TO, FOLD], [6, 0])
        >>> tables.legal().call.tolist(), tables.hand_over.tolist()
        ([4, 0], [False, True])
        """
        with self._lock:
            self._step(kind, amount, mask)

    def _step(self, kind: npt.ArrayLike, amount: npt.ArrayLike | None, mask: npt.ArrayLike | None) -> None:
        """:meth:`step`, holding the lock."""
        n = self.n
        k = int_array(kind, "kind", (n,))
        am = np.zeros(n, np.int64) if amount is None else int_array(amount, "amount", (n,))
        m = table_mask(mask, n)
        if m is not None and self.auto_reset:
            raise InputError("step(mask=...) needs auto_reset=False")
        core = self._core
        bad, idx, codes = core.check_step(k, am, _REPORT, m)
        if bad:
            raise IllegalActionError(self._illegal_message(bad, idx, codes, k, am))
        if not self.auto_reset:
            core.step(k, am, m, VEC_NO_RESET)
        elif self._draw is None:
            core.step(k, am, None, VEC_AUTO_RESET)
        else:  # every finished table reports its hand; its next one waits for the stacks drawn
            core.step(k, am, None, VEC_REPORT_ONLY)
            done = core.actor < 0
            self._redraw(done)
            core.new_hands(done, True, False)

    def _illegal_message(self, bad: int, idx: list[int], codes: list[int], kind: npt.NDArray[np.int64],
                         amount: npt.NDArray[np.int64]) -> str:
        actor, _, _, call, lo, hi = self._core.legal()
        parts = []
        for t, code in zip(idx, codes):
            text = _REASONS[code].format(kind=int(kind[t]), seat=int(actor[t]), call=int(call[t]),
                                         amount=int(amount[t]), lo=int(lo[t]), hi=int(hi[t]))
            parts.append(f"table {t}: {text}")
        more = f"; and {bad - len(idx)} more" if bad > len(idx) else ""
        plural = "table" if bad == 1 else "tables"
        return f"illegal action in {bad} {plural} (no table changed): " + "; ".join(parts) + more

    # ------------------------------------------------------------------ state

    @property
    def hand_over(self) -> npt.NDArray[np.bool_]:
        """bool ``(n,)``: the table's hand is over (with ``auto_reset``: a hand finished at the last
        step). Read-only view."""
        return self._core.hand_over

    @property
    def rewards(self) -> npt.NDArray[np.int64]:
        """int64 ``(n, players)``: chips won (negative: lost) by each seat in each table's last
        finished hand. Read-only view."""
        return self._core.rewards

    @property
    def stacks(self) -> npt.NDArray[np.int64]:
        """int64 ``(n, players)``: the current chips behind of every seat. Read-only view."""
        return self._core.stacks

    @property
    @_locked
    def button(self) -> npt.NDArray[np.int16]:
        """int16 ``(n,)``: the button's seat in each table's current hand."""
        return self._core.button.astype(np.int16)

    @property
    @_locked
    def hole(self) -> npt.NDArray[np.int8]:
        """int8 ``(n, players, 2)``: every seat's hole cards, of the finished hand where
        ``hand_over``, else of the hand being played (a read-only copy)."""
        out: npt.NDArray[np.int8] = self._core.shown_hole()
        return out

    @property
    @_locked
    def showdown(self) -> npt.NDArray[np.bool_]:
        """bool ``(n,)``: whether each table's last finished hand was decided at a showdown."""
        shown: npt.NDArray[np.bool_] = self._core.last_showdowns()[0]
        return shown

    @property
    @_locked
    def winning_value(self) -> npt.NDArray[np.uint16]:
        """uint16 ``(n,)``: the best hand value shown down in each table's last finished hand
        (1..7462, higher wins; 0 without a showdown)."""
        value: npt.NDArray[np.uint16] = self._core.last_showdowns()[1]
        return value

    @_locked
    def last_hands(self, rows: npt.ArrayLike | None = None) -> HandRecord:
        """The record of the last finished hand of every table, or of the tables ``rows``.

        It stays on record while it is the table's last finished hand, after :meth:`reset`
        too. ``folded`` is the exception: the engine keeps only the folds of the hand being
        played, so it is ``None`` when any of the tables asked for has been dealt a new hand
        since (with ``auto_reset``, a table that finished at the last step already has).

        Parameters
        ----------
        rows:
            ``None`` (every table) or an integer array of table indices.

        Returns
        -------
        HandRecord
            Arrays over the ``k`` tables asked for (see :class:`HandRecord`).

        Raises
        ------
        TypeError
            ``rows`` not an integer array.
        ValueError
            A table outside ``0..n-1``, or one with no finished hand on record (the message
            names it).

        Examples
        --------
        >>> from fastholdem.game import GameConfig
        >>> from fastholdem.vector import FOLD
        >>> tables = Tables(3, 2, GameConfig(), 100, seed=5)
        >>> tables.step(np.full(3, FOLD))
        >>> record = tables.last_hands(np.array([0, 2]))
        >>> record.rewards.tolist(), record.folded.tolist()
        ([[-1, 1], [-1, 1]], [[True, False], [True, False]])
        """
        if rows is None:
            r = np.arange(self.n)
        else:
            arr = as_array(rows, "rows")
            if arr.size and (arr.dtype == np.bool_ or arr.dtype.kind not in "iu"):
                raise InputTypeError(f"rows must be an integer array, got dtype {arr.dtype}")
            if arr.ndim != 1:
                raise InputError(f"rows must be one-dimensional, got shape {arr.shape}")
            if arr.size and (arr.min() < 0 or arr.max() >= self.n):
                raise InputError(f"rows must hold tables 0..{self.n - 1}")
            r = arr.astype(np.intp)
        return HandRecord(**self._core.hands(r))

    def observe(self, seat: int | npt.ArrayLike | None = None) -> Observation:
        """One seat's view of every table (see :class:`Observation`).

        Parameters
        ----------
        seat:
            ``None`` for the player to act, an int (the same seat everywhere) or an int array
            ``(n,)`` (-1 for no seat).

        Examples
        --------
        >>> from fastholdem.game import GameConfig
        >>> obs = Tables(2, 3, GameConfig(), 100, seed=4).observe(seat=2)
        >>> obs.bets.tolist(), obs.to_call.tolist(), obs.position.tolist()
        ([[0, 1, 2], [0, 1, 2]], [0, 0], [2, 2])
        """
        core = self._core
        n, players = self.n, self.players
        s: npt.NDArray[np.int16] | None = None  # None: the player to act, read under the lock
        if seat is not None:
            s = per_table(seat, "seat", n, 0, players - 1, low_array=-1).astype(np.int16)
        with self._lock:
            if s is None:
                s = core.actor.astype(np.int16)
            hole, board, street, stacks, bets, folded, pot, to_call, position, raises, button = core.observe(
                np.ascontiguousarray(s, dtype=np.int16))
        return Observation(s, hole, board, street, stacks, bets, folded, pot, to_call, position, raises,
                           button)

    # ------------------------------------------------------------------ fast paths, export

    @_locked
    def play_random(self, hands: int, *, fold: float = 0.15, aggression: float = 0.30,
                    threads: int | None = None) -> dict[str, Any]:
        """Play ``hands`` whole hands in C, every seat a random player; return per-seat tallies.

        The hands are spread over the tables (table ``t`` plays ``hands // n`` of them, one
        more when ``t < hands % n``), each dealt as :meth:`reset` deals (a running hand is
        abandoned first). Every seat plays as :class:`fastholdem.game.RandomPlayer`: facing a
        bet it folds with probability ``fold``; with probability ``aggression`` it bets or
        raises to a uniform legal amount; else it checks or calls (``fold=aggression=0`` is a
        calling station). The result does not depend on ``threads``. Afterwards every table
        shows its last hand (``hand_over``, ``rewards``, :meth:`to_phh`).

        Returns
        -------
        dict
            ``hands``; per seat ``total`` (chips won), ``squares`` (sum of squared wins),
            ``showdowns`` (hands shown down) and ``wins`` (pots won at showdown, by category
            0..8 of the winning hand). The sums are exact Python ints at any stacks and any
            number of hands: the C engine adds ``total`` in 128 bits and ``squares`` in 192
            (a seat's total passes int64 after a few hundred hands of stacks near 2**52).

        Raises
        ------
        ValueError
            Negative ``hands``, probabilities outside [0, 1] or summing above 1, callable
            ``stacks`` (draw them per hand with :meth:`reset` and :meth:`step` instead).
        KeyboardInterrupt
            On Ctrl-C, within about 50 ms.

        Examples
        --------
        >>> from fastholdem.game import GameConfig
        >>> tally = Tables(100, 6, GameConfig(), 400, seed=1).play_random(10_000)
        >>> tally["hands"], sum(tally["total"])
        (10000, 0)
        """
        hands = count(hands, "hands", 0, (1 << 63) - 1)
        p_fold, p_raise = check_probabilities(fold, aggression)
        if self._draw is not None:
            raise InputError("play_random needs int or array stacks, not a callable")
        if self.n == 0 and hands:
            raise InputError("play_random needs at least one table")
        return self._core.play_random(hands, p_fold, p_raise, threads)

    def play_random_until(self, seat: int, mask: npt.ArrayLike | None = None, *, fold: float = 0.15,
                          aggression: float = 0.30) -> None:
        """Let the random player act for every seat but ``seat`` until ``seat`` is to act or the
        hand is over, in every table (or those where ``mask`` is true), in C.

        The random player is :meth:`play_random`'s (and :class:`fastholdem.vector.RandomPolicy`'s
        policy, drawing from each table's own generator instead). This is how the reinforcement
        learning adapters play ``opponents="random"``. Needs ``auto_reset=False``.

        Raises
        ------
        TypeError, ValueError
            ``seat`` not a seat, ``mask`` not a bool array of shape ``(n,)``, probabilities
            outside [0, 1] or summing above 1, or ``auto_reset=True``.

        Examples
        --------
        >>> from fastholdem.game import GameConfig
        >>> tables = Tables(500, 6, GameConfig(), 400, seed=1)
        >>> tables.play_random_until(2)
        >>> bool(np.isin(tables.legal().actor, [2, -1]).all())
        True
        """
        s = count(seat, "seat", 0, self.players - 1)
        p_fold, p_raise = check_probabilities(fold, aggression)
        if self.auto_reset:
            raise InputError("play_random_until needs auto_reset=False")
        m = table_mask(mask, self.n)
        with self._lock:
            self._core.play_random_until(s, m, p_fold, p_raise)

    @_locked
    def to_phh(self, i: int) -> Any:
        """The PHH hand history of table ``i``'s last finished hand, with ``finishing_stacks``.

        ``fastholdem.phh.dumps`` writes it; ``phh`` (and pokerkit, under
        ``conventions="pokerkit"``) replay it to the same stacks.

        Raises
        ------
        InputTypeError
            ``i`` not an int (a ``TypeError``).
        IndexRangeError
            ``i`` outside ``0..n-1`` (an ``IndexError`` and a ``ValueError``).
        InputError
            The table has no finished hand on record, or its log cannot replay the hand:
            ``history=0`` keeps none (a ``ValueError``).

        Examples
        --------
        >>> from fastholdem.game import GameConfig
        >>> from fastholdem.vector import FOLD, CHECK, CALL, BET_OR_RAISE_TO
        >>> tables = Tables(1, 2, GameConfig(), 100, seed=5)
        >>> tables.step([FOLD])
        >>> tables.to_phh(0).finishing_stacks
        [101, 99]
        """
        return hand_history(self, as_int(i, "i (the table)"))

    # ------------------------------------------------------------------ copies

    def __getstate__(self) -> dict[str, Any]:
        """Pickle and copy support: the engine travels as its state bytes (``VecCore.state``,
        versioned and checked on load), taken under the object's locks; locks are made afresh.

        ``pickle``, ``copy.deepcopy`` and ``copy.copy`` all give an independent copy: the same
        cards to come, generators, stacks, bets and records, and stepping one leaves the other
        as it was. A callable ``stacks`` is shared, not copied (pickle stores it by name).

        >>> import copy
        >>> from fastholdem.game import GameConfig
        >>> tables = Tables(2, 2, GameConfig(), 100, seed=4)
        >>> twin = copy.copy(tables)
        >>> tables.step([0, 0])
        >>> tables.hand_over.tolist(), twin.hand_over.tolist()
        ([True, True], [False, False])
        """
        state = self.__dict__.copy()
        locks = {k: v for k, v in state.items() if isinstance(v, _LOCK_TYPES)}
        with contextlib.ExitStack() as held:
            for lock in locks.values():
                held.enter_context(lock)
            state["_core"] = self._core.state()
        for k, lock in locks.items():
            state[k] = _LOCK_TYPES.index(type(lock))
        state["_locks"] = list(locks)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        for k in state.pop("_locks", []):
            state[k] = (threading.Lock, threading.RLock)[state[k]]()
        state["_core"] = vec_from_state(state["_core"])
        self.__dict__.update(state)

    def __copy__(self) -> Tables:
        """An independent copy, as ``copy.deepcopy`` (tables never share an engine)."""
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        return f"<Tables n={self.n} players={self.players} {self.config.structure.value} conventions={self.config.conventions!r}>"
