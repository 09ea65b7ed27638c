"""fastholdem: a fast, exact Texas hold'em hand evaluator, equity engine and game engine."""

from __future__ import annotations

from .cards import Deck, card, card_str, cards_mask, cards_str, parse_cards
from .errors import (
    BadAmountError,
    CardError,
    ConfigError,
    FastHoldemError,
    HandHistoryError,
    IllegalActionError,
    InvalidActionError,
    OutOfTurnError,
    RangeError,
)
from .ranges import Range

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "Deck",
    "card",
    "card_str",
    "cards_mask",
    "cards_str",
    "parse_cards",
    "Range",
    "BadAmountError",
    "CardError",
    "ConfigError",
    "FastHoldemError",
    "HandHistoryError",
    "IllegalActionError",
    "InvalidActionError",
    "OutOfTurnError",
    "RangeError",
]

from . import game, phh  # noqa: E402  (the game layer and PHH hand histories)
from .game import GameConfig, Hand, Structure  # noqa: E402

__all__ += ["game", "phh", "GameConfig", "Hand", "Structure"]
