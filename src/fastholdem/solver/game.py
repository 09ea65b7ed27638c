"""A two-player zero-sum game as a tree over vectors of private hands, and its DCFR engine.

The hold'em builder (:mod:`fastholdem.solver.postflop`) and the toy games of the tests (Kuhn,
Leduc) all reach the C core (``csrc/fh_solver.c``) through :class:`Game`: action nodes of
player 0 or 1, chance nodes dealing one public card per child, fold and showdown terminals.
Utilities are counted from the start of the game (zero-sum): at a fold the folder loses his
contribution ``amount``; at a showdown the stronger hand wins ``amount`` (each player's
contribution, equal at a showdown) and a tie is worth 0. A terminal's ``shared`` utility goes to
both players on top of that (the rake, which makes the game non-zero-sum).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar, cast, overload

import numpy as np
import numpy.typing as npt

from .._core import SolverCore
from ..errors import InputError

__all__ = ["Game", "Engine", "P0", "P1", "CHANCE", "FOLD", "SHOWDOWN", "NO_CARD"]

P0 = 0
"""Node kind: player 0 (out of position, first to act) chooses."""
P1 = 1
"""Node kind: player 1 chooses."""
CHANCE = 2
"""Node kind: a chance node, one public card per child."""
FOLD = 3
"""Node kind: a terminal where a player has folded."""
SHOWDOWN = 4
"""Node kind: a terminal showdown."""
NO_CARD = 255
"""The card of a node that deals none (every node but a chance node's children)."""


T = TypeVar("T")


class Packed(Sequence[list[T]], Generic[T]):
    """Lists of varying length in two flat arrays, read-only: a :class:`Game`'s children and
    labels. Item ``i`` is a new list of what ``codes[start[i]:start[i + 1]]`` stand for: the
    codes themselves, or with a ``table``, its entries at those indices (at ``via[code]`` when
    ``via`` is given: the children's codes serve as the labels' through each node's label).

    Examples
    --------
    >>> import numpy as np
    >>> p = Packed(np.array([0, 2, 2, 3]), np.array([1, 2, 3]))
    >>> len(p), p[0], p[1], p[-1]
    (3, [1, 2], [], [3])
    >>> Packed(np.array([0, 2, 3]), np.array([0, 1, 0]), ("call", "fold"))[0]
    ['call', 'fold']
    >>> Packed(np.array([0, 2]), np.array([1, 2]), ("call", "fold"), via=np.array([-1, 1, 0]))[0]
    ['fold', 'call']
    """

    __slots__ = ("start", "codes", "table", "via")

    def __init__(self, start: npt.NDArray[np.integer], codes: npt.NDArray[np.int32],
                 table: tuple[T, ...] | None = None, via: Sequence[int] | None = None) -> None:
        self.start, self.codes, self.table, self.via = start, codes, table, via

    def __len__(self) -> int:
        return len(self.start) - 1

    @overload
    def __getitem__(self, i: int) -> list[T]: ...

    @overload
    def __getitem__(self, i: slice) -> list[list[T]]: ...

    def __getitem__(self, i: int | slice) -> list[T] | list[list[T]]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        j = i + n if i < 0 else i
        if not 0 <= j < n:
            raise IndexError(f"index {i} out of range for {n} lists")
        codes = self.codes[self.start[j]:self.start[j + 1]].tolist()
        if self.table is None:
            return cast(list[T], codes)
        if self.via is not None:
            return [self.table[self.via[c]] for c in codes]
        return [self.table[c] for c in codes]

    def __iter__(self) -> Iterator[list[T]]:
        return (self[j] for j in range(len(self)))


@dataclass
class Game:
    """A game tree under construction: add nodes parent first, then their children.

    ``merged`` maps a chance node to the cards it deals without a subtree of their own (suit
    isomorphism, :meth:`merge`): each is ``(card, child, perm)``, the card taking the values of
    ``child`` with each player's hands permuted by ``perms[perm]``.

    Examples
    --------
    Matching pennies as a tiny tree: player 0 chooses, player 1 must fold or "showdown".

    >>> g = Game(hands=([(0,), (1,)], [(2,), (3,)]))
    >>> root = g.add(P0)
    >>> g.kind[root]
    0
    """

    hands: tuple[list[tuple[int, ...]], list[tuple[int, ...]]]
    weights: tuple[list[float], list[float]] | None = None
    # Per-node columns as typed arrays (1-4 bytes a node instead of a list's pointer and, for a
    # float, its object). Amounts and chance weights are single floats, the values the core reads.
    kind: array[int] = field(default_factory=lambda: array("b"))
    card: array[int] = field(default_factory=lambda: array("B"))
    amount: array[float] = field(default_factory=lambda: array("f"))
    folder: array[int] = field(default_factory=lambda: array("b"))
    board: array[int] = field(default_factory=lambda: array("i"))
    chance_weight: array[float] = field(default_factory=lambda: array("f"))
    shared: array[float] = field(default_factory=lambda: array("f"))
    """Each node's ``shared`` utility (:meth:`set_shared`); empty while every one is 0."""
    # The tree as each node's parent and the label of the edge into it (an index into
    # label_table): no list per node (the README's flop spot has 641,374 nodes). children and
    # labels are packed from these when first read after a change.
    parent: array[int] = field(default_factory=lambda: array("i"))
    """Each node's parent, -1 at the root."""
    edge_label: array[int] = field(default_factory=lambda: array("i"))
    """The label of the edge into each node, as an index into ``label_table`` (-1 at the root)."""
    label_table: list[str] = field(default_factory=list)
    """Each distinct label once."""
    strengths: list[tuple[array[int], array[int]]] = field(default_factory=list)
    merged: dict[int, list[tuple[int, int, int]]] = field(default_factory=dict)
    perms: list[tuple[list[int], list[int]]] = field(default_factory=list)
    _label_index: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    _packed: tuple[Packed[int], Packed[str]] | None = field(default=None, repr=False, compare=False)
    released: bool = field(default=False, compare=False)
    """True once :meth:`arrays` has handed the core-only columns over (``release=True``)."""

    def add(self, kind: int, *, parent: int | None = None, label: str = "", card: int = NO_CARD,
            amount: float = 0.0, folder: int = 0, board: int = 0, chance_weight: float = 0.0) -> int:
        """Add a node (a child of ``parent``, reached by ``label``); return its id."""
        self._check_whole()
        nid = len(self.kind)
        self.kind.append(kind)
        self.card.append(card)
        self.amount.append(amount)
        self.folder.append(folder)
        self.board.append(board)
        self.chance_weight.append(chance_weight)
        if self.shared:
            self.shared.append(0.0)
        self.parent.append(-1 if parent is None else parent)
        code = -1
        if parent is not None:
            code = self._label_index.setdefault(label, len(self.label_table))
            if code == len(self.label_table):  # a label not seen before
                self.label_table.append(label)
        self.edge_label.append(code)
        self._packed = None
        return nid

    def set_shared(self, node: int, value: float) -> None:
        """Give ``value`` to both players at the terminal ``node`` (the rake, negative)."""
        if not self.shared:
            self.shared.extend(array("f", [0.0]) * len(self.kind))
        self.shared[node] = value

    def _pack(self) -> tuple[Packed[int], Packed[str]]:
        if self._packed is None:
            parent = np.frombuffer(self.parent, np.int32) if self.parent else np.zeros(0, np.int32)
            kids = np.flatnonzero(parent >= 0)
            order = kids[np.argsort(parent[kids], kind="stable")].astype(np.int32)  # by parent, then as added
            start = np.zeros(len(parent) + 1, np.int32)  # int32, as the core's node ids
            np.cumsum(np.bincount(parent[kids], minlength=len(parent)), out=start[1:])
            self._packed = (Packed(start, order), Packed(start, order, tuple(self.label_table), self.edge_label))
        return self._packed

    @property
    def children(self) -> Packed[int]:
        """Each node's children, in the order they were added."""
        return self._pack()[0]

    @property
    def labels(self) -> Packed[str]:
        """The labels of each node's edges to its children."""
        return self._pack()[1]

    def n_children(self) -> npt.NDArray[np.int64]:
        """Each node's number of children."""
        return np.diff(self._pack()[0].start).astype(np.int64)

    def parent_label(self, node: int) -> tuple[int, str] | None:
        """``(parent, label)`` of the edge into ``node``; None at the root."""
        p = self.parent[node]
        if p < 0:
            return None
        return p, self.label_table[self.edge_label[node]]

    def add_board(self, strength0: list[int], strength1: list[int]) -> int:
        """Add a strength table (one value per hand of each player, higher is stronger, 0 for
        a hand the board blocks); return its index for showdown nodes."""
        self.strengths.append((array("I", strength0), array("I", strength1)))
        return len(self.strengths) - 1

    def add_perm(self, perm0: list[int], perm1: list[int]) -> int:
        """Add a permutation of each player's hands (an involution: a suit swap that maps the
        game onto itself); return its id for :meth:`merge`."""
        self.perms.append((list(perm0), list(perm1)))
        return len(self.perms) - 1

    def merge(self, chance: int, card: int, child: int, perm: int) -> None:
        """Suit isomorphism: at ``chance``, ``card`` is dealt with the values of ``child`` (a
        child of ``chance``), each player's hand ``h`` taking those of hand ``perms[perm][p][h]``."""
        self.merged.setdefault(chance, []).append((card, child, perm))

    def _check_whole(self) -> None:
        if self.released:
            raise InputError("this game's amounts, boards and strength tables were released to a solver "
                             "(arrays(release=True)); build the game again")

    def arrays(self, *, release: bool = False) -> dict[str, npt.NDArray[np.generic]]:
        """The flat arrays of the C core (children follow their parent).

        With ``release``, the columns that only the core reads (amounts, folders, boards,
        chance weights, shared utilities, strength tables) are dropped from the game once
        copied: what is left (kinds, cards, children, labels, merges, hands) still walks a
        solution, in less memory, and the game gives no arrays again.

        Examples
        --------
        >>> g = Game(hands=([(0,)], [(1,)]))
        >>> root = g.add(P0)
        >>> _ = g.add(FOLD, parent=root, label="fold", amount=1.0, folder=0)
        >>> sorted(g.arrays(release=True))[:3], len(g.amount), g.labels[root]
        (['amount', 'board', 'card'], 0, ['fold'])
        """
        self._check_whole()
        n = len(self.kind)
        children = self.children
        out: dict[str, npt.NDArray[np.generic]] = {
            "kind": np.array(self.kind, np.int8), "first_child": children.start[:-1].astype(np.int32),
            "n_children": np.diff(children.start).astype(np.int32),
            "children": children.codes if len(children.codes) else np.zeros(1, np.int32), "card": np.array(self.card, np.uint8),
            "amount": np.array(self.amount, np.float32), "folder": np.array(self.folder, np.int8),
            "board": np.array(self.board, np.int32), "chance_weight": np.array(self.chance_weight, np.float32),
        }
        stands: dict[int, list[int]] = {}
        for entries in self.merged.values():
            for _, child, perm in entries:
                stands.setdefault(child, []).append(perm)
        iso_first = np.zeros(n, np.int32)
        iso_count = np.zeros(n, np.int32)
        iso_perm: list[int] = []
        for child in sorted(stands):
            iso_first[child] = len(iso_perm)
            iso_count[child] = len(stands[child])
            iso_perm.extend(stands[child])
        out["iso_first"], out["iso_count"] = iso_first, iso_count
        out["iso_perm"] = np.array(iso_perm, np.int32)
        if any(self.shared):  # len(self.shared) == n once set_shared is called
            out["shared"] = np.array(self.shared, np.float32)
        nb = len(self.strengths)
        for p in (0, 1):
            out[f"perm{p}"] = np.array([pm[p] for pm in self.perms], np.int32).reshape(len(self.perms),
                                                                                      len(self.hands[p]))
            hands = self.hands[p]
            cards = np.full((len(hands), 2), NO_CARD, np.uint8)
            for h, hand in enumerate(hands):
                cards[h, : len(hand)] = hand
            out[f"cards{p}"] = cards
            w = self.weights[p] if self.weights is not None else [1.0] * len(hands)
            out[f"weight{p}"] = np.array(w, np.float32)
            index = {tuple(sorted(h)): i for i, h in enumerate(self.hands[1 - p])}
            out[f"same{p}"] = np.array([index.get(tuple(sorted(h)), -1) for h in hands], np.int32)
            st = np.array([s[p] for s in self.strengths], np.uint32).reshape(nb, len(hands))
            out[f"strength{p}"] = st
            out[f"order{p}"] = np.argsort(st, axis=1, kind="stable").astype(np.int32).reshape(nb, len(hands))
        if release:
            for column in (self.amount, self.folder, self.board, self.chance_weight, self.shared):
                del column[:]
            self.strengths.clear()
            self.released = True
        return out


class Engine:
    """The DCFR state of a game in the C core.

    Examples
    --------
    >>> g = Game(hands=([(0,)], [(1,)]))
    >>> root = g.add(P0)
    >>> _ = g.add(FOLD, parent=root, label="fold", amount=1.0, folder=0)
    >>> _ = g.add(SHOWDOWN, parent=root, label="show", amount=1.0, board=g.add_board([1], [2]))
    >>> e = Engine(g.arrays())
    >>> e.run(50)
    >>> e.exploitability() < 1e-3
    True
    """

    def __init__(self, arrays: dict[str, npt.NDArray[np.generic]], *, alpha: float = 1.5, beta: float = 0.0,
                 gamma: float = 5.0, compress: bool = False) -> None:
        self.raked = "shared" in arrays and bool(np.any(arrays["shared"] != 0))
        self.core = SolverCore(arrays, alpha, beta, gamma, compress)  # which copies what it keeps

    @property
    def storage(self) -> str:
        """``"float32"``, or ``"16bit"`` (regrets and strategy sums compressed)."""
        return "16bit" if self.core.compressed else "float32"

    @property
    def iterations(self) -> int:
        """Iterations run so far."""
        return int(self.core.iterations)

    def run(self, n: int, threads: int | None = None) -> None:
        """Run ``n`` more iterations."""
        if n < 0:
            raise InputError(f"n must be at least 0, got {n}")
        self.core.run(n, threads)

    def values(self, threads: int | None = None) -> tuple[tuple[float, float], tuple[float, float]]:
        """((best-response value of each player), (value of each under the average strategies))."""
        br, ev = self.core.evaluate(threads)
        if ev is None:  # never: values=True asks for them
            raise RuntimeError("the core returned no values")
        return (float(br[0]), float(br[1])), (float(ev[0]), float(ev[1]))

    def exploitability(self, threads: int | None = None) -> float:
        """The mean gain of the two best responses over the average strategies (utility units):
        half the NashConv. In a zero-sum game the average strategies' values cancel; with a
        ``shared`` term (rake) they are subtracted, as postflop-solver does."""
        if self.raked:
            br, ev = self.values(threads)
            return ((br[0] - ev[0]) + (br[1] - ev[1])) / 2.0
        br, _ = self.core.evaluate(threads, False)
        return (float(br[0]) + float(br[1])) / 2.0

    def strategy(self, node: int) -> npt.NDArray[np.float32]:
        """The average strategy at an action node, shape (n_actions, n_hands)."""
        return self.core.strategy(node)
