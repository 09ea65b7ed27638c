"""Buy-in policy of a table (R11): the same minimum and maximum for every seat.

The seed's fixed-limit rule: the minimum buy-in is 20 x the big bet for stakes of 0.15/0.25 or
lower and 10 x the big bet otherwise. Amounts are exact (``Decimal`` in, ``Decimal`` out).

>>> from decimal import Decimal
>>> minimum_buy_in(Decimal("0.25")), minimum_buy_in(6), minimum_buy_in(20)
(Decimal('5.00'), 60, 200)
>>> policy = BuyInPolicy.for_config(GameConfig(Structure.LIMIT, small_blind=1, big_blind=3))
>>> policy.minimum, policy.maximum
(60, 600)
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Union

from .._validate import echo
from ..errors import ConfigError
from .config import GameConfig, Structure

__all__ = ["BuyInPolicy", "minimum_buy_in", "LOW_STAKES_BIG_BET"]

Number = Union[int, Decimal]

LOW_STAKES_BIG_BET = Decimal("0.25")
"""Fixed-limit stakes whose big bet is at most this (0.15/0.25 or lower) use 20 x the big bet."""


def minimum_buy_in(big_bet: Number) -> Number:
    """The R11 minimum buy-in of a fixed-limit game, in the unit of ``big_bet``.

    Parameters
    ----------
    big_bet:
        The higher limit of the stakes (the ``6`` of 3/6), as an ``int`` or exact ``Decimal``.

    Returns
    -------
    int or Decimal
        ``20 * big_bet`` when ``big_bet <= 0.25``, else ``10 * big_bet``; same type as the input.

    Raises
    ------
    ConfigError
        If ``big_bet`` is not a positive int or Decimal (floats are refused: not exact).

    Examples
    --------
    >>> minimum_buy_in(Decimal("0.25")) == 5, minimum_buy_in(Decimal("0.10")) == 2
    (True, True)
    """
    if isinstance(big_bet, bool) or not isinstance(big_bet, (int, Decimal)) or big_bet <= 0:
        raise ConfigError(f"big bet must be a positive int or Decimal, got {echo(big_bet)}")
    return (20 if big_bet <= LOW_STAKES_BIG_BET else 10) * big_bet


def _units(chips: int, scale: int) -> Number:
    if scale == 1:
        return chips
    value = Decimal(chips) / scale
    return value.to_integral_value() if value == value.to_integral_value() else value


@dataclass(frozen=True, slots=True)
class BuyInPolicy:
    """Minimum and maximum buy-in in chips, the same for every seat (R11).

    Attributes
    ----------
    minimum:
        Smallest buy-in (positive chips).
    maximum:
        Largest buy-in, or ``None`` for no maximum.
    scale:
        Chips per display unit, for messages (``scale=100`` shows 499 chips as 4.99).

    Raises
    ------
    ConfigError
        On a non-positive minimum or a maximum below the minimum.

    Examples
    --------
    >>> BuyInPolicy(40, 200).check(30)
    Traceback (most recent call last):
    ...
    fastholdem.errors.ConfigError: buy-in 30 is below the minimum: the allowed buy-in is 40 to 200
    """

    minimum: int
    maximum: int | None = None
    scale: int = 1

    def __post_init__(self) -> None:
        for name in ("minimum", "scale"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
                raise ConfigError(f"buy-in {name} must be a positive integer, got {echo(v)}")
        mx = self.maximum
        if mx is not None and (isinstance(mx, bool) or not isinstance(mx, int) or mx < self.minimum):
            raise ConfigError(f"buy-in maximum must be an integer of at least {self.minimum}, got {echo(mx)}")

    @classmethod
    def for_config(cls, config: GameConfig, scale: int = 1) -> BuyInPolicy:
        """The default policy of a game.

        Fixed limit (R11): minimum 20 x the big bet for stakes 0.15/0.25 or lower (in units of
        ``scale`` chips), else 10 x the big bet; maximum 100 x the big bet. No limit and pot
        limit (the seeds are silent; common online practice): 20 to 100 big blinds.

        >>> BuyInPolicy.for_config(GameConfig(Structure.LIMIT, 10, 15, big_bet=25), scale=100)
        BuyInPolicy(minimum=500, maximum=2500, scale=100)
        """
        if config.structure is Structure.LIMIT:
            big_bet = config.bet_sizes[2]
            low = Decimal(big_bet) / scale <= LOW_STAKES_BIG_BET
            return cls((20 if low else 10) * big_bet, 100 * big_bet, scale)
        return cls(20 * config.big_blind, 100 * config.big_blind, scale)

    @classmethod
    def unrestricted(cls, scale: int = 1) -> BuyInPolicy:
        """Any positive buy-in (for simulations and home games).

        >>> BuyInPolicy.unrestricted().allowed
        'at least 1'
        """
        return cls(1, None, scale)

    @property
    def allowed(self) -> str:
        """The allowed range as text, in display units."""
        lo = _units(self.minimum, self.scale)
        if self.maximum is None:
            return f"at least {lo}"
        return f"{lo} to {_units(self.maximum, self.scale)}"

    def check(self, amount: int) -> None:
        """Raise ``ConfigError`` unless ``amount`` chips is an allowed buy-in.

        The message states the allowed range, e.g. "the allowed buy-in is 5 to 25".
        """
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise ConfigError(f"buy-in must be an integer number of chips, got {echo(amount)}")
        shown = _units(amount, self.scale)
        if amount < self.minimum:
            raise ConfigError(f"buy-in {shown} is below the minimum: the allowed buy-in is {self.allowed}")
        if self.maximum is not None and amount > self.maximum:
            raise ConfigError(f"buy-in {shown} is above the maximum: the allowed buy-in is {self.allowed}")
