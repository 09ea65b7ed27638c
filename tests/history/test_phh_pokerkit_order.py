"""PHH written by fastholdem is in pokerkit's canonical order (issue 19, campaign item 8): once no
more betting is possible, the players show (``p2 sm ...``) before the rest of the board is dealt
(``d db ...``), as pokerkit's state machine requires.

Each hand is played by ``Hand`` under ``conventions="pokerkit"`` with random legal actions
(1/2 blinds, random stacks 1-400, no limit, pot limit and fixed limit, 2-9 players), written
with ``phh.dumps``, and every action is applied in order through pokerkit's state methods
(``deal_hole``, ``deal_board``, ``fold``, ``check_or_call``, ``complete_bet_or_raise_to``,
``show_or_muck_hole_cards``), never its repairing loader: each must be legal when it comes, and
pokerkit must end with the stacks the file records. The same files replay in fastholdem too;
card-room hands are written in the same order and replay as well.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from fastholdem import phh
from fastholdem.game import Bet, GameConfig, Hand, RaiseTo, Structure

pokerkit = pytest.importorskip("pokerkit")

from pokerkit import Automation, FixedLimitTexasHoldem, Mode, NoLimitTexasHoldem  # noqa: E402
from reference.pokerkit_games import PotLimitTexasHoldem as _PotLimitTexasHoldem, memoise_pokerkit_hands as _memoise_pokerkit_hands  # noqa: E402

# Everything but the dealing and the showdown is automatic: those come from the file.
_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
_STRUCTURES = (Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.LIMIT)


def _pokerkit_state(cfg: GameConfig, stacks: list[int]) -> Any:
    blinds = (cfg.small_blind, cfg.big_blind)
    if cfg.structure is Structure.LIMIT:
        game: Any = FixedLimitTexasHoldem(_AUTOMATIONS, True, 0, blinds, cfg.small_bet, cfg.big_bet,
                                          mode=Mode.TOURNAMENT)
    else:
        kind = NoLimitTexasHoldem if cfg.structure is Structure.NO_LIMIT else _PotLimitTexasHoldem
        game = kind(_AUTOMATIONS, True, 0, blinds, cfg.min_bet, mode=Mode.TOURNAMENT)
    return game(stacks, len(stacks))


def strict_pokerkit_replay(hh: phh.HandHistory, cfg: GameConfig) -> list[int]:
    """Apply every action of ``hh`` to a pokerkit state through its methods, in order; each must
    be legal then (a player action by the player pokerkit has to act, a show by a player in its
    showdown). Returns pokerkit's final stacks."""
    state = _pokerkit_state(cfg, [int(s) for s in hh.starting_stacks])
    for text in hh.actions:
        words = text.split()
        if words[:2] == ["d", "dh"]:
            state.deal_hole(words[3], int(words[2][1:]) - 1)
            continue
        if words[:2] == ["d", "db"]:
            if state.can_burn_card():  # PHH leaves burns out: an unknown card
                state.burn_card("??")
            state.deal_board(words[2])
            continue
        player = int(words[0][1:]) - 1
        if words[1] == "sm":
            assert player in state.showdown_indices, f"{text!r}: not in pokerkit's showdown"
            state.show_or_muck_hole_cards(words[2] if len(words) == 3 else False, player)
            continue
        assert state.actor_index == player, f"{text!r}: pokerkit has player index {state.actor_index} to act"
        if words[1] == "f":
            state.fold()
        elif words[1] == "cc":
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(int(words[2]))
    assert not state.status, "pokerkit expects more actions"
    return [int(s) for s in state.stacks]


def random_pokerkit_hand(seed: int) -> tuple[Hand, GameConfig]:
    """A hand played to the end by ``Hand`` under pokerkit's conventions with random legal
    actions; all-ins are frequent, so that many hands run the board out."""
    rng = random.Random(seed)
    structure = _STRUCTURES[seed % 3]
    cfg = GameConfig(structure, small_blind=1, big_blind=2, conventions="pokerkit")
    stacks = [rng.randint(1, 400) for _ in range(rng.randint(2, 9))]
    hand = Hand(cfg, stacks, seed=seed)
    while hand.actor is not None:
        legal = hand.legal_actions()
        r = rng.random()
        if legal.min_to is not None and legal.max_to is not None and r < 0.35:
            amount = legal.max_to if rng.random() < 0.4 else rng.randint(legal.min_to, legal.max_to)
            hand.apply(Bet(amount) if legal.bet else RaiseTo(amount))
        elif legal.call and r < 0.5:
            hand.fold()
        else:
            hand.check_or_call()
    return hand, cfg


def _check_hands(seeds: range) -> int:
    """Strict pokerkit replay and fastholdem replay of every seed; returns the run-outs seen."""
    _memoise_pokerkit_hands()  # pokerkit's hand evaluation dominates; same values, computed once
    runouts = 0
    for seed in seeds:
        hand, cfg = random_pokerkit_hand(seed)
        text = phh.dumps(hand)
        hh = phh.loads(text)
        actions = hh.actions
        shows = [k for k, a in enumerate(actions) if a.split()[1] == "sm"]
        boards = [k for k, a in enumerate(actions) if a.startswith("d db")]
        if shows and boards and boards[-1] > shows[0]:
            runouts += 1
        assert strict_pokerkit_replay(hh, cfg) == [int(s) for s in hh.finishing_stacks], f"seed {seed}\n{text}"
        # fastholdem reads the canonical order back (the file says _conventions = "pokerkit").
        assert hh.replay().stacks == [int(s) for s in hh.finishing_stacks], f"seed {seed}\n{text}"
    return runouts


def test_phh_pokerkit_hands_replay_strictly_in_pokerkit() -> None:
    runouts = _check_hands(range(200))
    assert runouts >= 50  # the run-outs, where the order matters, are well represented


@pytest.mark.slow
def test_phh_pokerkit_hands_replay_strictly_in_pokerkit_soak() -> None:
    assert _check_hands(range(200, 2200)) >= 600


def test_phh_card_room_hands_show_before_the_runout_and_replay() -> None:
    """The canonical order is written under the card-room conventions too, and replays."""
    runouts = 0
    for seed in range(120):
        rng = random.Random(seed)
        stacks = [rng.randint(1, 400) for _ in range(rng.randint(2, 9))]
        hand = Hand(GameConfig(_STRUCTURES[seed % 3], small_blind=1, big_blind=2), stacks, seed=seed)
        while hand.actor is not None:
            legal = hand.legal_actions()
            if legal.all_in_to is not None and rng.random() < 0.3:
                hand.all_in()
            else:
                hand.check_or_call()
        hh = phh.loads(phh.dumps(hand))
        words = [a.split() for a in hh.actions]
        last_show = max((k for k, w in enumerate(words) if w[1] == "sm"), default=-1)
        runouts += any(w[:2] == ["d", "db"] for w in words[last_show + 1:]) and last_show >= 0
        assert all(w[1] == "sm" or w[0] == "d" for w in words[last_show + 1:])
        assert hh.replay().stacks == [int(s) for s in hh.finishing_stacks]
    assert runouts >= 10
