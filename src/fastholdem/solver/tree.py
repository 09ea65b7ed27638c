"""The betting tree of a postflop spot: the size grammar, per-street and per-player sizes,
donk bets, the all-in thresholds, rake, and tree editing before a solve.

Sizes follow b-inary/postflop-solver's grammar and action-tree rules, so that the same
settings build the same tree. A size list is comma-separated text; each size is one of

===============  ===================================================================
``50%``          a bet of 50% of the pot (the pot after calling); a raise of the
                 last bet plus 50% of that pot
``2.5x``         raises only: 2.5 times the last bet (the raise's total amount)
``40c``          a constant number of chips (a raise: the last bet plus 40)
``e``, ``2e``    geometric: the size that, repeated on each of the streets left (or
                 on 2 streets), puts the whole stack in; for raises one street less
                 per bet already made on the street; ``2e150%`` caps it at 150% pot
``a``            all-in (also ``allin``)
===============  ===================================================================

Sizes are set per street (flop, turn, river), per player (oop, ip) and per kind (bet,
raise, donk) by a mapping whose keys name any of those words (a missing word means all of
its values; ``"all"`` alone means everything); more specific keys override less specific
ones. A *donk* bet is OOP's bet on the turn or the river after calling the previous street's
bet; without donk sizes OOP bets his usual sizes there.

Examples
--------
>>> t = build_tree("Td9d6h", pot=60, stack=370, sizes={"bet": "50%", "raise": "2.5x", "river": "75%, a"})
>>> t.actions()
('check', 'bet 30')
>>> t.actions("bet 30")
('fold', 'call', 'raise 75')
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from ..cards import parse_cards
from ..errors import ConfigError, InputError, InputTypeError

__all__ = ["Size", "BetSizes", "TreeConfig", "Tree", "build_tree", "parse_size_list", "parse_sizes",
           "STREETS", "PLAYERS", "KINDS"]

STREETS = ("flop", "turn", "river")
"""The streets, in the order of a :class:`BetSizes` table."""
PLAYERS = ("oop", "ip")
"""The players: out of position (acts first) and in position."""
KINDS = ("bet", "raise", "donk")
"""The kinds of size: the first bet of a street, a raise, OOP's donk bet."""

# Action kinds, ordered as postflop-solver orders them.
FOLD, CHECK, CALL, BET, RAISE, ALLIN = range(6)
NAMES = {FOLD: "fold", CHECK: "check", CALL: "call", BET: "bet", RAISE: "raise", ALLIN: "allin"}


def _round(x: float) -> int:
    """Round half away from zero (Rust's f64::round)."""
    return int(math.floor(x + 0.5)) if x >= 0 else -int(math.floor(-x + 0.5))


@dataclass(frozen=True, order=True)
class Size:
    """One bet size: ``kind`` is ``"pot"`` (``value`` a fraction of the pot), ``"last"`` (a
    multiple of the last bet), ``"chips"``, ``"geometric"`` (over ``streets`` streets, 0 for
    the streets left, at most ``cap`` times the pot) or ``"allin"``.

    Examples
    --------
    >>> parse_size_list("2e150%, 60%")
    (Size(kind='geometric', value=0.0, streets=2, cap=1.5), Size(kind='pot', value=0.6, streets=0, cap=inf))
    >>> str(Size("last", 2.5))
    '2.5x'
    """

    kind: str
    value: float = 0.0
    streets: int = 0
    cap: float = math.inf

    def __str__(self) -> str:
        if self.kind == "pot":
            return f"{self.value * 100:g}%"
        if self.kind == "last":
            return f"{self.value:g}x"
        if self.kind == "chips":
            return f"{self.value:g}c"
        if self.kind == "geometric":
            return (f"{self.streets}" if self.streets else "") + "e" + (
                f"{self.cap * 100:g}%" if math.isfinite(self.cap) else "")
        return "a"


_GEO = re.compile(r"^(\d*)e(?:(\d+(?:\.\d*)?|\.\d+)%)?$")
_HINT = "use '50%' (of the pot), '2.5x' (raises: times the last bet), '40c' (chips), 'e' or '2e' (geometric), 'a'"


def _parse_size(token: str, name: str, raise_: bool) -> Size:
    low = token.strip().lower()
    bad = f"{name}: {token.strip()!r} is not a size ({_HINT})"
    if low in ("a", "allin", "all-in"):
        return Size("allin")
    m = _GEO.match(low)
    if m:
        streets = int(m.group(1)) if m.group(1) else 0
        cap = float(m.group(2)) / 100.0 if m.group(2) else math.inf
        if m.group(1) and streets < 1:
            raise ConfigError(f"{name}: {token.strip()!r}: a geometric size needs at least 1 street")
        if not cap > 0:
            raise ConfigError(f"{name}: {token.strip()!r}: the cap of a geometric size must be above 0%")
        return Size("geometric", 0.0, streets, cap)
    if not low or low[-1] not in "%xc":
        raise ConfigError(bad)
    try:
        v = float(low[:-1])
    except ValueError:
        raise ConfigError(bad) from None
    if not (math.isfinite(v) and v > 0):
        raise ConfigError(f"{name}: {token.strip()!r} must be a positive size")
    if low[-1] == "%":
        return Size("pot", v / 100.0)
    if low[-1] == "x":
        if not raise_:
            raise ConfigError(f"{name}: {token.strip()!r} is a multiple of the last bet, valid for raises only "
                              "(give bets and raises apart, e.g. {'bet': '60%', 'raise': '2.5x'})")
        if v <= 1:
            raise ConfigError(f"{name}: {token.strip()!r}: a raise must be more than 1x the last bet")
        return Size("last", v)
    if v != int(v):
        raise ConfigError(f"{name}: {token.strip()!r}: chips must be a whole number")
    return Size("chips", v)


def parse_size_list(text: str, name: str = "sizes", *, raises: bool = False) -> tuple[Size, ...]:
    """Parse comma-separated sizes (the grammar of :mod:`fastholdem.solver.tree`); the empty
    text is no size (only check, call, fold and the automatic all-in). ``name`` is the argument
    named in errors; ``raises`` allows ``2.5x``.

    Examples
    --------
    >>> [str(s) for s in parse_size_list("33%, 75%, allin")]
    ['33%', '75%', 'a']
    >>> parse_size_list("33%, big")
    Traceback (most recent call last):
    ...
    fastholdem.errors.ConfigError: sizes: 'big' is not a size (use '50%' (of the pot), '2.5x' (raises: times the last bet), '40c' (chips), 'e' or '2e' (geometric), 'a')
    """
    if not isinstance(text, str):
        raise InputTypeError(f"{name} must be text such as '50%, a', got {type(text).__name__}")
    parts = [p for p in (q.strip() for q in text.split(",")) if p]
    return tuple(dict.fromkeys(_parse_size(p, name, raises) for p in parts))


@dataclass(frozen=True)
class BetSizes:
    """Sizes per street, player and kind: ``table[(street, player, kind)]`` for street in
    :data:`STREETS`, player in :data:`PLAYERS`, kind in :data:`KINDS` (donk: OOP on the turn
    and river only; absent when OOP bets his usual sizes there).

    Examples
    --------
    >>> b = parse_sizes({"all": "50%", "river ip bet": "75%, a"})
    >>> [str(s) for s in b.get("river", "ip", "bet")], [str(s) for s in b.get("river", "oop", "bet")]
    (['75%', 'a'], ['50%'])
    """

    table: tuple[tuple[tuple[str, str, str], tuple[Size, ...]], ...]

    def get(self, street: str, player: str, kind: str) -> tuple[Size, ...] | None:
        """The sizes of one street, player and kind (None: no donk sizes set)."""
        for key, sizes in self.table:
            if key == (street, player, kind):
                return sizes
        return None

    def to_dict(self) -> dict[str, str]:
        """Text of every entry, keyed ``"street player kind"`` (:func:`parse_sizes` reads it back)."""
        return {" ".join(k): ", ".join(str(s) for s in v) for k, v in self.table}


def parse_sizes(sizes: str | Sequence[str] | Mapping[str, str] | BetSizes, name: str = "sizes") -> BetSizes:
    """Read bet sizes: one text for every bet and raise (``"50%"``, ``"33%, 75%, a"``), a list
    of such sizes, or a mapping from keys (words among ``flop turn river``, ``oop ip``,
    ``bet raise donk``, or ``all``) to size texts; a missing word means all of its values
    (a missing kind: bet and raise), and more specific keys override less specific ones.

    Examples
    --------
    >>> b = parse_sizes({"bet": "33%, 75%", "raise": "2.5x", "turn donk": "25%"})
    >>> [str(s) for s in b.get("flop", "ip", "raise")], [str(s) for s in b.get("turn", "oop", "donk")]
    (['2.5x'], ['25%'])
    >>> b.get("flop", "oop", "donk") is None
    True
    """
    if isinstance(sizes, BetSizes):
        return sizes
    if isinstance(sizes, str):
        if not sizes.strip():
            raise ConfigError(f"{name}: give at least one size, such as '50%' (a dict may give '' for no size)")
        spec: dict[str, str] = {"all": sizes}
    elif isinstance(sizes, Mapping):
        spec = {}
        for k, v in sizes.items():
            if not isinstance(k, str) or not isinstance(v, str):
                raise InputTypeError(f"{name}: keys and sizes must be text, got {k!r}: {v!r}")
            spec[k] = v
    elif isinstance(sizes, (list, tuple)) and all(isinstance(p, str) for p in sizes):
        spec = {"all": ", ".join(sizes)}
    else:
        raise InputTypeError(f"{name} must be text such as '50%', a list of such texts or a dict such as "
                             f"{{'bet': '50%', 'raise': '2.5x'}}, got {type(sizes).__name__}")
    if not spec:
        raise ConfigError(f"{name}: give at least one size")
    ranked = []
    for order, (key, text) in enumerate(spec.items()):
        words = key.lower().replace(",", " ").split()
        streets = [w for w in words if w in STREETS]
        players = [w for w in words if w in PLAYERS]
        kinds = [w for w in words if w in KINDS]
        other = [w for w in words if w not in STREETS + PLAYERS + KINDS and w != "all"]
        if other or not words or len(streets) > 1 or len(players) > 1 or len(kinds) > 1:
            raise ConfigError(f"{name}: key {key!r} must name at most one street (flop, turn, river), one player "
                              "(oop, ip) and one kind (bet, raise, donk), or be 'all'")
        if kinds == ["donk"] and (players == ["ip"] or streets == ["flop"]):
            raise ConfigError(f"{name}: key {key!r}: donk bets are OOP's, on the turn or the river")
        label = f"{name}[{key!r}]"
        parsed = {kind: parse_size_list(text, label, raises=kind == "raise") for kind in (kinds or ["bet", "raise"])}
        ranked.append((len(streets) + len(players) + len(kinds), order, streets or list(STREETS),
                       players or list(PLAYERS), parsed))
    table: dict[tuple[str, str, str], tuple[Size, ...]] = {}
    for street in STREETS:
        for player in PLAYERS:
            table[(street, player, "bet")] = ()
            table[(street, player, "raise")] = ()
    for _, _, streets, players, parsed in sorted(ranked, key=lambda r: (r[0], r[1])):
        for kind, vals in parsed.items():
            for street in streets:
                for player in players:
                    if kind == "donk" and (player == "ip" or street == "flop"):
                        continue
                    table[(street, player, kind)] = vals
    return BetSizes(tuple(sorted(table.items())))


@dataclass(frozen=True)
class TreeConfig:
    """Everything the betting tree depends on (not the cards): the pot and effective stack
    (chips), the street the tree starts on (``n_board``: 3, 4 or 5 cards), the sizes, the
    all-in thresholds, the rake, and the edits made through :class:`Tree`.

    ``add_allin``: an all-in is added when the stack left is at most this times the pot;
    ``force_allin``: a bet becomes the all-in when the SPR after a call of it would be at most
    this; ``merging``: sizes within this fraction of the pot of each other merge into the
    larger. ``rake``: the rate taken from the pot at every fold and showdown (as
    postflop-solver: ``min(pot * rake, rake_cap)``, the pot being both players' contributions,
    taken from the winner's share; a tie splits it).

    Examples
    --------
    >>> TreeConfig(60, 370, 3, parse_sizes("50%")).add_allin
    1.5
    """

    pot: int
    stack: int
    n_board: int
    sizes: BetSizes
    add_allin: float = 1.5
    force_allin: float = 0.15
    merging: float = 0.1
    rake: float = 0.0
    rake_cap: float = math.inf
    edits: tuple[tuple[str, tuple[str, ...], str], ...] = ()

    def rake_of(self, contribution: float) -> float:
        """The rake taken at a terminal where each player has put ``contribution`` in the pot."""
        return min(2.0 * contribution * self.rake, self.rake_cap) if self.rake > 0 else 0.0


@dataclass
class Info:
    """The betting state at an action node (postflop-solver's build info) and its action path."""

    prev: int  # last action kind (-1 none, -2 chance)
    num_bets: int
    allin: bool
    stack: tuple[int, int]
    prev_amount: int
    oop_call: bool = False  # the last street closed with OOP calling (a donk bet is possible)
    path: tuple[str, ...] = ()


def root_info(cfg: TreeConfig) -> Info:
    """The state at the root."""
    return Info(-1, 0, False, (cfg.stack, cfg.stack), 0)


def label(kind: int, a: int) -> str:
    """An action's label: ``"check"``, ``"bet 30"``, ``"allin 370"``."""
    return NAMES[kind] if kind in (FOLD, CHECK, CALL) else f"{NAMES[kind]} {a}"


def _amount(size: Size, pot: int, prev_amount: int, spr: float, remaining: int, num_bets: int, raising: bool,
            max_amount: int) -> tuple[int, int]:
    if size.kind == "allin":
        return ALLIN, max_amount
    kind = RAISE if raising else BET
    base = prev_amount if raising else 0
    if size.kind == "pot":
        return kind, base + _round(pot * size.value)
    if size.kind == "last":
        return kind, _round(prev_amount * size.value)
    if size.kind == "chips":
        return kind, base + int(size.value)
    n = size.streets or remaining
    if raising:
        n = max(n - num_bets + 1, 1)
    ratio = ((2.0 * spr + 1.0) ** (1.0 / n) - 1.0) / 2.0
    return kind, base + _round(pot * min(ratio, size.cap))


def actions(cfg: TreeConfig, n_board: int, player: int, amount: int, info: Info) -> list[tuple[int, int]]:
    """The (kind, street amount) actions at a node, as postflop-solver builds them, then the
    edits of ``cfg`` at this node's action path."""
    opp = player ^ 1
    player_stack, opponent_stack = info.stack[player], info.stack[opp]
    prev_amount = info.prev_amount
    to_call = player_stack - opponent_stack
    pot = cfg.pot + 2 * (amount + to_call)
    max_amount = opponent_stack + prev_amount
    min_amount = min(max(prev_amount + to_call, 1), max_amount)
    spr = opponent_stack / pot
    street = STREETS[n_board - 3]
    remaining = 6 - n_board
    who = PLAYERS[player]
    acts: list[tuple[int, int]] = []
    if info.prev in (-1, -2, CHECK):
        acts.append((CHECK, 0))
        donk = cfg.sizes.get(street, who, "donk") if info.prev == -2 and info.oop_call else None
        for s in (donk if donk is not None else cfg.sizes.get(street, who, "bet") or ()):
            acts.append(_amount(s, pot, prev_amount, spr, remaining, info.num_bets, False, max_amount))
        if max_amount <= _round(pot * cfg.add_allin):
            acts.append((ALLIN, max_amount))
    else:
        acts += [(FOLD, 0), (CALL, 0)]
        if not info.allin:
            for s in cfg.sizes.get(street, who, "raise") or ():
                acts.append(_amount(s, pot, prev_amount, spr, remaining, info.num_bets, True, max_amount))
            if max_amount <= prev_amount + _round(pot * cfg.add_allin):
                acts.append((ALLIN, max_amount))

    def above(a: int) -> bool:
        new_pot = pot + 2 * (a - prev_amount)
        return max_amount <= a + _round(new_pot * cfg.force_allin)

    clamped: list[tuple[int, int]] = []
    for kind, a in acts:
        if kind in (BET, RAISE):
            c = min(max(a, min_amount), max_amount)
            clamped.append((ALLIN, max_amount) if above(c) else (kind, c))
        else:
            clamped.append((kind, a))
    acts = sorted(set(clamped))
    # merge close sizes, from the largest down
    out: list[tuple[int, int]] = []
    cur = 2**31 - 1
    for kind, a in reversed(acts):
        if kind in (BET, RAISE, ALLIN):
            ratio = (a - prev_amount) / pot
            cur_ratio = (cur - prev_amount) / pot
            threshold = (cur_ratio - cfg.merging) / (1.0 + cfg.merging)
            if ratio < threshold * (1.0 - 1e-12):
                out.append((kind, a))
                cur = a
        else:
            out.append((kind, a))
    out.reverse()
    for op, path, lab in cfg.edits:
        if path != info.path:
            continue
        if op == "remove":
            out = [x for x in out if label(*x) != lab]
        else:
            verb, chips = lab.split()
            out = sorted({*out, ({"bet": BET, "raise": RAISE, "allin": ALLIN}[verb], int(chips))})
    return out


def next_info(info: Info, player: int, kind: int, a: int) -> Info:
    """The state after ``player`` takes action (kind, a)."""
    stack = list(info.stack)
    num_bets, allin, prev_amount, oop_call = info.num_bets, info.allin, info.prev_amount, info.oop_call
    if kind == CHECK:
        oop_call = False
    elif kind == CALL:
        num_bets = 0
        oop_call = player == 0
        stack[player] = stack[player ^ 1]
        prev_amount = 0
    elif kind in (BET, RAISE, ALLIN):
        to_call = stack[player] - stack[player ^ 1]
        num_bets += 1
        allin = kind == ALLIN
        stack[player] -= a - prev_amount + to_call
        prev_amount = a
    return Info(kind, num_bets, allin, (stack[0], stack[1]), prev_amount, oop_call, (*info.path, label(kind, a)))


_CARD = re.compile(r"^[2-9tjqka][cdhs]$", re.IGNORECASE)


@dataclass
class _At:
    """A node of the betting tree reached by a path: None fields at a terminal."""

    n_board: int
    player: int
    amount: int
    info: Info
    acts: list[tuple[int, int]] = field(default_factory=list)


class Tree:
    """A betting tree to inspect and edit before solving; pass it as ``fh.solve(..., tree=)``.

    Paths are action labels from the root, as :meth:`fastholdem.solver.Solution.node` walks
    them (``"check"``, ``"bet 30"`` or ``"bet 50%"``, ``"call"``, ``"raise 90"``,
    ``"allin 370"``); dealt cards (``"Qc"``) may appear and are skipped: the betting tree is
    the same after every card, so an edit applies on every runout.

    Examples
    --------
    >>> t = build_tree("Td9d6h", pot=60, stack=370, sizes="50%")
    >>> t.remove("bet 30", "raise 90")        # IP never raises the flop bet
    >>> t.add_size("check", size="100%")       # IP may also bet pot after a check
    >>> t.actions("bet 30"), t.actions("check")
    (('fold', 'call'), ('check', 'bet 30', 'bet 60'))
    """

    def __init__(self, config: TreeConfig) -> None:
        self._config = config

    @property
    def config(self) -> TreeConfig:
        """The tree's settings, edits included (frozen)."""
        return self._config

    def __repr__(self) -> str:
        c = self._config
        return f"Tree(pot={c.pot}, stack={c.stack}, street={STREETS[c.n_board - 3]!r}, edits={len(c.edits)})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tree) and other._config == self._config

    __hash__ = None  # type: ignore[assignment]

    def _walk(self, path: tuple[str, ...], name: str = "path") -> tuple[tuple[str, ...], _At | None]:
        cfg = self._config
        at: _At | None = _At(cfg.n_board, 0, 0, root_info(cfg))
        done: list[str] = []
        for step in path:
            if not isinstance(step, str):
                raise InputTypeError(f"{name}: actions must be text such as 'check' or 'bet 30', got "
                                     f"{type(step).__name__}")
            if _CARD.match(step.strip()):
                continue
            if at is None:
                raise ConfigError(f"{name}: {' / '.join(done)} ends the hand; {step!r} cannot follow")
            at.acts = actions(cfg, at.n_board, at.player, at.amount, at.info)
            labels = [label(*a) for a in at.acts]
            want = self._resolve(at, step, labels)
            if want not in labels:
                raise ConfigError(f"{name}: {step!r} is not an action at {' / '.join(done) or 'the root'}: "
                                  f"choose from {', '.join(labels)}")
            kind, a = at.acts[labels.index(want)]
            done.append(want)
            at = self._after(at, kind, a)
        if at is not None:
            at.acts = actions(cfg, at.n_board, at.player, at.amount, at.info)
        return tuple(done), at

    @staticmethod
    def _after(at: _At, kind: int, a: int) -> _At | None:
        to_call = at.info.stack[at.player] - at.info.stack[at.player ^ 1]
        nxt = next_info(at.info, at.player, kind, a)
        if kind == FOLD:
            return None
        if kind == CHECK and at.player == 0:
            return _At(at.n_board, 1, at.amount, nxt)
        if kind in (CHECK, CALL):
            if at.n_board == 5 or nxt.allin:
                return None
            amount = at.amount + (to_call if kind == CALL else 0)
            return _At(at.n_board + 1, 0, amount, replace(nxt, prev=-2))
        return _At(at.n_board, at.player ^ 1, at.amount + to_call, nxt)

    def _resolve(self, at: _At, step: str, labels: list[str]) -> str:
        s = " ".join(step.strip().lower().split())
        if s.endswith("%") and " " in s:
            verb, pct = s.split(" ", 1)
            try:
                frac = float(pct[:-1]) / 100.0
            except ValueError:
                return s
            to_call = at.info.stack[at.player] - at.info.stack[at.player ^ 1]
            pot = self._config.pot + 2 * (at.amount + to_call)
            target = (at.info.prev_amount if verb == "raise" else 0) + frac * pot
            bets = [(abs(int(lab.split()[1]) - target), lab) for lab in labels if lab.split()[0] == verb]
            if bets and min(bets)[0] <= 0.1 * pot + 1:
                return min(bets)[1]
        if s in ("bet", "raise", "allin"):
            found = [lab for lab in labels if lab.split()[0] == s]
            if len(found) == 1:
                return found[0]
        return s

    def actions(self, *path: str) -> tuple[str, ...]:
        """The action labels at the node reached by ``path`` (empty at a terminal).

        Examples
        --------
        >>> build_tree("Td9d6hQc3s", pot=60, stack=370, sizes="50%, a").actions("bet 30")
        ('fold', 'call', 'raise 90', 'allin 370')
        """
        _, at = self._walk(_path(path))
        return tuple(label(*a) for a in at.acts) if at is not None else ()

    def remove(self, *path: str) -> None:
        """Remove the last action of ``path`` (and the branch under it) from the tree.

        Examples
        --------
        >>> t = build_tree("Td9d6hQc3s", pot=60, stack=370, sizes="50%")
        >>> t.remove("check")
        >>> t.actions()
        ('bet 30',)
        """
        p = _path(path)
        if not p:
            raise ConfigError("path: name the action to remove, e.g. remove('check', 'bet 30')")
        where, at = self._walk(p[:-1])
        if at is None:
            raise ConfigError(f"path: {' / '.join(where)} ends the hand; there is nothing to remove")
        labels = [label(*a) for a in at.acts]
        want = self._resolve(at, p[-1], labels)
        if want not in labels:
            raise ConfigError(f"path: {p[-1]!r} is not an action at {' / '.join(where) or 'the root'}: "
                              f"choose from {', '.join(labels)}")
        if len(labels) == 1:
            raise ConfigError(f"path: {want!r} is the only action at {' / '.join(where) or 'the root'}; "
                              "a node needs at least one")
        self._config = replace(self._config, edits=(*self._config.edits, ("remove", where, want)))

    def add_size(self, *path: str, size: str) -> None:
        """Add one bet or raise ``size`` (the size grammar: ``"75%"``, ``"2.5x"``, ``"40c"``,
        ``"e"``, ``"a"``) at the node reached by ``path``. The size is clamped to the legal
        amounts (a bet of the whole stack is the all-in) but never merged or forced all-in.

        Examples
        --------
        >>> t = build_tree("Td9d6hQc3s", pot=60, stack=370, sizes="50%")
        >>> t.add_size("check", "bet 30", size="4x")
        >>> t.actions("check", "bet 30")
        ('fold', 'call', 'raise 90', 'raise 120')
        >>> t.add_size(size="2e")   # geometric over 2 streets: 60 * ((2 * 370/60 + 1) ** 0.5 - 1) / 2
        >>> t.actions()
        ('check', 'bet 30', 'bet 80')
        """
        where, at = self._walk(_path(path))
        if at is None:
            raise ConfigError(f"path: {' / '.join(where)} ends the hand; no size can be added there")
        info = at.info
        raising = info.prev not in (-1, -2, CHECK)
        if raising and info.allin:
            raise ConfigError(f"path: at {' / '.join(where)} the player faces an all-in; no raise can be added")
        parsed = parse_size_list(size, "size", raises=raising)
        if len(parsed) != 1:
            raise ConfigError(f"size: give one size, got {size!r}")
        player_stack, opponent_stack = info.stack[at.player], info.stack[at.player ^ 1]
        to_call = player_stack - opponent_stack
        pot = self._config.pot + 2 * (at.amount + to_call)
        max_amount = opponent_stack + info.prev_amount
        min_amount = min(max(info.prev_amount + to_call, 1), max_amount)
        kind, a = _amount(parsed[0], pot, info.prev_amount, opponent_stack / pot, 6 - at.n_board, info.num_bets,
                          raising, max_amount)
        a = min(max(a, min_amount), max_amount)
        if a == max_amount:
            kind = ALLIN
        lab = label(kind, a)
        if lab in [label(*x) for x in at.acts]:
            raise ConfigError(f"size: {size!r} is {lab!r}, already an action at {' / '.join(where) or 'the root'}")
        self._config = replace(self._config, edits=(*self._config.edits, ("add", where, lab)))


def _path(path: tuple[object, ...]) -> tuple[str, ...]:
    """``f("check", "bet 30")`` or ``f(["check", "bet 30"])``."""
    if len(path) == 1 and isinstance(path[0], (list, tuple)):
        return tuple(path[0])
    return path  # type: ignore[return-value]


def check_chips(pot: object, stack: object) -> tuple[int, int]:
    """Check the pot and the stack: whole numbers of chips, 1 to 10,000,000."""
    out = []
    for name, v in (("pot", pot), ("stack", stack)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
            raise InputTypeError(f"{name} must be a whole number of chips, got {type(v).__name__}")
        if not 1 <= int(v) <= 10**7:
            raise InputError(f"{name} must be 1..10,000,000 chips, got {v}")
        out.append(int(v))
    return out[0], out[1]


def _number(v: object, name: str, low: float, high: float = math.inf) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not (low <= v <= high):
        raise ConfigError(f"{name} must be a number in [{low:g}, {high:g}], got {v!r}")
    return float(v)


def tree_config(n_board: int, pot: int, stack: int, sizes: object = "50%", *, add_allin: object = 1.5,
                force_allin: object = 0.15, merging: object = 0.1, rake: object = 0.0,
                rake_cap: object = None) -> TreeConfig:
    """Check the tree settings (pot and stack already checked) into a :class:`TreeConfig`."""
    cap = math.inf if rake_cap is None else _number(rake_cap, "rake_cap", 0.0)
    return TreeConfig(pot, stack, n_board, parse_sizes(sizes),  # type: ignore[arg-type]
                      _number(add_allin, "add_allin", 0.0), _number(force_allin, "force_allin", 0.0),
                      _number(merging, "merging", 0.0), _number(rake, "rake", 0.0, 1.0), cap)


def build_tree(board: str | Sequence[int] | int, *, pot: int, stack: int,
               sizes: str | Sequence[str] | Mapping[str, str] | BetSizes = "50%", add_allin: float = 1.5,
               force_allin: float = 0.15, merging: float = 0.1, rake: float = 0.0,
               rake_cap: float | None = None) -> Tree:
    """The betting tree of a spot, to inspect and edit before ``fh.solve(..., tree=tree)``.

    Parameters
    ----------
    board : str, list of int or int
        The board (only its number of cards matters: the street the tree starts on), or that
        number (3, 4 or 5).
    pot, stack : int
        The pot at the root and the effective stack behind, in chips.
    sizes : str, list of str, dict or BetSizes
        Bet, raise and donk sizes (see :func:`parse_sizes` and :mod:`fastholdem.solver.tree`).
    add_allin : float
        Add an all-in when the stack left is at most this times the pot (postflop-solver: 1.5).
    force_allin : float
        A size becomes the all-in when the SPR after a call of it would be at most this (0.15).
    merging : float
        Merge sizes within this fraction of the pot of each other into the larger (0.1).
    rake, rake_cap : float
        The rake rate (0 to 1) taken from the pot at every fold and showdown, and its cap in
        chips (None: no cap), as postflop-solver takes it.

    Returns
    -------
    Tree

    Examples
    --------
    >>> t = build_tree("flop", pot=60, stack=370, sizes={"bet": "e", "raise": "a"})
    >>> t.actions(), t.actions("bet 41")   # 41 = 60 * ((2 * 370/60 + 1) ** (1/3) - 1) / 2
    (('check', 'bet 41'), ('fold', 'call', 'allin 370'))
    """
    if isinstance(board, int) and not isinstance(board, bool):
        n = board
    elif isinstance(board, str) and board.lower() in STREETS:
        n = 3 + STREETS.index(board.lower())
    else:
        n = len(parse_cards(board))  # type: ignore[arg-type]
    if n not in (3, 4, 5):
        raise ConfigError(f"board must have 3, 4 or 5 cards, got {n}")
    p, s = check_chips(pot, stack)
    return Tree(tree_config(n, p, s, sizes, add_allin=add_allin, force_allin=force_allin, merging=merging,
                            rake=rake, rake_cap=rake_cap))
