"""The website's "Active" Gift, imported, gets its Style chosen in one step.

"Activation Styles": "Activated: An Effect with the Activated Style requires the
user to do something ... Targeted: An Effect with the Targeted Style requires the
user to select a target and do something ... Trap ... Passive: ... always on".
The website's archives say only "Passive" or "Active", so "Active" is Activated
or Targeted. Odile Marsh's archive holds "A 3 point Active Injure power" (Needle
Rain) and "A 2 point Active Teleport power" (Far Step); the catalog lets Injure
take Targeted or Trap, and Teleport Activated.
"""

from __future__ import annotations

from pathlib import Path

from builder.contract.audit import audit_contractor
from builder.contract.character import Contractor, GiftChange, GiftChangeKind
from builder.contract.gift_style_choice import choose_style, style_advice, style_choices
from builder.contract.gifts import default_catalog
from builder.contract.sheet import evaluate_sheet
from builder.contract.website_archive import archive_contractor, parse_archive
from builder.core.findings import Severity

ARCHIVES = Path(__file__).parents[2] / "data" / "website_archives"


def _odile(*changes: tuple[str, str]) -> Contractor:
    text = (ARCHIVES / "veteran-odile-marsh.md").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    return archive_contractor(parse_archive(text), "w", "2026-11-20")


def _gift_findings(contractor: Contractor) -> list[tuple[str, str, Severity]]:
    audit = audit_contractor(contractor, default_catalog())
    return [
        (f.rule, f.where, f.severity)
        for line in audit.lines
        if line.check.startswith("gift.")
        for f in line.findings
    ]


def test_active_means_activated_or_targeted_as_far_as_the_effect_allows() -> None:
    odile = _odile()
    catalog = default_catalog()
    assert [style_choices(g, catalog) for g in odile.gifts] == [("targeted",), ("activated",)]


def test_an_effect_allowing_both_offers_both_and_one_allowing_neither_offers_its_own() -> None:
    """Heal allows Activated and Targeted; Second Chance neither (the audit's reading: the
    website still made the Gift, so the Styles its Effect allows are the choice)."""
    catalog = default_catalog()
    heal = _odile(("Active Teleport", "Active Heal")).gifts[1]
    assert style_choices(heal, catalog) == ("activated", "targeted")
    assert "Heal allows both" in style_advice(heal, catalog)
    second = _odile(("Active Teleport", "Active Second Chance")).gifts[1]
    allowed = tuple(catalog.effects["second_chance"].styles)
    assert style_choices(second, catalog) == tuple(s for s in catalog.styles if s in allowed)
    assert "Second Chance allows neither" in style_advice(second, catalog)


def test_the_audits_style_error_says_exactly_what_to_do() -> None:
    audit = audit_contractor(_odile(), default_catalog())
    error = next(
        f for line in audit.lines for f in line.findings if f.rule == "gift.style_not_allowed"
    )
    assert error.where == "gifts[0].draft.style"
    assert error.message == (
        "Injure cannot take the unknown Style 'Active'; it allows Targeted or Trap. To fix it: "
        "the website's 'Active' is the rules' Activated or Targeted Style, and of those two "
        "Injure allows Targeted. Choose it on the Gifts tab (select the Gift, Choose Style…) "
        "or with: harbinger contractor choose-gift-style w --gift w-g1 --style targeted"
    )


def test_choosing_the_style_clears_the_audits_gift_errors_and_spends_nothing() -> None:
    """Before: one Style ERROR per Gift. After: the catalog can read each build; the cost
    (3 and 2) and System Text stay the website's, noted as INFO since the import read no
    Parameters, Enhancements or Drawbacks; no Gift Credit moves (5 earned, 5 spent)."""
    odile = _odile()
    assert [r for r, _w, s in _gift_findings(odile) if s is Severity.ERROR] == [
        "gift.style_not_allowed",
        "gift.style_not_allowed",
    ]
    catalog = default_catalog()
    first = choose_style(odile, "w-g1", "Targeted", "2026-11-21", catalog)
    assert not first.refused
    both = choose_style(first.character, "w-g2", "activated", "2026-11-21", catalog)
    assert not both.refused
    chosen = both.character
    assert [(g.draft.style, g.cost) for g in chosen.gifts] == [("targeted", 3), ("activated", 2)]
    assert [g.system_text for g in chosen.gifts] == [g.system_text for g in odile.gifts]
    assert chosen.ledger[-1] == GiftChange(
        "2026-11-21",
        "w-g2",
        GiftChangeKind.ADJUSTMENT,
        2,
        2,
        note="Style chosen: Activated (kept as 'Active' by the import)",
    )
    assert _gift_findings(chosen) == [
        ("gift.archive_cost", "gifts[0].cost", Severity.INFO),
        ("gift.archive_text", "gifts[0].system_text", Severity.INFO),
        ("gift.archive_cost", "gifts[1].cost", Severity.INFO),
        ("gift.archive_text", "gifts[1].system_text", Severity.INFO),
    ]
    rewards = evaluate_sheet(chosen).rewards
    assert (rewards.credits_earned, rewards.credits_spent) == (5, 5)
    assert audit_contractor(chosen, default_catalog()).failed == ()


def test_a_style_the_effect_does_not_allow_or_a_built_gift_is_refused_unchanged() -> None:
    odile = _odile()
    catalog = default_catalog()
    wrong = choose_style(odile, "w-g1", "activated", "2026-11-21", catalog)
    assert wrong.refused and wrong.character is odile
    assert wrong.findings[0].message == (
        "Gift 'Needle Rain' cannot take the Style 'activated' here; it may take Targeted"
    )
    built = choose_style(odile, "w-g1", "targeted", "2026-11-21", catalog).character
    again = choose_style(built, "w-g1", "trap", "2026-11-22", catalog)
    assert again.refused and again.character is built
    assert again.findings[0].rule == "gift.style_chosen"
    missing = choose_style(odile, "nope", "targeted", "2026-11-21", catalog)
    assert missing.refused and missing.findings[0].rule == "rewards.unknown_gift"


def test_the_import_report_says_what_to_do_while_the_choice_is_open() -> None:
    """The opening entry keeps what the import could not read, as a record; what to do is
    added to the import's report only while a Style is still to choose, so once chosen the
    sheet's warnings no longer ask for it."""
    from builder.contract.system import SYSTEM

    odile = _odile()
    record = (
        "Gift 'Needle Rain': the website's activation 'Active' is no Style of the catalog "
        "(Activated, Targeted, Trap, Passive); kept as text",
        "Gift 'Far Step': the website's activation 'Active' is no Style of the catalog "
        "(Activated, Targeted, Trap, Passive); kept as text",
    )
    catalog = default_catalog()
    assert SYSTEM.import_report(odile) == (
        *record,
        f"Gift 'Needle Rain': {style_advice(odile.gifts[0], catalog, 'w')}",
        f"Gift 'Far Step': {style_advice(odile.gifts[1], catalog, 'w')}",
    )
    chosen = choose_style(odile, "w-g1", "targeted", "2026-11-21", catalog).character
    chosen = choose_style(chosen, "w-g2", "activated", "2026-11-21", catalog).character
    assert SYSTEM.import_report(chosen) == record
    assert not any("Choose" in f.message for f in evaluate_sheet(chosen).findings)
