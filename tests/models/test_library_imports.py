"""Opening a library loads no part it does not use (issue 29: memory with the library open).

The desktop app opens its library in the background at start-up and reads no
character file nor signature then: jsonschema (8 MB) and cryptography (9 MB)
are imported when a file is refused (to word the refusal) or a signature is first
checked.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

OPEN_THEN_READ = """
import sys
from builder.systems import register_shipped
from models.library import Library
register_shipped()
with Library.open(sys.argv[1]) as library:
    roster = library.roster()
    loaded = [m for m in ("jsonschema", "cryptography") if m in sys.modules]
    library.load_examples()
print(len(roster), loaded, "jsonschema" in sys.modules)
"""


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
def test_opening_a_library_imports_neither_jsonschema_nor_cryptography(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", OPEN_THEN_READ, str(tmp_path / "library.sqlite3")],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    # Nothing loaded for an open and a roster; nor for reading good files: each game's
    # schema check is compiled from its schema file, and jsonschema only words a refusal.
    assert out.stdout.split() == ["0", "[]", "False"]
