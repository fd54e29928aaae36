"""The game-term glossary and finding its terms in a System Text (issue 15, item 4)."""

from __future__ import annotations

import pytest

from builder.contract.gifts import GiftDraft, default_catalog, evaluate_gift
from builder.contract.gifts.glossary import (
    GlossaryError,
    default_glossary,
    find_terms,
    parse_glossary,
)

NEEDED = ("exert", "sapient", "object", "resist", "concentration", "dice_bonus", "source")


def test_the_shipped_glossary_explains_the_terms_the_issue_names() -> None:
    glossary = default_glossary()
    ids = {t.id for t in glossary.terms}
    assert set(NEEDED) <= ids
    for term in glossary.terms:
        assert 20 <= len(term.explanation) <= 300, term.id
        assert term.explanation.endswith("."), term.id
    bonus = next(t for t in glossary.terms if t.id == "dice_bonus")
    assert "only the highest one counts" in bonus.explanation


def test_terms_are_found_in_a_system_text_longest_first() -> None:
    text = evaluate_gift(GiftDraft("power", "injure", "targeted"), default_catalog()).system_text
    hits = find_terms(text)
    assert [(h.text, h.term.id) for h in hits] == [
        ("Action", "action"),
        ("Exert", "exert"),
        ("Difficulty", "difficulty"),
        ("Weapon Damage", "weapon_damage"),
    ]
    first = hits[0]
    assert text[first.start : first.end] == "Action"


def test_whole_words_only() -> None:
    assert [h.text for h in find_terms("Actionable Exertion, Rounds and Roundabouts")] == [
        "Exertion",
        "Rounds",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[terms.a]\nterm = "A"\n', "terms.a: 'explanation' is required"),
        ('[terms.a]\nterm = "A"\nexplanation = "x"\ncolour = 1\n', "unknown field(s) colour"),
        (
            '[terms.a]\nterm = "A"\nexplanation = "x"\n[terms.b]\nterm = "A"\nexplanation = "y"\n',
            "terms.b: 'A' is already a form of terms.a",
        ),
    ],
)
def test_a_broken_glossary_is_refused_with_the_entry(text: str, message: str) -> None:
    with pytest.raises(GlossaryError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_glossary(text)
