"""A website archive read into a contractor: creation, Raises, Gift ids, scar tiers, the report.

The archives are those in tests/data/website_archives (written from the
website's archive format), some with one line changed here. Exp is worked
from "Attributes: current rating x5 Exp" and "Abilities cost 2 Exp for the
first level, and then 2x their current rating", against "all brand-new
Contractors start with 150 Exp".
"""

from __future__ import annotations

from pathlib import Path

from builder.contract.audit import audit_contractor
from builder.contract.character import (
    BattleScar,
    Contractor,
    GiftChange,
    Ported,
    Raise,
    ScarTier,
    TraitKind,
)
from builder.contract.creation import creation_cost
from builder.contract.gifts import default_catalog
from builder.contract.sheet import evaluate_sheet
from builder.contract.status import Status
from builder.contract.website_archive import archive_contractor, parse_archive
from builder.core.findings import Severity

ARCHIVES = Path(__file__).parents[2] / "data" / "website_archives"


def _contractor(name: str, *changes: tuple[str, str]) -> Contractor:
    text = (ARCHIVES / name).read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    return archive_contractor(parse_archive(text), "w", "2026-11-20")


def _opening(contractor: Contractor) -> Ported:
    opening = contractor.ledger[0]
    assert isinstance(opening, Ported)
    return opening


def test_a_strong_archive_is_a_150_exp_creation_and_raises_the_port_pays() -> None:
    """Odile's sheet: Brawn 3, Dexterity 4, Perception 5, Charisma 3, Intellect 4;
    Alertness 5, Athletics 4, Firearms 6, Investigation 4.

    Held to the creation maxima ("Attributes ... 1–5", Abilities at most 5), Firearms
    is 5: Attributes 15 + 30 + 50 + 15 + 30 = 140, Abilities 22 + 14 + 22 + 14 = 72,
    212 > 150. The dearest top ranks go first: Perception 4→5 (4 × 5 = 20) → 192,
    then the 15-Exp ranks 3→4 of Perception, Intellect and Dexterity → 177, 162, 147.
    Creation 147; Raises Dexterity 3→4 = 15, Perception 3→5 = 15 + 20 = 35, Intellect
    3→4 = 15, Firearms 5→6 = 5 × 2 = 10: 75. The whole sheet costs 222, so the port
    brings 222 − 150 = 72 and 150 − 147 + 72 − 75 = 0 is left.
    """
    odile = _contractor("veteran-odile-marsh.md")
    assert odile.creation.attributes == {
        "brawn": 3,
        "dexterity": 3,
        "perception": 3,
        "charisma": 3,
        "intellect": 3,
    }
    assert odile.creation.abilities == {
        "alertness": 5,
        "athletics": 4,
        "firearms": 5,
        "investigation": 4,
    }
    assert creation_cost(odile.creation).total == 147
    raises = [e for e in odile.ledger if isinstance(e, Raise)]
    assert [(r.kind, r.trait, r.to_rating, r.exp) for r in raises] == [
        (TraitKind.ATTRIBUTE, "dexterity", 4, 15),
        (TraitKind.ATTRIBUTE, "perception", 5, 35),
        (TraitKind.ATTRIBUTE, "intellect", 4, 15),
        (TraitKind.ABILITY, "firearms", 6, 10),
    ]
    assert _opening(odile).exp == 72
    # The Raises come after the opening entry and before the Gifts' changes.
    kinds = [type(e) for e in odile.ledger]
    assert kinds == [Ported, Raise, Raise, Raise, Raise, GiftChange, GiftChange]

    audit = audit_contractor(odile, default_catalog())
    rules = {f.rule for f in audit.findings}
    assert not {r for r in rules if r.startswith("creation.")}
    assert "exp.overspent" not in rules
    assert "exp.wrong_price" not in rules
    sheet = evaluate_sheet(odile)
    assert sheet.exp.available == 0
    # The 6th Firearms rank is allowed: 27 victories make Odile a Veteran.
    assert (sheet.victories, sheet.status) == (27, Status.VETERAN)


def test_an_archive_within_150_keeps_its_ratings_as_creation() -> None:
    """Hollis costs 45 + 22 = 67 of 150: the creation is the sheet, no Raise, no port Exp."""
    hollis = _contractor("scarred-hollis-vane.md")
    assert creation_cost(hollis.creation).total == 67
    assert not [e for e in hollis.ledger if isinstance(e, Raise)]
    assert _opening(hollis).exp == 0


def test_gift_effects_and_styles_become_catalog_ids_where_the_names_match() -> None:
    """'Injure' and 'Teleport' are catalog Effect names; 'night eyes' matches 'Night Eyes'
    ignoring case, and 'Passive' the Passive Style. The website's 'Active' is none of the
    catalog's Styles (Activated, Targeted, Trap, Passive): kept as text and reported."""
    odile = _contractor(
        "veteran-odile-marsh.md",
        ("A 2 point Active Teleport power", "A 2 point Passive night eyes power"),
    )
    drafts = [(g.draft.effect, g.draft.style) for g in odile.gifts]
    assert drafts == [("injure", "Active"), ("night_eyes", "passive")]
    assert _opening(odile).report == (
        "Gift 'Needle Rain': the website's activation 'Active' is no Style of the catalog "
        "(Activated, Targeted, Trap, Passive); kept as text",
    )


def test_an_effect_the_catalog_lacks_is_kept_as_text_and_named() -> None:
    hollis = _contractor("scarred-hollis-vane.md")
    assert (hollis.gifts[0].draft.effect, hollis.gifts[0].draft.style) == ("Boost", "passive")
    report = _opening(hollis).report
    assert report[0] == (
        "Gift 'Steady Hands': the Effect 'Boost' is no Effect of the catalog; kept as the "
        "archive's text (its System text stands)"
    )
    audit = audit_contractor(hollis, default_catalog())
    unread = [f.message for f in audit.findings if f.rule == "website.unread"]
    assert any("'Boost' is no Effect of the catalog" in m for m in unread)


def test_a_stock_scars_tier_comes_from_the_rules_list_and_others_are_reported() -> None:
    """The archive writes "* **description** *(system)*", never a tier. "Limp" is listed
    under "Major Scars (Severity 5)", so it is Major; "Crushed left hand" is no stock scar:
    stored Minor and named in the report, not assumed silently."""
    hollis = _contractor("scarred-hollis-vane.md", ("**Burn-scarred throat**", "**limp**"))
    assert hollis.health.battle_scars == (
        BattleScar("Crushed left hand", ScarTier.MINOR, "-1 die on rolls that need both hands"),
        BattleScar("limp", ScarTier.MAJOR, "his voice carries no further than a room"),
    )
    scars = [line for line in _opening(hollis).report if line.startswith("Battle Scar")]
    assert scars == [
        "Battle Scar 'Crushed left hand': the archive does not give its tier; stored as Minor "
        "(Severity 4) until the leader sets it"
    ]


def test_an_archive_with_nothing_unread_has_an_empty_report() -> None:
    assert _opening(_contractor("newbie-tamsin-rook.md")).report == ()


def test_an_archive_the_website_ported_keeps_its_port_status() -> None:
    """The website writes a contractor it ported as "Ported as Veteran Contractor with …".
    With 3 victories Odile would be a Newbie ("Newbie 0–3 victories"), whose Abilities stop
    at 5; ported as Veteran she keeps that Status and her 6th Firearms rank ("Seasoned,
    Professional, and Veteran Contractors may purchase an additional 6th rank")."""
    odile = _contractor(
        "veteran-odile-marsh.md",
        (
            "Veteran Contractor with 27 victories and 6 losses",
            "Ported as Veteran Contractor with 3 victories and 0 losses",
        ),
    )
    opening = _opening(odile)
    assert (opening.ported_at, opening.victories, opening.losses) == ("veteran", 3, 0)
    sheet = evaluate_sheet(odile)
    assert (sheet.victories, sheet.status) == (3, Status.VETERAN)
    assert not [f for f in sheet.findings if f.severity is Severity.ERROR]
    port = next(f for f in sheet.findings if f.rule == "ledger.ported")
    assert "ported there as Veteran" in port.message


def test_without_the_port_a_sixth_rank_at_three_victories_is_an_error() -> None:
    """The same archive as a plain "Newbie" with 3 victories: the Firearms 5→6 Raise is
    refused, so the port's Status above is what allows it."""
    odile = _contractor(
        "veteran-odile-marsh.md",
        (
            "Veteran Contractor with 27 victories and 6 losses",
            "Newbie Contractor with 3 victories and 0 losses",
        ),
    )
    sheet = evaluate_sheet(odile)
    assert sheet.status is Status.NEWBIE
    assert [f.where for f in sheet.findings if f.severity is Severity.ERROR] == ["ledger[4]"]
