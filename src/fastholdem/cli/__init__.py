"""The ``fastholdem`` command (entry point ``fastholdem.cli:main``), one module per subcommand:
:mod:`~fastholdem.cli.rank`, :mod:`~fastholdem.cli.equity`, :mod:`~fastholdem.cli.game`
(``simulate``, ``play``), :mod:`~fastholdem.cli.range`, :mod:`~fastholdem.cli.phh`.

>>> main(["rank", "As", "Ks", "Qs", "Js", "Ts"])
value 7462  Straight flush  Royal flush  (best five: As Ks Qs Js Ts)
0
"""

from __future__ import annotations

from .main import build_parser, main

__all__ = ["main", "build_parser"]
