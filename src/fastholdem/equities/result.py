"""The result type of an equity computation: :class:`EquityResult`.

>>> from fastholdem import equity
>>> r = equity(["AhKh", "QsQd"])
>>> r
EquityResult(players=('AhKh', 'QsQd'), equity=[0.4621, 0.5379], exact=True, deals=1712304)
>>> print(r)
player    equity       win       tie
AhKh    46.2145%  46.0179%   0.3932%
QsQd    53.7855%  53.5890%   0.3932%
board -; exact: 1,712,304 deals enumerated in ... s
>>> r.to_dict()["players"][1]["hand"]
'QsQd'

Range players also get per-combo and per-class equities:

>>> r = equity(["AKs,QQ+", "random"], board="Td7c2s")
>>> t = r.by_combo(0)
>>> str(t[0]["hand"]), round(float(t[0]["weight"]), 4), round(float(t[0]["equity"]), 4)
('AsAh', 0.0455, 0.8649)
>>> [(str(c["hand"]), int(c["combos"]), round(float(c["equity"]), 4)) for c in r.by_class(0)[:3]]
[('AA', 6, 0.8653), ('KK', 6, 0.8459), ('QQ', 6, 0.8265)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _core
from .._validate import echo
from ..cards import RANKS, cards_str
from ..errors import IndexRangeError, InputError

__all__ = ["EquityResult", "combo_table", "combo_tables", "monte_carlo_combo_table", "monte_carlo_combo_tables"]

_HAND_DTYPE = "U4"


@lru_cache(maxsize=1)
def _pair_text() -> npt.NDArray[np.str_]:
    """Text of every ordered pair of cards, indexed 52 * first + second ("AsKs")."""
    return np.array([cards_str((a, b)) for a in range(52) for b in range(52)], dtype=_HAND_DTYPE)


def combo_table(combos: npt.NDArray[np.uint8], weight: npt.NDArray[np.float64], equity: npt.NDArray[np.float64],
                stderr: npt.NDArray[np.float64] | None = None) -> npt.NDArray[Any]:
    """The structured array behind :meth:`EquityResult.by_combo`: one row per combo that can
    be dealt (``weight > 0``), fields ``hand``, ``weight``, ``equity`` (and ``stderr`` when
    given: Monte Carlo).

    >>> import numpy as np
    >>> combos = np.array([[51, 47], [50, 46]], dtype=np.uint8)
    >>> combo_table(combos, np.array([0.5, 0.5]), np.array([0.6, 0.4]))["hand"].tolist()
    ['AsKs', 'AhKh']
    """
    fields: list[tuple[str, Any]] = [("hand", _HAND_DTYPE), ("weight", np.float64), ("equity", np.float64)]
    if stderr is not None:
        fields.append(("stderr", np.float64))
    keep = np.flatnonzero(weight > 0)
    table = np.zeros(len(keep), dtype=fields)
    pairs = combos[keep].astype(np.intp)
    table["hand"] = _pair_text()[pairs[:, 0] * 52 + pairs[:, 1]]
    table["weight"] = weight[keep]
    table["equity"] = equity[keep]
    if stderr is not None:
        table["stderr"] = stderr[keep]
    return table


def monte_carlo_combo_table(combos: npt.NDArray[np.uint8], counts: npt.NDArray[np.uint64]) -> npt.NDArray[Any]:
    """:func:`combo_table` from Monte Carlo counts ``(3, n)``: trials dealt each combo, sum of
    its pot shares and of their squares (in ``1 / SHARE_UNIT``).

    >>> import numpy as np
    >>> from fastholdem import _core
    >>> u = _core.SHARE_UNIT                  # one combo: 4 trials, won 3 of them
    >>> counts = np.array([[4], [3 * u], [3 * u * u]], dtype=np.uint64)
    >>> t = monte_carlo_combo_table(np.array([[51, 47]], dtype=np.uint8), counts)
    >>> t["hand"][0], float(t["weight"][0]), float(t["equity"][0]), round(float(t["stderr"][0]), 4)
    (np.str_('AsKs'), 1.0, 0.75, 0.2165)
    """
    trials = counts[0].astype(np.float64)
    unit = float(_core.SHARE_UNIT)
    seen = np.maximum(trials, 1.0)
    mean = counts[1].astype(np.float64) / (unit * seen)
    sq = counts[2].astype(np.float64) / (unit * unit * seen)
    err = np.sqrt(np.maximum(sq - mean * mean, 0.0) / seen)
    return combo_table(combos, trials / max(float(trials.sum()), 1.0), mean, err)


def combo_tables(combos: Sequence[npt.NDArray[np.uint8]],
                 per: Callable[[], list[tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]]]
                 ) -> tuple[npt.NDArray[Any], ...]:
    """:func:`combo_table` of each player, from its combos and ``per()``: its (weight, equity)
    arrays (a picklable callable, so results build the tables only when asked).

    >>> import numpy as np
    >>> combos = [np.array([[51, 47]], dtype=np.uint8), np.array([[43, 39]], dtype=np.uint8)]
    >>> tables = combo_tables(combos, lambda: [(np.ones(1), np.array([0.7])), (np.ones(1), np.array([0.3]))])
    >>> [(str(t["hand"][0]), float(t["equity"][0])) for t in tables]
    [('AsKs', 0.7), ('QsJs', 0.3)]
    """
    return tuple(combo_table(c, w, e) for c, (w, e) in zip(combos, per()))


def monte_carlo_combo_tables(combos: list[npt.NDArray[np.uint8]], counts: list[npt.NDArray[np.uint64]]
                             ) -> tuple[npt.NDArray[Any], ...]:
    """:func:`monte_carlo_combo_table` of each player.

    >>> import numpy as np
    >>> combos = [np.array([[51, 47]], dtype=np.uint8)] * 2
    >>> counts = [np.array([[2], [0], [0]], dtype=np.uint64)] * 2
    >>> [float(t["equity"][0]) for t in monte_carlo_combo_tables(combos, counts)]
    [0.0, 0.0]
    """
    return tuple(monte_carlo_combo_table(c, n) for c, n in zip(combos, counts))


def _class_name(hand: str) -> str:
    """Starting-hand class of a combo's text (high card first): "AsKs" -> "AKs", "QhQd" -> "QQ"."""
    r1, s1, r2, s2 = hand[0], hand[1], hand[2], hand[3]
    if r1 == r2:
        return r1 + r2
    return r1 + r2 + ("s" if s1 == s2 else "o")


def _class_order(name: str) -> tuple[int, int, int]:
    """Sort key of a class: pairs, then suited, then offsuit hands, strongest ranks first."""
    kind = 0 if len(name) == 2 else (1 if name[2] == "s" else 2)
    return kind, -RANKS.index(name[0]), -RANKS.index(name[1])


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`fastholdem.equity` (and of :meth:`fastholdem.EquityJob.combine`).

    Attributes
    ----------
    players : tuple of str
        Each player's hand or range, as given.
    equity, win, tie, stderr : numpy.ndarray of float64, shape (players,)
        Equity (wins plus tie shares; sums to 1), probability of winning alone, of sharing
        the pot, and the standard error of ``equity`` (0 when exact).
    exact : bool
        True if every board (and every assignment of range hands) was enumerated.
    deals : int
        Deals counted: a deal is one assignment of hands to the players plus one complete
        board. Exact results count every deal they enumerate (every board for every hand
        assignment, so a range-vs-range job counts far more deals than there are boards);
        Monte Carlo results count the deals they sampled (the trials). The text form and the
        JSON form (``"deals"``) name the same number.
    elapsed : float
        Seconds spent.
    seed : int or None
        The Monte Carlo seed (None when exact).
    board, dead : str
        The board and dead cards.
    split : numpy.ndarray of float64, shape (players + 1,)
        ``split[k]``: weighted count of deals whose pot was shared by exactly k players.
    combos : tuple of numpy structured arrays
        Per player, the table returned by :meth:`by_combo` (empty when the engine keeps no
        per-combo counts). Built on first use from ``combo_source``.
    combo_source : callable, optional
        Builds ``combos`` (picklable; None when the engine keeps no per-combo counts).

    Examples
    --------
    >>> from fastholdem import equity
    >>> r = equity(["AKs,QQ+", "random"], board="Td7c2s")
    >>> r.players, r.exact, r.board, round(float(r.equity.sum()), 12)
    (('AKs,QQ+', 'random'), True, 'Td7c2s', 1.0)
    >>> [(str(c["hand"]), int(c["combos"])) for c in r.by_class(0)]
    [('AA', 6), ('KK', 6), ('QQ', 6), ('AKs', 4)]
    >>> r.to_dict()["players"][0]["equity"] == float(r.equity[0])
    True
    """

    players: tuple[str, ...]
    equity: npt.NDArray[np.float64]
    win: npt.NDArray[np.float64]
    tie: npt.NDArray[np.float64]
    stderr: npt.NDArray[np.float64]
    exact: bool
    deals: int
    elapsed: float
    seed: int | None = None
    board: str = ""
    dead: str = ""
    split: npt.NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))
    combo_source: Callable[[], tuple[npt.NDArray[Any], ...]] | None = field(default=None, repr=False,
                                                                           compare=False)

    @property
    def combos(self) -> tuple[npt.NDArray[Any], ...]:
        """Per-combo tables of every player (see :meth:`by_combo`), built once on first use."""
        cached: tuple[npt.NDArray[Any], ...] | None = self.__dict__.get("_combos")
        if cached is None:
            cached = () if self.combo_source is None else self.combo_source()
            object.__setattr__(self, "_combos", cached)
        return cached

    def _player(self, player: int) -> int:
        if isinstance(player, bool) or not isinstance(player, (int, np.integer)) \
                or not 0 <= player < len(self.players):
            raise IndexRangeError(f"player must be an int in 0..{len(self.players) - 1}, got {echo(player)}")
        if not self.combos:
            raise InputError("this result has no per-combo equities: Monte Carlo keeps them only when asked, "
                             "equity(..., by_combo=True)")
        return int(player)

    def by_combo(self, player: int) -> npt.NDArray[Any]:
        """Equity of each combo of ``player``'s hand or range.

        Parameters
        ----------
        player : int
            0-based player index.

        Returns
        -------
        numpy.ndarray
            A structured array, one row per combo that can be dealt (in range order), with
            fields ``hand`` (text, high card first: ``"AsKs"``), ``weight`` (the probability
            that the player holds this combo, given the range weights and the cards the
            other players and the board take; the weights sum to 1), ``equity`` (the
            combo's equity against the other players) and, for Monte Carlo, ``stderr`` (its
            standard error). The weighted mean of ``equity`` is the player's equity.

        Raises
        ------
        IndexRangeError
            If ``player`` is not a player index.
        ValueError
            If the result has no per-combo equities.
        """
        return self.combos[self._player(player)].copy()

    def by_class(self, player: int) -> npt.NDArray[Any]:
        """:meth:`by_combo` aggregated to the 169 starting-hand classes (``"AKs"``, ``"QQ"``,
        ``"T9o"``).

        Returns
        -------
        numpy.ndarray
            A structured array, one row per class present (pairs, then suited, then offsuit
            hands, strongest first), with fields ``hand``, ``combos`` (combos of the class
            that can be dealt), ``weight`` (sum of their weights) and ``equity`` (their
            weighted mean), and for Monte Carlo ``stderr`` (of that mean, combining the
            combos' errors as independent).

        Raises
        ------
        IndexError, ValueError
            As :meth:`by_combo`.
        """
        table = self.combos[self._player(player)]
        names = np.array([_class_name(h) for h in table["hand"]], dtype="U3")
        classes = sorted(set(names.tolist()), key=_class_order)
        mc = "stderr" in (table.dtype.names or ())
        fields: list[tuple[str, Any]] = [("hand", "U3"), ("combos", np.int64), ("weight", np.float64),
                                         ("equity", np.float64)]
        if mc:
            fields.append(("stderr", np.float64))
        out = np.zeros(len(classes), dtype=fields)
        index = {name: i for i, name in enumerate(classes)}
        rows = np.array([index[n] for n in names.tolist()], dtype=np.intp)
        n = len(classes)
        weight = np.bincount(rows, weights=table["weight"], minlength=n)
        out["hand"] = classes
        out["combos"] = np.bincount(rows, minlength=n)
        out["weight"] = weight
        safe = np.where(weight > 0, weight, 1.0)
        out["equity"] = np.bincount(rows, weights=table["weight"] * table["equity"], minlength=n) / safe
        if mc:
            var = np.bincount(rows, weights=(table["weight"] * table["stderr"]) ** 2, minlength=n)
            out["stderr"] = np.sqrt(var) / safe
        return out

    def by_hand_text(self) -> str:
        """Each range player's combos as text tables (``fastholdem equity --by-hand``), sorted by
        equity, strongest first: hand, weight and equity (and stderr for Monte Carlo).

        Players are numbered from 0, as :meth:`by_combo` and :meth:`by_class` take them:
        the table headed ``player 1`` is ``by_combo(1)``."""
        if not self.combos:
            return "per-hand equities: not available for this result"
        blocks = []
        for i, (label, table) in enumerate(zip(self.players, self.combos)):
            if len(table) < 2:
                continue
            mc = "stderr" in (table.dtype.names or ())
            head = f"{'hand':<6}{'weight':>9}{'equity':>10}" + (f"{'stderr':>9}" if mc else "")
            lines = [f"player {i} ({label}): {len(table)} hands, by_combo({i})", head]
            for row in table[np.argsort(-table["equity"], kind="stable")]:
                line = f"{row['hand']:<6}{row['weight']:9.3%}{row['equity']:10.3%}"
                lines.append(line + (f"{row['stderr']:9.3%}" if mc else ""))
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)

    def to_dict(self, *, by_combo: bool = False) -> dict[str, Any]:
        """Plain-Python form (for JSON); with ``by_combo``, each player also gets ``"combos"``:
        the rows of :meth:`by_combo` as dicts (when the result has them)."""
        players = [
            {"hand": p, "equity": float(e), "win": float(w), "tie": float(t), "stderr": float(s)}
            for p, e, w, t, s in zip(self.players, self.equity, self.win, self.tie, self.stderr)
        ]
        if by_combo and self.combos:
            for entry, table in zip(players, self.combos):
                names = table.dtype.names or ()
                entry["combos"] = [{k: (str(row[k]) if k == "hand" else float(row[k])) for k in names}
                                   for row in table]
        return {
            "players": players,
            "board": self.board,
            "dead": self.dead,
            "exact": self.exact,
            "deals": self.deals,
            "seed": self.seed,
            "elapsed": self.elapsed,
        }

    def __str__(self) -> str:
        width = max(6, *(len(p) for p in self.players))
        head = f"{'player':<{width}}  {'equity':>8}  {'win':>8}  {'tie':>8}"
        if not self.exact:
            head += f"  {'stderr':>8}"
        lines = [head]
        for i, p in enumerate(self.players):
            line = f"{p:<{width}}  {self.equity[i]:8.4%}  {self.win[i]:8.4%}  {self.tie[i]:8.4%}"
            if not self.exact:
                line += f"  {self.stderr[i]:8.4%}"
            lines.append(line)
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        what = "deals enumerated" if self.exact else "deals sampled"
        context = f"board {self.board or '-'}" + (f", dead {self.dead}" if self.dead else "")
        lines.append(f"{context}; {how}: {self.deals:,} {what} in {self.elapsed:.3f} s")
        return "\n".join(lines)

    def __repr__(self) -> str:
        eq = ", ".join(f"{e:.4f}" for e in self.equity)
        return f"EquityResult(players={self.players!r}, equity=[{eq}], exact={self.exact}, deals={self.deals})"
