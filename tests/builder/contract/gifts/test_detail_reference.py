"""The detail cleaning gives what it gave before it was made fast (issue 29, item 1).

:func:`clean_detail_text` was rewritten to cut a long text early, skip the
repairs that cannot apply and look only at the end of the text for the
repairs anchored there. Its answers must not change: the cleaned text and
every problem named to the player are compared here, over hostile inputs,
with a frozen copy of the algorithm as it was (``_reference_clean``), kept
in this module as the definition.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from builder.contract.gifts.detail import (
    DetailCleaning,
    PlacedDetail,
    _neighbours,
    _tidy,
    clean_detail_text,
    is_marker,
    marker,
    place_details,
)
from tests.builder.contract.gifts.test_detail_fuzz import _reference_neighbours
from tests.hypothesis_profiles import examples

# --- the frozen reference: builder/contract/gifts/detail.py as of c68fded ---------------------

_LIMIT = 120
_CONNECTORS = "and|or|to|the|a|an|of|with|by|within|for|when|if|unless|on|at|but|as|than|its|your"
_R_TRAILING_CONNECTOR = re.compile(rf"\b(?:{_CONNECTORS})\W*\Z", re.IGNORECASE)
_R_CONNECTOR_PUNCT = re.compile(rf"\b({_CONNECTORS})\s*[.,;:!?]+", re.IGNORECASE)
_R_TEMPLATE_CHARS = re.compile(r"[{}\[\]]")
_R_SENTENCE_STOPS = re.compile(r"[!?]+|\.{2,}|\.(?=\s|\Z)")
_R_PUNCT_RUN = re.compile(r"([,;:])[\s,;:.]*(?=[,;:.])[,;:.]")
_R_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,.;:)])")
_R_EMPTY_PARENS = re.compile(r"\([^\w()]*\)")
_R_DOUBLED = re.compile(r"\b(\w+)(?:\s+\1\b)+", re.IGNORECASE)
_R_EDGE_JUNK = " \t,.;:-\u2013\u2014"


def _r_sub(pattern: re.Pattern[str], repl: str, text: str, problem: str, out: list[str]) -> str:
    new = pattern.sub(repl, text)
    if new != text:
        out.append(problem)
    return new


def _r_tidy(text: str) -> str:
    text = " ".join(text.split())
    text = _R_SPACE_BEFORE_PUNCT.sub(r"\1", text)
    return text.strip(_R_EDGE_JUNK)


def _reference_clean(raw: str, before: str = "", after: str = "") -> DetailCleaning:
    """``clean_detail_text`` as it was before issue 29 made it fast."""
    problems: list[str] = []
    text = raw
    for _ in range(4):
        cleaned = _r_clean_once(text, before, after, problems)
        if cleaned == text:
            break
        text = cleaned
    return DetailCleaning(text, tuple(dict.fromkeys(problems)))


def _r_clean_once(raw: str, before: str, after: str, problems: list[str]) -> str:  # noqa: C901, PLR0912, PLR0915  (a frozen copy: its shape is the point)
    text = " ".join(raw.split())
    if len(text) > _LIMIT:
        cut = text[: _LIMIT + 1]
        text = cut.rsplit(" ", 1)[0] if " " in cut else cut[:_LIMIT]
        problems.append(f"cut to {_LIMIT} characters; a detail is a few words")
    braces = "removed braces and brackets; they are template syntax"
    text = _r_sub(_R_TEMPLATE_CHARS, "", text, braces, problems)
    text = _r_parentheses(text, problems)
    stopped = text
    while True:
        shorter = _R_SENTENCE_STOPS.sub("", stopped)
        if shorter == stopped:
            break
        stopped = shorter
    if stopped != text:
        problems.append("removed sentence punctuation (. ! ?); the detail sits inside a sentence")
        text = stopped
    text = _r_sub(_R_PUNCT_RUN, r"\1", text, "removed doubled punctuation", problems)
    text = _r_sub(_R_EMPTY_PARENS, "", text, "removed empty parentheses", problems)
    joined = text
    while True:
        shorter = _R_CONNECTOR_PUNCT.sub(r"\1", joined)
        if shorter == joined:
            break
        joined = shorter
    if joined != text:
        problems.append("removed punctuation after a connecting word")
        text = joined
    text = _r_sub(_R_DOUBLED, r"\1", text, "removed a doubled word", problems)
    tidied = _r_tidy(text)
    if tidied != text.strip():
        problems.append("removed punctuation at the start or end")
    text = tidied
    while True:
        cut = _R_TRAILING_CONNECTOR.sub("", text)
        cut = _r_tidy(cut)
        if cut == text:
            break
        if "removed a connecting word left hanging at the end" not in problems:
            problems.append("removed a connecting word left hanging at the end")
        text = cut
    if before:
        repeat = re.match(rf"{re.escape(before)}\b\W*", text, re.IGNORECASE)
        if repeat:
            text = text[repeat.end() :]
            problems.append(f"removed {before!r} at the start; the sentence already says it")
    if after:
        repeat = re.search(rf"\W*\b{re.escape(after)}\Z", text, re.IGNORECASE)
        if repeat:
            text = text[: repeat.start()]
            problems.append(f"removed {after!r} at the end; the sentence already says it")
    text = _r_tidy(text)
    if text and _R_TRAILING_CONNECTOR.search(text):
        text = _r_tidy(_R_TRAILING_CONNECTOR.sub("", text))
    return _r_parentheses(text, problems)


def _r_parentheses(text: str, problems: list[str]) -> str:
    text = _r_sub(_R_EMPTY_PARENS, "", text, "removed empty parentheses", problems)
    depth = 0
    for ch in text:
        depth += 1 if ch == "(" else -1 if ch == ")" else 0
        if depth < 0:
            break
    if depth != 0:
        text = text.replace("(", "").replace(")", "")
        problems.append("removed parentheses that do not pair up")
    return _r_tidy(text)


# --- inputs -----------------------------------------------------------------------------------

# Every character str.split() and the regex \s take for white space, and a few they do not.
_SPACES = [*" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2003\u200a\u2028\u2029"]
_SPACES += ["\u202f", "\u205f", "\u3000"]
_NOT_SPACES = ["\u200b", "\ufeff", "\u180e"]
# Letters the regex's IGNORECASE matches to the ASCII letters of the connectors: "ſ" is "s",
# "ı" and "İ" are "i", "K" (Kelvin) is "k"; and letters, digits and marks of other scripts.
_LETTERS = [*"abdefhinorstwxyzADNORTW_0", "é", "ß", "Ü", "ſ", "ı", "İ", "K", "Σ", "ς", "٣", "Ⅷ"]
_LETTERS += ["\u0301", "ﬁ"]
_PUNCT = [*".,;:!?-'\"(){}[]", "\u2013", "\u2014", "…", "¡", "¿", "\ue000"]
_MORE_WORDS = "AND Or THE An wHeN ſo aſ ıf İf wıth key Key KEY door around hold wear copper rod"
_WORDS = [*_CONNECTORS.split("|"), *_MORE_WORDS.split(" ")]
# A detail's own marker characters are removed before anything else looks at them (a
# change from the frozen copy, tested on its own below), so the compared texts hold none.
_PIECES = st.one_of(
    st.sampled_from(_LETTERS + [p for p in _PUNCT if not is_marker(p)] + _SPACES + _NOT_SPACES),
    st.sampled_from(_WORDS).map(lambda w: f" {w} "),
    st.sampled_from(_WORDS).map(lambda w: f"{w} {w}"),  # doubled words
    st.sampled_from(_WORDS).map(lambda w: f"{w}{w.upper()}"),
    st.sampled_from(_WORDS).map(lambda w: f" {w}."),  # a connector before a stop
    st.sampled_from(_WORDS).map(lambda w: f"({w})"),
    st.tuples(st.sampled_from(_SPACES), st.integers(2, 300)).map(lambda s: s[0] * s[1]),
)
_SHORT = st.lists(_PIECES, max_size=60).map("".join)
_LONG = st.tuples(st.lists(_PIECES, min_size=1, max_size=30).map("".join), st.integers(2, 700)).map(
    lambda t: t[0] * t[1]
)
_CUT_AREA = st.builds(
    lambda head, run, tail: head + run + tail,
    st.text(alphabet="ab ", min_size=100, max_size=140),
    st.tuples(st.sampled_from(_SPACES), st.integers(0, 20_000)).map(lambda s: s[0] * s[1]),
    _SHORT,
)
_TEXT = st.one_of(_SHORT, _LONG, _CUT_AREA)
_AROUND = st.one_of(
    st.just(""),
    st.sampled_from(_WORDS),
    st.lists(st.sampled_from(_LETTERS), min_size=1, max_size=4).map("".join),
    st.lists(st.sampled_from(_LETTERS + _PUNCT + [" "]), min_size=1, max_size=4).map("".join),
)

# The shapes that matter at the 120-character cut, and around the raw prefix the fast
# cleaning reads first.
_CUT_CASES = [
    "x" * 118 + " abcdef",  # a word crossing the cut
    "x" * 120 + " tail",
    "x" * 121,
    "x" * 119 + " y",
    "x" * 120,
    "a " * 60 + "b",
    "a" * 60 + " " * 5000 + "b" * 70,  # a white-space run before the cut
    " " * 20_000 + "word " * 30,  # a huge run first
    "word" + "\u3000" * 20_000 + "word " * 30,
    "a" + "{" * 150 + " b",  # cleaning leaves less than 120 after the cut
    "{" * 119 + " " + "[key] " * 40,
    "the the " * 40,
    "a key and " * 30,
    "x" * 10_000,
    "oak ash " * 1500,
    "a copper rod wound with wire and " * 300,
    ("a, ; . b! " * 2000),
    "(" * 200 + "a" + ")" * 200,
    "x " * 200 + "\n" * 300 + "y " * 100,
    "x" * 120 + " " * 300,  # exactly the limit once squeezed, from a long raw text
    "x" * 59 + " " + "y" * 60 + "\t" * 300,
    "x" * 59 + " " + "y" * 61 + "\t" * 300,
    "\n" * 300 + "x" * 120,
]


def _same(raw: str, before: str, after: str) -> None:
    expected = _reference_clean(raw, before, after)
    assert clean_detail_text.__wrapped__(raw, before, after) == expected, (raw, before, after)
    assert clean_detail_text(raw, before, after) == expected


@pytest.mark.parametrize("raw", _CUT_CASES, ids=range(len(_CUT_CASES)))
@pytest.mark.parametrize("around", [("", ""), ("around", "for"), ("a", "wound"), ("x", "b")])
def test_the_cut_cases_clean_as_before(raw: str, around: tuple[str, str]) -> None:
    _same(raw, *around)


def test_the_regex_classes_are_the_str_methods_the_fast_cleaning_uses() -> None:
    """The fast cleaning walks the text with ``str.isalnum``/``str.isspace`` where the
    regexes say ``\\w``/``\\s``: they agree on every code point, and no character is both.
    The plain space is the only white space ``str.isprintable`` lets through."""
    everything = "".join(map(chr, range(0x110000)))
    assert [ch for ch in everything if ch.isspace() and ch.isprintable()] == [" "]
    # Doubled words are looked for in the lower case: one character each but for "İ".
    assert [ch for ch in everything if len(ch.lower()) != 1] == ["\u0130"]
    words = "".join(re.findall(r"\w", everything))
    spaces = "".join(re.findall(r"\s", everything))
    assert words == "".join(ch for ch in everything if ch.isalnum() or ch == "_")
    assert spaces == "".join(ch for ch in everything if ch.isspace())
    assert not set(words) & set(spaces)


@settings(max_examples=examples(400), deadline=None, suppress_health_check=list(HealthCheck))
@given(raw=_SHORT, before=_AROUND, after=_AROUND)
@example(raw="when the door opens", before="when", after="")
@example(raw="a key for", before="", after="for")
@example(raw="a key ,, for", before="", after="for")
@example(raw="a key and", before="", after="")
@example(raw="a.n.b", before="", after="")
@example(raw="gb(')-f", before="", after="")
@example(raw="a key unless", before="", after="")  # the longest connectors
@example(raw="a key WITHIN -", before="", after="")
@example(raw="a key ſo within", before="", after="")
@example(raw="and", before="", after="")
@example(raw="a key ' door", before="", after="door")  # not junk the tidying would take
@example(raw="a key (door", before="", after="DOOR")
@example(raw="for", before="", after="for")
@example(raw="x-key key", before="", after="")  # doubled words behind a mark or in odd cases
@example(raw="key's key's", before="", after="")
@example(raw="key_a key_a", before="", after="")
@example(raw="a key key, b", before="", after="")
@example(raw="ΑΣ ασ", before="", after="")
@example(raw="İf if", before="", after="")
@example(raw="xİ Xİ", before="", after="")
@example(raw="aſ AS", before="", after="")
@example(raw="Kelvin kelvin", before="", after="")
@example(raw="a key ANd", before="", after="")
@example(raw="a key aſ", before="", after="")
@example(raw="a key wıth", before="", after="")
def test_short_details_clean_as_before(raw: str, before: str, after: str) -> None:
    _same(raw, before, after)


@settings(max_examples=examples(1000), deadline=None, suppress_health_check=list(HealthCheck))
@given(raw=_SHORT)
@example(raw="a , . b")
@example(raw="- ,a ) .")
def test_a_tidied_text_is_tidy(raw: str) -> None:
    """The cleaning skips tidying what ``_tidy`` made: tidying it again changes nothing."""
    once = _tidy(raw)
    assert _tidy(once) == once
    assert once == _r_tidy(raw)


@pytest.mark.slow  # 8,000 examples in CI, many of 10,000+ characters: about 30 s
@settings(max_examples=examples(8_000), deadline=None, suppress_health_check=list(HealthCheck))
@given(raw=_TEXT, before=_AROUND, after=_AROUND)
def test_any_detail_cleans_as_before(raw: str, before: str, after: str) -> None:
    _same(raw, before, after)


# --- placing details: the frozen place_details, with the regex definition of a marker's words ---


def _reference_place(
    text: str, details: list[PlacedDetail]
) -> tuple[str, tuple[tuple[PlacedDetail, DetailCleaning], ...]]:
    """``place_details`` as it was before issue 29 made it fast (without ``keep``)."""
    cleaned: list[tuple[PlacedDetail, DetailCleaning]] = []
    for index, detail in enumerate(details):
        mark = marker(index)
        while True:
            pos = text.find(mark)
            if pos < 0:
                break
            before, after, starts = _reference_neighbours(text, pos, pos + 1)
            result = _reference_clean(detail.raw, before, after) if detail.raw.strip() else None
            value = result.text if result and result.text else detail.blank
            if result is not None and (result.problems or not result.text):
                problems = result.problems or ("nothing was left of it",)
                if not result.text:
                    problems = (*problems, "the standard wording is used instead")
                cleaned.append((detail, DetailCleaning(result.text, problems)))
            if starts and value[:1].islower():
                value = value[0].upper() + value[1:]
            text = text[:pos] + value + text[pos + 1 :]
    return " ".join(text.split()), tuple(cleaned)


_SENTENCE_PIECES = st.one_of(
    st.sampled_from([*_LETTERS, *_PUNCT, *_SPACES, *_NOT_SPACES, " ", " ", " "]),
    st.sampled_from(_WORDS).map(lambda w: f" {w} "),
    st.integers(1, 80).map(lambda n: "w" * n),  # words longer than the look back
    st.integers(0, 3).map(marker),
)
_SENTENCE = st.lists(_SENTENCE_PIECES, max_size=60).map("".join)
_BLANK = st.sampled_from(["a particular item", "something", "", "  two  spaces ", "x\ty"])


@settings(max_examples=examples(1000), deadline=None, suppress_health_check=list(HealthCheck))
@given(text=_SENTENCE, raws=st.lists(_SHORT, min_size=4, max_size=4), blank=_BLANK)
@example(text="w" * 70 + " " + marker(0) + " rest", raws=["when", "", "", ""], blank="x")
@example(text="hold_it " + marker(0) + ".", raws=["a key", "", "", ""], blank="x")
@example(text=marker(0) + " " + marker(1), raws=["a key", "", "   ", "x"], blank="  ")
def test_details_are_placed_as_before(text: str, raws: list[str], blank: str) -> None:
    """The words around each marker, the cleaning, the capital and the final spacing
    (for details without a marker character: the frozen copy replaced those again)."""
    raws = ["".join(ch for ch in raw if not is_marker(ch)) for raw in raws]
    details = [PlacedDetail(raw, blank, f"drawbacks[{i}].detail") for i, raw in enumerate(raws)]
    assert place_details(text, details) == _reference_place(text, details)


@settings(max_examples=examples(3000), deadline=None)
@given(
    text=st.lists(_SENTENCE_PIECES, max_size=40).map("".join),
    cut=st.integers(0, 400),
    width=st.integers(0, 3),
)
def test_the_words_around_a_marker_are_found_near_by_as_before(
    text: str, cut: int, width: int
) -> None:
    """The look back for the space before a word gives the regex definition's answers,
    for words shorter and longer than the characters it looks back over."""
    start = min(cut, len(text))
    end = min(start + width, len(text))
    assert _neighbours(text, start, end) == _reference_neighbours(text, start, end)


def test_a_detail_holding_a_marker_character_is_placed_once() -> None:
    """A detail that is the marker's own character ends (it was placed again for ever):
    the character is removed, so the empty detail shows the catalog's stand-in."""
    details = [PlacedDetail(marker(0), "an item", "drawbacks[0].detail")]
    text, _cleaned = place_details("hold " + marker(0) + ".", details)
    assert text == "hold an item."


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("\ue000", ""),
        ("a \ue000key", "a key"),
        ("a key\ue001 \ue0ff", "a key"),
        ("x" * 119 + "\ue000 tail", "x" * 119),  # removed after the cut, as the other repairs
    ],
)
def test_a_detail_loses_the_characters_markers_are_made_of(raw: str, expected: str) -> None:
    """A detail holding U+E000 to U+E0FF (the markers details stand as while the System
    Text is put together) loses them and says so; before, the character showed in the
    System Text, or a later detail's text took its place."""
    cleaned = clean_detail_text(raw)
    assert cleaned.text == expected
    assert (
        "removed private-use characters (U+E000 to U+E0FF); the app keeps them for itself"
        in cleaned.problems
    )


def test_a_detail_cannot_stand_in_for_a_later_detail() -> None:
    """Two details, the first holding the second's marker: each shows its own words."""
    details = [
        PlacedDetail("a key" + marker(1), "an item", "drawbacks[0].detail"),
        PlacedDetail("a lamp", "an item", "drawbacks[1].detail"),
    ]
    text, _cleaned = place_details("Hold " + marker(0) + ". Carry " + marker(1) + ".", details)
    assert text == "Hold a key. Carry a lamp."
