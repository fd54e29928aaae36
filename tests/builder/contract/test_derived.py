"""Body, Mind, Penalty, movement and loads, checked against the rulebook's tables and examples."""

from __future__ import annotations

import pytest

from builder.contract.character import BattleScar, Health, Injury, ScarTier, Stock, Trauma
from builder.contract.derived import (
    DERIVED_RULES,
    body_damage,
    body_penalty,
    body_rating,
    derive,
    free_movement_ft,
    lift_lb,
    mind_penalty,
    mind_rating,
    pool_after_penalty,
)
from builder.contract.ledger import Ratings


def ratings(**attributes: int) -> Ratings:
    base = Ratings.starting()
    return Ratings({**base.attributes, **attributes}, base.abilities)


def scars(n: int) -> tuple[BattleScar, ...]:
    return tuple(BattleScar(f"scar {i}", ScarTier.MINOR) for i in range(n))


def traumas(n: int) -> tuple[Trauma, ...]:
    return tuple(Trauma(f"trauma {i}") for i in range(n))


# --------------------------------------------------------------------------- Body and Mind


@pytest.mark.parametrize(
    ("brawn", "body"), [(1, 6), (2, 6), (3, 7), (4, 7), (5, 8), (6, 8), (7, 9), (8, 9)]
)
def test_body_table_rows(brawn: int, body: int) -> None:
    # "Brawn rating / Body rating: 1 or 2 → 6, 3 or 4 → 7, 5 or 6 → 8, 7 or 8 → 9"
    assert body_rating(brawn) == body
    assert derive(ratings(brawn=brawn), Health()).body == body


def test_a_fit_human_has_7_body() -> None:
    assert derive(ratings(brawn=3), Health()).body == 7


def test_body_drops_by_one_for_each_battle_scar_after_the_fourth() -> None:
    assert derive(ratings(brawn=3), Health(battle_scars=scars(4))).body == 7
    assert derive(ratings(brawn=3), Health(battle_scars=scars(5))).body == 6
    assert derive(ratings(brawn=3), Health(battle_scars=scars(7))).body == 4


def test_mind_is_intellect_plus_charisma_plus_one() -> None:
    assert derive(ratings(intellect=3, charisma=2), Health()).mind == 6


def test_mind_is_at_most_9() -> None:
    assert mind_rating(5, 5) == 9
    assert derive(ratings(intellect=5, charisma=4), Health()).mind == 9


def test_six_mind_and_seven_traumas_make_three_mind() -> None:
    # "A Character with 6 Mind and 7 Traumas would effectively have 3 Mind."
    report = derive(ratings(intellect=3, charisma=2), Health(traumas=traumas(7)))
    assert report.mind == 3
    assert report.traumas == 7


def test_four_traumas_leave_mind_alone() -> None:
    assert derive(ratings(intellect=3, charisma=2), Health(traumas=traumas(4))).mind == 6


def test_body_and_mind_never_drop_below_zero() -> None:
    assert body_rating(1, battle_scars=20) == 0
    assert mind_rating(1, 1, traumas=20) == 0


def test_body_and_mind_rolls_use_the_permanent_ratings() -> None:
    report = derive(
        ratings(brawn=4, intellect=2, charisma=2),
        Health(injuries=(Injury("cut", 2),), mind_damage=1),
    )
    assert (report.body_pool, report.mind_pool) == (7, 5)


# --------------------------------------------------------------------------- damage and Penalty


def test_body_damage_is_worst_severity_plus_one_per_other_injury() -> None:
    # Severity 3, 1 and 2: the worst is 3, and two other Injuries add 2.
    assert body_damage([3, 1, 2]) == 5
    assert body_damage([]) == 0


def test_seven_severity_one_injuries_kill_most_people() -> None:
    # "seven Severity-1 Injuries will kill most people": Body 6 or 7 minus 1 + 6.
    health = Health(injuries=tuple(Injury(f"cut {i}", 1) for i in range(7)))
    assert derive(ratings(brawn=2), health).dead
    assert not derive(ratings(brawn=3), health).dead
    assert derive(ratings(brawn=3), health).incapacitated


@pytest.mark.parametrize(
    ("remaining", "penalty", "label"),
    [
        (9, 0, "Bruised"),
        (6, 0, "Bruised"),
        (5, 1, "Hurt"),
        (4, 1, "Injured"),
        (3, 2, "Wounded"),
        (2, 3, "Mauled"),
        (1, 4, "Maimed"),
        (0, 4, "Incapacitated"),
        (-1, 4, "Dead"),
    ],
)
def test_physical_penalty_table(remaining: int, penalty: int, label: str) -> None:
    assert body_penalty(remaining) == (penalty, label)


@pytest.mark.parametrize(
    ("remaining", "penalty", "label"),
    [
        (8, 0, "Distracted"),
        (6, 0, "Distracted"),
        (5, 1, "Rattled"),
        (4, 1, "Worried"),
        (3, 2, "Alarmed"),
        (2, 3, "Frantic"),
        (1, 4, "Delirious"),
        (0, 4, "Incapacitated"),
        (-2, 4, "Incapacitated"),
    ],
)
def test_mind_penalty_table(remaining: int, penalty: int, label: str) -> None:
    assert mind_penalty(remaining) == (penalty, label)


def test_penalty_adds_the_body_and_mind_penalties() -> None:
    # Brawn 3 (Body 7) with a Severity 3 Injury: 4 remaining, Injured, -1.
    # Intellect 3 + Charisma 3 + 1 = Mind 7 with 4 Mind damage: 3 remaining, Alarmed, -2.
    report = derive(
        ratings(brawn=3, intellect=3, charisma=3),
        Health(injuries=(Injury("broken wrist", 3),), mind_damage=4),
    )
    assert (report.body_remaining, report.body_state, report.body_penalty) == (4, "Injured", 1)
    assert (report.mind_remaining, report.mind_state, report.mind_penalty) == (3, "Alarmed", 2)
    assert report.penalty == 3
    assert not report.incapacitated


def test_body_fully_depleted_is_incapacitated_and_below_zero_is_dead() -> None:
    at_zero = derive(ratings(brawn=3), Health(injuries=(Injury("gunshot", 6), Injury("cut", 1))))
    assert (at_zero.body_remaining, at_zero.incapacitated, at_zero.dead) == (0, True, False)
    assert at_zero.free_movement_ft == 0
    below = derive(ratings(brawn=3), Health(injuries=(Injury("severed artery", 8),)))
    assert (below.body_remaining, below.body_state, below.dead) == (-1, "Dead", True)


def test_mind_drained_to_zero_is_incapacitated_but_alive() -> None:
    report = derive(ratings(intellect=2, charisma=2), Health(mind_damage=5))
    assert (report.mind_remaining, report.mind_state) == (0, "Incapacitated")
    assert report.incapacitated and not report.dead


# --------------------------------------------------------------------------- pools, movement, loads


def test_initiative_pool_adds_dexterity_and_perception() -> None:
    assert derive(ratings(dexterity=3, perception=2), Health()).initiative_pool == 5


@pytest.mark.parametrize(
    ("pool", "penalty", "after"),
    [(6, 3, 3), (5, 4, 2), (3, 4, 2), (2, 3, 2), (1, 2, 1), (6, 0, 6), (0, 1, 0)],
)
def test_penalty_reduces_a_pool_to_no_fewer_than_two_dice(
    pool: int, penalty: int, after: int
) -> None:
    assert pool_after_penalty(pool, penalty) == after


def test_jenny_the_blade_moves_25_feet_free_and_15_more_by_brawn() -> None:
    # Jenny has 4 Dexterity and 3 Brawn: 25 feet free, up to 15 more feet
    # sprinting, so she covers 35 feet; the 10 feet over cost her 2 dice.
    # (Her Mind must be 6+ for no Penalty; Intellect 3 + Charisma 2 + 1 = 6.)
    jenny = derive(ratings(dexterity=4, brawn=3, intellect=3, charisma=2), Health())
    assert jenny.penalty == 0
    assert jenny.free_movement_ft == 25
    assert (jenny.sprint_steps, jenny.sprint_ft) == (3, 15)
    assert jenny.free_movement_ft + jenny.sprint_ft >= 35
    extra_steps = (35 - jenny.free_movement_ft) // 5
    assert extra_steps == 2  # -1 die per extra 5 feet


def test_penalty_takes_5_feet_per_point_from_free_movement() -> None:
    assert free_movement_ft(dexterity=3, penalty=2) == 10
    report = derive(
        ratings(dexterity=3, brawn=3, intellect=3, charisma=3),
        Health(injuries=(Injury("stab", 4),)),
    )
    # Body 7 - 4 = 3 remaining: Wounded, -2 (Mind 7 is untouched), so 20 - 10 = 10 feet.
    assert (report.penalty, report.free_movement_ft) == (2, 10)


def test_free_movement_never_drops_below_5_feet() -> None:
    assert free_movement_ft(dexterity=1, penalty=4) == 5


def test_an_unhurt_contractor_has_no_penalty_however_low_their_mind() -> None:
    # Only damage causes a Penalty: Intellect 2 + Charisma 2 + 1 = Mind 5 with no
    # damage is 0, not Rattled -1; Dexterity 3 keeps its full 5 + 15 = 20 feet.
    report = derive(ratings(intellect=2, charisma=2, dexterity=3), Health())
    assert (report.mind, report.mind_penalty, report.mind_state) == (5, 0, "Distracted")
    assert (report.body_penalty, report.body_state) == (0, "Bruised")
    assert (report.penalty, report.penalty_source, report.free_movement_ft) == (0, "none", 20)


def test_mind_5_with_1_damage_reads_the_row_for_4_remaining() -> None:
    report = derive(ratings(intellect=2, charisma=2), Health(mind_damage=1))
    assert (report.mind_remaining, report.mind_penalty, report.mind_state) == (4, 1, "Worried")
    assert (report.penalty, report.penalty_source) == (1, "wounds")


def test_mind_3_with_1_damage_reads_the_row_for_2_remaining() -> None:
    report = derive(ratings(), Health(mind_damage=1))
    assert (report.mind, report.mind_remaining, report.mind_penalty) == (3, 2, 3)
    assert report.mind_state == "Frantic"


def test_body_follows_the_same_rule() -> None:
    # Brawn 1: Body 6. Unhurt: 0. A Severity-2 cut leaves 4: Injured, -1.
    assert derive(ratings(), Health()).body_penalty == 0
    hurt = derive(ratings(), Health(injuries=(Injury("cut", 2),)))
    assert (hurt.body_remaining, hurt.body_penalty, hurt.body_state) == (4, 1, "Injured")


# --------------------------------------------------------------------------- Battle Scars


def test_chronic_pain_keeps_the_penalty_at_least_1() -> None:
    pain = (BattleScar("Chronic Pain", ScarTier.MINOR),)
    report = derive(ratings(dexterity=3), Health(battle_scars=pain))
    assert (report.wound_penalty, report.scar_floor, report.penalty) == (0, 1, 1)
    assert report.penalty_source == "Battle Scar Chronic Pain"
    # Free movement follows the Penalty: 20 - 5 = 15 feet.
    assert report.free_movement_ft == 15


def test_scar_and_wound_penalties_do_not_stack_the_higher_counts() -> None:
    pain = (BattleScar("chronic pain", ScarTier.MINOR),)
    # Body 6 with a Severity-3 Injury leaves 3: Wounded -2, higher than Chronic Pain's 1.
    report = derive(ratings(), Health(injuries=(Injury("stab", 3),), battle_scars=pain))
    assert (report.wound_penalty, report.penalty, report.penalty_source) == (2, 2, "wounds")


def test_a_custom_scar_changes_no_number() -> None:
    report = derive(ratings(), Health(battle_scars=(BattleScar("Burnt ear", ScarTier.MINOR),)))
    assert (report.scar_floor, report.penalty) == (0, 0)


# --------------------------------------------------------------------------- Encumbrance


def test_over_the_carry_limit_costs_a_die_per_full_25_pounds() -> None:
    # Brawn 2 carries 30 lb free. 54 lb is 24 over: nothing; 55 is 25 over: -1; 80 is 50: -2.
    assert derive(ratings(brawn=2), Health(), Stock(carried_lb=54)).encumbrance_penalty == 0
    at_55 = derive(ratings(brawn=2), Health(), Stock(carried_lb=55))
    assert (at_55.carry_over_lb, at_55.encumbrance_penalty, at_55.roll_penalty) == (25, 1, 1)
    assert derive(ratings(brawn=2), Health(), Stock(carried_lb=80)).encumbrance_penalty == 2


def test_encumbrance_costs_5_feet_per_25_pound_step() -> None:
    """ "Characters suffer a -1 dice and -5 feet Movement penalty every 15 pounds they carry
    over their limit" (Brawn) against "a -1 dice penalty per 25 pounds over their limit"
    (Encumbrance). Reading: the 25-pound step, 5 feet per step.

    Brawn 2, Dexterity 3 (20 feet): 55 lb is one step, 15 feet; 80 lb two steps, 10 feet;
    54 lb no step, 20 feet. With Mind 3 at 1 damage (Penalty 3) and 55 lb: 20 − 15 − 5 is
    0, held at the 5-foot minimum.
    """
    feet = [
        derive(ratings(brawn=2, dexterity=3), Health(), Stock(carried_lb=lb)) for lb in (54, 55, 80)
    ]
    assert [(d.free_movement_ft, d.encumbrance_ft) for d in feet] == [(20, 0), (15, 5), (10, 10)]
    report = derive(ratings(brawn=2, dexterity=3), Health(mind_damage=1), Stock(carried_lb=55))
    assert (report.penalty, report.roll_penalty, report.free_movement_ft) == (3, 4, 5)


def test_at_the_lifting_limit_the_contractor_cannot_move() -> None:
    """ "Even encumbered characters can still move slowly until they reach their lifting and
    hauling limit": Brawn 1 lifts 75 lb; at 74 lb (59 over, 2 steps) 10 − 10 → 5 feet; at
    75 lb no movement at all."""
    slow = derive(ratings(brawn=1, dexterity=1), Health(), Stock(carried_lb=74))
    assert (slow.free_movement_ft, slow.sprint_ft, slow.at_lift_limit) == (5, 5, False)
    stuck = derive(ratings(brawn=1, dexterity=1), Health(), Stock(carried_lb=75))
    assert (stuck.free_movement_ft, stuck.sprint_ft, stuck.at_lift_limit) == (0, 0, True)


def scar(name: str, tier: ScarTier = ScarTier.MAJOR) -> BattleScar:
    return BattleScar(name, tier)


def test_limp_and_missing_foot_halve_movement_rounded_down_to_5_feet() -> None:
    """ "Limp (Your movement speed is reduced by half.)", "Missing Foot (Your movement speed
    is reduced by half.)". Reading: rounded down to whole 5-foot steps, at least 5 free.

    Dexterity 4, Brawn 3 (Jenny the Blade's numbers): 25 free → 12.5 → 10 feet; 15 sprint
    → 7.5 → 5 feet, 1 step. Dexterity 1: 10 → 5. Both scars: still half (the slowest
    counts, they do not multiply).
    """
    jenny = ratings(dexterity=4, brawn=3)
    limp = derive(jenny, Health(battle_scars=(scar("Limp"),)))
    assert (limp.free_movement_ft, limp.sprint_steps, limp.sprint_ft) == (10, 1, 5)
    assert (limp.movement_scar, str(limp.movement_fraction)) == ("Limp", "1/2")
    foot = derive(ratings(dexterity=1), Health(battle_scars=(scar("Missing Foot"),)))
    assert foot.free_movement_ft == 5
    both = derive(jenny, Health(battle_scars=(scar("Limp"), scar("Missing Foot"))))
    assert both.free_movement_ft == 10


def test_missing_leg_quarters_movement_and_forbids_dash_and_sprint() -> None:
    """ "Missing Leg (You move at one quarter movement speed with a prosthesis or aid. You
    cannot Dash or Sprint.)" Dexterity 5: 30 feet → 7.5 → 5 feet; no sprint steps."""
    leg = derive(
        ratings(dexterity=5, brawn=4),
        Health(battle_scars=(scar("Missing Leg", ScarTier.SEVERE),)),
    )
    assert (leg.free_movement_ft, leg.sprint_steps, leg.sprint_ft) == (5, 0, 0)
    assert (leg.movement_scar, leg.no_sprint_scar) == ("Missing Leg", "Missing Leg")


def test_the_health_tab_lines_state_the_readings() -> None:
    from builder.contract.derived import explain_movement

    d = derive(
        ratings(dexterity=4, brawn=3), Health(battle_scars=(scar("Limp"),)), Stock(carried_lb=70)
    )
    # Brawn 3 carries 45 lb: 70 is 25 over, one step: 25 − 5 = 20 → half → 10 feet.
    assert explain_movement(d) == (
        "Free movement 10 ft, sprint 1 step (5 ft, −1 die each)",
        "Encumbered 25 lb over 45 lb: −1 dice and −5 ft. Reading: the Encumbrance section's "
        "step (one per full 25 lb over) with the Brawn paragraph's 5 feet per step; the Brawn "
        "paragraph's 15 lb step is not used",
        "Limp: half speed, rounded down to whole 5-foot steps, at least 5 ft free (the rules "
        "do not say how to round)",
    )


def test_totally_unencumbered_gives_a_die_to_physical_actions() -> None:
    assert derive(ratings(), Health(), Stock(unencumbered=True)).unencumbered_bonus == 1
    assert derive(ratings(), Health()).unencumbered_bonus == 0
    # Not while over the limit (Brawn 1: 15 lb; 40 lb is 25 over).
    over = derive(ratings(), Health(), Stock(carried_lb=40, unencumbered=True))
    assert (over.unencumbered_bonus, over.encumbrance_penalty) == (0, 1)


def test_the_derived_values_name_their_rules() -> None:
    assert "dedicated section" in DERIVED_RULES["carry_lb"]
    assert "25 lb" in DERIVED_RULES["carry_lb"]


def test_carry_limit_is_15_pounds_per_brawn() -> None:
    assert derive(ratings(brawn=3), Health()).carry_lb == 45
    assert derive(ratings(brawn=5), Health()).carry_lb == 75


@pytest.mark.parametrize(
    ("brawn", "pounds"),
    [(1, 75), (2, 125), (3, 225), (4, 300), (5, 375), (6, 500), (7, 700), (8, 1000)],
)
def test_lifting_and_hauling_table(brawn: int, pounds: int) -> None:
    assert lift_lb(brawn) == pounds


def test_brawn_outside_the_lift_table_reads_the_nearest_row() -> None:
    assert lift_lb(10) == 1000
    assert lift_lb(0) == 75


# --------------------------------------------------------------------------- explained (issue 16)


def test_an_unhurt_contractor_s_numbers_are_explained() -> None:
    from builder.contract.character import Health
    from builder.contract.derived import derive, explain_health
    from builder.contract.ledger import Ratings

    ratings = Ratings(
        {"brawn": 1, "dexterity": 1, "perception": 1, "charisma": 2, "intellect": 2},
        {},
    )
    derived = derive(ratings, Health())
    # Body 5 + ceil(1/2) = 6; Mind 2 + 2 + 1 = 5 ("Body", "Mind").
    assert explain_health(ratings, Health(), derived).lines() == (
        "Body 6 = 5 + Brawn 1 halved, rounded up (1)",
        "Mind 5 = Intellect 2 + Charisma 2 + 1",
        "Body 6 of 6: no damage, no Penalty",
        "Mind 5 of 5: no damage, no Penalty",
        "No Penalty: only damage taken (or a Battle Scar such as Chronic Pain) gives a Penalty",
    )


def test_a_hurt_contractor_s_penalty_is_explained() -> None:
    from builder.contract.character import Health, Injury
    from builder.contract.derived import derive, explain_health
    from builder.contract.ledger import Ratings

    ratings = Ratings(
        {"brawn": 3, "dexterity": 1, "perception": 1, "charisma": 5, "intellect": 5},
        {},
    )
    health = Health(injuries=(Injury("Cut", 2), Injury("Bruise", 1)), mind_damage=3)
    derived = derive(ratings, health)
    # Body 5 + 2 = 7, damage 2 + 1 = 3, 4 left: −1 (Injured). Mind 5 + 5 + 1 = 11,
    # at most 9; 3 damage leaves 6: no row, 0. Penalty −1 from wounds.
    assert explain_health(ratings, health, derived).lines() == (
        "Body 7 = 5 + Brawn 3 halved, rounded up (2)",
        "Mind 9 = Intellect 5 + Charisma 5 + 1, at most 9",
        "Body 4 of 7 (3 damage): −1 die, Injured",
        "Mind 6 of 9 (3 damage): no Penalty, Distracted",
        "Penalty −1: Body −1 from damage taken; every dice pool loses it, down to 2 dice",
    )
