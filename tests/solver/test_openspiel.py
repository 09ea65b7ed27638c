"""OpenSpiel (test-only peer) as the second opinion on Kuhn poker and Leduc hold'em: our average
strategies, copied into an OpenSpiel TabularPolicy by walking both trees together, have the
NashConv that OpenSpiel computes equal to twice our exploitability, and the game value that
OpenSpiel's policy evaluation gives equal to ours."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from toy_games import kuhn, leduc

from fastholdem.solver.game import P1, Engine, Game

# OpenSpiel's action ids -> our labels (Kuhn: pass, bet; Leduc: fold, call, raise)
_NAMES = {"kuhn_poker": {0: ("check", "fold"), 1: ("bet", "call")},
          "leduc_poker": {0: ("fold",), 1: ("check", "call"), 2: ("bet", "raise")}}


def _policy(peer: Any, name: str, g: Game, e: Engine) -> tuple[Any, Any]:
    pyspiel = peer("pyspiel")
    os_policy = peer("open_spiel.python.policy")
    game = pyspiel.load_game(name)
    pol = os_policy.TabularPolicy(game)
    strat = {i: e.strategy(i) for i, k in enumerate(g.kind) if k <= P1}
    names = _NAMES[name]

    def walk(state: Any, node: int, hands: list[int]) -> None:
        if state.is_terminal():
            return
        if state.is_chance_node():
            for a, _ in state.chance_outcomes():
                if len(hands) < 2:  # the private cards (card ids match: 2 * rank + suit)
                    walk(state.child(a), node, [*hands, a])
                else:
                    kids = g.children[node]
                    walk(state.child(a), kids[[g.card[c] for c in kids].index(a)], hands)
            return
        p = state.current_player()
        assert g.kind[node] == p
        labels = g.labels[node]
        probs = pol.policy_for_key(state.information_state_string())
        for a in state.legal_actions():
            i = next(i for i, lab in enumerate(labels) if lab in names[a])
            probs[a] = strat[node][i, hands[p]]
            walk(state.child(a), g.children[node][i], hands)

    walk(game.new_initial_state(), 0, [])
    return game, pol


@pytest.mark.parametrize(("name", "build", "iterations"), [("kuhn_poker", kuhn, 300), ("leduc_poker", leduc, 100)])
def test_openspiel_nash_conv_and_value_agree(peer: Any, name: str, build: Any, iterations: int) -> None:
    exploitability = peer("open_spiel.python.algorithms.exploitability")
    expected = peer("open_spiel.python.algorithms.expected_game_score")
    g = build()
    e = Engine(g.arrays())
    e.run(iterations)
    game, pol = _policy(peer, name, g, e)
    assert exploitability.nash_conv(game, pol) == pytest.approx(2 * e.exploitability(), abs=1e-5)
    value = expected.policy_value(game.new_initial_state(), [pol, pol])
    _, ev = e.values()
    assert np.allclose(value, ev, atol=1e-5)
