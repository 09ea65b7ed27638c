"""The soak suite prints what it checked when the session ends.

Rerun it alone with ``python -m pytest -q -m slow tests/soak`` (``soak_tally.py`` lists the
environment variables that make it longer, e.g. ``FASTHOLDEM_SOAK_HANDS=5000000``).
"""

from __future__ import annotations

import pytest
from soak_tally import COUNTS, HANDS, SCALE, SEED


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not COUNTS:
        return
    failed = [r for r in terminalreporter.stats.get("failed", []) if "tests/soak/" in r.nodeid.replace("\\", "/")]
    parts = ", ".join(f"{value:,} {key}" for key, value in sorted(COUNTS.items()))
    terminalreporter.write_sep("-", "soak summary")
    terminalreporter.write_line(f"soak: {parts}; {len(failed)} failures "
                                f"(seed {SEED}, {HANDS:,} hands requested, examples x{SCALE:g})")
