"""The action log of ``Tables`` grows with long hands, so ``to_phh`` replays every hand (issue 16)."""

from __future__ import annotations

import numpy as np

from fastholdem import phh
from fastholdem.game import GameConfig
from fastholdem.vector import BET_OR_RAISE_TO, CALL, Tables

CFG = GameConfig(small_blind=1, big_blind=2)


def test_tables_to_phh_replays_a_min_raise_war_past_the_fixed_log() -> None:
    # Heads-up min-raises from 500 chips: about 250 actions, far past a fixed log of 8.
    tables = Tables(3, 2, CFG, 500, seed=1, history=8)
    while not tables.hand_over.all():
        legal = tables.legal()
        raise_ok = legal.min_to >= 0
        tables.step(np.where(raise_ok, BET_OR_RAISE_TO, CALL), np.where(raise_ok, legal.min_to, 0))
    for i in range(3):
        history = tables.to_phh(i)
        assert len(history.actions) > 200
        # to_phh replays the log on Hand and checks the stacks; PHH lists seats from the blinds
        assert sorted(history.finishing_stacks) == sorted(int(x) for x in tables.stacks[i])
        assert phh.loads(phh.dumps(history)).finishing_stacks == history.finishing_stacks


def test_tables_play_random_last_hands_replay_with_a_tiny_fixed_log() -> None:
    tables = Tables(50, 6, CFG, 400, seed=2, history=2)
    tables.play_random(500)
    for i in range(50):
        history = tables.to_phh(i)  # replayed on Hand to the table's stacks, or it raises
        assert sorted(history.finishing_stacks) == sorted(int(x) for x in tables.stacks[i])
