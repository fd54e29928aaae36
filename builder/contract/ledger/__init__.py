"""The Exp and reward ledger, folded into totals and checked entry by entry.

A contractor's history is an append-only ledger; nothing here stores a total.
``fold_ledger`` walks the entries in order through one pipeline, modelled on
beancount's loader:

1. **post** — each entry is priced by the rules at its position (what it earns,
   what it costs, which rating it sets), giving a ``Posting`` and the findings
   that only that kind of entry can raise;
2. **check** — every function in ``ENTRY_CHECKS`` looks at the entry, the
   running ``Position`` before it and its ``Posting`` (after a death, inside a
   Cycle, claimed price against the rule price, overdrawn Exp);
3. **book** — the posting is applied to the running position;
4. finally every function in ``FINAL_CHECKS`` looks at the whole fold (Gift
   Costs against the rewards spent on them).

The claimed ``exp`` of a spending entry is an assertion, like a beancount
balance: totals always use the rule price, and a different claim is an
``exp.wrong_price`` ERROR. An entry the rules cannot price charges nothing and
is an ERROR. A crashing check becomes an ERROR finding, never an exception.

Rules implemented: "Earning Experience", "Earning Bonus Experience",
"Spending Experience", "Journals", "Gift Credits and Improvements" (with
"Improvement Limits"), "Crafting", "Curing Traumas", "Contract Cycles",
"Ringers", "Death", "Coins of Charon", "Loose Ends" (Hustles) and "Will to
Survive".

The package's modules: ``values`` (rule numbers, ``Position``, ``Posting``),
``earning``, ``spending`` and ``play`` (the posters), ``checks`` (``ENTRY_CHECKS`` and
``FINAL_CHECKS``), ``standing`` (victories, a port's Status and life: the steps the fold
and the roster's stored counts share) and ``book`` (``POSTERS``, ``book`` and ``fold_ledger``).
"""

from builder.contract.ledger.book import POSTERS, LedgerFold, book, crashed, fold_ledger
from builder.contract.ledger.checks import (
    ENTRY_CHECKS,
    FINAL_CHECKS,
    EntryCheck,
    FinalCheck,
    check_after_death,
    check_claimed_price,
    check_gift_balance,
    check_gift_history,
    check_overdrawn,
    check_spent_in_cycle,
)
from builder.contract.ledger.earning import (
    post_bonus,
    post_contract,
    post_death,
    post_improvement,
    post_journal,
)
from builder.contract.ledger.play import (
    WILL_TO_SURVIVE_FLOOR,
    WILL_TO_SURVIVE_LEVELS,
    check_hustle_due,
    loose_end_key,
    post_hustle,
    post_will_to_survive,
    will_to_survive_severity,
)
from builder.contract.ledger.spending import (
    post_buy_asset,
    post_craft,
    post_gift_change,
    post_raise,
    post_remove_liability,
    post_therapy,
)
from builder.contract.ledger.values import (
    AWAY_CONTRACT_EXP,
    BONUS_CAP_BASE,
    BONUS_CAP_PER_VICTORY,
    BONUS_EXP,
    COMMISSION_EXP,
    EARNED_SOURCES,
    HOME_CONTRACT_EXP,
    IMPROVEMENT_EVERY,
    IMPROVEMENT_SOURCES,
    JOURNAL_EXP,
    JOURNAL_EXP_PER_CONTRACT,
    JOURNAL_MIN_WORDS,
    NOTHING,
    SPENT_KINDS,
    VICTORY_EXP,
    ExpSummary,
    LedgerLine,
    Position,
    Posting,
    PostResult,
    Ratings,
    RewardSummary,
    bonus_cap,
    crafting_kind,
    improvement_cap,
)

__all__ = [
    "AWAY_CONTRACT_EXP",
    "BONUS_CAP_BASE",
    "BONUS_CAP_PER_VICTORY",
    "BONUS_EXP",
    "COMMISSION_EXP",
    "EARNED_SOURCES",
    "ENTRY_CHECKS",
    "FINAL_CHECKS",
    "HOME_CONTRACT_EXP",
    "IMPROVEMENT_EVERY",
    "IMPROVEMENT_SOURCES",
    "JOURNAL_EXP",
    "JOURNAL_EXP_PER_CONTRACT",
    "JOURNAL_MIN_WORDS",
    "NOTHING",
    "POSTERS",
    "SPENT_KINDS",
    "VICTORY_EXP",
    "WILL_TO_SURVIVE_FLOOR",
    "WILL_TO_SURVIVE_LEVELS",
    "EntryCheck",
    "ExpSummary",
    "FinalCheck",
    "LedgerFold",
    "LedgerLine",
    "Position",
    "PostResult",
    "Posting",
    "Ratings",
    "RewardSummary",
    "bonus_cap",
    "book",
    "check_after_death",
    "check_claimed_price",
    "check_gift_balance",
    "check_gift_history",
    "check_hustle_due",
    "check_overdrawn",
    "check_spent_in_cycle",
    "crafting_kind",
    "crashed",
    "fold_ledger",
    "improvement_cap",
    "loose_end_key",
    "post_bonus",
    "post_buy_asset",
    "post_contract",
    "post_craft",
    "post_death",
    "post_gift_change",
    "post_hustle",
    "post_improvement",
    "post_journal",
    "post_raise",
    "post_remove_liability",
    "post_therapy",
    "post_will_to_survive",
    "will_to_survive_severity",
]
