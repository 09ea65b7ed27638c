"""A dependency-free progress bar for long jobs, drawn on stderr.

It stays silent for the first ``delay`` seconds, so short jobs print nothing, and draws only
on a terminal unless ``force`` is set.

>>> with Progress(total=3, label="demo", enabled=False) as bar:
...     bar.update(3)
"""

from __future__ import annotations

import sys
import time
from typing import IO, Any


class Progress:
    """Context manager: ``update(n)`` after each chunk of ``total`` units of work."""

    def __init__(self, total: float, label: str = "", *, delay: float = 1.0, enabled: bool | None = None,
                 stream: IO[str] | None = None, width: int = 30) -> None:
        self.total = max(float(total), 1e-12)
        self.label = label
        self.delay = delay
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = (hasattr(self.stream, "isatty") and self.stream.isatty()) if enabled is None else enabled
        self.width = width
        self.done = 0.0
        self._start = time.perf_counter()
        self._last_draw = 0.0
        self._drawn = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._drawn:
            self._draw(final=True)
            self.stream.write("\n")
            self.stream.flush()

    def update(self, amount: float = 1.0, *, total: float | None = None) -> None:
        """Record ``amount`` more units done (and optionally a new total)."""
        self.done += amount
        if total is not None:
            self.total = max(float(total), 1e-12)
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self._start >= self.delay and now - self._last_draw >= 0.1:
            self._draw()
            self._last_draw = now

    def _draw(self, final: bool = False) -> None:
        frac = min(self.done / self.total, 1.0)
        elapsed = time.perf_counter() - self._start
        eta = elapsed * (1 - frac) / frac if 0 < frac < 1 and not final else 0.0
        filled = int(round(frac * self.width))
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {frac * 100:5.1f}% {elapsed:6.1f}s eta {eta:5.1f}s")
        self.stream.flush()
        self._drawn = True
