"""Drive ``Tables`` and ``Hand`` in lockstep on the same cards and compare them at every step.

Each table's hand is rebuilt as a :class:`fastholdem.game.Hand` from the cards, stacks and
button the table dealt (``record_hand``); both then take the same random actions. At every
step every table's legal-action arrays must equal ``Hand.legal_actions()``, and when a hand
ends its final stacks, rewards and showdown summary must equal the Hand's.
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from fastholdem import phh
from fastholdem.game import GameConfig, Structure
from fastholdem.vector import BET_OR_RAISE_TO, CALL, CHECK, FOLD, Tables
from fastholdem.vector._export import apply_kind, record_hand


@dataclass
class Stats:
    """What the lockstep runs covered (hands, and how often each rule came up)."""

    hands: int = 0
    steps: int = 0
    notes: Counter[str] = field(default_factory=Counter)

    def note(self, hand: Any) -> None:
        load_tool().note_hand(hand, self.notes)


def load_tool() -> Any:
    """The differential tool, ``tests/reference/vector_differential.py``, as a module."""
    module = sys.modules.get("vector_differential")
    if module is None:
        path = Path(__file__).resolve().parents[1] / "reference" / "vector_differential.py"
        spec = importlib.util.spec_from_file_location("vector_differential", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["vector_differential"] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
    return module


def random_config(rng: np.random.Generator, conventions: str | None = None,
                  structure: Structure | None = None) -> GameConfig:
    """A random GameConfig over every option the engine supports (the tool's draw)."""
    config: GameConfig = load_tool().draw_config(rng, conventions, structure)
    return config


def stack_draw(bb: int, players: int, low: float = 0.0) -> Any:
    """Stacks from 1 chip to 1000 big blinds, log-uniform, with many short stacks."""

    def draw(rng: np.random.Generator, k: int) -> np.ndarray:
        hi = np.log(1000 * bb)
        x = np.exp(rng.uniform(low, hi, size=(k, players))).astype(np.int64)
        short = rng.random((k, players)) < 0.25
        x[short] = rng.integers(1, 3 * bb + 2, size=int(short.sum()))
        return np.maximum(x, 1)

    return draw


def _expected(legal: Any) -> tuple[int, bool, bool, int, int, int]:
    return (
        -1 if legal.seat is None else legal.seat,
        bool(legal.fold),
        bool(legal.check),
        0 if legal.call is None else legal.call,
        -1 if legal.min_to is None else legal.min_to,
        -1 if legal.max_to is None else legal.max_to,
    )


def choose(rng: np.random.Generator, legal: Any) -> tuple[np.ndarray, np.ndarray]:
    """Random legal actions with weight on the edges: min raise, max raise, all-in, fold."""
    n = legal.actor.shape[0]
    r = rng.random(n)
    can_raise = legal.min_to >= 0
    kind = np.where(legal.can_check, CHECK, CALL).astype(np.int64)
    raise_ = (r < 0.45) & can_raise
    fold = (r > 0.88) & ~legal.can_check
    kind[raise_] = BET_OR_RAISE_TO
    kind[fold] = FOLD
    pick = rng.random(n)
    span = np.maximum(legal.max_to - legal.min_to, 0)
    mid = legal.min_to + (rng.random(n) * (span + 1)).astype(np.int64)
    amount = np.where(pick < 0.4, legal.min_to, np.where(pick < 0.65, legal.max_to, np.minimum(mid, legal.max_to)))
    return kind, np.where(raise_, amount, 0)


def lockstep(config: GameConfig, players: int, n: int, hands: int, seed: int, *,
             stacks: Any = None, stats: Stats | None = None, check_phh: bool = False) -> Stats:
    """Play at least ``hands`` hands on ``n`` tables, comparing every step with Hand."""
    rng = np.random.default_rng(seed)
    stats = stats or Stats()
    draw = stacks or stack_draw(config.big_blind, players)
    tables = Tables(n, players, config, draw, seed=seed, button=rng.integers(0, players, size=n), history=400)
    ref = [record_hand(tables, i) for i in range(n)]
    played = 0
    while played < hands:
        legal = tables.legal()
        arrays = [a.tolist() for a in legal]
        over = []
        for i in range(n):
            got = tuple(a[i] for a in arrays)
            want = _expected(ref[i].legal_actions())
            assert got == want, f"table {i} ({config}): legal {got} != Hand {want}\n{ref[i].history}"
            if got[0] < 0:
                over.append(i)
        if over:
            final = tables.stacks
            rewards = tables.rewards
            showdown = tables.showdown
            value = tables.winning_value
            for i in over:
                hand = ref[i]
                assert hand.is_complete
                assert final[i].tolist() == hand.stacks, f"table {i} ({config}): stacks {final[i]} != {hand.stacks}"
                assert rewards[i].tolist() == hand.payoffs
                res = hand.result
                assert bool(showdown[i]) == res.showdown
                assert int(value[i]) == (max(res.values.values()) if res.values else 0)
                if check_phh:
                    _check_phh(tables, i, hand)
                stats.hands += 1
                stats.note(hand)
                played += 1
            mask = np.zeros(n, np.bool_)
            mask[over] = True
            tables.reset(mask)
            for i in over:
                ref[i] = record_hand(tables, i)
            continue
        kind, amount = choose(rng, legal)
        tables.step(kind, amount)
        stats.steps += 1
        for i in range(n):
            if arrays[0][i] >= 0:
                apply_kind(ref[i], int(kind[i]), int(amount[i]))
    return stats


def _check_phh(tables: Tables, i: int, hand: Any) -> None:
    hh = tables.to_phh(i)
    text = phh.dumps(hh)
    back = phh.loads(text)
    replayed = back.replay()
    order = [(hand.button + 1 + k) % hand.n for k in range(hand.n)]
    want = [hand.stacks[s] for s in order]
    assert list(replayed.stacks) == want
    assert back.finishing_stacks == want
