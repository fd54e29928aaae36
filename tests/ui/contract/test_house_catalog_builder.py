"""House-rule catalogs in the player's Gift Builder (issue 15, item 8): chosen on the Gifts
tab, marked ⌂ in the builder, and a saved Gift locks the contractor to that playgroup."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from builder.contract.character import Outcome
from builder.contract.gifts import GiftDraft
from builder.contract.gifts.history import house_lock
from models.library import Library
from tests.ui.conftest import create_contractor
from tests.ui.contract.gift_builder.conftest import answer
from tests.ui.contract.test_sheet_flow import record
from ui.main_window import MainWindow

ZAP = """
category = "weird"
category_name = "Weird"

[effects.zap]
name = "Zap"
summary = "A small shock."
prompt = "What does it look like?"
template = ["{activation} to zap one target within {range}.", "The zap {traits}."]
slots = { traits = "" }

[effects.zap.styles.targeted]
cost = 0

[effects.zap.parameters.range]
name = "Range"
slot = "range"
default = "near"
levels = [
  { id = "touch", name = "Touch", text = "arm's reach" },
  { id = "near", name = "30 feet", text = "30 feet" },
]

[effects.zap.enhancements.loud]
name = "Loud"
rules = "It bangs."
slot = "traits"
join = "and"
text = "bangs like a firework"
"""


def night_owls(tmp_path: Path) -> Path:
    folder = tmp_path / "night_owls"
    (folder / "effects").mkdir(parents=True)
    (folder / "catalog.toml").write_text('name = "Night Owls"\n', encoding="utf-8")
    (folder / "effects" / "weird.toml").write_text(textwrap.dedent(ZAP), encoding="utf-8")
    return folder


@pytest.mark.slow  # 2.6 s of CPU (windows)
def test_a_house_gift_is_marked_and_locks_the_contractor(
    window: MainWindow, qtbot, tmp_path: Path, library_path: Path
) -> None:
    create_contractor(window)
    record(window, "Glass Harbor", Outcome.VICTORY)
    tab = window.sheet.gifts_tab
    assert tab.catalog_line.text() == "Gift Builder catalog: standard"
    assert tab.lock.isHidden()

    broken = tmp_path / "broken"
    broken.mkdir()
    assert "catalog.toml" in tab.use_house_catalog(str(broken))
    assert tab.house_folder == ""

    folder = night_owls(tmp_path)
    assert tab.use_house_catalog(str(folder)) == ""
    assert tab.catalog_line.text() == (f"Gift Builder catalog: standard + Night Owls ⌂ ({folder})")
    tab.table.add_button.click()
    builder = window.current_dialog
    assert builder.windowTitle().endswith(" — with Night Owls ⌂")
    assert builder.effect_page.items["zap"].text(0) == "Zap  ⌂ Night Owls"
    assert builder.effect_page.items["injure"].text(0) == "Injure"
    builder.controller.load(GiftDraft("power", "zap", "targeted", name="Static Palm"), "start")
    assert builder.customise_page.rows["loud"].check.text() == "Loud  ⌂ Night Owls"
    assert not builder.results.house_rules.isHidden()
    asked = answer(builder)
    qtbot.mouseClick(builder.save, Qt.MouseButton.LeftButton)
    assert asked == ["Spend 1 Gift Credit on Static Palm?"]

    contractor = window.contractor
    assert contractor.gifts[-1].catalog == "Night Owls"
    assert house_lock(contractor) == ("Night Owls",)
    assert not tab.lock.isHidden()
    assert tab.lock.text().startswith("Locked to playgroup: Night Owls")
    # stored with the Gift: the library gives it back after a reload
    with Library.open(library_path) as library:
        reloaded = library.load(contractor.id)
    assert house_lock(reloaded) == ("Night Owls",)
    assert tab.history.table.item(0, 4).text() == "built as Power · Zap · Targeted"
