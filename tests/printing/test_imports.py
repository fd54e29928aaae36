"""printing/ prints from values: importing it loads neither Qt, the UI nor the library."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


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
