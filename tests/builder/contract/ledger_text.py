"""Write a contractor's ledger as text in a test, the way the rulebook tells its examples.

One entry per line, date first, words split like a shell line (quote names
with spaces). Blank lines and lines starting with ``#`` are skipped::

    2024-01-05 contract home victory commission "The Drowned Choir"
    2024-01-05 contract away failure cycle=Tide open "Low Tide, Part 1"
    2024-01-06 journal contract 300 "What the choir sang"
    2024-01-06 journal downtime 300 untexted "Claimed only"
    2024-01-07 hustle "The Sealed Letter"
    2024-01-07 will "Crushed by the lift" 10 6 scar=Limp [falling]
    2024-01-07 bonus ringer_objective_met 4
    2024-01-07 improvement gm_contract
    2024-01-08 raise attribute brawn 3 10
    2024-01-08 raise secondary "Knife Fighting" 1 2
    2024-01-08 buy-asset rich 2 6 "Rich"
    2024-01-08 remove-liability "One Eye" 2 6
    2024-01-08 therapy "Nightmares" 3
    2024-01-08 craft flask "Healing Draught" 1 [free]
    2024-01-09 gift new flask 0 1 credits=1 [improvements=0]
    2024-01-10 death "Fell from the tower"
    2024-01-11 void-death

This is test scaffolding only: it turns text into the real ledger values, so
the rules under test see exactly what the app would store.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from builder.contract.character import (
    AssetKind,
    AssetPick,
    BonusExp,
    BonusKind,
    BuyAsset,
    Concept,
    ContractAttended,
    Contractor,
    Craft,
    Creation,
    Death,
    Entry,
    Gift,
    GiftChange,
    GiftChangeKind,
    Health,
    Hustle,
    ImprovementGranted,
    ImprovementKind,
    Journal,
    JournalKind,
    Limit,
    LooseEnd,
    Outcome,
    Raise,
    RemoveLiability,
    Therapy,
    TraitKind,
    WillToSurvive,
)
from builder.contract.creation import new_contractor
from builder.contract.gifts.draft import GiftDraft


def _options(words: list[str]) -> tuple[list[str], dict[str, str], set[str]]:
    plain: list[str] = []
    named: dict[str, str] = {}
    for word in words:
        if "=" in word:
            key, value = word.split("=", 1)
            named[key] = value
        else:
            plain.append(word)
    return plain, named, set(plain)


def parse_entry(line: str) -> Entry:  # noqa: C901, PLR0911, PLR0912  (complexity 15, 14 returns, 14 branches when the limits came in)
    """One ledger entry from one line of text."""
    date, verb, *rest = shlex.split(line)
    plain, named, flags = _options(rest)
    match verb:
        case "contract":
            outcome = next(o for o in Outcome if o.value in flags)
            return ContractAttended(
                date=date,
                scenario=plain[-1],
                home="home" in flags,
                outcome=outcome,
                commission="commission" in flags,
                cycle=named.get("cycle", ""),
                cycle_final="open" not in flags,
            )
        case "journal":
            # The text has the claimed number of words unless "untexted" says the
            # file kept only the claim ("word count not verifiable").
            kind, words, title = [p for p in plain if p != "untexted"]
            text = "" if "untexted" in flags else " ".join(["word"] * int(words))
            return Journal(date, title, JournalKind(kind), int(words), text=text)
        case "hustle":
            return Hustle(date, plain[0], gm=named.get("gm", ""))
        case "will":
            injury, before, after = plain[0], int(plain[1]), int(plain[2])
            return WillToSurvive(
                date, injury, before, after, scar=named.get("scar", ""), falling="falling" in flags
            )
        case "bonus":
            kind, exp = plain
            return BonusExp(date, BonusKind(kind), int(exp))
        case "improvement":
            return ImprovementGranted(date, ImprovementKind(plain[0]))
        case "raise":
            kind, trait, to, exp = plain
            return Raise(date, TraitKind(kind), trait, int(to), int(exp))
        case "buy-asset":
            asset_id, value, exp, *name = [w for w in plain if w != "restricted"]
            pick = AssetPick(
                asset_id,
                name[0] if name else asset_id.title(),
                AssetKind.ASSET,
                int(value),
                restricted="restricted" in flags,
            )
            return BuyAsset(date, pick, int(exp))
        case "remove-liability":
            name, value, exp = plain
            return RemoveLiability(date, name, int(value), int(exp))
        case "therapy":
            trauma, exp = plain
            return Therapy(date, trauma, int(exp))
        case "craft":
            gift_id, item, exp, *_ = plain
            return Craft(date, gift_id, item, "free" in flags, int(exp))
        case "gift":
            kind, gift_id, before, after = plain
            return GiftChange(
                date,
                gift_id,
                GiftChangeKind(kind),
                int(before),
                int(after),
                credits=int(named.get("credits", 0)),
                improvements=int(named.get("improvements", 0)),
            )
        case "death":
            return Death(date, plain[0] if plain else "")
        case "void-death":
            return Death(date, voided=True)
    raise ValueError(f"unknown ledger verb {verb!r} in {line!r}")


def ledger(text: str) -> tuple[Entry, ...]:
    """All entries of a text block, in order."""
    return tuple(
        parse_entry(line)
        for line in (raw.strip() for raw in text.splitlines())
        if line and not line.startswith("#")
    )


def gift(gift_id: str, cost: int, gift_type: str = "power") -> Gift:
    """A held Gift of a given Gift Cost; only its id, type and cost matter to these rules."""
    return Gift(gift_id, GiftDraft(gift_type, "effect", "activated", name=gift_id.title()), cost)


def contractor(
    ledger_text: str = "",
    *,
    creation: Creation | None = None,
    gifts: Sequence[Gift] = (),
    health: Health | None = None,
    limits: Sequence[Limit] | None = None,
    loose_ends: Sequence[LooseEnd] = (),
) -> Contractor:
    """A contractor with the default Limits, the given creation and the ledger written as text."""
    base = new_contractor("test", Concept("Test Subject"), limits, creation or Creation())
    return Contractor(
        id=base.id,
        concept=base.concept,
        limits=base.limits,
        creation=base.creation,
        ledger=ledger(ledger_text),
        gifts=tuple(gifts),
        health=health or Health(),
        loose_ends=tuple(loose_ends),
    )
