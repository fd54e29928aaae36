"""A leader's suggested correction and the player's answer (issue 32 item 5).

Numbers from "Earning Experience" in the rules text:
  "+3 Exp - Attend a Contract in their home Playgroup."
  "+1 Exp - Attend a Contract outside of their home Playgroup."
  "+2 Exp - Claim victory on a Contract."
So a victory at home is worth 3 + 2 = 5 Exp and the same victory away 1 + 2 = 3.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from builder.contract.audit_suggestions import SUGGESTIONS_CHECK, suggestions_line
from builder.contract.character import Answer, Correction
from builder.contract.file import dumps_character_file, read_character_file
from builder.contract.sheet import evaluate_sheet
from builder.contract.suggesting import (
    REFUSED,
    accept,
    decline,
    pending,
    suggest,
    suggestion_problems,
    suggestion_text,
)
from builder.core.files import CharacterFileError
from builder.core.findings import Severity
from tests.builder.contract.ledger_text import contractor

TWO_VICTORIES = """
    2026-05-01 contract home victory 'The Lantern Job'
    2026-05-08 contract home victory 'Low Tide'
"""
"""Recorded as two home victories: 5 + 5 = 10 Exp earned, 160 available from the 150.
The second was played at another Playgroup: away, it is worth 1 + 2 = 3."""


def _suggested():  # type: ignore[no-untyped-def]
    base = contractor(TWO_VICTORIES)
    away = replace(base.ledger[1], home=False)
    result = suggest(
        base, 1, away, by="Lee", date="2026-05-10", reason="played at the Tuesday group"
    )
    assert not result.findings
    return result.character


def test_a_suggestion_changes_nothing_until_the_player_answers() -> None:
    made = _suggested()
    before = evaluate_sheet(made).exp
    assert before.earned_total == 5 + 5
    assert before.available == 150 + 10
    assert len(made.ledger) == 2
    assert pending(made) == (0,)
    assert made.suggestions[0].by == "Lee"
    assert suggestion_text(made, made.suggestions[0]) == (
        "Lee suggests (2026-05-10): Contract 2 (2026-05-08) becomes Contract: Low Tide "
        "(away, victory) — played at the Tuesday group"
    )


def test_accepting_appends_the_correction_and_takes_back_2_exp() -> None:
    made = _suggested()
    result = accept(made, 0, "2026-05-11")
    assert not [f for f in result.findings if f.severity is Severity.ERROR]
    after = result.character
    exp = evaluate_sheet(after).exp
    assert exp.earned_total == 5 + 3
    assert exp.available == 158
    assert after.ledger[2] == Correction(
        "2026-05-11",
        1,
        (replace(made.ledger[1], home=False),),
        "played at the Tuesday group (suggested by Lee on 2026-05-10)",
    )
    answered = after.suggestions[0]
    assert (answered.answer, answered.answered, answered.entry) == (
        Answer.ACCEPTED,
        "2026-05-11",
        2,
    )
    assert pending(after) == ()


def test_declining_keeps_the_totals_and_a_dated_record() -> None:
    made = _suggested()
    after = decline(made, 0, "2026-05-11", "it was a joint session, home rules").character
    assert after.ledger == made.ledger
    assert evaluate_sheet(after).exp.available == 160
    answered = after.suggestions[0]
    assert (answered.answer, answered.answered) == (Answer.DECLINED, "2026-05-11")
    assert answered.note == "it was a joint session, home rules"


def test_an_answered_suggestion_cannot_be_answered_again() -> None:
    after = decline(_suggested(), 0, "2026-05-11").character
    again = accept(after, 0, "2026-05-12")
    assert again.character is after
    assert [f.rule for f in again.findings] == [REFUSED]
    assert "already declined on 2026-05-11" in again.findings[0].message
    assert [f.rule for f in accept(after, 3, "2026-05-12").findings] == [REFUSED]


def test_a_suggestion_needs_a_reason_and_a_leader_and_must_apply() -> None:
    base = contractor(TWO_VICTORIES)
    assert (
        "say why"
        in suggest(base, 1, None, by="Lee", date="2026-05-10", reason=" ").findings[0].message
    )
    assert (
        "name the leader"
        in suggest(base, 1, None, by="", date="2026-05-10", reason="x").findings[0].message
    )
    missing = suggest(base, 7, None, by="Lee", date="2026-05-10", reason="x")
    assert missing.character is base
    assert "no entry 7" in missing.findings[0].message
    same = suggest(base, 1, base.ledger[1], by="Lee", date="2026-05-10", reason="x")
    assert "nothing to change" in same.findings[0].message


def test_the_audit_says_pending_accepted_and_declined() -> None:
    made = _suggested()
    line = suggestions_line(made)
    assert line is not None and line.check == SUGGESTIONS_CHECK
    assert line.message == "Suggested corrections: 1 pending"
    finding = line.findings[0]
    assert finding.rule == "suggestion.pending" and finding.severity is Severity.WARNING
    assert finding.numbers["exp_available"] == 160
    assert finding.numbers["exp_available_if_accepted"] == 158

    accepted = suggestions_line(accept(made, 0, "2026-05-11").character)
    assert accepted is not None
    assert accepted.message == "Suggested corrections: 1 accepted"
    assert accepted.findings[0].rule == "suggestion.accepted"
    assert "accepted on 2026-05-11, recorded as ledger entry 2" in accepted.findings[0].message

    declined = suggestions_line(decline(made, 0, "2026-05-11", "joint session").character)
    assert declined is not None
    assert declined.numbers == {"pending": 0, "accepted": 0, "declined": 1}
    assert "declined on 2026-05-11 (joint session); the ledger is unchanged" in (
        declined.findings[0].message
    )


def test_no_suggestion_no_line() -> None:
    assert suggestions_line(contractor(TWO_VICTORIES)) is None


def test_a_file_round_trips_its_suggestions_and_an_old_file_has_none() -> None:
    made = _suggested()
    assert read_character_file(dumps_character_file(made)) == made
    plain = contractor(TWO_VICTORIES)
    assert b"suggestions" not in dumps_character_file(plain)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"target": 9}, "it names entry 9, but the ledger has 2 entries"),
        ({"answer": "accepted", "answered": "2026-05-11", "entry": 1}, "is not the correction"),
        ({"answer": "declined"}, "it is declined but says not when"),
        ({"answered": "2026-05-11"}, "pending but carries an answer date"),
    ],
)
def test_a_file_with_a_suggestion_that_does_not_fit_is_refused(change, words) -> None:  # type: ignore[no-untyped-def]
    made = _suggested()
    typed = {k: Answer(v) if k == "answer" else v for k, v in change.items()}
    bad = replace(made, suggestions=(replace(made.suggestions[0], **typed),))
    assert next(iter(suggestion_problems(bad)))[0] == "suggestions[0]"
    document = json.loads(dumps_character_file(made))
    document["character"]["suggestions"][0].update(change)
    with pytest.raises(CharacterFileError) as caught:
        read_character_file(json.dumps(document).encode())
    assert words in str(caught.value)
    assert "suggestions[0]" in str(caught.value)


def test_a_pending_suggestion_is_due_until_answered() -> None:
    from builder.contract.due import DueKind, badges, what_is_due

    made = _suggested()
    due = [item for item in what_is_due(made) if item.kind is DueKind.SUGGESTION]
    assert [(item.where, item.message.endswith("not answered yet")) for item in due] == [
        ("suggestions[0]", True)
    ]
    assert "Suggestion" in badges(what_is_due(made))
    answered = decline(made, 0, "2026-05-11").character
    assert not [item for item in what_is_due(answered) if item.kind is DueKind.SUGGESTION]
