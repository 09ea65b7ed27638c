"""The ``fastholdem`` console script's entry point, kept outside the ``fastholdem`` package.

Importing the command (``fastholdem`` and numpy, the compiled core, ...) takes a noticeable
fraction of a second. A Ctrl-C in that time would otherwise show an import traceback, because
the package's own handler (:func:`fastholdem.cli.main`, which prints ``fastholdem: interrupted``
and returns 130) is not running yet; this module catches it first. It imports nothing from
``fastholdem`` at module level, so it runs before the package loads.
"""

from __future__ import annotations

import sys

__all__ = ["main"]


def main() -> int:
    """Import and run :func:`fastholdem.cli.main`; a Ctrl-C during the import exits with 130."""
    try:
        from fastholdem.cli.main import main as run
    except KeyboardInterrupt:
        sys.stderr.write("fastholdem: interrupted\n")  # the wording of fastholdem.cli._report.interrupted
        return 130
    return run()
