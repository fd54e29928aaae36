"""The outputs a layout change must leave alone: audit JSON and printed text per file."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = Path(__file__).with_name("recorded")
HOUSE_RULES = ROOT / "tests/data/review/house-rules/lantern-catalog"


def golden_inputs() -> list[tuple[str, Path, list[str]]]:
    """(record name, character file, extra audit flags) for every file the move must keep."""
    files = sorted((ROOT / "resources/examples").glob("*.json"))
    files.append(ROOT / "resources/covenant/example-character.json")
    files += sorted((ROOT / "tests/data").rglob("*.json"))
    found = []
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        found.append((rel.replace("/", "__").removesuffix(".json"), path, []))
        if "house-rules" in rel:
            found.append(
                (rel.replace("/", "__").removesuffix(".json") + "__with-catalog", path,
                 ["--catalog", str(HOUSE_RULES)])
            )
    return found


def _run(args: list[str]) -> tuple[int, str]:
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as home:
        env["HARBINGER_DB"] = str(Path(home) / "lib.sqlite3")
        env["XDG_CONFIG_HOME"] = str(Path(home) / "config")
        env["XDG_DATA_HOME"] = str(Path(home) / "data")
        env["HOME"] = home
        env["SOURCE_DATE_EPOCH"] = "1700000000"  # fixed PDF dates: recorded output repeats
        done = subprocess.run(
            [sys.executable, "-m", "harbinger", *args],
            capture_output=True, text=True, env=env, cwd=ROOT, check=False,
        )
    return done.returncode, done.stdout


def _pdf_text(path: Path, extra: list[str]) -> list[str] | None:
    with tempfile.TemporaryDirectory() as out:
        target = Path(out) / "sheet.pdf"
        code, _ = _run(["sheet", "pdf", str(path), "-o", str(target), *extra])
        if code != 0 or not target.exists():
            return None
        reader = PdfReader(io.BytesIO(target.read_bytes()))
        return [" ".join((page.extract_text() or "").split()) for page in reader.pages]


def outputs_of(path: Path, extra: list[str]) -> dict[str, Any]:
    """The audit JSON (with its exit code) and the printed sheet's and cards' text."""
    rel = path.relative_to(ROOT).as_posix()
    code, out = _run(["sheet", "audit", rel, *extra, "--json"])
    record: dict[str, Any] = {"audit_exit": code, "audit": json.loads(out) if out else None}
    if not extra:
        record["pdf"] = _pdf_text(path, [])
        document = json.loads(path.read_text("utf-8"))
        if document.get("format") == "harbinger.contractor":
            record["cards"] = _pdf_text(path, ["--cards"])
    return record


