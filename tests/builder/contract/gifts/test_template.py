"""The System Text template language (SPEC §3): slots, optional parts, list joining."""

from __future__ import annotations

import pytest

from builder.contract.gifts.template import (
    TemplateSyntaxError,
    clause_pieces,
    fill_clause,
    finish_sentence,
    join_list,
    join_slot,
    parse_sentence,
    render,
)


def test_lists_join_without_serial_comma() -> None:
    assert join_list([], "and") == ""
    assert join_list(["A"], "and") == "A"
    assert join_list(["A", "B"], "and") == "A and B"
    assert join_list(["A", "B", "C"], "or") == "A, B or C"


def test_slot_joining() -> None:
    assert join_slot("sight", ["sound", "smell"], []) == "sight, sound and smell"
    assert join_slot("", ["sound"], []) == "sound"
    assert join_slot("attack someone", [], ["speak", "run"]) == "attack someone, speak or run"
    assert join_slot("A", ["B"], ["C"]) == "A and B, or C"
    assert join_slot("", [], ["C", "D"]) == "C or D"
    assert join_slot("", [], []) == ""


def test_finish_sentence_tidies() -> None:
    assert finish_sentence("  spend an  Action ,then rest ") == "Spend an Action,then rest."
    assert finish_sentence("it works;") == "It works."
    assert finish_sentence("Really?") == "Really?"
    assert finish_sentence("3 dice are lost") == "3 dice are lost."
    assert finish_sentence("") == ""


def test_sentence_with_empty_required_slot_is_dropped() -> None:
    sentences = [parse_sentence("Roll {roll}."), parse_sentence("The attack {traits}.")]
    assert render(sentences, {"roll": "Brawn", "traits": ""}) == "Roll Brawn."
    assert (
        render(sentences, {"roll": "Brawn", "traits": "burns"}) == "Roll Brawn. The attack burns."
    )


def test_optional_part_is_dropped_when_its_slot_is_empty() -> None:
    sentence = parse_sentence("Roll {roll}[, ignoring {ignored}].")
    assert render([sentence], {"roll": "Brawn", "ignored": ""}) == "Roll Brawn."
    assert (
        render([sentence], {"roll": "Brawn", "ignored": "cover"}) == "Roll Brawn, ignoring cover."
    )


def test_after_and_closing_sentences() -> None:
    sentences = [parse_sentence("Roll {roll}."), parse_sentence("The attack {traits}.")]
    text = render(
        sentences,
        {"roll": "Brawn", "traits": ""},
        after={"traits": ["it burns"], "roll": ["aim first"]},
        closing=["the end"],
    )
    assert text == "Roll Brawn. Aim first. It burns. The end."


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("Roll {roll", "unmatched '{' (column 6)"),
        ("Roll roll}", "unmatched '}' (column 10)"),
        ("Roll [{a} [{b}]]", "optional groups cannot be nested (column 11)"),
        ("Roll {a}]", "']' without a matching '[' (column 9)"),
        ("Roll [{a}", "'[' without a matching ']'"),
        ("Roll [plain].", "names no slot"),
        ("Roll {Big Slot}.", "{Big Slot} is not a slot name"),
    ],
)
def test_syntax_errors_name_the_column(source: str, message: str) -> None:
    with pytest.raises(TemplateSyntaxError) as info:
        parse_sentence(source)
    assert message in str(info.value)


def test_placeholders_can_be_limited() -> None:
    with pytest.raises(TemplateSyntaxError, match=r"unknown placeholder \{range\}"):
        parse_sentence("reach {range}", frozenset({"detail"}))


def test_clause_filling_is_single_pass() -> None:
    assert fill_clause("hold {detail}", "{count} keys") == "hold {count} keys"
    assert fill_clause("{count_word} more listeners", count=2) == "two more listeners"
    assert fill_clause("{count} more", count=14) == "14 more"


@pytest.mark.parametrize(
    ("clause", "count", "pieces"),
    [
        ("hold {detail}", 1, ("hold ", "")),
        (
            "{count_word} gusts around { detail } and {detail}",
            3,
            ("three gusts around ", " and ", ""),
        ),
        ("no detail, {count} times [x] {other}", 2, ("no detail, 2 times [x] {other}",)),
        ("{detail}", 1, ("", "")),
    ],
)
def test_clause_pieces_join_as_fill_clause_fills(
    clause: str, count: int, pieces: tuple[str, ...]
) -> None:
    """The loader cuts a clause once; joining the detail in gives what fill_clause gives."""
    assert clause_pieces(clause, count) == pieces
    for detail in ("a brass key", "{count} keys", ""):
        assert detail.join(pieces) == fill_clause(clause, detail, count)
