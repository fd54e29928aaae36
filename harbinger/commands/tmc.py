"""``harbinger tmc odds ...``: exact odds of *This Mortal Coil* (issue 18, item 4).

``tmc odds save ABILITY...`` gives the chance each save passes;
``tmc odds damage`` / ``tmc odds stress`` the chance an attack takes the
ability, causes critical damage or stress, or retires the character;
``tmc odds highest DIE...`` the distribution of the highest of several dice;
``tmc odds fallout TAKEN`` the chance a fallout roll is new. The numbers come
from :mod:`builder.mortal_coil.odds`; this module checks input and formats.
``tmc pdf FILE -o OUT`` prints a spacefarer or crew file, ``tmc pdf --blank``
a blank spacefarer sheet (``printing.mortal_coil.sheet``).
"""

from __future__ import annotations

import argparse
from fractions import Fraction

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
from harbinger.commands.base import CliError, add_json_flag, emit

MAX_DIE = 100
MAX_VALUE = 1000
MAX_DICE = 20


def _number(text: str, what: str, low: int, high: int) -> int:
    try:
        value = int(str(text).strip())
    except ValueError:
        raise CliError(
            f"{what} must be a whole number from {low} to {high}, not {text!r}"
        ) from None
    if not low <= value <= high:
        raise CliError(f"{what} must be from {low} to {high}, not {value}")
    return value


def _show(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({float(p) * 100:.2f}%)"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``tmc`` subcommand and its ``odds`` questions."""
    tmc = subparsers.add_parser(
        "tmc", help="This Mortal Coil: exact odds", description="This Mortal Coil tools."
    )
    tmc.set_defaults(func=_missing)
    tmc_sub = tmc.add_subparsers(dest="tmc_command", metavar="TOOL")
    odds = tmc_sub.add_parser(
        "odds", help="exact odds of saves, critical damage, kept dice and fallout"
    )
    odds.set_defaults(func=_missing)
    _register_pdf(tmc_sub)
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


def _missing(_args: argparse.Namespace) -> int:
    raise CliError("ask a question: harbinger tmc odds {save,damage,stress,highest,fallout}")


def _dice(texts: list[str]) -> list[int]:
    if len(texts) > MAX_DICE:
        raise CliError(f"at most {MAX_DICE} dice, not {len(texts)}")
    return [_number(t.lower().removeprefix("d"), "a die", 1, MAX_DIE) for t in texts]


def _dist_text(dist: Distribution) -> list[str]:
    return [f"  {k:>3}  {_show(p)}" for k, p in dist.items()]


def _run_save(args: argparse.Namespace) -> int:
    abilities = [_number(a, "ABILITY", 0, 30) for a in args.abilities]
    chances = [(a, save_pass(a)) for a in abilities]
    document = {"saves": [{"ability": a, "pass": json_fraction(p)} for a, p in chances]}
    text = "\n".join(f"ability {a:>2}: passes {_show(p)}" for a, p in chances)
    emit(args, document, text)
    return 0


def _run_harm(args: argparse.Namespace) -> int:
    sides = [attack_die(s, args.impaired, args.enhanced) for s in _dice(args.die)]
    reduction = _number(args.guard, args.guard_name, 0, MAX_VALUE)
    hp = _number(args.hp, "HP", 0, MAX_VALUE)
    ability = _number(args.ability, args.ability_name, 1, 30)
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
    odds = fallout_odds(_number(args.taken, "TAKEN", 0, 10))
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
