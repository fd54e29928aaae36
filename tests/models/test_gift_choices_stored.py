"""A Gift's player choices and per-instance modifier details survive the library (revision 0013).

Before revision 0013 the library kept a modifier's single ``detail`` and its
``count`` but dropped the draft's ``choices`` (which roll an Injure Gift uses)
and the ``details`` of a modifier taken several times, so a contractor read
back was not the one saved.
"""

from __future__ import annotations

from pathlib import Path

from builder.contract.character import Concept, Contractor, Gift
from builder.contract.gifts import GiftDraft, ModifierChoice
from models.library import Library


def _with_choices() -> Contractor:
    draft = GiftDraft(
        "power",
        "injure",
        "targeted",
        enhancements=(
            ModifierChoice("trigger_condition", details=("a door opens", "a bell rings")),
        ),
        choices={"roll": "dexterity+athletics"},
        name="Door Bolt",
    )
    return Contractor("ada", Concept("Ada Brandt"), gifts=(Gift("g1", draft, 2, "text"),))


def test_choices_and_details_are_read_back_as_saved(library_path: Path) -> None:
    ada = _with_choices()
    with Library.open(library_path) as library:
        library.save(ada)
    with Library.open(library_path) as library:
        back = library.load("ada")
    draft = back.gifts[0].draft
    assert dict(draft.choices) == {"roll": "dexterity+athletics"}
    [trigger] = draft.enhancements
    assert trigger.details == ("a door opens", "a bell rings")
    assert trigger.count == 2
    assert back == ada


def test_a_gift_without_choices_stores_empty_columns(library_path: Path) -> None:
    plain = Contractor(
        "bo", Concept("Bo"), gifts=(Gift("g1", GiftDraft("power", "injure", "targeted"), 1, ""),)
    )
    with Library.open(library_path) as library:
        library.save(plain)
        assert library.load("bo") == plain
