"""The vector engine against the reference ``Hand``, over millions of random hands (issue 16).

``python tests/reference/vector_differential.py --hands 10000000 --jobs 2 --seed 1``

The run is cut into blocks. Each block draws its own configuration from ``(seed, block)``
(:func:`draw_block`): every structure, both ``conventions``, 2-10 players, blinds (short,
odd, a zero small blind), antes of both kinds, fixed-limit caps and options, stacks from 1
chip to 1,000 big blinds (equal, uneven, redrawn per hand, or mostly shorter than the blinds,
R14a), stacks carried over with the button moving (R13) or reset every hand, and
``auto_reset`` on or off. :func:`play_block` then plays the block's hands on one
:class:`fastholdem.vector.Tables` with a vectorised random policy that favours the edges (the
smallest and largest bet, one chip off either, all-in, fold, check, call; short stacks make
incomplete all-in raises, R29).

What is compared, for every hand. At every step the tool records, per table, the engine's
legal arrays (``actor``, ``can_fold``, ``can_check``, ``call``, ``min_to``, ``max_to``) and the action it
sent. When the hand ends it is rebuilt as a :class:`fastholdem.game.Hand` from the cards,
starting stacks and button the engine dealt, and the recorded actions are replayed into it:

* before each action, ``Hand.legal_actions()`` must equal the engine's legal arrays of that
  step field by field (so the actor is the same at every step), and ``Hand`` must accept the
  action;
* at the end the Hand must be complete with no further actor, its ``payoffs`` must equal
  ``Tables.rewards`` and its final stacks the table's (without ``auto_reset``);
* the next hand of a table must start from those stacks (a seat at 0 rebuys) with the
  button one seat on when stacks carry over, and from the configured stacks otherwise;
* chips are conserved (rewards sum to 0).

A difference prints the block's configuration, its seed and the hand (stacks, button, cards,
actions) and the tool exits 1; ``--block B`` replays one block alone. Ctrl-C stops it (exit
130) after printing the count so far.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from fastholdem import phh
from fastholdem.game import AnteMode, GameConfig, Hand, Structure
from fastholdem.progress import Progress
from fastholdem.vector import BET_OR_RAISE_TO, CALL, CHECK, FOLD, Tables
from fastholdem.vector._export import apply_kind

__all__ = ["Block", "BlockResult", "draw_block", "draw_config", "main", "note_hand", "play_block", "run"]

_NAMES = {FOLD: "f", CHECK: "x", CALL: "c", BET_OR_RAISE_TO: "r"}
_STACK_MODES = ("same", "uneven", "drawn", "short", "deep")
_MAX_REPORTS = 3
_PHH_EVERY = 97  # every 97th hand is also exported with to_phh, written, read and replayed by phh
_HISTORY = 300  # actions the engine logs per hand (for to_phh)
_NOTE_EVERY = 8  # coverage notes (side pots, all-in raises, ...) are counted on every 8th hand


@dataclass
class Block:
    """One block of the run: a configuration and how its tables play."""

    index: int
    seed: int
    config: GameConfig
    players: int
    tables: int
    stack_mode: str
    carry_stacks: bool
    auto_reset: bool
    p_raise: float
    p_fold: float

    def describe(self) -> str:
        """The block as text (enough, with the tool's seed, to play it again)."""
        return (f"block {self.index} (seed {self.seed}): {self.config!r}, players={self.players}, "
                f"tables={self.tables}, stacks={self.stack_mode}, carry_stacks={self.carry_stacks}, "
                f"auto_reset={self.auto_reset}, p_raise={self.p_raise:.3f}, p_fold={self.p_fold:.3f}")


@dataclass
class BlockResult:
    """What one block played and found."""

    hands: int = 0
    steps: int = 0
    differences: int = 0
    reports: list[str] = field(default_factory=list)
    notes: Counter[str] = field(default_factory=Counter)
    cpu: float = 0.0


def _block_seed(seed: int, index: int) -> int:
    return int(np.random.SeedSequence([seed, index]).generate_state(1, np.uint64)[0])


def draw_config(rng: np.random.Generator, conventions: str | None = None,
                structure: Structure | None = None) -> GameConfig:
    """A random GameConfig over every option the vector engine plays (``conventions`` and
    ``structure`` drawn too unless given)."""
    drawn = list(Structure)[int(rng.integers(3))]
    structure = drawn if structure is None else structure
    coin = rng.random()
    conventions = ("pokerkit" if coin < 0.5 else "card-room") if conventions is None else conventions
    bb = int(rng.choice([1, 2, 2, 2, 3, 4, 10, 25, 100]))
    sb = int(rng.choice([0, bb // 2, bb // 2, bb // 2, bb, max(1, bb // 3), max(1, bb - 1)]))
    kw: dict[str, Any] = {"structure": structure, "small_blind": sb, "big_blind": bb, "conventions": conventions}
    mode = rng.choice(["none", "none", "every", "bb"])
    if mode == "every":
        kw.update(ante=int(rng.integers(1, bb + 1)), ante_mode=AnteMode.EVERY_PLAYER)
    elif mode == "bb":
        kw.update(ante=int(rng.choice([bb, bb, 1, 2 * bb, max(1, bb // 2)])), ante_mode=AnteMode.BIG_BLIND)
    if structure is not Structure.LIMIT and rng.random() < 0.2:
        kw["min_bet"] = int(rng.integers(1, 2 * bb + 1))
    if structure is Structure.LIMIT:
        if rng.random() < 0.3:
            kw["small_bet"] = int(rng.integers(1, 3 * bb + 1))
            kw["big_bet"] = int(rng.integers(1, 3 * kw["small_bet"] + 1))
        kw["bet_cap"] = [None, 1, 2, 3, 4, 4, 4, 5][int(rng.integers(8))]
        kw["cap_heads_up"] = bool(rng.random() < 0.3)
        if conventions == "card-room":
            kw["uncapped_river"] = bool(rng.random() < 0.2)
            kw["half_bet_reopens"] = bool(rng.random() < 0.3)
    return GameConfig(**kw)


def _log_stacks(rng: np.random.Generator, shape: tuple[int, ...], bb: int, low_bb: float,
                short: float) -> npt.NDArray[np.int64]:
    """Stacks log-uniform from ``low_bb`` big blinds (at least 1 chip) to 1,000 big blinds, a
    share ``short`` of them replaced by 1 chip to 3 big blinds."""
    lo = np.log(max(1.0, low_bb * bb))
    x = np.exp(rng.uniform(lo, np.log(1000 * bb), size=shape)).astype(np.int64)
    s = rng.random(shape) < short
    x[s] = rng.integers(1, 3 * bb + 2, size=int(s.sum()))
    return np.maximum(x, 1)


def _stacks(mode: str, rng: np.random.Generator, n: int, players: int, bb: int) -> Any:
    """The ``stacks`` argument of Tables for a stack mode."""
    if mode == "same":
        return int(_log_stacks(rng, (1,), bb, 0.0, 0.2)[0])
    if mode == "uneven":
        return _log_stacks(rng, (n, players), bb, 0.0, 0.25)
    if mode == "deep":
        return _log_stacks(rng, (n, players), bb, 100.0, 0.0)
    short = mode == "short"

    def draw(g: np.random.Generator, k: int) -> npt.NDArray[np.int64]:
        if short:  # mostly below the blinds and antes: short blinds (R14a), hands with no action
            return g.integers(1, 2 * bb + 3, size=(k, players))
        return _log_stacks(g, (k, players), bb, 0.0, 0.25)

    return draw


def draw_block(seed: int, index: int) -> Block:
    """Block ``index`` of a run with ``seed``: its configuration, stacks and policy."""
    bseed = _block_seed(seed, index)
    rng = np.random.default_rng(bseed)
    config = draw_config(rng)
    players = int(rng.integers(2, 11))
    mode = _STACK_MODES[int(rng.choice(5, p=[0.15, 0.2, 0.35, 0.15, 0.15]))]
    return Block(index=index, seed=bseed, config=config, players=players, tables=int(rng.choice([32, 128, 512])),
                 stack_mode=mode, carry_stacks=bool(rng.random() < 0.4), auto_reset=bool(rng.random() < 0.5),
                 p_raise=float(rng.uniform(0.1, 0.6)), p_fold=float(rng.uniform(0.02, 0.3)))


def choose(rng: np.random.Generator, legal: Any, p_raise: float, p_fold: float
           ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """A random legal action per table, with weight on the edges of the legal amounts."""
    n = legal.actor.shape[0]
    r = rng.random(n)
    lo, hi = legal.min_to, legal.max_to
    kind = np.where(legal.can_check, CHECK, CALL).astype(np.int64)
    raise_ = (r < p_raise) & (lo >= 0)
    # folds when checking is free too, where the rules allow it (card-room, R24)
    fold = ~raise_ & legal.can_fold & (r > np.where(legal.can_check, 1.0 - p_fold / 8, 1.0 - p_fold))
    kind[raise_] = BET_OR_RAISE_TO
    kind[fold] = FOLD
    pick = rng.random(n)
    mid = lo + (rng.random(n) * (np.maximum(hi - lo, 0) + 1)).astype(np.int64)
    amount = np.select(
        [pick < 0.3, pick < 0.55, pick < 0.65, pick < 0.72],
        [lo, hi, np.minimum(lo + 1, hi), np.maximum(hi - 1, lo)],
        np.minimum(mid, hi),
    )
    return kind, np.where(raise_, amount, 0)


class _Recorder:
    """Per table, the engine's legal arrays and the action taken at each step of its hand."""

    FIELDS = 8  # actor, can_fold, can_check, call, min_to, max_to, kind, amount

    def __init__(self, n: int) -> None:
        self.buf = np.zeros((n, 32, self.FIELDS), np.int64)
        self.count = np.zeros(n, np.intp)

    def add(self, legal: Any, kind: npt.NDArray[np.int64], amount: npt.NDArray[np.int64]) -> int:
        """Record the step of every table with an actor; return how many there are."""
        rows = np.flatnonzero(legal.actor >= 0)
        if not len(rows):
            return 0
        pos = self.count[rows]
        if int(pos.max()) >= self.buf.shape[1]:
            grown = np.zeros((self.buf.shape[0], 2 * self.buf.shape[1], self.FIELDS), np.int64)
            grown[:, : self.buf.shape[1]] = self.buf
            self.buf = grown
        row = np.stack([legal.actor, legal.can_fold, legal.can_check, legal.call, legal.min_to, legal.max_to, kind,
                        amount], axis=1)
        self.buf[rows, pos] = row[rows]
        self.count[rows] += 1
        return len(rows)

    def take(self, i: int) -> list[list[int]]:
        steps: list[list[int]] = self.buf[i, : self.count[i]].tolist()
        self.count[i] = 0
        return steps


def _legal_tuple(hand: Hand) -> tuple[int, int, int, int, int, int]:
    """``Hand.legal_actions()`` in the engine's terms (actor, can_fold, can_check, call, min_to, max_to)."""
    la = hand.legal_actions()
    return (-1 if la.seat is None else la.seat, int(la.fold), int(la.check), la.call or 0,
            -1 if la.min_to is None else la.min_to, -1 if la.max_to is None else la.max_to)


def _as_hand_legal(actor: int, can_fold: int, can_check: int, call: int, lo: int, hi: int) -> tuple[Any, ...]:
    """The engine's legal arrays of one step as the first six fields of ``LegalActions``."""
    return (actor, can_fold == 1, can_check == 1, call or None, None if lo < 0 else lo, None if hi < 0 else hi)


def note_hand(hand: Hand, notes: Counter[str]) -> None:
    """Count what ``hand`` covered: showdown, side pots, uncalled chips, split pots, odd chips,
    all-in raises, short blinds."""
    res = hand.result
    notes["showdown"] += res.showdown
    notes["side pots"] += len(res.pots) > 1
    notes["uncalled"] += bool(res.uncalled)
    splits = [p for p in res.pots if len(p.winners) > 1]
    notes["split"] += bool(splits)
    notes["odd chips"] += any(p.amount % len(p.winners) for p in splits)
    for ev in hand.history:
        if ev.all_in:
            if ev.kind == "raise":
                notes["all-in raise"] += 1
            elif ev.kind in ("sb", "bb"):
                notes["short blind"] += 1


def _decks(hole: npt.NDArray[np.int8], board: npt.NDArray[np.int8], button: npt.NDArray[np.int16]
           ) -> list[list[int]]:
    """Per hand, the deck stub that makes ``Hand`` deal those cards: the hole cards in deal
    order (R19: from the seat left of the button, two rounds), then burn, flop, burn, turn,
    burn, river (R20; the burns are three cards nobody holds)."""
    k, players = hole.shape[:2]
    order = (button[:, None].astype(np.intp) + 1 + np.arange(players)) % players
    dealt = np.take_along_axis(hole, order[:, :, None], axis=1)  # (k, players, 2) in deal order
    used = np.zeros((k, 52), np.bool_)
    rows = np.arange(k)[:, None]
    used[rows, hole.reshape(k, -1)] = True
    used[rows, board] = True
    burns = np.argsort(used, axis=1, kind="stable")[:, :3]
    stub = np.concatenate([dealt[:, :, 0], dealt[:, :, 1], burns[:, :1], board[:, :3], burns[:, 1:2],
                           board[:, 3:4], burns[:, 2:3], board[:, 4:5]], axis=1)
    out: list[list[int]] = stub.tolist()
    return out


def _summary_problem(hand: Hand, showdown: bool, value: int, winners: list[bool], players: int) -> str | None:
    """The engine's showdown flag, winning value and winners against the Hand's result."""
    res = hand.result
    if showdown != res.showdown:
        return f"engine showdown {showdown} != Hand's {res.showdown}"
    want = max(res.values.values()) if res.values else 0
    if value != want:
        return f"engine winning value {value} != Hand's {want}"
    won = [False] * players
    for pot in res.pots:
        for seat in pot.winners:
            won[seat] = True
    if winners != won:
        return f"engine winners {winners} != Hand's pot winners {won}"
    return None


def _phh_problem(tables: Tables, i: int, hand: Hand) -> str | None:
    """``to_phh`` of table ``i``'s last hand, through ``phh.dumps``/``loads``/``replay``, must end
    at the Hand's stacks (PHH lists the seats from the left of the button)."""
    try:
        back = phh.loads(phh.dumps(tables.to_phh(i)))
        replayed = list(back.replay().stacks)
    except (ValueError, RuntimeError) as exc:
        return f"to_phh / phh replay failed: {exc}"
    want = [hand.stacks[(hand.button + 1 + k) % hand.n] for k in range(hand.n)]
    if replayed != want or back.finishing_stacks != want:
        return f"to_phh replays to {replayed} (finishing_stacks {back.finishing_stacks}), Hand ends at {want}"
    return None


class _Player:
    """Plays one block and checks every finished hand."""

    def __init__(self, block: Block, hands: int) -> None:
        self.block = block
        self.hands = hands
        rng = np.random.default_rng(block.seed)
        self.rng = rng
        cfg = block.config
        n = min(block.tables, max(hands, 1))
        self.fixed = None
        stacks = _stacks(block.stack_mode, rng, n, block.players, cfg.big_blind)
        if not callable(stacks):
            self.fixed = np.broadcast_to(np.asarray(stacks, np.int64), (n, block.players))
        self.tables = Tables(n, block.players, cfg, stacks, seed=block.seed,
                             button=rng.integers(0, block.players, size=n), auto_reset=block.auto_reset,
                             carry_stacks=block.carry_stacks, history=_HISTORY)
        self.rec = _Recorder(n)
        self.result = BlockResult()
        # per table: the stacks and button the next hand must start from (None: not known)
        self.expect: list[tuple[list[int], int] | None] = [None] * n

    def play(self) -> BlockResult:
        if self.block.auto_reset:
            self._play_auto()
        else:
            self._play_manual()
        return self.result

    def _step(self, legal: Any) -> None:
        kind, amount = choose(self.rng, legal, self.block.p_raise, self.block.p_fold)
        self.result.steps += self.rec.add(legal, kind, amount)
        self.tables.step(kind, amount)

    def _play_manual(self) -> None:
        tables = self.tables
        n = tables.n
        pending = np.ones(n, np.bool_)
        dealt = n
        while pending.any():
            legal = tables.legal()
            over = pending & (legal.actor < 0)
            if over.any():
                rows = np.flatnonzero(over)
                self._check(rows, tables.stacks[rows].tolist())
                pending[rows] = False
                again = rows[: max(0, self.hands - dealt)]
                if len(again):
                    mask = np.zeros(n, np.bool_)
                    mask[again] = True
                    tables.reset(mask)
                    pending[again] = True
                    dealt += len(again)
                continue
            self._step(legal)

    def _play_auto(self) -> None:
        tables = self.tables
        while self.result.hands < self.hands:
            self._step(tables.legal())
            rows = np.flatnonzero(tables.hand_over)
            if len(rows):
                self._check(rows, None)

    def _check(self, rows: npt.NDArray[np.intp], final: list[list[int]] | None) -> None:
        rec = self.tables.last_hands(rows)
        config, players = self.block.config, self.block.players
        decks = _decks(rec.hole, rec.board, rec.button)
        starts, buttons = rec.start.tolist(), rec.button.tolist()
        rewards = rec.rewards.tolist()
        summary = list(zip(rec.showdown.tolist(), rec.winning_value.tolist(), rec.winners.tolist()))
        res = self.result
        for k, i in enumerate(rows.tolist()):
            steps = self.rec.take(i)
            hand = Hand(config, starts[k], button=buttons[k], deck=decks[k])
            problem = self._replay(hand, steps, rewards[k], None if final is None else final[k], i)
            if problem is None:
                problem = _summary_problem(hand, *summary[k], players)
            if problem is None and (res.hands + 1) % _PHH_EVERY == 0 and len(steps) <= _HISTORY // 3:
                problem = _phh_problem(self.tables, i, hand)
                res.notes["to_phh replayed"] += problem is None
            res.hands += 1
            if problem is None:
                if res.hands % _NOTE_EVERY == 0:
                    note_hand(hand, res.notes)
                continue
            res.differences += 1
            if len(res.reports) < _MAX_REPORTS:
                res.reports.append(self._report(hand, steps, rewards[k], i, problem))

    def _replay(self, hand: Hand, steps: list[list[int]], rewards: list[int], final: list[int] | None,
                i: int) -> str | None:
        expect = self.expect[i]
        start = list(hand.starting_stacks)
        if expect is not None:
            stacks, button = expect
            if hand.button != button:
                return f"the hand starts with the button at {hand.button}, expected {button}"
            if any(s != e for s, e in zip(start, stacks) if e > 0) or min(start) <= 0:
                return f"the hand starts with stacks {start}, expected {stacks} (0: a rebuy)"
        elif self.fixed is not None and not self.block.carry_stacks and start != self.fixed[i].tolist():
            return f"the hand starts with stacks {start}, configured {self.fixed[i].tolist()}"
        for j, (actor, can_fold, can_check, call, lo, hi, kind, amount) in enumerate(steps):
            if hand.legal_actions()[:6] != _as_hand_legal(actor, can_fold, can_check, call, lo, hi):
                return (f"step {j}: engine legal (actor, can_fold, can_check, call, min_to, max_to) = "
                        f"{(actor, can_fold, can_check, call, lo, hi)}, Hand.legal_actions() = {_legal_tuple(hand)}")
            try:
                apply_kind(hand, kind, amount)
            except ValueError as exc:
                return f"step {j}: Hand refuses {_NAMES[kind]} {amount}: {exc}"
        if not hand.is_complete:
            return f"the engine ended the hand after {len(steps)} actions; Hand still has {_legal_tuple(hand)}"
        if hand.payoffs != rewards:
            return f"rewards {rewards} != Hand's payoffs {hand.payoffs}"
        if sum(rewards) != 0:
            return f"rewards {rewards} do not sum to 0"
        end = hand.stacks
        if final is not None and final != end:
            return f"final stacks {final} != Hand's {end}"
        if self.block.carry_stacks:
            self.expect[i] = (end, (hand.button + 1) % hand.n)
        elif self.fixed is not None:
            self.expect[i] = None
        return None

    def _report(self, hand: Hand, steps: list[list[int]], rewards: list[int], i: int, problem: str) -> str:
        cards = " ".join(f"{a},{b}" for a, b in hand.hole_cards)
        actions = " ".join(f"s{s[0]}:{_NAMES[s[6]]}" + (f"{s[7]}" if s[6] == BET_OR_RAISE_TO else "") for s in steps)
        return (f"DIFFERENCE in {self.block.describe()}\n  table {i}: {problem}\n"
                f"  starting stacks {list(hand.starting_stacks)}, button {hand.button}, hole cards {cards}, "
                f"board {hand.board}\n  actions (seat:kind amount) {actions}\n  engine rewards {rewards}")


def play_block(block: Block, hands: int) -> BlockResult:
    """Play ``hands`` hands of ``block`` on the vector engine and replay each through ``Hand``.

    Examples
    --------
    >>> result = play_block(draw_block(1, 0), 50)
    >>> result.hands >= 50, result.differences
    (True, 0)
    """
    t0 = time.process_time()
    player = _Player(block, hands)
    try:
        result = player.play()
    except Exception:  # noqa: BLE001 -- the engine refused its own legal action, or worse: a difference too
        result = player.result
        result.differences += 1
        result.reports.append(f"DIFFERENCE in {block.describe()}\n  the block stopped with\n"
                              + traceback.format_exc())
    result.cpu = time.process_time() - t0
    return result


def _work(args: tuple[int, int, int]) -> tuple[int, BlockResult]:
    seed, index, hands = args
    return index, play_block(draw_block(seed, index), hands)


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool (its SIGTERM ends them)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@dataclass
class Summary:
    """The whole run."""

    hands: int = 0
    configurations: int = 0
    steps: int = 0
    differences: int = 0
    cpu: float = 0.0
    reports: list[str] = field(default_factory=list)
    notes: Counter[str] = field(default_factory=Counter)
    interrupted: bool = False

    def add(self, r: BlockResult) -> None:
        self.hands += r.hands
        self.configurations += 1
        self.steps += r.steps
        self.differences += r.differences
        self.cpu += r.cpu
        self.reports.extend(r.reports)
        self.notes.update(r.notes)

    def line(self, seed: int) -> str:
        exported = self.notes.get("to_phh replayed", 0)
        notes = ", ".join(f"{k} {v:,}" for k, v in sorted(self.notes.items()) if k != "to_phh replayed")
        state = " (interrupted)" if self.interrupted else ""
        return (f"vector differential{state}: {self.hands:,} hands, {self.configurations:,} configurations, "
                f"{self.steps:,} actions, {self.differences} differences, {self.cpu:,.0f} CPU s (seed {seed}); "
                f"{exported:,} hands also replayed from to_phh; coverage, of every {_NOTE_EVERY}th hand: {notes}")


def _tasks(seed: int, hands: int, block_hands: int, first: int) -> Iterator[tuple[int, int, int]]:
    index = first
    left = hands
    while left > 0:
        k = min(block_hands, left)
        yield seed, index, k
        left -= k
        index += 1


def run(hands: int, *, seed: int, jobs: int = 1, block_hands: int = 2000, first_block: int = 0,
        progress: bool | None = None, on_block: Callable[[BlockResult], None] | None = None) -> Summary:
    """Play ``hands`` hands (at least) in blocks of ``block_hands`` over ``jobs`` processes.

    Examples
    --------
    >>> summary = run(100, seed=3, block_hands=50)
    >>> summary.configurations, summary.differences
    (2, 0)
    """
    summary = Summary()
    tasks = _tasks(seed, hands, block_hands, first_block)
    t0 = time.process_time()
    with Progress(total=hands, label="vector differential", enabled=progress) as bar:
        try:
            if jobs == 1:
                for task in tasks:
                    _, r = _work(task)
                    summary.add(r)
                    bar.update(r.hands)
                    if on_block is not None:
                        on_block(r)
            else:
                ctx = multiprocessing.get_context("fork")
                with ctx.Pool(jobs, initializer=_ignore_sigint) as pool:
                    for _, r in pool.imap_unordered(_work, tasks):
                        summary.add(r)
                        bar.update(r.hands)
                        if on_block is not None:
                            on_block(r)
        except KeyboardInterrupt:
            summary.interrupted = True
    if jobs == 1:
        summary.cpu = time.process_time() - t0
    else:
        summary.cpu += time.process_time() - t0
    return summary


def main(argv: list[str] | None = None) -> int:
    """The command line; returns the exit status (0 no difference, 1 differences, 130 Ctrl-C)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=100_000, help="hands to play (default 100,000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the run (default 1)")
    parser.add_argument("--block-hands", type=int, default=2000,
                        help="hands per block, each block one random configuration (default 2000)")
    parser.add_argument("--block", type=int, default=None,
                        help="play only this block of the run (to reproduce a difference)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--log-every", type=float, default=0.0, metavar="SECONDS",
                        help="also print the running count to stderr every SECONDS (for runs in the background)")
    args = parser.parse_args(argv)
    for name in ("hands", "jobs", "block_hands"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.seed < 0:
        parser.error("--seed must be non-negative")
    hands, first = args.hands, 0
    if args.block is not None:
        hands, first = args.block_hands, args.block
        print(draw_block(args.seed, args.block).describe(), file=sys.stderr)

    so_far = Summary()
    last = [time.monotonic()]

    def shout(r: BlockResult) -> None:
        for text in r.reports:
            print(text, file=sys.stderr, flush=True)
        so_far.add(r)
        if args.log_every > 0 and time.monotonic() - last[0] >= args.log_every:
            last[0] = time.monotonic()
            print(time.strftime("%H:%M:%S ") + so_far.line(args.seed), file=sys.stderr, flush=True)

    def terminate(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGTERM, terminate)  # stop as cleanly on kill as on Ctrl-C
    try:
        summary = run(hands, seed=args.seed, jobs=args.jobs, block_hands=args.block_hands, first_block=first,
                      progress=None if not args.no_progress else False, on_block=shout)
    finally:
        signal.signal(signal.SIGTERM, before)
    print(summary.line(args.seed), flush=True)
    if summary.differences:
        print(f"reproduce one block: python {os.path.relpath(__file__)} --seed {args.seed} "
              f"--block-hands {args.block_hands} --block B (B from the report above)", file=sys.stderr)
        return 1
    return 130 if summary.interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
