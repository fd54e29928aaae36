"""Screenshots of the Gift Builder at every step, to look at how it reads.

Run under a virtual display, at the two sizes the builder must work at::

    xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/python scripts/gift_builder_shots.py
    xvfb-run -a -s "-screen 0 1280x800x24" .venv/bin/python scripts/gift_builder_shots.py \
        --size 1024x700

PNGs go to ``<temp dir>/harbinger-shots/gift_builder/<size>/`` (or ``--out``). The contractor is a
Novice with one unspent Gift Credit and one Improvement, built through the
real ledger; nothing is stored anywhere (templates go to a temporary folder).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from builder.contract.character import (  # noqa: E402  # noqa: E402
    Concept,
    ContractAttended,
    Contractor,
    ImprovementGranted,
    ImprovementKind,
    Outcome,
)
from builder.contract.gifts import default_catalog  # noqa: E402
from ui.contract.gift_builder import GiftBuilderDialog, Step, TemplateStore, plan_save  # noqa: E402


def novice() -> Contractor:
    """Five victories (Novice); four Gifts already bought would be noise, so only credits."""
    ledger = [
        ContractAttended(
            f"2024-0{1 + i // 3}-{10 + i:02d}", f"Contract {i + 1}", True, Outcome.VICTORY
        )
        for i in range(5)
    ]
    ledger.append(ImprovementGranted("2024-03-01", ImprovementKind.GM_CONTRACT))
    return Contractor("mara", Concept("Mara Quill", player="Ines"), ledger=tuple(ledger))


def main() -> int:  # noqa: PLR0915  (86 statements when the limits came in)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1180x760", help="window size WxH")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.lower().split("x"))
    out = args.out or Path(tempfile.gettempdir()) / "harbinger-shots" / "gift_builder"
    out = out / f"{width}x{height}" if args.out is None else out
    out.mkdir(parents=True, exist_ok=True)

    app = QApplication.instance() or QApplication(sys.argv)
    app.setStyle("Fusion")
    catalog = default_catalog()
    templates = TemplateStore(Path(tempfile.mkdtemp()) / "templates")
    contractor = novice()
    shots: list[Path] = []

    def snap(dialog: GiftBuilderDialog, name: str) -> None:
        for _ in range(3):
            app.processEvents()
        path = out / f"{len(shots) + 1:02d}-{name}.png"
        dialog.grab().save(str(path))
        shots.append(path)

    dialog = GiftBuilderDialog(catalog, contractor, templates=templates, date="2024-04-01")
    dialog.resize(width, height)
    dialog.show()
    snap(dialog, "start")
    dialog.go(Step.TYPE)
    snap(dialog, "type-empty")
    dialog.type_page.buttons["power"].click()
    snap(dialog, "type-power")
    dialog.go(Step.EFFECT)
    dialog.effect_page.search.setText("attack")
    dialog.effect_page.select("injure")
    snap(dialog, "effect-search")
    dialog.effect_page.search.clear()
    dialog.effect_page.select("intangibility")
    snap(dialog, "effect-veteran-only")
    dialog.effect_page.select("injure")
    dialog.effect_page.use.click()
    snap(dialog, "effect-injure")
    dialog.go(Step.STYLE)
    snap(dialog, "style")
    dialog.go(Step.CUSTOMISE)
    snap(dialog, "customise")
    page = dialog.customise_page
    page.rows["armor_piercing"].check.click()
    page.rows["focus_item"].check.click()
    page.rows["focus_item"].detail.setText("a brass lighter")  # type: ignore[union-attr]
    dialog.controller.set_detail("focus_item", "a brass lighter")
    snap(dialog, "customise-modifiers")
    page.scroll.verticalScrollBar().setValue(page.scroll.verticalScrollBar().maximum() // 2)
    snap(dialog, "customise-scrolled")
    dialog.controller.set_level("range", "distant")
    page.scroll.verticalScrollBar().setValue(0)
    snap(dialog, "customise-seasoned-level")
    dialog.undo_action.trigger()
    dialog.go(Step.FLAVOR)
    dialog.controller.set_name("Ember Lance")
    dialog.controller.set_tagline("Hold still.")
    snap(dialog, "flavor")
    plan = dialog.plan()
    assert plan is not None
    print("save plan:", plan.summary(), "refused" if plan.refused else "allowed")

    # editing the saved Gift later
    saved = plan_save(contractor, dialog.controller.draft, catalog, date="2024-04-01")
    if saved.refused:
        print("could not save for the edit shots:", [f.message for f in saved.findings])
    else:
        after = saved.contractor
        gift = after.gifts[-1]
        edit = GiftBuilderDialog(catalog, after, gift, templates=templates, date="2024-04-02")
        edit.resize(width, height)
        edit.show()
        edit.customise_page.rows["unerring"].check.click()
        snap(edit, "edit-improve")
        edit.close()

    crafting = GiftBuilderDialog(catalog, contractor, templates=templates, date="2024-04-01")
    crafting.resize(width, height)
    crafting.show()
    crafting.start_page.select("stock:field_poultice")
    snap(crafting, "start-stock-preview")
    crafting.start_page.use.click()
    snap(crafting, "stock-customise")
    crafting.go(Step.FLAVOR)
    snap(crafting, "stock-flavor-crafting")
    crafting.go(Step.TYPE)
    snap(crafting, "stock-type")
    crafting.close()
    dialog.close()
    for path in shots:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
