"""The ``fastholdem`` console script's entry point, kept outside the ``fastholdem`` package.

Importing the command (``fastholdem`` with numpy, the compiled core, ...) takes a noticeable
fraction of a second. A Ctrl-C in that time would show an import traceback, or be swallowed
("Exception ignored in ... _get_module_lock"), because the command's own handler
(:func:`fastholdem.cli.main`: ``fastholdem: interrupted``, exit status 130) is not running yet.
So the launcher holds SIGINT back (blocks it) while the command imports, and lets it through
once the imports are done: a Ctrl-C meanwhile then ends the command cleanly. It imports
nothing from ``fastholdem`` at module level, so it runs before the package loads.
"""

from __future__ import annotations

import signal
import sys

__all__ = ["main"]


def main() -> int:
    """Import and run :func:`fastholdem.cli.main`; a Ctrl-C during the imports exits with 130."""
    held = hasattr(signal, "pthread_sigmask")
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if held else set()
    try:
        try:
            from fastholdem.cli.main import main as run
        finally:
            if held:  # a Ctrl-C held back during the imports arrives here, as KeyboardInterrupt
                signal.pthread_sigmask(signal.SIG_SETMASK, previous)
    except KeyboardInterrupt:
        sys.stderr.write("fastholdem: interrupted\n")  # the wording of fastholdem.cli._report.interrupted
        return 130
    return run()
