"""The heads-up postflop game: the bet tree of postflop-solver's rules, hands and boards.

The tree follows b-inary/postflop-solver's action-tree rules so that the same spot solves the
same game: OOP acts first on every street; a bet of ``x%`` is ``round(x * pot)`` chips (the
pot after calling), a raise of ``x%`` is the last bet plus ``x%`` of the pot after calling; an
all-in is added when the stack left is at most ``add_allin`` times the pot, a size becomes the
all-in when the SPR after a call would be at most ``force_allin``, and sizes within
``merging`` of each other (as a fraction of the pot) are merged into the larger.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from .._core import evaluate_batch
from ..cards import card_str, parse_cards
from ..errors import CardError, ConfigError, InputError, InputTypeError, RangeError
from ..ranges import Range
from .game import CHANCE, FOLD, NO_CARD, P0, P1, SHOWDOWN, Game
from .tree import (CALL as _CALL, CHECK as _CHECK, FOLD as _FOLD, BetSizes, Info as _Info, Tree, TreeConfig,
                   actions as _tree_actions, check_chips, label as _label, next_info as _next_info, parse_sizes,
                   root_info, tree_config)

__all__ = ["Spot", "build_game", "count_nodes", "MAX_NODES"]

# Largest tree (nodes) built: a guard against a spot that would not fit in memory.
MAX_NODES = 5_000_000



@dataclass(frozen=True)
class Spot:
    """A heads-up postflop spot: ranges, board, pot, effective stack and the betting tree's
    settings (:class:`fastholdem.solver.tree.TreeConfig` fields; ``sizes`` is read by
    :func:`fastholdem.solver.tree.parse_sizes`, so ``"50%"`` or ``(0.5,)`` (fractions of the
    pot, None for all-in) work too).

    Examples
    --------
    >>> from fastholdem import Range, parse_cards
    >>> Spot(Range("AA"), Range("KK"), tuple(parse_cards("2c7d9h")), 10, 100, (0.5,)).add_allin
    1.5
    """

    oop: Range
    ip: Range
    board: tuple[int, ...]
    pot: int
    stack: int
    sizes: BetSizes
    add_allin: float = 1.5
    force_allin: float = 0.15
    merging: float = 0.1
    rake: float = 0.0
    rake_cap: float = math.inf
    edits: tuple[tuple[str, tuple[str, ...], str], ...] = ()

    def __post_init__(self) -> None:
        sizes: object = self.sizes
        if isinstance(sizes, tuple) and all(x is None or isinstance(x, float) for x in sizes):
            sizes = ", ".join("a" if x is None else f"{x * 100!r}%" for x in sizes)
        object.__setattr__(self, "sizes", parse_sizes(sizes))  # type: ignore[arg-type]

    @property
    def config(self) -> TreeConfig:
        """The betting tree's settings."""
        return TreeConfig(self.pot, self.stack, len(self.board), self.sizes, self.add_allin, self.force_allin,
                          self.merging, self.rake, self.rake_cap, self.edits)

    def with_tree(self, cfg: TreeConfig) -> Spot:
        """This spot's ranges and board with the tree ``cfg``."""
        return Spot(self.oop, self.ip, self.board, cfg.pot, cfg.stack, cfg.sizes, cfg.add_allin, cfg.force_allin,
                    cfg.merging, cfg.rake, cfg.rake_cap, cfg.edits)


def _hands(r: Range, board: tuple[int, ...], name: str) -> tuple[list[tuple[int, int]], list[float]]:
    bmask = 0
    for c in board:
        bmask |= 1 << c
    hands: list[tuple[int, int]] = []
    weights: list[float] = []
    for (a, b), w in zip(r.combos.tolist(), r.weights.tolist()):
        if w > 0 and not (bmask >> a) & 1 and not (bmask >> b) & 1:
            hands.append((int(a), int(b)))
            weights.append(float(w))
    if not hands:
        raise RangeError(f"{name}: no combo of the range is left once the board {''.join(card_str(c) for c in board)} "
                         "is removed")
    return hands, weights


def _swap_suits(card: int, s1: int, s2: int) -> int:
    suit = card & 3
    return card - suit + (s2 if suit == s1 else s1 if suit == s2 else suit)


def _suit_swap(game: Game, s1: int, s2: int) -> tuple[list[int], list[int]] | None:
    """Each player's hand -> its hand with suits ``s1`` and ``s2`` swapped, when that maps both
    ranges (weights included) onto themselves; else None."""
    out: list[list[int]] = []
    for p in (0, 1):
        hands = game.hands[p]
        w = game.weights[p] if game.weights is not None else [1.0] * len(hands)
        index = {tuple(sorted(h)): i for i, h in enumerate(hands)}
        m: list[int] = []
        for i, h in enumerate(hands):
            j = index.get(tuple(sorted(_swap_suits(c, s1, s2) for c in h)))
            if j is None or w[j] != w[i]:
                return None
            m.append(j)
        out.append(m)
    return out[0], out[1]


class _TooLarge(Exception):
    """The tree being built passed max_nodes (build_game says by how much)."""


class _Builder:
    def __init__(self, spot: Spot, game: Game, max_nodes: int, isomorphism: bool = True) -> None:
        self.spot = spot
        self.cfg = spot.config
        self.g = game
        self.max_nodes = max_nodes
        self.boards: dict[tuple[int, ...], int] = {}
        self.h = [np.array(game.hands[p], np.uint8) for p in (0, 1)]
        # suit swaps that map both ranges onto themselves, and their permutation ids
        self.swaps: dict[tuple[int, int], int] = {}
        if isomorphism:
            for s1 in range(4):
                for s2 in range(s1 + 1, 4):
                    perm = _suit_swap(game, s1, s2)
                    if perm is not None:
                        self.swaps[(s1, s2)] = game.add_perm(*perm)

    def isomorphic(self, board: tuple[int, ...]) -> dict[int, tuple[int, int]]:
        """The cards a chance node after ``board`` need not deal: card -> (its representative,
        the permutation id of the suit swap mapping one onto the other). Two suits are swapped
        when the swap maps the whole deal so far onto itself: the ranges allow it, the spot's
        board holds the same ranks in both, and no card dealt since is of either suit (the
        players' reach there must be symmetric too, not only the board)."""
        if not self.swaps:
            return {}
        n0 = len(self.spot.board)
        ranks = [0, 0, 0, 0]
        for c in board[:n0]:
            ranks[c & 3] |= 1 << (c >> 2)
        dealt = {c & 3 for c in board[n0:]}
        rep = [0, 1, 2, 3]
        for s2 in range(1, 4):
            for s1 in range(s2):
                if (s1, s2) in self.swaps and ranks[s1] == ranks[s2] and s1 not in dealt and s2 not in dealt:
                    rep[s2] = s1  # the smallest suit of the class (swaps compose)
                    break
        out: dict[int, tuple[int, int]] = {}
        for c in range(52):
            s = c & 3
            if rep[s] != s and c not in board:
                out[c] = (c - s + rep[s], self.swaps[(rep[s], s)])
        return out

    def board_index(self, board: tuple[int, ...]) -> int:
        key = tuple(sorted(board))
        if key not in self.boards:
            st = []
            for p in (0, 1):
                hands = self.h[p]
                rows = np.empty((len(hands), 7), np.uint8)
                rows[:, :2] = hands
                rows[:, 2:] = key
                bm = np.zeros(len(hands), bool)
                for c in key:
                    bm |= (hands[:, 0] == c) | (hands[:, 1] == c)
                vals = np.zeros(len(hands), np.uint32)
                if not bm.all():
                    vals[~bm] = evaluate_batch(rows[~bm])
                st.append(vals.tolist())
            self.boards[key] = self.g.add_board(st[0], st[1])
        return self.boards[key]

    def check_size(self) -> None:
        if len(self.g.kind) > self.max_nodes:
            raise _TooLarge

    def terminal(self, kind: int, parent: int, label: str, amount: int, **column: int) -> int:
        """A fold or showdown where each player has put in ``pot / 2 + amount``, with the rake
        as a zero-sum part and a shared part: at a terminal where each player has put in ``c``
        and the rake is ``r``, the winner nets ``c - r`` and the loser ``-c`` (a tie: ``-r/2``
        each), which is a zero-sum ``c - r/2`` plus ``-r/2`` for both players."""
        contribution = self.spot.pot / 2 + amount
        r = self.cfg.rake_of(contribution)
        node = self.g.add(kind, parent=parent, label=label, amount=contribution - r / 2.0, **column)
        if r:
            self.g.set_shared(node, -r / 2.0)
        return node

    def street_end(self, parent: int, label: str, board: tuple[int, ...], amount: int, info: _Info) -> None:
        """The node after a street closes (a call, or check-check): chance or a showdown."""
        if len(board) == 5:
            self.terminal(SHOWDOWN, parent, label, amount, board=self.board_index(board))
            return
        dead = set(board)
        ch = self.g.add(CHANCE, parent=parent, label=label, chance_weight=1.0 / (52 - len(board) - 4))
        info2 = replace(info, prev=-2)
        merged = self.isomorphic(board)
        child: dict[int, int] = {}
        for c in range(52):
            if c in dead or c in merged:
                continue
            nb = (*board, c)
            if info.allin:
                child[c] = self.street_end_card(ch, c, nb, amount, info2)
            else:
                child[c] = node = self.g.add(P0, parent=ch, label=card_str(c), card=c)
                self.actions(node, nb, P0, amount, info2)
            self.check_size()
        for c, (r, perm) in merged.items():
            self.g.merge(ch, c, child[r], perm)

    def street_end_card(self, ch: int, c: int, board: tuple[int, ...], amount: int, info: _Info) -> int:
        """After an all-in call: deal the rest of the board, then show down; the node dealt ``c``."""
        if len(board) == 5:
            return self.terminal(SHOWDOWN, ch, card_str(c), amount, card=c, board=self.board_index(board))
        dead = set(board)
        sub = self.g.add(CHANCE, parent=ch, label=card_str(c), card=c, chance_weight=1.0 / (52 - len(board) - 4))
        merged = self.isomorphic(board)
        child = {c2: self.street_end_card(sub, c2, (*board, c2), amount, info)
                 for c2 in range(52) if c2 not in dead and c2 not in merged}
        for c2, (r, perm) in merged.items():
            self.g.merge(sub, c2, child[r], perm)
        return sub

    def actions(self, node: int, board: tuple[int, ...], player: int, amount: int, info: _Info) -> None:
        acts = _tree_actions(self.cfg, len(board), player, amount, info)
        if not acts:
            raise ConfigError("sizes make no tree: a node has no action")
        opp = player ^ 1
        to_call = info.stack[player] - info.stack[opp]
        for kind, a in acts:
            label = _label(kind, a)
            nxt = _next_info(info, player, kind, a)
            if kind == _FOLD:
                self.terminal(FOLD, node, label, amount, folder=player)
            elif kind == _CHECK:
                if player == P0:
                    child = self.g.add(P1, parent=node, label=label)
                    self.actions(child, board, P1, amount, nxt)
                else:
                    self.street_end(node, label, board, amount, nxt)
            elif kind == _CALL:
                self.street_end(node, label, board, amount + to_call, nxt)
            else:
                child = self.g.add(opp, parent=node, label=label)
                self.actions(child, board, opp, amount + to_call, nxt)


def _count_runout(n_board: int) -> int:
    """Nodes under an all-in call's chance node, itself included."""
    if n_board == 5:
        return 1
    return 1 + (52 - n_board) * _count_runout(n_board + 1)


def _count(spot: TreeConfig, n_board: int, player: int, amount: int, info: _Info) -> int:
    """Nodes below an action node (excluded), as :class:`_Builder` makes them."""
    total = 0
    to_call = info.stack[player] - info.stack[player ^ 1]
    for kind, a in _tree_actions(spot, n_board, player, amount, info):
        nxt = _next_info(info, player, kind, a)
        if kind == _FOLD:
            total += 1
        elif kind == _CHECK and player == P0:
            total += 1 + _count(spot, n_board, P1, amount, nxt)
        elif kind in (_CHECK, _CALL):
            amt = amount + (to_call if kind == _CALL else 0)
            if n_board == 5:
                total += 1
            elif nxt.allin:
                total += 1 + (52 - n_board) * _count_runout(n_board + 1)
            else:
                i2 = replace(nxt, prev=-2)
                total += 1 + (52 - n_board) * (1 + _count(spot, n_board + 1, P0, amt, i2))
        else:
            total += 1 + _count(spot, n_board, player ^ 1, amount + to_call, nxt)
    return total


def count_nodes(spot: Spot) -> int:
    """Nodes of the spot's full tree, counted without building it.

    Examples
    --------
    >>> from fastholdem import Range
    >>> s = Spot(Range("AA"), Range("KK"), tuple(parse_cards("2c7d9hTsJs")), 10, 10, (1.0,))
    >>> count_nodes(s), len(build_game(s).kind)
    (9, 9)
    """
    cfg = spot.config
    return 1 + _count(cfg, len(spot.board), P0, 0, root_info(cfg))


def build_game(spot: Spot, max_nodes: int = MAX_NODES, isomorphism: bool = True) -> Game:
    """The game tree of a spot, chance nodes expanded.

    With ``isomorphism`` (the default), a chance node deals one card of each class that a suit
    swap maps onto each other while leaving the board so far and both ranges (weights included)
    unchanged (on ``Td9d6h`` with ranges that treat clubs and spades alike, the turn ``2s`` is
    the turn ``2c`` with clubs and spades swapped); :attr:`Game.merged` lists the cards so
    dealt, and the solver obtains their values by permuting hands. Without it every card has
    its own subtree.

    Examples
    --------
    >>> from fastholdem import Range
    >>> s = Spot(Range("AA"), Range("KK"), tuple(parse_cards("2c7d9hTsJs")), 10, 10, (1.0,))
    >>> g = build_game(s)
    >>> g.labels[0]
    ['check', 'allin 10']
    """
    n = count_nodes(spot)  # without isomorphism (merging cards only makes the tree smaller)
    too_large = ConfigError(f"the tree is too large: {n:,} nodes (max_nodes is {max_nodes:,}"
                            f"{'; still too many with isomorphic cards merged' if isomorphism else ''}; "
                            "use fewer sizes or start on a later street)")
    if n > max_nodes and not isomorphism:
        raise too_large
    oh, ow = _hands(spot.oop, spot.board, "oop")
    ih, iw = _hands(spot.ip, spot.board, "ip")
    game = Game(hands=([tuple(h) for h in oh], [tuple(h) for h in ih]), weights=(ow, iw))
    b = _Builder(spot, game, max_nodes, isomorphism)
    root = game.add(P0)
    try:
        b.actions(root, spot.board, P0, 0, root_info(b.cfg))
    except _TooLarge:
        raise too_large from None
    return game


TREE_ARGS = ("sizes", "add_allin", "force_allin", "merging", "rake", "rake_cap")
"""The arguments of :func:`fastholdem.solver.solve` that shape the betting tree (as :func:`build_tree`'s)."""


def check_spot(oop: object, ip: object, board: object, pot: object, stack: object, sizes: object = None, *,
               tree: object = None, **tree_args: object) -> Spot:
    """Validate the arguments of :func:`fastholdem.solver.solve` into a :class:`Spot` (with
    ``tree``, a :class:`fastholdem.solver.Tree`, the betting tree is that one; ``tree_args``:
    the other :data:`TREE_ARGS`, None for their defaults)."""
    ranges = []
    for name, r in (("oop", oop), ("ip", ip)):
        if isinstance(r, str):
            try:
                r = Range(r)
            except (RangeError, InputError) as exc:
                raise type(exc)(f"{name}: {exc}") from None
        if not isinstance(r, Range):
            raise InputTypeError(f"{name} must be a fastholdem.Range or range text, got {type(r).__name__}")
        if len(r) == 0:
            raise RangeError(f"{name}: the range is empty")
        ranges.append(r)
    cards = tuple(parse_cards(board))  # type: ignore[arg-type]
    if len(cards) not in (3, 4, 5):
        raise CardError(f"board must have 3, 4 or 5 cards, got {len(cards)}")
    unknown = set(tree_args) - set(TREE_ARGS)
    if unknown:
        raise InputTypeError(f"unknown tree arguments: {', '.join(sorted(unknown))}")
    if tree is not None:
        if not isinstance(tree, Tree):
            raise InputTypeError(f"tree must be a fastholdem.solver.Tree (from build_tree), got {type(tree).__name__}")
        given = [k for k, v in {"sizes": sizes, **tree_args}.items() if v is not None]
        if given:
            raise ConfigError(f"{', '.join(given)}: set these in build_tree, not next to tree=")
        cfg = tree.config
        if cfg.n_board != len(cards):
            raise ConfigError(f"tree: built for a board of {cfg.n_board} cards, the board has {len(cards)}")
        for name, v, want in zip(("pot", "stack"), check_chips(pot, stack), (cfg.pot, cfg.stack)):
            if v != want:
                raise ConfigError(f"{name}: {v} is not the tree's {want}")
    else:
        p, st = check_chips(pot, stack)
        cfg = tree_config(len(cards), p, st, "50%" if sizes is None else sizes,
                          **{k: v for k, v in tree_args.items() if v is not None})
    return Spot(ranges[0], ranges[1], cards, 0, 0, cfg.sizes).with_tree(cfg)


def hand_masks(game: Game, player: int) -> npt.NDArray[np.uint64]:
    """Each of ``player``'s hands as a card bit mask."""
    out = np.zeros(len(game.hands[player]), np.uint64)
    for i, hand in enumerate(game.hands[player]):
        for c in hand:
            out[i] |= np.uint64(1 << c)
    return out


def compatible_weight(game: Game, player: int, opp_weights: npt.ArrayLike) -> npt.NDArray[np.float64]:
    """For each of ``player``'s hands, the opponent's weight on hands sharing no card with it."""
    m0, m1 = hand_masks(game, player), hand_masks(game, 1 - player)
    free = (m0[:, None] & m1[None, :]) == 0
    return free @ np.asarray(opp_weights, np.float64)  # type: ignore[no-any-return]


def overlap_weight(game: Game) -> float:
    """Joint weight of the hand pairs that share no card (0: the ranges cannot be dealt)."""
    w0 = np.asarray(game.weights[0] if game.weights else [1.0] * len(game.hands[0]), np.float64)
    w1 = np.asarray(game.weights[1] if game.weights else [1.0] * len(game.hands[1]), np.float64)
    return float(w0 @ compatible_weight(game, 0, w1))


def combo_text(hand: tuple[int, ...]) -> str:
    """A combo as text, higher card first."""
    return "".join(card_str(c) for c in sorted(hand, reverse=True) if c != NO_CARD)
