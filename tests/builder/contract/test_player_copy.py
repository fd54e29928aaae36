"""The player copy and the GM note in a contractor's file (issue 31 item 6), from the rules text.

"Cutoff values ... decrease by 1 every time a Contractor attends a Contract."
"Once the Cutoff countdown hits 0, the Loose End's Threat manifests."
"GMs must specify the Threat of a Loose End when they grant it. The Player can
only see the general threat-level (Dangerous, Deadly, or Fateful) until the
Cutoff hits zero." ("Loose Ends")

Worked by hand: three Contracts attended; both Loose Ends were granted after
the first (``granted_after`` 1), so two Contracts have counted them down.
"Filmed" (Cutoff 2): 2 − 2 = 0, its Threat has manifested and is due.
"Debt" (Cutoff 3): 3 − 2 = 1, one Contract to go, its Threat still hidden.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from builder.contract.character import Contractor, LooseEnd, ThreatLevel
from builder.contract.due import DueKind, what_is_due
from builder.contract.file import (
    character_document,
    document_from_data,
    read_character_document,
)
from builder.contract.player_copy import hidden_threats, player_copy
from builder.core.gm_notes import GmNote, gm_note_problem
from resources import resource_path
from tests.builder.contract.ledger_text import contractor

FILMED = LooseEnd(
    "Filmed", ThreatLevel.DANGEROUS, cutoff=2, granted_after=1, threat="Internet sleuths"
)
DEBT = LooseEnd("Debt", ThreatLevel.DEADLY, cutoff=3, granted_after=1, threat="The collector")


def three_contracts() -> Contractor:
    return contractor(
        """
        2026-01-05 contract home failure 'One'
        2026-01-19 contract home failure 'Two'
        2026-02-02 contract home failure 'Three'
        """,
        loose_ends=[FILMED, DEBT],
    )


def test_the_due_threat_stays_and_the_one_not_due_is_left_out() -> None:
    c = three_contracts()
    assert [i.where for i in what_is_due(c) if i.kind is DueKind.LOOSE_END] == ["loose_ends[0]"]
    assert hidden_threats(c) == (1,)
    copy = player_copy(c)
    # Keyed by their places, as Loose Ends written without keys are.
    assert copy.loose_ends == (replace(FILMED, key="le0"), replace(DEBT, threat="", key="le1"))
    assert replace(copy, loose_ends=c.loose_ends) == c  # nothing else changes


def test_the_next_contract_brings_the_second_threat_into_the_copy() -> None:
    """A fourth Contract: "Debt" 3 − 3 = 0, its Threat manifests too."""
    c = three_contracts()
    fourth = contractor(
        """
        2026-01-05 contract home failure 'One'
        2026-01-19 contract home failure 'Two'
        2026-02-02 contract home failure 'Three'
        2026-02-16 contract home failure 'Four'
        """,
        loose_ends=c.loose_ends,
    )
    assert hidden_threats(fourth) == ()
    assert player_copy(fourth) == fourth


def test_a_resolved_loose_end_not_due_still_hides_its_threat() -> None:
    """Resolving a Loose End by a Move before its Cutoff does not show the player the Threat."""
    c = replace(three_contracts(), loose_ends=(FILMED, replace(DEBT, resolved=True)))
    assert player_copy(c).loose_ends[1].threat == ""


def test_the_gm_note_is_an_optional_field_of_the_file_and_reads_back() -> None:
    c = three_contracts()
    note = GmNote(c.id, "Owes the collector more than she says.", "Dana", "2026-02-03")
    document = character_document(c, exported_at="", written_by="", gm_note=note)
    assert document["gm_notes"] == {
        "text": "Owes the collector more than she says.",
        "written_by": "Dana",
        "date": "2026-02-03",
    }
    read = document_from_data(document)
    assert (read.contractor, read.gm_note, read.player_copy) == (c, note, False)


def test_without_a_note_the_file_is_what_it_was_before() -> None:
    c = three_contracts()
    plain = character_document(c, exported_at="", written_by="")
    keys = ["format", "version", "exported_at", "app_version", "character", "approvals"]
    assert list(plain) == keys
    assert character_document(c, exported_at="", written_by="", gm_note=GmNote(c.id)) == plain


def test_the_player_copy_is_marked_and_has_neither_note_nor_hidden_threat() -> None:
    c = three_contracts()
    document = character_document(player_copy(c), exported_at="", written_by="", player_copy=True)
    read = document_from_data(document)
    assert read.player_copy and read.gm_note is None
    assert [le.threat for le in read.contractor.loose_ends] == ["Internet sleuths", ""]


def test_files_written_before_open_unchanged() -> None:
    for name in ("seasoned-ines-varga.json", "newbie-wren-halloway.json"):
        read = read_character_document(resource_path("examples") / name)
        assert (read.gm_note, read.player_copy) == (None, False)


def test_a_note_too_long_is_refused_in_words() -> None:
    assert gm_note_problem("x" * 100_000) is None
    assert gm_note_problem("x" * 100_001) == (
        "a GM note holds at most 100,000 characters, not 100,001"
    )


@given(
    attended=st.integers(0, 6),
    ends=st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 6), st.booleans()), min_size=1, max_size=4
    ),
)
def test_a_threat_is_in_the_copy_exactly_when_its_cutoff_has_hit_zero(
    attended: int, ends: list[tuple[int, int, bool]]
) -> None:
    """For any Cutoff, grant point and Contracts attended: the copy keeps a Threat iff
    Cutoff − (Contracts attended since it was granted) ≤ 0, worked here independently."""
    ledger = "\n".join(f"2026-01-{i + 1:02d} contract home failure 'C{i}'" for i in range(attended))
    loose = [
        LooseEnd(f"End {i}", ThreatLevel.DEADLY, cutoff, min(after, attended), f"T{i}", resolved)
        for i, (cutoff, after, resolved) in enumerate(ends)
    ]
    c = contractor(ledger, loose_ends=loose)
    copy = player_copy(c)
    for le, kept in zip(c.loose_ends, copy.loose_ends, strict=True):
        manifested = le.cutoff - (attended - le.granted_after) <= 0
        assert kept.threat == (le.threat if manifested else "")
        assert (kept.title, kept.threat_level, kept.cutoff) == (
            le.title,
            le.threat_level,
            le.cutoff,
        )
