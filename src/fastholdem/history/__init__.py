"""Hand histories: site hand histories read into PHH (:mod:`~fastholdem.history.sites`), fast PHH
scanning, player statistics, all-in EV and PokerStars-format export."""

from __future__ import annotations

__all__: list[str] = []
