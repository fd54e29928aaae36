"""Covenant assets: using, recharging and buying them ("Using Assets", "Tokens").

Traits, gear, Abilities, Ties and Goals are all used like assets; each use
locks the asset until its recharge (expend, tap, exhaust) or destroys it.
"""

from __future__ import annotations

from dataclasses import replace

from builder.core.playlog import Step, accept, note, refuse
from builder.covenant.character import (
    ASSET_TOKEN_PRICE,
    Asset,
    BuyAsset,
    RechargeAsset,
    UseAsset,
    UseState,
)
from builder.covenant.playstate import (
    AssetSource,
    Handler,
    Phase,
    PlayState,
    asset_state,
    with_assets,
)

_PAST = {
    UseState.EXPEND: "expended",
    UseState.TAP: "tapped",
    UseState.EXHAUST: "exhausted",
    UseState.DESTROY: "destroyed",
}
_GERUND = {
    UseState.EXPEND: "expending",
    UseState.TAP: "tapping",
    UseState.EXHAUST: "exhausting",
    UseState.DESTROY: "destroying",
}

_RECHARGE_AT = {
    UseState.EXPEND: "at the start of the character's next turn",
    UseState.TAP: "at the end of the scene",
    UseState.EXHAUST: "at the end of the chapter",
    UseState.DESTROY: "never: it is destroyed",
}


# --------------------------------------------------------------------------- assets


def _use_asset(state: PlayState, entry: UseAsset) -> Step[PlayState]:  # noqa: PLR0911  (9 returns when the limits came in)
    if state.incapacitated is not None:
        return refuse(
            state,
            "covenant.incapacitated",
            "An incapacitated character cannot act until xi is healed.",
        )
    asset = state.asset(entry.asset)
    if asset is None:
        return refuse(
            state, "covenant.asset.unknown", f"The character has no asset '{entry.asset}'."
        )
    if asset.status is UseState.DESTROY:
        return refuse(
            state, "covenant.asset.destroyed", f"'{asset.name}' was destroyed and is gone for good."
        )
    use = next((u for u in asset.uses if u.name == entry.use), None)
    if use is None:
        return refuse(
            state,
            "covenant.asset.unknown_use",
            f"'{asset.name}' has no use called '{entry.use}'.",
            uses=[u.name for u in asset.uses],
        )
    if asset.status is not None:
        return refuse(
            state,
            "covenant.asset.not_ready",
            f"'{asset.name}' is {_PAST[asset.status]} (used for '{asset.last_use}') and is "
            f"ready again {_RECHARGE_AT[asset.status]}.",
            status=str(asset.status),
        )
    if entry.state is UseState.DESTROY and asset.source in (AssetSource.TIE, AssetSource.GOAL):
        return refuse(
            state,
            "covenant.asset.indestructible",
            f"'{asset.name}' is a {asset.source.value}; record losing it"
            + (" as a lost Tie." if asset.source is AssetSource.TIE else " by resolving the goal."),
        )
    # Reading: a use may always be spent by destroying the asset (ablative gear, a
    # piece of gear given up); otherwise it is used the way its recharge says.
    if entry.state not in (use.recharge, UseState.DESTROY):
        return refuse(
            state,
            "covenant.asset.wrong_state",
            f"'{use.name}' of '{asset.name}' is used by {_GERUND[use.recharge]} it, "
            f"not by {_GERUND[entry.state]} it.",
            recharge=str(use.recharge),
        )
    if entry.state is UseState.EXPEND and state.phase is not Phase.SCENE:
        # Expended outside a scene: ready again as soon as the bid resolves.
        return accept(
            state,
            note(
                "covenant.asset.expended_between_scenes",
                f"'{asset.name}' is ready again once this bid is resolved.",
            ),
        )
    used = replace(asset, status=entry.state, last_use=use.name)
    return accept(with_assets(state, tuple(used if a.id == asset.id else a for a in state.assets)))


def _recharge_asset(state: PlayState, entry: RechargeAsset) -> Step[PlayState]:
    asset = state.asset(entry.asset)
    if asset is None:
        return refuse(
            state, "covenant.asset.unknown", f"The character has no asset '{entry.asset}'."
        )
    if asset.status is UseState.DESTROY:
        return refuse(
            state,
            "covenant.asset.destroyed",
            f"'{asset.name}' was destroyed; nothing recharges it.",
        )
    if asset.ready:
        return refuse(state, "covenant.asset.ready", f"'{asset.name}' is already ready.")
    ready = replace(asset, status=None, last_use="")
    return accept(with_assets(state, tuple(ready if a.id == asset.id else a for a in state.assets)))


def _valid_new_asset(state: PlayState, asset: Asset) -> str:
    """Why ``asset`` cannot join the sheet, or "" if it can."""
    if not asset.id or not asset.name:
        return "An asset needs an id and a name."
    if asset.id in state.ids_in_use():
        return f"The id '{asset.id}' is already used on this character."
    if not asset.uses:
        return f"'{asset.name}' needs at least one use."
    names = [u.name for u in asset.uses]
    if len(set(names)) != len(names):
        return f"'{asset.name}' lists a use name twice."
    return ""


def _buy_asset(state: PlayState, entry: BuyAsset) -> Step[PlayState]:
    if state.phase is not Phase.INTERMISSION:
        return refuse(
            state,
            "covenant.tokens.not_intermission",
            "Tokens buy Traits and Abilities only during an intermission (between chapters).",
        )
    if state.tokens_available < ASSET_TOKEN_PRICE:
        return refuse(
            state,
            "covenant.tokens.insufficient",
            f"A new {entry.asset.kind.value} costs {ASSET_TOKEN_PRICE} token; "
            f"{state.tokens_available} available.",
            price=ASSET_TOKEN_PRICE,
            available=state.tokens_available,
        )
    problem = _valid_new_asset(state, entry.asset)
    if problem:
        return refuse(state, "covenant.asset.invalid", problem)
    nxt = replace(
        state,
        assets=(*state.assets, asset_state(entry.asset)),
        tokens_spent=state.tokens_spent + ASSET_TOKEN_PRICE,
    )
    return accept(nxt)


HANDLERS: dict[type, Handler] = {
    UseAsset: _use_asset,
    RechargeAsset: _recharge_asset,
    BuyAsset: _buy_asset,
}
