"""Where two texts differ, word by word, with the changed words marked for a reader.

A leader comparing a file's System Text with the catalog's needs to see the
changed words, not two long excerpts that agree for three lines. The marks
follow ``git diff --word-diff``: ``[-removed-]`` for words only in the first
text, ``{+added+}`` for words only in the second; unchanged stretches longer
than a few words are cut to their ends with "…". Built on the standard
library's ``difflib`` (the longest-matching-block comparison), over words.
"""

from __future__ import annotations

import difflib
import re

__all__ = ["marked_difference"]

_WORD = re.compile(r"\S+")


def _kept(words: list[str], context: int, first: bool, last: bool) -> str:
    """An unchanged stretch, cut to ``context`` words at each side that touches a change."""
    if len(words) <= 2 * context or (first and last):
        return " ".join(words)
    if first:
        return "… " + " ".join(words[-context:])
    if last:
        return " ".join(words[:context]) + " …"
    if len(words) <= 2 * context + 1:
        return " ".join(words)
    return " ".join(words[:context]) + " … " + " ".join(words[-context:])


def marked_difference(before: str, after: str, context: int = 4) -> str:
    """``after`` told against ``before``: changed words marked, long unchanged stretches cut.

    "to heal one living creature" → "to heal one dead creature" gives
    "to heal one [-living-]{+dead+} creature". Equal texts give "".
    """
    old, new = _WORD.findall(before), _WORD.findall(after)
    if old == new:
        return ""
    opcodes = difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes()
    parts: list[str] = []
    for index, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            first, last = index == 0, index == len(opcodes) - 1
            parts.append(_kept(old[i1:i2], context, first, last))
            continue
        removed = "[-" + " ".join(old[i1:i2]) + "-]" if i2 > i1 else ""
        added = "{+" + " ".join(new[j1:j2]) + "+}" if j2 > j1 else ""
        parts.append(removed + added)
    return " ".join(parts)
