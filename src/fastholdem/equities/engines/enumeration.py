"""Exact counting behind :class:`fastholdem.EquityJob`: every board for each distinct deal.

:func:`hand_assignments` lists the deals an exact job enumerates; :class:`ExactEngine`
enumerates every board for each distinct deal (with up to five players, deals that differ
only by a suit permutation are enumerated once), or reads heads-up preflop deals from the
shipped table (:mod:`fastholdem.equities.engines.table`). On a flop or turn it values every
combo once per runout instead and compares each deal's rows of values (runout tables,
csrc/fh_runouts.c); the tallies are the same. Tallies are integers, so any split of the
work adds up exactly; with unit weights the totals are integer sums too (equal to the
weighted float sums, which are exact below 2**53).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from ... import _core
from ...errors import RangeError
from ..inputs import ParsedPlayer
from .table import table_available, table_tallies

__all__ = ["ExactEngine", "RunoutTable", "hand_assignments", "hand_assignments_with_rows", "suit_symmetric"]

_Floats = npt.NDArray[np.float64]


def hand_assignments(parsed: list[ParsedPlayer], limit: int
                     ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]] | None:
    """Every collision-free choice of one combo per player, with its weight (product of the
    combo weights); None when more than ``limit`` would have to be listed.

    >>> from fastholdem.equities.inputs import parse_inputs
    >>> parsed, _, _ = parse_inputs(["AsAd", "KK", "random"], None, None)
    >>> deals, weights = hand_assignments(parsed, 10**6)
    >>> deals.shape, float(weights.sum())          # 6 KK combos x 1,128 random hands each
    ((6768, 6), 6768.0)
    >>> hand_assignments(parsed, 1000) is None
    True
    """
    listed = _listed(parsed, limit, None)
    return None if listed is None else (listed[0], listed[1])


def _listed(parsed: list[ParsedPlayer], limit: int, rows: list[npt.NDArray[np.uint32]] | None) -> tuple[Any, ...] | None:
    """:func:`hand_assignments` by the C core (row-major, player 0's combo slowest; weights
    multiplied player by player, a player whose weights are all 1 skipped: x * 1.0 is x),
    with each deal's ``rows`` entries too when given."""
    listed = _core.hand_assignments([p.combos for p in parsed],
                                    [None if np.all(p.weights == 1.0) else p.weights for p in parsed], limit, rows)
    if listed is None:
        return None
    weights = listed[1]
    if len(weights) and not weights.any():
        # Each player's largest weight is above 0.5 (inputs.relative_weights), so only hands
        # of tiny relative weight, all that the card clashes leave, can multiply to 0.
        raise RangeError("the weights of the hand assignments the cards allow underflow to 0 (each is the "
                         "product of the players' combo weights); give those combos larger weights")
    return tuple(listed)


class RunoutTable:
    """The combos valued by runout tables: every combo of every player, by its two bytes read
    as one uint16 (``code``), in code order; ``row_of[code]`` is a combo's row.

    Examples
    --------
    >>> import numpy as np
    >>> table = RunoutTable([np.array([[51, 47], [50, 46]], np.uint8), np.array([[51, 47]], np.uint8)])
    >>> len(table.combos), [r.tolist() for r in table.player_rows]
    (2, [[1, 0], [1]])
    """

    def __init__(self, combos: list[npt.NDArray[np.uint8]]) -> None:
        codes = [np.ascontiguousarray(c, dtype=np.uint8).view(np.uint16).reshape(-1) for c in combos]
        self.present = np.zeros(1 << 16, dtype=bool)
        for c in codes:
            self.present[c] = True
        table = np.flatnonzero(self.present).astype(np.uint16)
        self.row_of = np.cumsum(self.present, dtype=np.uint32) - np.uint32(1)
        self.combos = table.view(np.uint8).reshape(len(table), 2)
        self.player_rows = [self.row_of[c] for c in codes]


def hand_assignments_with_rows(parsed: list[ParsedPlayer], limit: int, table: RunoutTable
                               ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64], npt.NDArray[np.uint32]] | None:
    """:func:`hand_assignments` and each deal's rows of ``table`` (uint32, one per player).

    >>> from fastholdem.equities.inputs import parse_inputs
    >>> parsed, _, _ = parse_inputs(["AsAd", "KK", "random"], "2c3d4h", None)
    >>> deals, weights, rows = hand_assignments_with_rows(parsed, 10**6, RunoutTable([p.combos for p in parsed]))
    >>> rows.shape, int(rows.max()) < len(RunoutTable([p.combos for p in parsed]).combos)
    ((5940, 3), True)
    """
    listed = _listed(parsed, limit, table.player_rows)
    return None if listed is None else (listed[0], listed[1], listed[2])


def suit_symmetric(board: list[int], dead: list[int]) -> bool:
    """Whether some suit permutation other than the identity maps the board and the dead
    cards onto themselves (only then can two deals be suit-isomorphic).

    >>> from fastholdem import parse_cards
    >>> suit_symmetric(parse_cards("Td7c2s"), []), suit_symmetric(parse_cards("Td7d2d"), [])
    (False, True)
    """
    fixed = (frozenset(board), frozenset(dead))
    for perm in itertools.permutations(range(4)):
        if perm == (0, 1, 2, 3):
            continue
        image = tuple(frozenset((c & ~3) | perm[c & 3] for c in cards) for cards in fixed)
        if image == fixed:
            return True
    return False


class ExactEngine:
    """Enumeration over distinct deals; chunks of distinct deals are independent.

    Heads-up preflop deals without dead cards come from the shipped exact table instead.

    >>> from fastholdem.equities.inputs import parse_inputs
    >>> parsed, board, dead = parse_inputs(["AsAd", "KhKc", "QQ"], "2c3d4h", None)
    >>> engine = ExactEngine(*hand_assignments(parsed, 10**6), board, dead)
    >>> len(engine.unique), engine.by_runouts, engine.tally(0, 1, threads=1)["deals"].tolist()
    (6, True, [903])
    """

    def __init__(self, deals: npt.NDArray[np.uint8], weights: npt.NDArray[np.float64],
                 board: list[int], dead: list[int], combos: list[npt.NDArray[np.uint8]] | None = None,
                 runouts: tuple[RunoutTable, npt.NDArray[np.uint32]] | None = None) -> None:
        self.board, self.dead = board, dead
        self.n_players: int = int(deals.shape[1]) // 2
        self.weights = weights
        # Every deal (for by_combo) and each player's combos (default: the combos dealt).
        self.deals = deals
        self.combos = combos if combos is not None else [np.unique(deals[:, 2 * p:2 * p + 2], axis=0)
                                                         for p in range(self.n_players)]
        self.from_table = not board and not dead and self.n_players == 2 and table_available()
        if self.n_players <= 5 and len(deals) > 1 and suit_symmetric(board, dead):
            keys = _core.canonical_deal_keys(deals, board, dead)
            _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
            self._inverse: npt.NDArray[np.intp] | None = inverse
            self.unique: npt.NDArray[np.uint8] = np.ascontiguousarray(deals[first])
            self._in_order = False
            if runouts is not None:
                runouts = (runouts[0], np.ascontiguousarray(runouts[1][first]))
        else:
            self.unique, self._inverse = deals, None  # inverse: the identity, made when asked for
            self._in_order = True  # unique[i] is deals[i]: finish needs no reindexing
        # A flop or turn: runout tables (every combo valued once per runout, then each deal
        # compares its players' rows), built on the first tally.
        self.by_runouts = len(board) in (3, 4)
        if self.by_runouts and runouts is not None:  # the table and rows listed with the deals
            self._rows = runouts[1]
            self._present, self._row_of = runouts[0].present, runouts[0].row_of
            self._combos = runouts[0].combos
            self._values: npt.NDArray[np.uint16] | None = None
        elif self.by_runouts:
            # Each combo as its two bytes read as one uint16 (a card order other than the
            # players' would only add a row of equal values).
            codes = np.ascontiguousarray(self.unique).view(np.uint16)
            present = np.zeros(1 << 16, dtype=bool)
            present[codes] = True
            table = np.flatnonzero(present).astype(np.uint16)
            row_of = np.cumsum(present, dtype=np.uint32) - np.uint32(1)
            self._rows = row_of[codes]
            self._present, self._row_of = present, row_of
            self._combos = table.view(np.uint8).reshape(len(table), 2)
            self._values = None

    @property
    def inverse(self) -> npt.NDArray[np.intp]:
        """For each deal, its distinct deal's index in :attr:`unique` (the identity when no
        suit symmetry folded the deals: then listed only when asked for, which the counts
        never need)."""
        if self._inverse is None:
            self._inverse = np.arange(len(self.unique))
        return self._inverse

    def cost(self, boards_per_deal: int) -> int:
        """Work of the whole job: table rows read, or boards x players evaluated."""
        if self.from_table:
            return len(self.unique)
        return len(self.unique) * int(boards_per_deal) * self.n_players

    def runout_work(self) -> int:
        """Value comparisons of the runout tables (hand assignments x players x runouts); 0 unless
        ``by_runouts``."""
        if not self.by_runouts:
            return 0
        left = 52 - len(self.board) - len(self.dead)
        runouts = left if len(self.board) == 4 else left * (left - 1) // 2
        return len(self.unique) * self.n_players * runouts

    def tally(self, lo: int, hi: int, threads: int) -> dict[str, npt.NDArray[np.uint64]]:
        """Integer tallies of distinct deals [lo, hi), one row per deal."""
        if self.from_table:
            return table_tallies(self.unique[lo:hi])
        if self.by_runouts:
            if self._values is None:
                self._values = _core.runout_values(self._combos, self.board, self.dead)
            return _core.runout_tallies(self._values, self._rows[lo:hi], threads)
        return _core.exact_deals(self.unique[lo:hi], self.board, self.dead, threads)

    def sums_apply(self) -> bool:
        """Whether :meth:`sums` can count the job: runout tables, the deals in order (no
        suit symmetry folded them) and unit weights, so that column sums and per-combo sums
        of the rows are all :meth:`finish` needs."""
        return self.by_runouts and self._in_order and bool(np.all(self.weights == 1.0))

    def sums(self, lo: int, hi: int, threads: int) -> tuple[dict[str, npt.NDArray[np.uint64]], npt.NDArray[np.uint64]]:
        """The sums over distinct deals [lo, hi) of :meth:`tally`'s rows, and per player and
        value row the runouts counted and the player's shares (``_core.runout_sums``); only
        where :meth:`sums_apply`."""
        if self._values is None:
            self._values = _core.runout_values(self._combos, self.board, self.dead)
        return _core.runout_sums(self._values, self._rows[lo:hi], threads)

    def finish_sums(self, parts: list[tuple[dict[str, npt.NDArray[np.uint64]], npt.NDArray[np.uint64]]]
                    ) -> tuple[_Floats, _Floats, _Floats, _Floats, int,
                               Callable[[], list[tuple[_Floats, _Floats]]]] | None:
        """:meth:`finish` from the :meth:`sums` of every chunk: the same values, bit for bit
        (integer sums; their float conversions are exact below 2**53, as the float sums of
        the general path are), or None when a sum could reach 2**53 (then the rows decide)."""
        sums = {key: np.asarray(sum((part[0][key] for part in parts), np.uint64(0)), dtype=np.uint64)
                for key in ("deals", "share", "win", "tie", "split")}
        total_deals = int(sums["deals"])
        if total_deals * _core.SHARE_UNIT >= 2**53:
            return None
        combo = np.asarray(sum((part[1] for part in parts), np.uint64(0)), dtype=np.uint64)
        deals_w = float(total_deals)
        share, win, tie, split = (sums[key].astype(np.float64) for key in ("share", "win", "tie", "split"))
        eq = share / (_core.SHARE_UNIT * deals_w)
        return eq, win / deals_w, tie / deals_w, split, total_deals, partial(self._combo_equities_of_sums, combo)

    def _combo_equities_of_sums(self, combo: npt.NDArray[np.uint64]) -> list[tuple[_Floats, _Floats]]:
        """:meth:`combo_equities` from the per-row sums of :meth:`finish_sums` (unit weights)."""
        per = []
        for p, combos in enumerate(self.combos):
            codes = np.ascontiguousarray(combos, dtype=np.uint8).view(np.uint16)[:, 0]
            listed = self._present[codes]
            rows = self._row_of[codes].astype(np.intp)
            m = np.where(listed, combo[p, 0][np.where(listed, rows, 0)], 0).astype(np.float64)
            s = np.where(listed, combo[p, 1][np.where(listed, rows, 0)], 0).astype(np.float64)
            per.append((m / m.sum(), s / (_core.SHARE_UNIT * np.where(m > 0, m, 1.0))))
        return per

    def finish(self, parts: list[dict[str, npt.NDArray[np.uint64]]]
               ) -> tuple[_Floats, _Floats, _Floats, _Floats, int, Callable[[], list[tuple[_Floats, _Floats]]]]:
        """Equity, win, tie, split (weighted), the number of boards, and a function giving
        per player the (weight, equity) of each of its combos, from the tallies of every
        distinct deal: one dict of rows per chunk, chunks in order."""
        w = self.weights
        share: _Floats
        win: _Floats
        tie: _Floats
        split: _Floats
        ones = bool(np.all(w == 1.0))
        if ones:
            # Unit weights: integer column sums (each distinct deal counted as often as the
            # deals it stands for). When the number of boards times SHARE_UNIT (a bound on
            # every sum) is below 2**53, the float dot products of the general path are
            # exact too, so both give the same bits.
            sums: dict[str, npt.NDArray[np.uint64]]
            if self._in_order:
                sums = {key: np.asarray(sum((part[key].sum(axis=0, dtype=np.uint64) for part in parts), np.uint64(0)))
                        for key in ("deals", "share", "win", "tie", "split")}
            else:
                counts = np.bincount(self.inverse, minlength=len(self.unique)).astype(np.uint64)
                sums = {key: np.asarray(counts @ np.concatenate([part[key] for part in parts]))
                        for key in ("deals", "share", "win", "tie", "split")}
            total_deals = int(sums["deals"])
            ones = total_deals * _core.SHARE_UNIT < 2**53
        if ones:
            deals_w = float(total_deals)
            share, win, tie, split = (sums[key].astype(np.float64)
                                      for key in ("share", "win", "tie", "split"))
        else:
            t = {key: np.concatenate([part[key] for part in parts])
                 for key in ("deals", "share", "win", "tie", "split")}
            if not self._in_order:
                t = {key: t[key][self.inverse] for key in t}
            deals_w = float(np.dot(w, t["deals"].astype(np.float64)))
            share = w @ t["share"].astype(np.float64)
            win = w @ t["win"].astype(np.float64)
            tie = w @ t["tie"].astype(np.float64)
            split = w @ t["split"].astype(np.float64)
            total_deals = int(t["deals"].sum())
        eq = share / (_core.SHARE_UNIT * deals_w)
        return eq, win / deals_w, tie / deals_w, split, total_deals, partial(self._combo_equities_of, parts)

    def _combo_equities_of(self, parts: list[dict[str, npt.NDArray[np.uint64]]]
                           ) -> list[tuple[_Floats, _Floats]]:
        """:meth:`combo_equities` of the chunks' rows (joined only when asked for)."""
        return self.combo_equities({key: np.concatenate([part[key] for part in parts])
                                    for key in ("deals", "share")})

    def combo_equities(self, t: dict[str, npt.NDArray[np.uint64]]) -> list[tuple[_Floats, _Floats]]:
        """Per player, the weight (probability of holding it) and equity of each combo, from
        the ``deals`` and ``share`` tallies of every distinct deal."""
        w, inv = self.weights, self.inverse
        mass = w * t["deals"][inv].astype(np.float64)
        per = []
        for p, combos in enumerate(self.combos):
            where = np.zeros(52 * 52, dtype=np.intp)
            where[combos[:, 0].astype(np.intp) * 52 + combos[:, 1]] = np.arange(len(combos))
            idx = where[self.deals[:, 2 * p].astype(np.intp) * 52 + self.deals[:, 2 * p + 1]]
            m = np.bincount(idx, weights=mass, minlength=len(combos))
            s = np.bincount(idx, weights=w * t["share"][inv, p].astype(np.float64), minlength=len(combos))
            per.append((m / m.sum(), s / (_core.SHARE_UNIT * np.where(m > 0, m, 1.0))))
        return per
