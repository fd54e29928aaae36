"""Build the example contractors shipped in ``resources/examples/`` as character files.

    python scripts/make_examples.py          # rewrite the files
    python scripts/make_examples.py --check  # exit 1 if the files are out of date

Three contractors a new library can offer (``Library.load_examples``):

- Wren Halloway, a fresh Newbie who spent a Coin of Charon on her first Gift;
- Ines Varga, a Seasoned contractor: 24 Contracts, 11 victories, Journals,
  Bonus Exp, raises, five Gifts and their revision history;
- Orrin Vale, who died on his sixth Contract (his Coin of Charon is the one
  Wren spent: both belong to the player Sam).

and one of each other game that has characters in a library: Tamsin Roe, a
This Mortal Coil spacefarer as rolled, and Harrow's End, a The Coven chronicle
as created. Each is audited on every run and must audit clean.

The sheets are written here as values; ``check_arithmetic`` asks
``builder.contract.sheet`` and the Gift Builder to audit them on every run and stops
on any rule error or Gift Cost that disagrees with the catalog. Each Gift is
written with the System Text the Gift Builder generates for it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from builder.contract.character import (  # noqa: E402
    AssetKind,
    AssetPick,
    BattleScar,
    BonusExp,
    BonusKind,
    BuyAsset,
    Concept,
    ContractAttended,
    Contractor,
    Craft,
    CraftedItem,
    Creation,
    Entry,
    Gift,
    GiftChange,
    GiftChangeKind,
    Health,
    ImprovementGranted,
    ImprovementKind,
    Injury,
    Item,
    Journal,
    JournalKind,
    Limit,
    LooseEnd,
    Outcome,
    Raise,
    ScarTier,
    SourcePool,
    Stock,
    Therapy,
    ThreatLevel,
    TraitKind,
    Trauma,
)
from builder.contract.file import dumps_character_file  # noqa: E402
from builder.contract.gifts import default_catalog, evaluate_gift  # noqa: E402
from builder.contract.gifts.draft import GiftDraft, ModifierChoice  # noqa: E402
from builder.contract.sheet import evaluate_sheet  # noqa: E402
from builder.core.findings import errors  # noqa: E402

EXAMPLES_DIR = ROOT / "resources" / "examples"
AUDIT_EXAMPLE = "Example of what the audit catches: "
"""How an example's notes begin when its audit warns on purpose (issue 33, item 9)."""
EXPORTED_AT = "2025-06-01T12:00:00Z"
WRITTEN_BY = "0.1.0"
"""Fixed export time and version, so regenerating gives byte-identical files."""

DEFAULT_LIMITS = (
    Limit("Anguish", "Torture or a long stretch of agony calls for a Trauma Roll."),
    Limit(
        "Atrocities", "Witnessing a massacre, torture or grievous abuse calls for a Trauma Roll."
    ),
    Limit("Murder", "Killing when it was not immediate self-defense calls for a Trauma Roll."),
)


# --------------------------------------------------------------------------- small builders


def contract(
    date: str,
    scenario: str,
    *,
    home: bool = True,
    outcome: Outcome = Outcome.FAILURE,
    commission: bool = False,
    cycle: str = "",
    cycle_final: bool = True,
    gm: str = "",
    notes: str = "",
) -> ContractAttended:
    return ContractAttended(
        date=date,
        scenario=scenario,
        home=home,
        outcome=outcome,
        commission=commission,
        cycle=cycle,
        cycle_final=cycle_final,
        gm=gm,
        notes=notes,
    )


V = Outcome.VICTORY
F = Outcome.FAILURE


def raise_attr(date: str, trait: str, to: int) -> Raise:
    """Attribute r→r+1 costs 5×r Exp."""
    return Raise(date, TraitKind.ATTRIBUTE, trait, to, 5 * (to - 1))


def raise_ability(date: str, trait: str, to: int, kind: TraitKind = TraitKind.ABILITY) -> Raise:
    """Ability 0→1 costs 2 Exp, then r→r+1 costs 2×r."""
    return Raise(date, kind, trait, to, 2 if to == 1 else 2 * (to - 1))


def raise_source(date: str, to: int) -> Raise:
    """Source r→r+1 costs 2×r Exp (it starts at 1 with the first Gift)."""
    return Raise(date, TraitKind.SOURCE, "source", to, 2 * (to - 1))


def gift_step(
    date: str,
    gift_id: str,
    before: int,
    after: int,
    *,
    credits: int = 0,
    improvements: int = 0,
    note: str = "",
) -> GiftChange:
    kind = GiftChangeKind.NEW if before == 0 else GiftChangeKind.IMPROVEMENT
    return GiftChange(date, gift_id, kind, before, after, credits, improvements, note)


def power(
    effect: str,
    style: str,
    name: str,
    tagline: str,
    description: str,
    *,
    gift_type: str = "power",
    enhancements: Iterable[str] = (),
    parameters: dict[str, str] | None = None,
) -> GiftDraft:
    return GiftDraft(
        gift_type=gift_type,
        effect=effect,
        style=style,
        enhancements=tuple(ModifierChoice(e) for e in enhancements),
        parameters=parameters or {},
        name=name,
        tagline=tagline,
        description=description,
    )


def journal(date: str, title: str, kind: JournalKind = JournalKind.CONTRACT, words: int = 320):
    return Journal(date, title, kind, words)


# --------------------------------------------------------------------------- Wren: a fresh Newbie


def wren() -> Contractor:
    creation = Creation(
        # Attributes: Perception 1→4 is 5+10+15 = 30; Charisma, Intellect 1→3 are 15 each;
        # Brawn, Dexterity 1→2 are 5 each: 70 Exp.
        attributes={"brawn": 2, "dexterity": 2, "perception": 4, "charisma": 3, "intellect": 3},
        # Abilities: influence 4 = 2+2+4+6 = 14, medicine 3 = 8, culture/investigation/
        # alertness/performance 2 = 4 each (16), technology 1 = 2: 40 Exp.
        abilities={
            "influence": 4,
            "medicine": 3,
            "culture": 2,
            "investigation": 2,
            "alertness": 2,
            "performance": 2,
            "technology": 1,
        },
        secondary={"Sign Language": 1},  # 2 Exp
        assets=(
            AssetPick(
                "polyglot",
                "Polyglot",
                AssetKind.ASSET,
                1,
                "Portuguese, Tagalog, Welsh",
                category="background",
            ),
            AssetPick(
                "contacts",
                "Contacts",
                AssetKind.ASSET,
                2,
                "Night-shift nurses at St. Aude's",
                category="background",
            ),
        ),
        liabilities=(AssetPick("trusting", "Trusting", AssetKind.LIABILITY, 2, category="mental"),),
        charon_coin=True,
    )
    heal = Gift(
        id="wren-g1",
        draft=power(
            "heal",
            "targeted",
            "Stitchlight",
            "Hold still. This only glows a little.",
            "Threads of pale light run from her fingertips into the wound and pull it shut.",
        ),
        cost=1,
    )
    return Contractor(
        id="c490dfa0-ce58-5d4e-8d9a-3d86b4c027c1",
        concept=Concept(
            name="Wren Halloway",
            player="Sam",
            age="29",
            pronouns="she/her",
            archetype="The Caretaker",
            paradigm="Every hurt can be talked down or stitched up.",
            ambition="Open a free clinic that never turns anyone away.",
            appearance="Scrubs under a rain jacket, a lanyard of keys, tired kind eyes.",
            background="A night-shift nurse who started seeing the wounds before they happened.",
            home_playgroup="Thursday Lantern",
        ),
        limits=DEFAULT_LIMITS,
        creation=creation,
        ledger=(
            # The Coin of Charon grants one Gift Credit before the first Contract.
            gift_step("2025-05-20", heal.id, 0, 1, credits=1, note="Coin of Charon"),
        ),
        gifts=(heal,),
        source=SourcePool(name="Grace"),
        stock=Stock(
            equipment=(Item("First-aid kit", "Hospital grade"), Item("Phone"), Item("Bicycle")),
        ),
        notes="Bought with the Coin of Charon Orrin Vale left behind.",
    )


# --------------------------------------------------------------------------- Ines: Seasoned


def ines() -> Contractor:
    creation = Creation(
        # Brawn, Charisma 1→2: 5 each; Dexterity, Perception, Intellect 1→3: 15 each. 55 Exp.
        attributes={"brawn": 2, "dexterity": 3, "perception": 3, "charisma": 2, "intellect": 3},
        # investigation 3 and occult 3: 8 each; alertness, athletics, firearms, stealth,
        # medicine 2: 4 each (20); brawl, influence 1: 2 each. 40 Exp.
        abilities={
            "investigation": 3,
            "occult": 3,
            "alertness": 2,
            "athletics": 2,
            "firearms": 2,
            "stealth": 2,
            "medicine": 2,
            "brawl": 1,
            "influence": 1,
        },
        secondary={"Cartography": 2},  # 4 Exp
        assets=(
            AssetPick(
                "contacts",
                "Contacts",
                AssetKind.ASSET,
                2,
                "Salvage divers of the Danube",
                category="background",
            ),
            AssetPick("keen_sense", "Keen Sense", AssetKind.ASSET, 3, "Smell", category="physical"),
        ),
        liabilities=(AssetPick("paranoid", "Paranoid", AssetKind.LIABILITY, 3, category="mental"),),
        charon_coin=True,
    )
    # Creation: 55 + 40 + 4 + (2 + 3) − 3 = 101 Exp of 150; 49 carried into the first Downtime.

    lance, veil, mend, rust, flask = "ines-g1", "ines-g2", "ines-g3", "ines-g4", "ines-g5"
    ledger: list[Entry] = [
        gift_step("2023-01-28", lance, 0, 1, credits=1, note="Coin of Charon"),
        contract("2023-02-04", "The Glass Orchard", gm="Priya"),
        raise_attr("2023-02-10", "perception", 4),  # 15
        raise_ability("2023-02-10", "occult", 4),  # 6
        journal("2023-02-12", "What the orchard kept"),
        contract("2023-02-25", "Lanterns Under Ice", outcome=V, gm="Priya"),
        gift_step("2023-03-01", veil, 0, 1, credits=1),
        contract("2023-03-18", "A Debt of Salt", outcome=V, commission=True, gm="Jules"),
        gift_step("2023-03-22", lance, 1, 2, credits=1, note="Armor-Piercing"),
        journal("2023-03-24", "Salt in the wound"),
        contract("2023-04-08", "Nine Bells", home=False, gm="Okoro"),
        raise_source("2023-04-12", 2),  # 2
        raise_ability("2023-04-12", "stealth", 3),  # 4
        journal("2023-04-15", "Quiet weeks", JournalKind.DOWNTIME),
        contract("2023-04-29", "The Empty Choir", gm="Priya"),
        journal("2023-05-02", "Nobody sang back"),
        contract("2023-05-20", "Rook and Ruin", outcome=V, gm="Jules"),
        gift_step("2023-05-24", mend, 0, 1, credits=1),
        contract("2023-06-10", "Paper Saints", gm="Priya"),
        contract("2023-07-01", "The Ninth Floor", outcome=V, commission=True, gm="Jules"),
        raise_attr("2023-07-05", "dexterity", 4),  # 15
        raise_ability("2023-07-05", "firearms", 3),  # 4
        raise_ability("2023-07-05", "Cartography", 3, TraitKind.SECONDARY),  # 4
        gift_step("2023-07-06", rust, 0, 1, credits=1),
        contract("2023-07-22", "Cold Harbor", home=False, outcome=V, gm="Okoro"),
        gift_step("2023-07-26", rust, 1, 2, credits=1, note="Duration: a day"),
        journal("2023-07-28", "Harbor lights"),  # 4th Contract Journal: an Improvement
        contract("2023-08-12", "The Long Table", gm="Priya"),
        BonusExp(
            "2023-08-20", BonusKind.GM_INTO_THE_FOLD, 6, "Ran 'Hollow Bridge' for two new players"
        ),
        ImprovementGranted("2023-08-20", ImprovementKind.GM_CONTRACT, "GMed 'Hollow Bridge'"),
        contract("2023-09-02", "Wolves at Vespers", outcome=V, gm="Jules"),
        gift_step("2023-09-06", flask, 0, 1, credits=1),
        Craft("2023-09-06", flask, "Ember Flask", free=True, exp=0),
        contract("2023-09-23", "Ashfall", gm="Priya"),
        raise_ability("2023-09-27", "investigation", 4),  # 6
        journal("2023-09-29", "Ash on everything"),
        gift_step("2023-09-30", lance, 2, 3, improvements=1, note="Unerring"),
        contract("2023-10-14", "The Cartographer's Widow", gm="Jules"),
        Craft("2023-10-18", flask, "Ember Flask", free=True, exp=0),
        Craft("2023-10-18", flask, "Ember Flask", free=False, exp=1),
        contract("2023-11-04", "Mirror Tax", outcome=V, gm="Priya"),
        gift_step("2023-11-08", lance, 3, 4, credits=1, note="Range: 100 feet"),
        journal("2023-11-10", "The tax is paid"),
        contract("2023-11-25", "Small Hours", home=False, gm="Okoro"),
        raise_attr("2023-11-29", "intellect", 4),  # 15
        journal("2023-12-01", "Away games", JournalKind.DOWNTIME),
        contract(
            "2023-12-16",
            "Saltmarsh, Part One",
            outcome=V,
            cycle="Saltmarsh",
            cycle_final=False,
            gm="Jules",
        ),
        contract(
            "2023-12-30",
            "Saltmarsh, Part Two",
            outcome=V,
            commission=True,
            cycle="Saltmarsh",
            cycle_final=True,
            gm="Jules",
        ),
        journal("2024-01-03", "The marsh remembers"),
        gift_step("2024-01-05", rust, 2, 3, credits=1, note="Range: 100 feet"),
        contract("2024-01-20", "Static", gm="Priya"),
        raise_source("2024-01-24", 3),  # 4
        BonusExp("2024-01-27", BonusKind.RINGER_OBJECTIVE_MET, 4, "Ringer in 'Tin Crown'"),
        contract("2024-02-10", "Feast of Lamps", gm="Jules"),
        Therapy("2024-02-14", "Night Terrors", 3),
        contract("2024-03-02", "The Drowned Archive", outcome=V, gm="Priya"),
        raise_ability("2024-03-06", "occult", 5),  # 8
        journal("2024-03-08", "Pages that stay wet"),  # 8th Contract Journal: an Improvement
        # Seasoned now (10 victories): 3 dice of Penalty is open to her.
        gift_step("2024-03-09", rust, 3, 4, improvements=1, note="Penalty: 3 dice"),
        gift_step("2024-03-09", flask, 1, 2, improvements=1, note="Armor-Piercing"),
        Craft("2024-03-09", flask, "Ember Flask", free=True, exp=0),
        contract("2024-03-23", "Grey Ferry", gm="Jules"),
        BuyAsset(
            "2024-03-27",
            AssetPick(
                "polyglot",
                "Polyglot",
                AssetKind.ASSET,
                1,
                "Hungarian, Romani",
                category="background",
            ),
            3,
        ),
        BonusExp("2024-03-30", BonusKind.GM_MOVE_WRITEUP, 2, "Wrote up the Move 'Quiet Water'"),
        contract("2024-04-13", "Borrowed Faces", home=False, gm="Okoro"),
        raise_ability("2024-04-17", "alertness", 3),  # 4
        contract("2024-05-04", "The Hollow King", outcome=V, gm="Priya"),
        raise_attr("2024-05-08", "brawn", 3),  # 10
        contract("2024-05-25", "Night Market", gm="Jules"),
        raise_attr("2024-05-29", "charisma", 3),  # 10
    ]
    gifts = (
        Gift(
            lance,
            power(
                "injure",
                "targeted",
                "Ember Lance",
                "Everything burns if you ask it nicely.",
                "A spear of coal-red light leaps from her palm; the air smells of smoke after.",
                enhancements=("armor_piercing", "unerring"),
                parameters={"range": "far"},
            ),
            cost=4,
        ),
        Gift(
            veil,
            power(
                "obscure",
                "activated",
                "Veil of Ash",
                "You never saw me.",
                "Grey flakes drift around her and the eye slides off whatever they settle on.",
            ),
            cost=1,
        ),
        Gift(
            mend,
            power(
                "heal",
                "targeted",
                "Cinder Stitch",
                "It will scar. Scars are honest.",
                "She cauterizes wounds shut with a touch that glows like a banked fire.",
            ),
            cost=1,
        ),
        Gift(
            rust,
            power(
                "afflict",
                "targeted",
                "Hex of Rust",
                "Everything you own is older than you think.",
                "Orange flecks spread over the target's skin and gear; every joint grinds.",
                parameters={"duration": "day", "penalty": "three", "range": "far"},
            ),
            cost=4,
        ),
        Gift(
            flask,
            power(
                "injure",
                "targeted",
                "Ember Flask",
                "Throw it. Do not drink it.",
                "A corked bottle of glowing cinders that bursts into a gout of flame on impact.",
                gift_type="consumable_crafting",
                enhancements=("armor_piercing",),
            ),
            cost=2,
        ),
    )
    return Contractor(
        id="1a66ec6f-2352-5dfb-8957-f6a80a3d6f15",
        concept=Concept(
            name="Ines Varga",
            player="Dana",
            age="41",
            pronouns="she/her",
            archetype="The Cartographer",
            paradigm="Every place remembers what happened in it, and fire makes it talk.",
            ambition="Map the roads the Harbingers use between Contracts.",
            appearance="Soot-dark coat, surveyor's satchel, a burn scar across the knuckles.",
            background="A river surveyor from Budapest who found a map that drew itself.",
            home_playgroup="Thursday Lantern",
        ),
        limits=(
            DEFAULT_LIMITS[0],
            DEFAULT_LIMITS[2],
            Limit(
                "Desecration",
                "Burning or defacing a map, archive or record of a place calls for a Trauma Roll.",
                custom=True,
            ),
        ),
        creation=creation,
        ledger=tuple(ledger),
        gifts=gifts,
        source=SourcePool(
            name="Embers", replenishment=("Setting alight something that someone loved",)
        ),
        stock=Stock(
            equipment=(
                Item("Surveyor's satchel", "Compass, chalk, string, waterproof notebooks"),
                Item("Revolver", ".38, six rounds"),
                Item("Flashlight"),
            ),
            consumables=(CraftedItem("Ember Flask", flask, 2, "Two thrown at Grey Ferry"),),
            trophies=(Item("A drowned archive's brass key"), Item("Saltmarsh reed crown")),
            conditions=(Item("Smells smoke before a fire starts"),),
            circumstances=(Item("Owes the salvage divers a favor"),),
        ),
        health=Health(
            injuries=(Injury("Bruised ribs from the Night Market stampede", 2, stabilized=True),),
            battle_scars=(BattleScar("Tinnitus", ScarTier.MINOR, "A ringing that never stops"),),
            traumas=(Trauma("Hypervigilance", "Sleeps with the lights on and her back to a wall"),),
            mind_damage=1,
        ),
        loose_ends=(
            LooseEnd(
                "The Saltmarsh reed crown",
                ThreatLevel.DEADLY,
                cutoff=4,
                granted_after=20,  # reaches 0 with her 24th and latest Contract: due now
                threat="The marsh wants its crown back and sends the drowned to fetch it.",
            ),
        ),
        notes="Keeps a hand-drawn map of every Contract site in the back of her notebook.\n\n"
        + AUDIT_EXAMPLE
        + "her Journals are recorded by word count only (the audit asks for their texts), "
        "her custom Limit awaits the leader's approval, an Asset was bought after her first "
        "Contract, and a Loose End's Cutoff has run out.",
    )


# --------------------------------------------------------------------------- Orrin: dead


def orrin() -> Contractor:
    creation = Creation(
        # Brawn 1→4: 5+10+15 = 30; Dexterity 1→3: 15; Perception, Intellect 1→2: 5 each;
        # Charisma stays 1. 55 Exp.
        attributes={"brawn": 4, "dexterity": 3, "perception": 2, "charisma": 1, "intellect": 2},
        # brawl 3 and melee 3: 8 each; athletics, firearms, alertness, survival, drive 2: 4 each
        # (20); medicine 1: 2. 38 Exp.
        abilities={
            "brawl": 3,
            "melee": 3,
            "athletics": 2,
            "firearms": 2,
            "alertness": 2,
            "survival": 2,
            "drive": 2,
            "medicine": 1,
        },
        liabilities=(
            AssetPick(
                "deep_debt",
                "Deep Debt",
                AssetKind.LIABILITY,
                2,
                "Owes a loan shark in Marseille",
                category="background",
            ),
        ),
    )
    # Creation: 55 + 38 − 2 = 91 Exp of 150; 59 carried over.
    fist, sap = "orrin-g1", "orrin-g2"
    ledger: tuple[Entry, ...] = (
        contract("2024-09-07", "Dockside Lullaby", outcome=V, gm="Priya"),
        gift_step("2024-09-10", fist, 0, 1, credits=1),
        raise_source("2024-09-10", 2),  # 2
        contract("2024-09-28", "Twelve Chairs", gm="Jules"),
        raise_ability("2024-10-02", "brawl", 4),  # 6
        journal("2024-10-03", "Chairs and more chairs"),
        contract("2024-10-19", "Rust Choir", home=False, outcome=V, commission=True, gm="Okoro"),
        gift_step("2024-10-23", fist, 1, 2, credits=1, note="Armor-Piercing"),
        contract("2024-11-09", "Lowtide", gm="Priya"),
        raise_ability("2024-11-13", "melee", 4),  # 6
        journal("2024-11-14", "Waiting for the boat", JournalKind.DOWNTIME),
        contract("2024-11-30", "The Ninth Bell", outcome=V, gm="Jules"),
        gift_step("2024-12-04", sap, 0, 1, credits=1),
        raise_attr("2024-12-04", "dexterity", 4),  # 15
        contract(
            "2024-12-21",
            "The Furnace Door",
            outcome=Outcome.DEATH,
            gm="Priya",
            notes="Held the furnace door shut so the others could get out.",
        ),
    )
    gifts = (
        Gift(
            fist,
            power(
                "injure",
                "targeted",
                "Iron Knuckle",
                "One punch. That's the rule.",
                "His fist blurs grey like cast iron and lands with a sound like a dropped anvil.",
                enhancements=("armor_piercing",),
                parameters={"range": "touch", "damage": "three"},
            ),
            cost=2,
        ),
        Gift(
            sap,
            power(
                "afflict",
                "targeted",
                "Sucker Punch",
                "Didn't see that coming, did you?",
                "A jab to the liver that leaves the target green and shaking for the whole fight.",
            ),
            cost=1,
        ),
    )
    return Contractor(
        id="4014e95e-7d7e-5eb0-98ff-3d6e35755c92",
        concept=Concept(
            name="Orrin Vale",
            player="Sam",
            age="35",
            pronouns="he/him",
            archetype="The Bruiser",
            paradigm="Anything can be solved if you hit it hard enough, once.",
            ambition="Pay off the debt and buy back his father's boat.",
            appearance="Broad, broken-nosed, a dock worker's jacket and taped knuckles.",
            background="A dock worker and bare-knuckle boxer from Marseille.",
            home_playgroup="Thursday Lantern",
        ),
        limits=DEFAULT_LIMITS,
        creation=creation,
        ledger=ledger,
        gifts=gifts,
        source=SourcePool(name="Grit"),
        stock=Stock(
            equipment=(Item("Work gloves"), Item("Crowbar"), Item("Boat keys", "His father's")),
            trophies=(Item("A bell clapper from the Ninth Bell"),),
        ),
        health=Health(
            injuries=(
                Injury("Burns over most of his body", 7),
                Injury("Broken forearm", 4, stabilized=True),
            ),
            battle_scars=(BattleScar("Missing Fingers", ScarTier.MAJOR, "Two on the left hand"),),
        ),
        loose_ends=(
            LooseEnd(
                "The Marseille loan shark",
                ThreatLevel.DANGEROUS,
                cutoff=3,
                granted_after=3,  # reaches 0 with his 6th and last Contract
                threat="The debt passes to whoever he named as next of kin.",
            ),
        ),
        notes="Died holding the furnace door. Sam's Coin of Charon went to Wren Halloway.\n\n"
        + AUDIT_EXAMPLE
        + "his Journals are recorded by word count only (the audit asks for their texts), "
        "and a Loose End's Cutoff ran out.",
    )


# --------------------------------------------------------------------------- checks


def check_arithmetic(c: Contractor) -> dict[str, int]:
    """Stop on any rule slip in a generated sheet; returns the totals builder folds.

    The rules are asked of ``builder.contract.sheet`` (they live nowhere else); any ERROR
    finding, or a Gift whose stored cost differs from the catalog's, fails.
    """
    report = evaluate_sheet(c)
    problems = [f"{f.where}: {f.message}" for f in errors(report.findings)]
    catalog = default_catalog()
    for gift in c.gifts:
        now = evaluate_gift(gift.draft, catalog, status=report.status)
        if now.cost != gift.cost or now.errors:
            problems.append(f"gift {gift.id}: stored cost {gift.cost}, catalog says {now.cost}")
    assert not problems, (c.concept.name, problems)
    return {
        "creation": report.exp.creation_cost,
        "earned": report.exp.earned_total,
        "spent": report.exp.spent_total,
        "available": report.exp.available,
        "contracts": report.contracts_attended,
        "victories": report.victories,
        "credits": report.rewards.credits_earned,
        "credits_spent": report.rewards.credits_spent,
        "improvements": report.rewards.improvements_earned,
        "improvements_spent": report.rewards.improvements_spent,
    }


def with_system_text(c: Contractor) -> Contractor:
    """The example as a player's export would be: each Gift carries its generated System Text."""
    catalog = default_catalog()
    status = evaluate_sheet(c).status
    gifts = tuple(
        replace(g, system_text=evaluate_gift(g.draft, catalog, status=status).system_text)
        for g in c.gifts
    )
    return replace(c, gifts=gifts)


EXAMPLES = {"newbie-wren-halloway.json": wren, "seasoned-ines-varga.json": ines}
EXAMPLES["dead-orrin-vale.json"] = orrin


def example_files() -> dict[str, bytes]:
    """File name → bytes of every example, checked."""
    files = {}
    for name, make in EXAMPLES.items():
        contractor = with_system_text(make())
        check_arithmetic(contractor)
        files[name] = dumps_character_file(
            contractor, exported_at=EXPORTED_AT, written_by=WRITTEN_BY
        )
    return files


# --------------------------------------------------------------------------- the other games
# Issue 33, item 9: "Load examples" offers every game. Each example audits clean
# (tests/ui/test_examples_every_game.py checks it after Load examples).


def tamsin() -> Any:
    """Tamsin Roe, a This Mortal Coil spacefarer as rolled: STR 4+5+3, DEX 6+2+5, CTRL 3+3+1,
    no swap, HP d6 = 4 (the roll ``builder.mortal_coil.creation`` makes, after the text's
    "roll 3d6 for each ability score, then give them 1d6 HP")."""
    from builder.mortal_coil.character import Item, Spacefarer
    from builder.mortal_coil.creation import CreationRoll, creation_from_roll

    roll = CreationRoll((4, 5, 3), (6, 2, 5), (3, 3, 1), 4)
    return Spacefarer(
        id="tmc-example-tamsin-roe",
        name="Tamsin Roe",
        creation=creation_from_roll(roll, ""),
        player="Sam",
        pronouns="she/her",
        background="Salvage diver off the Kessler Ring; owes the Lantern crew a favour.",
        items=(Item("Cutting torch"), Item("Vacuum suit"), Item("Ration packs")),
        credits=40,
        notes="Example spacefarer: freshly rolled, no play yet. Audits clean.",
    )


def harrows_end() -> Any:
    """A The Coven chronicle as created: the town, the Others' goal, two practitioners with
    13 trait cards each (the-coven.txt: "take 13 cards -- two white, two red, and the
    others of either colour as you like")."""
    from builder.coven.chronicle import (
        Chronicle,
        Colour,
        Element,
        Goal,
        Kind,
        Link,
        Practitioner,
        TraitCard,
    )

    elements = (
        Element("ada", "Ada Finch", Kind.PERSON),
        Element("tom", "Tom Okoro", Kind.PERSON),
        Element("vera", "Vera Lund, the vicar", Kind.PERSON),
        Element("mill", "The old mill", Kind.PLACE),
        Element("school", "St Aldhelm's school", Kind.PLACE),
        Element("council", "The parish council", Kind.ORGANISATION),
        Element("well", "The dry well", Kind.PLACE, added_by_others=True),
    )
    links = (
        Link("ada", "school"),
        Link("tom", "mill"),
        Link("vera", "council"),
        Link("mill", "well"),
        Link("ada", "tom"),
    )

    def cards(pid: str, white: list[tuple[str, str]], red: list[str]) -> tuple[TraitCard, ...]:
        made = [
            TraitCard(f"{pid}c{i}", Colour.WHITE, text, (tie,) if tie else ())
            for i, (text, tie) in enumerate(white, start=1)
        ]
        made += [
            TraitCard(f"{pid}c{len(white) + i}", Colour.RED, text, ())
            for i, text in enumerate(red, start=1)
        ]
        return tuple(made)

    ada = Practitioner(
        "p1",
        "Ada Finch",
        "Ines",
        (
            "Ada Finch",
            "Teaches the infants at St Aldhelm's",
            "A brother, Tom, at the mill",
            "Tom, and the children in her class",
            "They promised the school would never close",
            "",
        ),
        cards(
            "p1",
            [
                ("Knows every child's name and every parent's worry", "school"),
                ("Patient as a stone", ""),
                ("Sings in the church choir", "vera"),
                ("Keeps her brother out of trouble", "tom"),
                ("Reads the parish minutes nobody reads", "council"),
                ("Walks the mill path at dusk", "mill"),
                ("Never forgets a promise", ""),
            ],
            [
                "Hears what the well whispers",
                "Her shadow is late",
                "Children obey her without a word",
                "Ink that writes itself",
                "Cold hands that do not shake",
                "Dreams of a drowned town",
            ],
        ),
        "ada",
    )
    tom = Practitioner(
        "p2",
        "Tom Okoro",
        "Sam",
        (
            "Tom Okoro",
            "Keeps the old mill turning for the tourists",
            "His sister Ada",
            "Ada",
            "The mill was to be sold for flats",
            "Keep the mill, and keep Ada safe",
        ),
        cards(
            "p2",
            [
                ("Strong back, stronger opinions", ""),
                ("Owes the council money", "council"),
                ("Knows the river's moods", "mill"),
                ("Ada's brother first", "ada"),
                ("Quick with a joke at the pub", ""),
            ],
            [
                "The millstone turns when he asks",
                "Smells rain a day away",
                "Never tires after dark",
                "The dogs will not bark at him",
                "Speaks with the drowned",
                "Water remembers him",
                "A debt the Others hold",
                "Eyes like the well's bottom",
            ],
        ),
        "tom",
    )
    return Chronicle(
        "coven-example-harrows-end",
        "Harrow's End",
        "Vera",
        "Something old in the dry well, patient and hungry",
        Goal.CORRUPT_PEOPLE,
        (ada, tom),
        elements,
        links,
    )


def other_game_files() -> dict[str, bytes]:
    """File name → bytes of the This Mortal Coil and The Coven examples, each audited clean."""
    from builder.coven import file as coven_file
    from builder.coven.audit import audit_chronicle
    from builder.mortal_coil import file as mc_file
    from builder.mortal_coil.audit import audit_spacefarer

    spacefarer = tamsin()
    chronicle = harrows_end()
    for audit in (audit_spacefarer(spacefarer), audit_chronicle(chronicle)):
        found = [f for line in audit.lines for f in line.findings]
        if found:
            raise SystemExit(f"example {audit.name}: " + "; ".join(f.message for f in found))
    return {
        "mortal_coil/tamsin-roe.json": mc_file.dumps(mc_file.MortalCoilFile(spacefarer)).encode(),
        "coven/harrows-end.json": coven_file.dumps(coven_file.CovenFile(chronicle)).encode(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check the files are current")
    args = parser.parse_args(argv)
    stale = []
    for name, data in {**example_files(), **other_game_files()}.items():
        path = EXAMPLES_DIR / name
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                stale.append(name)
        else:
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print("out of date: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
