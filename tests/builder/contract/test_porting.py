"""Ported contractors: one opening entry with the website's adjustments, approved by the leader.

Worked by hand from tests/app/walk.py's creation (65 of "150 Exp" spent, 85
left, one Gift Credit from the Coin of Charon) and the port adjustments:
Seasoned +100 Exp, +15 Gift adjustment, +5 Improvements; Veteran +200, +30,
+10; both allow "an additional 6th rank in an Ability".
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.contract.character import Contractor, Ported, PortLevel, Raise, TraitKind
from builder.contract.file import character_document
from builder.contract.ledger import fold_ledger
from builder.contract.porting import PortError, port_level, ported
from builder.contract.serialize import contractor_from_dict, contractor_to_dict
from builder.contract.status import Status
from builder.core.approval import approve
from builder.core.findings import Severity
from builder.core.review import review_document
from harbinger.app.contract.creation_file import plan_creation
from tests.app.walk import CREATION


def _made(port: str) -> Contractor:
    plan = plan_creation({**CREATION, "ported": port})
    assert plan.allowed and plan.after is not None
    return plan.after


@pytest.mark.parametrize(
    ("port", "available", "credits", "improvements", "status"),
    [
        ("none", 85, 1, 0, Status.NEWBIE),
        ("seasoned", 85 + 100, 1 + 15, 5, Status.SEASONED),
        ("veteran", 85 + 200, 1 + 30, 10, Status.VETERAN),
    ],
)
def test_a_port_opens_the_ledger_with_the_adjustments(
    port: str, available: int, credits: int, improvements: int, status: Status
) -> None:
    """Seasoned: 85 + 100 = 185 Exp, 1 + 15 = 16 Gift Credits, 5 Improvements (outside
    "Gift Credits and Improvements together are limited to twice the victories")."""
    contractor = _made(port)
    fold = fold_ledger(contractor)
    assert fold.exp.available == available
    assert fold.rewards.credits_available == credits
    assert fold.rewards.improvements_available == improvements
    assert fold.status is status
    assert fold.victories == 0
    if port == "none":
        assert contractor.ledger == ()
    else:
        assert len(contractor.ledger) == 1
        assert isinstance(contractor.ledger[0], Ported)
        assert fold.exp.earned_by_source["ported"] == available - 85


def test_the_port_allows_the_sixth_ability_rank_and_the_ledger_continues() -> None:
    """Athletics 3→4→5→6 costs "current rating x2": 6 + 8 + 10 = 24; Seasoned 185 − 24 = 161.
    Without the port the 6th rank "needs Seasoned status"."""
    raises = tuple(
        Raise("2026-03-01", TraitKind.ABILITY, "athletics", to, 2 * (to - 1)) for to in (4, 5, 6)
    )
    seasoned = _made("seasoned")
    fold = fold_ledger(replace(seasoned, ledger=seasoned.ledger + raises))
    assert fold.exp.available == 161
    assert fold.ratings.abilities["athletics"] == 6
    assert not [f for f in fold.findings if f.rule == "raise.above_max"]

    plain = _made("none")
    refused = fold_ledger(replace(plain, ledger=raises))
    assert [f.where for f in refused.findings if f.rule == "raise.above_max"] == ["ledger[2]"]


def test_the_port_waits_for_the_leader_and_is_settled_by_an_approval() -> None:
    contractor = _made("veteran")
    document = character_document(contractor, exported_at="2026-03-01T00:00:00Z")
    before = review_document(document)
    waiting = [f for line in before.audit.lines for f in line.findings if f.rule == "ledger.ported"]
    assert [f.severity for f in waiting] == [Severity.WARNING]
    assert "+200 Exp, +30 Gift Credits" in waiting[0].message
    assert "needs the Playgroup Leader's approval" in waiting[0].message

    approved = approve(document, "ledger[0]", "Lee", at="2026-03-02T00:00:00Z")
    after = review_document(approved)
    settled = [f for line in after.audit.lines for f in line.findings if f.rule == "ledger.ported"]
    assert [f.severity for f in settled] == [Severity.INFO]
    assert settled[0].message.endswith("approved by Lee (ledger[0])")


def test_a_port_after_other_history_is_an_error_and_ported_refuses_it() -> None:
    contractor = _made("seasoned")
    twice = replace(contractor, ledger=contractor.ledger * 2)
    rules = [f.rule for f in fold_ledger(twice).findings if f.severity is Severity.ERROR]
    assert "ported.not_opening" in rules
    with pytest.raises(PortError, match="must open the ledger"):
        ported(contractor, PortLevel.VETERAN, "2026-03-01")
    with pytest.raises(PortError, match="expected one of none, seasoned, veteran"):
        port_level("elder")


def test_a_port_survives_the_file_round_trip() -> None:
    contractor = _made("seasoned")
    assert contractor_from_dict(contractor_to_dict(contractor)) == contractor


def _bonus_line(contractor: Contractor) -> str:
    from builder.contract.audit import audit_contractor
    from builder.contract.gifts import default_catalog

    lines = audit_contractor(contractor, default_catalog()).lines
    return next(line.message for line in lines if line.check == "exp.bonus")


def test_the_audit_names_where_the_websites_bonus_cap_answers_otherwise_after_a_port() -> None:
    """"You cannot grant Bonus Experience to a Contractor if their total earned Experience
    is greater than 10 + (number of victories x 12)": a website archive with 5 victories
    whose opening brings 70 Exp sits exactly at 10 + 12 × 5 = 70, so the rules text still
    allows Bonus Exp; the website (earned below 160 + 12 × victories, counting the 150)
    refuses it. At 69 Exp both allow it and nothing is named."""
    base = _made("none")
    at_cap = replace(base, ledger=(Ported("2026-11-20", PortLevel.WEBSITE, victories=5, exp=70),))
    text = _bonus_line(at_cap)
    assert "earned 70 against the cap 10 + 12 × 5 victories = 70; may receive Bonus Exp now" in text
    assert "the website would refuse Bonus Exp here" in text
    below = replace(base, ledger=(Ported("2026-11-20", PortLevel.WEBSITE, victories=5, exp=69),))
    assert "website" not in _bonus_line(below)


def test_a_seasoned_port_names_the_websites_bonus_cap() -> None:
    """The port's +100 Exp counts as earned on both sides; the port entry names how the
    website's cap reads (an INFO finding), and 100 > 10 + 12 × 0 refuses Bonus Exp here."""
    fold = fold_ledger(_made("seasoned"))
    assert [f.severity for f in fold.findings if f.rule == "website.bonus_cap"] == [Severity.INFO]
    assert not fold.exp.bonus_eligible
