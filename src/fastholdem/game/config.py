"""Game configuration: betting structure, stakes, antes and the fixed-limit cap (R14, R16, R26-R29, R40).

>>> cfg = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
>>> cfg.min_bet, cfg.structure.value
(2, 'no-limit')
>>> GameConfig(Structure.LIMIT, small_blind=1, big_blind=2).bet_sizes
(2, 2, 4, 4)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .._validate import check_bool, echo
from ..errors import ConfigError

__all__ = ["Structure", "AnteMode", "GameConfig", "CONVENTIONS"]

#: The named rule conventions (docs/rules.md, "Conventions"): ``"card-room"`` is the default
#: rule set; ``"pokerkit"`` plays as pokerkit 0.7.7, the PHH reference implementation, so that
#: hand histories it wrote replay to its exact stacks.
CONVENTIONS = ("card-room", "pokerkit")


class Structure(enum.Enum):
    """Betting structure (R40): fixed limit (R26), pot limit (R28) or no limit (R27).

    >>> from fastholdem.game import Hand
    >>> [Hand(GameConfig(s, 1, 2), [100] * 3, seed=1).legal_actions().max_to for s in Structure]
    [4, 7, 100]
    """

    LIMIT = "limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"


class AnteMode(enum.Enum):
    """How antes are posted (R16).

    ``EVERY_PLAYER`` antes count as each player's contribution when pots are layered (R35), so a
    player all-in on a short ante wins at most what they put in from each opponent.
    ``BIG_BLIND`` is the modern tournament table ante: the big blind alone posts it, and it is
    dead money that goes to the main pot, contested by every player still in the hand.

    >>> from fastholdem.game import Hand
    >>> cfg = GameConfig(Structure.NO_LIMIT, 1, 2, ante=2, ante_mode=AnteMode.BIG_BLIND)
    >>> Hand(cfg, [100] * 3, seed=1).pot_total          # blinds 1 + 2, the big blind's ante 2
    5
    """

    NONE = "none"
    EVERY_PLAYER = "every-player"
    BIG_BLIND = "big-blind"


def _check_chips(name: str, value: object, *, positive: bool) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{name} must be an integer number of chips, got {echo(value)}")
    if value < 0 or (positive and value == 0):
        raise ConfigError(f"{name} must be {'positive' if positive else 'non-negative'}, got {value}")


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Rules and stakes of one hold'em game. Frozen and hashable.

    Parameters
    ----------
    structure:
        ``Structure.LIMIT``, ``POT_LIMIT`` or ``NO_LIMIT`` (R40).
    small_blind, big_blind:
        Blind sizes in chips (R14). The small blind may be any non-negative amount.
    ante:
        Ante size in chips; with ``ante_mode`` ``NONE`` it must be 0. Giving a positive ante
        without a mode means ``EVERY_PLAYER``.
    ante_mode:
        ``AnteMode.NONE``, ``EVERY_PLAYER`` or ``BIG_BLIND`` (R16).
    min_bet:
        No-limit and pot-limit minimum bet and minimum raise increment (R27); defaults to the
        big blind.
    small_bet, big_bet:
        Fixed-limit bet sizes (R26): the small bet on preflop and flop, the big bet on turn and
        river. Default: ``big_blind`` and ``2 * small_bet``.
    bet_cap:
        Fixed limit: the most bets per round, counting the opening bet (preflop the big blind)
        and every full raise. Default 4: one bet and three raises. ``None`` means no cap.
    cap_heads_up:
        Whether the cap still applies when only two players remain in the hand. Default
        ``False``: the cap is lifted heads-up (R26, seed ``001``).
    uncapped_river:
        Lift the cap on the river (the ``002`` variant of R26). Default ``False``.
    half_bet_reopens:
        Fixed limit: the older convention of R29 where an all-in of at least half a bet counts
        as a full raise (it reopens the betting and counts toward the cap). Default ``False``.
    conventions:
        ``"card-room"`` (the default: docs/rules.md as written) or ``"pokerkit"`` (pokerkit
        0.7.7's rules: calls and raises against short blinds from what was posted, every
        player who starts a round in it acts, a pot's odd chips to one winner, and its own
        raise counting; see docs/rules.md, "Conventions"). Under ``"pokerkit"`` the fixed-limit
        cap counts every bet and raise of the round (all-in ones too, not the big blind) and
        applies heads-up as well, so ``cap_heads_up`` is not consulted and ``uncapped_river``
        and ``half_bet_reopens`` must stay ``False``.

    Raises
    ------
    ConfigError
        On non-integer or negative chip amounts, or inconsistent ante settings.
    TypeError
        If ``cap_heads_up``, ``uncapped_river`` or ``half_bet_reopens`` is not a bool
        (``"no"`` and ``1`` are refused: a truthy stand-in is not a yes).

    Examples
    --------
    >>> GameConfig(Structure.NO_LIMIT, 50, 100, ante=100, ante_mode=AnteMode.BIG_BLIND).ante
    100
    """

    structure: Structure = Structure.NO_LIMIT
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    ante_mode: AnteMode = AnteMode.NONE
    min_bet: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    bet_cap: int | None = 4
    cap_heads_up: bool = False
    uncapped_river: bool = False
    half_bet_reopens: bool = False
    conventions: str = "card-room"
    bet_sizes: tuple[int, int, int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.structure, Structure):
            raise ConfigError(f"structure must be a Structure, got {echo(self.structure)}")
        if not isinstance(self.ante_mode, AnteMode):
            raise ConfigError(f"ante_mode must be an AnteMode, got {echo(self.ante_mode)}")
        if self.conventions not in CONVENTIONS:
            raise ConfigError(
                f"conventions must be one of {', '.join(map(repr, CONVENTIONS))}, got {echo(self.conventions)}"
            )
        if self.conventions == "pokerkit" and (self.uncapped_river or self.half_bet_reopens):
            raise ConfigError("uncapped_river and half_bet_reopens are card-room options, not pokerkit's")
        _check_chips("small_blind", self.small_blind, positive=False)
        _check_chips("big_blind", self.big_blind, positive=True)
        _check_chips("ante", self.ante, positive=False)
        if self.ante and self.ante_mode is AnteMode.NONE:
            object.__setattr__(self, "ante_mode", AnteMode.EVERY_PLAYER)
        if self.ante == 0 and self.ante_mode is not AnteMode.NONE:
            raise ConfigError(f"ante_mode {self.ante_mode.value} needs a positive ante")
        if self.min_bet is None:
            object.__setattr__(self, "min_bet", self.big_blind)
        _check_chips("min_bet", self.min_bet, positive=True)
        if self.small_bet is None:
            object.__setattr__(self, "small_bet", self.big_blind)
        _check_chips("small_bet", self.small_bet, positive=True)
        if self.big_bet is None:
            object.__setattr__(self, "big_bet", 2 * self.small_bet)  # type: ignore[operator]
        _check_chips("big_bet", self.big_bet, positive=True)
        if self.bet_cap is not None:
            _check_chips("bet_cap", self.bet_cap, positive=True)
        for flag in ("cap_heads_up", "uncapped_river", "half_bet_reopens"):
            object.__setattr__(self, flag, check_bool(getattr(self, flag), flag))
        sb, bb = self.small_bet, self.big_bet
        assert sb is not None and bb is not None
        object.__setattr__(self, "bet_sizes", (sb, sb, bb, bb))

    @property
    def pokerkit(self) -> bool:
        """True under the ``"pokerkit"`` conventions."""
        return self.conventions == "pokerkit"

    @property
    def is_limit(self) -> bool:
        """True for fixed limit."""
        return self.structure is Structure.LIMIT
