"""The Effect picker shows each Effect's glossary entry (issue 31, item 7)."""

from __future__ import annotations

from builder.contract.gifts.glossary import default_glossary
from tests.ui.contract.gift_builder.conftest import won
from ui.contract.gift_builder import Step


def test_highlighting_an_effect_shows_its_glossary_entry_and_design(open_builder) -> None:
    """Intangibility, which the rules text names ("the Intangibility Effect is restricted to
    only Veteran Contractors"), and Heal, Harbinger's own design."""
    dialog = open_builder(won(1))
    dialog.go(Step.EFFECT)
    page = dialog.effect_page
    page.tree.setCurrentItem(page.items["intangibility"])
    note = default_glossary().effects["intangibility"]
    assert page.glossary.text() == (
        f"{note.explanation} Rules: Restrictions on Gifts. The rules text names this Effect."
    )
    assert page.glossary.isVisible()
    assert note.explanation in page.items["intangibility"].toolTip(0)
    page.tree.setCurrentItem(page.items["heal"])
    assert page.glossary.text().endswith(
        "Rules: Injuries. Harbinger's own design within the Gift Builder's rules."
    )
    assert page.glossary.text().startswith("Lowers the Severity of an Injury by 1")
