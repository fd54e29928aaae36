"""The layers of STYLE.md, with one source of truth: the import-linter contracts in pyproject.toml.

The contracts say which layer may import which (no Qt below ``ui/``, no SQL or
PDF in the rules, no game named by common code, games independent in every
layer, the command line without Qt). A contract is worth what its probes prove
(STYLE.md): each probe below adds one import a contract forbids to a copy of
the tree, and lint-imports must then fail. The last test checks at run time
what the contracts check on the source: a headless command loads no Qt.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("builder", "models", "printing", "ui", "harbinger", "resources")

PROBES: tuple[tuple[str, str], ...] = (
    # The five holes issue 26 found, each of which left every contract KEPT:
    ("builder/core/odds.py", "import reportlab"),
    ("harbinger/commands/dice.py", "import PySide6.QtCore"),
    ("harbinger/commands/dice.py", "from ui import app"),
    ("printing/covenant/sheet.py", "from builder.contract import character"),
    ("models/library.py", "from builder.covenant import character"),
    # And the rules the issue states beside them:
    ("builder/core/registry.py", "import builder.systems"),
    ("harbinger/commands/tmc.py", "from builder.tiles import state"),
    ("printing/common/layout.py", "from builder.mortal_coil import character"),
    ("ui/roster.py", "from ui.covenant import sheet"),
    ("harbinger/commands/db.py", "from builder.contract import character"),
    ("harbinger/app/common.py", "import PySide6.QtWidgets"),
    ("harbinger/app/contract/operations.py", "from builder.covenant import character"),
    ("ui/window_tabs.py", "from ui.operations import contract"),
    ("harbinger/app/coven.py", "from builder.covenant import character"),
    ("harbinger/commands/coven.py", "from harbinger.app import mortal_coil"),
    ("harbinger/app/common.py", "from harbinger.app import covenant"),
    ("models/values.py", "from builder.contract import status"),
    ("harbinger/app/tiles.py", "from harbinger.app import coven"),
)
"""(file, import line): each must break a contract when added to that file."""


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    """lint-imports on the tree at ``root`` (its own copy of the packages first on the path)."""
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(root / "pyproject.toml")],
        capture_output=True,
        text=True,
        cwd=root,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root), "HOME": str(root)},
        check=False,
    )


def _copy_tree(into: Path) -> Path:
    """The Python packages and pyproject.toml, without data files, caches or the venv."""
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package,
            into / package,
            ignore=lambda folder, names: (
                [n for n in names if not n.endswith(".py") and not (Path(folder) / n).is_dir()]
                + [n for n in names if n == "__pycache__"]
            ),
        )
    shutil.copy(ROOT / "pyproject.toml", into / "pyproject.toml")
    return into


def test_every_contract_is_kept() -> None:
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "BROKEN" not in result.stdout


def test_the_cli_command_modules_are_in_the_checked_graph() -> None:
    """``build_parser`` imports each command's module by name (importlib), an edge
    import-linter cannot follow; ``harbinger/cli.py`` writes the same imports under
    ``TYPE_CHECKING``. The graph lint-imports builds (with pyproject's options) must hold
    ``harbinger.cli -> harbinger.commands.<module>`` for exactly the modules of ``_MODULES``
    (besides ``base``, which the CLI imports at run time)."""
    import tomllib

    import grimp

    from harbinger.cli import _MODULES

    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    linter = options["tool"]["importlinter"]
    graph = grimp.build_graph(
        "harbinger",
        exclude_type_checking_imports=linter.get("exclude_type_checking_imports", False),
        cache_dir=None,
    )
    seen = {
        m.removeprefix("harbinger.commands.")
        for m in graph.find_modules_directly_imported_by("harbinger.cli")
        if m.startswith("harbinger.commands.")
    }
    assert seen - {"base"} == set(_MODULES.values())


@pytest.mark.slow
def test_each_probe_breaks_a_contract(tmp_path: Path) -> None:
    root = _copy_tree(tmp_path / "tree")
    assert _lint(root).returncode == 0  # the copy itself keeps every contract
    kept: list[str] = []
    for relative, line in PROBES:
        target = root / relative
        original = target.read_text(encoding="utf-8")
        target.write_text(f"{original}\n{line}  # probe\n", encoding="utf-8")
        try:
            result = _lint(root)
        finally:
            target.write_text(original, encoding="utf-8")
        if result.returncode == 0 or "BROKEN" not in result.stdout:
            kept.append(f"{relative}: {line}")
    assert kept == []


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
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
