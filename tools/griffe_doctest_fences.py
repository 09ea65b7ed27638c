"""Griffe extension of the docs site (mkdocs.yml): docstrings written for Python's ``help`` and
doctest render well in the API reference.

* Doctest sessions outside a numpy ``Examples`` section (the tour in a module docstring, an
  example under ``Attributes``) are wrapped in a ``pycon`` fence. Read as Markdown, ``>>>``
  would open a quote and ``[a][b]`` in an output line would be a link that
  ``mkdocs build --strict`` rejects.
* Sphinx roles (``:func:`equity```, ``:class:`~fastholdem.Range```) become code that links to
  the object's entry when the reference shows it (an optional cross-reference of
  mkdocs-autorefs: no link, and no warning, when it does not).

* Functions of the compiled core re-exported by assignment (``evaluate_batch =
  _core.evaluate_batch`` in ``evaluate.py``) are shown as the functions they are: the
  signature of ``_core.pyi`` and the full docstring of ``_core.pyx`` (read from the built
  extension), instead of an attribute whose value is ``_core.evaluate_batch``.

Only the rendering changes; the docstrings in the source stay as they are.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_RULE = re.compile(r"^\s*-{3,}\s*$")
_CORE_VALUE = re.compile(r"_core\.(\w+)")
_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|data|attr|exc|obj|const):`(~?)([\w.]+)(?:\(\))?`")
_EXAMPLE_SECTIONS = ("examples", "example")


def _walk(start: Any, parts: list[str]) -> str | None:
    """The path of ``start.parts[0].parts[1]...``, following imports; None if a part is missing."""
    current = start
    for part in parts:
        member = current.members.get(part) if hasattr(current, "members") else None
        if member is None:
            return None
        if member.is_alias:
            try:
                member = member.final_target
            except (griffe.AliasResolutionError, griffe.CyclicAliasError):
                return None
        current = member
    return str(current.path)


def _identifier(obj: Any, target: str) -> str:
    """The full path a role's ``target`` names, seen from ``obj`` (its own scope, then its
    parents'; ``fastholdem.x`` from the package root)."""
    parts = target.lstrip(".").split(".")
    if parts[0] == "fastholdem":
        root = obj
        while root.parent is not None:
            root = root.parent
        return _walk(root, parts[1:]) or target
    scope = obj
    while scope is not None:
        if hasattr(scope, "members") and parts[0] in scope.members:
            return _walk(scope, parts) or target
        scope = scope.parent
    return target


def _roles(line: str, obj: Any) -> str:
    def link(match: re.Match[str]) -> str:
        short, target = match.group(1), match.group(2)
        shown = target.rsplit(".", 1)[-1] if short else target.lstrip(".")
        identifier = _identifier(obj, target) if obj is not None else target
        return f'<autoref identifier="{identifier}" optional><code>{shown}</code></autoref>'

    return _ROLE.sub(link, line)


def render_docstring(text: str, obj: Any = None) -> str:
    """``text`` with every doctest session outside a numpy ``Examples`` section fenced, and
    Sphinx roles outside code turned into optional cross-references (``obj`` resolves them).

    A session runs from a ``>>>`` line to the next blank line, as doctest reads it.

    >>> out = render_docstring("See :func:`f`:\\n\\n>>> 1 + 1\\n2\\n\\nExamples\\n--------\\n>>> 2 + 2\\n4")
    >>> out.splitlines()[:3], out.count("```")
    (['See <autoref identifier="f" optional><code>f</code></autoref>:', '', '```pycon'], 2)
    """
    lines = text.split("\n")
    out: list[str] = []
    section = ""
    fenced = False
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced
        elif not fenced and stripped and i + 1 < len(lines) and _RULE.match(lines[i + 1]):
            section = stripped.lower()
        elif not fenced and stripped.startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            session = []
            while i < len(lines) and lines[i].strip():
                session.append(lines[i])
                i += 1
            if section in _EXAMPLE_SECTIONS:  # the numpy parser shows these as code itself
                out.extend(session)
            else:
                out.extend([f"{indent}```pycon", *session, f"{indent}```"])
            continue
        out.append(line if fenced else _roles(line, obj))
        i += 1
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Renders every docstring griffe loads through :func:`render_docstring`."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Once the whole package is loaded (so that roles can be resolved across modules)."""
        _show_core_functions(pkg)
        for obj in _objects(pkg):
            if obj.docstring is not None:
                obj.docstring.value = render_docstring(obj.docstring.value, obj)


def _show_core_functions(pkg: griffe.Module) -> None:
    """Replace each ``name = _core.name`` attribute of the package by that compiled function."""
    stubs = pkg.members.get("_core")
    try:
        runtime = griffe.inspect(f"{pkg.path}._core")
    except ImportError:  # the extension is not built: leave the attributes as they are
        return
    for module in _objects(pkg):
        if not module.is_module:
            continue
        for name, member in list(module.members.items()):
            if member.is_alias or not member.is_attribute:
                continue
            match = _CORE_VALUE.fullmatch(str(member.value))  # type: ignore[union-attr]
            source = runtime.members.get(match.group(1)) if match else None
            if source is None or not source.is_function:
                continue
            stub = stubs.members.get(source.name) if stubs is not None else None
            typed = stub if stub is not None and stub.is_function else source
            docstring = source.docstring.value if source.docstring is not None else None
            function = griffe.Function(name, lineno=member.lineno, endlineno=member.endlineno,
                                       parameters=typed.parameters, returns=typed.returns,  # type: ignore[union-attr]
                                       docstring=griffe.Docstring(docstring) if docstring else None)
            module.set_member(name, function)


def _objects(obj: griffe.Object) -> list[griffe.Object]:
    """``obj`` and every object defined in it (not imported), depth first."""
    found = [obj]
    for member in obj.members.values():
        if not member.is_alias:
            found.extend(_objects(member))  # type: ignore[arg-type]
    return found
