"""fastholdem.vector.Tables: its API, bad input, all-or-nothing steps, resets and fast paths."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

from fastholdem import phh
from fastholdem._core import _vec_layout  # type: ignore[attr-defined]
from fastholdem.errors import ConfigError, IndexRangeError
from fastholdem.game import GameConfig, Structure
from fastholdem.vector import BET_OR_RAISE_TO, CALL, CHECK, FOLD, ActionSet, Kind, RandomPolicy, Tables

CFG = GameConfig(small_blind=1, big_blind=2)


def _snapshot(tables: Tables) -> dict[str, np.ndarray]:
    core = tables._core
    names = [name for name, _, _ in _vec_layout(core.n, core.players, core.history)] + ["base"]
    return {n: core.view(n).copy() for n in names}


def test_tables_kind_codes() -> None:
    assert [int(k) for k in Kind] == [FOLD, CHECK, CALL, BET_OR_RAISE_TO] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("kwargs", "exc", "word"),
    [
        ({"n": -1}, ValueError, "n"),
        ({"n": 2.0}, TypeError, "n"),
        ({"players": 11}, ValueError, "players"),
        ({"players": 1}, ValueError, "players"),
        ({"config": "nl"}, TypeError, "config"),
        ({"stacks": np.ones((3, 2), np.int64)}, ValueError, "stacks"),
        ({"stacks": np.full((4, 3), 10.0)}, TypeError, "stacks"),
        ({"stacks": 0}, ValueError, "stacks"),
        ({"stacks": np.zeros((4, 3), np.int64)}, ValueError, "stacks"),
        ({"stacks": lambda rng, k: np.ones((k, 2), np.int64)}, ValueError, "stacks"),
        ({"button": 3}, ValueError, "button"),
        ({"button": np.array([0, 1, 2])}, ValueError, "button"),
        ({"seed": -1}, ValueError, "seed"),
        ({"history": -1}, ValueError, "history"),
        ({"auto_reset": 1}, TypeError, "auto_reset"),
    ],
)
def test_tables_bad_arguments(kwargs: dict[str, object], exc: type[Exception], word: str) -> None:
    args: dict[str, object] = {"n": 4, "players": 3, "config": CFG, "stacks": 100, "seed": 1}
    args.update(kwargs)
    with pytest.raises(exc, match=word):
        Tables(args.pop("n"), args.pop("players"), args.pop("config"), args.pop("stacks"), **args)  # type: ignore[arg-type]


def test_tables_refuses_configs_it_cannot_play() -> None:
    with pytest.raises(ConfigError, match="small blind"):
        Tables(1, 2, GameConfig(small_blind=3, big_blind=2), 100)
    with pytest.raises(ConfigError, match="bet_cap"):
        Tables(1, 2, GameConfig(Structure.LIMIT, bet_cap=20_000), 100)
    with pytest.raises(ConfigError, match="big_blind"):
        Tables(1, 2, GameConfig(small_blind=1, big_blind=1 << 60), 100)


def test_tables_step_bad_shapes_and_dtypes() -> None:
    tables = Tables(3, 2, CFG, 100, seed=1)
    with pytest.raises(TypeError, match="kind"):
        tables.step(np.zeros(3))
    with pytest.raises(TypeError, match="kind"):
        tables.step(np.zeros(3, np.bool_))
    with pytest.raises(ValueError, match="kind"):
        tables.step(np.zeros(4, np.int64))
    with pytest.raises(TypeError, match="amount"):
        tables.step(np.full(3, CALL), np.zeros(3))
    with pytest.raises(ValueError, match="amount"):
        tables.step(np.full(3, CALL), np.zeros((3, 1), np.int64))
    with pytest.raises(TypeError, match="mask"):
        tables.reset(np.ones(3, np.int64))
    with pytest.raises(ValueError, match="seat"):
        tables.observe(seat=2)


def test_tables_illegal_action_changes_no_table() -> None:
    tables = Tables(8, 3, CFG, 100, seed=2)
    before = _snapshot(tables)
    kind = np.full(8, CALL)
    kind[3] = CHECK
    kind[5] = BET_OR_RAISE_TO
    amount = np.zeros(8, np.int64)
    amount[5] = 3  # below the minimum raise to 4
    with pytest.raises(ValueError, match="2 tables") as err:
        tables.step(kind, amount)
    message = str(err.value)
    assert "table 3: seat 0 cannot check: 2 to call" in message
    assert "table 5: seat 0 cannot bet or raise to 3: the minimum is 4 (maximum 100)" in message
    after = _snapshot(tables)
    assert before.keys() == after.keys()
    for name in before:
        assert np.array_equal(before[name], after[name]), name
    tables.step(np.full(8, CALL))  # and a legal step still works
    assert tables.legal().actor.tolist() == [1] * 8


def test_tables_illegal_reasons() -> None:
    tables = Tables(5, 2, CFG, 100, seed=3)
    kind = np.array([9, CHECK, BET_OR_RAISE_TO, BET_OR_RAISE_TO, CALL])
    amount = np.array([0, 0, 101, 2, 0])
    with pytest.raises(ValueError) as err:
        tables.step(kind, amount)
    text = str(err.value)
    assert "4 tables" in text
    assert "table 0: kind 9 is not an action" in text
    assert "table 2: seat 0 cannot bet or raise to 101: the maximum is 100" in text
    tables.step(np.full(5, CALL))  # the small blind completes; the big blind may check
    with pytest.raises(ValueError, match="nothing to call, check instead"):
        tables.step(np.full(5, CALL))


def test_tables_entries_of_finished_tables_are_ignored() -> None:
    tables = Tables(2, 2, CFG, 100, seed=4)
    tables.step(np.array([FOLD, CALL]))
    assert tables.hand_over.tolist() == [True, False]
    tables.step(np.array([77, CHECK]))  # table 0 is over: its entry is not looked at
    assert tables.legal().actor.tolist() == [-1, 1]


def test_tables_n_zero() -> None:
    tables = Tables(0, 6, CFG, 100, seed=1)
    assert tables.legal().actor.shape == (0,)
    tables.step(np.zeros(0, np.int64))
    tables.reset()
    obs = tables.observe()
    assert obs.stacks.shape == (0, 6) and obs.hole.shape == (0, 2)
    assert tables.play_random(0)["hands"] == 0
    assert tables.rewards.shape == (0, 6)


def test_tables_same_seed_same_hands() -> None:
    a = Tables(50, 6, CFG, 200, seed=9)
    b = Tables(50, 6, CFG, 200, seed=9)
    c = Tables(50, 6, CFG, 200, seed=10)
    assert np.array_equal(a.hole, b.hole)
    assert not np.array_equal(a.hole, c.hole)
    pa, pb = RandomPolicy(seed=1), RandomPolicy(seed=1)
    for _ in range(20):
        a.step(*pa.act(a.observe(), a.legal()))
        b.step(*pb.act(b.observe(), b.legal()))
    assert np.array_equal(a.stacks, b.stacks)


def test_tables_cards_are_a_deck() -> None:
    tables = Tables(2000, 10, CFG, 100, seed=5)
    core = tables._core
    rows, slot = np.arange(tables.n), core.view("slot")
    cards = np.concatenate([core.view("hole")[rows, slot].reshape(tables.n, -1), core.view("board")[rows, slot]],
                           axis=1)
    assert cards.min() >= 0 and cards.max() <= 51
    assert all(len(set(row)) == 25 for row in cards.tolist())
    counts = np.bincount(cards.ravel(), minlength=52)
    assert counts.min() > 0.8 * counts.mean()


def test_tables_observe_fields() -> None:
    tables = Tables(3, 4, GameConfig(small_blind=1, big_blind=2, ante=1), 50, seed=6, button=np.array([0, 1, 2]))
    obs = tables.observe()
    assert obs.seat.tolist() == [3, 0, 1]           # left of the big blind
    assert obs.position.tolist() == [3, 3, 3]
    assert obs.button.tolist() == [0, 1, 2]
    assert obs.pot.tolist() == [7, 7, 7]             # four antes and the blinds
    assert obs.to_call.tolist() == [2, 2, 2]
    assert (obs.board == -1).all() and obs.street.tolist() == [0, 0, 0]
    assert obs.raises.tolist() == [0, 0, 0]
    assert np.array_equal(obs.hole, tables.hole[np.arange(3), obs.seat])
    tables.step(np.full(3, BET_OR_RAISE_TO), np.full(3, 6))
    assert tables.observe().raises.tolist() == [1, 1, 1]
    tables.step(np.full(3, FOLD)); tables.step(np.full(3, FOLD)); tables.step(np.full(3, CALL))
    obs = tables.observe()
    assert obs.street.tolist() == [1, 1, 1] and (obs.board[:, :3] >= 0).all() and (obs.board[:, 3:] == -1).all()
    assert obs.folded.sum(axis=1).tolist() == [2, 2, 2]


def test_tables_auto_reset_reports_the_finished_hand() -> None:
    tables = Tables(4, 3, CFG, 100, seed=7, auto_reset=True)
    finished_hole = tables.hole.copy()
    tables.step(np.full(4, FOLD))
    tables.step(np.full(4, FOLD))
    assert tables.hand_over.all()
    assert tables.rewards.tolist() == [[0, -1, 1]] * 4
    assert np.array_equal(tables.hole, finished_hole)     # the finished hand's cards
    assert (tables.legal().actor >= 0).all()               # the next hand is dealt
    assert tables.button.tolist() == [1, 1, 1, 1]
    assert tables.to_phh(0).finishing_stacks == [99, 101, 100]
    tables.step(np.full(4, CALL))
    assert not tables.hand_over.any()


def test_tables_carry_stacks_moves_the_button() -> None:
    tables = Tables(20, 4, CFG, 40, seed=8, carry_stacks=True)
    policy = RandomPolicy(seed=2)
    for _ in range(400):
        over = tables.hand_over.copy()
        if over.any():
            before = tables.stacks.copy()
            button = tables.button.copy()
            tables.reset(over)
            start = np.where(before == 0, 40, before)
            assert np.array_equal(tables.stacks[over] + tables._core.view("put")[over] + tables._core.view("dead")[over, None],
                                  start[over])
            assert np.array_equal(tables.button[over], (button[over] + 1) % 4)
        tables.step(*policy.act(tables.observe(), tables.legal()))


def test_tables_reset_abandons_a_running_hand() -> None:
    tables = Tables(1, 2, CFG, 100, seed=1, carry_stacks=True)
    tables.step([BET_OR_RAISE_TO], [50])
    tables.reset()
    assert tables.stacks.sum() + tables._core.view("pot").sum() == 200


def test_tables_callable_stacks() -> None:
    calls: list[int] = []

    def draw(rng: np.random.Generator, k: int) -> np.ndarray:
        calls.append(k)
        return rng.integers(1, 300, size=(k, 3))

    tables = Tables(10, 3, CFG, draw, seed=3, auto_reset=True)
    policy = RandomPolicy(seed=1)
    for _ in range(60):
        tables.step(*policy.act(tables.observe(), tables.legal()))
    assert calls[0] == 10 and len(calls) > 5
    assert (tables.rewards.sum(axis=1) == 0).all()


def test_tables_play_random_is_thread_independent_and_conserves_chips() -> None:
    a = Tables(64, 6, CFG, 400, seed=4).play_random(30_000, threads=1)
    b = Tables(64, 6, CFG, 400, seed=4).play_random(30_000, threads=2)
    assert a == b
    assert a["hands"] == 30_000 and sum(a["total"]) == 0
    assert all(s > 0 for s in a["squares"]) and sum(a["showdowns"]) > 0


def test_tables_play_random_hands_replay_with_phh() -> None:
    """The last hand of every table after the C fast path, replayed by Hand and by phh."""
    for structure in Structure:
        for conventions in ("card-room", "pokerkit"):
            cfg = GameConfig(structure, 1, 2, ante=1, conventions=conventions)
            tables = Tables(20, 6, cfg, np.random.default_rng(1).integers(1, 300, size=(20, 6)), seed=2,
                            history=400)
            tables.play_random(200)
            for i in range(tables.n):
                hh = tables.to_phh(i)   # replays the log through Hand and checks the stacks
                assert phh.loads(phh.dumps(hh)).replay().stacks == hh.finishing_stacks


def test_tables_to_phh_errors() -> None:
    tables = Tables(2, 2, CFG, 100, seed=1)
    with pytest.raises(ValueError, match="no finished hand"):
        tables.to_phh(0)
    for i in (2, -1):  # an IndexError and a ValueError (the error contract), naming the argument
        with pytest.raises(IndexRangeError, match=rf"i \(the table\) must be in 0..1, got {i}") as info:
            tables.to_phh(i)
        assert isinstance(info.value, IndexError) and isinstance(info.value, ValueError)
    short = Tables(1, 2, CFG, 100, seed=1, history=2)  # a longer hand spills into the overflow log
    short.step([CALL]); short.step([CHECK]); short.step([FOLD])
    assert short.to_phh(0).actions[-1].endswith(" f")
    none = Tables(1, 2, CFG, 100, seed=1, history=0)
    none.step([FOLD])
    with pytest.raises(ValueError, match=r"keep no action log \(history=0\)"):
        none.to_phh(0)


def test_tables_memory_per_table() -> None:
    tables = Tables(1000, 6, CFG, 200, seed=1)
    assert tables._core.nbytes / tables.n < 1000  # 10**6 six-max tables in under 1 GB


def test_tables_play_random_ctrl_c() -> None:
    # Not a race: 10**11 hands are days of CPU (estimated from 10**5 timed first, on this
    # machine); SIGINT comes once the call has used 0.1 s of CPU; it must raise from inside
    # play_random (it polled) after under a twentieth of the work. No timed assertion.
    code = textwrap.dedent(
        """
        import json, os, signal, threading, time, traceback
        from fastholdem.game import GameConfig
        from fastholdem.vector import Tables
        tables = Tables(1000, 6, GameConfig(), 400, seed=1)
        cpu = time.process_time
        c0 = cpu()
        tables.play_random(10**5, threads=1)
        cpu_full = (cpu() - c0) * 10**6
        ready = threading.Event()
        def fire():
            ready.wait()
            start = cpu()
            while cpu() - start < 0.1:
                time.sleep(0.002)
            os.kill(os.getpid(), signal.SIGINT)
        threading.Thread(target=fire).start()
        c0 = cpu()
        ready.set()
        try:
            tables.play_random(10**11, threads=1)
            print(json.dumps({"interrupted": False}))
        except KeyboardInterrupt:
            print(json.dumps({"interrupted": True, "cpu_call": cpu() - c0, "cpu_full": cpu_full,
                              "traceback": traceback.format_exc()}))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=300)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["interrupted"], report
    assert re.search(r'_core\.pyx", line \d+, in fastholdem\._core\.\w+\.play_random$', report["traceback"], re.M), report
    assert report["cpu_call"] < report["cpu_full"] / 20, report


def _acted(hh: phh.HandHistory) -> bool:
    return any(a.split()[1] in ("f", "cc", "cbr") for a in hh.actions if a.startswith("p"))


@pytest.mark.parametrize("draw", [False, True])
def test_r14a_short_blinds_auto_reset_reports_every_hand(draw: bool) -> None:
    """Stacks at or below the blinds deal hands that need no action (R14a, R25). With
    ``auto_reset`` such a hand, dealt right after a table's hand ends, must not take the place
    of the hand just finished: the hand reported after a table acted contains that action, and
    every hand is reported once (the callable-stacks path lost some and reported others twice)."""
    stacks = (lambda rng, k: rng.integers(1, 5, size=(k, 2))) if draw else np.tile([[1, 5], [3, 2]], (10, 1))
    tables = Tables(20, 2, CFG, stacks, seed=3, auto_reset=True)
    acted_reports = quiet_reports = 0
    for _ in range(30):
        legal = tables.legal()
        tables.step(np.where(legal.can_check, CHECK, CALL))
        for i in np.flatnonzero(tables.hand_over):
            hh = tables.to_phh(int(i))
            if legal.actor[i] >= 0:
                assert _acted(hh), f"table {i}: the hand reported after seat {legal.actor[i]} acted has no action"
                acted_reports += 1
            else:  # a hand dealt at the last step that needed no action, reported now
                assert not _acted(hh)
                quiet_reports += 1
    assert acted_reports > 50 and quiet_reports > 50


def test_tables_last_hands_match_hand() -> None:
    """Every field of last_hands against the Hand that replays the same hand (R35-R38)."""
    from fastholdem.vector._export import record_hand

    cfg = GameConfig(small_blind=1, big_blind=2, ante=1)
    tables = Tables(64, 4, cfg, lambda rng, k: rng.integers(1, 60, size=(k, 4)), seed=8)
    policy = RandomPolicy(seed=1)
    while not tables.hand_over.all():
        tables.step(*policy.act(tables.observe(), tables.legal()))
    rows = np.arange(0, 64, 3)
    rec = tables.last_hands(rows)
    assert rec.start.shape == (len(rows), 4) and rec.hole.shape == (len(rows), 4, 2) and rec.board.shape == (len(rows), 5)
    assert rec.folded is not None
    for k, i in enumerate(rows.tolist()):
        hand = tables.to_phh(i).replay()  # the PHH record lists seats from the left of the button
        ref = record_hand(tables, i, finished=True)
        assert list(ref.starting_stacks) == rec.start[k].tolist() and ref.button == rec.button[k]
        assert ref.hole_cards == rec.hole[k].tolist() and hand.board == rec.board[k, : len(hand.board)].tolist()
        order = [(ref.button + 1 + j) % 4 for j in range(4)]
        res = hand.result
        assert [hand.payoffs[order.index(s)] for s in range(4)] == rec.rewards[k].tolist()
        assert bool(rec.showdown[k]) == res.showdown
        assert rec.winning_value[k] == (max(res.values.values()) if res.values else 0)
        won = {order[s] for pot in res.pots for s in pot.winners}
        assert {s for s in range(4) if rec.winners[k, s]} == won
        assert [hand.folded[order.index(s)] for s in range(4)] == rec.folded[k].tolist()
    assert rec.showdown.any() and (~rec.showdown).any()


def test_tables_last_hands_bad_rows_and_dealt_again() -> None:
    tables = Tables(3, 2, CFG, 100, seed=5)
    with pytest.raises(ValueError, match="table 0 has no finished hand"):
        tables.last_hands()
    tables.step(np.full(3, FOLD))
    with pytest.raises(TypeError, match="rows"):
        tables.last_hands(np.array([True, False, True]))
    with pytest.raises(ValueError, match="rows"):
        tables.last_hands(np.array([3]))
    with pytest.raises(ValueError, match="rows"):
        tables.last_hands(np.zeros((1, 1), np.int64))
    assert tables.last_hands(np.array([], np.int64)).rewards.shape == (0, 2)
    tables.reset(np.array([True, False, False]))
    rec = tables.last_hands()  # table 0 is dealt again: its folds are the new hand's
    assert rec.folded is None and rec.rewards.tolist() == [[-1, 1]] * 3
    assert tables.last_hands(np.array([1, 2])).folded is not None
    auto = Tables(2, 2, CFG, 100, seed=5, auto_reset=True)
    auto.step(np.full(2, FOLD))
    assert auto.last_hands().folded is None and auto.last_hands().rewards.tolist() == [[-1, 1]] * 2


def _free_check_tables(conventions: str, n: int = 4) -> Tables:
    """Issue 25's hand on ``n`` tables: stacks 341, 2 and 355, blinds 1 and 2 (the big blind is
    all-in for its blind), seat 2 raises to 47, seat 0 calls; on the flop seat 0 may check."""
    cfg = GameConfig(small_blind=1, big_blind=2, conventions=conventions)
    tables = Tables(n, 3, cfg, np.tile([341, 2, 355], (n, 1)), seed=5, button=2)
    tables.step(np.full(n, BET_OR_RAISE_TO), np.full(n, 47))
    tables.step(np.full(n, CALL))
    legal = tables.legal()
    assert legal.actor.tolist() == [0] * n and legal.can_check.all()
    return tables


def test_r24_pokerkit_tables_refuse_a_fold_when_checking_is_free() -> None:
    tables = _free_check_tables("pokerkit")
    legal = tables.legal()
    assert not legal.can_fold.any()
    assert not ActionSet(free_fold=True).mask(legal)[:, 0].any()
    before = _snapshot(tables)
    kind = np.full(4, CHECK)
    kind[1] = FOLD
    with pytest.raises(ValueError, match="table 1: seat 0 cannot fold: nothing to call, check instead"):
        tables.step(kind)
    after = _snapshot(tables)
    for name in before:
        assert np.array_equal(before[name], after[name]), name
    with pytest.raises(ValueError, match="illegal actions in tables \\[0"):
        ActionSet(free_fold=True).decode_exact(np.zeros(4, np.int64), np.zeros(4, np.int64), legal, strict=True)
    kind, _ = ActionSet(free_fold=True).decode_exact(np.zeros(4, np.int64), np.zeros(4, np.int64), legal)
    assert kind.tolist() == [CHECK] * 4  # a masked fold falls back to check
    tables.step(kind)
    # pokerkit's R25 asks seat 2 although only the all-in seat 1 could answer: no fold there either
    legal = tables.legal()
    assert legal.actor.tolist() == [2] * 4 and legal.can_check.all() and not legal.can_fold.any()
    tables.step(np.full(4, BET_OR_RAISE_TO), np.full(4, 10))
    assert tables.legal().can_fold.all()  # facing a bet
    tables.step(np.full(4, FOLD))
    assert tables.observe().folded[:, 0].all()


def test_r24_card_room_tables_allow_a_fold_when_checking_is_free() -> None:
    tables = _free_check_tables("card-room")
    assert tables.legal().can_fold.all()
    tables.step(np.full(4, FOLD))
    # seat 2 covers the all-in seat 1 and nobody could answer a bet: not asked (R25), dealt out
    assert tables.hand_over.all()
    assert (tables.stacks[:, 0] == 294).all() and (tables.stacks.sum(axis=1) == 698).all()
    assert (tables.stacks[:, 2] >= 355 - 47 + 90).all()  # the side pot only seat 2 can win
    for i in range(4):
        assert tables.to_phh(i).finishing_stacks == tables.stacks[i].tolist()
