"""The layering rule of STYLE.md: rules, storage and printing never import Qt or the UI,
and the rules never import SQL. Checked on the source, and by running the CLI."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "builder": (
        "PySide6",
        "shiboken6",
        "ui",
        "models",
        "printing",
        "sqlalchemy",
        "sqlmodel",
        "alembic",
        "sqlite3",
        "reportlab",
    ),
    "models": ("PySide6", "shiboken6", "ui", "printing", "reportlab"),
    "printing": ("PySide6", "shiboken6", "ui", "models", "sqlalchemy", "sqlmodel", "sqlite3"),
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_does_not_import_forbidden_layers(package: str) -> None:
    bad: list[str] = []
    for path in sorted((ROOT / package).rglob("*.py")):
        hits = _imports(path) & set(FORBIDDEN[package])
        if hits:
            bad.append(f"{path.relative_to(ROOT)} imports {sorted(hits)}")
    assert bad == []


def test_headless_command_never_loads_qt() -> None:
    code = (
        "import sys, contextlib, io\n"
        "from harbinger.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['dice', '5', '6', '--json'])\n"
        "qt = ('PySide6', 'shiboken6', 'ui')\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in qt)\n"
        "print(','.join(loaded))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == ""
