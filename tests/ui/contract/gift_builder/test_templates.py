"""Gift templates: saved as gift-draft JSON files, listed in the start browser, read safely."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt

from builder.contract.gifts import GiftDraft, ModifierChoice, draft_from_json
from harbinger.shell.paths import settings_dir
from tests.ui.contract.gift_builder.conftest import assert_live
from ui.contract.gift_builder import Step, TemplateStore

SNARE = GiftDraft(
    "power",
    "injure",
    "trap",
    enhancements=(ModifierChoice("trigger_touch"),),
    drawbacks=(ModifierChoice("focus_item", "a twist of red thread"),),
    parameters={"range": "touch"},
    name="Red Thread Snare",
    tagline="Mind your step.",
    description="A loop of red thread laid across a threshold.",
)


def test_the_default_store_lives_in_the_settings_folder() -> None:
    assert TemplateStore().folder == settings_dir() / "templates"


def test_store_round_trip_and_unique_file_names(tmp_path: Path) -> None:
    store = TemplateStore(tmp_path / "t")
    first = store.save(SNARE)
    second = store.save(SNARE)
    assert (first.name, second.name) == ("red_thread_snare.json", "red_thread_snare_2.json")
    doc = json.loads(first.read_text(encoding="utf-8"))
    assert doc["format"] == "harbinger.gift-draft"
    assert draft_from_json(doc) == SNARE
    found, problems = store.load()
    assert [t.draft for t in found] == [SNARE, SNARE]
    assert problems == []


def test_bad_template_files_are_reported_by_name_not_crashed_on(tmp_path: Path) -> None:
    store = TemplateStore(tmp_path)
    store.save(SNARE)
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    (tmp_path / "other.json").write_text('{"format": "something-else"}', encoding="utf-8")
    (tmp_path / "huge.json").write_text(" " * 300_000, encoding="utf-8")
    found, problems = store.load()
    assert [t.name for t in found] == ["Red Thread Snare"]
    messages = {p.path.name: p.message for p in problems}
    assert messages["broken.json"].startswith("is not JSON (line 1")
    assert "is this a gift draft file?" in messages["other.json"]
    assert "a Gift template is far smaller" in messages["huge.json"]


def test_building_without_a_contractor_saves_a_template(open_builder, qtbot, templates) -> None:
    """From the main window with no contractor open: Ctrl+S keeps the draft as a template."""
    dialog = open_builder(None)
    assert dialog.save.isHidden()
    assert dialog.results.rewards.text() == "Built without a contractor: saving spends nothing."
    assert not dialog.save_template.isEnabled()
    dialog.controller.load(SNARE, "start")
    assert dialog.save_template.isEnabled()
    assert_live(dialog)
    assert dialog.results.status.text() == "Needs Newbie Status"
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    with qtbot.waitSignal(dialog.template_saved) as saved:
        qtbot.keyClick(dialog, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    path = saved.args[0]
    assert path.parent == templates.folder
    assert draft_from_json(json.loads(path.read_text(encoding="utf-8"))) == SNARE
    assert dialog.isVisible()

    # the start browser lists it; starting from it loads the same draft
    dialog.controller.load(GiftDraft("", "", ""), "clear")
    start = dialog.start_page
    assert start.listed()[0] == "template:0"
    start.select("template:0")
    assert start.name.text() == "Red Thread Snare"
    assert not start.delete.isHidden()
    qtbot.mouseClick(start.use, Qt.MouseButton.LeftButton)
    assert dialog.controller.draft == SNARE
    assert dialog.steps.currentIndex() == Step.CUSTOMISE
    dialog.go(Step.START)
    start.select("template:0")
    qtbot.mouseClick(start.delete, Qt.MouseButton.LeftButton)
    assert not path.exists()
    assert "template:0" not in start.listed()
