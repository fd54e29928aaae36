"""The variants of Covenants, as data (``resources/tiles/variants/*.toml``).

Each numbered variant of the rules text differs only in its tiles, how they
are dealt, the territory values and a few switches; a :class:`Variant` holds
exactly those, so the engine has no per-variant code. Each file's ``notes``
say what the text leaves open and how we read it.

Seats: seat 0 is "Player 1", the player who moves first. Reading: the text
numbers players by who starts, so tiles it gives "Player 1" go to seat 0;
which person takes seat 0 is chosen at random and alternates between games
(a matter for whoever arranges the games, not for the rules).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import tomli

from builder.tiles.elements import NO_TILES, Counts, Kind

VARIANTS_DIR = Path(__file__).resolve().parents[2] / "resources" / "tiles" / "variants"

DEFAULT_VARIANT = "v7"
"""The base game: the rules text's first section and Variant 7 describe the same game."""


class VariantError(ValueError):
    """A variant file that does not describe a playable game."""


@dataclass(frozen=True, slots=True)
class Variant:
    """One way to play: tiles, deal, board and switches.

    - ``deck`` is shuffled and dealt alternately, ``draw`` tiles to each seat;
      what is left is the face-down pile (drawn from in order in the Chaos round).
    - ``fixed`` are tiles a seat gets before the deal (Variant 1's identical
      decks, Variants 3 and 5's own UNKNOWN).
    - ``territories`` are the values from dawn to dusk.
    - ``chaos``: the Chaos round ("Extra Draw") is played.
    - ``open_hands``: every dealt tile is visible to both players.
    - ``public_unknown``: a dealt UNKNOWN is visible to both (Variant 6).
    - ``cap``: at most this many tiles on one territory (0: no cap).
    """

    id: str
    name: str
    number: int
    territories: tuple[int, ...]
    deck: Counts
    draw: int
    fixed: tuple[Counts, Counts] = (NO_TILES, NO_TILES)
    chaos: bool = False
    open_hands: bool = False
    public_unknown: bool = False
    cap: int = 0
    notes: str = ""

    @property
    def total(self) -> int:
        """The board's total value: no game scores more between both players."""
        return sum(self.territories)

    @property
    def hand_sizes(self) -> tuple[int, int]:
        return (self.draw + sum(self.fixed[0]), self.draw + sum(self.fixed[1]))

    @property
    def leftovers(self) -> int:
        """How many tiles stay face down after the deal."""
        return sum(self.deck) - 2 * self.draw


def _counts(data: Any, where: str) -> Counts:
    if not isinstance(data, dict):
        raise VariantError(f"{where}: a table of tile counts")
    c = [0] * 6
    for name, n in data.items():
        try:
            kind = Kind[str(name).upper()]
        except KeyError:
            raise VariantError(f"{where}.{name}: no such tile") from None
        if not isinstance(n, int) or n < 0:
            raise VariantError(f"{where}.{name}: a count of 0 or more")
        c[kind] = n
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def variant_from_toml(data: dict[str, Any], source: str = "") -> Variant:
    """A variant from a parsed TOML table; VariantError names the bad field."""
    try:
        fixed = data.get("fixed", {})
        variant = Variant(
            id=str(data["id"]),
            name=str(data["name"]),
            number=int(data.get("number", 0)),
            territories=tuple(int(v) for v in data["territories"]),
            deck=_counts(data["deck"], "deck"),
            draw=int(data["draw"]),
            fixed=(
                _counts(fixed.get("first", {}), "fixed.first"),
                _counts(fixed.get("second", {}), "fixed.second"),
            ),
            chaos=bool(data.get("chaos", False)),
            open_hands=bool(data.get("open_hands", False)),
            public_unknown=bool(data.get("public_unknown", False)),
            cap=int(data.get("cap", 0)),
            notes=str(data.get("notes", "")).strip(),
        )
    except KeyError as exc:
        raise VariantError(f"{source}: missing {exc.args[0]!r}") from None
    if not variant.territories or min(variant.territories) < 0:
        raise VariantError(f"{source}: territories must be values of 0 or more")
    if variant.leftovers < 0:
        raise VariantError(f"{source}: the deck has fewer than {2 * variant.draw} tiles")
    if min(variant.hand_sizes) < 1:
        raise VariantError(f"{source}: each player needs at least one tile")
    if variant.cap == 1:
        raise VariantError(f"{source}: a cap of 1 would forbid every beat; use 0 for none")
    return variant


@cache
def variants() -> dict[str, Variant]:
    """Every shipped variant by id, in file-name order."""
    found: dict[str, Variant] = {}
    for path in sorted(VARIANTS_DIR.glob("*.toml")):
        v = variant_from_toml(tomli.loads(path.read_text(encoding="utf-8")), path.name)
        found[v.id] = v
    return found


def variant(variant_id: str = DEFAULT_VARIANT) -> Variant:
    """The shipped variant with this id; KeyError names the known ones."""
    known = variants()
    try:
        return known[variant_id]
    except KeyError:
        raise KeyError(f"no variant {variant_id!r} (known: {', '.join(known)})") from None
