"""``solve`` and its :class:`Solution`: strategies, EVs, node walking, save and load."""

from __future__ import annotations

import itertools
import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import IO

import numpy as np
import numpy.typing as npt

from .._core import SolverCore, evaluate_batch
from ..cards import card_str, parse_cards
from ..errors import ConfigError, InputError, InputTypeError, RangeError
from ..progress import Progress
from ..ranges import Range
from ..ranges.classes import class_index
from .game import CHANCE, P1, Engine, Game
from .postflop import MAX_NODES, Spot, build_game, check_spot, combo_text, compatible_weight, hand_masks, overlap_weight
from .tree import BetSizes, Tree, parse_sizes

__all__ = ["solve", "Solution", "Node", "load", "FORMAT_VERSION"]

FORMAT_VERSION = 3  # 2: the tree settings and edits as JSON; 3: the isomorphism flag and storage too

#: The solver's storage of regrets and strategy sums (``solve(storage=...)``).
STORAGES = ("float32", "16bit")


@dataclass
class _At:
    """Where a walk ends: the tree's node, each player's reach (real hands), each real hand's
    index in the tree's frame, the real cards dealt on the way and the node's labels."""

    node: int
    reach: list[npt.NDArray[np.float64]]
    hands: tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]
    dealt: list[int]
    labels: list[str]
    merging: bool  # a chance node on the way merges isomorphic cards


@dataclass(frozen=True)
class Node:
    """One node of a solved tree, reached by ``path`` (action labels and dealt cards).

    ``player`` is 0 (OOP), 1 (IP), ``"chance"`` or ``"terminal"``. At an action node,
    ``strategy`` has one row per action and one column per combo of ``combos`` (the acting
    player's); ``reach`` holds each player's combo weights at the node (range weight times the
    probability of his own actions on the way, zero where a dealt card blocks the combo).

    Examples
    --------
    >>> import fastholdem as fh
    >>> sol = fh.solve("AA,22", "KK", "2c7d9hTsJs", pot=10, stack=10, sizes="100%", max_iterations=20)
    >>> node = sol.node("allin 10")
    >>> node.player, node.actions, node.combos[:2]
    (1, ('fold', 'call'), ('KsKh', 'KsKd'))
    """

    path: tuple[str, ...]
    player: int | str
    actions: tuple[str, ...]
    combos: tuple[str, ...]
    strategy: npt.NDArray[np.float32] | None
    reach: tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]

    def grid(self) -> npt.NDArray[np.float64]:
        """The strategy per hand class on the 13x13 grid: shape ``(n_actions, 13, 13)``, rows
        and columns ``AKQJT98765432`` (suited above the diagonal, as
        :attr:`fastholdem.Range.grid`), each class's reach-weighted action frequencies; NaN
        where the acting player holds no combo of the class.

        Examples
        --------
        >>> import fastholdem as fh
        >>> sol = fh.solve("AA,22", "KK", "2c7d9hTsJs", pot=10, stack=10, sizes="100%", max_iterations=50)
        >>> g = sol.node().grid()
        >>> g.shape, bool(np.isnan(g[0, 0, 1]))   # no AKs in OOP's range
        ((2, 13, 13), True)
        """
        if self.strategy is None or not isinstance(self.player, int):
            raise InputError("grid: the node is not an action node")
        w = self.reach[self.player]
        idx = np.array([class_index(_class_name(c)) for c in self.combos], np.intp)
        tot = np.bincount(idx, weights=w, minlength=169)
        out = np.empty((len(self.actions), 169))
        with np.errstate(invalid="ignore", divide="ignore"):
            for a in range(len(self.actions)):
                out[a] = np.where(tot > 0, np.bincount(idx, weights=w * self.strategy[a], minlength=169) / tot, np.nan)
        return out.reshape(len(self.actions), 13, 13)

    def frequencies(self) -> dict[str, float]:
        """Each action's share of the acting player's reach-weighted range.

        Examples
        --------
        >>> import fastholdem as fh
        >>> sol = fh.solve("AA,22", "KK", "2c7d9hTsJs", pot=10, stack=10, sizes="100%", max_iterations=50)
        >>> sorted(sol.node().frequencies())
        ['allin 10', 'check']
        """
        if self.strategy is None or not isinstance(self.player, int):
            raise InputError("frequencies: the node is not an action node")
        w = self.reach[self.player]
        tot = float(w.sum())
        return {a: (float((self.strategy[i] * w).sum()) / tot if tot > 0 else 0.0) for i, a in enumerate(self.actions)}


def _deal(g: Game, node: int, real: int, suits: list[int],
          hmap: list[npt.NDArray[np.intp]]) -> tuple[int, list[int], list[npt.NDArray[np.intp]]]:
    """The child of chance node ``node`` dealing the real card ``real``, and the suit and hand
    maps from the real deal to the tree's after it (changed when the tree deals the card as
    its representative's suit swap)."""
    tree = real - (real & 3) + suits[real & 3]
    cards = [g.card[c] for c in g.children[node]]
    if tree in cards:
        return g.children[node][cards.index(tree)], suits, hmap
    _, child, perm = next(m for m in g.merged[node] if m[0] == tree)
    a, b = tree & 3, g.card[child] & 3
    suits = [b if x == a else a if x == b else x for x in suits]
    return child, suits, [np.asarray(g.perms[perm][p])[hmap[p]] for p in (0, 1)]


def _offsets(game: Game) -> tuple[npt.NDArray[np.int64], int]:
    """Each action node's offset into the core's regrets and strategy sums (as the core lays
    them out: node order, n_actions * n_hands rows), and their length."""
    kind = np.array(game.kind)
    nch = game.n_children()
    nh = np.array([len(game.hands[0]), len(game.hands[1]), 0, 0, 0], np.int64)
    size = nch * nh[kind]
    return np.cumsum(size) - size, int(size.sum())


def _class_name(combo: str) -> str:
    """'AsKs' -> 'AKs', 'AsKd' -> 'AKo', 'AsAd' -> 'AA'."""
    r1, s1, r2, s2 = combo[0], combo[1], combo[2], combo[3]
    return r1 + r2 if r1 == r2 else r1 + r2 + ("s" if s1 == s2 else "o")


class Solution:
    """A solved spot: the average DCFR strategy of both players.

    Examples
    --------
    >>> import fastholdem as fh
    >>> sol = fh.solve("AA,22", "KK", "2c7d9hTsJs", pot=10, stack=10, sizes="100%", target=0.1)
    >>> sol.exploitability <= 0.1
    True
    >>> round(sol.ev(0) + sol.ev(1), 3)  # each: share of the final pot minus chips put in
    10.0
    """

    def __init__(self, spot: Spot, game: Game, engine: Engine, exploitability: float, evs: tuple[float, float],
                 history: list[tuple[int, float]], isomorphism: bool = False) -> None:
        self.isomorphism = isomorphism
        """Whether the tree merges isomorphic cards (see :func:`solve`)."""
        self.spot = spot
        self.game = game
        self.engine = engine
        self.exploitability = exploitability
        self._ev = evs
        self.history = history
        self.combos = (tuple(combo_text(h) for h in game.hands[0]), tuple(combo_text(h) for h in game.hands[1]))
        self._locks: list[tuple[list[str], dict[str, float], list[str] | None]] = []

    @property
    def tree(self) -> Tree:
        """The betting tree solved (a copy: editing it leaves this solution alone).

        Examples
        --------
        >>> import fastholdem as fh
        >>> fh.solve("AA", "KK", "2c7d9hTsJs", pot=10, stack=10, max_iterations=1).tree.actions()
        ('check', 'bet 5', 'allin 10')
        """
        return Tree(self.spot.config)

    @property
    def storage(self) -> str:
        """How the solver holds its regrets and strategy sums: ``"float32"`` or ``"16bit"``.

        Examples
        --------
        >>> import fastholdem as fh
        >>> fh.solve("AA", "KK", "2c7d9hTsJs", pot=10, stack=10, max_iterations=1, storage="16bit").storage
        '16bit'
        """
        return self.engine.storage

    @property
    def iterations(self) -> int:
        """DCFR iterations run."""
        return self.engine.iterations

    def ev(self, player: int) -> float:
        """``player``'s EV in chips: his share of the final pot minus the chips he puts in after
        the root (postflop-solver's convention: the two EVs add up to the starting pot).

        Examples
        --------
        >>> import fastholdem as fh
        >>> sol = fh.solve("AA", "KK", "2c7d9hTsJs", pot=10, stack=10, target=0.01, max_iterations=5000)
        >>> round(sol.ev(0), 1), round(sol.ev(1), 1)  # AA wins the pot; KK never pays
        (10.0, -0.0)
        """
        if player not in (0, 1) or isinstance(player, bool):
            raise InputError(f"player must be 0 (OOP) or 1 (IP), got {player!r}")
        return self._ev[player]

    def _walk(self, path: tuple[str, ...]) -> _At:
        """Follow ``path`` from the root. Under suit isomorphism a card the tree does not deal is
        reached through its representative: the walk keeps the suit swap between the real deal
        and the tree's (``suits``) and the matching map of each player's hands (``hands``)."""
        g = self.game
        reach = [np.asarray(g.weights[p], np.float64).copy() for p in (0, 1)]  # type: ignore[index]
        hmap = [np.arange(len(g.hands[p])) for p in (0, 1)]
        suits = [0, 1, 2, 3]  # real suit -> the tree's suit
        dealt: list[int] = []
        merging = False
        node = 0
        for k, step in enumerate(path):
            if not isinstance(step, str):
                raise InputTypeError(f"actions must be text such as 'check' or 'bet 30', got {type(step).__name__}")
            labels = self._labels(node, suits)
            want = self._resolve(node, step)
            if want not in labels:
                raise InputError(f"{step!r} is not an action at {' / '.join(path[:k]) or 'the root'}: "
                                 f"choose from {', '.join(labels) or 'nothing (a terminal node)'}")
            kind = g.kind[node]
            if kind <= P1:
                i = labels.index(want)
                st = self.engine.strategy(node)
                reach[kind] = reach[kind] * st[i][hmap[kind]]
                node = g.children[node][i]
            elif kind == CHANCE:
                real = parse_cards(want)[0]
                dealt.append(real)
                for p in (0, 1):
                    blocked = np.array([real in h for h in g.hands[p]], bool)
                    reach[p][blocked] = 0.0
                merging = merging or bool(g.merged.get(node))
                node, suits, hmap = _deal(g, node, real, suits, hmap)
        return _At(node, reach, (hmap[0], hmap[1]), dealt, self._labels(node, suits), merging)

    def _labels(self, node: int, suits: list[int]) -> list[str]:
        """The labels at ``node`` as the real deal names them (every card a chance node deals)."""
        g = self.game
        if g.kind[node] != CHANCE:
            return list(g.labels[node])
        back = [suits.index(t) for t in range(4)]  # the tree's suit -> real suit
        tree = [g.card[c] for c in g.children[node]] + [m[0] for m in g.merged.get(node, [])]
        return [card_str(c) for c in sorted(c - (c & 3) + back[c & 3] for c in tree)]

    def _resolve(self, node: int, step: str) -> str:
        """'bet 50%' -> 'bet 30' when the pot makes it so; other labels unchanged."""
        s = step.strip().lower()
        labels = self.game.labels[node]
        if s.endswith("%") and " " in s:
            verb, pct = s.split(" ", 1)
            try:
                frac = float(pct[:-1]) / 100.0
            except ValueError:
                return s
            bets = [lab for lab in labels if lab.startswith(verb + " ")]
            if bets:
                # the pot at the node is not stored; choose the size whose chips are nearest
                pot = self._pot(node)
                base = 0
                if verb == "raise":
                    base = self._facing(node)
                amounts = [int(lab.split()[1]) for lab in bets]
                target = base + frac * pot
                best = min(range(len(bets)), key=lambda k: abs(amounts[k] - target))
                # a size the tree has (sizes were rounded, clamped or merged within 10% of the pot)
                if abs(amounts[best] - target) <= 0.1 * pot + 1:
                    return bets[best]
                return s
        if s in ("bet", "raise", "allin"):
            found = [lab for lab in labels if lab.split()[0] == s]
            if len(found) == 1:
                return found[0]
        if len(s) == 2 and self.game.kind[node] == CHANCE:
            return s[0].upper() + s[1]
        return s

    def _pot(self, node: int) -> float:
        # the pot after calling, from the parents' labels
        g = self.game
        line = []
        edge = g.parent_label(node)
        while edge is not None:
            line.append(edge)
            edge = g.parent_label(edge[0])
        line.reverse()
        pot = float(self.spot.pot)
        street_put = [0, 0]
        for p, lab in line:
            kind = g.kind[p]
            if kind == CHANCE:
                pot += street_put[0] + street_put[1]
                street_put = [0, 0]
                continue
            verb = lab.split()[0]
            if verb == "call":
                street_put[kind] = street_put[1 - kind]
            elif verb in ("bet", "raise", "allin"):
                street_put[kind] = int(lab.split()[1])
        return pot + 2 * max(street_put)

    def _facing(self, node: int) -> int:
        edge = self.game.parent_label(node)
        if edge is not None:
            lab = edge[1].split()
            if lab[0] in ("bet", "raise", "allin"):
                return int(lab[1])
        return 0

    def node(self, *actions: str) -> Node:
        """The node reached by ``actions`` from the root (``"check"``, ``"bet 30"`` or
        ``"bet 50%"``, ``"call"``, ``"raise 90"``, ``"allin 370"``, ``"fold"``, a dealt card
        such as ``"Qc"``).

        Examples
        --------
        >>> import fastholdem as fh
        >>> sol = fh.solve("AA,22", "KK", "2c7d9hTsJs", pot=10, stack=10, sizes="100%", max_iterations=20)
        >>> n = sol.node("check")
        >>> n.player, n.actions
        (1, ('check', 'allin 10'))
        """
        at = self._walk(tuple(actions))
        node, reach = at.node, at.reach
        kind = self.game.kind[node]
        player: int | str = kind if kind <= P1 else ("chance" if kind == CHANCE else "terminal")
        strategy = self.engine.strategy(node)[:, at.hands[kind]] if kind <= P1 else None
        combos = self.combos[kind] if kind <= P1 else ()
        return Node(tuple(actions), player, tuple(at.labels), combos, strategy, (reach[0], reach[1]))

    def combo_evs(self, *actions: str, player: int = 0) -> npt.NDArray[np.float64]:
        """Each of ``player``'s combos' EV (chips, the convention of :meth:`ev`) at the node
        reached by ``actions``, both players following the solved strategies; NaN for a combo
        that cannot be there (blocked by a dealt card, or no opposing combo left).

        Examples
        --------
        >>> import fastholdem as fh
        >>> sol = fh.solve("AA", "KK", "2c7d9hTsJs", pot=10, stack=10, target=0.01, max_iterations=5000)
        >>> evs = sol.combo_evs(player=0)
        >>> len(evs), round(float(evs.min()), 1)
        (6, 10.0)
        """
        if player not in (0, 1) or isinstance(player, bool):
            raise InputError(f"player must be 0 (OOP) or 1 (IP), got {player!r}")
        at = self._walk(tuple(actions))
        reach = at.reach
        opp = reach[1 - player]
        opp_tree = np.zeros(len(opp), np.float32)
        opp_tree[at.hands[1 - player]] = opp
        values = self.engine.core.node_values(at.node, player, opp_tree, False)[at.hands[player]]
        compat = compatible_weight(self.game, player, opp)
        with np.errstate(invalid="ignore", divide="ignore"):
            out = np.where((compat > 0) & (reach[player] > 0), values / compat, np.nan)
        return out + self.spot.pot / 2.0

    def equities(self, *actions: str, player: int = 0) -> npt.NDArray[np.float64]:
        """Each of ``player``'s combos' all-in equity at the node reached by ``actions``: its
        share of the pot at showdown against the opponent's reach-weighted range there, over
        every runout of the board still to come (exact card removal); NaN for a combo that
        cannot be there.

        Examples
        --------
        >>> import fastholdem as fh
        >>> sol = fh.solve("AA,KK", "KK,QQ", "2c7d9hTsJs", pot=10, stack=20, max_iterations=10)
        >>> eq = sol.equities(player=0)
        >>> [round(float(eq[sol.combos[0].index(c)]), 3) for c in ("AsAh", "KsKh")]
        [1.0, 0.929]
        """
        if player not in (0, 1) or isinstance(player, bool):
            raise InputError(f"player must be 0 (OOP) or 1 (IP), got {player!r}")
        at = self._walk(tuple(actions))
        reach = at.reach
        g = self.game
        board = list(self.spot.board) + at.dealt
        mine, theirs = hand_masks(g, player), hand_masks(g, 1 - player)
        hands = [np.array(g.hands[p], np.uint8) for p in (player, 1 - player)]
        opp = reach[1 - player]
        win = np.zeros(len(mine))
        total = np.zeros(len(mine))
        left = [c for c in range(52) if c not in board]
        for extra in itertools.combinations(left, 5 - len(board)):
            full = (*board, *extra)
            bm = np.uint64(sum(1 << c for c in full))
            vals = []
            for h in hands:
                rows = np.empty((len(h), 7), np.uint8)
                rows[:, :2] = h
                rows[:, 2:] = full
                ok = ((h[:, 0, None] == np.array(full)) | (h[:, 1, None] == np.array(full))).sum(axis=1) == 0
                v = np.zeros(len(h), np.int64)
                v[ok] = evaluate_batch(rows[ok])
                vals.append(v)
            free = ((mine[:, None] & theirs[None, :]) == 0) & ((mine & bm) == 0)[:, None] & ((theirs & bm) == 0)[None, :]
            w = free * opp[None, :]
            cmp = np.sign(vals[0][:, None] - vals[1][None, :])
            win += (w * (cmp + 1) / 2).sum(axis=1)
            total += w.sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where((total > 0) & (reach[player] > 0), win / total, np.nan)

    def lock(self, actions: tuple[str, ...] | list[str], strategy: dict[str, float],
             combos: list[str] | None = None) -> None:
        """Node-lock: fix the strategy at the node reached by ``actions`` to ``strategy``
        (action label -> frequency, summing to 1) for ``combos`` (all the acting player's combos
        when None); :meth:`resolve` then re-solves the rest of the tree around it. The
        exploitability reported afterwards still lets the locked player deviate.

        Examples
        --------
        >>> import fastholdem as fh
        >>> sol = fh.solve("KK,43", "QQ", "KsJh8d5c2h", pot=10, stack=10, sizes="100%", max_iterations=200)
        >>> sol.lock(["allin 10"], {"call": 1.0})   # IP always calls
        >>> sol.resolve(max_iterations=400)
        >>> round(float(sol.node().strategy[1][sol.node().combos.index("4s3s")]), 2)  # OOP stops bluffing
        0.0
        """
        at = self._walk(tuple(actions))
        node = at.node
        g = self.game
        kind = g.kind[node]
        if kind > P1:
            raise InputError(f"actions: {' / '.join(actions) or 'the root'} is not an action node")
        labels = g.labels[node]
        if not isinstance(strategy, dict):
            raise InputTypeError(f"strategy must be a dict of action -> frequency, got {type(strategy).__name__}")
        row = np.zeros(len(labels), np.float64)
        for a, f in strategy.items():
            want = self._resolve(node, a)
            if want not in labels:
                raise InputError(f"strategy: {a!r} is not an action here: choose from {', '.join(labels)}")
            if not (isinstance(f, (int, float)) and 0 <= f <= 1):
                raise InputError(f"strategy: the frequency of {a!r} must be in [0, 1], got {f!r}")
            row[labels.index(want)] = f
        if abs(row.sum() - 1.0) > 1e-6:
            raise InputError(f"strategy: the frequencies must sum to 1, got {row.sum():g}")
        names = self.combos[kind]
        if combos is None:
            mask = np.ones(len(names), np.uint8)
        else:
            mask = np.zeros(len(names), np.uint8)
            for c in combos:
                key = combo_text(tuple(sorted(parse_cards(c), reverse=True)))
                if key not in names:
                    raise InputError(f"combos: {c!r} is not in the acting player's range on this board")
                mask[names.index(key)] = 1
        if self.game.merged and not self._lock_keeps_symmetry(at, mask, kind):
            # the lock would tell apart cards the tree merges: solve on the full tree from now on
            self._expand()
            node = self._walk(tuple(actions)).node
        else:
            mask_tree = np.zeros_like(mask)
            mask_tree[at.hands[kind]] = mask
            mask = mask_tree
        table = np.repeat(row[:, None], len(names), axis=1).astype(np.float32)
        self.engine.core.lock(node, mask, table)
        self._locks.append((list(actions), dict(strategy), None if combos is None else list(combos)))

    def _lock_keeps_symmetry(self, at: _At, mask: npt.NDArray[np.uint8], kind: int) -> bool:
        """Whether locking these combos at ``at`` keeps the game symmetric under every suit
        swap the tree uses: no chance node on the way merges cards (the lock would hold at the
        merged cards too), and the combos are closed under the swaps."""
        g = self.game
        if at.merging:
            return False
        used = {perm for entries in g.merged.values() for _, _, perm in entries}
        return all(bool((mask[np.asarray(g.perms[perm][kind])] == mask).all()) for perm in used)

    def _expand(self) -> None:
        """Rebuild the tree without suit isomorphism, each node's regrets and strategy sums
        those of the node it was merged into (hands permuted), and the locks made so far."""
        full = build_game(self.spot, MAX_NODES, isomorphism=False)
        engine = Engine(full.arrays(release=True), compress=self.engine.core.compressed)
        regrets, sums, iters = self.engine.core.get_state()
        (off_i, _), (off_f, total) = _offsets(self.game), _offsets(full)
        r2 = np.zeros(total, np.float32)
        s2 = np.zeros_like(r2)
        ident = [np.arange(len(full.hands[p])) for p in (0, 1)]
        stack: list[tuple[int, int, list[int], list[npt.NDArray[np.intp]]]] = [(0, 0, [0, 1, 2, 3], ident)]
        while stack:
            nf, ni, suits, hmap = stack.pop()
            k = full.kind[nf]
            if k <= P1:
                na, n = len(full.children[nf]), len(full.hands[k])
                a, b = int(off_i[ni]), int(off_f[nf])
                r2[b:b + na * n] = regrets[a:a + na * n].reshape(na, n)[:, hmap[k]].ravel()
                s2[b:b + na * n] = sums[a:a + na * n].reshape(na, n)[:, hmap[k]].ravel()
                stack.extend((cf, ci, suits, hmap) for cf, ci in zip(full.children[nf], self.game.children[ni]))
            elif k == CHANCE:
                for cf in full.children[nf]:
                    ci, s_, h_ = _deal(self.game, ni, full.card[cf], suits, hmap)
                    stack.append((cf, ci, s_, h_))
        engine.core.set_state(r2, s2, iters)
        locks, self._locks = self._locks, []
        self.game, self.engine, self.isomorphism = full, engine, False
        for actions, strategy, combos in locks:
            self.lock(actions, strategy, combos)

    def resolve(self, *, target: float = 0.5, max_iterations: int = 1000, threads: int | None = None,
                check_every: int = 10) -> None:
        """Run more iterations (after :meth:`lock`, or to go below the first target) until the
        exploitability is at most ``target`` % of the pot or ``max_iterations`` more have run.

        Examples
        --------
        >>> import fastholdem as fh
        >>> sol = fh.solve("AA,KK", "QQ,AK", "2c7d9hTsJs", pot=10, stack=20, target=1.0)
        >>> sol.resolve(target=0.1)
        >>> sol.exploitability <= 0.1
        True
        """
        spot = self.spot
        expl = iterate(self.engine, 100.0 / spot.pot, target, max_iterations, threads, check_every, self.history,
                       record_first=False)
        _, ev = self.engine.values(threads)
        self.exploitability = expl
        self._ev = (ev[0] + spot.pot / 2.0, ev[1] + spot.pot / 2.0)

    def save(self, path: str | os.PathLike[str] | IO[bytes]) -> None:
        """Save to a NumPy ``.npz`` file (versioned), or a binary file object; :func:`load` reads it back.

        Examples
        --------
        >>> import fastholdem as fh, tempfile, os
        >>> sol = fh.solve("AA,22", "KK", "2c7d9hTsJs", pot=10, stack=10, sizes="100%", max_iterations=20)
        >>> p = os.path.join(tempfile.mkdtemp(), "spot.npz")
        >>> sol.save(p)
        >>> fh.solver.load(p).ev(0) == sol.ev(0)
        True
        """
        regrets, sums, iters = self.engine.core.get_state()
        s = self.spot
        np.savez_compressed(
            path, version=np.int64(FORMAT_VERSION), oop=str(s.oop), ip=str(s.ip),
            board=np.array(s.board, np.uint8), pot=np.int64(s.pot), stack=np.int64(s.stack),
            tree=json.dumps({"sizes": s.sizes.to_dict(), "add_allin": s.add_allin, "force_allin": s.force_allin,
                             "merging": s.merging, "rake": s.rake,
                             "rake_cap": None if s.rake_cap == float("inf") else s.rake_cap,
                             "edits": [[op, list(path), lab] for op, path, lab in s.edits]}),
            regrets=regrets, sums=sums, iterations=np.int64(iters),
            exploitability=np.float64(self.exploitability), ev=np.array(self._ev),
            oop_weights=s.oop.weights, ip_weights=s.ip.weights, oop_combos=s.oop.combos, ip_combos=s.ip.combos,
            locks=json.dumps(self._locks), isomorphism=np.bool_(self.isomorphism), storage=self.storage)


def next_check(history: list[tuple[int, float]], target: float, check_every: int) -> int:
    """Iterations to run before the next exploitability check: ``check_every``, or fewer when
    the last two checks, fitted by a power law (exploitability ~ t**-k), put ``target`` sooner.

    A check costs about one iteration, so stopping within a few iterations of the target saves
    most of the up to ``check_every - 1`` iterations a fixed interval overshoots by.

    Examples
    --------
    >>> next_check([(0, 100.0), (10, 8.0)], 0.5, 10)
    10
    >>> next_check([(40, 0.7), (50, 0.55)], 0.5, 10)
    5
    >>> next_check([(40, 0.7000001), (50, 0.7)], 0.5, 10)  # a fall this slow puts the target far off
    10
    """
    if len(history) < 2:
        return check_every
    (t0, e0), (t1, e1) = history[-2], history[-1]
    if not (0 < t0 < t1 and target > 0 and e0 > e1 > target):
        return check_every
    k = math.log(e0 / e1) / math.log(t1 / t0)
    if math.log(e1 / target) / k >= math.log((t1 + check_every) / t1):  # in logs: 1 / k may be huge
        return check_every
    at = float(t1 * (e1 / target) ** (1.0 / k))
    return max(1, min(check_every, math.ceil(at - t1)))


def iterate(engine: Engine, pct: float, target: float, max_iterations: int, threads: int | None, check_every: int,
            history: list[tuple[int, float]], *, bar: Progress | None = None,
            record_first: bool = True) -> float:
    """Run ``engine`` until its exploitability (times ``pct``: % of the pot) is at most
    ``target`` or ``max_iterations`` more have run; checks as :func:`next_check` spaces them,
    each appended to ``history`` as (iterations, exploitability). Returns the last one."""
    start = engine.iterations
    expl = engine.exploitability(threads) * pct
    if record_first:
        history.append((engine.iterations, expl))
    if bar is not None:
        bar.label = f"solve {expl:.2f}% pot"
    while expl > target and engine.iterations - start < max_iterations:
        step = min(next_check(history, target, check_every), max_iterations - (engine.iterations - start))
        engine.run(step, threads)
        expl = engine.exploitability(threads) * pct
        history.append((engine.iterations, expl))
        if bar is not None:
            bar.label = f"solve {expl:.2f}% pot"
            bar.update(step)
    return expl


def load(path: str | os.PathLike[str] | IO[bytes]) -> Solution:
    """Read a :class:`Solution` written by :meth:`Solution.save`, from a path or a binary file
    object (the tree is rebuilt).

    Examples
    --------
    >>> import fastholdem as fh, tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "spot.npz")
    >>> fh.solve("AA", "KK", "2c7d9hTsJs", pot=10, stack=10, max_iterations=10).save(p)
    >>> fh.solver.load(p).node().actions
    ('check', 'bet 5', 'allin 10')
    """
    with np.load(path, allow_pickle=False) as z:
        version = int(z["version"])
        if version not in (1, 2, FORMAT_VERSION):
            raise InputError(f"path: solution format version {version}, this fastholdem reads 1 to {FORMAT_VERSION}")
        # versions 1 and 2 predate suit isomorphism: their storage is that of the full tree
        isomorphism = bool(z["isomorphism"]) if version >= 3 else False
        oop = Range.from_combos(z["oop_combos"], z["oop_weights"])
        ip = Range.from_combos(z["ip_combos"], z["ip_weights"])
        board = tuple(int(c) for c in z["board"].tolist())
        if version == 1:  # one size list for everything, the thresholds
            sizes: BetSizes = parse_sizes(", ".join("a" if x < 0 else f"{x * 100!r}%" for x in z["sizes"].tolist()))
            a, f, m = z["thresholds"].tolist()
            spot = Spot(oop, ip, board, int(z["pot"]), int(z["stack"]), sizes, a, f, m)
        else:
            t = json.loads(str(z["tree"]))
            cap = float("inf") if t["rake_cap"] is None else float(t["rake_cap"])
            edits = tuple((op, tuple(path), lab) for op, path, lab in t["edits"])
            spot = Spot(oop, ip, board, int(z["pot"]), int(z["stack"]), parse_sizes(t["sizes"]), t["add_allin"],
                        t["force_allin"], t["merging"], t["rake"], cap, edits)
        game = build_game(spot, isomorphism=isomorphism)
        storage = str(z["storage"]) if "storage" in z.files else "float32"
        if storage not in STORAGES:
            raise InputError(f"path: unknown solver storage {storage!r} (this fastholdem has {', '.join(STORAGES)})")
        engine = Engine(game.arrays(release=True), compress=storage == "16bit")
        engine.core.set_state(z["regrets"], z["sums"], int(z["iterations"]))
        ev = z["ev"].tolist()
        sol = Solution(spot, game, engine, float(z["exploitability"]), (ev[0], ev[1]), [], isomorphism)
        for actions, strategy, combos in json.loads(str(z["locks"])):
            sol.lock(actions, strategy, combos)
        return sol


def solve(oop: Range | str, ip: Range | str, board: str | list[int], *, pot: int, stack: int,
          sizes: str | list[str] | Mapping[str, str] | BetSizes | None = None,
          target: float = 0.5, max_iterations: int = 1000, threads: int | None = None, check_every: int = 10,
          max_nodes: int = MAX_NODES, max_memory: int = 8 * 2**30, progress: bool | None = None,
          add_allin: float | None = None, force_allin: float | None = None, merging: float | None = None,
          rake: float | None = None, rake_cap: float | None = None, tree: Tree | None = None,
          isomorphism: bool = True, storage: str = "float32") -> Solution:
    """Solve a heads-up postflop spot by Discounted CFR, to ``target`` % of the pot.

    Parameters
    ----------
    oop, ip : Range or str
        The players' ranges (OOP acts first on every street).
    board : str or list of int
        Three, four or five board cards.
    pot, stack : int
        The pot at the root and the effective stack behind, in chips (with ``tree``, the tree's).
    sizes : str, list of str, dict or BetSizes, optional
        Bet and raise sizes. One text sets every bet and raise, both players, every street:
        ``"50%"`` (the default), ``"33%, 75%, a"``. A dict sets them per street, player and
        kind, e.g. ``{"bet": "33%, 75%", "raise": "2.5x", "river ip bet": "75%, a",
        "turn donk": "25%"}``. Sizes are ``%`` of the pot, ``x`` times the last bet (raises),
        ``c`` chips, ``e`` / ``2e`` geometric, ``a`` all-in: see
        :func:`fastholdem.solver.parse_sizes` and the Solver page.
    target : float
        Stop once the exploitability is at most this % of the pot (checked every
        ``check_every`` iterations by an exact best response).
    max_iterations : int
        Stop after this many iterations whatever the exploitability.
    threads : int, optional
        Threads for the chance nodes (the result is the same for any count).
    max_nodes, max_memory : int
        Refuse a tree larger than this (nodes; bytes of solver storage).
    progress : bool, optional
        A progress bar on stderr (iterations, with the exploitability as it falls) for solves
        longer than a second; default: when stderr is a terminal.
    add_allin, force_allin, merging : float, optional
        The all-in thresholds (postflop-solver's defaults 1.5, 0.15, 0.1): add an all-in when
        the stack left is at most ``add_allin`` times the pot; make a size the all-in when the
        SPR after a call of it would be at most ``force_allin``; merge sizes within ``merging``
        of the pot of each other.
    rake, rake_cap : float, optional
        Rake rate (0 to 1, default 0) and cap in chips (default none), taken as
        postflop-solver takes it: ``min(rate * pot, cap)`` from the winner's share at every
        fold and showdown (a tie pays half each). The game is then not zero-sum: the two EVs
        add up to the pot minus the expected rake, and the exploitability is, as
        postflop-solver defines it, the mean over the two players of what a best response
        gains over the solved strategy.
    tree : Tree, optional
        A betting tree from :func:`fastholdem.solver.build_tree`, perhaps edited; then leave
        out ``sizes``, the thresholds and the rake (the tree has them; ``pot`` and ``stack``
        must be the tree's).
    isomorphism : bool
        Deal one card of each class of turn and river cards that a suit swap maps onto each
        other (when the swap leaves the board and both ranges, weights included, unchanged),
        and obtain the others' values by permuting hands: the same solution in less memory
        and time. False builds every card's subtree.
    storage : {"float32", "16bit"}
        How the regrets and strategy sums are held: ``"16bit"`` stores each action node's
        rows as 16-bit integers with one float scale per node (regrets signed, sums
        unsigned, rounded to nearest), which halves the solver's largest arrays; the
        exploitability is still computed exactly for the strategy so stored.

    Returns
    -------
    Solution

    Examples
    --------
    >>> import fastholdem as fh
    >>> sol = fh.solve("AA,22", "KK", "2c7d9hTsJs", pot=10, stack=10, sizes="100%")
    >>> sol.exploitability <= 0.5
    True
    """
    spot = check_spot(oop, ip, board, pot, stack, sizes, tree=tree, add_allin=add_allin, force_allin=force_allin,
                      merging=merging, rake=rake, rake_cap=rake_cap)
    for name, v in (("max_iterations", max_iterations), ("check_every", check_every)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise InputError(f"{name} must be a positive whole number, got {v!r}")
    if isinstance(target, bool) or not isinstance(target, (int, float)) or not target >= 0:
        raise InputError(f"target must be a percentage of the pot >= 0, got {target!r}")
    if not isinstance(isomorphism, bool):
        raise InputTypeError(f"isomorphism must be True or False, got {type(isomorphism).__name__}")
    if not isinstance(storage, str):
        raise InputTypeError(f"storage must be a string, got {type(storage).__name__}")
    if storage not in STORAGES:
        raise InputError(f"storage must be one of {', '.join(map(repr, STORAGES))}, got {storage!r}")
    compress = storage == "16bit"
    game = build_game(spot, max_nodes, isomorphism)
    if overlap_weight(game) <= 0:
        raise RangeError("oop and ip: every pair of combos shares a card, so no deal is possible")
    arrays = game.arrays(release=True)  # the solution walks the game's shape, the core reads the rest
    need = SolverCore.memory(arrays, compress)
    if need > max_memory:
        raise ConfigError(f"the tree is too large: {len(game.kind):,} nodes need about {need / 2**30:.2f} GiB "
                          f"(max_memory is {max_memory / 2**30:.2f} GiB)")
    if progress is not None and not isinstance(progress, bool):
        raise InputTypeError(f"progress must be True, False or None, got {type(progress).__name__}")
    engine = Engine(arrays, compress=compress)
    del arrays  # the core holds its own copy
    history: list[tuple[int, float]] = []
    with Progress(total=max_iterations, label="solve", enabled=progress) as bar:
        expl = iterate(engine, 100.0 / spot.pot, target, max_iterations, threads, check_every, history, bar=bar)
    _, ev = engine.values(threads)
    half = spot.pot / 2.0
    return Solution(spot, game, engine, expl, (ev[0] + half, ev[1] + half), history, isomorphism)
