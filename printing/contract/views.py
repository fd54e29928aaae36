"""What a printed contractor sheet shows: frozen, display-ready values.

``PrintSnapshot`` is the only input of the sheet and Gift-card printers. It
holds text and numbers exactly as they will be printed, all of them computed
beforehand by ``builder``; ``printing.contract.snapshot`` assembles it. The
printers only arrange these values on paper, so the PDF always agrees with the
app, the CLI and the leader's audit. Where builder's value is already what is
printed (an Injury, a Trauma), the snapshot holds builder's value itself rather
than a copy of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from builder.contract.health_record import Injury, Trauma
from printing.contract.suggestion_print import SuggestionView
from printing.contract.weapon_print import WeaponView


@dataclass(frozen=True, slots=True)
class RatingView:
    """A rated trait printed as dots: "Brawn ●●●○○ 3"."""

    name: str
    rating: int
    maximum: int = 5


@dataclass(frozen=True, slots=True)
class StatView:
    """A labelled value ("Initiative pool", "7 dice"), with an optional note on how it is found."""

    label: str
    value: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class PenaltyBand:
    """One row of a Penalty table ("Penalty"): remaining points, its name, its penalty."""

    remaining: str
    state: str
    penalty: str


@dataclass(frozen=True, slots=True)
class TrackView:
    """Body or Mind: boxes to tick, damage already taken, and its Penalty table.

    ``current`` is the index in ``bands`` of the row the contractor is on now
    (None when unknown), so the sheet can shade it.
    """

    name: str
    rating: int
    damage: int
    remaining: int
    penalty: str
    bands: tuple[PenaltyBand, ...] = ()
    current: int | None = None


@dataclass(frozen=True, slots=True)
class SourceView:
    """The Source pool under the contractor's own name for it, and its replenishment conditions."""

    name: str
    rating: int
    replenishment: tuple[str, ...] = ()
    allowance: str = ""
    conditions_allowed: int = 0


@dataclass(frozen=True, slots=True)
class LimitView:
    name: str
    description: str = ""
    custom: bool = False


@dataclass(frozen=True, slots=True)
class CostPart:
    """One term of a Gift Cost sum ("Enhancements", +2)."""

    label: str
    amount: int


@dataclass(frozen=True, slots=True)
class GiftView:
    """A Gift as printed: flavor, classification, cost with its breakdown, full System Text."""

    name: str
    gift_type: str
    effect: str
    style: str
    cost: int
    system_text: str
    tagline: str = ""
    description: str = ""
    extended_description: str = ""
    """The optional longer flavor text (issue 31.4); printed only when filled."""
    required_status: str = ""
    status_met: bool | None = True
    breakdown: tuple[CostPart, ...] = ()
    modifiers: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    catalog: str = ""
    artifact: str = ""
    """The Legendary Artifact the Gift is invested in ("" for none)."""
    inactive: str = ""
    """Why the Gift does not work now ("Sunsword is lost"), or "" while it does."""


@dataclass(frozen=True, slots=True)
class AssetView:
    """An Asset or Liability with its system text; ``restricted`` needs leader approval."""

    name: str
    kind: str
    value: int
    detail: str = ""
    system: str = ""
    restricted: bool = False


@dataclass(frozen=True, slots=True)
class ItemView:
    """A line of Stock: equipment, an Artifact, a Consumable, a Trophy, a Condition…"""

    name: str
    detail: str = ""
    quantity: int | None = None
    source: str = ""
    state: str = ""
    """Where an Artifact or Consumable is when not simply held ("lost", "left at home")."""


@dataclass(frozen=True, slots=True)
class LegendaryView:
    """A Legendary Artifact with the Gifts invested in it, each with its Gift Cost."""

    name: str
    state: str
    description: str = ""
    gifts: tuple[tuple[str, int], ...] = ()
    in_hand: bool = True


@dataclass(frozen=True, slots=True)
class StockView:
    equipment: tuple[ItemView, ...] = ()
    artifacts: tuple[ItemView, ...] = ()
    consumables: tuple[ItemView, ...] = ()
    trophies: tuple[ItemView, ...] = ()
    conditions: tuple[ItemView, ...] = ()
    circumstances: tuple[ItemView, ...] = ()
    legendary: tuple[LegendaryView, ...] = ()
    log: tuple[tuple[str, str, str], ...] = ()
    """The item log, newest first: (date, item, what happened)."""


@dataclass(frozen=True, slots=True)
class ScarView:
    """A Battle Scar as printed: its tier by the name the sheet catalog gives it ("Major"),
    where builder's ``BattleScar`` holds the tier itself."""

    name: str
    tier: str
    system: str = ""


@dataclass(frozen=True, slots=True)
class HealthView:
    """The Health section: Injuries and Traumas are builder's own values (printed as they
    are), Battle Scars with their tier's printed name, and Mind damage."""

    injuries: tuple[Injury, ...] = ()
    battle_scars: tuple[ScarView, ...] = ()
    traumas: tuple[Trauma, ...] = ()
    mind_damage: int = 0


@dataclass(frozen=True, slots=True)
class ContractView:
    """A Contract attended, as a line of the Story log."""

    date: str
    scenario: str
    where: str
    outcome: str
    commission: bool = False
    cycle: str = ""
    exp: int | None = None
    notes: str = ""


@dataclass(frozen=True, slots=True)
class JournalView:
    """A Journal, as a line of the Story section ("Journals"); ``exp`` is what it earned."""

    date: str
    kind: str
    title: str
    words: int
    exp: int | None = None


@dataclass(frozen=True, slots=True)
class LooseEndView:
    """A Loose End as the player may see it.

    ``threat`` is empty while the Threat is hidden (its Cutoff has not reached
    0); the printer never receives hidden text, so it cannot leak onto paper.
    """

    title: str
    threat_level: str
    cutoff_remaining: int
    threat: str = ""
    resolved: bool = False


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """One line of the Exp and reward log: Exp earned and spent, Exp left after it, rewards."""

    date: str
    entry: str
    earned: int = 0
    spent: int = 0
    balance: int | None = None
    rewards: str = ""


@dataclass(frozen=True, slots=True)
class TotalLine:
    """A folded total ("Exp available", 12); ``strong`` totals are printed bold."""

    label: str
    value: int
    strong: bool = False


@dataclass(frozen=True, slots=True)
class FindingView:
    """A rule finding worth showing on paper (errors and warnings)."""

    severity: str
    message: str
    where: str = ""


@dataclass(frozen=True, slots=True)
class PrintSnapshot:
    """Everything a contractor's printed sheet and Gift cards show, ready to print."""

    contractor_id: str
    name: str
    player: str = ""
    status: str = ""
    victories: int = 0
    concept: tuple[StatView, ...] = ()
    vitals: tuple[StatView, ...] = ()
    attributes: tuple[RatingView, ...] = ()
    abilities: tuple[RatingView, ...] = ()
    secondary: tuple[RatingView, ...] = ()
    derived: tuple[StatView, ...] = ()
    body: TrackView | None = None
    mind: TrackView | None = None
    penalty: str = ""
    source: SourceView | None = None
    limits: tuple[LimitView, ...] = ()
    gifts: tuple[GiftView, ...] = ()
    assets: tuple[AssetView, ...] = ()
    liabilities: tuple[AssetView, ...] = ()
    stock: StockView = field(default_factory=StockView)
    health: HealthView = field(default_factory=HealthView)
    opening: str = ""
    """The history a port brought into the ledger (a website archive's victories, losses and
    Status), printed at the head of the Story; "" for a contractor created here."""
    contracts: tuple[ContractView, ...] = ()
    journals: tuple[JournalView, ...] = ()
    loose_ends: tuple[LooseEndView, ...] = ()
    ledger: tuple[LedgerLine, ...] = ()
    exp_totals: tuple[TotalLine, ...] = ()
    reward_totals: tuple[TotalLine, ...] = ()
    findings: tuple[FindingView, ...] = ()
    notes: str = ""
    weapons: tuple[WeaponView, ...] = ()
    """The weapons with their attack rolls (issue 31); none: no section is printed."""
    suggestions: tuple[SuggestionView, ...] = ()
    """The leader's suggestions still waiting for an answer; none: no section is printed."""
