"""A Contract recorded for the whole table: every share worked by hand from the rules text.

"Earning Experience":
  +3 Exp - Attend a Contract in their home Playgroup.
  +1 Exp - Attend a Contract outside of their home Playgroup.
  +2 Exp - Claim victory on a Contract.
  +2 Exp - Are the Contractor selected by the GM to earn additional Commission.
"Earning Gift Credits": "Victory: A Contractor that claims Victory in a Contract gains one
Gift Credit."
"Ringers": "They receive 4 Experience if they achieved their objective and 2 Experience
otherwise. Ringers do not receive Gifts Credits or Improvements."
"Earning Improvements": "GMing a Contract grants one Improvement."
"Earning Bonus Experience": "+6 Exp - GMing a Contract where ... Into The Fold".
"Loose Ends": the Cutoff "decrease[s] by 1 every time a Contractor attends a Contract."
"""

from __future__ import annotations

from dataclasses import replace

from builder.contract.character import (
    BonusExp,
    BonusKind,
    Concept,
    ContractAttended,
    Contractor,
    ImprovementGranted,
    LooseEnd,
    Outcome,
    ThreatLevel,
)
from builder.contract.sheet import evaluate_sheet
from builder.contract.table import (
    Attendee,
    GmBonus,
    LooseEndCountdown,
    Role,
    TableContract,
    TableOutcome,
    plan_table,
)
from tests.builder.contract.ledger_text import contractor

DAY = "2026-11-20"


def named(cid: str, name: str, ledger: str = "", **more: object) -> Contractor:
    base = contractor(ledger, **more)  # type: ignore[arg-type]
    return replace(base, id=cid, concept=Concept(name, player=name.split()[0]))


def the_table() -> dict[str, Contractor]:
    grudge = LooseEnd("Filmed lifting a car", ThreatLevel.DANGEROUS, cutoff=2, granted_after=0)
    return {
        c.id: c
        for c in (
            named("ada", "Ada Quill", loose_ends=[grudge]),
            named("bram", "Bram Holt"),
            named("cleo", "Cleo Vance"),
            named("dov", "Dov Pell"),
            named("fay", "Fay Marr"),
            named("eve", "Eve Sorrel", "2026-01-01 contract home victory 'Earlier'"),
        )
    }


def five_seats(gm_bonus: GmBonus = GmBonus.INTO_THE_FOLD) -> TableContract:
    return TableContract(
        date=DAY,
        scenario="The Drowned Choir",
        home=True,
        attendees=(
            Attendee("ada", TableOutcome.VICTORY, commission=True),
            Attendee("bram", TableOutcome.DEATH),
            Attendee("cleo", TableOutcome.LOSS, away=True),
            Attendee("dov", TableOutcome.RINGER_MET),
            Attendee("fay", TableOutcome.VICTORY),
        ),
        gm_id="eve",
        gm_name="Eve",
        gm_bonus=gm_bonus,
    )


def test_five_contractors_one_death_one_ringer_one_away() -> None:
    plan = plan_table(five_seats(), the_table())
    assert plan.allowed, plan.errors
    got = {
        s.contractor_id: (s.role, s.exp, s.gift_credits, s.improvements, s.dies)
        for s in plan.shares
    }
    assert got == {
        # home 3 + victory 2 + Commission 2 = 7 Exp; victory: 1 Gift Credit
        "ada": (Role.ATTENDEE, 7, 1, 0, False),
        # home 3, no victory; dies
        "bram": (Role.ATTENDEE, 3, 0, 0, True),
        # a visitor: outside the home Playgroup 1, a loss
        "cleo": (Role.ATTENDEE, 1, 0, 0, False),
        # Ringer objective met: 4 Bonus Exp, no Gift Credit, no Improvement
        "dov": (Role.RINGER, 4, 0, 0, False),
        # home 3 + victory 2 = 5; 1 Gift Credit
        "fay": (Role.ATTENDEE, 5, 1, 0, False),
        # GMing: 1 Improvement; Into The Fold: 6 Bonus Exp
        "eve": (Role.GM, 6, 0, 1, False),
    }
    ada = next(s for s in plan.shares if s.contractor_id == "ada")
    # Cutoff 2 granted before any Contract: one Contract attended brings it to 1.
    assert ada.loose_ends == (LooseEndCountdown("Filmed lifting a car", 2, 1),)


def test_each_share_is_the_single_contractor_entry() -> None:
    plan = plan_table(five_seats(), the_table())
    new = {s.contractor_id: s.after.ledger[len(s.before.ledger) :] for s in plan.shares}
    assert new["ada"] == (
        ContractAttended(DAY, "The Drowned Choir", True, Outcome.VICTORY, True, gm="Eve"),
    )
    assert new["cleo"] == (
        ContractAttended(DAY, "The Drowned Choir", False, Outcome.FAILURE, gm="Eve"),
    )
    assert new["dov"] == (
        BonusExp(DAY, BonusKind.RINGER_OBJECTIVE_MET, 4, "Ringer in The Drowned Choir"),
    )
    assert [type(e) for e in new["eve"]] == [ImprovementGranted, BonusExp]
    bram = evaluate_sheet(next(s.after for s in plan.shares if s.contractor_id == "bram"))
    assert not bram.alive and bram.charon_coins_earned == 1


def test_a_ringer_who_missed_gets_2() -> None:
    contract = replace(
        five_seats(GmBonus.NONE), attendees=(Attendee("dov", TableOutcome.RINGER_MISSED),), gm_id=""
    )
    (share,) = plan_table(contract, the_table()).shares
    assert (share.exp, share.gift_credits) == (2, 0)


def test_the_golden_ratio_needs_a_death_and_a_victory() -> None:
    ok = plan_table(five_seats(GmBonus.GOLDEN_RATIO), the_table())
    assert ok.allowed
    no_death = replace(
        five_seats(GmBonus.GOLDEN_RATIO),
        attendees=(Attendee("ada", TableOutcome.VICTORY), Attendee("fay", TableOutcome.LOSS)),
    )
    refused = plan_table(no_death, the_table())
    assert [f.rule for f in refused.errors] == ["table.golden_ratio"]
    assert refused.shares == ()


def test_two_commissions_an_unknown_id_and_the_gm_at_the_table_are_refused() -> None:
    contract = replace(
        five_seats(),
        attendees=(
            Attendee("ada", TableOutcome.VICTORY, commission=True),
            Attendee("fay", TableOutcome.VICTORY, commission=True),
            Attendee("nobody", TableOutcome.LOSS),
            Attendee("eve", TableOutcome.LOSS),
        ),
    )
    plan = plan_table(contract, the_table())
    assert sorted(f.rule for f in plan.errors) == [
        "table.commission_twice",
        "table.gm_attends",
        "table.unknown",
    ]
    assert not plan.allowed


def test_a_refused_share_refuses_the_table() -> None:
    """A dead contractor cannot attend ("Death"): the whole plan is refused, naming who."""
    table = the_table()
    table["bram"] = named("bram", "Bram Holt", "2026-01-01 contract home death 'Before'")
    plan = plan_table(five_seats(), table)
    assert not plan.allowed
    assert any(f.message.startswith("Bram Holt: ") for f in plan.errors)


def test_a_cycle_that_continues_is_written_on_every_contract() -> None:
    """ "Contract Cycles": Exp may not be spent until the Cycle's last Contract."""
    contract = replace(five_seats(), cycle="Tide", cycle_continues=True)
    plan = plan_table(contract, the_table())
    attended = [s.after.ledger[-1] for s in plan.shares if s.role is Role.ATTENDEE]
    assert {(e.cycle, e.cycle_final) for e in attended} == {("Tide", False)}
