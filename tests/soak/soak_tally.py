"""Counters of the soak suite, printed at the end of the session (see ``conftest.py``).

Also the suite's knobs, read from the environment so that a longer soak needs no edit:

* ``FASTHOLDEM_SOAK_HANDS``: random hands played through the engine (default 1,000,000);
* ``FASTHOLDEM_SOAK_EXAMPLES``: a multiplier of every Hypothesis example budget (default 1);
* ``FASTHOLDEM_SOAK_SEED``: the seed of the random hands (default 20261130); Hypothesis runs
  derandomized, so the whole suite replays the same cases until a knob changes;
* ``FASTHOLDEM_SOAK_RANDOM=1``: let Hypothesis draw fresh cases on each run (exploration; a
  failure prints the seed to reproduce it with ``--hypothesis-seed``).
"""

from __future__ import annotations

import os
from collections import Counter

from hypothesis import HealthCheck, settings

COUNTS: Counter[str] = Counter()
"""What the soak checked, by kind (hands, state-machine steps, fuzz cases, ...)."""

HANDS = int(float(os.environ.get("FASTHOLDEM_SOAK_HANDS", "1000000")))
SEED = int(os.environ.get("FASTHOLDEM_SOAK_SEED", "20261130"))
SCALE = float(os.environ.get("FASTHOLDEM_SOAK_EXAMPLES", "1"))


def soak_settings(examples: int, **kwargs: object) -> settings:
    """Hypothesis settings of one soak test: ``examples`` x ``SCALE`` examples, derandomized
    (the same cases on every run, unless ``FASTHOLDEM_SOAK_RANDOM=1``), no deadline and no
    example database."""
    return settings(
        max_examples=max(1, int(examples * SCALE)),
        derandomize=os.environ.get("FASTHOLDEM_SOAK_RANDOM") != "1",
        database=None,
        deadline=None,
        print_blob=True,  # a failure prints @reproduce_failure(...) to replay it exactly
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
        **kwargs,  # type: ignore[arg-type]
    )
