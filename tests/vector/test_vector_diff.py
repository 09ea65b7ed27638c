"""The vector engine against the reference ``Hand``, in lockstep on the same cards (issue 16).

Every table's legal-action arrays are compared with ``Hand.legal_actions()`` at every step and
the final stacks, rewards and showdown summary hand by hand (see ``lockstep.py``). The default
run plays a few thousand hands over every structure and both conventions; the slow part plays
over 100,000 hands of random configurations (2-10 players, stacks from 1 chip to 1000 big
blinds, antes of both kinds, every fixed-limit option) and checks that ``to_phh`` replays with
``phh`` and, under pokerkit's conventions, with pokerkit.
"""

from __future__ import annotations

import importlib.util
import os
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from lockstep import Stats, lockstep, random_config, stack_draw

from fastholdem import phh
from fastholdem.game import AnteMode, GameConfig, Structure

CONVENTIONS = ("card-room", "pokerkit")
#: Hands of the slow differential (the issue asks for 100,000 at least); FASTHOLDEM_VECTOR_HANDS
#: changes it (the changelog quotes a run of 10**7).
SLOW_HANDS = int(os.environ.get("FASTHOLDEM_VECTOR_HANDS", "120000"))


@pytest.mark.parametrize("conventions", CONVENTIONS)
@pytest.mark.parametrize("structure", list(Structure))
def test_vector_diff_every_structure(structure: Structure, conventions: str) -> None:
    rng = np.random.default_rng(hash((structure.value, conventions)) & 0xFFFF)
    stats = Stats()
    for k in range(3):
        cfg = random_config(rng, conventions, structure)
        lockstep(cfg, int(rng.integers(2, 11)), 8, 30, 1000 + k, stats=stats, check_phh=k == 0)
    assert stats.hands >= 90


def _tiny(players: int) -> Any:
    return lambda rng, k: rng.integers(1, 9, size=(k, players))


@pytest.mark.parametrize("conventions", CONVENTIONS)
def test_r14a_short_blinds(conventions: str) -> None:
    """Blinds and antes that leave their posters all-in for less (stacks of 1 chip up)."""
    stats = Stats()
    for players in (2, 3, 6):
        cfg = GameConfig(small_blind=2, big_blind=4, ante=1, conventions=conventions)
        lockstep(cfg, players, 8, 30, players, stacks=_tiny(players), stats=stats)
    assert stats.notes["short blind"] > 10


@pytest.mark.parametrize("conventions", CONVENTIONS)
def test_r15_heads_up_order(conventions: str) -> None:
    for structure in Structure:
        cfg = GameConfig(structure, 1, 2, conventions=conventions)
        lockstep(cfg, 2, 16, 40, 15, stacks=stack_draw(2, 2))


@pytest.mark.parametrize("mode", [AnteMode.EVERY_PLAYER, AnteMode.BIG_BLIND])
@pytest.mark.parametrize("conventions", CONVENTIONS)
def test_r16_antes(mode: AnteMode, conventions: str) -> None:
    cfg = GameConfig(small_blind=1, big_blind=2, ante=2, ante_mode=mode, conventions=conventions)
    lockstep(cfg, 6, 8, 50, 16, stacks=stack_draw(2, 6))


@pytest.mark.parametrize("conventions", CONVENTIONS)
def test_r26_fixed_limit_caps(conventions: str) -> None:
    options: list[dict[str, Any]] = [{}, {"bet_cap": None}, {"bet_cap": 2}, {"cap_heads_up": True}]
    if conventions == "card-room":
        options += [{"uncapped_river": True}, {"half_bet_reopens": True}]
    for k, extra in enumerate(options):
        cfg = GameConfig(Structure.LIMIT, 1, 2, conventions=conventions, **extra)
        lockstep(cfg, 2 + k % 4, 8, 30, 26 + k, stacks=stack_draw(2, 2 + k % 4, low=3.0))


@pytest.mark.parametrize("conventions", CONVENTIONS)
def test_r28_pot_limit(conventions: str) -> None:
    cfg = GameConfig(Structure.POT_LIMIT, 1, 2, min_bet=3, conventions=conventions)
    lockstep(cfg, 4, 8, 50, 28, stacks=stack_draw(2, 4, low=2.0))


@pytest.mark.parametrize("conventions", CONVENTIONS)
def test_r29_incomplete_all_in_raises(conventions: str) -> None:
    """Stacks just above the blinds: all-in raises short of a full raise come up all the time."""
    stats = Stats()
    cfg = GameConfig(small_blind=5, big_blind=10, conventions=conventions)
    lockstep(cfg, 5, 8, 60, 29, stacks=lambda rng, k: rng.integers(8, 60, size=(k, 5)), stats=stats)
    assert stats.notes["all-in raise"] > 20


@pytest.mark.parametrize("conventions", CONVENTIONS)
def test_r35_side_pots_and_r30_uncalled(conventions: str) -> None:
    stats = Stats()
    cfg = GameConfig(small_blind=1, big_blind=2, ante=1, conventions=conventions)
    lockstep(cfg, 8, 8, 60, 35, stacks=stack_draw(2, 8), stats=stats)
    assert stats.notes["side pots"] > 10 and stats.notes["uncalled"] > 10


@pytest.mark.parametrize("conventions", CONVENTIONS)
def test_r38_odd_chips(conventions: str) -> None:
    """Odd antes and blinds, many players: split pots with odd chips."""
    stats = Stats()
    cfg = GameConfig(small_blind=1, big_blind=3, ante=1, conventions=conventions)
    for k in range(2):
        lockstep(cfg, 9, 10, 50, 38 + k, stacks=lambda rng, k: rng.integers(1, 40, size=(k, 9)), stats=stats)
    assert stats.notes["odd chips"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("conventions", CONVENTIONS)
def test_vector_diff_random_configs_slow(conventions: str) -> None:
    rng = np.random.default_rng(16 + len(conventions))
    stats = Stats()
    k = 0
    while stats.hands < SLOW_HANDS // 2:
        cfg = random_config(rng, conventions)
        lockstep(cfg, int(rng.integers(2, 11)), 32, 400, 10_000 + k, stats=stats, check_phh=k % 10 == 0)
        k += 1
    assert stats.notes["side pots"] and stats.notes["odd chips"] and stats.notes["all-in raise"]


def _pokerkit_diff() -> Any:
    path = Path(__file__).resolve().parents[1] / "game" / "test_pokerkit_diff.py"
    spec = importlib.util.spec_from_file_location("_pokerkit_diff", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pokerkit_config(rng: np.random.Generator, structure: Structure) -> GameConfig:
    """A random pokerkit-conventions config that pokerkit's own games can play (fixed limit
    with pokerkit's cap: no ``bet_cap`` or ``cap_heads_up`` of our own)."""
    cfg = random_config(rng, "pokerkit", structure)
    if structure is Structure.LIMIT:
        cfg = GameConfig(Structure.LIMIT, cfg.small_blind, cfg.big_blind, ante=cfg.ante,
                         ante_mode=cfg.ante_mode, small_bet=cfg.small_bet, big_bet=cfg.big_bet,
                         conventions="pokerkit")
    return cfg


@pytest.mark.slow
def test_vector_to_phh_replays_in_pokerkit() -> None:
    """Hands exported by ``to_phh`` under pokerkit's conventions replay in pokerkit itself."""
    pytest.importorskip("pokerkit")
    diff = _pokerkit_diff()
    from fastholdem.vector import RandomPolicy, Tables

    rng = np.random.default_rng(7)
    replayed = 0
    for k in range(30):
        structure = list(Structure)[k % 3]
        cfg = _pokerkit_config(rng, structure)
        players = int(rng.integers(2, 11))
        # history=256: random play at 10 seats can run past the default log of 48 actions
        tables = Tables(20, players, cfg, stack_draw(cfg.big_blind, players), seed=k, history=256)
        policy = RandomPolicy(seed=k)
        while not tables.hand_over.all():
            tables.step(*policy.act(tables.observe(), tables.legal()))
        for i in range(tables.n):
            hh = phh.loads(phh.dumps(tables.to_phh(i)), conventions="pokerkit")
            assert diff.pokerkit_replay(hh, cfg) == hh.finishing_stacks
            replayed += 1
    assert replayed == 600


def _fold_when_allowed(rng: np.random.Generator, legal: Any) -> tuple[np.ndarray, np.ndarray]:
    """Random actions that trust ``legal.can_fold``, as issue 25's random-action hands did: fold
    a quarter of the time wherever folding is allowed (when checking is free too), bet or raise
    a third of the time (the smallest, the largest or any legal amount), else check or call."""
    from fastholdem.vector import BET_OR_RAISE_TO, CALL, CHECK, FOLD

    n = legal.actor.shape[0]
    r = rng.random(n)
    lo, hi = legal.min_to, legal.max_to
    kind = np.where(legal.can_check, CHECK, CALL).astype(np.int64)
    raise_ = (r < 0.33) & (lo >= 0)
    fold = (r >= 0.75) & legal.can_fold
    kind[raise_] = BET_OR_RAISE_TO
    kind[fold] = FOLD
    pick = rng.random(n)
    mid = lo + (rng.random(n) * (np.maximum(hi - lo, 0) + 1)).astype(np.int64)
    amount = np.where(pick < 0.3, lo, np.where(pick < 0.5, hi, np.minimum(mid, hi)))
    return kind, np.where(raise_, amount, 0)


def _replay_random_hands_in_pokerkit(configs: int, tables: int, seed: int) -> Counter[str]:
    """Play ``configs`` random pokerkit-conventions configs on ``tables`` tables each with
    :func:`_fold_when_allowed`; export every hand with ``to_phh`` and replay it strictly in
    pokerkit, action by action, to the same final stacks. Returns what the run met."""
    diff = _pokerkit_diff()
    diff._memoise_pokerkit_hands()
    from fastholdem.vector import Tables

    rng = np.random.default_rng(seed)
    notes: Counter[str] = Counter()
    for k in range(configs):
        structure = list(Structure)[k % 3]
        cfg = _pokerkit_config(rng, structure)
        players = int(rng.integers(2, 7))
        vec = Tables(tables, players, cfg, stack_draw(cfg.big_blind, players), seed=seed * 1000 + k,
                     button=rng.integers(0, players, size=tables), history=256)
        while not vec.hand_over.all():
            legal = vec.legal()
            rows = np.flatnonzero((legal.actor >= 0) & legal.can_check)
            if len(rows):
                obs = vec.observe()
                notes["free check"] += len(rows)
                assert not legal.can_fold[rows].any(), "pokerkit conventions offer a fold when checking is free"
                for t in rows:  # issue 25's spot: every other player still in is all-in
                    others = [j for j in range(players) if j != legal.actor[t] and not obs.folded[t, j]]
                    notes["free check, the rest all-in"] += all(obs.stacks[t, j] == 0 for j in others)
            vec.step(*_fold_when_allowed(rng, legal))
        for i in range(vec.n):
            hh = phh.loads(phh.dumps(vec.to_phh(i)), conventions="pokerkit")
            assert diff.pokerkit_replay(hh, cfg) == hh.finishing_stacks, phh.dumps(hh)
            notes["hands"] += 1
            notes["folds"] += sum(a.split()[1] == "f" for a in hh.actions if not a.startswith("d "))
    return notes


def test_r24_random_vector_hands_replay_in_pokerkit() -> None:
    """Issue 25: random-action vector hands under pokerkit's conventions, folds wherever
    ``can_fold`` allows, replay strictly in pokerkit 0.7.7 to the same stacks (R24: no fold
    when checking is free, which pokerkit refuses)."""
    pytest.importorskip("pokerkit")
    notes = _replay_random_hands_in_pokerkit(20, 25, 25)
    assert notes["hands"] == 500
    assert notes["free check"] > 500 and notes["free check, the rest all-in"] > 5 and notes["folds"] > 200


@pytest.mark.slow
def test_r24_random_vector_hands_replay_in_pokerkit_slow() -> None:
    """As above over 3,000 hands (about the issue's 1,800, which had five such folds)."""
    pytest.importorskip("pokerkit")
    notes = _replay_random_hands_in_pokerkit(60, 50, 2500)
    assert notes["hands"] == 3000
    assert notes["free check, the rest all-in"] > 50


def test_r24_issue_25_hand_replays_in_pokerkit() -> None:
    """The hand of issue 25: stacks 341, 2 and 355, blinds 1 and 2, ``p3 cbr 47``, ``p1 cc``;
    on the flop pokerkit refuses ``p1 f`` and so do the engine and ``Hand``; played with checks
    it replays in pokerkit to the same stacks."""
    pytest.importorskip("pokerkit")
    diff = _pokerkit_diff()
    from fastholdem.errors import HandHistoryError
    from fastholdem.vector import BET_OR_RAISE_TO, CALL, CHECK, FOLD, Tables

    cfg = GameConfig(small_blind=1, big_blind=2, conventions="pokerkit")
    stacks = [341, 2, 355]
    tables = Tables(1, 3, cfg, np.array([stacks]), seed=3, button=2)
    tables.step([BET_OR_RAISE_TO], [47])
    tables.step([CALL])
    legal = tables.legal()
    assert legal.actor.tolist() == [0] and legal.can_check.tolist() == [True]
    assert legal.can_fold.tolist() == [False]
    with pytest.raises(ValueError, match="seat 0 cannot fold"):
        tables.step([FOLD])
    while not tables.hand_over.all():
        legal = tables.legal()
        assert not (legal.can_check & legal.can_fold).any()
        tables.step([CHECK])
    hh = tables.to_phh(0)
    assert [a for a in hh.actions if not a.startswith("d ")][:2] == ["p3 cbr 47", "p1 cc"]
    assert diff.pokerkit_replay(hh, cfg) == hh.finishing_stacks
    # pokerkit at the same spot: no fold; the engine's legal arrays agree
    state = diff.pokerkit_state(cfg, stacks)
    flop = [a for a in hh.actions if a.startswith("d db")][0]
    for text in hh.actions[: hh.actions.index(flop) + 1]:
        words = text.split()
        if words[0] == "d":
            if words[1] == "dh":
                state.deal_hole(words[3], int(words[2][1:]) - 1)
            else:
                state.burn_card("??")
                state.deal_board(words[2])
        elif words[1] == "cbr":
            state.complete_bet_or_raise_to(int(words[2]))
        else:
            state.check_or_call()
    assert state.actor_index == 0 and state.checking_or_calling_amount == 0 and not state.can_fold()
    # the issue's history, with the free folds, is refused on replay
    bad = phh.loads(phh.dumps(hh), conventions="pokerkit")
    bad.actions = bad.actions[: bad.actions.index(flop) + 1] + ["p1 f", "p3 f"]
    with pytest.raises(HandHistoryError, match="'p1 f' does not fit: seat 0 cannot fold: nothing to call"):
        bad.replay()
