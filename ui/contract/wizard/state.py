"""The choices made so far in the creation wizard, and builder's verdict on them.

The state holds plain values (a Concept's fields, three Limits, the creation
ratings and picks) and, on every change, asks
``builder.contract.creation.creation_report`` for the Exp left of 150 and the
findings. Pages bind their widgets to this state and read the verdict; none
of them prices anything.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, fields, replace

from PySide6.QtCore import QObject, Signal

from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    AssetKind,
    AssetPick,
    Concept,
    Contractor,
    Creation,
    Limit,
    PortLevel,
    SourcePool,
)
from builder.contract.creation import (
    GIFTED_ASSET_ID,
    STARTING_EXP,
    CreationCost,
    creation_cost,
    creation_report,
    starts_with_gift_credit,
)
from builder.contract.porting import port_level
from builder.contract.sheet_catalog import SheetCatalog
from builder.core.findings import Finding, Severity
from harbinger.app.contract.creation_file import CreationChoices, contractor_from_choices


@dataclass(frozen=True, slots=True)
class Verdict:
    """Builder's answer for the current choices."""

    exp_left: int
    cost: CreationCost
    findings: tuple[Finding, ...]
    gift_credits: int

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity is Severity.ERROR]

    def about(self, prefix: str) -> list[Finding]:
        """Findings whose ``where`` starts with ``prefix`` ("creation.abilities")."""
        return [f for f in self.findings if f.where.startswith(prefix)]


class CreationState(QObject):
    """Everything the wizard collects; emits ``changed`` after each edit."""

    changed = Signal()

    def __init__(self, catalog: SheetCatalog, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.concept = Concept(name="")
        self.limits: list[Limit] = [option.to_limit() for option in catalog.default_limits]
        self.attributes: dict[str, int] = dict.fromkeys(ATTRIBUTES, 1)
        self.abilities: dict[str, int] = dict.fromkeys(PRIMARY_ABILITIES, 0)
        self.secondary: dict[str, int] = {}
        self.assets: dict[str, AssetPick] = {}
        self.liabilities: dict[str, AssetPick] = {}
        self.charon_coin = False
        self.ported: PortLevel | None = None
        self.verdict = self._judge()

    # ------------------------------------------------------------------ values

    def creation(self) -> Creation:
        """The creation value for the current choices (unchanged ratings left out)."""
        return Creation(
            attributes={a: r for a, r in self.attributes.items() if r != 1},
            abilities={a: r for a, r in self.abilities.items() if r != 0},
            secondary=dict(self.secondary),
            assets=tuple(self.assets.values()),
            liabilities=tuple(self.liabilities.values()),
            charon_coin=self.charon_coin,
        )

    def contractor(self, contractor_id: str | None = None) -> Contractor:
        """The new contractor (check :attr:`verdict` first; nothing is refused here).

        Made by the app layer from the choices, exactly as ``harbinger contractor
        create`` makes one from a creation file.
        """
        concept = replace(
            self.concept, **{k: v.strip() for k, v in _text_fields(self.concept).items()}
        )
        choices = CreationChoices(
            contractor_id or uuid.uuid4().hex,
            concept,
            tuple(self.limits),
            self.creation(),
            SourcePool(),
            self.ported,
        )
        return contractor_from_choices(choices, self.catalog)

    def _judge(
        self, creation: Creation | None = None, limits: list[Limit] | None = None
    ) -> Verdict:
        creation = creation if creation is not None else self.creation()
        left, findings = creation_report(creation, limits if limits is not None else self.limits)
        return Verdict(
            left, creation_cost(creation), tuple(findings), starts_with_gift_credit(creation)
        )

    def refresh(self) -> None:
        self.verdict = self._judge()
        self.changed.emit()

    # ------------------------------------------------------------------ edits

    def set_concept(self, **fields: str) -> None:
        self.concept = replace(self.concept, **fields)
        self.refresh()

    def set_limit(self, index: int, limit: Limit) -> None:
        self.limits[index] = limit
        self.refresh()

    def try_rating(self, group: str, trait: str, rating: int) -> list[Finding]:
        """Set a creation rating unless builder refuses that rating for that trait.

        ``group`` is "attributes", "abilities" or "secondary". Returns the
        ERROR findings about this very trait (then nothing changes); an
        overspend is not a refusal here, since a Liability may still pay for it.
        """
        ratings = getattr(self, group)
        trial = dict(ratings)
        trial[trait] = rating
        if group == "attributes":
            creation = replace(self.creation(), attributes={a: r for a, r in trial.items()})
        elif group == "abilities":
            creation = replace(self.creation(), abilities={a: r for a, r in trial.items()})
        else:
            creation = replace(self.creation(), secondary=trial)
        where = f"creation.{group}.{trait}"
        refused = [f for f in self._judge(creation).errors if f.where == where]
        if refused:
            return refused
        ratings[trait] = rating
        self.refresh()
        return []

    def remove_secondary(self, name: str) -> None:
        self.secondary.pop(name, None)
        self.refresh()

    def set_pick(self, kind: AssetKind, option_id: str, taken: bool, detail: str = "") -> None:
        """Take or drop a catalog Asset or Liability (with the player's detail)."""
        picks = self.assets if kind is AssetKind.ASSET else self.liabilities
        if taken:
            picks[option_id] = self.catalog.asset(option_id).pick(detail)
        else:
            picks.pop(option_id, None)
        self.refresh()

    def set_detail(self, kind: AssetKind, option_id: str, detail: str) -> None:
        picks = self.assets if kind is AssetKind.ASSET else self.liabilities
        if option_id in picks:
            picks[option_id] = replace(picks[option_id], detail=detail)
            self.refresh()

    def set_ported(self, choice: str) -> None:
        """Start ported ("seasoned", "veteran") or not ("none")."""
        self.ported = port_level(choice)
        self.refresh()

    def set_charon_coin(self, spend: bool) -> None:
        self.charon_coin = spend
        self.refresh()

    def gifted(self) -> bool:
        return GIFTED_ASSET_ID in self.assets

    def set_gifted(self, taken: bool) -> None:
        self.set_pick(AssetKind.ASSET, GIFTED_ASSET_ID, taken)


def _text_fields(concept: Concept) -> dict[str, str]:
    return {f.name: getattr(concept, f.name) for f in fields(concept)}


__all__ = ["STARTING_EXP", "CreationState", "Verdict"]
