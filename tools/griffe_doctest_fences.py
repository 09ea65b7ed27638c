"""Griffe extension of the docs site (mkdocs.yml): doctest sessions outside an ``Examples``
section render as code.

Numpy-style docstrings show the ``>>>`` sessions of their ``Examples`` section as code. A
session anywhere else (the tour in a module docstring, an example under ``Attributes``) would be
read as Markdown, where ``>>>`` opens a quote and ``[a][b]`` in an output line is a link that
``mkdocs build --strict`` rejects. This wraps each such session in a ``pycon`` fence before
mkdocstrings parses the docstring; the text of the docstring itself is not changed.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_RULE = re.compile(r"^\s*-{3,}\s*$")
_EXAMPLE_SECTIONS = ("examples", "example")


def fence_doctests(text: str) -> str:
    """``text`` with every doctest session outside a numpy ``Examples`` section fenced.

    A session runs from a ``>>>`` line to the next blank line, as doctest reads it.

    >>> print(fence_doctests("Tour:\\n\\n>>> 1 + 1\\n2\\n\\nExamples\\n--------\\n>>> 2 + 2\\n4"))
    Tour:
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    Examples
    --------
    >>> 2 + 2
    4
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
        elif not fenced and stripped.startswith(">>>") and section not in _EXAMPLE_SECTIONS:
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(lines[i])
                i += 1
            out.append(f"{indent}```")
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fences the doctest sessions of every docstring griffe loads (see :func:`fence_doctests`)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
