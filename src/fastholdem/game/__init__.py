"""The game layer: configuration, actions and the hand state machine.

>>> from fastholdem.game import GameConfig, Hand, Structure
>>> hand = Hand(GameConfig(Structure.POT_LIMIT, 1, 2), [100] * 3, seed=3)
>>> hand.legal_actions().max_to   # pot limit: call 2, then the pot of 5 (R28)
7
"""

from __future__ import annotations

from .actions import (
    Action,
    AllIn,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Event,
    EventKind,
    Fold,
    LegalActions,
    Muck,
    RaiseTo,
    RunIt,
    Show,
)
from .config import CONVENTIONS, AnteMode, GameConfig, Structure
from .account import describe
from .hand import Hand, HandResult, Phase, PotResult
from .pots import Pot
from .buyin import BuyInPolicy, minimum_buy_in
from .levels import Level
from .dealing import Deal, DealerErrorOutcome, Misdeal, Replacement
from .table import ButtonDraw, Elimination, Seat, Table
from .sizing import PreAction, PreActions, PreKind, bet_pot_fraction, preset, raise_by_multiple
from .players import (
    CallingStation,
    FunctionAgent,
    Player,
    PreActingPlayer,
    RandomPlayer,
    TightPlayer,
    View,
    as_agent,
    play_hand,
    play_hands,
)

__all__ = [
    "FunctionAgent",
    "as_agent",
    "Action",
    "AllIn",
    "AnteMode",
    "Bet",
    "ButtonDraw",
    "BuyInPolicy",
    "CallingStation",
    "Deal",
    "DealerErrorOutcome",
    "Elimination",
    "Level",
    "Misdeal",
    "Player",
    "PreActingPlayer",
    "PreAction",
    "PreActions",
    "PreKind",
    "RandomPlayer",
    "Replacement",
    "Seat",
    "Table",
    "TightPlayer",
    "View",
    "bet_pot_fraction",
    "minimum_buy_in",
    "play_hand",
    "play_hands",
    "preset",
    "raise_by_multiple",
    "Call",
    "Check",
    "DealBoard",
    "DealHole",
    "Event",
    "EventKind",
    "Fold",
    "GameConfig",
    "CONVENTIONS",
    "Hand",
    "HandResult",
    "LegalActions",
    "Muck",
    "Phase",
    "Pot",
    "PotResult",
    "RaiseTo",
    "RunIt",
    "Show",
    "Structure",
    "describe",
]
