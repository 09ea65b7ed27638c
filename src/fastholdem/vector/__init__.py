"""The vector engine: many hold'em tables stepped at once from NumPy arrays.

:class:`Tables` holds ``n`` tables as arrays in C and plays each hand exactly as
:class:`fastholdem.game.Hand` does; :meth:`Tables.legal` and :meth:`Tables.observe` return
arrays over all tables, and :meth:`Tables.step` takes one action per table.

>>> import numpy as np
>>> from fastholdem.game import GameConfig
>>> from fastholdem.vector import Tables, RandomPolicy
>>> tables = Tables(1000, 6, GameConfig(), 400, seed=1, auto_reset=True)
>>> policy = RandomPolicy(seed=2)
>>> finished = 0
>>> for _ in range(50):
...     tables.step(*policy.act(tables.observe(), tables.legal()))
...     finished += int(tables.hand_over.sum())
>>> finished > 1000
True
"""

from .kinds import BET_OR_RAISE_TO, CALL, CHECK, FOLD, Kind
from .legal import Legal
from .observation import Observation
from .policies import RandomPolicy
from .record import HandRecord
from .tables import Tables

__all__ = [
           "BET_OR_RAISE_TO",
           "CALL",
           "CHECK",
           "FOLD",
           "HandRecord",
           "Kind",
           "Legal",
           "Observation",
           "RandomPolicy",
           "Tables",
]

# Vectorised policies and the reinforcement-learning adapters (vector-rl). The Gymnasium and
# PettingZoo adapters are imported on first use: ``import fastholdem.vector`` needs neither and
# imports neither.
from .actions import ActionSet, pot_fraction_to
from .policies import StationPolicy, TightPolicy, VectorPolicy

from .registration import register_on_import

_ADAPTERS = {"HoldemEnv": "gym_env", "HoldemVectorEnv": "gym_env", "HoldemParallelEnv": "pz_env",
             "holdem_parallel_env": "pz_env", "HoldemAECEnv": "pz_env", "holdem_aec_env": "pz_env"}
__all__ += ["ActionSet", "pot_fraction_to", "StationPolicy", "TightPolicy", "VectorPolicy", "HoldemEnv",
            "HoldemVectorEnv", "HoldemParallelEnv", "holdem_parallel_env", "HoldemAECEnv", "holdem_aec_env"]

# ``gymnasium.make("fastholdem/Holdem-v0")`` and ``gymnasium.make_vec``: registered now if
# Gymnasium is imported, else at the end of its import (see fastholdem.vector.registration).
register_on_import()


def __getattr__(name: str) -> object:
    """Import the Gymnasium/PettingZoo adapters on first use (they need the ``rl`` extra)."""
    module = _ADAPTERS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(f".{module}", __name__), name)
