"""Save a PNG of every creation wizard step, every sheet tab and the main dialogs.

Run it under a real X server (Xvfb) to see what a player sees, at 1280×800 and
at 200 % scaling:

    xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/python scripts/screenshots.py /tmp/shots
    QT_SCALE_FACTOR=2 xvfb-run -a -s "-screen 0 2560x1600x24" \
        .venv/bin/python scripts/screenshots.py /tmp/shots-2x

It works on a throw-away library and settings folder, never the user's own.
The contractor it shows is built through the same wizard and operations a
player uses.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:  # noqa: C901, PLR0915  (complexity 15, 122 statements when the limits came in)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the PNG files (created if missing)")
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)

    scratch = Path(tempfile.mkdtemp(prefix="harbinger-shots-"))
    os.environ["HARBINGER_SETTINGS_DIR"] = str(scratch / "settings")
    os.environ["HARBINGER_DB"] = str(scratch / "library.sqlite3")

    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication, QWidget

    from builder.contract.character import Outcome
    from ui.app import make_application
    from ui.main_window import MainWindow
    from ui.settings import AppSettings

    app = make_application()
    shots: list[Path] = []

    def settle() -> None:
        for _ in range(5):
            app.processEvents()

    def save(widget: QWidget, name: str) -> None:
        settle()
        path = out / f"{len(shots) + 1:02d}-{name}.png"
        widget.grab().save(str(path))
        shots.append(path)

    window = MainWindow(AppSettings(), str(scratch / "library.sqlite3"), offer_examples=False)
    if window.loading:  # the library opens in the background
        waiting = QEventLoop()
        window.library_opened.connect(waiting.quit)
        waiting.exec()
    screen = app.primaryScreen().availableGeometry()
    window.resize(min(1280, screen.width()), min(800, screen.height()))
    window.show()
    settle()
    save(window, "empty-library")

    # ------------------------------------------------------------------ the wizard
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    concept = wizard.concept_page
    concept.name.setText("Mara Quill")
    concept.player.setCurrentText("Ines")
    concept.age.setText("34")
    concept.pronouns.setText("she/her")
    concept.archetype.setText("Burned-out paramedic")
    concept.paradigm.setText("Speaks with the recently dead")
    concept.ambition.setText("Undo the night the ferry sank")
    concept.home.setText("Rotterdam Tuesday group")
    save(wizard, "wizard-1-concept")
    wizard.next()
    wizard.limits_page.slots[2].choose("humiliation")
    save(wizard, "wizard-2-limits")
    wizard.next()
    for trait, rating in {
        "brawn": 2,
        "dexterity": 3,
        "perception": 3,
        "charisma": 2,
        "intellect": 3,
        "medicine": 3,
        "alertness": 2,
        "athletics": 2,
        "occult": 2,
        "drive": 1,
        "investigation": 2,
    }.items():
        wizard.ratings_page.set_rating(trait, rating)
    wizard.ratings_page.set_rating("medicine", 6)  # refused: shows builder's reason
    save(wizard, "wizard-3-ratings")
    wizard.next()
    wizard.secondary_page.add("Triage", 2)
    save(wizard, "wizard-4-secondary")
    wizard.next()
    assets = wizard.assets_page
    assets.asset_list.set_taken("contacts", True)
    assets.asset_list.tree.setCurrentItem(assets.asset_list.items["contacts"])
    assets.detail.setText("Night-shift nurses at the Erasmus hospital")
    assets.detail.textEdited.emit(assets.detail.text())
    assets.liability_list.set_taken("haunted_sleep", True)
    save(wizard, "wizard-5-assets")
    wizard.next()
    wizard.start_page.charon.setChecked(True)
    save(wizard, "wizard-6-start")
    wizard.next()
    save(wizard, "wizard-7-review")
    wizard.accept()
    settle()

    # ------------------------------------------------------------------ a lived-in sheet
    ops = window.ops

    def current():
        return window.contractor

    from dataclasses import replace

    from builder.contract.character import (
        BattleScar,
        ContractAttended,
        CraftedItem,
        Injury,
        Item,
        Journal,
        JournalKind,
        ScarTier,
        Trauma,
    )

    for i, (scenario, outcome, home, commission) in enumerate(
        [
            ("The Drowned Bell", Outcome.VICTORY, True, True),
            ("Cold Iron", Outcome.FAILURE, False, False),
            ("Salt and Static", Outcome.VICTORY, True, False),
        ],
        start=1,
    ):
        ops.record_contract(
            current(),
            ContractAttended(f"2025-0{i}-14", scenario, home, outcome, commission, gm="Tomas"),
            [Journal(f"2025-0{i}-15", f"After {scenario}", JournalKind.CONTRACT, 320)],
        )
    ops.raise_trait(current(), "attribute", "brawn", "2025-04-01")
    from builder.contract.character import Gift
    from builder.contract.gifts.evaluate import evaluate_gift
    from ui.catalog import gift_catalog

    whisper = gift_catalog().stock["graveside_whisper"]
    judged = evaluate_gift(whisper.draft, gift_catalog())
    ops.add_gift(
        current(), Gift("whisper", whisper.draft, judged.cost, judged.system_text), "2025-04-02"
    )
    ops.add_loose_end(
        current(), "Filmed on the hospital roof", "deadly", 3, "A tabloid pays for the footage"
    )
    health = replace(
        current().health,
        injuries=(Injury("Deep gash on the forearm", 2), Injury("Cracked rib", 1, True)),
        battle_scars=(
            BattleScar(
                "Tinnitus",
                ScarTier.MINOR,
                "−2 dice on hearing rolls; words are lost in loud places.",
            ),
        ),
        traumas=(Trauma("Nightmares", "Self-Control roll at each Contract's start."),),
        mind_damage=1,
    )
    ops.edit_health(current(), health)
    stock = replace(
        current().stock,
        equipment=(
            Item("Paramedic's kit", "Bandages, splints, a suture set"),
            Item("Old Volvo estate"),
        ),
        consumables=(CraftedItem("Smelling salts of recall", quantity=2),),
        conditions=(Item("Sleep-deprived", "+1 Difficulty on Perception until she rests"),),
        circumstances=(Item("Owes the coroner", "He wants a favor before the month is out"),),
    )
    ops.edit_stock(current(), stock)
    ops.edit_notes(current(), "Keeps a list of everyone she could not save.")
    settle()

    for index in range(window.sheet.tabs.count()):
        window.sheet.tabs.setCurrentIndex(index)
        name = window.sheet.tabs.tabText(index).replace("&", "").lower()
        save(window, f"sheet-{index + 1}-{name}")

    window.sheet.tabs.setCurrentIndex(1)
    window.dice_dock.show()
    window.dice_panel.choose("Intellect", "Medicine", 6)
    save(window, "dice")
    window.dice_dock.hide()

    for key in ("record_contract", "spend_exp"):
        window.actions[key].trigger()
        dialog = window.current_dialog
        if key == "record_contract":
            dialog.scenario.setText("Paper Lanterns")
            dialog.set_outcome(Outcome.VICTORY)
            dialog.commission.setChecked(True)
        save(dialog, f"dialog-{key.replace('_', '-')}")
        dialog.reject()
        settle()

    # The shipped examples, as a first launch offers them.
    waiting = QEventLoop()
    window.tasks.busy_changed.connect(lambda busy: None if busy else waiting.quit())
    window.load_examples()
    if window.tasks.pending():
        waiting.exec()
    window.roster.life_filter.setCurrentIndex(window.roster.life_filter.findData("any"))
    for line in window.roster.lines():
        if line.name != "Mara Quill":
            window.show_contractor(line.id)
            stem = line.name.lower().replace(" ", "-")
            for index in (0, 1, 2):
                window.sheet.tabs.setCurrentIndex(index)
                name = window.sheet.tabs.tabText(index).replace("&", "").lower()
                save(window, f"example-{stem}-{name}")

    print("\n".join(str(p) for p in shots))
    QTimer.singleShot(0, window.close)
    settle()
    QApplication.processEvents()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
