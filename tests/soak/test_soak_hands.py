"""Soak: many random hands through the engine, checked for chip conservation and stacks >= 0.

Every hand draws its game at random (structure, blinds, ante and ante mode, 2-10 players,
stacks from one chip to deep, the button) and then random actions: folds, checks, calls,
bets and raises to a random legal amount, and all-ins. After every action no stack may be
negative and the chips behind plus the chips in the middle must equal the chips the hand
started with; at the end the payoffs must add up to zero.

The hands come in chunks of ``CHUNK`` hands; chunk ``c`` draws everything from
``random.Random(SEED * 1_000_003 + c)``, so the counts and any failure do not depend on the
number of worker processes, and a failure message names the chunk and hand to replay with
:func:`play_chunk`. ``FASTHOLDEM_SOAK_HANDS`` sets the number of hands (default 1,000,000).
"""

from __future__ import annotations

import multiprocessing
import os
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest
from soak_tally import COUNTS, HANDS, SEED

from fastholdem.game import AnteMode, GameConfig, Hand, Structure

# The soak is long: the default run deselects it, CI runs it (.ci/run: pytest -m slow).
pytestmark = pytest.mark.slow

CHUNK = 5_000
"""Hands per chunk (one random stream each)."""

_STRUCTURES = list(Structure)


def random_game(rng: random.Random) -> tuple[GameConfig, list[int], int]:
    """A random game: config, stacks (2-10 seats) and button."""
    big = rng.choice((2, 4, 10, 50))
    small = rng.choice((0, big // 2, big // 2, big))
    ante = rng.choice((0, 0, 0, 1, big // 2))
    mode = AnteMode.NONE if not ante else rng.choice((AnteMode.EVERY_PLAYER, AnteMode.BIG_BLIND))
    cap = rng.choice((None, 3, 4, 4))
    cfg = GameConfig(rng.choice(_STRUCTURES), small, big, ante=ante, ante_mode=mode, bet_cap=cap,
                     cap_heads_up=rng.random() < 0.5, half_bet_reopens=rng.random() < 0.3)
    n = rng.randint(2, 10)
    depth = rng.choice((1, 3, 10, 40, 100, 300))
    stacks = [rng.randint(1, depth * big) for _ in range(n)]
    return cfg, stacks, rng.randrange(n)


def play_random_hand(hand: Hand, rng: random.Random, total: int) -> Counter[str]:
    """Play ``hand`` to the end with random legal actions, checking the chips after each one."""
    seen: Counter[str] = Counter()
    while not hand.is_complete:
        legal = hand.legal_actions()
        x = rng.random()
        if legal.fold and legal.call is not None and x < 0.15:
            hand.fold()
        elif legal.all_in_to is not None and x < 0.22:
            hand.all_in()
            seen["all-ins"] += 1
        elif legal.min_to is not None and x < 0.45:
            assert legal.max_to is not None
            to = rng.randint(legal.min_to, legal.max_to) if rng.random() < 0.7 else legal.min_to
            if legal.bet:
                hand.bet(to)
            else:
                hand.raise_to(to)
        elif legal.check:
            hand.check()
        else:
            hand.call()
        seen["actions"] += 1
        stacks = hand._stacks
        assert min(stacks) >= 0, f"negative stack: {stacks}"
        assert sum(stacks) + hand.pot_total == total, f"chips not conserved: {stacks} + pot {hand.pot_total}"
    return seen


def play_chunk(chunk: int) -> Counter[str]:
    """Play chunk ``chunk`` of the soak; AssertionError names the hand that failed."""
    rng = random.Random(SEED * 1_000_003 + chunk)
    seen: Counter[str] = Counter()
    for k in range(CHUNK):
        cfg, stacks, button = random_game(rng)
        seed = rng.getrandbits(64)
        where = (f"chunk {chunk} hand {k}: Hand({cfg!r}, {stacks}, button={button}, seed={seed}) "
                 f"(FASTHOLDEM_SOAK_SEED={SEED})")
        try:
            hand = Hand(cfg, stacks, button=button, seed=seed)
            total = sum(stacks)
            seen += play_random_hand(hand, rng, total)
            final = hand.stacks
            assert sum(final) == total and min(final) >= 0, f"final stacks {final} from {stacks}"
            assert sum(hand.result.payoffs) == 0, f"payoffs {hand.result.payoffs}"
        except Exception as exc:
            raise AssertionError(f"{where}: {type(exc).__name__}: {exc}") from exc
        seen["hands"] += 1
        seen["showdowns"] += hand.result.showdown
        seen["side pots"] += max(0, len(hand.result.pots) - 1)
    return seen


def test_soak_random_hands_conserve_chips() -> None:
    chunks = range(-(-HANDS // CHUNK))
    workers = min(2, os.cpu_count() or 1, len(chunks))
    # spawn: a forked child of a process that ran OpenMP code may hang (issue 10).
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        totals = sum(pool.map(play_chunk, chunks), Counter())
    assert totals["hands"] == len(chunks) * CHUNK
    assert totals["showdowns"] > 0 and totals["side pots"] > 0 and totals["all-ins"] > 0
    COUNTS.update({f"random hands ({k})" if k != "hands" else "random hands": v for k, v in totals.items()})
