"""What the hand-history commands check in their input before reading it (``phh check``,
``hh stats``, ``hh export``): that a file is PHH, not a site's hand-history text, and which
player ``--hero`` means.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "mine.txt")
>>> with open(path, "w") as f:
...     _ = f.write("PokerStars Hand #7: Hold'em No Limit (10/20) - 2020/01/01 0:00:00 ET\\n")
>>> message = site_text([path])
>>> "mine.txt is PokerStars hand-history text, not PHH" in message, message.endswith("mine.phhs`")
(True, True)
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterable

from ..history.sites.reader import site_of_file

__all__ = ["site_text"]


def site_text(paths: Iterable[str]) -> str | None:
    """The error for the first of ``paths`` that is a site's hand-history text, or None.

    Folders are not looked into (the PHH commands read only ``.phh``/``.phhs`` files in them).
    """
    for path in paths:
        if os.path.isfile(path):
            site = site_of_file(path)
            if site is not None:
                out = os.path.splitext(path)[0] + ".phhs"
                return (f"{path} is {site} hand-history text, not PHH: convert it first with "
                        f"`fastholdem hh convert {shlex.quote(path)} -o {shlex.quote(out)}`")
    return None
