"""A dependency-free progress bar for long jobs, drawn on stderr.

It stays silent for the first ``delay`` seconds, so short jobs print nothing, and draws only
on a terminal unless ``enabled`` is true.

The time left is the work left divided by a smoothed rate: an exponential moving average
of the units done per second over the last few seconds (``RATE_WINDOW``). It does not jump
when one chunk is slow or when the total is re-estimated (a Monte Carlo run toward a
standard-error target), and it reads ``eta ?`` until the rate has been measured for a
while. When the job ends, the line says ``done``; when it is interrupted or fails, the line
says ``interrupted`` and shows no time left.

>>> with Progress(total=3, label="demo", enabled=False) as bar:
...     bar.update(3)
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from typing import IO, Any

__all__ = ["Progress", "RATE_WINDOW", "format_seconds"]

RATE_WINDOW = 3.0
"""Seconds over which the rate of progress is averaged (the time constant of the average)."""
_MIN_MEASURED = 0.5
"""Seconds of measured progress before a time left is shown."""


def format_seconds(seconds: float) -> str:
    """A duration for the bar: ``12.3s``, ``4m05s``, ``2h07m``, or ``>99h``.

    >>> format_seconds(12.34), format_seconds(245), format_seconds(7620), format_seconds(1e9)
    ('12.3s', '4m05s', '2h07m', '>99h')
    """
    if not math.isfinite(seconds) or seconds >= 100 * 3600:
        return ">99h"
    if seconds < 60:
        return f"{seconds:.1f}s"
    if seconds < 3600:
        minutes, secs = divmod(int(seconds), 60)
        return f"{minutes}m{secs:02d}s"
    hours, rest = divmod(int(seconds), 3600)
    return f"{hours}h{rest // 60:02d}m"


class Progress:
    """Context manager: ``update(n)`` after each chunk of ``total`` units of work.

    ``clock`` (default ``time.perf_counter``) is the time source; tests pass a fake one.

    >>> import io
    >>> ticks = iter(range(100))
    >>> out = io.StringIO()
    >>> with Progress(total=4, label="work", enabled=True, stream=out, delay=0, width=8,
    ...               clock=lambda: float(next(ticks))) as bar:
    ...     for _ in range(4):
    ...         bar.update(1)
    >>> out.getvalue().split("\\r")[-1].strip()
    'work [########] 100.0%   9.0s done'
    """

    def __init__(self, total: float, label: str = "", *, delay: float = 1.0, enabled: bool | None = None,
                 stream: IO[str] | None = None, width: int = 30,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.total = max(float(total), 1e-12)
        self.label = label
        self.delay = delay
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = (hasattr(self.stream, "isatty") and self.stream.isatty()) if enabled is None else enabled
        self.width = width
        self.done = 0.0
        self._clock = clock
        self._start = clock()
        self._last_draw = -math.inf
        self._drawn = False
        self._rate: float | None = None  # smoothed units per second
        self._measured = 0.0  # seconds of progress the rate has seen
        self._last_update = self._start

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, exc_type: Any, *exc: Any) -> None:
        if self._drawn:
            self._draw(status="done" if exc_type is None else "interrupted")
            self.stream.write("\n")
            self.stream.flush()

    def update(self, amount: float = 1.0, *, total: float | None = None) -> None:
        """Record ``amount`` more units done (and optionally a new total)."""
        self.done += amount
        if total is not None:
            self.total = max(float(total), 1e-12)
        now = self._clock()
        dt = now - self._last_update
        if dt > 0:
            rate = amount / dt
            # An exponential moving average weighted by time: a chunk counts for its duration.
            keep = math.exp(-dt / RATE_WINDOW)
            self._rate = rate if self._rate is None else keep * self._rate + (1.0 - keep) * rate
            self._measured += dt
            self._last_update = now
        if not self.enabled:
            return
        if now - self._start >= self.delay and now - self._last_draw >= 0.1:
            self._draw()
            self._last_draw = now

    def eta(self) -> float | None:
        """Seconds left at the smoothed rate, or None while the rate is not yet known."""
        if self._rate is None or self._rate <= 0 or self._measured < _MIN_MEASURED:
            return None
        return max(self.total - self.done, 0.0) / self._rate

    def _draw(self, status: str | None = None) -> None:
        frac = 1.0 if status == "done" else min(self.done / self.total, 1.0)
        elapsed = self._clock() - self._start
        filled = int(round(frac * self.width))
        bar = "#" * filled + "-" * (self.width - filled)
        if status is None:
            left = self.eta()
            tail = "eta ?" if left is None else f"eta {format_seconds(left)}"
        else:
            tail = status
        # Pad so that a shorter line fully covers the previous one.
        self.stream.write(f"\r{self.label} [{bar}] {frac * 100:5.1f}% {format_seconds(elapsed):>6} {tail:<12}")
        self.stream.flush()
        self._drawn = True
