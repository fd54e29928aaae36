"""The player's detail text, made safe to sit inside a System Text sentence (SPEC §3).

Some Enhancements and Drawbacks take the player's own words ("The Gift works
only while you hold or wear {detail}"). Whatever is typed, the System Text
must stay one clean sentence: no template characters, no sentence ending in
the middle, no empty clause, no doubled word. :func:`clean_detail_text`
repairs a detail and says what it changed, so the builder can show the
message next to the field instead of silently rewriting the player's text.

The evaluator places details after the sentence is assembled
(:func:`place_details`): each detail is a one-character marker while the
template renders, then is cleaned against the words around it and put in.
The same markers give the UI the clause a detail sits in
("springs when ___").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise

DETAIL_MAX_CHARS = 120
"""Longest detail text kept (issue 15): a detail is a few words, not a paragraph."""

BLANK = "___"
"""Stands for the detail in the clause shown next to the field."""

_MARKER_BASE = 0xE000  # private-use characters: never typed, never template syntax
_CONNECTORS = "and|or|to|the|a|an|of|with|by|within|for|when|if|unless|on|at|but|as|than|its|your"
_TRAILING_CONNECTOR = re.compile(rf"\b(?:{_CONNECTORS})\W*\Z", re.IGNORECASE)
_CONNECTOR_PUNCT = re.compile(rf"\b({_CONNECTORS})\s*[.,;:!?]+", re.IGNORECASE)
_TEMPLATE_CHARS = re.compile(r"[{}\[\]]")
_SENTENCE_STOPS = re.compile(r"[!?]+|\.{2,}|\.(?=\s|\Z)")
_PUNCT_RUN = re.compile(r"([,;:])[\s,;:.]*(?=[,;:.])[,;:.]")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:)])")
_EMPTY_PARENS = re.compile(r"\([^\w()]*\)")  # nothing worth saying inside
# A doubled word: the first is a whole word, since white space (never \w) must follow it,
# so it may be taken whole at once ("\w++") instead of given back a letter at a time.
_DOUBLED = re.compile(r"\b(\w++)(?:\s+\1\b)+", re.IGNORECASE)
_EDGE_JUNK = " \t,.;:-\u2013\u2014"
_WORD_AFTER = re.compile(r"\s*(\w+)")  # matched at the end of a marker
_CONNECTOR_WORDS = frozenset(_CONNECTORS.split("|"))
_CONNECTOR_WORD = re.compile(rf"(?:{_CONNECTORS})", re.IGNORECASE)
_LONGEST_CONNECTOR = max(map(len, _CONNECTOR_WORDS))
_NEAR_WORD = 40  # characters looked back over for the space before a marker's word
_FIRST_READ = 256
"""Raw characters squeezed first when a detail is long: enough for the cut unless it is
mostly white space (then four times as many, and so on)."""
_STOPS_REMOVED = "removed sentence punctuation (. ! ?); the detail sits inside a sentence"
_CUT = f"cut to {DETAIL_MAX_CHARS} characters; a detail is a few words"
_MARKERS = re.compile("[\ue000-\ue0ff]")
"""The characters :func:`marker` stands details in with: never kept in a detail, or one
detail's text could take another's place in the System Text."""
_MARKERS_REMOVED = (
    "removed private-use characters (U+E000 to U+E0FF); the app keeps them for itself"
)


@dataclass(frozen=True, slots=True)
class DetailCleaning:
    """A detail text as it will appear, and what was changed to make it fit.

    ``problems`` are plain sentences for the player ("removed the final
    '!'; the System Text ends the sentence itself"); empty when nothing changed.
    """

    text: str
    problems: tuple[str, ...] = ()


def _sub(pattern: re.Pattern[str], repl: str, text: str, problem: str, out: list[str]) -> str:
    new = pattern.sub(repl, text)
    if new != text:
        out.append(problem)
    return new


def _holds(text: str, chars: str) -> bool:
    """Whether ``text`` holds one of ``chars``: a repair that needs one cannot change a text
    without, and ``in`` is many times quicker than the regex finding nothing (a loop, as
    ``any()`` over a generator takes twice as long as the searches)."""
    for ch in chars:
        if ch in text:
            break
    else:
        return False
    return True


def _single_spaced(text: str) -> str:
    """``" ".join(text.split())``, without the split when ``text`` is already so.

    Only the plain space is both white space and printable (a test checks every
    character), so a printable text with no double space and none at either end has
    nothing to squeeze; ``isprintable`` and ``in`` cost a fraction of splitting it
    into words and joining them again.
    """
    if text.isprintable() and "  " not in text and text[:1] != " " and text[-1:] != " ":
        return text
    return " ".join(text.split())


def _tidy(text: str) -> str:
    """Single spaces, none before ``, . ; : )``, no junk at either end.

    Tidying a tidied text changes nothing (the space rule deletes a space only before
    a mark it keeps, so it never brings two spaces together), so a text this made is
    not tidied again below.
    """
    text = _single_spaced(text)
    if _holds(text, ",.;:)"):
        text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    return text.strip(_EDGE_JUNK)


@lru_cache(maxsize=1024)
def clean_detail_text(raw: str, before: str = "", after: str = "") -> DetailCleaning:
    """Make a player's detail fit mid-sentence, naming every change (issue 15, item 3).

    Removes braces and brackets (template syntax), the private-use characters that
    stand for details while a sentence is put together, sentence punctuation
    (".", "!", "?" ending a sentence inside the clause), runs of punctuation,
    empty parentheses, doubled words, a connecting word left hanging at the
    end ("a key and"), and cuts the text to :data:`DETAIL_MAX_CHARS`.
    ``before``/``after`` are the words around the detail in its sentence: a
    detail repeating one of them ("when when") loses the repeat.

    A pure function of its three strings, so its answers are kept (a bounded
    cache): the builder evaluates the same draft on every click. A detail just
    typed is cleaned in time bounded by the cut, whatever its length (issue 29):
    a long text is squeezed from a prefix, a repair runs only when the text
    holds a character it needs, and the repairs anchored at the end look only
    there.
    """
    problems: list[str] = []
    text = raw
    for _ in range(4):  # one repair can expose another ("(.": the paren goes, "." is left)
        cleaned = _clean_once(text, before, after, problems)
        if cleaned == text:
            break
        text = cleaned
    return DetailCleaning(text, tuple(dict.fromkeys(problems)))


def _squeeze(raw: str) -> tuple[str, bool]:
    """``raw`` with its white space made single spaces and cut to :data:`DETAIL_MAX_CHARS`
    on a word, and whether it was cut.

    Squeezing a prefix of ``raw`` gives a prefix of squeezing all of it (the last word
    may be cut short, a final space dropped), so once a prefix squeezes to more than
    the limit, its first ``DETAIL_MAX_CHARS + 1`` characters, all the cut reads, are the
    whole text's. The prefix grows fourfold until it does, so a text of white space is
    read at most a few times over and a 10,000-character detail costs what 256 do.
    """
    size = _FIRST_READ
    while size < len(raw):
        text = " ".join(raw[:size].split())
        if len(text) > DETAIL_MAX_CHARS:
            break
        size *= 4
    else:
        text = _single_spaced(raw)
        if len(text) <= DETAIL_MAX_CHARS:
            return text, False
    cut = text[: DETAIL_MAX_CHARS + 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut[:DETAIL_MAX_CHARS]), True


def _clean_once(raw: str, before: str, after: str, problems: list[str]) -> str:
    """One pass of :func:`clean_detail_text`'s repairs, adding what it changed to ``problems``."""
    text, cut = _squeeze(raw)
    if cut:
        problems.append(_CUT)
    if _MARKERS.search(text):
        text = _MARKERS.sub("", text)
        problems.append(_MARKERS_REMOVED)
    if _holds(text, "{}[]"):
        braces = "removed braces and brackets; they are template syntax"
        text = _sub(_TEMPLATE_CHARS, "", text, braces, problems)
    text = _tidy(_pair_parentheses(text, problems))
    text = _punctuation(text, problems)
    if _may_double(text):
        text = _sub(_DOUBLED, r"\1", text, "removed a doubled word", problems)
    tidied = _tidy(text)
    if tidied != text.strip():
        problems.append("removed punctuation at the start or end")
    text = _drop_hanging_connectors(tidied, problems)
    repeated = _drop_repeats(text, before, after, problems)
    if repeated != text:
        text = _tidy(repeated)
    hanging = _hanging_connector(text)
    if hanging is not None:
        text = _tidy(text[:hanging])
    paired = _pair_parentheses(text, problems)
    return text if paired == text else _tidy(paired)


def _until_settled(pattern: re.Pattern[str], repl: str, text: str) -> str:
    """``pattern.sub(repl, ...)`` again and again until ``text`` no longer changes."""
    while True:
        shorter = pattern.sub(repl, text)
        if shorter == text:
            return text
        text = shorter


def _punctuation(text: str, problems: list[str]) -> str:
    """Sentence stops, punctuation runs, empty parentheses and stops after a connecting word."""
    if _holds(text, ".!?"):
        # ".!" loses its "!" and then ends a sentence with "."
        stopped = _until_settled(_SENTENCE_STOPS, "", text)
        if stopped != text:
            problems.append(_STOPS_REMOVED)
            text = stopped
    if _holds(text, ",;:"):
        text = _sub(_PUNCT_RUN, r"\1", text, "removed doubled punctuation", problems)
    if "(" in text:
        text = _sub(_EMPTY_PARENS, "", text, "removed empty parentheses", problems)
    if _holds(text, ".,;:!?"):
        # "a.n.b": removing "a."'s stop makes "an." a connector before a stop
        joined = _until_settled(_CONNECTOR_PUNCT, r"\1", text)
        if joined != text:
            problems.append("removed punctuation after a connecting word")
            text = joined
    return text


def _may_double(text: str) -> bool:
    """False when no word of ``text`` can repeat the word before it, so :data:`_DOUBLED`
    need not try every position (it was two fifths of a cleaning).

    The regex's IGNORECASE compares a word and its repeat a character at a time by
    each one's simple lower case, which is ``str.lower`` of it for every character but
    "İ" (two characters) and "Σ" (which lowers by its place in the word); with neither,
    two words are the regex's same word exactly when their lower cases are equal. A
    repeat stands right after white space and the word it repeats right before it,
    whole: so between two neighbouring white-space tokens made only of letters and
    digits it is the tokens' equality, and it cannot be where the first does not end
    in a word character or the second begin with one. Anything else may repeat.
    """
    low = text.lower()
    if len(low) != len(text) or "Σ" in text:
        return True
    words = low.split()
    if "".join(words).isalnum():
        return any(map(str.__eq__, words, words[1:]))
    for first, second in pairwise(words):
        if not _is_word_char(first[-1]) or not _is_word_char(second[0]):
            continue
        if first == second or not first.isalnum() or not second.isalnum():
            return True
    return False


def _hanging_connector(text: str) -> int | None:
    """Where a connecting word left hanging at the end of ``text`` begins, if one is.

    Such a word is the whole last run of word characters (only non-word ones may follow
    it, and it begins on a word boundary), so :data:`_TRAILING_CONNECTOR` can only match
    from that run's start, and only when the run is no longer than the longest
    connector: searching from that many characters before the run's end finds what a
    search of the whole text finds, in a few steps instead of one per character.
    """
    last = text[text.rfind(" ") + 1 :]
    if last.isalnum():  # the whole last word, after a space: is it a connector?
        if len(last) > _LONGEST_CONNECTOR:
            return None
        # ASCII letters match a connector's letters in any case and nothing else does;
        # other letters may ("ſ" is "s" to IGNORECASE): the regex says.
        spelled = last.lower() in _CONNECTOR_WORDS if last.isascii() else None
        if spelled is None:
            spelled = _CONNECTOR_WORD.fullmatch(last) is not None
        return len(text) - len(last) if spelled else None
    end = len(text)
    while end and not _is_word_char(text[end - 1]):
        end -= 1
    if not end:
        return None
    found = _TRAILING_CONNECTOR.search(text, max(0, end - _LONGEST_CONNECTOR))
    return found.start() if found else None


def _drop_hanging_connectors(text: str, problems: list[str]) -> str:
    """``text`` without the connecting words left hanging at its end ("a key and")."""
    while True:  # ``text`` is tidy here: without a connector, tidying changes nothing
        hanging = _hanging_connector(text)
        if hanging is None:
            return text
        cut = _tidy(text[:hanging])
        if cut == text:
            return text
        if "removed a connecting word left hanging at the end" not in problems:
            problems.append("removed a connecting word left hanging at the end")
        text = cut


def _drop_repeats(text: str, before: str, after: str, problems: list[str]) -> str:
    """``text`` without a first word repeating ``before`` or a last repeating ``after``."""
    if before:
        repeat = _opening_repeat(before).match(text)
        if repeat:  # "when-b" after "springs when" still repeats it
            text = text[repeat.end() :]
            problems.append(f"removed {before!r} at the start; the sentence already says it")
    if after:
        # ``after`` ends the text or nothing matches, and only non-word characters may
        # stand between it and the match's start: search from the first of those.
        start = len(text) - len(after)
        if start < 0:
            return text
        while start and not _is_word_char(text[start - 1]):
            start -= 1
        repeat = _closing_repeat(after).search(text, start)
        if repeat:
            text = text[: repeat.start()]
            problems.append(f"removed {after!r} at the end; the sentence already says it")
    return text


@lru_cache(maxsize=256)
def _opening_repeat(word: str) -> re.Pattern[str]:
    """Matches ``word`` opening a detail, with what separates it from the rest ("when-")."""
    return re.compile(rf"{re.escape(word)}\b\W*", re.IGNORECASE)


@lru_cache(maxsize=256)
def _closing_repeat(word: str) -> re.Pattern[str]:
    """Matches ``word`` closing a detail, with what separates it from the rest."""
    return re.compile(rf"\W*\b{re.escape(word)}\Z", re.IGNORECASE)


def _pair_parentheses(text: str, problems: list[str]) -> str:
    """Parentheses that hold a word and pair up; others go (the cuts above can orphan one).

    Returns ``text`` itself when it has none; the caller tidies what changed.
    """
    if "(" not in text and ")" not in text:
        return text
    text = _sub(_EMPTY_PARENS, "", text, "removed empty parentheses", problems)
    depth = 0
    for ch in text:
        depth += 1 if ch == "(" else -1 if ch == ")" else 0
        if depth < 0:
            break
    if depth != 0:
        text = text.replace("(", "").replace(")", "")
        problems.append("removed parentheses that do not pair up")
    return text


def is_marker(ch: str) -> bool:
    """Whether ``ch`` is a detail marker (see :func:`marker`)."""
    return _MARKER_BASE <= ord(ch) < _MARKER_BASE + 0x100


def marker(index: int) -> str:
    """The stand-in character for detail number ``index`` while the template renders."""
    return chr(_MARKER_BASE + index)


@dataclass(frozen=True, slots=True)
class PlacedDetail:
    """One detail to put into the rendered System Text.

    ``raw`` is what the player typed ("" when nothing), ``blank`` the
    catalog's stand-in, ``where`` the draft field ("drawbacks[0].detail").
    """

    raw: str
    blank: str
    where: str


def _is_word_char(ch: str) -> bool:
    """Whether ``ch`` is what ``\\w`` matches in a str pattern (a letter, digit or "_")."""
    return ch.isalnum() or ch == "_"


def _neighbours(text: str, start: int, end: int) -> tuple[str, str, bool]:
    """The word before and after a marker, and whether it begins a sentence.

    Walks back from ``start`` over white space and then over the word, so the
    cost is the length of that word and its spacing, not of the text before it
    (a regex search for the last word of ``text[:start]`` tried every position
    of the text, and each of those ran to the end of its word).
    """
    stop = start
    while stop > 0 and text[stop - 1].isspace():
        stop -= 1
    # Mostly the word is all letters after a space near by: found without a step a letter.
    near = max(0, stop - _NEAR_WORD)
    first = text.rfind(" ", near, stop) + 1 or near
    if (first == near and near) or not text[first:stop].isalnum():
        first = stop
        while first > 0 and _is_word_char(text[first - 1]):
            first -= 1
    after = _WORD_AFTER.match(text, end)
    starts = stop == 0 or text[stop - 1] in ".!?"
    return text[first:stop], after.group(1) if after else "", starts


def place_details(
    text: str, details: Sequence[PlacedDetail], keep: int | None = None
) -> tuple[str, tuple[tuple[PlacedDetail, DetailCleaning], ...]]:
    """Replace every detail marker in rendered ``text`` by its cleaned detail.

    Returns the final text and, per detail the player typed, how it was
    cleaned (for findings). An empty or fully-removed detail falls back to
    the catalog's blank; a detail beginning a sentence gets a capital.
    The marker of detail number ``keep`` is left in (for :func:`clause_around`).
    """
    cleaned: list[tuple[PlacedDetail, DetailCleaning]] = []
    for index, detail in enumerate(details):
        if index == keep:
            continue
        mark = marker(index)
        resume = 0
        while True:
            # After the value put in: a detail typed with this very character in it
            # would be found and replaced again, for ever when it is all the detail.
            pos = text.find(mark, resume)
            if pos < 0:
                break
            before, after, starts = _neighbours(text, pos, pos + 1)
            result = clean_detail_text(detail.raw, before, after) if detail.raw.strip() else None
            value = result.text if result and result.text else detail.blank
            if result is not None and (result.problems or not result.text):
                problems = result.problems or ("nothing was left of it",)
                if not result.text:
                    problems = (*problems, "the standard wording is used instead")
                cleaned.append((detail, DetailCleaning(result.text, problems)))
            if starts and value[:1].islower():
                value = value[0].upper() + value[1:]
            text = text[:pos] + value + text[pos + 1 :]
            resume = pos + len(value)
    return _single_spaced(text), tuple(cleaned)


def clause_around(text: str, mark: str) -> str:
    """The sentence of rendered ``text`` holding ``mark``, the mark shown as ``___``."""
    pos = text.find(mark)
    if pos < 0:
        return ""
    start = max(text.rfind(". ", 0, pos), text.rfind("! ", 0, pos), text.rfind("? ", 0, pos))
    start = 0 if start < 0 else start + 2
    ends = [i for i in (text.find(". ", pos), text.find("! ", pos), text.find("? ", pos)) if i >= 0]
    end = min(ends) + 1 if ends else len(text)
    sentence = text[start:end]
    return " ".join(sentence.replace(mark, BLANK).split())
