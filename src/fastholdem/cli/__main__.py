"""``python -m fastholdem.cli``: the ``fastholdem`` command."""

from __future__ import annotations

import sys

from .main import main

__all__: list[str] = []

sys.exit(main())
