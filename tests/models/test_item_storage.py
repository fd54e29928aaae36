"""Item states, Legendary Artifacts and the item log in files and the library (issue 31).

Files written before these fields existed read and write the very same text
(new fields are written only when used); the library keeps every new field
(revision 0011) and an upgraded library's items are held.
"""

from __future__ import annotations

import json
from pathlib import Path

from builder.contract.character import (
    Concept,
    Contractor,
    CraftedItem,
    ItemAction,
    ItemEvent,
    ItemState,
    LegendaryArtifact,
    Stock,
    TransferKind,
)
from builder.contract.file import document_from_data
from builder.contract.serialize import contractor_from_dict, contractor_to_dict
from models.library import Library

REVIEW = Path(__file__).resolve().parents[1] / "data" / "review"


def _with_everything() -> Contractor:
    return Contractor(
        "ada",
        Concept("Ada Brandt"),
        stock=Stock(
            artifacts=(CraftedItem("Night Goggles", "g", 1, "", ItemState.LEFT_AT_HOME),),
            consumables=(CraftedItem("Flash Bomb", "b", 0),),
            legendary=(
                LegendaryArtifact("Sunsword", "star-forged", ("blade", "flare"), ItemState.STOLEN),
                LegendaryArtifact("Crown of Ash"),
            ),
            item_log=(
                ItemEvent(
                    "2026-11-20", "Sunsword", ItemAction.STATE, "the Ringer", ItemState.STOLEN
                ),
                ItemEvent(
                    "2026-11-21",
                    "Flash Bomb",
                    ItemAction.SENT,
                    "",
                    quantity=2,
                    transfer=TransferKind.LOOTED,
                    other="Bo",
                    other_id="bo",
                ),
            ),
        ),
    )


def test_a_file_written_before_writes_the_same_stock_text() -> None:
    for path in sorted(REVIEW.glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        try:
            contractor = document_from_data(data).contractor
        except Exception:  # a review fixture made not to read (a hostile file)
            continue
        written = contractor_to_dict(contractor)["stock"]
        assert "legendary" not in written and "item_log" not in written, path.name
        for crafted in (*written["artifacts"], *written["consumables"]):
            assert "state" not in crafted, path.name


def test_new_fields_round_trip_through_the_file_form() -> None:
    ada = _with_everything()
    data = contractor_to_dict(ada)
    assert data["stock"]["artifacts"][0]["state"] == "left_at_home"
    assert "state" not in data["stock"]["consumables"][0]
    assert contractor_from_dict(json.loads(json.dumps(data))) == ada


def test_the_library_keeps_states_artifacts_and_the_log(library_path: Path) -> None:
    ada = _with_everything()
    with Library.open(library_path) as library:
        library.save(ada)
    with Library.open(library_path) as library:
        assert library.load("ada") == ada
        changed = Contractor("ada", ada.concept, stock=Stock())
        library.save(changed)
        assert library.load("ada") == changed
