"""Posters for the entries that earn: Contracts, Journals, Bonus Exp, Improvements, Death.

Each poster prices one entry at its position and returns its ``Posting`` with
the findings only that kind of entry can raise ("Earning Experience", "Earning
Bonus Experience", "Journals", "Gift Credits and Improvements", "Death").
"""

from __future__ import annotations

from builder.contract.character import (
    BonusExp,
    BonusKind,
    ContractAttended,
    Death,
    ImprovementGranted,
    ImprovementKind,
    Journal,
    JournalKind,
    Outcome,
)
from builder.contract.ledger.values import (
    AWAY_CONTRACT_EXP,
    BONUS_EXP,
    COMMISSION_EXP,
    HOME_CONTRACT_EXP,
    IMPROVEMENT_EVERY,
    JOURNAL_EXP,
    JOURNAL_EXP_PER_CONTRACT,
    JOURNAL_MIN_WORDS,
    NOTHING,
    VICTORY_EXP,
    Position,
    Posting,
    PostResult,
    bad_enum,
    bonus_cap,
    entry_place,
    enum_of,
    is_int,
)
from builder.core.findings import Finding, Severity


def post_contract(index: int, entry: ContractAttended, pos: Position) -> PostResult:
    """Exp for attending: +3 home or +1 away, +2 victory, +2 Commission; a victory's Gift Credit.

    A home victory earns 5, with Commission 7; an away failure earns 1.
    Attendance and Commission count whatever the outcome, death included.
    """
    outcome = enum_of(Outcome, entry.outcome)
    if outcome is None:
        return bad_enum(index, "contract.outcome", "Contract outcome", entry.outcome, Outcome)
    earned = {
        "attendance_home" if entry.home else "attendance_away": (
            HOME_CONTRACT_EXP if entry.home else AWAY_CONTRACT_EXP
        )
    }
    credits: dict[str, int] = {}
    if outcome is Outcome.VICTORY:
        earned["victory"] = VICTORY_EXP
        credits["victory"] = 1
    if entry.commission:
        earned["commission"] = COMMISSION_EXP
    return Posting(earned=earned, credits_earned=credits), []


def post_journal(index: int, entry: Journal, pos: Position) -> PostResult:
    """A Journal of 250+ words earns 1 Exp, within 2 Journal Exp per Contract attended.

    A Journal that keeps its text is counted from the text (``count_words``),
    whatever number it claims: a 23-word text claiming 250 earns nothing. A
    Journal without text keeps its claimed count, with a ``journal.unverified``
    WARNING ("word count not verifiable"). Contract Journals are counted in
    ledger order and every fourth gives an Improvement instead of Exp (it is
    not subject to the Exp cap). Downtime Journals count toward the Exp cap
    but never toward the fourth.
    """
    where = entry_place(index)
    kind = enum_of(JournalKind, entry.kind)
    if kind is None:
        return bad_enum(index, "journal.kind", "Journal kind", entry.kind, JournalKind)
    has_text = isinstance(entry.text, str) and bool(entry.text.strip())
    if not has_text and not is_int(entry.words):
        return NOTHING, [
            Finding(
                "journal.words",
                f"it gives {entry.words!r} as its word count; edit it to a number of words",
                where,
                numbers={"words": str(entry.words)},
            )
        ]
    words, checked = _journal_words(entry, where)
    if words < JOURNAL_MIN_WORDS:
        return NOTHING, [
            *checked,
            Finding(
                "journal.too_short",
                f"it has {words} words; a Journal needs at least"
                f" {JOURNAL_MIN_WORDS} to earn anything. Edit it once it is longer",
                where,
                Severity.WARNING,
                {"words": words, "required": JOURNAL_MIN_WORDS},
            ),
        ]
    posting, found = _journal_reward(index, entry, kind, pos)
    return posting, [*checked, *found]


def count_words(text: str) -> int:
    """Words in a Journal's text: runs of characters between whitespace ("at least 250 words")."""
    return len(text.split())


def _journal_words(entry: Journal, where: str) -> tuple[int, list[Finding]]:
    """The word count a Journal is judged by, and the finding that says how it was known."""
    if isinstance(entry.text, str) and entry.text.strip():
        counted = count_words(entry.text)
        if counted == entry.words:
            return counted, []
        return counted, [
            Finding(
                "journal.words_counted",
                f"it claims {entry.words} words; its text has {counted}, and the text counts",
                where,
                Severity.WARNING,
                {"claimed": entry.words, "counted": counted},
            )
        ]
    return entry.words, [
        Finding(
            "journal.unverified",
            f"its word count cannot be checked, the file keeps no text; the claimed "
            f"{entry.words} words are used. Ask the player for the text if in doubt",
            where,
            Severity.WARNING,
            {"claimed": entry.words},
        )
    ]


def _journal_reward(index: int, entry: Journal, kind: JournalKind, pos: Position) -> PostResult:
    """What a long enough Journal earns at this position: Exp within the cap, or an Improvement."""
    where = entry_place(index)
    counted = False
    if kind is JournalKind.CONTRACT:
        if pos.contracts == 0:
            return NOTHING, [
                Finding(
                    "journal.no_contract",
                    "this Contract Journal comes before any Contract was attended, so it earns"
                    " nothing; edit it to a Downtime Journal if that is what it is",
                    where,
                    Severity.WARNING,
                    {"contracts": 0},
                )
            ]
        counted = True
        if (pos.contract_journals + 1) % IMPROVEMENT_EVERY == 0:
            return Posting(improvements_earned={"contract_journals": 1}, contract_journal=True), []
    journal_exp = pos.earned["journal"]
    cap = JOURNAL_EXP_PER_CONTRACT * pos.contracts
    if journal_exp + JOURNAL_EXP > cap:
        return Posting(contract_journal=counted), [
            Finding(
                "journal.over_cap",
                f"it earns nothing: Journals earn at most"
                f" {JOURNAL_EXP_PER_CONTRACT} Exp per Contract attended, {cap} Exp after"
                f" {pos.contracts} Contracts, and {journal_exp} Exp was already earned",
                where,
                Severity.WARNING,
                {"journal_exp": journal_exp, "contracts": pos.contracts, "cap": cap},
            )
        ]
    return Posting(earned={"journal": JOURNAL_EXP}, contract_journal=counted), []


def post_bonus(index: int, entry: BonusExp, pos: Position) -> PostResult:
    """Bonus Exp at the rule amount for its kind, only to a living contractor within the cap.

    A contractor may receive Bonus Exp while alive and while their total
    earned Exp (the starting 150 not counted) is at most 10 + 12 × victories.
    """
    where = entry_place(index)
    kind = enum_of(BonusKind, entry.kind)
    if kind is None:
        return bad_enum(index, "exp.bonus_kind", "Bonus Exp kind", entry.kind, BonusKind)
    amount = BONUS_EXP[kind]
    findings: list[Finding] = []
    if entry.exp != amount:
        findings.append(
            Finding(
                "exp.bonus_amount",
                f"{kind.value.replace('_', ' ')} gives {amount} Bonus Exp, not {entry.exp}",
                where,
                numbers={"claimed": entry.exp, "expected": amount},
            )
        )
    cap = bonus_cap(pos.victories)
    earned = pos.earned_total
    if not pos.alive or earned > cap:
        why = (
            "Bonus Exp only goes to living contractors"
            if not pos.alive
            else f"{earned} Exp earned is more than 10 + 12 × {pos.victories} victories = {cap}"
        )
        findings.append(
            Finding(
                "exp.bonus_ineligible",
                f"this contractor cannot receive Bonus Exp: {why}. Remove this Bonus Exp or "
                "give it to another contractor",
                where,
                numbers={
                    "earned": earned,
                    "cap": cap,
                    "victories": pos.victories,
                    "alive": pos.alive,
                },
            )
        )
        return NOTHING, findings
    return Posting(earned={kind.value: amount}), findings


def post_improvement(index: int, entry: ImprovementGranted, pos: Position) -> PostResult:
    """An Improvement for GMing a Contract or for a Scenario write-up that was run."""
    kind = enum_of(ImprovementKind, entry.kind)
    if kind is None:
        return bad_enum(
            index, "rewards.improvement_kind", "Improvement kind", entry.kind, ImprovementKind
        )
    return Posting(improvements_earned={kind.value: 1}), []


def post_death(index: int, entry: Death, pos: Position) -> PostResult:
    """A death outside a Contract's outcome, or the voiding of the recorded death."""
    if entry.voided and pos.alive:
        return NOTHING, [
            Finding(
                "death.nothing_to_void",
                "there is no recorded death to void; the contractor is alive",
                entry_place(index),
            )
        ]
    return NOTHING, []
