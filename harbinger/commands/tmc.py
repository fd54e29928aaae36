"""``harbinger tmc odds ...``: exact odds of *This Mortal Coil* (issue 18, item 4).

``tmc odds save ABILITY...`` gives the chance each save passes;
``tmc odds damage`` / ``tmc odds stress`` the chance an attack takes the
ability, causes critical damage or stress, or retires the character;
``tmc odds highest DIE...`` the distribution of the highest of several dice;
``tmc odds fallout TAKEN`` the chance a fallout roll is new;
``tmc odds start DEX...`` who acts before the first round, ``tmc odds retreat
DEX`` the chance a retreat gets away, ``tmc odds blast`` a blast attack's
targets and damage; ``tmc move`` a turn's movement and ``tmc carry`` what an
associate or thrall carries (issue 28). The numbers come
from :mod:`builder.mortal_coil.odds`; this module checks input and formats.
``tmc pdf FILE -o OUT`` prints a spacefarer or crew file, ``tmc pdf --blank``
a blank spacefarer sheet (``printing.mortal_coil.sheet``). ``tmc ACTION ID``
runs an action at the table on a spacefarer of the library (the operations
declared in ``harbinger.app.mortal_coil``: take-harm, short-rest, fallout...).
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from builder.mortal_coil.character import DEFAULT_SMALL_PER_SLOT, Item, ItemSize
from builder.mortal_coil.combat import (
    MAX_BLAST_DIE,
    CarrierKind,
    blast_odds,
    carrier_load,
    retreat_chance,
    start_of_combat,
    turn_movement_ft,
)
from builder.mortal_coil.odds import (
    Distribution,
    die,
    fallout_odds,
    harm_odds,
    json_fraction,
    keep_highest,
    save_pass,
)
from builder.mortal_coil.rules import attack_die
from harbinger.commands.base import CliError, add_json_flag, emit, wanted, whole_number

MAX_DIE = 100
MAX_VALUE = 1000
MAX_DICE = 20
ODDS_MISSING = (
    "ask a question: harbinger tmc odds {save,damage,stress,highest,fallout,start,retreat,blast}"
)
"""What ``tmc`` and ``tmc odds`` say when run without a tool or question."""


def _show(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({float(p) * 100:.2f}%)"


def register(
    subparsers: argparse._SubParsersAction, action: str | None = None
) -> argparse._SubParsersAction:
    """Add the ``tmc`` subcommand: its ``odds`` questions, ``pdf``, every action on a
    spacefarer, ``move`` and ``carry`` (only the one ``action`` names when it is not
    None); returns its tools."""
    from harbinger.app.mortal_coil import OPERATIONS
    from harbinger.commands.operations import add_game_command, add_operations

    tmc_sub = add_game_command(
        subparsers,
        "tmc",
        "This Mortal Coil: exact odds, PDFs, and every action on a spacefarer",
        description="This Mortal Coil tools, and the actions at the table on a spacefarer "
        "of the library (take-harm, short-rest, fallout...).",
        metavar="TOOL",
        missing=ODDS_MISSING,
    )
    if wanted(action, "odds"):
        _register_odds(tmc_sub)
    if wanted(action, "pdf"):
        _register_pdf(tmc_sub)
    add_operations(tmc_sub, OPERATIONS, "spacefarer", action)
    from harbinger.commands import gm_notes

    gm_notes.register(tmc_sub, "mortal-coil", "spacefarer", action)
    gm_notes.register_export(tmc_sub, "mortal-coil", "spacefarer", action)
    if wanted(action, "move"):
        _add_move(tmc_sub)
    if wanted(action, "carry"):
        _add_carry(tmc_sub)
    return tmc_sub


def _register_odds(tools: argparse._SubParsersAction) -> None:
    """``tmc odds QUESTION``: saves, harm, the highest die, fallout and combat's odds."""
    odds = tools.add_parser(
        "odds", help="exact odds of saves, critical damage, kept dice and fallout"
    )
    odds.set_defaults(func=_missing)
    kinds = odds.add_subparsers(dest="odds_kind", metavar="QUESTION")

    save = kinds.add_parser("save", help="chance a d20 save passes at each ability")
    save.add_argument("abilities", nargs="+", metavar="ABILITY", help="ability scores, 0-30")
    add_json_flag(save)
    save.set_defaults(func=_run_save)

    for kind, guard, ability in (("damage", "armor", "STR"), ("stress", "stability", "CTRL")):
        p = kinds.add_parser(
            kind,
            help=f"chance a {kind} attack takes {ability}, is critical or retires",
            description=f"One {kind} attack against HP, {guard} and {ability}: the chance "
            f"it goes past 0 HP onto {ability}, that the {ability} save then fails "
            f"(critical {kind}), and that {ability} reaches 0.",
        )
        p.add_argument(
            "--die",
            action="append",
            required=True,
            help="attack die (8 for d8); repeat for several attackers (the highest is kept)",
        )
        p.add_argument(f"--{guard}", dest="guard", default="0", help=f"{guard} (default 0)")
        p.add_argument("--hp", required=True, help="current HP")
        p.add_argument(f"--{ability.lower()}", dest="ability", required=True, help=ability)
        p.add_argument("--impaired", action="store_true", help="impaired: every die is a d4")
        p.add_argument("--enhanced", action="store_true", help="enhanced: every die is a d12")
        add_json_flag(p)
        p.set_defaults(func=_run_harm, kind=kind, guard_name=guard, ability_name=ability)

    highest = kinds.add_parser("highest", help="distribution of the highest of several dice")
    highest.add_argument("dice", nargs="+", metavar="DIE", help="die sizes (6 for d6)")
    add_json_flag(highest)
    highest.set_defaults(func=_run_highest)

    fallout = kinds.add_parser("fallout", help="chance a fallout roll is new")
    fallout.add_argument("taken", metavar="TAKEN", help="fallout already taken, 0-10")
    add_json_flag(fallout)
    fallout.set_defaults(func=_run_fallout)
    _register_combat(kinds)


def _missing(_args: argparse.Namespace) -> int:
    raise CliError(ODDS_MISSING)


def _dice(texts: list[str]) -> list[int]:
    if len(texts) > MAX_DICE:
        raise CliError(f"at most {MAX_DICE} dice, not {len(texts)}")
    return [whole_number(t.lower().removeprefix("d"), "a die", 1, MAX_DIE) for t in texts]


def _dist_text(dist: Distribution) -> list[str]:
    return [f"  {k:>3}  {_show(p)}" for k, p in dist.items()]


def _run_save(args: argparse.Namespace) -> int:
    abilities = [whole_number(a, "ABILITY", 0, 30) for a in args.abilities]
    chances = [(a, save_pass(a)) for a in abilities]
    document = {"saves": [{"ability": a, "pass": json_fraction(p)} for a, p in chances]}
    text = "\n".join(f"ability {a:>2}: passes {_show(p)}" for a, p in chances)
    emit(args, document, text)
    return 0


def _run_harm(args: argparse.Namespace) -> int:
    sides = [attack_die(s, args.impaired, args.enhanced) for s in _dice(args.die)]
    reduction = whole_number(args.guard, args.guard_name, 0, MAX_VALUE)
    hp = whole_number(args.hp, "HP", 0, MAX_VALUE)
    ability = whole_number(args.ability, args.ability_name, 1, 30)
    dist = keep_highest(sides) if len(sides) > 1 else die(sides[0])
    odds = harm_odds(dist, reduction, hp, ability)
    name = args.ability_name
    document = {"kind": args.kind, "dice": sides, **odds.to_json()}
    kept = " (highest kept)" if len(sides) > 1 else ""
    rows = [
        (f"loses {name}", odds.ability_loss),
        (f"critical {args.kind}", odds.critical),
        (f"{name} to 0 (retired)", odds.retired),
        ("HP to 0", odds.hp_to_zero),
    ]
    text = "\n".join(
        [
            f"{args.kind}: {' + '.join(f'd{s}' for s in sides)}{kept} against "
            f"HP {hp}, {args.guard_name} {reduction}, {name} {ability}",
            *(f"  {label + ':':<22}{_show(p)}" for label, p in rows),
            f"{name} after the hit:",
            *_dist_text(odds.ability_after),
        ]
    )
    emit(args, document, text)
    return 0


def _run_highest(args: argparse.Namespace) -> int:
    sides = _dice(args.dice)
    dist = keep_highest(sides)
    document = {"dice": sides, "distribution": {str(k): json_fraction(p) for k, p in dist.items()}}
    title = f"highest of {' + '.join(f'd{s}' for s in sides)}:"
    emit(args, document, "\n".join([title, *_dist_text(dist)]))
    return 0


def _run_fallout(args: argparse.Namespace) -> int:
    odds = fallout_odds(whole_number(args.taken, "TAKEN", 0, 10))
    if odds.retires:
        text = "all ten fallout taken: the next fallout retires the character"
    else:
        text = (
            f"{odds.taken} fallout taken: a d10 lands on a new one {_show(odds.new_per_roll)}; "
            f"duplicates are rerolled, {float(odds.expected_rolls or 0):.2f} rolls on average"
        )
    emit(args, odds.to_json(), text)
    return 0


def _register_pdf(tools: argparse._SubParsersAction) -> None:
    pdf = tools.add_parser(
        "pdf",
        help="print a spacefarer or crew file, or a blank sheet, to PDF",
        description="Print a This Mortal Coil character file (harbinger.mortal-coil) or crew "
        "file (harbinger.mortal-coil-crew) to PDF, or with --blank an empty character sheet.",
    )
    pdf.add_argument("file", nargs="?", metavar="FILE", help="the character or crew file")
    pdf.add_argument("--blank", action="store_true", help="print a blank character sheet")
    pdf.add_argument("-o", "--output", required=True, metavar="OUT", help="the PDF to write")
    pdf.add_argument("--paper", choices=("letter", "a4"), default="letter")
    add_json_flag(pdf)
    pdf.set_defaults(func=_run_pdf)


def _run_pdf(args: argparse.Namespace) -> int:
    """Print the file (or the blank sheet) and say how many pages were written."""
    from builder.core.registry import FileFormatError
    from builder.mortal_coil import file as mc_file
    from harbinger.commands.base import read_json_file
    from printing.mortal_coil import sheet

    if args.blank == bool(args.file):
        raise CliError("give either FILE or --blank")
    out = args.output
    try:
        if args.blank:
            pages = sheet.render_blank_spacefarer_sheet(out, args.paper)
            what = "blank sheet"
        else:
            document = read_json_file(args.file, "file")
            if isinstance(document, dict) and document.get("format") == mc_file.CREW_FORMAT:
                crew = mc_file.crew_from_document(document)
                pages = sheet.render_crew_sheet(crew, out, args.paper)
                what = f"crew {crew.name}"
            else:
                character = mc_file.from_document(document).character
                pages = sheet.render_spacefarer_sheet(character, out, args.paper)
                what = f"spacefarer {character.name}"
    except FileFormatError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    except OSError as exc:
        raise CliError(f"cannot write {out}: {exc.strerror or exc}") from None
    emit(
        args,
        {"output": str(out), "pages": pages, "printed": what},
        f"{what}: {pages} page(s) to {out}",
    )
    return 0


# --------------------------------------------------------------------------- combat (issue 28)


def _register_combat(kinds: argparse._SubParsersAction) -> None:
    """``tmc odds start|retreat|blast``."""
    start = kinds.add_parser(
        "start",
        help="who acts before the first round (each crew member's DEX save)",
        description="At the start of combat each crew member makes a DEX save; those who "
        "pass act before the first round. Give each member's DEX (NAME=DEX or DEX).",
    )
    start.add_argument("members", nargs="+", metavar="DEX", help="DEX 0-30, or NAME=DEX")
    add_json_flag(start)
    start.set_defaults(func=_run_start)

    retreat = kinds.add_parser(
        "retreat",
        help="chance a retreat gets away (a DEX save and a safe destination)",
    )
    retreat.add_argument("dex", metavar="DEX", help="DEX, 0-30")
    retreat.add_argument(
        "--no-safe-destination",
        action="store_true",
        help="there is no safe destination: no retreat succeeds",
    )
    add_json_flag(retreat)
    retreat.set_defaults(func=_run_retreat)

    blast = kinds.add_parser(
        "blast",
        help="a blast attack: targets hit, damage each takes, the total",
        description="A blast rolls damage separately for each target; when the area's size "
        "is unclear the attack's standard die gives the number of targets.",
    )
    blast.add_argument("--die", required=True, help="the attack's standard die (6 for d6)")
    blast.add_argument(
        "--targets", help="targets in the area, when its size is clear (default: roll the die)"
    )
    blast.add_argument("--armor", default="0", help="each target's armor or stability")
    blast.add_argument("--impaired", action="store_true", help="impaired: damage dice are d4")
    blast.add_argument("--enhanced", action="store_true", help="enhanced: damage dice are d12")
    add_json_flag(blast)
    blast.set_defaults(func=_run_blast)


def _add_move(tools: argparse._SubParsersAction) -> None:
    """``tmc move``: feet a character moves on a turn."""
    move = tools.add_parser(
        "move", help="feet a character moves on a turn (40, 80 with a second move)"
    )
    move.add_argument(
        "--second-move", action="store_true", help="the turn's action is a second move"
    )
    move.add_argument("--disabled", action="store_true", help="the character is disabled")
    add_json_flag(move)
    move.set_defaults(func=_run_move)


def _add_carry(tools: argparse._SubParsersAction) -> None:
    """``tmc carry``: how full an associate or thrall is."""
    carry = tools.add_parser(
        "carry",
        help="how full an associate or thrall is with the gear it carries",
    )
    carry.add_argument("--kind", choices=[k.value for k in CarrierKind], required=True)
    carry.add_argument("--normal", default="0", help="items of one slot each")
    carry.add_argument("--bulky", default="0", help="bulky items (two slots each)")
    carry.add_argument("--small", default="0", help="small items (bundled)")
    carry.add_argument(
        "--small-per-slot",
        default=str(DEFAULT_SMALL_PER_SLOT),
        help=f"small items sharing one slot (default {DEFAULT_SMALL_PER_SLOT})",
    )
    add_json_flag(carry)
    carry.set_defaults(func=_run_carry)


def _member(text: str, index: int) -> tuple[str, int]:
    name, sep, dex = text.rpartition("=")
    if not sep:
        name, dex = f"member {index}", text
    return name.strip() or f"member {index}", whole_number(dex, f"DEX of {text!r}", 0, 30)


def _run_start(args: argparse.Namespace) -> int:
    if len(args.members) > MAX_DICE:
        raise CliError(f"at most {MAX_DICE} crew members, not {len(args.members)}")
    odds = start_of_combat([_member(t, i) for i, t in enumerate(args.members, start=1)])
    document = {
        "members": [
            {"name": n, "dex": d, "acts_first": json_fraction(p)} for n, d, p in odds.members
        ],
        "acting_first": {
            str(k): json_fraction(p) for k, p in odds.acting_first.probabilities.items()
        },
        "everyone": json_fraction(odds.everyone),
        "nobody": json_fraction(odds.nobody),
        "expected": json_fraction(odds.expected),
    }
    text = "\n".join(
        [
            "start of combat: each member's DEX save; who passes acts before round one",
            *(f"  {n}: DEX {d}, acts first {_show(p)}" for n, d, p in odds.members),
            "members acting first:",
            *(f"  {k:>3}  {_show(p)}" for k, p in odds.acting_first.probabilities.items()),
            f"  everyone {_show(odds.everyone)}; nobody {_show(odds.nobody)}; "
            f"{float(odds.expected):.2f} on average",
        ]
    )
    emit(args, document, text)
    return 0


def _run_retreat(args: argparse.Namespace) -> int:
    dex = whole_number(args.dex, "DEX", 0, 30)
    safe = not args.no_safe_destination
    p = retreat_chance(dex, safe)
    document = {"dex": dex, "safe_destination": safe, "gets_away": json_fraction(p)}
    text = f"retreat at DEX {dex}: gets away {_show(p)}" + (
        "" if safe else " (no safe destination)"
    )
    emit(args, document, text)
    return 0


def _run_blast(args: argparse.Namespace) -> int:
    standard = whole_number(args.die.lower().removeprefix("d"), "the die", 1, MAX_BLAST_DIE)
    targets = None if args.targets is None else whole_number(args.targets, "TARGETS", 1, MAX_DICE)
    armor = whole_number(args.armor, "armor", 0, MAX_VALUE)
    odds = blast_odds(standard, targets, armor, impaired=args.impaired, enhanced=args.enhanced)

    def dist(d: object) -> dict[str, object]:
        return {str(k): json_fraction(p) for k, p in d.probabilities.items()}  # type: ignore[attr-defined]

    document = {
        "standard_die": odds.standard_die,
        "damage_die": odds.damage_die,
        "armor": armor,
        "targets_rolled": targets is None,
        "targets": dist(odds.targets),
        "per_target": dist(odds.per_target),
        "total": dist(odds.total),
        "expected_total": json_fraction(odds.expected_total),
        "expected_per_target": json_fraction(odds.per_target.expected()),
    }
    count = f"d{standard} targets" if targets is None else f"{targets} target(s)"
    text = "\n".join(
        [
            f"blast: {count}, each rolls its own d{odds.damage_die}, armor {armor}",
            "each target takes:",
            *(f"  {k:>3}  {_show(p)}" for k, p in odds.per_target.probabilities.items()),
            f"total over every target: {float(odds.expected_total):.3f} on average "
            f"({odds.expected_total.numerator}/{odds.expected_total.denominator})",
        ]
    )
    emit(args, document, text)
    return 0


def _run_move(args: argparse.Namespace) -> int:
    feet = turn_movement_ft(args.second_move, disabled=args.disabled)
    document = {"feet": feet, "second_move": args.second_move, "disabled": args.disabled}
    why = (
        "disabled: unconscious and immobile"
        if args.disabled
        else (
            "40 feet, then a second move as the action"
            if args.second_move
            else "up to 40 feet, then one action"
        )
    )
    emit(args, document, f"{feet} feet this turn ({why})")
    return 0


def _run_carry(args: argparse.Namespace) -> int:
    kind = CarrierKind(args.kind)
    counts = {
        size: whole_number(getattr(args, size.value), f"--{size.value}", 0, 1000)
        for size in ItemSize
    }
    per = whole_number(args.small_per_slot, "--small-per-slot", 1, 100)
    items = [Item(f"{size.value} {i}", size) for size, n in counts.items() for i in range(n)]
    load = carrier_load(kind, items, per)
    document = {
        "kind": kind.value,
        "slots": load.slots,
        "slots_used": load.slots_used,
        "slots_free": load.slots_free,
        "over": load.over,
        "zero_hp": load.zero_hp,
    }
    lines = [f"{kind.value} carries {load.slots_used} of {load.slots} slots"]
    if load.over:
        lines.append(f"  {load.over} slot(s) too many: that gear cannot be carried")
    if load.zero_hp:
        lines.append("  every slot full: the associate is held at 0 HP")
    emit(args, document, "\n".join(lines))
    return 0
