"""The game-term glossary and finding its terms in a System Text (issue 15, item 4)."""

from __future__ import annotations

import pytest

from builder.contract.gifts import GiftDraft, default_catalog, evaluate_gift
from builder.contract.gifts.glossary import (
    GlossaryError,
    default_glossary,
    effect_note,
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
        ('[effects.heal]\nrules = "Injuries"\n', "effects.heal: 'explanation' is required"),
        (
            '[effects.heal]\nexplanation = "x"\nterm = "Heal"\n',
            "effects.heal: unknown field(s) term",
        ),
        ('[effects.heal]\nexplanation = "x"\nrules = 3\n', "effects.heal: 'rules' must be"),
        ("[spells.heal]\n", "a glossary has only"),
    ],
)
def test_a_broken_glossary_is_refused_with_the_entry(text: str, message: str) -> None:
    with pytest.raises(GlossaryError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_glossary(text)


def test_every_catalog_effect_has_a_glossary_entry_and_every_entry_an_effect() -> None:
    """Issue 31, item 7: glossary entries for every Effect (93 in the shipped catalog when
    written), each a sentence or two naming the rules section to read; no entry is left
    over for an Effect the catalog no longer has."""
    catalog, glossary = default_catalog(), default_glossary()
    assert set(glossary.effects) == set(catalog.effects)
    assert len(glossary.effects) >= 93
    for eid, note in glossary.effects.items():
        assert note.effect == eid
        assert 20 <= len(note.explanation) <= 300, eid
        assert note.explanation.endswith("."), eid
        assert note.rules, eid


def test_effect_notes_that_say_a_status_say_the_catalog_s() -> None:
    """An entry that names a Status ("Seasoned Status or higher") says the Effect's own, and
    the Effects the rules text names are marked so: "the Intangibility Effect is restricted
    to only Veteran Contractors (25+ wins)"."""
    catalog, glossary = default_catalog(), default_glossary()
    for eid, note in glossary.effects.items():
        status = catalog.effects[eid].status
        for named in ("Novice", "Seasoned", "Professional", "Veteran"):
            if f"{named} Status or higher" in note.explanation or f"{named} contractors" in (
                note.explanation
            ):
                assert named == status.label, eid
        if catalog.effects[eid].design == "rules":
            assert note.explanation.startswith("Named by the rules text"), eid
    assert "Veteran contractors (25+ wins)" in glossary.effects["intangibility"].explanation
    assert effect_note("injure") is glossary.effects["injure"]
    assert effect_note("no_such_effect") is None
