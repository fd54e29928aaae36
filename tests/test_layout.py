"""The game-systems layout holds (issue 12, SPEC §1): short rules modules, short functions,
and no game named outside its own packages and the registry."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCTION = ("builder", "models", "printing", "ui", "harbinger")
GAME_PACKAGES = ("contract", "covenant", "mortal_coil", "coven", "tiles")
GAME_COMMANDS = {"tmc": "mortal_coil", "tiles": "tiles", "coven": "coven"}
"""The headless commands that belong to one game (``harbinger tmc ...``)."""


def _sources(*packages: str) -> list[Path]:
    return sorted(
        p
        for package in packages
        for p in (ROOT / package).rglob("*.py")
        if "migrations" not in p.parts
    )


def test_no_rules_module_is_over_600_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in _sources("builder")
        if (n := len(p.read_text("utf-8").splitlines())) > 600
    }
    assert long == {}


def test_no_production_function_is_over_120_lines() -> None:
    long: dict[str, int] = {}
    for path in _sources(*PRODUCTION):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                if size > 120:
                    long[f"{path.relative_to(ROOT)}:{node.name}"] = size
    assert long == {}


def _owner(path: Path) -> str | None:
    """The game a source file belongs to (its own package in any layer), or None."""
    parts = path.relative_to(ROOT).parts
    if len(parts) > 2 and parts[1] in GAME_PACKAGES:
        return parts[1]
    if parts[:2] == ("ui", "operations") and Path(parts[-1]).stem in GAME_PACKAGES:
        return Path(parts[-1]).stem
    if parts[:2] == ("harbinger", "app") and len(parts) > 2:
        # The application layer's per-game package or module (harbinger/app/contract/...).
        game = parts[2] if len(parts) > 3 else Path(parts[2]).stem
        if game in GAME_PACKAGES:
            return game
    if parts[:2] == ("harbinger", "commands"):
        return GAME_COMMANDS.get(Path(parts[-1]).stem)
    return None


def test_a_format_id_is_named_only_by_its_own_system() -> None:
    """Format ids ("harbinger.covenant") appear only in their own system's packages."""
    pattern = re.compile(r'"harbinger\.(contractor|covenant|mortal-coil|coven|tiles-game)"')
    game_of_format = {
        "contractor": "contract",
        "covenant": "covenant",
        "mortal-coil": "mortal_coil",
        "coven": "coven",
        "tiles-game": "tiles",
    }
    strays = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in _sources(*PRODUCTION)
        for match in pattern.finditer(path.read_text("utf-8"))
        if _owner(path) != game_of_format[match.group(1)]
    ]
    assert strays == []


def test_no_dispatch_on_a_format_outside_the_registry() -> None:
    """Nobody outside a game's own packages asks "is this file's format X?"."""
    pattern = re.compile(r"""(\.get\(["']format["']\)|\[["']format["']\])\s*(==|!=)""")
    strays = [
        str(path.relative_to(ROOT))
        for path in _sources(*PRODUCTION)
        if _owner(path) is None and pattern.search(path.read_text("utf-8"))
    ]
    assert strays == []
