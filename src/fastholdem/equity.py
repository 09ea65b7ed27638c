"""Equity: each player's share of the pot over every possible board (exact) or over random
deals (Monte Carlo), for 2-10 players holding hands or ranges.

>>> r = equity(["AhKh", "QsQd"])
>>> r.exact, r.deals, round(float(r.equity[0]), 9)
(True, 1712304, 0.462144572)

Work is cut into chunks whose integer tallies add up exactly: groups of distinct deals for
enumeration, seeded blocks of trials for Monte Carlo (block ``b`` always draws from the
stream ``(seed, b)``). The same seed therefore gives the same result with any number of
threads, and chunks may be computed anywhere and summed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Union

import numpy as np
import numpy.typing as npt

from . import _core
from .cards import CardsLike, card_str, cards_str, parse_cards
from .errors import CardError, RangeError
from .progress import Progress
from .ranges import N_COMBOS, Range

__all__ = ["equity", "EquityResult", "PlayerLike", "equity_batch", "hand_strength"]

PlayerLike = Union[str, Range, Sequence[Union[int, str]]]
"""A player: a hand (``"AhKh"`` or two cards) or a range (``"AKs,QQ+"``, a :class:`Range`)."""

equity_batch = _core.equity_batch
hand_strength = _core.hand_strength

_Floats = npt.NDArray[np.float64]

BLOCK_TRIALS = 4096
"""Monte Carlo trials per block (one RNG stream per block)."""
BLOCKS_PER_ROUND = 32
"""Blocks between two checks of the standard-error target (fixed, so results do not
depend on the thread count)."""
DEFAULT_TRIALS = 1_000_000
MAX_TRIALS = 10**10
EXACT_AUTO_LIMIT = 300_000_000
"""``exact=None`` enumerates when distinct deals x boards x players is at most this."""
MAX_ASSIGNMENTS = 5_000_000
"""Most collision-free hand assignments an exact range job may list."""


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`equity`.

    Attributes
    ----------
    players : tuple of str
        Each player's hand or range, as given.
    equity, win, tie, stderr : numpy.ndarray of float64, shape (players,)
        Equity (wins plus tie shares; sums to 1), probability of winning alone, of sharing
        the pot, and the standard error of ``equity`` (0 when exact).
    exact : bool
        True if every board (and every assignment of range hands) was enumerated.
    deals : int
        Boards enumerated (summed over hand assignments) or Monte Carlo trials.
    elapsed : float
        Seconds spent.
    seed : int or None
        The Monte Carlo seed (None when exact).
    board, dead : str
        The board and dead cards.
    split : numpy.ndarray of float64, shape (players + 1,)
        ``split[k]``: weighted count of deals whose pot was shared by exactly k players.
    """

    players: tuple[str, ...]
    equity: npt.NDArray[np.float64]
    win: npt.NDArray[np.float64]
    tie: npt.NDArray[np.float64]
    stderr: npt.NDArray[np.float64]
    exact: bool
    deals: int
    elapsed: float
    seed: int | None = None
    board: str = ""
    dead: str = ""
    split: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))

    def to_dict(self) -> dict[str, Any]:
        """Plain-Python form (for JSON)."""
        return {
            "players": [
                {"hand": p, "equity": float(e), "win": float(w), "tie": float(t), "stderr": float(s)}
                for p, e, w, t, s in zip(self.players, self.equity, self.win, self.tie, self.stderr)
            ],
            "board": self.board,
            "dead": self.dead,
            "exact": self.exact,
            "deals": self.deals,
            "seed": self.seed,
            "elapsed": self.elapsed,
        }

    def __str__(self) -> str:
        width = max(6, *(len(p) for p in self.players))
        head = f"{'player':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}"
        if not self.exact:
            head += f"  {'stderr':>8}"
        lines = [head]
        for i, p in enumerate(self.players):
            line = f"{p:<{width}}  {self.equity[i]:8.4%}  {self.win[i]:8.4%}  {self.tie[i]:8.4%}"
            if not self.exact:
                line += f"  {self.stderr[i]:8.4%}"
            lines.append(line)
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        what = "boards" if self.exact else "trials"
        context = f"board {self.board or '-'}" + (f", dead {self.dead}" if self.dead else "")
        lines.append(f"{context}; {how}: {self.deals:,} {what} in {self.elapsed:.3f} s")
        return "\n".join(lines)

    def __repr__(self) -> str:
        eq = ", ".join(f"{e:.4f}" for e in self.equity)
        return f"EquityResult(players={self.players!r}, equity=[{eq}], exact={self.exact}, deals={self.deals})"


@dataclass
class _Player:
    label: str
    combos: npt.NDArray[np.uint8]  # (n, 2)
    weights: npt.NDArray[np.float64]
    fixed: bool
    random: bool
    range: Range | None = None


def _parse_player(index: int, spec: PlayerLike) -> _Player:
    if isinstance(spec, Range):
        rng = spec
        label = str(spec)
    elif isinstance(spec, str):
        label = spec.strip()
        try:
            ids = parse_cards(spec)
        except CardError:
            ids = []
        if len(ids) == 2:
            combo = np.array([[max(ids), min(ids)]], dtype=np.uint8)
            return _Player(cards_str(ids), combo, np.ones(1), fixed=True, random=False)
        rng = Range(spec)
    else:
        ids = parse_cards(spec)
        if len(ids) != 2:
            raise CardError(f"player {index + 1}: a hand has 2 cards, got {len(ids)}")
        combo = np.array([[max(ids), min(ids)]], dtype=np.uint8)
        return _Player(cards_str(ids), combo, np.ones(1), fixed=True, random=False)
    w = rng.weights
    is_random = len(rng) == N_COMBOS and bool(np.all(w == w[0]))
    return _Player(label, rng.combos, w, fixed=len(rng) == 1, random=is_random, range=rng)


def _prepare(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike
             ) -> tuple[list[_Player], list[int], list[int]]:
    if isinstance(players, (str, Range)) or not 2 <= len(players) <= _core.MAX_PLAYERS:
        n = 1 if isinstance(players, (str, Range)) else len(players)
        raise ValueError(f"players must hold 2 to {_core.MAX_PLAYERS} hands or ranges, got {n}")
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
    taken = list(owner)
    for i, p in enumerate(parsed):
        if p.fixed:
            continue
        keep = (p.range if p.range is not None else Range.from_combos(p.combos, p.weights)).without(taken)
        if len(keep) == 0:
            raise RangeError(f"player {i + 1}'s range {p.label!r} has no hand left without the cards "
                             f"{cards_str(sorted(taken), ' ')}")
        p.combos, p.weights = keep.combos, keep.weights
    return parsed, board_ids, dead_ids


def _assignments(parsed: list[_Player], limit: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]] | None:
    """Every collision-free choice of one combo per player, with its weight (product of the
    combo weights); None when more than ``limit`` would have to be listed."""
    deals = np.zeros((1, 0), dtype=np.uint8)
    weights = np.ones(1)
    masks = np.zeros(1, dtype=np.uint64)
    one = np.uint64(1)
    for p in parsed:
        n = len(p.combos)
        if len(deals) * n > limit:
            return None
        cmask = (one << p.combos[:, 0].astype(np.uint64)) | (one << p.combos[:, 1].astype(np.uint64))
        a = np.repeat(np.arange(len(deals)), n)
        b = np.tile(np.arange(n), len(deals))
        ok = (masks[a] & cmask[b]) == 0
        a, b = a[ok], b[ok]
        deals = np.concatenate([deals[a], p.combos[b]], axis=1)
        weights = weights[a] * p.weights[b]
        masks = masks[a] | cmask[b]
    return np.ascontiguousarray(deals), weights


def equity(
    players: Sequence[PlayerLike],
    board: CardsLike = None,
    dead: CardsLike = None,
    *,
    exact: bool | None = None,
    trials: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    progress: bool | None = None,
) -> EquityResult:
    """Each player's equity: exact enumeration of every board, or Monte Carlo.

    Parameters
    ----------
    players : sequence of 2-10 hands or ranges
        A hand is ``"AhKh"`` or two cards; a range is range text (``"AKs,QQ+"``,
        ``"random"``; see :class:`fastholdem.Range`) or a :class:`Range`.
    board : cards, optional
        0, 3, 4 or 5 community cards.
    dead : cards, optional
        Cards known to be out of play.
    exact : bool, optional
        True enumerates every board (and every collision-free assignment of range hands,
        weighted); False samples; None (default) samples when ``trials`` or ``stderr`` is
        given, else enumerates when that is cheap (distinct deals x boards x players <= 3e8,
        or heads-up preflop, read from the shipped exact table) and samples otherwise.
    trials : int, optional
        Monte Carlo trials (default 1,000,000 unless ``stderr`` is given).
    stderr : float, optional
        Monte Carlo stops once every player's standard error is at most this.
    seed : int, optional
        Monte Carlo seed (default: a random one, reported in the result). The same seed
        gives the same result whatever ``threads`` is.
    threads : int, optional
        Threads to use; default all cores.
    progress : bool, optional
        Draw a progress bar on stderr for jobs longer than a second (default: if stderr is
        a terminal).

    Returns
    -------
    EquityResult

    Raises
    ------
    CardError, RangeError
        Bad or clashing cards, or a range left empty by the known cards.
    ValueError
        Wrong number of players or board cards, bad ``trials``/``stderr``, or an exact job
        too large to list.

    Examples
    --------
    >>> r = equity(["AsAd", "KhKc", "7s6s"])
    >>> [round(float(e), 4) for e in r.equity]
    [0.6104, 0.178, 0.2116]
    >>> equity(["AKs,QQ+", "random"], board="Td7c2s", seed=1).exact
    True
    """
    start = time.perf_counter()
    nthreads = _core.max_threads() if threads is None else threads
    if isinstance(nthreads, bool) or not isinstance(nthreads, int) or nthreads < 1:
        raise ValueError(f"threads must be a positive int or None, got {threads!r}")
    if trials is not None and (isinstance(trials, bool) or not 1 <= int(trials) <= MAX_TRIALS):
        raise ValueError(f"trials must be 1..{MAX_TRIALS}, got {trials!r}")
    if stderr is not None and not (isinstance(stderr, (int, float)) and 0 < stderr < 1):
        raise ValueError(f"stderr must be a number in (0, 1), got {stderr!r}")
    parsed, board_ids, dead_ids = _prepare(players, board, dead)
    n_players = len(parsed)
    labels = tuple(p.label for p in parsed)
    missing = 5 - len(board_ids)
    fixed_cards = sum(2 for p in parsed)
    boards_per_deal = _core.board_count(52 - len(board_ids) - len(dead_ids) - fixed_cards, missing)

    if exact is None and (trials is not None or stderr is not None):
        exact = False  # asking for trials or a standard error asks for Monte Carlo
    listed = None
    if exact is not False:
        listed = _assignments(parsed, MAX_ASSIGNMENTS)
        if listed is None and exact:
            raise ValueError(f"exact enumeration would list over {MAX_ASSIGNMENTS:,} hand assignments; "
                             "use Monte Carlo (exact=False)")
    job = None
    if listed is not None and len(listed[0]) == 0:
        raise RangeError("the ranges cannot be dealt without two players sharing a card")
    if listed is not None:
        job = _ExactJob(listed[0], listed[1], board_ids, dead_ids)
        if exact is None and job.cost(boards_per_deal) > EXACT_AUTO_LIMIT:
            job = None
    board_text, dead_text = cards_str(board_ids), cards_str(dead_ids)
    if job is not None:
        eq, win, tie, split, deals = job.run(nthreads, progress)
        return EquityResult(players=labels, equity=eq, win=win, tie=tie, stderr=np.zeros(n_players), exact=True,
                            deals=deals, elapsed=time.perf_counter() - start, split=split, board=board_text,
                            dead=dead_text)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little") >> 1
    mc = _MonteCarloJob(parsed, board_ids, dead_ids, int(seed))
    target = DEFAULT_TRIALS if trials is None and stderr is None else trials
    eq, win, tie, err, split, deals = mc.run(nthreads, target, stderr, progress)
    return EquityResult(players=labels, equity=eq, win=win, tie=tie, stderr=err, exact=False, deals=deals,
                        elapsed=time.perf_counter() - start, seed=int(seed), split=split, board=board_text,
                        dead=dead_text)


PREFLOP_TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "preflop_headsup.npz")
PREFLOP_BOARDS = 1_712_304


@lru_cache(maxsize=1)
def _preflop_table() -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint32]]:
    """Sorted canonical keys and (wins of hand 1, wins of hand 2, ties) of every heads-up
    preflop matchup, written by tools/gen_preflop.py."""
    with np.load(PREFLOP_TABLE) as data:
        return data["keys"], data["counts"]


def _preflop_tallies(deals: npt.NDArray[np.uint8]) -> dict[str, npt.NDArray[np.uint64]]:
    """Exact tallies of heads-up preflop deals (n, 4), read from the shipped table."""
    keys, counts = _preflop_table()
    key = _core.canonical_deal_keys(deals)
    mirror = _core.canonical_deal_keys(np.ascontiguousarray(deals[:, [2, 3, 0, 1]]))
    swapped = mirror < key
    lookup = np.where(swapped, mirror, key)
    pos = np.minimum(np.searchsorted(keys, lookup), len(keys) - 1)
    if not np.array_equal(keys[pos], lookup):  # the table must cover every matchup
        raise RuntimeError(f"{os.path.basename(PREFLOP_TABLE)} lacks a matchup: regenerate it with tools/gen_preflop.py")
    row = counts[pos].astype(np.uint64)
    w1 = np.where(swapped, row[:, 1], row[:, 0])
    w2 = np.where(swapped, row[:, 0], row[:, 1])
    tie = row[:, 2]
    unit, half = np.uint64(_core.SHARE_UNIT), np.uint64(_core.SHARE_UNIT // 2)
    n = len(deals)
    return {
        "deals": np.full(n, PREFLOP_BOARDS, dtype=np.uint64),
        "win": np.stack([w1, w2], axis=1),
        "tie": np.stack([tie, tie], axis=1),
        "share": np.stack([w1 * unit + tie * half, w2 * unit + tie * half], axis=1),
        "share_sq": np.stack([w1 * unit * unit + tie * half * half, w2 * unit * unit + tie * half * half], axis=1),
        "split": np.stack([np.zeros(n, np.uint64), w1 + w2, tie], axis=1),
    }


class _ExactJob:
    """Enumeration over distinct deals; chunks of distinct deals are independent.

    Heads-up preflop deals without dead cards come from the shipped exact table instead.
    """

    def __init__(self, deals: npt.NDArray[np.uint8], weights: npt.NDArray[np.float64],
                 board: list[int], dead: list[int]) -> None:
        self.board, self.dead = board, dead
        self.n_players: int = int(deals.shape[1]) // 2
        self.weights = weights
        self.from_table = not board and not dead and self.n_players == 2 and os.path.exists(PREFLOP_TABLE)
        if self.n_players <= 5 and len(deals) > 1:
            keys = _core.canonical_deal_keys(deals, board, dead)
            _, first, self.inverse = np.unique(keys, return_index=True, return_inverse=True)
            self.unique: npt.NDArray[np.uint8] = np.ascontiguousarray(deals[first])
        else:
            self.unique, self.inverse = deals, np.arange(len(deals))

    def cost(self, boards_per_deal: int) -> int:
        if self.from_table:
            return len(self.unique)
        return len(self.unique) * int(boards_per_deal) * self.n_players

    def run_chunk(self, lo: int, hi: int, threads: int) -> dict[str, npt.NDArray[np.uint64]]:
        """Integer tallies of distinct deals [lo, hi): a unit of work that adds exactly."""
        if self.from_table:
            return _preflop_tallies(self.unique[lo:hi])
        return _core.exact_deals(self.unique[lo:hi], self.board, self.dead, threads)

    def run(self, threads: int, progress: bool | None) -> tuple[_Floats, _Floats, _Floats, _Floats, int]:
        """Equity, win, tie, split (weighted) and the number of boards over all deals."""
        n = len(self.unique)
        chunk = n if self.from_table else max(1, -(-n // 100))  # about 100 chunks: progress steps, units of distributed work
        parts = []
        with Progress(n, "exact", enabled=progress) as bar:
            for lo in range(0, n, chunk):
                parts.append(self.run_chunk(lo, min(n, lo + chunk), threads))
                bar.update(min(chunk, n - lo))
        t = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
        w = self.weights
        inv = self.inverse
        deals_w = float(np.dot(w, t["deals"][inv].astype(np.float64)))
        share = w @ t["share"][inv].astype(np.float64)
        win = w @ t["win"][inv].astype(np.float64)
        tie = w @ t["tie"][inv].astype(np.float64)
        split = w @ t["split"][inv].astype(np.float64)
        total_deals = int(t["deals"][inv].sum())
        eq = share / (_core.SHARE_UNIT * deals_w)
        return eq, win / deals_w, tie / deals_w, split, total_deals


class _MonteCarloJob:
    """Seeded Monte Carlo; block b draws from stream (seed, b), so blocks add exactly."""

    def __init__(self, parsed: list[_Player], board: list[int], dead: list[int], seed: int) -> None:
        self.combos = [None if p.random else p.combos for p in parsed]
        self.cum = [None if p.random else np.cumsum(p.weights) for p in parsed]
        self.random = [p.random for p in parsed]
        self.board, self.dead, self.seed = board, dead, seed & (2**64 - 1)
        self.n_players = len(parsed)

    def run_blocks(self, first: int, count: int, size: int, threads: int) -> dict[str, Any]:
        """Tally of blocks [first, first + count) of ``size`` trials each."""
        return _core.monte_carlo(self.combos, self.cum, self.random, self.board, self.dead, self.seed,
                                 first, count, size, threads)

    def run(self, threads: int, trials: int | None, target: float | None, progress: bool | None
            ) -> tuple[_Floats, _Floats, _Floats, _Floats, _Floats, int]:
        """Equity, win, tie, standard error, split and the number of trials."""
        total: dict[str, Any] | None = None
        block = 0
        limit = trials if trials is not None else MAX_TRIALS
        err = np.full(self.n_players, np.inf)
        with Progress(limit, "monte carlo", enabled=progress) as bar:
            while True:
                done = 0 if total is None else int(total["deals"])
                left = limit - done
                if left <= 0:
                    break
                count = min(BLOCKS_PER_ROUND, left // BLOCK_TRIALS)
                if count > 0:
                    part = self.run_blocks(block, count, BLOCK_TRIALS, threads)
                    block += count
                else:
                    part = self.run_blocks(block, 1, left, threads)
                    block += 1
                total = part if total is None else {k: total[k] + part[k] for k in total}
                n = float(total["deals"])
                mean = total["share"].astype(np.float64) / (_core.SHARE_UNIT * n)
                sq = total["share_sq"].astype(np.float64) / (float(_core.SHARE_UNIT) ** 2 * n)
                err = np.sqrt(np.maximum(sq - mean * mean, 0.0) / n)
                if target is not None:
                    worst = float(err.max())
                    if worst <= target:
                        break
                    # Progress toward the target: trials needed grow as (err / target)^2.
                    need = n * (worst / target) ** 2
                    bar.update(part["deals"], total=min(limit, max(need, n)))
                else:
                    bar.update(part["deals"])
        assert total is not None
        n = float(total["deals"])
        eq = total["share"].astype(np.float64) / (_core.SHARE_UNIT * n)
        return (eq, total["win"] / n, total["tie"] / n, err, total["split"].astype(np.float64),
                int(total["deals"]))
