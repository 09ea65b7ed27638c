"""fastholdem: a fast, exact Texas hold'em hand evaluator, equity engine and game engine.

>>> import fastholdem as fh
>>> fh.evaluate("As Ks Qs Js Ts 2c 3d"), fh.card("As"), fh.card_str(51)
(7462, 51, 'As')

The game layer (``fastholdem.game``) and hand histories (``fastholdem.phh``) load on first
use, so that ``import fastholdem`` stays fast.
"""

from __future__ import annotations

import importlib
from typing import Any

from .cards import Deck, card, card_str, cards_mask, cards_str, parse_cards
from .dealer import deal
from .equity import EquityJob, EquityResult, EquityTally, equity, equity_batch, equity_job, hand_strength
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
from .evaluate import (
    HandCategory,
    best_five,
    category,
    categories,
    category_counts,
    describe,
    describe_many,
    enumerate_values,
    evaluate,
    evaluate_batch,
)
from .outs import NextCardResult, next_card
from .preflop import preflop_matrix, preflop_vs_random
from .ranges import Range

__version__ = "0.1.0"

_LAZY_MODULES = {"game", "phh"}
_LAZY_GAME_NAMES = {"GameConfig", "Hand", "Structure", "Table"}

__all__ = [
    "__version__",
    "Deck",
    "card",
    "card_str",
    "cards_mask",
    "cards_str",
    "parse_cards",
    "deal",
    "Range",
    "HandCategory",
    "best_five",
    "category",
    "categories",
    "category_counts",
    "describe",
    "describe_many",
    "enumerate_values",
    "evaluate",
    "evaluate_batch",
    "EquityResult",
    "equity",
    "equity_batch",
    "equity_job",
    "EquityJob",
    "EquityTally",
    "hand_strength",
    "NextCardResult",
    "next_card",
    "preflop_matrix",
    "preflop_vs_random",
    "BadAmountError",
    "CardError",
    "ConfigError",
    "FastHoldemError",
    "HandHistoryError",
    "IllegalActionError",
    "InvalidActionError",
    "OutOfTurnError",
    "RangeError",
    "game",
    "phh",
    *sorted(_LAZY_GAME_NAMES),
]


def __getattr__(name: str) -> Any:
    """Import the game layer and PHH support on first use."""
    if name in _LAZY_MODULES:
        return importlib.import_module(f".{name}", __name__)
    if name in _LAZY_GAME_NAMES:
        return getattr(importlib.import_module(".game", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
