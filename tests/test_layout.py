"""The package layout (issue 20, docs/architecture.md): no import circles in src/fastholdem
(function-level imports included) nor between the C files of csrc/, no import from a higher
layer, ``__all__`` on every public module, and only the listed modules at the top level."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "fastholdem"
CSRC = ROOT / "csrc"

# The layers of docs/architecture.md, bottom (1) to top: a module imports only from its own layer
# or below. Keys are module names relative to ``fastholdem`` ("" is the package __init__); the
# longest key that is a prefix of a module's name gives its layer. One key per top-level module
# or subpackage: a package's folder is its layer (issue 27 item 4).
LAYERS: dict[str, int] = {
    "errors": 1, "_validate": 1, "progress": 1, "_slow": 1,
    "cards": 2,
    "_core": 3,  # the compiled bridge formats and parses cards for its messages
    "evaluate": 4, "ranges": 4,
    "equities": 5,
    "game": 6, "analysis": 6, "solver": 6,  # solver: its own trees over ranges and the evaluator
    "history": 7, "plot": 7,  # history: PHH (the notation of a game.Hand), site importers, checks
    "vector": 8,  # writes its hands as PHH (history.phh)
    "simulation": 9,  # simulate: plays game.Hand or vector.Tables, writes PHH
    "dask": 10,  # simulation's and equities' blocks on a cluster
    "": 11,  # the package __init__: re-exports from every layer below the command line
    "cli": 12,
}

TOP_LEVEL_MODULES = {"__init__", "cards", "evaluate", "errors", "_core", "_validate", "progress", "_slow", "dask"}


def _module_names(src: Path = SRC) -> dict[str, tuple[Path, bool]]:
    """``fastholdem.x.y`` -> (file, is_package) for every .py file (and the compiled _core)."""
    out: dict[str, tuple[Path, bool]] = {}
    for path in sorted(src.rglob("*.py")):
        parts = list(path.relative_to(src.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts = parts[:-1]
        out[".".join(parts)] = (path, is_pkg)
    for path in src.glob("*.pyx"):
        out[f"{src.name}.{path.stem}"] = (path, False)
    return out


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth (functions, methods, try blocks), except those under
    ``if TYPE_CHECKING:``, which never run."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


_PYX_IMPORT = re.compile(r"^\s*(?:from|import)\s+(fastholdem(?:\.\w+)*)\s+(?:c?import\b)?", re.MULTILINE)


def import_graph(src: Path = SRC) -> dict[str, set[str]]:
    """Module -> the package modules it imports. ``from pkg import name`` counts as an import of
    ``pkg.name`` when that is a module, else of ``pkg``. Implicit imports of parent packages are
    not edges (every module would otherwise depend on the package __init__)."""
    modules = _module_names(src)
    top = src.name
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, (path, is_pkg) in modules.items():
        if path.suffix == ".pyx":  # Cython: its Python-level imports, by a regex
            text = path.read_text(encoding="utf-8")
            graph[name].update(m for m in _PYX_IMPORT.findall(text) if m in modules and m != name)
            continue
        base = name.split(".") if is_pkg else name.split(".")[:-1]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                if node.level:
                    stem = base[: len(base) - node.level + 1]
                    module = ".".join(stem + ([node.module] if node.module else []))
                else:
                    module = node.module or ""
                targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in modules else module
                           for a in node.names]
            for target in targets:
                if target == top or target.startswith(top + "."):
                    while target not in modules and "." in target:
                        target = target.rsplit(".", 1)[0]
                    if target != name:
                        graph[name].add(target)
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a list of nodes (first node repeated at the end), or None."""
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    for start in sorted(graph):
        if state.get(start):
            continue
        path: list[str] = [start]
        iters = [iter(sorted(graph[start]))]
        state[start] = 1
        while iters:
            nxt = next(iters[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                iters.pop()
                continue
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if not state.get(nxt):
                state[nxt] = 1
                path.append(nxt)
                iters.append(iter(sorted(graph.get(nxt, ()))))
    return None


def layer_of(module: str) -> int:
    rel = module.split(".", 1)[1] if "." in module else ""
    best = max((k for k in LAYERS if k == "" or rel == k or rel.startswith(k + ".")), key=len)
    return LAYERS[best]


def test_layout_python_import_graph_has_no_cycle() -> None:
    graph = import_graph()
    assert len(graph) > 40 and graph["fastholdem.cli.main"]  # the scan found the package
    assert "fastholdem.cards" in graph["fastholdem._core"]  # and read the Cython bridge
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_layout_cycle_finder_finds_a_function_level_cycle(tmp_path: Path) -> None:
    pkg = tmp_path / "fastholdem"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import c\n"
                              "def f():\n    from .sub import b\n")
    (pkg / "sub" / "b.py").write_text("from .. import a\n")
    (pkg / "c.py").write_text("from . import a\n")
    cycle = find_cycle(import_graph(pkg))
    assert cycle is not None and set(cycle) == {"fastholdem.a", "fastholdem.sub.b"}


def test_layout_no_module_imports_from_a_higher_layer() -> None:
    upward = [f"{m} (layer {layer_of(m)}) imports {t} (layer {layer_of(t)})"
              for m, targets in sorted(import_graph().items()) for t in sorted(targets)
              if layer_of(t) > layer_of(m)]
    assert not upward, "\n".join(upward)


def test_layout_layers_are_the_folders() -> None:
    """Issue 27 item 4: each entry of LAYERS is a top-level module or subpackage (no module gets
    a layer of its own inside a package), and every top-level one has an entry."""
    top = {p.stem for p in SRC.glob("*.py") if p.stem != "__init__"} | {p.stem for p in SRC.glob("*.pyx")}
    top |= {p.parent.name for p in SRC.glob("*/__init__.py")}
    assert all("." not in key for key in LAYERS)
    assert set(LAYERS) - {""} == top


def test_layout_simulation_sits_above_game_and_vector_and_game_imports_nothing_above_equities() -> None:
    """Issue 27 item 4: ``simulate`` and the policy table live above both engines, and
    ``game/`` (the rules of one hand and one table) imports only from ``equities/`` and below."""
    assert LAYERS["game"] < LAYERS["vector"] < LAYERS["simulation"]
    graph = import_graph()
    game = {m for m in graph if m == "fastholdem.game" or m.startswith("fastholdem.game.")}
    above = sorted(f"{m} imports {t}" for m in game for t in graph[m]
                   if t not in game and layer_of(t) > LAYERS["equities"])
    assert not above, "\n".join(above)


def test_layout_top_level_holds_only_subpackages_and_the_listed_modules() -> None:
    modules = {p.stem for p in SRC.glob("*.py")} | {p.stem for p in SRC.glob("*.pyx")}
    assert modules <= TOP_LEVEL_MODULES, sorted(modules - TOP_LEVEL_MODULES)
    packages = {p.parent.name for p in SRC.glob("*/__init__.py")}
    assert {"analysis", "cli", "equities", "game", "history", "plot", "ranges"} <= packages


def _public_modules() -> list[str]:
    names = []
    for name in _module_names():
        parts = name.split(".")
        if any(p.startswith("_") for p in parts[1:]) or parts[-1] == "__main__":
            continue
        names.append(name)
    return names


@pytest.mark.parametrize("name", _public_modules())
def test_layout_public_module_has_all_and_every_name_exists(name: str) -> None:
    if name == "fastholdem.dask":
        pytest.importorskip("distributed")
    module = importlib.import_module(name)
    assert isinstance(getattr(module, "__all__", None), (list, tuple)), f"{name} has no __all__"
    missing = [n for n in module.__all__ if not hasattr(module, n)]
    assert not missing, f"{name}.__all__ names missing attributes: {missing}"


# ------------------------------------------------------------------------------------- C files

_C_DEF = re.compile(r"^(?:[A-Za-z_][\w\s\*]*?\b)?(fh_\w+)\s*\([^;{]*?\)\s*\{", re.MULTILINE)
_C_MACRO_DEF = re.compile(r"#define\s+\w+\([^)]*\)[^\n]*(?:\\\n[^\n]*)*")
_C_PROTOTYPE = re.compile(r"^[A-Za-z_][\w \t\*]*?\bfh_\w+\s*\([^;{]*?\)\s*;", re.MULTILINE)
_C_CALL = re.compile(r"\b(fh_\w+)\s*\(")
_C_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)


def c_call_graph(csrc: Path = CSRC) -> dict[str, set[str]]:
    """C unit -> the C units defining a function it calls. A unit is a header and its source
    (``fh_eval.h`` + ``fh_eval.c`` is ``fh_eval``: the header's inline functions and the source
    call each other by design). Definitions are found by a regex on top-level function bodies
    (``type fh_name(args) {``), calls as ``fh_name(`` outside comments, prototypes and macros."""
    texts: dict[str, str] = {}
    for p in sorted(csrc.glob("fh_*.[ch]")):
        texts[p.stem] = texts.get(p.stem, "") + "\n" + _C_COMMENT.sub(" ", p.read_text(encoding="utf-8"))
    defined: dict[str, str] = {}
    for name, text in texts.items():
        for match in _C_DEF.finditer(text):
            defined.setdefault(match.group(1), name)
    graph: dict[str, set[str]] = {name: set() for name in texts}
    for name, text in texts.items():
        body = _C_PROTOTYPE.sub(" ", _C_MACRO_DEF.sub(" ", text))
        for match in _C_CALL.finditer(body):
            where = defined.get(match.group(1))
            if where is not None and where != name:
                graph[name].add(where)
    return graph


def test_layout_c_files_call_each_other_without_cycle() -> None:
    graph = c_call_graph()
    assert "fh_eval" in graph["fh_equity"] and "fh_tally" in graph["fh_montecarlo"]
    cycle = find_cycle(graph)
    assert cycle is None, "C call cycle between files: " + " -> ".join(cycle or [])


def test_layout_c_scanner_finds_a_cycle(tmp_path: Path) -> None:
    (tmp_path / "fh_a.c").write_text("/* fh_b() in a comment */\nint fh_a(int x) {\n    return fh_b(x);\n}\n")
    (tmp_path / "fh_b.c").write_text("static inline int\nfh_b(int x) {\n    return x ? fh_a(x - 1) : 0;\n}\n")
    (tmp_path / "fh_b.h").write_text("int fh_a(int x);\nint fh_b(int x);\n")  # prototypes are no calls
    assert find_cycle(c_call_graph(tmp_path)) in (["fh_a", "fh_b", "fh_a"], ["fh_b", "fh_a", "fh_b"])


# ------------------------------------------------------------------ names that messages mention

_DOTTED = re.compile(r"\bfastholdem(?:\.[A-Za-z_]\w*)+")


def _message_names() -> set[str]:
    """Every ``fastholdem.x.y`` written in a string that is not a docstring (error messages)."""
    names: set[str] = set()
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                names.update(m.rstrip(".") for m in _DOTTED.findall(node.value))
    for match in _DOTTED.findall((SRC / "_core.pyx").read_text(encoding="utf-8")):
        names.add(match)
    return names


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return False
        return True
    return False


def test_layout_names_in_messages_resolve() -> None:
    names = _message_names()
    assert "fastholdem.equities.MAX_ASSIGNMENTS" in names
    bad = sorted(n for n in names if not _resolves(n))
    assert not bad, f"messages name what does not exist: {bad}"


def test_layout_equities_package_is_not_hidden_by_the_equity_function() -> None:
    code = ("import fastholdem\nimport fastholdem.equities._plan as p\n"
            "assert callable(fastholdem.equity) and fastholdem.equities.MAX_ASSIGNMENTS == p.MAX_ASSIGNMENTS\n"
            "import fastholdem.simulation\nassert fastholdem.simulation.simulate is fastholdem.simulate\n")
    subprocess.run([sys.executable, "-c", code], check=True)
