"""System Text templates: parsing at catalog load, rendering on every click (SPEC §3).

An Effect's System Text is a list of sentence templates. A template names
slots in braces (``{range}``) and may wrap optional material in square
brackets (``[, ignoring {ignores}]``), which is dropped when any slot inside
it is empty. A sentence is dropped when a slot outside every optional group
is empty, so an empty slot never leaves a dangling clause behind.

Slot values come from the catalog (defaults, Activation Style, Gift Type),
from the chosen Parameter levels, and from Enhancements and Drawbacks that
append clauses (joined with "and" or "or", or added as whole sentences after
the sentence that uses the slot) or replace a slot's value. Rendering is
single-pass: text the player typed is inserted literally and never read as
template syntax.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

SLOT_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_TOKEN = re.compile(r"\{([^{}\[\]]*)\}|\[|\]|\{|\}")
_SPACES = re.compile(r"\s+")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:!?)])")
_SENTENCE_END = re.compile(r"[.!?][\"')\u201d\u2019]*\Z")
_COUNT_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


class TemplateSyntaxError(ValueError):
    """A template that cannot be parsed; the message says what and where (column)."""


@dataclass(frozen=True, slots=True)
class SlotRef:
    """A ``{name}`` placeholder."""

    name: str


@dataclass(frozen=True, slots=True)
class OptionalGroup:
    """A ``[...]`` part of a sentence, kept only when all its slots have text."""

    parts: tuple[str | SlotRef, ...]
    slots: frozenset[str]


@dataclass(frozen=True, slots=True)
class Sentence:
    """One parsed sentence template.

    ``required`` are the slots outside optional groups (an empty one drops the
    sentence); ``slots`` are all slots it names, in order of first use.
    """

    source: str
    parts: tuple[str | SlotRef | OptionalGroup, ...]
    required: frozenset[str]
    slots: tuple[str, ...]


def parse_sentence(source: str, placeholders: frozenset[str] | None = None) -> Sentence:  # noqa: C901, PLR0912  (complexity 15, 16 branches when the limits came in)
    """Parse one sentence template, raising TemplateSyntaxError naming the column.

    ``placeholders`` limits which names may appear (None: any valid slot name).
    """
    parts: list[str | SlotRef | OptionalGroup] = []
    group: list[str | SlotRef] | None = None
    group_slots: set[str] = set()
    required: set[str] = set()
    order: list[str] = []
    pos = 0
    for match in _TOKEN.finditer(source):
        literal = source[pos : match.start()]
        if literal:
            (group if group is not None else parts).append(literal)
        pos = match.end()
        token = match.group(0)
        col = match.start() + 1
        if token == "[":
            if group is not None:
                raise TemplateSyntaxError(f"optional groups cannot be nested (column {col})")
            group, group_slots = [], set()
        elif token == "]":
            if group is None:
                raise TemplateSyntaxError(f"']' without a matching '[' (column {col})")
            if not group_slots:
                raise TemplateSyntaxError(
                    f"optional group ending at column {col} names no slot, so it would never drop"
                )
            parts.append(OptionalGroup(tuple(group), frozenset(group_slots)))
            group = None
        elif token in "{}":
            raise TemplateSyntaxError(f"unmatched {token!r} (column {col})")
        else:
            name = match.group(1).strip()
            if not SLOT_NAME.match(name):
                raise TemplateSyntaxError(
                    f"{{{match.group(1)}}} is not a slot name; use lower_case letters, "
                    f"digits and _ (column {col})"
                )
            if placeholders is not None and name not in placeholders:
                allowed = ", ".join("{" + p + "}" for p in sorted(placeholders)) or "none"
                raise TemplateSyntaxError(
                    f"unknown placeholder {{{name}}} (column {col}); allowed here: {allowed}"
                )
            if name not in order:
                order.append(name)
            if group is not None:
                group.append(SlotRef(name))
                group_slots.add(name)
            else:
                parts.append(SlotRef(name))
                required.add(name)
    if group is not None:
        raise TemplateSyntaxError("'[' without a matching ']'")
    tail = source[pos:]
    if tail:
        parts.append(tail)
    return Sentence(source, tuple(parts), frozenset(required), tuple(order))


def clean_detail(text: str) -> str:
    """A player's detail text made safe inside a clause: one line, no trailing period."""
    text = _SPACES.sub(" ", text).strip()
    return text.rstrip(" .")


def count_word(count: int) -> str:
    """'two' for 2: small counts read better spelled out in System Text."""
    return _COUNT_WORDS[count] if 0 <= count < len(_COUNT_WORDS) else str(count)


def fill_clause(text: str, detail: str = "", count: int = 1) -> str:
    """Fill a modifier clause's ``{detail}``, ``{count}`` and ``{count_word}`` placeholders.

    Single pass over the catalog text, so braces in ``detail`` stay literal.
    """
    if "{" not in text:
        return text
    values = {"detail": detail, "count": str(count), "count_word": count_word(count)}
    return _TOKEN.sub(lambda m: values.get((m.group(1) or "").strip(), m.group(0)), text)


def clause_pieces(text: str, count: int = 1) -> tuple[str, ...]:
    """A modifier clause cut where its ``{detail}`` goes, its counts filled in.

    ``stand_in.join(clause_pieces(text, count))`` is ``fill_clause(text,
    stand_in, count)``: the loader cuts each clause once, and an evaluation
    only joins the player's detail in.
    """
    values = {"count": str(count), "count_word": count_word(count)}
    pieces: list[str] = []
    buf: list[str] = []
    pos = 0
    for match in _TOKEN.finditer(text):
        buf.append(text[pos : match.start()])
        name = (match.group(1) or "").strip()
        if name == "detail":
            pieces.append("".join(buf))
            buf = []
        else:
            buf.append(values.get(name, match.group(0)))
        pos = match.end()
    buf.append(text[pos:])
    pieces.append("".join(buf))
    return tuple(pieces)


def join_list(items: Sequence[str], conjunction: str) -> str:
    """'A', 'A and B', 'A, B and C' (no serial comma, as the rest of the System Text)."""
    if len(items) <= 1:
        return items[0] if items else ""
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def join_slot(base: str, and_items: Sequence[str], or_items: Sequence[str]) -> str:
    """A slot's final value: its base text plus appended clauses.

    "and" clauses join the base into one list; "or" clauses then offer
    alternatives to that whole list ("A and B, or C").
    """
    conj = [base, *and_items] if base else list(and_items)
    first = join_list(conj, "and")
    if not or_items:
        return first
    if not first:
        return join_list(list(or_items), "or")
    if len(conj) > 1:
        return f"{first}, or {join_list(list(or_items), 'or')}"
    return join_list([first, *or_items], "or")


@functools.lru_cache(maxsize=4096)
def finish_sentence(text: str) -> str:  # noqa: C901  (complexity 12 when the limits came in)
    """Tidy one sentence: single spaces, none before punctuation, capital start, final stop.

    Cached: the builder re-renders the same sentences on every keystroke.
    """
    if "  " in text or "\n" in text or "\t" in text or "\r" in text:
        text = _SPACES.sub(" ", text)
    if (
        " ," in text
        or " ." in text
        or " ;" in text
        or " :" in text
        or " !" in text
        or (" ?" in text or " )" in text)
    ):
        text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    text = text.strip()
    if not text:
        return ""
    first = text[0]
    if first.islower():
        text = first.upper() + text[1:]
    elif not first.isalnum():
        for i, ch in enumerate(text):
            if "\ue000" <= ch <= "\ue0ff":  # a detail marker: capitalised when placed
                break
            if ch.isalpha():
                if ch.islower():
                    text = text[:i] + ch.upper() + text[i + 1 :]
                break
            if ch.isdigit():
                break
    if text[-1] not in ".!?" and not _SENTENCE_END.search(text):
        text = text.rstrip(",;:") + "."
    return text


def render(
    sentences: Sequence[Sentence],
    values: Mapping[str, str],
    after: Mapping[str, Sequence[str]] | None = None,
    closing: Iterable[str] = (),
) -> str:
    """Render sentence templates with final slot values.

    ``after`` maps a slot to whole sentences that follow the first sentence
    naming that slot (kept even when that sentence itself drops out);
    ``closing`` sentences end the text. A sentence tidied to nothing is left out.
    """
    out: list[str] = []
    placed: set[str] = set()
    has = values.get
    for sentence in sentences:
        if all(map(has, sentence.required)):
            out.append(finish_sentence(_fill(sentence.parts, values)))
        if after:
            _after(sentence.slots, after, placed, out)
    out.extend(map(finish_sentence, closing))
    return " ".join(filter(None, out))


def _fill(parts: Sequence[str | SlotRef | OptionalGroup], values: Mapping[str, str]) -> str:
    """A sentence's text: literals, slot values, and optional groups whose slots all have text."""
    buf: list[str] = []
    for part in parts:
        if type(part) is str:  # exact classes: parse_sentence makes only these three
            buf.append(part)
        elif type(part) is SlotRef:
            buf.append(values[part.name])
        elif type(part) is OptionalGroup and all(map(values.get, part.slots)):
            for sub in part.parts:
                buf.append(sub if isinstance(sub, str) else values[sub.name])
    return "".join(buf)


def _after(
    slots: Sequence[str], after: Mapping[str, Sequence[str]], placed: set[str], out: list[str]
) -> None:
    """Add the sentences that follow the first sentence naming each of ``slots``."""
    for name in slots:
        if name not in placed:
            placed.add(name)
            extras = after.get(name)
            if extras:
                out.extend(map(finish_sentence, extras))
