"""Reusable checks that generated System Text reads as plain English (SPEC §3).

The catalog tests run these over every Effect, Style, modifier and random
legal combination, so new catalog content is covered without new tests.
"""

from __future__ import annotations

import re

_DANGLING = re.compile(
    r"\b(and|or|to|the|a|an|of|with|by|within|for|when|if|unless|on|at|but|as|than|its|your)"
    r"\s*[.,;:!?]",
    re.IGNORECASE,
)
_DOUBLED_WORD = re.compile(r"\b(\w+)\s+\1\b", re.IGNORECASE)
_LOWER_AFTER_STOP = re.compile(r"[.!?]\s+[a-z]")
_BAD_PUNCT = re.compile(r"[,;:]\s*[.,;:!?]|\.\.|\s[.,;:!?]|\(\s*\)|\[\s*\]")
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\u2212+-])")


def grammar_problems(text: str) -> list[str]:  # noqa: C901, PLR0912  (complexity 14, 13 branches when the limits came in)
    """Everything that would make a generated System Text read badly; [] when it is clean.

    Checks: no template syntax left over, no doubled or stray spaces, no
    punctuation runs or space before punctuation, no empty clause (a
    conjunction or preposition right before punctuation), no doubled word,
    every sentence starts with a capital and ends with punctuation.
    """
    problems: list[str] = []
    if not text:
        return ["the System Text is empty"]
    for ch in "{}[]":
        if ch in text:
            problems.append(f"leftover template character {ch!r}")
    if "  " in text:
        problems.append("doubled space")
    if text != text.strip():
        problems.append("leading or trailing whitespace")
    if "\n" in text or "\t" in text:
        problems.append("line break or tab inside the text")
    for match in _BAD_PUNCT.finditer(text):
        problems.append(f"bad punctuation {match.group(0)!r}")
    for match in _DANGLING.finditer(text):
        problems.append(f"empty clause after {match.group(1)!r}")
    for match in _DOUBLED_WORD.finditer(text):
        problems.append(f"doubled word {match.group(0)!r}")
    for match in _LOWER_AFTER_STOP.finditer(text):
        problems.append(f"lower-case letter after a full stop: {match.group(0)!r}")
    if not re.search(r"[.!?][\"')\u201d\u2019]*$", text):
        problems.append("does not end with punctuation")
    for sentence in _SENTENCE_SPLIT.split(text):
        first = next((c for c in sentence if c.isalnum()), "")
        if first.isalpha() and not first.isupper():
            problems.append(f"sentence starts in lower case: {sentence[:30]!r}")
    return problems


def assert_reads_well(text: str, context: str = "") -> None:
    """Fail with every grammar problem and the text itself."""
    problems = grammar_problems(text)
    assert not problems, f"{context}\n{text}\nproblems: {problems}"
