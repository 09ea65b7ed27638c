"""Issue 27 item 4: one table of built-in policies (each name and alias gives exactly one scalar
agent and one vectorised policy), one alias map, and a policy's kind decided in one place
(``fastholdem.vector.policies.policy_kind``) for every caller."""

from __future__ import annotations

import ast
import functools
from pathlib import Path
from typing import Any

import pytest

import fastholdem
from fastholdem.errors import ConfigError
from fastholdem.game import Check, Fold, GameConfig, Hand
from fastholdem.game.players import CallingStation, RandomPlayer, TightPlayer, drive
from fastholdem.simulation import POLICIES, make_player
from fastholdem.simulation.vector_block import is_vectorisable
from fastholdem.vector import RandomPolicy, StationPolicy, TightPolicy
from fastholdem.vector.arena import opponent_functions
from fastholdem.vector.policies import (
    BUILTIN_POLICIES,
    VECTOR_POLICIES,
    builtin_policy,
    is_vector_policy,
    make_policy,
    policy_key,
    policy_kind,
    seat_functions,
)

SRC = Path(fastholdem.__file__).resolve().parent
ALIASES = {"random": "random", "station": "station", "call": "station", "calling-station": "station",
           "tight": "tight", "equity": "tight"}  # what simulate accepted before the table (issue 27)


def test_policy_table_each_name_and_alias_gives_one_agent_and_one_vector_policy() -> None:
    assert POLICIES == VECTOR_POLICIES == tuple(BUILTIN_POLICIES) == ("random", "station", "tight")
    names = [alias for spec in BUILTIN_POLICIES.values() for alias in (spec.name, *spec.aliases)]
    assert len(names) == len(set(names)) and set(names) == set(ALIASES)  # no alias in two rows
    for alias, key in ALIASES.items():
        for written in (alias, alias.upper(), f" {alias} "):
            spec = builtin_policy(written)
            assert spec is BUILTIN_POLICIES[key] and policy_key(written) == key
            assert type(make_player(written, 1)) is spec.agent
            assert type(make_policy(written, 1)) is spec.policy
    pairs = {name: (spec.agent, spec.policy) for name, spec in BUILTIN_POLICIES.items()}
    assert pairs == {"random": (RandomPlayer, RandomPolicy), "station": (CallingStation, StationPolicy),
                     "tight": (TightPlayer, TightPolicy)}


def _history(agents: list[Any]) -> list[Any]:
    return drive(Hand(GameConfig(), [200, 200, 200], seed=9), agents).history


def test_policy_table_seeds_reach_the_policies_that_draw_numbers() -> None:
    for name, cls in (("random", RandomPlayer), ("tight", TightPlayer)):
        seeded = _history([make_player(name, k) for k in (5, 6, 7)])
        assert seeded == _history([cls(k) for k in (5, 6, 7)])
    p, q = make_policy("random", 5), make_policy("random", 6)
    assert isinstance(p, RandomPolicy) and isinstance(q, RandomPolicy)
    assert p.rng.random() != q.rng.random()


@pytest.mark.parametrize("name", ["gto", "", "random2"])
def test_policy_table_unknown_names_are_refused_everywhere(name: str) -> None:
    for make in (make_player, make_policy, builtin_policy):
        with pytest.raises(ConfigError, match="unknown policy .*choose from random, station, tight"):
            make(name)
    assert policy_key(name) is None and not is_vectorisable(name)
    with pytest.raises(ConfigError, match="unknown policy"):
        fastholdem.simulate([name, "random"], 10, seed=1)
    with pytest.raises(ConfigError, match="unknown policy"):
        seat_functions([name, "random"], [1, 2])


def test_policy_table_result_names_the_row_not_the_alias() -> None:
    result = fastholdem.simulate(["Call", "equity", "calling-station"], 200, seed=4)
    assert [s.policy for s in result.seats] == ["station", "tight", "station"]
    on_hand = fastholdem.simulate(["Call", "equity"], 50, seed=4, engine="hand")
    assert [s.policy for s in on_hand.seats] == ["station", "tight"]


class _Vector:
    def act(self, obs: Any, legal: Any) -> Any:
        return StationPolicy().act(obs, legal)


class _Scalar:
    def act(self, view: Any) -> Any:
        return _scalar_function(view)


def _scalar_function(view: Any) -> Any:
    return Check() if view.legal_actions().check else Fold()


def _vector_function(obs: Any, legal: Any) -> Any:
    return StationPolicy().act(obs, legal)


EXAMPLES: list[tuple[object, str]] = [
    ("random", "name"), ("Equity", "name"), ("gto", "name"),
    (_Vector(), "vector"), (StationPolicy(), "vector"), (_vector_function, "vector"),
    (_Scalar(), "agent"), (CallingStation(), "agent"), (_scalar_function, "agent"), (_Vector, "agent"),
    (42, "agent"),
]


@pytest.mark.parametrize(("policy", "kind"), EXAMPLES)
def test_policy_kind_and_every_caller_agree(policy: object, kind: str) -> None:
    """Each caller's view of a policy follows the one answer of policy_kind."""
    assert policy_kind(policy) == kind
    assert is_vector_policy(policy) == (kind == "vector")
    assert is_vectorisable(policy) == (kind == "vector" or (kind == "name" and policy_key(policy) is not None))
    if kind == "vector":
        assert fastholdem.simulate([policy, "random"], 20, seed=1).engine == "vector"
        assert seat_functions([policy], [1])[0] is not None
        assert opponent_functions(policy, 2, [1], seed=1)[1] is not None
    elif kind == "agent" and not isinstance(policy, (int, type)):  # those two play nowhere
        assert fastholdem.simulate([policy, "random"], 20, seed=1).engine == "hand"
        with pytest.raises(TypeError):
            seat_functions([policy], [1])
        with pytest.raises(TypeError):
            opponent_functions(policy, 2, [1], seed=1)
    elif kind == "name" and policy_key(policy) is not None:
        assert fastholdem.simulate([policy, "random"], 20, seed=1).engine == "vector"
        assert callable(seat_functions([policy], [1])[0])


@functools.lru_cache(maxsize=1)
def _trees() -> dict[str, ast.Module]:
    return {str(path.relative_to(SRC)): ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted(SRC.rglob("*.py"))}


def _functions_calling(name: str) -> dict[str, list[str]]:
    """Module -> the functions in ``src/fastholdem`` that call or name ``name``."""
    found: dict[str, list[str]] = {}
    for module, tree in _trees().items():
        stack: list[tuple[ast.AST, str | None]] = [(tree, None)]
        while stack:
            node, where = stack.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                where = node.name
            if isinstance(node, ast.Name) and node.id == name and where is not None:
                if where not in found.setdefault(module, []):
                    found[module].append(where)
            stack.extend((child, where) for child in ast.iter_child_nodes(node))
    return found


def test_policy_kind_is_decided_in_one_place() -> None:
    """The arity test that tells ``act(obs, legal)`` from ``act(view)`` runs only in policy_kind,
    and no module but vector/policies.py asks is_vector_policy: the others ask policy_kind."""
    assert _functions_calling("_positional_arity") == {"vector/policies.py": ["policy_kind"]}
    callers = _functions_calling("is_vector_policy")
    assert set(callers) == {"vector/policies.py"}, callers
    askers = _functions_calling("policy_kind")
    assert {"simulation/run.py", "simulation/vector_block.py", "vector/arena.py"} <= set(askers)


def test_policy_table_is_the_one_alias_map() -> None:
    """The aliases are written once (the table's rows): no other module holds an ``_ALIASES``
    table or spells an alias."""
    spelled: dict[str, set[str]] = {}
    for module, tree in _trees().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in ("calling-station", "equity", "call"):
                spelled.setdefault(node.value, set()).add(module)
            if isinstance(node, ast.Name) and node.id == "_ALIASES" and isinstance(node.ctx, ast.Store):
                spelled.setdefault("_ALIASES", set()).add(module)
    assert spelled.get("calling-station") == {"vector/policies.py"}
    assert spelled.get("_ALIASES") == {"vector/policies.py"}
    assert "simulation/run.py" not in spelled.get("equity", set()) | spelled.get("call", set())
