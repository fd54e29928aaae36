"""Which printer prints which game: the printing side of the game-system registry.

``builder.core.registry`` says which game a character belongs to; this table
says how that game goes on paper: its sheet (alone or inside a roster), and,
when the game has them, cards and a blank sheet for pencil play. The CLI and
the app ask here and never name a game. A game without an entry cannot be
printed yet, and :class:`NoPrinter` says so in words.

This is the one place in ``printing`` that names the games, as
``builder.systems`` is in ``builder``; adding a game's printing is one entry
in ``_shipped``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.core import registry
from printing.common.layout import Output, Paper, paper_size
from printing.common.roster import Progress, RosterSheet, RosterTitle, render_sheets


class NoPrinter(LookupError):
    """A game system (or one of its prints: cards, a blank sheet) that cannot be printed."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "nothing to print"


@dataclass(frozen=True, slots=True)
class SystemPrinter:
    """How one game system's characters are printed.

    - ``system`` is the registry id ("contract").
    - ``sheet(character)`` gives the character's :class:`RosterSheet`, which
      prints the sheet alone or inside a roster file.
    - ``cards(character, out, paper)`` prints the character's cards and returns
      the page count (None: the game has no cards); ``cards_name`` says what
      they are ("Gift cards").
    - ``blank(out, paper)`` prints an empty sheet for pencil play (None: none).
    - ``roster`` is how a file of this game's sheets alone describes itself.
    - ``compact(character)`` gives the short sheet for the table as a
      :class:`RosterSheet` (None: the game has only its full sheet).
    """

    system: str
    sheet: Callable[[Any], RosterSheet]
    cards: Callable[[Any, Output, Paper], int] | None = None
    cards_name: str = "cards"
    blank: Callable[[Output, Paper], int] | None = None
    roster: RosterTitle = field(default_factory=RosterTitle)
    compact: Callable[[Any], RosterSheet] | None = None


_PRINTERS: dict[str, SystemPrinter] = {}
_SHIPPED: set[str] = set()
"""The systems whose printer is the shipped one: a fresh worker process has exactly these."""
_loaded = False


def _contract_sheet(character: Any) -> RosterSheet:
    from printing.contract.sheet import roster_sheet
    from printing.contract.snapshot import print_snapshot

    return roster_sheet(print_snapshot(character))


def _contract_compact(character: Any) -> RosterSheet:
    from printing.contract.compact import roster_compact
    from printing.contract.snapshot import print_snapshot

    return roster_compact(print_snapshot(character))


def _contract_cards(character: Any, out: Output, paper: Paper) -> int:
    from printing.contract.cards import render_gift_cards
    from printing.contract.snapshot import print_snapshot

    return render_gift_cards(print_snapshot(character), out, paper)


def _contract_blank(out: Output, paper: Paper) -> int:
    from printing.contract.blank import render_blank_sheet

    return render_blank_sheet(out, paper)


def _covenant_sheet(character: Any) -> RosterSheet:
    from printing.covenant.sheet import roster_sheet

    return roster_sheet(character)


def _mortal_coil_sheet(character: Any) -> RosterSheet:
    from printing.mortal_coil.sheet import roster_sheet

    return roster_sheet(character)


def _mortal_coil_blank(out: Output, paper: Paper) -> int:
    from printing.mortal_coil.sheet import render_blank_spacefarer_sheet

    return render_blank_spacefarer_sheet(out, paper)


def _coven_sheet(chronicle: Any) -> RosterSheet:
    from printing.coven.sheets import roster_sheet

    return roster_sheet(chronicle)


def _coven_cards(chronicle: Any, out: Output, paper: Paper) -> int:
    from printing.coven.cards import render_trait_cards

    return render_trait_cards(chronicle, None, out, paper)


def _tiles_sheet(game: Any) -> RosterSheet:
    from printing.tiles.record import roster_sheet

    return roster_sheet(game)


def _tiles_blank(out: Output, paper: Paper) -> int:
    """The base game's board and a sheet of tiles to cut out."""
    from builder.tiles.variants import variant
    from printing.tiles.sheet import tiles_pdf

    data = tiles_pdf(variant(), None, paper)
    if isinstance(out, str | Path):
        Path(out).write_bytes(data)
    else:
        out.write(data)
    return 2


def _shipped() -> None:
    """Register the printers of the games Harbinger ships (once, on first use)."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    from builder.contract.system import ID as CONTRACT
    from builder.coven.system import ID as COVEN
    from builder.covenant.system import ID as COVENANT
    from builder.mortal_coil.system import ID as MORTAL_COIL
    from builder.tiles.system import ID as TILES
    from printing.contract.batch import ROSTER_TITLE as CONTRACT_ROSTER

    for printer in (
        SystemPrinter(
            CONTRACT,
            _contract_sheet,
            cards=_contract_cards,
            cards_name="Gift cards",
            blank=_contract_blank,
            roster=CONTRACT_ROSTER,
            compact=_contract_compact,
        ),
        SystemPrinter(COVENANT, _covenant_sheet),
        SystemPrinter(MORTAL_COIL, _mortal_coil_sheet, blank=_mortal_coil_blank),
        SystemPrinter(COVEN, _coven_sheet, cards=_coven_cards, cards_name="trait cards"),
        SystemPrinter(TILES, _tiles_sheet, blank=_tiles_blank),
    ):
        if _PRINTERS.setdefault(printer.system, printer) is printer:
            _SHIPPED.add(printer.system)


def register_printer(printer: SystemPrinter) -> SystemPrinter:
    """Add (or replace) a system's printer; returns it, for use as a one-liner."""
    _shipped()
    _PRINTERS[printer.system] = printer
    _SHIPPED.discard(printer.system)
    return printer


def unregister_printer(system_id: str) -> None:
    """Take a printer out again (tests that registered one clean up with this)."""
    _PRINTERS.pop(system_id, None)
    _SHIPPED.discard(system_id)


def printers() -> Iterator[SystemPrinter]:
    """Every registered printer, in registration order."""
    _shipped()
    return iter(tuple(_PRINTERS.values()))


def _display_name(system_id: str) -> str:
    try:
        return registry.system(system_id).display_name
    except KeyError:
        return system_id


def printer(system_id: str) -> SystemPrinter:
    """The printer of this game system; NoPrinter names the game when it has none."""
    _shipped()
    found = _PRINTERS.get(system_id)
    if found is None:
        try:
            registry.system(system_id)
        except KeyError as exc:
            raise NoPrinter(exc.args[0]) from None
        raise NoPrinter(
            f"{_display_name(system_id)} characters cannot be printed yet "
            f"(no printer for game system {system_id!r})"
        )
    return found


def printer_for(character: Any) -> SystemPrinter:
    """The printer of the game this character value belongs to."""
    return printer(registry.system_for_character(character).id)


def sheet_of(character: Any, compact: bool = False) -> RosterSheet:
    """The character's full sheet, or with ``compact`` its short sheet for the table.

    NoPrinter when the game has no compact sheet.
    """
    found = printer_for(character)
    if not compact:
        return found.sheet(character)
    if found.compact is None:
        with_compact = [_display_name(p.system) for p in printers() if p.compact]
        others = f"; only {', '.join(with_compact)} print one" if with_compact else ""
        raise NoPrinter(f"{_display_name(found.system)} has no compact sheet{others}")
    return found.compact(character)


def print_sheet(
    character: Any, out: Output, paper: Paper = "letter", *, compact: bool = False
) -> int:
    """Print one character's sheet to ``out``, by its game's printer; returns the page count.

    ``compact`` prints the game's short sheet for the table instead of the full one.
    """
    return sheet_of(character, compact).render(out, paper)


def print_cards(character: Any, out: Output, paper: Paper = "letter") -> int:
    """Print one character's cards, by its game's printer; NoPrinter if its game has none."""
    found = printer_for(character)
    if found.cards is None:
        with_cards = [f"{_display_name(p.system)} ({p.cards_name})" for p in printers() if p.cards]
        others = f"; only {', '.join(with_cards)} print cards" if with_cards else ""
        raise NoPrinter(f"{_display_name(found.system)} has no cards to print{others}")
    return found.cards(character, out, paper)


def blank_systems() -> list[str]:
    """The ids of the game systems that print a blank sheet."""
    return [p.system for p in printers() if p.blank is not None]


def print_blank(system_id: str | None, out: Output, paper: Paper = "letter") -> int:
    """Print a blank sheet of ``system_id``; returns the page count.

    ``None`` picks the first registered game that prints blank sheets (The
    Contract, Harbinger's main game), so ``sheet pdf --blank`` keeps meaning
    what it always meant.
    """
    if system_id is None:
        offered = blank_systems()
        if not offered:
            raise NoPrinter("no game prints a blank sheet")
        system_id = offered[0]
    found = printer(system_id)
    if found.blank is None:
        names = ", ".join(blank_systems()) or "none"
        raise NoPrinter(
            f"{_display_name(system_id)} has no blank sheet to print (games that do: {names})"
        )
    return found.blank(out, paper)


def render_roster(
    characters: Iterable[Any],
    out: str | Path,
    paper: Paper = "letter",
    progress: Progress | None = None,
    *,
    combined: bool | None = None,
    jobs: int | None = None,
    compact: bool = False,
) -> list[Path]:
    """Print many characters of any games: one file each in folder ``out``, or one file.

    A file of one game's sheets describes itself as that game's roster; a file
    mixing games as a Harbinger roster. NoPrinter (before anything is written)
    when a character's game cannot be printed. One file each uses ``jobs``
    worker processes (default: every core; 1 prints here, in this process).
    ``compact`` prints each game's short sheet (NoPrinter if a game has none).
    """
    from printing.pool import cores, print_folder

    items = list(characters)
    pairs = [(printer_for(c), c) for c in items]
    folder = Path(out)
    if combined is None:
        combined = folder.suffix.lower() == ".pdf"
    workers = min(jobs or cores(), len(items))
    # Worker processes know only the shipped games; a printer registered here stays here.
    shipped = all(p.system in _SHIPPED for p, _ in pairs)
    if not combined and workers > 1 and shipped:
        paper_size(paper)  # refuse a bad paper name before any work is done
        for character in items:
            if compact and printer_for(character).compact is None:
                sheet_of(character, compact)  # the NoPrinter message, before any work
        return print_folder(items, folder, paper, progress, workers, compact=compact)
    games = {p.system for p, _ in pairs}
    title = pairs[0][0].roster if len(games) == 1 else None
    sheets = [sheet_of(c, compact) for _, c in pairs]
    return render_sheets(sheets, out, paper, progress, combined=combined, title=title)
