"""The Gift Builder's "add to …" choice for Legendary Artifact Gifts (issue 31, item 1).

Rules text: "As your Contractor progresses, you may invest multiple Gifts and
Improvements into a single Legendary Artifact, granting it multiple activated
and passive Effects."
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from builder.contract import advance
from builder.contract.character import Contractor, Gift, LegendaryArtifact, Stock
from builder.contract.gifts import Catalog, GiftDraft
from tests.ui.contract.gift_builder.conftest import DAY, settle, won
from ui.contract.gift_builder import GiftBuilderDialog, TemplateStore


def _mara() -> Contractor:
    """Two victories (two Gift Credits); the Sunsword already holds her Sun Ward."""
    ward = Gift("ward", GiftDraft("legendary_artifact", "injure", "targeted", name="Sun Ward"), 1)
    mara = advance.add_gift(won(2), ward, DAY).character
    sword = LegendaryArtifact("Sunsword", "a star-forged blade", ("ward",))
    return replace(mara, stock=Stock(legendary=(sword,)))


def _builder(qtbot, catalog: Catalog, tmp_path: Path, draft: GiftDraft) -> GiftBuilderDialog:  # type: ignore[no-untyped-def]
    dialog = GiftBuilderDialog(
        catalog, _mara(), None, templates=TemplateStore(tmp_path / "t"), date=DAY, start=draft
    )
    qtbot.addWidget(dialog, before_close_func=settle)
    dialog.show()
    return dialog


def test_a_legendary_artifact_gift_is_added_to_the_artifact_chosen(
    qtbot, catalog: Catalog, tmp_path: Path
) -> None:
    edge = GiftDraft("legendary_artifact", "injure", "targeted", name="Ember Edge")
    dialog = _builder(qtbot, catalog, tmp_path, edge)
    page = dialog.flavor_page
    assert not page.artifact_box.isHidden()
    assert [page.artifact_choice.itemText(i) for i in range(page.artifact_choice.count())] == [
        "Not in an artifact",
        "Add to Sunsword",
    ]
    page.artifact_choice.setCurrentIndex(1)
    plan = dialog.plan()
    assert plan is not None and not plan.refused
    assert plan.summary().startswith("Add Ember Edge (Gift Cost 1) in Sunsword")
    sword = plan.contractor.stock.legendary[0]
    assert sword.gifts == ("ward", plan.gift.id)
    assert plan.credits == 1  # each Gift priced as before: one Gift Credit for Gift Cost 1

    page.artifact_choice.setEditText("Moon Crown")
    crowned = dialog.plan()
    assert crowned is not None
    assert [(a.name, a.gifts) for a in crowned.contractor.stock.legendary] == [
        ("Sunsword", ("ward",)),
        ("Moon Crown", (crowned.gift.id,)),
    ]


def test_a_power_is_offered_no_artifact(qtbot, catalog: Catalog, tmp_path: Path) -> None:
    spark = GiftDraft("power", "injure", "targeted", name="Spark")
    dialog = _builder(qtbot, catalog, tmp_path, spark)
    assert dialog.flavor_page.artifact_box.isHidden()
    assert dialog.flavor_page.artifact == ""
