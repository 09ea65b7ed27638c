"""Which player a name given on the command line means (``hh stats --hero``, ``hh export --hero``).

:func:`find_player` takes the name as typed and the names the hands hold (with their hand
counts): the exact name when a hand holds it, else the one name equal to it ignoring case.
Otherwise it raises :class:`~fastholdem.errors.HandHistoryError` listing the names seen, most
hands first, so that a typo shows what was there.

>>> from collections import Counter
>>> seen = Counter({"Hero": 40, "villain": 40})
>>> find_player("Hero", seen, 40), find_player("hero", seen, 40)
('Hero', 'Hero')
>>> find_player("nobody", seen, 40)
Traceback (most recent call last):
...
fastholdem.errors.HandHistoryError: no hand of 'nobody' in 40 hands; the players seen are 'Hero' (40 hands), 'villain' (40 hands)
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import NoReturn

from ..errors import HandHistoryError
from .scan import iter_files

__all__ = ["find_player", "player_names", "add_names", "LISTED"]

LISTED = 12
"""How many of the names seen an error lists (the rest are counted)."""


def find_player(name: str, seen: Mapping[str, int], hands: int) -> str:
    """The player ``name`` means among ``seen`` (name -> hands), out of ``hands`` hands read.

    The exact name first; else the only name equal to ``name`` ignoring case.

    >>> find_player("ANN", {"ann": 3, "bob": 3}, 3)
    'ann'

    Raises
    ------
    HandHistoryError
        No hand holds the name (the message lists the names seen, the first ``LISTED`` by
        hands, and counts the rest), or several names match it ignoring case (it lists them).
        A ``ValueError``, like every ``HandHistoryError``.
    """
    if seen.get(name):
        return name
    folded = name.casefold()
    matches = sorted(n for n, count in seen.items() if count and n.casefold() == folded)
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise HandHistoryError(f"{name!r} matches {len(matches)} players ignoring case "
                               f"({', '.join(map(repr, matches))}): give the exact name")
    ranked = sorted((n for n, count in seen.items() if count), key=lambda n: (-seen[n], n))
    if not ranked:
        _missing(name, hands, "no player names in them")
    shown = ", ".join(f"{n!r} ({seen[n]:,} hand{'' if seen[n] == 1 else 's'})" for n in ranked[:LISTED])
    more = f" and {len(ranked) - LISTED:,} more" if len(ranked) > LISTED else ""
    _missing(name, hands, f"the players seen are {shown}{more}")


def _missing(name: str, hands: int, what: str) -> NoReturn:
    raise HandHistoryError(f"no hand of {name!r} in {hands:,} hand{'' if hands == 1 else 's'}; {what}")


def player_names(paths: Iterable[str | os.PathLike[str]]) -> tuple[Counter[str], int]:
    """The names of the PHH ``players`` fields of every hand in ``paths`` with their hand counts,
    and the number of hands read (unreadable hands count, and hold no names).

    >>> import os, tempfile
    >>> from fastholdem import simulate
    >>> path = os.path.join(tempfile.mkdtemp(), "s.phhs")
    >>> with open(path, "w") as fh:
    ...     _ = simulate(["station", "tight"], 5, seed=3, phh=fh, progress=False)
    >>> seen, hands = player_names([path])
    >>> sorted(seen.items()), hands
    ([('station0', 5), ('tight1', 5)], 5)
    """
    seen: Counter[str] = Counter()
    hands = 0
    for _name, number, item in iter_files(paths):
        if number == 0:
            continue
        hands += 1
        if not isinstance(item, HandHistoryError):
            add_names(seen, item.fields.get("players"))
    return seen, hands


def add_names(seen: Counter[str], players: object) -> None:
    """Count each name of a hand's ``players`` field (if it is a list of names) into ``seen``.

    >>> seen = Counter(); add_names(seen, ["ann", "bob"]); add_names(seen, ["ann"]); seen["ann"]
    2
    """
    if isinstance(players, list):
        seen.update({p for p in players if isinstance(p, str)})
