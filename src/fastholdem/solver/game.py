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
from dataclasses import dataclass, field

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


_NO_CHILDREN: list[int] = []
_NO_LABELS: list[str] = []
"""The children and labels of every node that has none (never appended to: see Game.add)."""


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
    # Per-node columns as typed arrays (1-8 bytes a node instead of a list's pointer and, for a
    # float, its object); amounts stay doubles, so the values are those of Python floats.
    kind: array[int] = field(default_factory=lambda: array("b"))
    card: array[int] = field(default_factory=lambda: array("B"))
    amount: array[float] = field(default_factory=lambda: array("d"))
    folder: array[int] = field(default_factory=lambda: array("b"))
    board: array[int] = field(default_factory=lambda: array("i"))
    chance_weight: array[float] = field(default_factory=lambda: array("d"))
    shared: array[float] = field(default_factory=lambda: array("d"))
    children: list[list[int]] = field(default_factory=list)
    labels: list[list[str]] = field(default_factory=list)
    strengths: list[tuple[array[int], array[int]]] = field(default_factory=list)
    merged: dict[int, list[tuple[int, int, int]]] = field(default_factory=dict)
    perms: list[tuple[list[int], list[int]]] = field(default_factory=list)
    label_texts: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    """Each distinct label once (a postflop tree has a few dozen among hundreds of thousands of
    edges)."""

    def add(self, kind: int, *, parent: int | None = None, label: str = "", card: int = NO_CARD,
            amount: float = 0.0, folder: int = 0, board: int = 0, chance_weight: float = 0.0) -> int:
        """Add a node (a child of ``parent``, reached by ``label``); return its id."""
        nid = len(self.kind)
        self.kind.append(kind)
        self.card.append(card)
        self.amount.append(amount)
        self.folder.append(folder)
        self.board.append(board)
        self.chance_weight.append(chance_weight)
        self.shared.append(0.0)
        # A node without children shares one empty list for both (most nodes are leaves: 403,071
        # of the 641,374 of the README's flop spot); its first child gives it lists of its own.
        # With the labels stored once, that spot's tree takes about 50 MB less.
        self.children.append(_NO_CHILDREN)
        self.labels.append(_NO_LABELS)
        if parent is not None:
            label = self.label_texts.setdefault(label, label)
            if self.children[parent] is _NO_CHILDREN:
                self.children[parent] = [nid]
                self.labels[parent] = [label]
            else:
                self.children[parent].append(nid)
                self.labels[parent].append(label)
        return nid

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

    def arrays(self) -> dict[str, npt.NDArray[np.generic]]:
        """The flat arrays of the C core (children follow their parent)."""
        n = len(self.kind)
        first = np.zeros(n, np.int32)
        flat: list[int] = []
        for i, ch in enumerate(self.children):
            first[i] = len(flat)
            flat.extend(ch)
        out: dict[str, npt.NDArray[np.generic]] = {
            "kind": np.array(self.kind, np.int8), "first_child": first,
            "n_children": np.array([len(c) for c in self.children], np.int32),
            "children": np.array(flat or [0], np.int32), "card": np.array(self.card, np.uint8),
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
        if any(self.shared):
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
                 gamma: float = 3.0, compress: bool = False) -> None:
        self.raked = "shared" in arrays and bool(np.any(arrays["shared"] != 0))
        self.core = SolverCore(arrays, alpha, beta, gamma, compress)
        # The core keeps its own copy of the tree; of these arrays only two are read again.
        self.kind = arrays["kind"]
        self.n_children = arrays["n_children"]

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
        kind = int(self.kind[node])
        if kind > P1:
            raise InputError(f"node {node} is not an action node")
        return self.core.strategy(node, int(self.n_children[node]), kind)
