"""Correcting history: a Correction voids or replaces an earlier entry, the fold prices the rest.

Numbers from "Earning Experience": +3 Exp for a Contract at home, +1 away,
+2 for a victory; "Journals can award a maximum total of 2 Exp per Contract
attended".
"""

from __future__ import annotations

from dataclasses import replace

from builder.contract.character import ContractAttended, Correction, Outcome
from builder.contract.correcting import current_entry, replace_entry, void_entry
from builder.contract.ledger import fold_ledger
from builder.contract.ledger.corrections import correct_ledger
from builder.contract.serialize import contractor_from_dict, contractor_to_dict
from builder.contract.sheet import evaluate_sheet
from tests.builder.contract.ledger_text import contractor

THREE = """
    2026-05-01 contract home victory 'The Lantern Job'
    2026-05-02 contract away failure 'Low Tide'
    2026-05-03 contract home failure 'The Glass Orchard'
"""
"""Worth 5, 1 and 3 Exp: 9 in all, 159 available from the starting 150."""


def _with(base, *corrections):  # type: ignore[no-untyped-def]
    return replace(base, ledger=(*base.ledger, *corrections))


def test_three_contracts_earn_9_exp() -> None:
    fold = fold_ledger(contractor(THREE))
    assert fold.exp.earned_total == 5 + 1 + 3
    assert fold.exp.available == 159
    assert fold.contracts_attended == 3


def test_voiding_the_second_contract_takes_back_its_1_exp() -> None:
    fixed = _with(contractor(THREE), Correction("2026-05-04", 1, (), "I was not there"))
    fold = fold_ledger(fixed)
    assert fold.exp.earned_total == 5 + 3
    assert fold.exp.earned_by_source["attendance_away"] == 0
    assert fold.exp.earned_by_source["attendance_home"] == 6
    assert fold.exp.available == 158
    assert fold.contracts_attended == 2
    assert [line.index for line in fold.lines] == [0, 2]
    assert fold.corrected.corrected[1].voided
    assert fold.corrected.corrected[1].by == 3
    assert not fold.findings


def test_voiding_the_victory_drops_the_victory_and_its_2_exp() -> None:
    fold = fold_ledger(_with(contractor(THREE), Correction("2026-05-04", 0)))
    assert fold.victories == 0
    assert fold.exp.earned_total == 1 + 3
    assert fold.exp.bonus_cap == 10


def test_replacing_keeps_the_entrys_place_and_prices_the_new_one() -> None:
    base = contractor(THREE)
    won = replace(base.ledger[2], outcome=Outcome.VICTORY)
    fold = fold_ledger(_with(base, Correction("2026-05-04", 2, (won,), "we won")))
    # 5 + 1 + (3 + 2)
    assert fold.exp.earned_total == 11
    assert fold.victories == 2
    assert [line.index for line in fold.lines] == [0, 1, 2]
    assert fold.lines[2].earned == 5


def test_the_latest_correction_of_an_entry_decides() -> None:
    base = contractor(THREE)
    voided = _with(base, Correction("2026-05-04", 1))
    restored = _with(voided, Correction("2026-05-05", 1, (base.ledger[1],)))
    assert fold_ledger(restored).exp.earned_total == 9
    assert current_entry(restored, 1) == base.ledger[1]
    assert current_entry(voided, 1) is None


def test_a_voided_contract_no_longer_opens_room_for_journals() -> None:
    # Journals: at most 2 Exp per Contract attended. One Contract, three
    # Journals: 2 Exp. Voiding the Contract leaves no room at all.
    base = contractor(
        """
        2026-05-01 contract away failure 'Low Tide'
        2026-05-02 journal downtime 300 'One'
        2026-05-03 journal downtime 300 'Two'
        """
    )
    assert fold_ledger(base).exp.earned_by_source["journal"] == 2
    fixed = fold_ledger(_with(base, Correction("2026-05-04", 0)))
    assert fixed.exp.earned_by_source["journal"] == 0
    assert fixed.exp.earned_total == 0


def test_bad_corrections_are_errors_and_change_nothing() -> None:
    base = contractor(THREE)
    later = Correction("2026-05-04", 5)
    of_itself = Correction("2026-05-04", 3)
    journal = contractor("2026-05-01 journal downtime 300 'One'").ledger[0]
    other_kind = Correction("2026-05-04", 0, (journal,))
    fixed = _with(base, later, of_itself, other_kind)
    fold = fold_ledger(fixed)
    assert fold.exp.earned_total == 9
    messages = [f.message for f in fold.findings if f.rule == "ledger.correction_invalid"]
    assert messages == [
        "Correction 1 (2026-05-04) is ignored: it names entry 6, but a correction can only "
        "name an entry recorded before it.",
        "Correction 2 (2026-05-04) is ignored: it names Correction 1 (2026-05-04), which is "
        "itself a correction; correct the original entry instead.",
        "Correction 3 (2026-05-04) is ignored: it puts a Journal in place of a Contract; "
        "remove the entry and record the new one instead.",
    ]


def test_a_correction_of_a_correction_is_refused() -> None:
    fixed = _with(contractor(THREE), Correction("2026-05-04", 1), Correction("2026-05-05", 3))
    fold = fold_ledger(fixed)
    assert fold.exp.earned_total == 8
    (finding,) = [f for f in fold.findings if f.rule == "ledger.correction_invalid"]
    assert "which is itself a correction" in finding.message


def test_void_entry_and_replace_entry_append_one_correction() -> None:
    base = contractor(THREE)
    voided = void_entry(base, 1, "2026-05-04", "not there")
    assert voided.accepted
    assert voided.character.ledger[:3] == base.ledger
    assert voided.character.ledger[3] == Correction("2026-05-04", 1, (), "not there")
    assert evaluate_sheet(voided.character).exp.earned_total == 8

    again = void_entry(voided.character, 1, "2026-05-05")
    assert again.refused
    assert again.findings[0].message == "Contract 2 (2026-05-02) is already removed"

    new = replace(base.ledger[1], home=True)
    edited = replace_entry(base, 1, new, "2026-05-04")
    assert edited.accepted
    # 5 + 3 + 3
    assert evaluate_sheet(edited.character).exp.earned_total == 11
    assert replace_entry(edited.character, 1, new, "2026-05-05").refused
    assert void_entry(base, 7, "2026-05-04").refused


def test_corrections_survive_the_file_format() -> None:
    fixed = _with(
        contractor(THREE),
        Correction("2026-05-04", 1, (), "not there"),
        Correction(
            "2026-05-05",
            2,
            (ContractAttended("2026-05-03", "The Glass Orchard", True, Outcome.VICTORY),),
        ),
    )
    data = contractor_to_dict(fixed)
    assert data["ledger"][3] == {
        "type": "correction",
        "date": "2026-05-04",
        "target": 1,
        "replacement": [],
        "reason": "not there",
    }
    assert contractor_from_dict(data) == fixed
    assert correct_ledger(fixed.ledger).history[1].outcome is Outcome.VICTORY


def test_a_character_file_with_corrections_reads_back(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from builder.contract.file import dumps_character_file, read_character_file

    fixed = _with(
        contractor(THREE),
        Correction("2026-05-04", 1, (), "not there"),
        Correction(
            "2026-05-05",
            2,
            (ContractAttended("2026-05-03", "The Glass Orchard", True, Outcome.VICTORY),),
        ),
    )
    path = tmp_path / "fixed.json"
    path.write_bytes(dumps_character_file(fixed))
    assert read_character_file(path) == fixed


def test_a_correction_with_a_bad_replacement_is_refused_with_its_place(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    import pytest

    from builder.contract.file import CharacterFileError, dumps_character_file, read_character_file

    fixed = _with(contractor(THREE), Correction("2026-05-04", 1))
    document = json.loads(dumps_character_file(fixed))
    document["character"]["ledger"][3]["replacement"] = [{"type": "contract", "date": 5}]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CharacterFileError) as caught:
        read_character_file(path)
    assert "ledger[3]" in str(caught.value) or "entry 4" in str(caught.value)


def test_a_ledger_tuple_asked_again_gets_its_answer_kept_and_another_ledger_its_own() -> None:
    """The sheet asks for one ledger's corrected history several times: the answer for that
    very tuple is kept; a different ledger (or a list, which can change) is worked out anew."""
    plain = contractor(THREE).ledger
    voided = _with(contractor(THREE), Correction("2026-05-04", 1, (), "I was not there")).ledger
    first = correct_ledger(voided)
    assert correct_ledger(voided) is first
    assert [i for i, _ in correct_ledger(plain).entries] == [0, 1, 2]
    again = correct_ledger(voided)
    assert again == first
    assert [i for i, _ in again.entries] == [0, 2]
    as_list = list(voided)
    assert correct_ledger(as_list) is not correct_ledger(as_list)
    assert correct_ledger(as_list) == first
