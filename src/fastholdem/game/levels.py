"""Tournament levels (R17): blinds and antes that rise after a number of hands.

>>> schedule = [Level(10, 20, hands=2), Level(20, 40, ante=5, hands=2), Level(50, 100, ante=10)]
>>> [level_at(schedule, k).big_blind for k in range(6)]
[20, 20, 40, 40, 100, 100]
>>> level_config(GameConfig(), schedule[1]).ante_mode.value
'every-player'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .._validate import echo
from ..errors import ConfigError
from .config import AnteMode, GameConfig

__all__ = ["Level", "level_at", "level_config", "check_schedule"]


@dataclass(frozen=True, slots=True)
class Level:
    """One level of a tournament schedule (R17).

    Attributes
    ----------
    small_blind, big_blind, ante:
        Forced bets during the level, in chips.
    hands:
        Hands played at this level before the next one starts; ``None`` on the last level means
        it lasts until the end. (Levels measured in minutes are not modelled: a simulated table
        has no clock; convert minutes to hands.)
    ante_mode:
        How the ante is posted; ``None`` keeps the table's mode, or ``EVERY_PLAYER`` when the
        table has none.

    Examples
    --------
    >>> Level(25, 50, ante=50, ante_mode=AnteMode.BIG_BLIND, hands=30).hands
    30
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    hands: int | None = None
    ante_mode: AnteMode | None = None

    def __post_init__(self) -> None:
        if self.hands is not None and (
            isinstance(self.hands, bool) or not isinstance(self.hands, int) or self.hands <= 0
        ):
            raise ConfigError(f"a level lasts a positive number of hands, got {echo(self.hands)}")
        if self.small_blind > self.big_blind:
            raise ConfigError(f"level small blind {self.small_blind} exceeds big blind {self.big_blind}")


def check_schedule(levels: Sequence[Level]) -> tuple[Level, ...]:
    """Validate a schedule: at least one level, every level but the last has a hand count.

    >>> len(check_schedule([Level(1, 2, hands=10), Level(2, 4)]))
    2
    >>> check_schedule([Level(1, 2), Level(2, 4)])
    Traceback (most recent call last):
    ...
    fastholdem.errors.ConfigError: level 1 has no hand count but is not the last level

    Raises
    ------
    ConfigError
        On an empty schedule, a non-``Level`` entry, or an open-ended level before the last.
    """
    schedule = tuple(levels)
    if not schedule:
        raise ConfigError("a tournament needs at least one level")
    for k, level in enumerate(schedule):
        if not isinstance(level, Level):
            raise ConfigError(f"level {k + 1} must be a Level, got {echo(level)}")
        if level.hands is None and k != len(schedule) - 1:
            raise ConfigError(f"level {k + 1} has no hand count but is not the last level")
    return schedule


def level_at(levels: Sequence[Level], hands_played: int) -> Level:
    """The level in force after ``hands_played`` hands; the last level never ends.

    >>> level_at([Level(1, 2, hands=10), Level(2, 4)], 10)
    Level(small_blind=2, big_blind=4, ante=0, hands=None, ante_mode=None)
    """
    left = hands_played
    for level in levels:
        if level.hands is None or left < level.hands:
            return level
        left -= level.hands
    return levels[-1]


def level_config(base: GameConfig, level: Level) -> GameConfig:
    """``base`` with the level's blinds and ante; fixed-limit bets follow the big blind (R14).

    Every other setting of ``base`` (structure, cap rules) is kept.

    >>> from fastholdem.game import Structure
    >>> cfg = level_config(GameConfig(Structure.LIMIT, 1, 2), Level(5, 10, ante=1))
    >>> cfg.big_blind, cfg.bet_sizes, cfg.ante_mode.name
    (10, (10, 10, 20, 20), 'EVERY_PLAYER')

    Raises
    ------
    ConfigError
        If the level's chip amounts are invalid.
    """
    mode = AnteMode.NONE
    if level.ante:
        mode = level.ante_mode or (
            base.ante_mode if base.ante_mode is not AnteMode.NONE else AnteMode.EVERY_PLAYER
        )
    return GameConfig(
        structure=base.structure,
        small_blind=level.small_blind,
        big_blind=level.big_blind,
        ante=level.ante,
        ante_mode=mode,
        bet_cap=base.bet_cap,
        cap_heads_up=base.cap_heads_up,
        uncapped_river=base.uncapped_river,
        half_bet_reopens=base.half_bet_reopens,
    )
