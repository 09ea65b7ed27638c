"""Exact heads-up equity of two ranges (or a hand and a range) by a sweep per runout.

For each completion of the board (a *runout*), the C kernel (``csrc/fh_sweep.c``) evaluates
every live combo of both ranges once and visits them in order of value; running sums of each
range's weights, overall and per card, give each combo's wins and ties against the other
range (card removal by inclusion-exclusion, as solvers evaluate showdowns). That costs
O(runouts x combos) instead of O(runouts x combos^2) for enumerating every pair.

Weights become exact integers (``w * scale``: a power of two, or of ten for decimal weights
such as 0.33), so every count is an integer, chunks of runouts add up exactly, and the
result is the exact rational value rounded once. Where the enumeration's float sums are exact
too (integer and dyadic weights, as in the tests), both give the same bits.

>>> from fastholdem import equity_job
>>> job = equity_job(["AKs,QQ+", "random"], board="Td7c2s")
>>> job.size                                  # units are runouts: C(49, 2) turn-river pairs
1176
>>> r = job.combine([job.run(c) for c in job.chunks(3)])
>>> round(float(r.equity[0]), 6)
0.793602
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import permutations

import numpy as np
import numpy.typing as npt

from ... import _core
from ..inputs import ParsedPlayer
from ...errors import InputError

__all__ = ["SweepEngine", "integer_weights"]

_Floats = npt.NDArray[np.float64]
_Counts = npt.NDArray[np.uint64]

_LIMIT = 2**63  # kernel sums are int64
_TALLY_LIMIT = 2**64  # EquityTally counts are uint64


def integer_weights(weights: npt.NDArray[np.float64]) -> tuple[int, npt.NDArray[np.int64]] | None:
    """``(scale, weights * scale)`` with the smallest scale (2**k, k <= 30, else 10**d,
    d <= 6) that makes every weight an exact integer; None if there is none.

    >>> import numpy as np
    >>> integer_weights(np.array([1.0, 0.5, 0.25]))
    (4, array([4, 2, 1]))
    >>> integer_weights(np.array([0.33, 1.0]))[0], integer_weights(np.array([1 / 3])) is None
    (100, True)
    """
    for scale in [2**k for k in range(31)] + [10**d for d in range(1, 7)]:
        scaled = np.round(weights * scale)
        if np.array_equal(scaled / scale, weights):
            return scale, scaled.astype(np.int64)
    return None


def _fixes(perm: tuple[int, ...], cards: list[int]) -> bool:
    """Whether the suit permutation ``perm`` maps the set ``cards`` onto itself."""
    return {(c & ~3) | perm[c & 3] for c in cards} == set(cards)


class SweepEngine:
    """Two players, exact, a sweep per runout; units are runouts (in colex order).

    Use :meth:`build`, which returns None when the sweep does not apply (weights with no
    exact integer scale, or counts that could overflow 64 bits).

    >>> from fastholdem.equities.inputs import parse_inputs
    >>> parsed, board, dead = parse_inputs(["AKs,QQ+", "random"], "Td7c2s", None)
    >>> sweep = SweepEngine.build(parsed, board, dead)
    >>> sweep.size, len(sweep.cards), len(sweep.tally(0, 10, threads=1)["deals"])
    (1176, 1176, 1)
    """

    def __init__(self, parsed: list[ParsedPlayer], board: list[int], dead: list[int],
                 scales: tuple[int, int], int_weights: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]
                 ) -> None:
        self.board, self.dead = board, dead
        self.n_players = 2
        self.combos = (parsed[0].combos, parsed[1].combos)
        self.weights = (parsed[0].weights, parsed[1].weights)
        self.scale = scales[0] * scales[1]
        # Entries: the union of both players' combos, keyed by (high card, low card).
        keys = [c[:, 0].astype(np.int64) * 52 + c[:, 1] for c in self.combos]
        union, inverse = np.unique(np.concatenate(keys), return_inverse=True)
        self.entry_of = (inverse[:len(keys[0])], inverse[len(keys[0]):])
        self.cards = np.ascontiguousarray(np.stack([union // 52, union % 52], axis=1).astype(np.uint8))
        n = len(union)
        self.w = (np.zeros(n, np.int64), np.zeros(n, np.int64))
        for p in range(2):
            self.w[p][self.entry_of[p]] = int_weights[p]
        self.perms, entry_perms = self._symmetry(union)
        # The group acting on each player's combos (a player's combos are closed under it).
        self.player_perms = []
        for p in range(2):
            where = np.full(n, -1, dtype=np.intp)
            where[self.entry_of[p]] = np.arange(len(self.entry_of[p]))
            self.player_perms.append(where[entry_perms[:, self.entry_of[p]]])
        self.size = int(_core.sweep_runouts(board, dead))
        n_avail = 52 - len(board) - len(dead)
        # Runouts a disjoint pair of combos survives (every combo card is among the available ones).
        self.boards_per_pair = int(_core.board_count(n_avail - 4, 5 - len(board)))

    def _symmetry(self, keys: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.intp]]:
        """The suit permutations that map the board, the dead cards and both weighted ranges
        onto themselves (identity first), and for each the image of every entry."""
        perms, images = [], []
        hi, lo = self.cards[:, 0].astype(np.intp), self.cards[:, 1].astype(np.intp)
        for perm in permutations(range(4)):
            if not _fixes(perm, self.board) or not _fixes(perm, self.dead):
                continue
            table = np.array([(c & ~3) | perm[c & 3] for c in range(52)], dtype=np.intp)
            a, b = table[hi], table[lo]
            image_keys = np.maximum(a, b) * 52 + np.minimum(a, b)
            pos = np.minimum(np.searchsorted(keys, image_keys), len(keys) - 1)
            if not np.array_equal(keys[pos], image_keys):
                continue
            if not all(np.array_equal(w[pos], w) for w in self.w):
                continue
            perms.append(perm)
            images.append(pos)
        return np.array(perms, dtype=np.uint8).reshape(-1, 4), np.array(images, dtype=np.intp)

    @classmethod
    def build(cls, parsed: list[ParsedPlayer], board: list[int], dead: list[int]) -> SweepEngine | None:
        """The engine for two players, or None when weights or sizes rule the sweep out."""
        if len(parsed) != 2:
            return None
        ints = [integer_weights(p.weights) for p in parsed]
        if ints[0] is None or ints[1] is None:
            return None
        engine = cls(parsed, board, dead, (ints[0][0], ints[1][0]), (ints[0][1], ints[1][1]))
        sums = [int(w.sum()) for w in engine.w]
        bound = engine.size * sum(sums)
        unit = int(_core.SHARE_UNIT)
        if bound >= _LIMIT or engine.boards_per_pair * sums[0] * sums[1] * unit * unit >= _TALLY_LIMIT:
            return None
        return engine

    def cost(self) -> int:
        """Work of the whole job: runouts visited x entries (each entry is evaluated once per
        runout)."""
        return self.visits()

    def visits(self) -> int:
        """Combos evaluated: entries x runouts visited (one per class under suit symmetry)."""
        return self.size * len(self.cards) // len(self.perms)

    def deal_count(self) -> int:
        """Pairs of combos (one per player) that share no card: the hand assignments."""
        return int(self.opponent_weight(0, unit=True)[self.w[0][self.entry_of[0]] > 0].sum()
                   // self.boards_per_pair)

    def _weighted_deals(self) -> int:
        """Sum over the hand assignments of (integer weight product x boards), exactly."""
        own = self.w[0][self.entry_of[0]]
        return int(np.dot(own.astype(np.uint64), self.opponent_weight(0).astype(np.uint64)))

    def assignment_weight(self) -> float:
        """Total weight of the hand assignments (pairs of combos sharing no card): the sum of
        the products of the two combo weights, in the units of the given weights."""
        return self._weighted_deals() // self.boards_per_pair / self.scale

    def board_symmetries(self) -> int:
        """Suit permutations that keep the board and the dead cards in place."""
        return sum(1 for perm in permutations(range(4)) if _fixes(perm, self.board) and _fixes(perm, self.dead))

    def tally(self, lo: int, hi: int, threads: int) -> dict[str, npt.NDArray[np.uint64]]:
        """Integer tallies of runouts [lo, hi): one row of the usual fields (``win``, ``tie``,
        ``share``, ``share_sq``, ``split`` weighted by the integer weights; ``deals`` the
        runouts accounted for), and ``combos``, per player a (2, n_combos) array of the other
        range's integer weight beaten and tied by each combo. With suit symmetry, each class
        of runouts is counted at its representative: :meth:`finish` spreads the per-combo
        counts over the class (the player totals are already exact)."""
        raw = _core.sweep_two(self.cards, self.w[0], self.w[1], self.board, self.dead, self.perms, lo, hi - lo,
                              threads)
        per = (np.stack([raw["win0"], raw["tie0"]])[:, self.entry_of[0]],
               np.stack([raw["win1"], raw["tie1"]])[:, self.entry_of[1]])
        win, tie = self._totals(per)
        unit, half = _core.SHARE_UNIT, _core.SHARE_UNIT // 2
        share = [w * unit + tie * half for w in win]
        share_sq = [w * unit * unit + tie * half * half for w in win]
        row = {
            "deals": np.array([raw["deals"]], dtype=np.uint64),
            "win": np.array([win], dtype=np.uint64),
            "tie": np.array([[tie, tie]], dtype=np.uint64),
            "share": np.array([share], dtype=np.uint64),
            "share_sq": np.array([share_sq], dtype=np.uint64),
            "split": np.array([[0, win[0] + win[1], tie]], dtype=np.uint64),
        }
        return {**row, "combos": per}  # type: ignore[dict-item]

    def _totals(self, per: tuple[_Counts, _Counts]) -> tuple[list[int], int]:
        """Weighted wins of each player and ties, as exact integers (units: scale^2)."""
        win = [int(np.dot(self.w[p][self.entry_of[p]].astype(np.uint64), per[p][0])) for p in range(2)]
        tie = int(np.dot(self.w[0][self.entry_of[0]].astype(np.uint64), per[0][1]))
        return win, tie

    def opponent_weight(self, player: int, unit: bool = False) -> npt.NDArray[np.int64]:
        """For each combo of ``player``: the other range's integer weight (with ``unit``: the
        number) of combos sharing no card with it, times the runouts such a pair survives
        (its boards)."""
        other = 1 - player
        w = (self.w[other] > 0).astype(np.int64) if unit else self.w[other]
        per_card = (np.bincount(self.cards[:, 0], weights=w, minlength=52)
                    + np.bincount(self.cards[:, 1], weights=w, minlength=52)).astype(np.int64)
        ent = self.entry_of[player]
        x, y = self.cards[ent, 0], self.cards[ent, 1]
        faced: npt.NDArray[np.int64] = (int(w.sum()) - per_card[x] - per_card[y] + w[ent]) * self.boards_per_pair
        return faced

    def _symmetrize(self, per: tuple[_Counts, ...]) -> tuple[_Counts, ...]:
        """Per-combo counts over every runout, from those of the class representatives: the
        mean over the symmetry group of the permuted counts (an exact integer division)."""
        if len(self.perms) == 1:
            return per
        out = []
        for p, counts in enumerate(per):
            exact = counts.astype(object)
            total = sum(exact[:, perm] for perm in self.player_perms[p])
            out.append(np.array(total // len(self.perms), dtype=np.uint64))
        return tuple(out)

    def finish(self, per: tuple[_Counts, ...], runouts: int
               ) -> tuple[_Floats, _Floats, _Floats, _Floats, int, Callable[[], list[tuple[_Floats, _Floats]]]]:
        """Equity, win, tie, split, boards (pairs of hands times the boards each pair gets),
        and a function giving per player (combo weight, combo equity), from the per-combo
        counts of every runout (``runouts``: how many the counts account for, every one of
        the job)."""
        if runouts != self.size:
            raise InputError(f"the tallies account for {runouts} of the job's {self.size} runouts")
        win, tie = self._totals((per[0], per[1]))
        scale = self.scale
        deals_w = self._weighted_deals() / scale
        unit = float(_core.SHARE_UNIT)
        half = _core.SHARE_UNIT // 2
        share = np.array([(w * _core.SHARE_UNIT + tie * half) / scale for w in win])
        eq = share / (unit * deals_w)
        win_f = np.array([w / scale for w in win]) / deals_w
        tie_f = np.array([tie / scale, tie / scale]) / deals_w
        split = np.array([0.0, (win[0] + win[1]) / scale, tie / scale])
        return eq, win_f, tie_f, split, self.deal_count() * self.boards_per_pair, partial(self.combo_equities, per)

    def combo_equities(self, per: tuple[_Counts, ...]) -> list[tuple[_Floats, _Floats]]:
        """Per player, the weight (probability of holding it) and equity of each combo, from
        the per-combo counts of every runout."""
        per = self._symmetrize(per)
        out = []
        for p in range(2):
            faced = self.opponent_weight(p)
            mass = self.w[p][self.entry_of[p]].astype(np.float64) * faced
            with np.errstate(invalid="ignore", divide="ignore"):
                ceq = (per[p][0].astype(np.float64) + 0.5 * per[p][1].astype(np.float64)) / faced
            out.append((mass / mass.sum(), np.where(faced > 0, ceq, 0.0)))
        return out
