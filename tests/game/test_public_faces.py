"""Hand's public faces (issue 27): no module outside ``fastholdem.game`` touches a Hand's insides.

The rule, checked statically over every module of ``src/fastholdem`` outside ``game/``:

* a *private name of Hand* is any name with one leading underscore (not a dunder) that
  ``Hand`` declares: a slot of ``Hand.__slots__`` or an attribute of the class (methods and
  properties), read from the class itself;
* such a name may not appear as an attribute access ``x._name`` (read, write or delete) on any
  object, nor as a string given to ``getattr``/``setattr``/``delattr``/``hasattr``, except as
  ``self._name`` / ``cls._name`` inside a class that is not a subclass of ``Hand``, or
  ``C._name`` for a class ``C`` of the same module that is not one (that class's own attribute
  of the same name);
* no class outside ``game/`` subclasses ``Hand`` (a subclass reaches every private name).

The names are matched whatever the object is, so a look-alike private attribute of another
class, reached from outside it, also fails: rename it. The house rules such modules once wrote
into a Hand are public operations (R42-R47, docs/rules.md).
"""

from __future__ import annotations

import ast
from pathlib import Path

from fastholdem.game.hand import Hand

SRC = Path(__file__).resolve().parents[2] / "src" / "fastholdem"
_BY_NAME = {"getattr", "setattr", "delattr", "hasattr"}


def hand_private_names() -> set[str]:
    """Every single-underscore name that Hand declares (slots and class attributes)."""
    names = set(Hand.__slots__) | {name for klass in Hand.__mro__[:-1] for name in vars(klass)}
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def _is_hand_base(base: ast.expr) -> bool:
    return (isinstance(base, ast.Name) and base.id == "Hand") or (
        isinstance(base, ast.Attribute) and base.attr == "Hand")


def private_hand_accesses(source: str, private: set[str]) -> list[tuple[int, str]]:
    """``(line, text)`` of every breach of the rule in one module's source."""
    tree = ast.parse(source)
    found: list[tuple[int, str]] = []
    own_classes = {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
                   and not any(_is_hand_base(b) for b in node.bases)}

    def visit(node: ast.AST, owner: ast.ClassDef | None) -> None:
        if isinstance(node, ast.ClassDef):
            if any(_is_hand_base(b) for b in node.bases):
                found.append((node.lineno, f"class {node.name} subclasses Hand"))
            owner = node
        elif isinstance(node, ast.Attribute) and node.attr in private:
            own = isinstance(node.value, ast.Name) and (
                (node.value.id in ("self", "cls") and owner is not None
                 and not any(_is_hand_base(b) for b in owner.bases))
                or node.value.id in own_classes)
            if not own:
                found.append((node.lineno, ast.unparse(node)))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _BY_NAME
              and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
              and node.args[1].value in private):
            found.append((node.lineno, ast.unparse(node)))
        for child in ast.iter_child_nodes(node):
            visit(child, owner)

    visit(tree, None)
    return found


def test_public_faces_no_module_outside_game_touches_hand_privates() -> None:
    private = hand_private_names()
    breaches = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC)
        if rel.parts[0] == "game":
            continue
        for line, text in private_hand_accesses(path.read_text(encoding="utf-8"), private):
            breaches.append(f"{rel}:{line}: {text}")
    assert breaches == []


def test_public_faces_private_names_cover_state_and_methods() -> None:
    private = hand_private_names()
    assert {"_stacks", "_actor", "_legal", "_awards", "_post", "_next_actor", "_dead"} <= private
    assert "config" not in private and "__init__" not in private


def test_public_faces_checker_finds_every_kind_of_breach() -> None:
    private = {"_stacks", "_actor", "_legal"}
    source = '''
class Mine(Hand):
    pass

class Other:
    def __init__(self):
        self._stacks = []          # its own attribute: allowed
    def poke(self, hand):
        hand._actor = 3            # write
        del hand._legal            # delete
        return hand._stacks[0] + getattr(hand, "_legal") + self._stacks[0]

class Sub(fh.Hand):
    def f(self):
        return self._stacks        # a Hand subclass: self is a Hand

def g(h):
    setattr(h, "_actor", 1)
    return [x._stacks for x in h], Other._stacks, Sub._stacks, Hand._legal
'''
    lines = private_hand_accesses(source, private)
    texts = [t for _, t in lines]
    assert texts == [
        "class Mine subclasses Hand", "hand._actor", "hand._legal", "hand._stacks",
        "getattr(hand, '_legal')", "class Sub subclasses Hand", "self._stacks",
        "setattr(h, '_actor', 1)", "x._stacks", "Sub._stacks", "Hand._legal",
    ]


# ---------------------------------------------------------------- Event.kind is an EventKind

def test_public_faces_event_kind_is_an_enum_that_reads_as_its_string() -> None:
    import json
    import pickle

    from fastholdem.game import EventKind, GameConfig

    hand = Hand(GameConfig(), [100, 100, 100], button=0, seed=4)
    while not hand.is_complete:
        hand.check_or_call()
    kinds = [ev.kind for ev in hand.history]
    assert all(type(k) is EventKind for k in kinds)
    assert {"sb", "bb", "deal", "call", "check", "burn", "board", "show", "win"} <= set(kinds)
    k = EventKind.RAISE
    assert (k == "raise", hash(k) == hash("raise"), str(k), f"{k:>6}", repr(k)) == (
        True, True, "raise", " raise", "'raise'")
    assert {"raise": 1}[k] == 1 and {k: 1}["raise"] == 1 and EventKind("raise") is k
    assert json.dumps([k]) == '["raise"]' and pickle.loads(pickle.dumps(k)) is k
    assert repr(hand.history[0]) == "Event(street=0, seat=1, kind='sb', amount=1, to=1, cards=(), all_in=False)"
    assert [x.value for x in EventKind if x.is_action] == ["fold", "check", "call", "bet", "raise"]
    assert [x.value for x in EventKind if x.is_post] == ["ante", "sb", "bb"]


def test_public_faces_each_event_ladder_is_one_mapping_over_every_kind() -> None:
    from fastholdem.game import EventKind
    from fastholdem.game.account import _ACCOUNT_LINES
    from fastholdem.simulation.play import _EVENT_LINES
    from fastholdem.history.export_pokerstars import _BODY
    from fastholdem.history.phh import _PHH_ACTIONS

    every = set(EventKind)
    assert set(_ACCOUNT_LINES) == every - {EventKind.WIN}  # the pots are written after the events
    assert set(_BODY) == every - {EventKind.WIN, EventKind.BURN, EventKind.RUNS}
    assert set(_PHH_ACTIONS) == {EventKind.DEAL, EventKind.BOARD, *(k for k in every if k.is_action),
                                 EventKind.SHOW, EventKind.MUCK}
    assert set(_EVENT_LINES) <= every
    for mapping in (_ACCOUNT_LINES, _BODY, _PHH_ACTIONS, _EVENT_LINES):
        assert all(type(key) is EventKind for key in mapping)
