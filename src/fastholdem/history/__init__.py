"""Hand histories: fast PHH scanning, player statistics, all-in EV and PokerStars-format export."""

from __future__ import annotations

__all__: list[str] = []
