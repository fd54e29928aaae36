"""printing/ prints from values: importing it loads neither Qt, the UI nor the library."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
def test_printing_loads_no_qt_ui_or_storage() -> None:
    code = (
        "import sys\n"
        "import printing.contract.batch, printing.contract.blank, printing.contract.cards\n"
        "import printing.contract.sheet, printing.contract.snapshot\n"
        "import printing.covenant.sheet, printing.covenant.snapshot\n"
        "import printing.common.roster, printing.systems\n"
        "bad = ('PySide6', 'shiboken6', 'ui', 'models', 'sqlalchemy', 'sqlmodel', 'sqlite3')\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in bad)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == ""


def _imports(package: str) -> dict[str, set[str]]:
    """Every module each file of ``package`` imports (top level or inside functions)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package.replace(".", "/")).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
        found[path.relative_to(ROOT).as_posix()] = names
    return found


def _offenders(package: str, forbidden: tuple[str, ...]) -> list[str]:
    return [
        f"{file} imports {name}"
        for file, names in _imports(package).items()
        for name in sorted(names)
        if any(name == bad or name.startswith(bad + ".") for bad in forbidden)
    ]


def test_each_games_printing_stands_alone() -> None:
    """printing/contract and printing/covenant never import each other's game; printing/common
    names no game at all (what both use lives there)."""
    games = ("printing.contract", "printing.covenant", "builder.contract", "builder.covenant")
    assert _offenders("printing.common", (*games, "printing.systems")) == []
    assert _offenders("printing.contract", ("printing.covenant", "builder.covenant")) == []
    assert _offenders("printing.covenant", ("printing.contract", "builder.contract")) == []
    assert len(_imports("printing.common")) >= 7
