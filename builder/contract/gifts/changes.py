"""What changed between two versions of a Gift, in words (issue 15: revision history).

When a held Gift is improved or revised ("Improving Gifts", "Revising
Gifts"), the ledger keeps the revision's date, kind, cost and the rewards it
moved; this module writes the change list that goes with it ("added
Enhancement: Piercing; Range 30 feet → 100 feet"), so a Playgroup Leader
reading the history sees what the player actually changed. It is a pure
comparison of two drafts against the catalog: catalog names where the
catalog knows the id, the id itself where it does not (an entry removed
since, or a house-rule entry not loaded).
"""

from __future__ import annotations

from collections.abc import Mapping

from builder.contract.gifts.catalog import Catalog, Modifier, ModifierKind
from builder.contract.gifts.draft import GiftDraft, ModifierChoice

__all__ = ["ARROW", "change_note", "describe_changes"]

NOTE_LIMIT = 600
"""Longest change note kept in the ledger; a longer list is cut after a whole change."""

ARROW = "→"
"""Between the old and the new value of one thing ("Range 30 feet → 100 feet")."""


def _title(key: str) -> str:
    return key.replace("_", " ").capitalize() if key else "none"


def _entry_name(table: Mapping[str, object], key: str) -> str:
    entry = table.get(key)
    return getattr(entry, "name", "") or _title(key)


def _modifiers(catalog: Catalog, *effects: str) -> dict[str, Modifier]:
    found: dict[str, Modifier] = {}
    for effect in effects:
        for mid, modifier in catalog.modifiers_for(effect).items():
            found.setdefault(mid, modifier)
    return found


def _instances(choice: ModifierChoice) -> tuple[str, ...]:
    return tuple(d.strip() for d in choice.instance_details)


def _modifier_lines(
    kind: ModifierKind,
    before: tuple[ModifierChoice, ...],
    after: tuple[ModifierChoice, ...],
    known: Mapping[str, Modifier],
) -> list[str]:
    label = kind.label
    old = {c.id: c for c in before}
    new = {c.id: c for c in after}
    lines: list[str] = []
    for mid, choice in new.items():
        name = known[mid].name if mid in known else _title(mid)
        was = old.get(mid)
        if was is None:
            times = f" ×{choice.count}" if choice.count > 1 else ""
            details = "; ".join(d for d in _instances(choice) if d)
            lines.append(f"added {label}: {name}{times}" + (f" ({details})" if details else ""))
            continue
        if was.count != choice.count:
            lines.append(f"{label}: {name} ×{was.count} {ARROW} ×{choice.count}")
        if _instances(was) != _instances(choice) and any(_instances(was) + _instances(choice)):
            shown_old = "; ".join(d for d in _instances(was) if d) or "blank"
            shown_new = "; ".join(d for d in _instances(choice) if d) or "blank"
            lines.append(f"{name} detail “{shown_old}” {ARROW} “{shown_new}”")
    for mid in old:
        if mid not in new:
            name = known[mid].name if mid in known else _title(mid)
            lines.append(f"removed {label}: {name}")
    return lines


def _parameter_lines(before: GiftDraft, after: GiftDraft, catalog: Catalog) -> list[str]:
    effect = catalog.effects.get(after.effect)
    if effect is None or before.effect != after.effect:
        return []  # a new Effect: its Parameters start afresh, nothing to compare
    lines: list[str] = []
    for pid, parameter in effect.parameters.items():
        old = before.parameters.get(pid, parameter.default)
        new = after.parameters.get(pid, parameter.default)
        if old == new:
            continue
        old_level, new_level = parameter.level(old), parameter.level(new)
        old_name = old_level.name if old_level is not None else _title(old)
        new_name = new_level.name if new_level is not None else _title(new)
        lines.append(f"{parameter.name} {old_name} {ARROW} {new_name}")
    return lines


def _choice_lines(before: GiftDraft, after: GiftDraft, catalog: Catalog) -> list[str]:
    effect = catalog.effects.get(after.effect)
    if effect is None or before.effect != after.effect:
        return []
    lines: list[str] = []
    for cid, choice in effect.choices.items():
        old, new = before.choices.get(cid, ""), after.choices.get(cid, "")
        if old == new:
            continue
        old_text = (choice.text_for(old) or old) if old else "not chosen"
        new_text = (choice.text_for(new) or new) if new else "not chosen"
        lines.append(f"{choice.name} {old_text} {ARROW} {new_text}")
    return lines


def describe_changes(before: GiftDraft, after: GiftDraft, catalog: Catalog) -> tuple[str, ...]:
    """Each change from ``before`` to ``after``, in reading order, as short phrases.

    Order: name, Gift Type, Effect, Activation Style, Parameters, player
    choices, Enhancements, Drawbacks, then Tagline and Description. Empty
    when the two drafts are equal.
    """
    lines: list[str] = []
    if before.name.strip() != after.name.strip():
        if before.name.strip():
            lines.append(f"renamed {before.name.strip()} {ARROW} {after.name.strip()}")
        else:
            lines.append(f"named {after.name.strip()}")
    for field, table, label in (
        ("gift_type", catalog.gift_types, "Gift Type"),
        ("effect", catalog.effects, "Effect"),
        ("style", catalog.styles, "Style"),
    ):
        old, new = getattr(before, field), getattr(after, field)
        if old != new:
            lines.append(f"{label} {_entry_name(table, old)} {ARROW} {_entry_name(table, new)}")
    lines += _parameter_lines(before, after, catalog)
    lines += _choice_lines(before, after, catalog)
    known = _modifiers(catalog, after.effect, before.effect)
    lines += _modifier_lines(
        ModifierKind.ENHANCEMENT, before.enhancements, after.enhancements, known
    )
    lines += _modifier_lines(ModifierKind.DRAWBACK, before.drawbacks, after.drawbacks, known)
    if before.tagline != after.tagline:
        lines.append("Tagline rewritten")
    if before.description != after.description:
        lines.append("Description rewritten")
    return tuple(lines)


def change_note(before: GiftDraft | None, after: GiftDraft, catalog: Catalog) -> str:
    """The ledger note of a saved revision: the change list joined with "; " ("" for none).

    A new Gift (``before`` None) is noted by what it was built from: its
    Gift Type, Effect and Activation Style.
    """
    if before is None:
        parts = [
            _entry_name(catalog.gift_types, after.gift_type),
            _entry_name(catalog.effects, after.effect),
            _entry_name(catalog.styles, after.style),
        ]
        return "built as " + " · ".join(parts)
    kept: list[str] = []
    changes = describe_changes(before, after, catalog)
    for i, line in enumerate(changes):
        more = len(changes) - i
        if len("; ".join([*kept, line])) + len(f"; and {more} more") > NOTE_LIMIT:
            kept.append(f"and {more} more")
            break
        kept.append(line)
    return "; ".join(kept)
