"""The headless walk of issue 26, through ``harbinger`` commands only, shared by its tests.

A contractor is created from a JSON creation file, records three Contracts,
adds a Journal, spends Exp, adds a Gift from a draft and has an entry
corrected; every figure below is worked by hand from
``the-contract-rules.txt`` (quoted where it is used).
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

from harbinger.cli import main

CREATION: dict[str, Any] = {
    "format": "harbinger.contractor-creation",
    "version": 1,
    "id": "mara",
    "concept": {"name": "Mara Quill", "player": "Ines"},
    "attributes": {"brawn": 3, "dexterity": 3, "perception": 2, "charisma": 2, "intellect": 2},
    "abilities": {"athletics": 3, "firearms": 3, "alertness": 2},
    "charon_coin": True,
}
"""Creation costs ("Attributes: current rating x5 Exp"; "Abilities: 2 Exp for the first
rank, then current rating x2 Exp"): Brawn and Dexterity 1→3 are 5 + 10 = 15 each,
Perception, Charisma and Intellect 1→2 are 5 each: 45. Athletics and Firearms 0→3 are
2 + 2 + 4 = 8 each, Alertness 0→2 is 2 + 2 = 4: 20. 65 of "150 Exp" leaves 85. The Coin
of Charon starts the contractor "with a single Gift Credit"."""

DRAFT: dict[str, Any] = {
    "format": "harbinger.gift-draft",
    "version": 1,
    "type": "power",
    "effect": "injure",
    "style": "targeted",
    "name": "Needle Rain",
}
"""A Gift of Gift Cost 1 (``harbinger gift evaluate`` prices it)."""

JOURNAL_TEXT = " ".join(["salt"] * 260)
"""A Journal "at least 250 words long" earns +1 Exp."""

EXPECTED = {
    "exp_earned": 13,
    "exp_spent": 15,
    "exp_available": 83,
    "credits_available": 2,
    "victories": 2,
}
"""After the walk: Contract 1 at home, victory, Commission: 3 + 2 + 2 = 7; Contract 2
away, failure: 1; Contract 3 at home, victory: 3 + 2 = 5; the Journal: 1; earned 14.
Brawn 3 → 4 costs 3 × 5 = 15. Contract 2 is then voided: earned 14 − 1 = 13, available
85 + 13 − 15 = 83. Gift Credits: 1 (Charon) + 2 victories = 3 earned, 1 spent on the
Gift: 2 available."""


def harbinger(capsys: Any, *argv: str) -> tuple[int, Any, str]:
    """Run ``harbinger ARGV --json`` in-process: exit code, parsed stdout, stderr.

    A single argument is a command line, split as a shell would split it.
    """
    words = shlex.split(argv[0]) if len(argv) == 1 else list(argv)
    code = main([*words, "--json"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


def ok(capsys: Any, *argv: str) -> Any:
    """Run a command that must succeed; its JSON document."""
    code, document, err = harbinger(capsys, *argv)
    assert (code, err) == (0, ""), err
    return document


def walk(capsys: Any, folder: Path) -> Path:
    """Do the whole walk on the library ``HARBINGER_DB`` names; return the exported file."""
    creation = folder / "mara-creation.json"
    creation.write_text(json.dumps(CREATION), encoding="utf-8")
    draft = folder / "needle-rain.json"
    draft.write_text(json.dumps(DRAFT), encoding="utf-8")

    created = ok(capsys, f"contractor create {creation}")
    assert created["id"] == "mara"
    assert "Exp left of 150: 85" in created["lines"]

    record = "contractor record-contract mara --scenario"
    first = ok(capsys, f"{record} Salt --outcome victory --commission --date 2026-02-01")
    assert "Exp earned 0 → 7 (+7)" in first["lines"]
    assert "Gift Credits available 1 → 2 (+1)" in first["lines"]
    second = ok(capsys, f"{record} Shore --outcome failure --away --date 2026-02-08")
    assert "Exp earned 7 → 8 (+1)" in second["lines"]
    third = ok(capsys, f"{record} Glass --outcome victory --date 2026-02-15")
    assert "Exp earned 8 → 13 (+5)" in third["lines"]

    journal = ok(
        capsys,
        *shlex.split("contractor journal mara --title 'After the Glass' --date 2026-02-16"),
        "--text",
        JOURNAL_TEXT,
    )
    assert "Exp earned 13 → 14 (+1)" in journal["lines"]
    spent = ok(capsys, "contractor spend mara --kind attribute --trait brawn --date 2026-02-17")
    assert "Exp available 99 → 84 (−15)" in spent["lines"]
    gift = ok(capsys, f"contractor gift mara {draft} --date 2026-02-18")
    assert gift["done"].startswith("Add Needle Rain (Gift Cost 1)")
    assert "Gift Credits available 3 → 2 (−1)" in gift["lines"]
    corrected = ok(
        capsys, "contractor correct mara --entry 1 --reason 'never played' --date 2026-02-19"
    )
    assert corrected["done"] == "Remove Contract 2 (2026-02-08)"
    assert "Exp available 84 → 83 (−1)" in corrected["lines"]

    exported = folder / "mara.json"
    ok(capsys, f"db export mara -o {exported}")
    return exported
