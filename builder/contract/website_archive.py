"""The game website's character archive (its plain-text/Markdown download) read into a contractor.

The archive is Markdown the website writes: a ``# Name`` header with
"Played by:", "Archived on:" and "<Status> Contractor with N victories and M
losses", a bold concept line, ``## Stats`` with ``### Attributes`` and
``### Abilities`` as ``**Name:** rating`` lines, ``## Body: N`` with
Injuries (``* **severity** - description``) and Battle Scars
(``* **description** *(system)*``), ``## Mind: N`` with Limits
(``* **name** *(description)*``) and Traumas (``* description``), and
``#Gifts`` followed by each Gift's archive text (name, "A N point … power",
"Created by", flavor, "Description:", "System:", then its Parameters,
Enhancements and Drawbacks lists).

The archive holds no Exp history. The contractor's ratings become its
creation; one opening ``Ported`` entry (level ``website``) carries the
archive's victories and losses, the Exp the ratings cost beyond the
starting 150 and the Gift Credits its Gifts cost, for the leader to approve.
Nothing is guessed: a line the format does not allow is refused with its
line number and text (:class:`ArchiveError`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace

from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    BattleScar,
    Concept,
    Contractor,
    Creation,
    Gift,
    GiftChange,
    GiftChangeKind,
    Health,
    Injury,
    Limit,
    Ported,
    PortLevel,
    Raise,
    ScarTier,
    TraitKind,
    Trauma,
)
from builder.contract.costs import (
    ABILITY_MAX,
    ABILITY_MIN,
    ATTRIBUTE_MAX,
    ATTRIBUTE_MIN,
    cost_to_reach,
    raise_cost,
)
from builder.contract.creation import STARTING_EXP, creation_cost
from builder.contract.gift_style_choice import ARCHIVE_GIFT_NOTE
from builder.contract.gifts.catalog import Catalog
from builder.contract.gifts.draft import GiftDraft
from builder.contract.gifts.loader import default_catalog
from builder.contract.sheet_catalog import load_sheet_catalog
from builder.contract.stock import SheetCatalog

MAX_ARCHIVE_CHARS = 2_000_000
"""Largest archive read; the website's own sheets are a few kilobytes."""

_TITLE = re.compile(r"^# (?P<name>\S.*)$")
_RECORD = re.compile(
    r"^(?P<status>Newbie|Novice|Seasoned|Professional|Veteran|Ported as Seasoned|"
    r"Ported as Veteran) Contractor with "
    r"(?P<victories>\d+) victories and (?P<losses>\d+) losses$"
)
_CONCEPT = re.compile(
    r"^\*\*(?P<name>.+?) is an? (?P<concept>.+?) who will risk (?P<pronoun>\S+) life to "
    r"(?P<ambition>.*?)\.?\*\*$"
)
_AGE = re.compile(
    r"^(?P<name>.+?) (?:is|are) (?P<age>.*?) years old, and often appears as "
    r"(?P<appearance>.*?)\.?$"
)
_RATING = re.compile(r"^\*\*(?P<name>[^*]+):\*\* (?P<value>-?\d+)$")
_BODY = re.compile(r"^## Body: (?P<n>\d+)$")
_MIND = re.compile(r"^## Mind: (?P<n>\d+)$")
_INJURY = re.compile(r"^\* \*\*(?P<severity>\d+)\*\* - (?P<text>.*)$")
_NAMED = re.compile(r"^\* \*\*(?P<name>.+?)\*\* \*\((?P<text>.*)\)\*$")
_BULLET = re.compile(r"^\* (?P<text>.+)$")
_GIFTS = re.compile(r"^# ?Gifts$")
_GIFT_COST = re.compile(r"^An? (?P<cost>\d+) point (?P<style>.+?) (?P<effect>\S.*?) power$")

_SECTIONS = {
    "## Stats": "stats",
    "### Attributes": "attributes",
    "### Abilities": "abilities",
    "### Injuries": "injuries",
    "### Battle Scars": "scars",
    "### Limits": "limits",
    "### Traumas": "traumas",
}


Fail = Callable[[str], "ArchiveError"]
"""Makes the ArchiveError for the line being read from a problem's words."""


class ArchiveError(ValueError):
    """An archive the format does not allow: ``line`` (from 1) and its ``text`` say where."""

    def __init__(self, line: int, text: str, problem: str) -> None:
        super().__init__(f"line {line}: {problem}: {text.strip()[:120]!r}")
        self.line = line
        self.text = text
        self.problem = problem


@dataclass(slots=True)
class ArchiveGift:
    """One Gift as the archive states it."""

    name: str
    cost: int
    style: str
    effect: str
    flavor: str = ""
    description: str = ""
    system_text: str = ""


@dataclass(slots=True)
class WebsiteArchive:
    """Everything the archive states, read as is (no rule applied yet)."""

    name: str = ""
    player: str = ""
    archived_on: str = ""
    status: str = ""
    """The website's Status words: "Veteran", or "Ported as Veteran" for a port it made."""
    victories: int = 0
    losses: int = 0
    concept: str = ""
    pronoun: str = ""
    ambition: str = ""
    age: str = ""
    appearance: str = ""
    setting: str = ""
    attributes: dict[str, int] = field(default_factory=dict)
    abilities: dict[str, int] = field(default_factory=dict)
    secondary: dict[str, int] = field(default_factory=dict)
    body: int = 0
    mind: int = 0
    injuries: list[Injury] = field(default_factory=list)
    battle_scars: list[tuple[str, str]] = field(default_factory=list)
    limits: list[Limit] = field(default_factory=list)
    traumas: list[str] = field(default_factory=list)
    gifts: list[ArchiveGift] = field(default_factory=list)

    @property
    def ported(self) -> bool:
        """True when the website ported the contractor ("Ported as Seasoned/Veteran")."""
        return self.status.startswith("Ported as ")


def looks_like_archive(text: str) -> bool:
    """True when ``text`` opens as a website archive (a ``# Name`` title, then "Played by:")."""
    lines = [line for line in text.lstrip("\ufeff").splitlines()[:4] if line.strip()]
    return len(lines) >= 2 and bool(_TITLE.match(lines[0])) and lines[1].startswith("Played by:")


def parse_archive(text: str) -> WebsiteArchive:
    """Read an archive's text; ArchiveError names the first line the format does not allow."""
    if len(text) > MAX_ARCHIVE_CHARS:
        raise ArchiveError(0, "", f"the archive is larger than {MAX_ARCHIVE_CHARS} characters")
    lines = text.lstrip("\ufeff").splitlines()
    archive = WebsiteArchive()
    section = "start"
    gift: ArchiveGift | None = None
    gift_part = ""
    seen: set[str] = set()
    for number, raw in enumerate(lines, start=1):

        def fail(problem: str, number: int = number, raw: str = raw) -> ArchiveError:
            return ArchiveError(number, raw, problem)

        if section == "gifts":
            gift, gift_part = _gift_line(archive, gift, gift_part, raw, fail)
            continue
        line = raw.strip()
        if not line:
            continue
        heading = _heading(archive, line)
        if heading is not None:
            section = heading
            seen.add(section)
        else:
            section = _section_line(archive, section, line, fail)
    _check_whole(archive, lines, seen)
    if gift is not None:
        _close_gift(archive, gift, len(lines), lines[-1])
    return archive


def _heading(archive: WebsiteArchive, line: str) -> str | None:
    """The section a heading line opens (Body and Mind keep their numbers), else None."""
    if line in _SECTIONS:
        return _SECTIONS[line]
    if match := _BODY.match(line):
        archive.body = int(match["n"])
        return "body"
    if match := _MIND.match(line):
        archive.mind = int(match["n"])
        return "mind"
    if _GIFTS.match(line):
        return "gifts"
    return None


def _section_line(archive: WebsiteArchive, section: str, line: str, fail: Fail) -> str:
    """One line inside ``section``; returns the section the next line is read in."""
    if section == "start":
        return _header_line(archive, line, fail)
    if section == "header":
        _concept_line(archive, line, fail)
    elif section in ("attributes", "abilities"):
        _rating_line(archive, section, line, fail)
    elif section == "injuries" and (match := _INJURY.match(line)):
        archive.injuries.append(Injury(match["text"].strip(), int(match["severity"])))
    elif section == "scars" and (match := _NAMED.match(line)):
        archive.battle_scars.append((match["name"].strip(), match["text"].strip()))
    elif section == "limits" and (match := _NAMED.match(line)):
        archive.limits.append(Limit(match["name"].strip(), match["text"].strip()))
    elif section == "traumas" and (match := _BULLET.match(line)):
        archive.traumas.append(match["text"].strip())
    else:
        raise fail(f"not a line the archive format allows in its {section} part")
    return section


def _check_whole(archive: WebsiteArchive, lines: list[str], seen: set[str]) -> None:
    """ArchiveError when the title and record lines or a required section never came."""
    missing = [
        name
        for key, name in (
            ("attributes", "### Attributes"),
            ("abilities", "### Abilities"),
            ("body", "## Body"),
            ("mind", "## Mind"),
            ("gifts", "#Gifts"),
        )
        if key not in seen
    ]
    if not archive.name or not archive.status:
        raise ArchiveError(1, lines[0] if lines else "", "no '# Name' title and record lines")
    if missing:
        raise ArchiveError(len(lines), lines[-1] if lines else "", f"missing {', '.join(missing)}")


def _header_line(archive: WebsiteArchive, line: str, fail: Fail) -> str:
    """The title and record lines; returns the section that follows."""
    if not archive.name:
        if not (match := _TITLE.match(line)):
            raise fail("an archive starts with '# Name'")
        archive.name = match["name"].strip()
        return "start"
    if line.startswith("Played by:"):
        archive.player = line.removeprefix("Played by:").strip()
        return "start"
    if line.startswith("Archived on:"):
        archive.archived_on = line.removeprefix("Archived on:").strip()
        return "start"
    if match := _RECORD.match(line):
        archive.status = match["status"]
        archive.victories, archive.losses = int(match["victories"]), int(match["losses"])
        return "header"
    raise fail("expected 'Played by:', 'Archived on:' or the victories and losses line")


def _concept_line(archive: WebsiteArchive, line: str, fail: Fail) -> None:
    if match := _CONCEPT.match(line):
        archive.concept, archive.pronoun = match["concept"].strip(), match["pronoun"]
        archive.ambition = match["ambition"].strip()
    elif match := _AGE.match(line):
        archive.age, archive.appearance = match["age"].strip(), match["appearance"].strip()
    elif archive.concept and not archive.setting and " lives in " in line:
        archive.setting = line
    else:
        raise fail("not a concept, age or setting line of the archive header")


def _rating_line(archive: WebsiteArchive, section: str, line: str, fail: Fail) -> None:
    if not (match := _RATING.match(line)):
        raise fail("expected '**Name:** rating'")
    key = match["name"].strip().lower()
    value = int(match["value"])
    if section == "attributes":
        if key not in ATTRIBUTES:
            raise fail(f"not one of the Attributes ({', '.join(ATTRIBUTES)})")
        archive.attributes[key] = value
    elif key in PRIMARY_ABILITIES:
        archive.abilities[key] = value
    else:
        archive.secondary[match["name"].strip()] = value


def _gift_line(
    archive: WebsiteArchive,
    gift: ArchiveGift | None,
    part: str,
    raw: str,
    fail: Fail,
) -> tuple[ArchiveGift | None, str]:
    """One line of the Gifts part; returns the Gift being read and which of its parts.

    Gifts are separated by a blank line after their Drawbacks list.
    """
    line = raw.strip()
    if gift is None or part == "done":
        if not line:
            return gift, part
        if gift is not None:
            archive.gifts.append(gift)
        return ArchiveGift(line, -1, "", ""), "cost"
    if part in ("cost", "creator", "flavor", "flavor_done"):
        return gift, _gift_head(gift, part, line, fail)
    return gift, _gift_body(gift, part, raw, fail)


def _gift_head(gift: ArchiveGift, part: str, line: str, fail: Fail) -> str:
    """The cost line, "Created by", the flavor line and "Description:"."""
    if part == "cost":
        if not (match := _GIFT_COST.match(line)):
            raise fail("expected 'A N point <style> <effect> power' after the Gift's name")
        gift.cost, gift.style, gift.effect = int(match["cost"]), match["style"], match["effect"]
        return "creator"
    if part == "creator":
        if not line.startswith("Created by"):
            raise fail("expected 'Created by' after the Gift's cost line")
        return "flavor"
    if line.startswith("Description:"):
        gift.description = line.removeprefix("Description:").strip()
        return "description"
    if part == "flavor":
        gift.flavor = line
        return "flavor_done"
    raise fail("expected 'Description:' after the Gift's flavor line")


def _gift_body(gift: ArchiveGift, part: str, raw: str, fail: Fail) -> str:
    """Description and System text (either may run over lines), then the three lists."""
    line = raw.strip()
    if part == "description":
        if line.startswith("System:"):
            gift.system_text = line.removeprefix("System:").strip()
            return "system"
        gift.description = f"{gift.description}\n{raw.rstrip()}".strip()
        return part
    if part == "system":
        if line == "Parameters:":
            return "lists"
        gift.system_text = f"{gift.system_text}\n{raw.rstrip()}".strip()
        return part
    return _gift_lists(part, line, fail)


def _gift_lists(part: str, line: str, fail: Fail) -> str:
    """Parameters, Enhancements and Drawbacks stay out of the sheet (the System text says it)."""
    if part == "lists":
        return "drawbacks" if line == "Drawbacks:" else part
    if part == "drawbacks":
        if line and set(line) <= {"-"}:
            return "drawback_items"
        raise fail("expected the '----------' rule under 'Drawbacks:'")
    return "done" if not line else part  # a drawback of the list; a blank line ends the Gift


def _close_gift(archive: WebsiteArchive, gift: ArchiveGift, number: int, raw: str) -> None:
    if gift.cost < 0 or not gift.system_text:
        raise ArchiveError(number, raw, f"the Gift {gift.name!r} ends before its System text")
    archive.gifts.append(gift)


def archive_contractor(
    archive: WebsiteArchive,
    contractor_id: str,
    date: str,
    gift_catalog: Catalog | None = None,
    sheet_catalog: SheetCatalog | None = None,
) -> Contractor:
    """The contractor an archive describes, its ledger opened by one ``Ported`` entry.

    The archive's ratings become a creation the starting 150 Exp buys and the
    Raises beyond it (``split_creation``); the opening entry carries the
    victories and losses, the Exp those ratings cost beyond the starting 150
    and the Gift Credits the Gifts cost; each Gift then has a "new" Gift change
    paid with those credits. Each Gift's Effect and Style become the catalog's
    ids where the archive's words are a catalog name (ignoring case), and each
    Battle Scar takes the tier of the stock scar of its name; what matches
    nothing is kept as the archive wrote it and named in the entry's ``report``.
    """
    gift_catalog = gift_catalog if gift_catalog is not None else default_catalog()
    sheet_catalog = sheet_catalog if sheet_catalog is not None else load_sheet_catalog()
    report: list[str] = []
    sheet = Creation(
        attributes={a: v for a, v in archive.attributes.items() if v != 1},
        abilities={a: v for a, v in archive.abilities.items() if v != 0},
        secondary=dict(archive.secondary),
    )
    beyond = max(0, creation_cost(sheet).total - STARTING_EXP)
    creation, raises = split_creation(sheet, date)
    gifts = _gifts(archive, contractor_id, gift_catalog, report)
    scars = _scars(archive, sheet_catalog, report)
    credits = sum(g.cost for g in gifts)
    opening = Ported(
        date,
        PortLevel.WEBSITE,
        "the website's archive",
        f"{archive.status} on the website; archived {archive.archived_on}",
        archive.victories,
        archive.losses,
        beyond,
        credits,
        archive.status.removeprefix("Ported as ").lower() if archive.ported else "",
        tuple(report),
    )
    changes = tuple(
        GiftChange(
            date, g.id, GiftChangeKind.NEW, 0, g.cost, credits=g.cost, note=ARCHIVE_GIFT_NOTE
        )
        for g in gifts
    )
    concept = Concept(
        name=archive.name,
        player=archive.player,
        age=archive.age,
        pronouns=archive.pronoun,
        archetype=archive.concept,
        ambition=archive.ambition,
        appearance=archive.appearance,
        background=archive.setting,
    )
    health = Health(
        injuries=tuple(archive.injuries),
        battle_scars=scars,
        traumas=tuple(Trauma(t) for t in archive.traumas),
    )
    made = Contractor(
        id=contractor_id,
        concept=concept,
        limits=tuple(archive.limits),
        creation=creation,
        ledger=(opening, *raises, *changes),
        gifts=gifts,
    )
    return replace(made, health=health)


def _by_name(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Catalog ids by their display names folded for case (``(id, name)`` pairs)."""
    return {name.strip().casefold(): id for id, name in pairs}


def _gifts(
    archive: WebsiteArchive, contractor_id: str, catalog: Catalog, report: list[str]
) -> tuple[Gift, ...]:
    """The archive's Gifts with catalog Effect and Style ids where their names match."""
    effects = _by_name((e.id, e.name) for e in catalog.effects.values())
    styles = _by_name((id, style.name) for id, style in catalog.styles.items())
    gifts = []
    for i, g in enumerate(archive.gifts):
        effect = effects.get(g.effect.strip().casefold())
        if effect is None:
            report.append(
                f"Gift {g.name!r}: the Effect {g.effect!r} is no Effect of the catalog; kept as "
                "the archive's text (its System text stands)"
            )
        style = styles.get(g.style.strip().casefold())
        draft = GiftDraft(
            gift_type="power", effect=effect or g.effect, style=style or g.style, name=g.name
        )
        gift = Gift(f"{contractor_id}-g{i + 1}", draft, g.cost, g.system_text)
        if style is None:
            # What to do about it is no part of this record: ``style_advice`` says it while
            # the Style still needs choosing (the import's report, the audit, the Gifts tab).
            report.append(
                f"Gift {g.name!r}: the website's activation {g.style!r} is no Style of the "
                f"catalog ({', '.join(s.name for s in catalog.styles.values())}); kept as text"
            )
        gifts.append(gift)
    return tuple(gifts)


def _scars(
    archive: WebsiteArchive, catalog: SheetCatalog, report: list[str]
) -> tuple[BattleScar, ...]:
    """The archive's Battle Scars, each with the tier of the stock scar of its name.

    The archive writes a scar as its description and system only, never its tier
    ("* **description** *(system)*"). A stock scar's name gives the tier the rules
    list it under; any other scar is kept at Minor, the lowest, and named in the report.
    """
    tiers = {s.name.strip().casefold(): s.tier for s in catalog.battle_scars}
    scars = []
    for name, system in archive.battle_scars:
        tier = tiers.get(name.strip().casefold())
        if tier is None:
            report.append(
                f"Battle Scar {name!r}: the archive does not give its tier; stored as Minor "
                "(Severity 4) until the leader sets it"
            )
        scars.append(BattleScar(name, tier or ScarTier.MINOR, system))
    return tuple(scars)


_GROUPS: tuple[tuple[TraitKind, str, int, int], ...] = (
    (TraitKind.ATTRIBUTE, "attributes", ATTRIBUTE_MIN, ATTRIBUTE_MAX),
    (TraitKind.ABILITY, "abilities", ABILITY_MIN, ABILITY_MAX),
    (TraitKind.SECONDARY, "secondary", ABILITY_MIN, ABILITY_MAX),
)
"""Each group of creation ratings: its trait kind, Creation field, start and creation maximum."""


def split_creation(sheet: Creation, date: str) -> tuple[Creation, tuple[Raise, ...]]:
    """The archive's ratings as a creation the 150 Exp could buy, and the Raises beyond it.

    "All brand-new Contractors start with 150 Exp"; at creation Attributes stop
    at 5 and Abilities at 5. Each rating is first held to its creation maximum;
    while the creation still costs more than 150, the single dearest top rank
    left is moved out of it (ties: Attributes first, then the name last in order). What
    was moved out becomes one Raise per trait after the opening entry, priced as
    "Spending Experience" prices it, so the audit explains a strong archive as
    creation + port Exp + Raises instead of flagging its creation.
    """
    ratings: dict[tuple[TraitKind, str], int] = {}
    targets: dict[tuple[TraitKind, str], int] = {}
    for kind, group, _start, high in _GROUPS:
        for trait, value in getattr(sheet, group).items():
            targets[kind, trait] = value
            ratings[kind, trait] = min(value, high)
    starts = {kind: start for kind, _group, start, _high in _GROUPS}

    def held() -> Creation:
        kept = {
            group: {t: r for (k, t), r in ratings.items() if k is kind and r != start}
            for kind, group, start, _high in _GROUPS
        }
        return replace(
            sheet,
            attributes=kept["attributes"],
            abilities=kept["abilities"],
            secondary=kept["secondary"],
        )

    order = {kind: i for i, (kind, *_rest) in enumerate(_GROUPS)}
    while creation_cost(held()).total > STARTING_EXP:
        kind, trait = max(
            (key for key, rating in ratings.items() if rating > starts[key[0]]),
            key=lambda key: (raise_cost(key[0], ratings[key] - 1), -order[key[0]], key[1]),
        )
        ratings[kind, trait] -= 1
    raises = tuple(
        Raise(date, kind, trait, target, cost_to_reach(kind, rating, target))
        for (kind, trait), rating in ratings.items()
        if rating < (target := targets[kind, trait])
    )
    return held(), raises


_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


def archive_document(text: str, today: str) -> dict[str, object]:
    """The character file (``builder.contract.file``'s document) an archive's text makes.

    The contractor's id is made from the archive's text, so importing the same
    archive twice meets itself; the opening entry is dated by the archive's
    "Archived on" day (``today`` when that is not a date). ArchiveError when
    the text is not a readable archive.
    """
    from builder.contract.file import character_document

    archive = parse_archive(text)
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
    stamp = _ISO_DATE.match(archive.archived_on)
    date = stamp.group(0) if stamp else today
    contractor = archive_contractor(archive, f"website-{digest}", date)
    return character_document(contractor, exported_at="", written_by="website archive")
