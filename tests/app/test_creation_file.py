"""A creation file builds the contractor the creation wizard builds from the same choices."""

from __future__ import annotations

import pytest

from builder.contract.sheet import evaluate_sheet
from harbinger.app.contract.creation_file import (
    CreationFileError,
    plan_creation,
    read_choices,
)
from tests.app.walk import CREATION


def test_the_choices_become_a_contractor_with_the_rules_figures() -> None:
    """65 of "150 Exp" spent (worked in tests/app/walk.py); the Coin of Charon's Gift Credit."""
    plan = plan_creation(CREATION)
    assert plan.allowed and plan.after is not None
    report = evaluate_sheet(plan.after)
    assert (report.exp.creation_cost, report.exp.available) == (65, 85)
    assert report.rewards.credits_available == 1
    assert [limit.name for limit in plan.after.limits] == ["Anguish", "Atrocities", "Murder"]


def test_a_liability_credits_its_value() -> None:
    """ "taking a Liability credits its value in additional Exp"."""
    with_liability = {**CREATION, "liabilities": [{"id": "one_eye"}]}
    try:
        choices = read_choices(with_liability)
    except CreationFileError:
        pytest.skip("the catalog has no one_eye Liability")
    value = choices.creation.liabilities[0].value
    report = evaluate_sheet(plan_creation(with_liability).after)  # type: ignore[arg-type]
    assert report.exp.available == 85 + value


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"version": 2}, "version"),
        ({"concept": {"name": ""}}, "concept.name"),
        ({"limits": [{"name": "A", "colour": "red"}]}, "limits[0]"),
        ({"charon_coin": "yes"}, "charon_coin"),
    ],
)
def test_a_bad_document_names_the_place(change: dict[str, object], where: str) -> None:
    with pytest.raises(CreationFileError, match=r"^" + where.replace("[", r"\[")):
        read_choices({**CREATION, **change})
