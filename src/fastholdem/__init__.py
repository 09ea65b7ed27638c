"""fastholdem: a fast, exact Texas hold'em hand evaluator, equity engine and game engine.

>>> import fastholdem as fh
>>> fh.evaluate("As Ks Qs Js Ts 2c 3d"), fh.card("As"), fh.card_str(51)
(7462, 51, 'As')

The game layer (``fastholdem.game``, ``fastholdem.simulate``) and hand histories
(``fastholdem.phh``, which is :mod:`fastholdem.history.phh`) load on first use, so that
``import fastholdem`` stays fast. This module only re-exports; docs/architecture.md draws the
layers of the subpackages.
"""

from __future__ import annotations

import importlib
from typing import Any

from .analysis import BoardHits, NextCardResult, board_hits, equity_by_class, next_card, preflop_matrix
from .analysis import preflop_vs_random
from .cards import Deck, card, card_str, cards_mask, cards_str, parse_cards
from .equities import (EquityJob, EquityResult, EquityTally, equity, equity_batch, equity_job, hand_strength,
                       vs_random_equities)
from .errors import (
    BadAmountError,
    CardError,
    CardTypeError,
    ConfigError,
    FastHoldemError,
    HandHistoryError,
    IllegalActionError,
    IndexRangeError,
    InputError,
    InputTypeError,
    InvalidActionError,
    OutOfTurnError,
    RangeError,
)
from .evaluate import (
    HandCategory,
    cards_from_text,
    best_five,
    category,
    categories,
    category_counts,
    deal,
    describe,
    describe_many,
    enumerate_values,
    evaluate,
    evaluate_batch,
)
from .ranges import Range

__version__ = "0.1.0"

_LAZY_MODULES = {"game": ".game", "phh": ".history.phh", "history": ".history", "simulation": ".simulation",
                 "solver": ".solver"}
_LAZY_GAME_NAMES = {"GameConfig", "Hand", "Structure", "Table"}

__all__ = [
    "__version__",
    "Deck",
    "card",
    "card_str",
    "cards_mask",
    "cards_str",
    "parse_cards",
    "cards_from_text",
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
    "vs_random_equities",
    "NextCardResult",
    "next_card",
    "BoardHits",
    "board_hits",
    "equity_by_class",
    "preflop_matrix",
    "preflop_vs_random",
    "BadAmountError",
    "CardError",
    "CardTypeError",
    "ConfigError",
    "FastHoldemError",
    "HandHistoryError",
    "IllegalActionError",
    "InputError",
    "IndexRangeError",
    "InputTypeError",
    "InvalidActionError",
    "OutOfTurnError",
    "RangeError",
    "game",
    "history",
    "phh",
    "simulation",
    "simulate",
    "solve",
    "solver",
    *sorted(_LAZY_GAME_NAMES),
]


def __getattr__(name: str) -> Any:
    """Import the game layer and PHH support on first use."""
    if name in _LAZY_MODULES:
        return importlib.import_module(_LAZY_MODULES[name], __name__)
    if name == "simulate":
        return importlib.import_module(".simulation", __name__).simulate
    if name == "solve":
        return importlib.import_module(".solver", __name__).solve
    if name in _LAZY_GAME_NAMES:
        return getattr(importlib.import_module(".game", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
