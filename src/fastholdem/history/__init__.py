"""Hand histories: PHH read/write/replay (:mod:`~fastholdem.history.phh`, also reachable as
``fastholdem.phh``), dataset checks (:mod:`~fastholdem.history.check`) and poker sites' own
hand histories read into PHH (:mod:`~fastholdem.history.sites`).

>>> from fastholdem.game import GameConfig, Hand
>>> from fastholdem.history import phh
>>> hand = Hand(GameConfig(), [100, 100], seed=1); _ = hand.fold()
>>> phh.loads(phh.dumps(hand)).starting_stacks
[100, 100]
"""

from __future__ import annotations

from . import check, phh
from .check import CheckReport, Failure, check_file, find_files
from .phh import HandHistory

__all__ = ["phh", "check", "CheckReport", "Failure", "HandHistory", "check_file", "find_files"]
