"""Hypothesis strategies for contractors: any value the character file format can hold.

Text never holds unpaired surrogates or control characters other than tab,
line feed and carriage return (files refuse them, so no database ever sees
them); numbers and dates stay within the file schema's bounds (ratings 0-6, Exp within
±100,000, dates no later than today).
"""

from __future__ import annotations

import string
from dataclasses import replace as dc_replace
from datetime import date

from hypothesis import strategies as st

from builder.contract.bio import Bio
from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    Answer,
    AssetKind,
    AssetPick,
    BattleScar,
    BonusExp,
    BonusKind,
    BuyAsset,
    Concept,
    ContractAttended,
    Contractor,
    Correction,
    Craft,
    CraftedItem,
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
    Injury,
    Item,
    Journal,
    JournalKind,
    Limit,
    LimitsRevised,
    LooseEnd,
    Outcome,
    PlaygroupRules,
    Ported,
    PortLevel,
    Raise,
    RemoveLiability,
    ScarTier,
    SourcePool,
    Stock,
    Suggestion,
    Therapy,
    ThreatLevel,
    TraitKind,
    Trauma,
    Weapon,
    WillToSurvive,
)
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from builder.contract.item_record import (
    ItemAction,
    ItemEvent,
    ItemState,
    LegendaryArtifact,
    TransferKind,
)
from builder.contract.weapon_record import WeaponClass
from builder.core.names import clean_name

_chars = st.characters(exclude_categories=("Cs", "Cc"), include_characters="\t\n\r")
text = st.text(_chars, max_size=30)
short = st.text(_chars, max_size=12)
names = st.text(_chars, max_size=12).map(clean_name)
"""A name or title: what a person can type (``clean_name`` drops line breaks, bidi and
zero-width characters, which files refuse in names)."""
ints = st.integers(min_value=-100_000, max_value=100_000)
small = st.integers(min_value=-5, max_value=40)
counts = st.integers(min_value=0, max_value=50)
trait_ratings = st.integers(min_value=0, max_value=6)
"""A trait rating: the rules rate traits from 0 to 6."""
raised_to = st.integers(min_value=0, max_value=40)
"""A raise's new rating: 0 to 6 for traits, any height for Source (the rules give it no cap)."""
_ID_START = string.ascii_letters + string.digits
ids = st.builds(
    lambda first, rest: first + rest,
    st.sampled_from(_ID_START),
    st.text(_ID_START + "_.:-", max_size=20),
).filter(lambda i: ".." not in i)
dates = st.dates(max_value=date.today()).map(lambda d: d.isoformat())
"""A session's date: a calendar day no later than today (files refuse any after tomorrow)."""


def tuples(strategy: st.SearchStrategy, max_size: int = 3) -> st.SearchStrategy:
    return st.lists(strategy, max_size=max_size).map(tuple)


asset_picks = st.builds(
    AssetPick,
    id=short,
    name=names,
    kind=st.sampled_from(AssetKind),
    value=small,
    detail=text,
    restricted=st.booleans(),
    system=text,
    category=st.sampled_from(["", "physical", "background", "mental"]),
)

ratings = st.dictionaries(short, trait_ratings, max_size=4)

creations = st.builds(
    Creation,
    attributes=ratings,
    abilities=ratings,
    secondary=ratings,
    assets=tuples(asset_picks, 2),
    liabilities=tuples(asset_picks, 2),
    charon_coin=st.booleans(),
)

limits = st.builds(Limit, name=names, description=text, custom=st.booleans())

ports = st.builds(
    Ported,
    date=dates,
    level=st.sampled_from(PortLevel),
    origin=short,
    note=text,
    victories=st.integers(min_value=0, max_value=10_000),
    losses=st.integers(min_value=0, max_value=10_000),
    exp=st.integers(min_value=0, max_value=1_000_000),
    gift_credits=st.integers(min_value=0, max_value=10_000),
    ported_at=st.sampled_from(["", "seasoned", "veteran"]),
    report=tuples(text, 2),
)
"""A port's opening entry: Seasoned, Veteran or a website archive with its own figures
(within the file schema's bounds: victories 0-10,000, Exp 0-1,000,000)."""

later_entries = st.one_of(
    st.builds(
        ContractAttended,
        date=dates,
        scenario=short,
        home=st.booleans(),
        outcome=st.sampled_from(Outcome),
        commission=st.booleans(),
        cycle=short,
        cycle_final=st.booleans(),
        gm=short,
        notes=text,
    ),
    st.builds(
        Journal, date=dates, title=names, kind=st.sampled_from(JournalKind), words=counts, text=text
    ),
    st.builds(BonusExp, date=dates, kind=st.sampled_from(BonusKind), exp=small, note=text),
    st.builds(ImprovementGranted, date=dates, kind=st.sampled_from(ImprovementKind), note=text),
    st.builds(
        Raise,
        date=dates,
        kind=st.sampled_from(TraitKind),
        trait=short,
        to_rating=raised_to,
        exp=ints,
    ),
    st.builds(BuyAsset, date=dates, asset=asset_picks, exp=small),
    st.builds(RemoveLiability, date=dates, liability=short, value=small, exp=small),
    st.builds(Therapy, date=dates, trauma=short, exp=small),
    st.builds(Craft, date=dates, gift_id=ids, item=short, free=st.booleans(), exp=small),
    st.builds(
        GiftChange,
        date=dates,
        gift_id=ids,
        kind=st.sampled_from(GiftChangeKind),
        cost_before=small,
        cost_after=small,
        credits=small,
        improvements=small,
        note=text,
    ),
    st.builds(Death, date=dates, cause=text, voided=st.booleans()),
    st.builds(Hustle, date=dates, loose_end=short, gm=short, note=text),
    st.builds(
        WillToSurvive,
        date=dates,
        injury=short,
        severity_before=small,
        severity_after=small,
        scar=short,
        falling=st.booleans(),
    ),
    st.builds(LimitsRevised, date=dates, before=tuples(limits), after=tuples(limits), reason=text),
)
"""Any ledger entry but a port (which opens a ledger) and a correction (see ``_suggestion``)."""

entries = st.one_of(later_entries, ports)
"""Any one ledger entry a file can hold (a port too, though a real ledger has it first)."""

ledgers = st.tuples(
    st.one_of(st.just(()), ports.map(lambda port: (port,))),
    tuples(later_entries, 6),
).map(lambda parts: parts[0] + parts[1])
"""A contractor's ledger: opened by a port or not, then up to six other entries."""

modifiers = st.one_of(
    st.builds(ModifierChoice, id=short, detail=text, count=st.integers(min_value=1, max_value=5)),
    st.builds(ModifierChoice, id=short, details=st.lists(short, min_size=1, max_size=3).map(tuple)),
)
"""One chosen modifier: one detail and a count, or a detail per instance (revision 0013)."""

drafts = st.builds(
    GiftDraft,
    gift_type=st.sampled_from(["power", "legendary_artifact", "consumable_crafting"]),
    effect=short,
    style=st.sampled_from(["activated", "targeted", "trap", "passive"]),
    enhancements=tuples(modifiers),
    drawbacks=tuples(modifiers),
    parameters=st.dictionaries(short, short, max_size=3),
    name=names,
    tagline=text,
    description=text,
    choices=st.dictionaries(short, short, max_size=2),
    extended_description=text,
)


@st.composite
def gift_lists(draw: st.DrawFn) -> tuple[Gift, ...]:
    """Gifts with distinct ids, as a sheet holds them."""
    keys = draw(st.lists(ids, max_size=3, unique=True))
    return tuple(
        Gift(
            id=k, draft=draw(drafts), cost=draw(small), system_text=draw(text), catalog=draw(short)
        )
        for k in keys
    )


items = st.builds(Item, name=names, detail=text)
crafted = st.builds(
    CraftedItem,
    name=names,
    gift_id=st.one_of(st.just(""), ids),
    quantity=counts,
    detail=text,
    state=st.sampled_from(ItemState),
)
item_events = st.builds(
    ItemEvent,
    date=dates,
    item=names,
    action=st.sampled_from(ItemAction),
    note=text,
    state=st.sampled_from(ItemState),
    quantity=counts,
    transfer=st.sampled_from(TransferKind),
    other=names,
    other_id=st.one_of(st.just(""), ids),
)
"""One dated line of the item log: a state change, a use or a transfer."""
legendaries = st.builds(
    LegendaryArtifact,
    name=names,
    description=text,
    gifts=tuples(ids, 2),
    state=st.sampled_from(ItemState),
)
stocks = st.builds(
    Stock,
    equipment=tuples(items),
    artifacts=tuples(crafted),
    consumables=tuples(crafted),
    trophies=tuples(items),
    conditions=tuples(items),
    circumstances=tuples(items),
    carried_lb=st.integers(min_value=0, max_value=500),
    unencumbered=st.booleans(),
    legendary=tuples(legendaries, 2),
    item_log=tuples(item_events, 3),
)
healths = st.builds(
    Health,
    injuries=tuples(st.builds(Injury, description=text, severity=counts, stabilized=st.booleans())),
    battle_scars=tuples(
        st.builds(BattleScar, name=names, tier=st.sampled_from(ScarTier), system=text)
    ),
    traumas=tuples(st.builds(Trauma, name=names, system=text)),
    mind_damage=counts,
)
loose_ends = st.builds(
    LooseEnd,
    title=names,
    threat_level=st.sampled_from(ThreatLevel),
    cutoff=counts,
    granted_after=counts,
    threat=text,
    resolved=st.booleans(),
)
concepts = st.builds(
    Concept,
    name=names,
    player=st.sampled_from(["", "Sam", "Dana", "Łucja"]),
    age=short,
    pronouns=short,
    archetype=text,
    paradigm=text,
    ambition=text,
    appearance=text,
    background=text,
    home_playgroup=short,
)

weapons = st.builds(
    Weapon,
    name=names,
    attribute=st.sampled_from(ATTRIBUTES),
    ability=st.sampled_from(PRIMARY_ABILITIES),
    difficulty=st.integers(min_value=1, max_value=30),
    damage=st.integers(min_value=-20, max_value=50),
    weapon_class=st.sampled_from(WeaponClass),
    deals_damage=st.booleans(),
    range_feet=st.integers(min_value=0, max_value=1000),
    armor_piercing=st.integers(min_value=0, max_value=50),
    table_id=st.sampled_from(["", "handgun", "knife"]),
    notes=text,
)

_contractors_without_suggestions = st.builds(
    Contractor,
    id=ids,
    concept=concepts,
    limits=tuples(limits),
    creation=creations,
    ledger=ledgers,
    gifts=gift_lists(),
    source=st.builds(SourcePool, name=names, replenishment=tuples(text, 2)),
    stock=stocks,
    health=healths,
    loose_ends=tuples(loose_ends, 2),
    notes=text,
    weapons=tuples(weapons, 2),
    bio=st.builds(
        Bio,
        tagline=text,
        residence=short,
        languages=short,
        contacts=text,
        aliases=short,
        wish_list=text,
    ),
    playgroup=st.builds(PlaygroupRules, golden_ratio=st.booleans()),
)


@st.composite
def _suggestion(draw: st.DrawFn, ledger: tuple[Entry, ...]) -> tuple[Suggestion, Entry | None]:
    """A leader's suggestion that fits ``ledger``, and the correction accepting it appended.

    Legal as the file reader checks it (``suggestion_problems``): it names an
    entry that is not itself a correction, replaces it with nothing (void) or
    one entry of the same kind (here the same entry on another date), and its
    answer fits: pending carries no date or entry, declined a date and no
    entry, accepted a date and the ledger index of the correction it made.
    """
    targets = [i for i, e in enumerate(ledger) if not isinstance(e, Correction)]
    target = draw(st.sampled_from(targets))
    replacement: tuple[Entry, ...] = ()
    # A port is voided, never replaced: the file format has no replacement port.
    if not isinstance(ledger[target], Ported) and draw(st.booleans()):
        replacement = (dc_replace(ledger[target], date=draw(dates)),)
    made = Suggestion(draw(dates), draw(names), target, replacement, draw(text))
    answer = draw(st.sampled_from(Answer))
    if answer is Answer.PENDING:
        return made, None
    note, answered = draw(short), draw(dates)
    if answer is Answer.DECLINED:
        return dc_replace(made, answer=answer, answered=answered, note=note), None
    correction = Correction(answered, target, replacement, draw(text))
    # ``entry`` is filled in by the caller once the correction has its place in the ledger.
    return dc_replace(made, answer=answer, answered=answered, note=note), correction


@st.composite
def _with_suggestions(draw: st.DrawFn, contractor: Contractor) -> Contractor:
    """``contractor`` with up to three suggestions (pending, accepted or declined) on its ledger;
    each accepted one's correction is appended to the ledger, as accepting does."""
    ledger = contractor.ledger
    if not any(not isinstance(e, Correction) for e in ledger):
        return contractor
    held: list[Suggestion] = []
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        made, correction = draw(_suggestion(contractor.ledger))
        if correction is not None:
            ledger = (*ledger, correction)
            made = dc_replace(made, entry=len(ledger) - 1)
        held.append(made)
    return dc_replace(contractor, ledger=ledger, suggestions=tuple(held))


contractors = _contractors_without_suggestions.flatmap(_with_suggestions)
"""Any contractor a character file can describe, suggestions included."""
