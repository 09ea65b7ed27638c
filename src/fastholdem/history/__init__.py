"""Hand histories: site hand histories read into PHH (:mod:`~fastholdem.history.sites`)."""

from __future__ import annotations

__all__: list[str] = []
