"""Hand-built print snapshots for layout tests and the PDF benchmark.

These are ``PrintSnapshot`` values written out by hand, the way a filled sheet
would arrive from ``builder``; the numbers are consistent with the rules
(Brawn 3 gives Body 5 + ceil(3/2) = 7; Intellect 3 + Charisma 2 + 1 gives
Mind 6; Dexterity 3 + Perception 2 gives an Initiative pool of 5).
"""

from __future__ import annotations

from builder.contract.health_record import Injury, Trauma
from printing.contract.views import (
    AssetView,
    ContractView,
    CostPart,
    FindingView,
    GiftView,
    HealthView,
    ItemView,
    LedgerLine,
    LimitView,
    LooseEndView,
    PenaltyBand,
    PrintSnapshot,
    RatingView,
    ScarView,
    SourceView,
    StatView,
    StockView,
    TotalLine,
    TrackView,
)

BODY_BANDS = (
    PenaltyBand("6+", "Bruised", "None"),
    PenaltyBand("5", "Hurt", "−1 die"),
    PenaltyBand("4", "Injured", "−1 die"),
    PenaltyBand("3", "Wounded", "−2 dice"),
    PenaltyBand("2", "Mauled", "−3 dice"),
    PenaltyBand("1", "Maimed", "−4 dice"),
    PenaltyBand("0", "Incapacitated", "Unconscious or unable to move"),
    PenaltyBand("<0", "Dead", "Off to the Graveyard"),
)
MIND_BANDS = (
    PenaltyBand("6+", "Distracted", "None"),
    PenaltyBand("5", "Rattled", "−1 die"),
    PenaltyBand("4", "Worried", "−1 die"),
    PenaltyBand("3", "Alarmed", "−2 dice"),
    PenaltyBand("2", "Frantic", "−3 dice"),
    PenaltyBand("1", "Delirious", "−4 dice"),
    PenaltyBand("0", "Incapacitated", "No actions at all"),
)

ABILITY_NAMES = (
    "Alertness",
    "Animals",
    "Athletics",
    "Brawl",
    "Crafts",
    "Culture",
    "Drive",
    "Firearms",
    "Influence",
    "Investigation",
    "Medicine",
    "Melee",
    "Occult",
    "Performance",
    "Science",
    "Stealth",
    "Survival",
    "Technology",
    "Thievery",
)


def sample_gift(n: int, *, long_text: bool = False) -> GiftView:
    """A Gift with a distinctive name and System Text that a test can search for."""
    system = (
        f"Spend 1 Source to call a storm of glass shards (gift {n}). Roll Dexterity + Occult, "
        "Difficulty 6, against every target within 30 feet; each takes Damage equal to the "
        "Outcome. The shards vanish at the end of the Round."
    )
    if long_text:
        system += " " + " ".join(
            f"Clause {k} of gift {n}: while the storm lasts, allies inside it gain cover."
            for k in range(25)
        )
    return GiftView(
        name=f"Glass Storm {n}",
        gift_type="Power",
        effect="Area Attack",
        style="Activated",
        cost=3 + n % 4,
        system_text=system,
        tagline=f"The windows remember {n} every broken promise.",
        description="Every pane of glass nearby shivers, then leaps. It is louder than it seems.",
        required_status="Novice" if n % 3 else "",
        breakdown=(
            CostPart("Base", 1),
            CostPart("Effect with this Style", 1),
            CostPart("Enhancements", 2 + n % 4),
            CostPart("Drawbacks", -1),
        ),
        modifiers=("Enhancement: Wide Area", "Enhancement: Lingering", "Drawback: Loud"),
    )


def sample_snapshot(
    *, name: str = "Marguerite Okafor", gifts: int = 3, contracts: int = 6, long_gift: bool = False
) -> PrintSnapshot:
    """A filled contractor: every section of the sheet has something in it."""
    # Ratings 0..5 spread over the list, so every dot count is printed somewhere.
    abilities = tuple(RatingView(a, (i * 7) % 6, 6) for i, a in enumerate(ABILITY_NAMES))
    story = tuple(
        ContractView(
            date=f"2024-{1 + i % 12:02d}-{1 + i % 27:02d}",
            scenario=f"Scenario number {i + 1}: The Lantern Job",
            where="Home" if i % 3 else "Away",
            outcome="Victory" if i % 2 == 0 else "Failure",
            commission=i % 4 == 0,
            exp=(3 if i % 3 else 1) + (2 if i % 2 == 0 else 0) + (2 if i % 4 == 0 else 0),
        )
        for i in range(contracts)
    )
    ledger = (
        *(
            LedgerLine(c.date, f"Contract: {c.scenario} ({c.outcome.lower()})", c.exp or 0)
            for c in story
        ),
        LedgerLine("2024-03-02", "Raise Brawn to 3", 0, 10, 7),
        LedgerLine("2024-04-10", "Journal: Notes from the lantern house", 1, 0, 8),
        LedgerLine("2024-05-01", "New Gift: Glass Storm 1", 0, 0, 8, "−1 Gift Credit"),
    )
    return PrintSnapshot(
        contractor_id="c-0001",
        name=name,
        player="Ann Lee",
        status="Novice",
        victories=4,
        concept=(
            StatView("Archetype", "Fixer"),
            StatView("Paradigm", "Glassblower's Debt"),
            StatView("Ambition", "Buy back the family workshop"),
            StatView("Pronouns", "she/her"),
            StatView("Age", "34"),
            StatView("Home playgroup", "Rotterdam Tuesdays"),
            StatView(
                "Appearance",
                "Tall, soot on her cuffs, a jeweller's loupe on a chain. She hums when she lies.",
            ),
            StatView(
                "Background",
                "Grew up above a glass shop on the Nieuwe Binnenweg; apprenticed at twelve, "
                "indebted at twenty, contracted at thirty-three after a bad night on the docks.",
            ),
        ),
        vitals=(
            StatView("Status", "Novice"),
            StatView("Victories", "4"),
            StatView("Exp available", "17"),
            StatView("Gift Credits", "1"),
            StatView("Improvements", "2"),
        ),
        attributes=(
            RatingView("Brawn", 3),
            RatingView("Dexterity", 3),
            RatingView("Perception", 2),
            RatingView("Charisma", 2),
            RatingView("Intellect", 3),
        ),
        abilities=abilities,
        secondary=(RatingView("Glassblowing", 3, 6), RatingView("Dutch Dock Slang", 1, 6)),
        derived=(
            StatView("Initiative pool", "5 dice", "Dexterity + Perception"),
            StatView("Free movement", "15 ft", "5 + 5 × Dexterity − 5 × Penalty"),
            StatView("Extra sprint steps", "3", "Brawn"),
            StatView("Carry limit", "45 lb", "15 lb × Brawn"),
            StatView("Lift maximum", "225 lb", "Lifting and Hauling table"),
        ),
        body=TrackView("Body", 7, 2, 5, "−1", BODY_BANDS, 1),
        mind=TrackView("Mind", 6, 1, 5, "−1", MIND_BANDS, 1),
        penalty="−2",
        source=SourceView(
            "Shardlight",
            2,
            ("Breaking a window that belongs to someone powerful",),
            "Novice: 1 condition, 1 day cooldown",
        ),
        limits=(
            LimitView("Anguish", "Will not torture."),
            LimitView("Atrocities", "Will not harm children."),
            LimitView("Murder", "Will not kill the helpless."),
        ),
        gifts=tuple(sample_gift(n, long_text=long_gift) for n in range(1, gifts + 1)),
        assets=(
            AssetView(
                "Contacts",
                "Asset",
                2,
                "The Rotterdam dock unions",
                "Once per Contract, ask a favor.",
            ),
            AssetView("Wealthy", "Asset", 4, "", "Money is rarely a problem.", restricted=True),
        ),
        liabilities=(
            AssetView(
                "Hunted", "Liability", 3, "A debt collector named Vos", "Vos appears when it hurts."
            ),
        ),
        stock=StockView(
            equipment=(ItemView("Jeweller's loupe"), ItemView("Crowbar", "Heavy, rusted")),
            artifacts=(ItemView("Glass Key", "Opens one door once", 1, "Glass Storm 1"),),
            consumables=(ItemView("Shard vial", "Thrown, bursts", 2, "Glass Storm 2"),),
            trophies=(ItemView("A warden's badge", "Taken in Contract 3"),),
            conditions=(ItemView("Marked by the Lantern", "GMs may call on it once"),),
            circumstances=(ItemView("Owes the harbor master", ""),),
        ),
        health=HealthView(
            injuries=(Injury("Cut forearm", 2, False), Injury("Bruised ribs", 1, False)),
            battle_scars=(ScarView("Chronic Pain", "Major", "Penalty is always at least −1."),),
            traumas=(Trauma("Nightmares", "Sleep rarely comes easy."),),
            mind_damage=1,
        ),
        contracts=story,
        loose_ends=(
            LooseEndView("The broken lantern", "Deadly", 2),
            LooseEndView(
                "Vos's ledger", "Dangerous", 0, "Vos sends two collectors to the workshop."
            ),
        ),
        ledger=ledger,
        exp_totals=(
            TotalLine("Starting Exp", 150),
            TotalLine("Earned from Contracts", 31),
            TotalLine("Earned from Journals", 2),
            TotalLine("Bonus Exp", 4),
            TotalLine("Total earned", 187, strong=True),
            TotalLine("Spent at creation", 150),
            TotalLine("Spent since", 20),
            TotalLine("Total spent", 170, strong=True),
            TotalLine("Exp available", 17, strong=True),
        ),
        reward_totals=(
            TotalLine("Gift Credits earned", 5),
            TotalLine("Gift Credits spent", 4),
            TotalLine("Gift Credits available", 1, strong=True),
            TotalLine("Improvements earned", 3),
            TotalLine("Improvements spent", 1),
            TotalLine("Improvements available", 2, strong=True),
            TotalLine("Cap (2 × victories)", 8),
        ),
        findings=(
            FindingView("warning", "Wealthy is restricted: it needs leader approval.", "assets[1]"),
        ),
        notes="Keeps a list of every window she has broken.\nThe list is long.",
    )
