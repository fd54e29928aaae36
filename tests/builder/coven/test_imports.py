"""The Coven's rules and printing load no Qt, UI or storage (STYLE: the model is Qt-free)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
def test_rules_and_printing_load_no_qt_ui_or_storage() -> None:
    code = (
        "import sys\n"
        "import builder.coven.system, builder.coven.deal, builder.coven.graph\n"
        "import printing.coven.sheets, printing.coven.cards\n"
        "bad = ('PySide6', 'shiboken6', 'ui', 'models', 'sqlalchemy', 'sqlmodel', 'sqlite3')\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in bad)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == ""
