"""The 1,755 strategically distinct flops (issue 30 item 5), checked against a brute force over
the 22,100 flops and the 24 permutations of the suits (R1: suits have no value)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

import fastholdem as fh
from fastholdem.solver import FlopClass, canonical_flop, flop_classes, flop_texture


def _brute_classes() -> dict[frozenset[int], list[tuple[int, ...]]]:
    """Flops grouped by their orbit under the suit permutations (the orbit is the class)."""
    perms = list(itertools.permutations(range(4)))
    classes: dict[frozenset[int], list[tuple[int, ...]]] = {}
    for flop in itertools.combinations(range(52), 3):
        orbit = frozenset(tuple(sorted(4 * (c // 4) + p[c % 4] for c in flop)) for p in perms)  # type: ignore[misc]
        classes.setdefault(orbit, []).append(flop)  # type: ignore[arg-type]
    return classes


@pytest.fixture(scope="module")
def brute() -> dict[frozenset[int], list[tuple[int, ...]]]:
    return _brute_classes()


def _texture(flop: tuple[int, ...]) -> tuple[int, int]:
    return len({c % 4 for c in flop}), len({c // 4 for c in flop})


def test_r1_flop_classes_are_the_suit_orbits(brute: dict[frozenset[int], list[tuple[int, ...]]]) -> None:
    classes = flop_classes()
    assert len(classes) == len(brute) == 1755
    assert sum(c.count for c in classes) == 22100
    # each class is one orbit, of the size counted, and the representative is in it
    by_flop = {f: orbit for orbit, flops in brute.items() for f in flops}
    seen = set()
    for c in classes:
        rep = tuple(sorted(fh.parse_cards(c.board)))
        orbit = by_flop[rep]
        assert len(brute[orbit]) == c.count
        assert orbit not in seen
        seen.add(orbit)
        assert canonical_flop(c.board) == c.board


def test_r1_flop_classes_by_texture(brute: dict[frozenset[int], list[tuple[int, ...]]]) -> None:
    names = ({1: "monotone", 2: "two-tone", 3: "rainbow"}, {3: "unpaired", 2: "paired", 1: "trips"})
    want_classes: Counter[tuple[str, str]] = Counter()
    want_flops: Counter[tuple[str, str]] = Counter()
    for flops in brute.values():
        s, r = _texture(flops[0])
        key = (names[0][s], names[1][r])
        want_classes[key] += 1
        want_flops[key] += len(flops)
    got_classes = Counter(flop_texture(c.board) for c in flop_classes())
    got_flops: Counter[tuple[str, str]] = Counter()
    for c in flop_classes():
        got_flops[flop_texture(c.board)] += c.count
    assert got_classes == want_classes
    assert got_flops == want_flops
    # the familiar figures
    assert want_classes[("monotone", "unpaired")] == 286 and want_flops[("monotone", "unpaired")] == 1144
    assert want_classes[("rainbow", "trips")] == 13 and want_flops[("rainbow", "trips")] == 52
    assert sum(n for (s, _), n in want_classes.items() if s == "rainbow") == 286 + 156 + 13


def test_canonical_flop_is_the_same_for_the_whole_class() -> None:
    assert canonical_flop("Td9d6h") == canonical_flop("Tc9c6s") == canonical_flop([33, 29, 18]) == "Ts9s6h"
    assert canonical_flop("6h9dTd") == "Ts9s6h"
    assert flop_classes()[0] == FlopClass("AsAhAd", 4)


@pytest.mark.parametrize("bad", ["AsKs", "AsAsKd", "AsKsQsJs", [1, 2, 99], 7, ["As", "Ks", "Qs"]])
def test_canonical_flop_refuses_what_is_not_a_flop(bad: object) -> None:
    with pytest.raises((fh.CardError, fh.InputTypeError), match="board"):
        canonical_flop(bad)  # type: ignore[arg-type]
