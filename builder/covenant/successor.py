"""A sacrificed character's successor, made from the sacrificed one in one action.

"When a player sacrifices xir character, xi can make a new character with the
same number of Discipline, ties, assets, and tokens (see Assets and Tokens
below), plus 1 additional token from good karma. This new character can be
introduced during this story or a future story." ("Benefits of Sacrificing")
"""

from __future__ import annotations

from builder.core.findings import Finding
from builder.core.result import Result
from builder.covenant.character import (
    AssetKind,
    BuyAsset,
    CovenantCharacter,
    CovenantCreation,
    EliminationCause,
    Succession,
    UseState,
)
from builder.covenant.playstate import AssetSource
from builder.covenant.state import fold

KARMA_TOKENS = 1
""""plus 1 additional token from good karma" ("Benefits of Sacrificing")."""


def successor(
    sacrificed: CovenantCharacter, new_id: str, name: str = ""
) -> Result[CovenantCharacter]:
    """The new character a sacrifice allows, ready to be renamed and played.

    Readings (the summary gives numbers, not a way to make them):
    - the successor holds as many Ties as the sacrificed character held when xi
      was sacrificed; Harbinger copies those Ties (and so their 100 Discipline
      each, all of it free) for the player to rewrite;
    - "assets" are the Traits, gear and Abilities xi still had (destroyed ones
      are gone); they are copied the same way. Goals are the character's own
      motivations: the successor chooses new ones;
    - the successor starts play with the sacrificed character's available
      tokens plus 1, recorded as the first entry of xir log (``Succession``),
      since xir creation does not follow the 10-token budget.

    Refused (the sacrificed character is returned with an error finding) when
    the character was not sacrificed.
    """
    folded = fold(sacrificed).state
    if folded.eliminated is not EliminationCause.SACRIFICED:
        return Result(
            sacrificed,
            (
                Finding(
                    "covenant.successor.not_sacrificed",
                    f"{sacrificed.name or 'This character'} was not sacrificed: only a "
                    "sacrificed character has a successor.",
                    "log",
                ),
            ),
        )
    known = {
        a.id: a
        for a in (
            *sacrificed.creation.traits,
            *sacrificed.creation.gear,
            *sacrificed.creation.abilities,
            *(e.asset for e in sacrificed.log if isinstance(e, BuyAsset)),
        )
    }
    kept = [
        known[a.id]
        for a in folded.assets
        if a.source in (AssetSource.TRAIT, AssetSource.GEAR, AssetSource.ABILITY)
        and a.id in known
        and a.status is not UseState.DESTROY
    ]
    creation = CovenantCreation(
        ties=folded.held_ties,
        traits=tuple(a for a in kept if a.kind is AssetKind.TRAIT and not a.gear),
        gear=tuple(a for a in kept if a.kind is AssetKind.TRAIT and a.gear),
        abilities=tuple(a for a in kept if a.kind is AssetKind.ABILITY),
    )
    tokens = folded.tokens_available + KARMA_TOKENS
    entry = Succession(
        predecessor=sacrificed.id,
        ties=len(creation.ties),
        assets=len(kept),
        tokens=tokens,
        note=f"Successor of {sacrificed.name}" if sacrificed.name else "",
    )
    heir = CovenantCharacter(
        id=new_id,
        name=name or f"Successor of {sacrificed.name}".strip(),
        player=sacrificed.player,
        pronouns="",
        creation=creation,
        log=(entry,),
    )
    return Result(heir, ())
