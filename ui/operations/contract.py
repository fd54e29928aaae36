"""The Contract's operations as the desktop calls them: plan in the app layer, commit with undo.

Every operation is worked out by ``harbinger.app.contract.operations`` (no Qt):
the contractor as it should be, builder's findings, the change in the
player's terms and the undo text. This class commits a plan through the one
runner (``harbinger.app.common.commit``, inside
:meth:`ui.workspace.Workspace.run`) and records it on the contractor's undo
stack; it keeps the method names the dialogs and sheets call.

Views never call the library or builder to mutate; they call these methods
and refresh when :attr:`ui.workspace.Workspace.changed` fires.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from builder.contract.character import (
    AssetPick,
    Concept,
    ContractAttended,
    Contractor,
    Gift,
    Health,
    Injury,
    ItemState,
    Journal,
    SourcePool,
    Stock,
    TransferKind,
)
from builder.contract.items import ItemKind
from harbinger.app.common import Plan, Refused
from harbinger.app.contract import items, suggestions
from harbinger.app.contract import operations as app
from harbinger.app.contract.operations import describe_difference, store
from ui.workspace import Change, Workspace

__all__ = ["Operations", "Plan", "Refused", "TableOperations", "describe_difference", "store"]


class Operations:
    """The named operations on the workspace's library; one instance per window.

    ``plan_*`` methods only work out the result (for previews); the plain
    methods plan, refuse with builder's reasons or save, and return the
    :class:`~ui.workspace.Change`.
    """

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace

    def commit(self, plan: Plan[Contractor], *, roster: bool = True) -> Change:
        """Save a plan (one transaction) and record it for undo; raise Refused if not allowed."""
        return self.workspace.run(plan, store, roster=roster)

    # ------------------------------------------------------------------ whole characters

    def load(self, contractor_id: str) -> Contractor:
        """The contractor as the library holds it now."""
        return self.workspace.library.load(contractor_id)

    def create(self, contractor: Contractor) -> Change:
        """Add a new contractor to the library (undo removes it)."""
        return self.commit(app.plan_create(contractor))

    def delete(self, contractor: Contractor) -> Change:
        """Remove a contractor from the library (undo puts it back)."""
        return self.commit(app.plan_delete(contractor))

    # ------------------------------------------------------------------ advancement

    def plan_raise(
        self,
        contractor: Contractor,
        kind: Any,
        trait: str,
        date: str,
        to_rating: int | None = None,
    ) -> Plan[Contractor]:
        return app.plan_raise(contractor, kind, trait, date, to_rating)

    def raise_trait(
        self,
        contractor: Contractor,
        kind: Any,
        trait: str,
        date: str,
        to_rating: int | None = None,
    ) -> Change:
        """Spend Exp on an Attribute, Ability, Secondary Ability or Source."""
        return self.commit(app.plan_raise(contractor, kind, trait, date, to_rating))

    def plan_record_contract(
        self, contractor: Contractor, contract: ContractAttended, journals: Sequence[Journal] = ()
    ) -> Plan[Contractor]:
        return app.plan_record_contract(contractor, contract, journals)

    def record_contract(
        self, contractor: Contractor, contract: ContractAttended, journals: Sequence[Journal] = ()
    ) -> Change:
        """Record a Contract attended, with the Journals written about it, in one step."""
        return self.commit(app.plan_record_contract(contractor, contract, journals))

    def plan_journal(self, contractor: Contractor, journal: Journal) -> Plan[Contractor]:
        return app.plan_journal(contractor, journal)

    def add_journal(self, contractor: Contractor, journal: Journal) -> Change:
        return self.commit(app.plan_journal(contractor, journal))

    def plan_bonus(
        self, contractor: Contractor, kind: Any, date: str, note: str = ""
    ) -> Plan[Contractor]:
        return app.plan_bonus(contractor, kind, date, note)

    def add_bonus_exp(self, contractor: Contractor, kind: Any, date: str, note: str = "") -> Change:
        """Bonus Exp at the rule amount for ``kind`` (GMing, Ringer, Move write-up)."""
        return self.commit(app.plan_bonus(contractor, kind, date, note))

    def plan_improvement(
        self, contractor: Contractor, kind: Any, date: str, note: str = ""
    ) -> Plan[Contractor]:
        return app.plan_improvement(contractor, kind, date, note)

    def grant_improvement(
        self, contractor: Contractor, kind: Any, date: str, note: str = ""
    ) -> Change:
        """An Improvement for GMing a Contract or a Scenario write-up."""
        return self.commit(app.plan_improvement(contractor, kind, date, note))

    def plan_buy_asset(
        self, contractor: Contractor, asset: AssetPick, date: str
    ) -> Plan[Contractor]:
        return app.plan_buy_asset(contractor, asset, date)

    def buy_asset(self, contractor: Contractor, asset: AssetPick, date: str) -> Change:
        return self.commit(app.plan_buy_asset(contractor, asset, date))

    def remove_gift(
        self, contractor: Contractor, gift_id: str, date: str, reason: str = ""
    ) -> Change:
        """Take a Gift off the sheet; its Gift Credits and Improvements come back."""
        return self.commit(app.plan_remove_gift(contractor, gift_id, date, reason))

    def choose_gift_style(
        self, contractor: Contractor, gift_id: str, style: str, date: str
    ) -> Change:
        """Choose the Style of an imported Gift whose Style word the catalog lacks."""
        return self.commit(app.plan_choose_gift_style(contractor, gift_id, style, date))

    def revise_limits(
        self, contractor: Contractor, limits: Sequence[Any], date: str, reason: str = ""
    ) -> Change:
        """Replace the Limits after creation, as a dated revision in the ledger."""
        return self.commit(app.plan_revise_limits(contractor, limits, date, reason))

    def plan_remove_liability(
        self, contractor: Contractor, liability: str, date: str
    ) -> Plan[Contractor]:
        return app.plan_remove_liability(contractor, liability, date)

    def remove_liability(self, contractor: Contractor, liability: str, date: str) -> Change:
        return self.commit(app.plan_remove_liability(contractor, liability, date))

    def plan_therapy(self, contractor: Contractor, trauma: str, date: str) -> Plan[Contractor]:
        return app.plan_therapy(contractor, trauma, date)

    def treat_trauma(self, contractor: Contractor, trauma: str, date: str) -> Change:
        return self.commit(app.plan_therapy(contractor, trauma, date))

    def plan_craft(
        self, contractor: Contractor, gift_id: str, item: str, date: str, **options: Any
    ) -> Plan[Contractor]:
        return app.plan_craft(contractor, gift_id, item, date, **options)

    def craft_item(
        self, contractor: Contractor, gift_id: str, item: str, date: str, **options: Any
    ) -> Change:
        return self.commit(app.plan_craft(contractor, gift_id, item, date, **options))

    def plan_death(self, contractor: Contractor, date: str, cause: str) -> Plan[Contractor]:
        return app.plan_death(contractor, date, cause)

    def declare_death(self, contractor: Contractor, date: str, cause: str) -> Change:
        return self.commit(app.plan_death(contractor, date, cause))

    def plan_add_gift(
        self,
        contractor: Contractor,
        gift: Gift,
        date: str,
        credits: int = 1,
        improvements: int = 0,
    ) -> Plan[Contractor]:
        return app.plan_add_gift(contractor, gift, date, credits, improvements)

    def add_gift(
        self,
        contractor: Contractor,
        gift: Gift,
        date: str,
        credits: int = 1,
        improvements: int = 0,
    ) -> Change:
        """A new Gift paid with Gift Credits (and Improvements toward its cost)."""
        return self.commit(app.plan_add_gift(contractor, gift, date, credits, improvements))

    def change_gift(
        self,
        contractor: Contractor,
        gift: Gift,
        kind: Any,
        date: str,
        credits: int = 0,
        improvements: int = 0,
    ) -> Change:
        """A new revision of a held Gift, with the rewards it spends (negative: refunds)."""
        return self.commit(
            app.plan_change_gift(contractor, gift, kind, date, credits, improvements)
        )

    def save_gift(self, contractor: Contractor, plan: Any) -> Change:
        """Store a Gift Builder save (``harbinger.app.contract.gift_saving.SavePlan``) as one edit.

        A refused plan raises :class:`Refused` with builder's reasons.
        """
        return self.commit(app.plan_gift_save(contractor, plan))

    def add_loose_end(
        self, contractor: Contractor, title: str, threat_level: Any, cutoff: int, threat: str
    ) -> Change:
        """A GM grants a Loose End; its Cutoff counts from the next Contract attended."""
        return self.commit(app.plan_add_loose_end(contractor, title, threat_level, cutoff, threat))

    def plan_hustle(
        self, contractor: Contractor, index: int, date: str, gm: str = "", note: str = ""
    ) -> Plan[Contractor]:
        return app.plan_hustle(contractor, index, date, gm, note)

    def record_hustle(
        self, contractor: Contractor, index: int, date: str, gm: str = "", note: str = ""
    ) -> Change:
        """The Hustle a due Loose End's Threat required was run ("Loose Ends")."""
        return self.commit(app.plan_hustle(contractor, index, date, gm, note))

    def plan_will_to_survive(
        self,
        contractor: Contractor,
        injury: Injury,
        date: str,
        scar: str,
        *,
        falling: bool = False,
    ) -> Plan[Contractor]:
        return app.plan_will_to_survive(contractor, injury, date, scar, falling=falling)

    def use_will_to_survive(
        self,
        contractor: Contractor,
        injury: Injury,
        date: str,
        scar: str,
        *,
        falling: bool = False,
    ) -> Change:
        """Take an incoming Injury with Will to Survive."""
        return self.commit(
            app.plan_will_to_survive(contractor, injury, date, scar, falling=falling)
        )

    def resolve_loose_end(self, contractor: Contractor, index: int) -> Change:
        return self.commit(app.plan_resolve_loose_end(contractor, index))

    def plan_void_death(self, contractor: Contractor, date: str) -> Plan[Contractor]:
        return app.plan_void_death(contractor, date)

    def void_death(self, contractor: Contractor, date: str) -> Change:
        return self.commit(app.plan_void_death(contractor, date))

    # ------------------------------------------------------------------ corrections

    def plan_remove_entry(
        self, contractor: Contractor, index: int, date: str, reason: str = ""
    ) -> Plan[Contractor]:
        return app.plan_remove_entry(contractor, index, date, reason)

    def remove_entry(
        self, contractor: Contractor, index: int, date: str, reason: str = ""
    ) -> Change:
        """Remove a recorded ledger entry: append a correction that voids it (undoable)."""
        return self.commit(app.plan_remove_entry(contractor, index, date, reason))

    def plan_edit_entry(
        self, contractor: Contractor, index: int, entry: Any, date: str, reason: str = ""
    ) -> Plan[Contractor]:
        return app.plan_edit_entry(contractor, index, entry, date, reason)

    def edit_entry(
        self, contractor: Contractor, index: int, entry: Any, date: str, reason: str = ""
    ) -> Change:
        """Edit a recorded ledger entry: append a correction that replaces it (undoable)."""
        return self.commit(app.plan_edit_entry(contractor, index, entry, date, reason))

    # ------------------------------------------------------------------ the leader's suggestions

    def plan_take_suggestions(self, contractor: Contractor, path: Any) -> Plan[Contractor]:
        """Taking the suggestions a leader wrote into the file at ``path`` into the library
        (the file read as untrusted input: InputError says what is wrong)."""
        return suggestions.take_from_file(contractor, suggestions.TakeSuggestions(str(path)))

    def plan_accept_suggestion(
        self, contractor: Contractor, number: int, date: str, note: str = ""
    ) -> Plan[Contractor]:
        return suggestions.plan_accept_suggestion(contractor, number, date, note)

    def accept_suggestion(
        self, contractor: Contractor, number: int, date: str, note: str = ""
    ) -> Change:
        """Accept the leader's suggestion ``number``: its correction joins the ledger (undoable)."""
        return self.commit(suggestions.plan_accept_suggestion(contractor, number, date, note))

    def decline_suggestion(
        self, contractor: Contractor, number: int, date: str, note: str = ""
    ) -> Change:
        """Decline the leader's suggestion ``number``: a dated answer, the ledger unchanged."""
        return self.commit(suggestions.plan_decline_suggestion(contractor, number, date, note))

    # ------------------------------------------------------------------ sheet text

    def edit_concept(self, contractor: Contractor, concept: Concept) -> Change:
        return self.commit(app.plan_edit_concept(contractor, concept))

    def edit_source(self, contractor: Contractor, source: SourcePool) -> Change:
        return self.commit(app.plan_edit_source(contractor, source))

    def edit_health(self, contractor: Contractor, health: Health, what: str = "Health") -> Change:
        return self.commit(app.plan_edit_health(contractor, health, what))

    def edit_stock(self, contractor: Contractor, stock: Stock, what: str = "Stock") -> Change:
        return self.commit(app.plan_edit_stock(contractor, stock, what))

    def edit_notes(self, contractor: Contractor, notes: str) -> Change:
        return self.commit(app.plan_edit_notes(contractor, notes))

    # ------------------------------------------------------------------ GM notes (issue 31)

    def may_read_gm_notes(self) -> bool:
        """True when this library lets the user read GM notes (a personal one, or the leader)."""
        library = self.workspace.library
        return library is not None and bool(library.may_read_gm_notes)

    def gm_note(self, contractor_id: str) -> Any:
        """The GM-only note on a contractor (``builder.core.gm_notes.GmNote``, empty if none)."""
        from harbinger.app.contract.gm_notes import load_gm_note

        return load_gm_note(self.workspace.library, contractor_id)

    def set_gm_note(self, contractor_id: str, text: str) -> Change:
        """Replace the GM-only note's text (undoable; "" removes it)."""
        from harbinger.app.contract.gm_notes import (
            SetGmNote,
            load_gm_note,
            plan_gm_note,
            store_gm_note,
        )

        current = load_gm_note(self.workspace.library, contractor_id)
        plan = plan_gm_note(current, SetGmNote(text))
        return self.workspace.run(plan, store_gm_note, roster=False)

    # ------------------------------------------------------------------ weapons (issue 31)

    def add_weapon(self, contractor: Contractor, given: Any) -> Change:
        """Add a weapon (``weapon_ops.AddWeapon``: a table row or a custom one)."""
        from harbinger.app.contract import weapon_ops

        return self.commit(weapon_ops.plan_add(contractor, given))

    def edit_weapon(self, contractor: Contractor, given: Any) -> Change:
        """Change a held weapon (``weapon_ops.EditWeapon``)."""
        from harbinger.app.contract import weapon_ops

        return self.commit(weapon_ops.plan_edit(contractor, given))

    def remove_weapon(self, contractor: Contractor, index: int) -> Change:
        """Take the weapon at ``index`` (from 0) off the sheet."""
        from harbinger.app.contract import weapon_ops

        return self.commit(weapon_ops.plan_remove(contractor, weapon_ops.RemoveWeapon(index)))

    # ------------------------------------------------------------------ items (issue 31)

    def add_artifact(self, contractor: Contractor, name: str, description: str = "") -> Change:
        """Put a new Legendary Artifact on the sheet."""
        return self.commit(items.plan_add_artifact(contractor, name, description), roster=False)

    def invest_gift(self, contractor: Contractor, artifact: str, gift_id: str) -> Change:
        """Invest a held Legendary Artifact Gift in a Legendary Artifact of the sheet."""
        return self.commit(items.plan_invest_gift(contractor, artifact, gift_id), roster=False)

    def set_item_state(
        self,
        contractor: Contractor,
        kind: ItemKind,
        item: str,
        state: ItemState,
        date: str,
        note: str = "",
    ) -> Change:
        """Mark an item lost, stolen, recovered... with a dated note."""
        plan = items.plan_item_state(contractor, kind, item, state, date, note)
        return self.commit(plan, roster=False)

    def use_item(self, contractor: Contractor, item: str, date: str, note: str = "") -> Change:
        """Use one Consumable (quantity −1, logged)."""
        return self.commit(items.plan_use(contractor, item, date, note), roster=False)

    def transfer_item(
        self,
        giver: Contractor,
        receiver_id: str,
        kind: ItemKind,
        item: str,
        quantity: int,
        how: TransferKind,
        date: str,
        note: str = "",
    ) -> Change:
        """Hand an item to another contractor: both saved together, one undo reverts both."""
        receiver = self.load(receiver_id)
        pair = items.plan_transfer(giver, receiver, kind, item, quantity, how, date, note)
        return self.workspace.run_together(pair.name, pair.plans, store)


# --------------------------------------------------------------------------- the whole table


class TableOperations:
    """A Contract recorded for the whole table (issue 32 item 1), as the desktop commits it.

    The plan is ``harbinger.app.contract.table``'s; the commit stores every share
    in one library transaction and records ONE undo step for all of them, on the
    history of no single character (``TABLE_HISTORY``), made the active one so
    Edit → Undo offers it at once.
    """

    TABLE_HISTORY = ""

    def __init__(self, workspace: Workspace) -> None:
        self.workspace = workspace

    def plan(self, contract: Any) -> tuple[Any, Plan[Any]]:
        """Every contractor's share of ``contract`` (a ``builder.contract.table.TableContract``)."""
        from harbinger.app.contract.table import plan_table_contract

        return plan_table_contract(self.workspace.library, contract)

    def record(self, contract: Any) -> Change:
        """Store every share at once; Refused (nothing stored) when any share is refused."""
        from harbinger.app.contract.table import store_table

        _table, plan = self.plan(contract)
        if plan.errors:
            raise Refused(plan.name, plan.errors)
        change = Change(
            name=plan.name,
            character_id=self.TABLE_HISTORY,
            roster=True,
            lines=plan.lines,
            findings=plan.findings,
        )
        self.workspace.commit(change, plan.before, plan.after, store_table)
        self.workspace.activate(self.TABLE_HISTORY)
        return change
