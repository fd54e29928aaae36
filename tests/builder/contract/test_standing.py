"""A contractor's standing from its ledger: victories, a port's Status floor, alive or dead.

``ledger_standing`` is what the roster stores on every write; ``fold_ledger``
books the same steps (``standing_after``) while it prices the history. These
tests work the numbers by hand from the rules text and hold the two readings
to each other for any contractor the file format allows.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from builder.contract.character import (
    ContractAttended,
    Contractor,
    Correction,
    Death,
    Outcome,
)
from builder.contract.ledger import fold_ledger
from builder.contract.ledger.standing import Standing, ledger_standing, standing_after
from builder.contract.port_record import Ported, PortLevel
from builder.contract.status import Status
from tests.hypothesis_profiles import examples
from tests.models.strategies import contractors


def _job(day: int, outcome: Outcome = Outcome.VICTORY) -> ContractAttended:
    return ContractAttended(f"2026-05-{day:02d}", f"Job {day}", True, outcome)


def test_victories_count_only_contracts_claimed_as_victories() -> None:
    """The rules: "Newbie: 0–3 victories … Novice: 4–9 victories"; a failure is no victory."""
    ledger = (_job(1), _job(2, Outcome.FAILURE), _job(3), _job(4), _job(5))
    assert ledger_standing(ledger) == Standing(victories=4, ported=None, alive=True)
    assert ledger_standing(ledger).floor_victories == 0


def test_a_port_opens_at_its_status_and_an_archive_brings_its_victories() -> None:
    """The rules: "Seasoned: 10–16 victories", "Veteran: 25+ victories"; a Veteran port needs 25
    victories as a floor; a website archive with 27 victories counts them, and one more
    victory here makes 28."""
    veteran = ledger_standing((Ported("2026-04-01", PortLevel.VETERAN),))
    assert (veteran.victories, veteran.floor_victories, veteran.ported) == (0, 25, Status.VETERAN)
    seasoned = ledger_standing((Ported("2026-04-01", PortLevel.SEASONED), _job(1)))
    assert (seasoned.victories, seasoned.floor_victories) == (1, 10)
    archive = (
        Ported("2026-04-01", PortLevel.WEBSITE, victories=27, ported_at="veteran"),
        _job(2),
    )
    assert ledger_standing(archive) == Standing(28, Status.VETERAN, True)
    bare_archive = (Ported("2026-04-01", PortLevel.WEBSITE, victories=3),)
    assert ledger_standing(bare_archive) == Standing(3, None, True)


def test_death_and_its_void() -> None:
    """The rules: "You can void a Contractor's death from the "Edit Obituary" page". A
    Contract ended in death kills, a voided Death brings the contractor back, a later
    Death kills again."""
    died = (_job(1), _job(2, Outcome.DEATH))
    assert ledger_standing(died) == Standing(1, None, alive=False)
    back = (*died, Death("2026-05-03", "", voided=True))
    assert ledger_standing(back).alive is True
    again = (*back, Death("2026-05-04", "a fall"))
    assert ledger_standing(again).alive is False
    assert standing_after(Standing(), Death("2026-05-05", "", voided=True)) == Standing()


def test_corrections_apply_before_counting() -> None:
    """A voided victory does not count; a death corrected into a victory counts as one and
    leaves the contractor alive."""
    ledger = (_job(1), _job(2), _job(3, Outcome.DEATH))
    assert ledger_standing((*ledger, Correction("2026-05-04", 0))) == Standing(1, None, False)
    revived = (*ledger, Correction("2026-05-04", 2, (_job(3),)))
    assert ledger_standing(revived) == Standing(3, None, True)


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(contractor=contractors)
def test_the_roster_reading_is_the_folds(contractor: Contractor) -> None:
    """Whatever the ledger holds, the cheap reading the roster stores gives the fold's
    victories, port Status and life, and the sheet's Status from them."""
    fold = fold_ledger(contractor)
    standing = ledger_standing(contractor.ledger)
    assert (standing.victories, standing.ported, standing.alive) == (
        fold.victories,
        fold.ported,
        fold.alive,
    )
    assert standing.floor_victories <= fold.status.min_victories
