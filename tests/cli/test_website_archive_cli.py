"""The website's character archive through ``db import``, the audit and the printed sheet.

The three archives in tests/data/website_archives were written from the
website's archive format. Exp is worked from "Attributes: current rating x5
Exp" and "Abilities: 2 Exp for the first rank, then current rating x2 Exp"
(a Secondary Ability priced alike), against "all brand-new Contractors start
with 150 Exp".
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from tests.app.walk import harbinger, ok

ARCHIVES = Path(__file__).parents[1] / "data" / "website_archives"

CASES = [
    # Tamsin: Attributes 5 + 15 + 15 + 0 + 5 = 40, Abilities 4 + 2 + 8 + Lockpicking 4 = 18:
    # 58 of 150, 92 left, nothing beyond 150; 1 victory is Newbie.
    ("newbie-tamsin-rook.md", "Tamsin Rook", 92, 0, 0, "Newbie", 1),
    # Hollis: 15 + 5 + 5 + 5 + 15 = 45, Medicine 14 + Alertness 4 + Brawl 4 = 22: 67, 83 left;
    # one Gift of cost 1 paid by the opening's 1 Gift Credit; 5 victories is Novice.
    ("scarred-hollis-vane.md", "Hollis Vane", 83, 0, 1, "Novice", 5),
    # Odile: 15 + 30 + 50 + 15 + 30 = 140, Alertness 22 + Athletics 14 + Firearms 32 +
    # Investigation 14 = 82: 222, so the opening brings 72 Exp and 0 is left; Gifts 3 + 2.
    ("veteran-odile-marsh.md", "Odile Marsh", 0, 72, 5, "Veteran", 27),
]


@pytest.mark.parametrize(("name", "who", "available", "exp", "credits", "status", "wins"), CASES)
def test_an_archive_is_imported_audited_and_printed(
    capsys: Any,
    tmp_path: Path,
    name: str,
    who: str,
    available: int,
    exp: int,
    credits: int,
    status: str,
    wins: int,
) -> None:
    imported = ok(capsys, f"db import {ARCHIVES / name}")["imported"]
    assert [i["name"] for i in imported] == [who]
    exported = tmp_path / "out.json"
    ok(capsys, f"db export {imported[0]['id']} -o {exported}")
    character = json.loads(exported.read_text(encoding="utf-8"))["character"]
    opening = character["ledger"][0]
    assert (opening["type"], opening["level"], opening["victories"]) == ("ported", "website", wins)
    assert (opening.get("exp", 0), opening.get("gift_credits", 0)) == (exp, credits)

    _code, audit, _err = harbinger(capsys, f"sheet audit {exported}")
    text = json.dumps(audit, ensure_ascii=False)
    assert f"available {available} (= 150 starting" in text
    assert "needs the Playgroup Leader's approval" in text
    for rule in ("website.away_exp", "website.bonus_cap", "website.journal_words"):
        assert rule in text

    pdf = tmp_path / "sheet.pdf"
    ok(capsys, f"sheet pdf {exported} -o {pdf}")
    printed = "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert who in printed
    assert status in printed


def test_the_scarred_archive_keeps_its_scars_traumas_and_injuries(
    capsys: Any, tmp_path: Path
) -> None:
    imported = ok(capsys, f"db import {ARCHIVES / 'scarred-hollis-vane.md'}")["imported"]
    exported = tmp_path / "hollis.json"
    ok(capsys, f"db export {imported[0]['id']} -o {exported}")
    health = json.loads(exported.read_text(encoding="utf-8"))["character"]["health"]
    assert [(i["description"], i["severity"]) for i in health["injuries"]] == [
        ("broken ribs", 4),
        ("split lip", 1),
    ]
    assert [s["name"] for s in health["battle_scars"]] == [
        "Crushed left hand",
        "Burn-scarred throat",
    ]
    assert [t["name"] for t in health["traumas"]] == [
        "Cannot sleep without a light on",
        "Freezes at the sound of sirens",
    ]


def test_a_broken_archive_is_refused_with_its_line(capsys: Any, tmp_path: Path) -> None:
    text = (ARCHIVES / "veteran-odile-marsh.md").read_text(encoding="utf-8")
    broken = tmp_path / "broken.txt"
    broken.write_text(text.replace("**Firearms:** 6", "Firearms six"), encoding="utf-8")
    code, _document, err = harbinger(capsys, f"db import {broken}")
    assert code == 2
    # Line 24 of the archive is the Firearms rating the damage replaced.
    assert "broken.txt: line 24: not a readable website archive" in err
    assert "'Firearms six'" in err
    assert "nothing was imported" in err


def test_the_roster_shows_each_archives_victories_and_status(
    capsys: Any, monkeypatch: pytest.MonkeyPatch, library_url: str, tmp_path: Path
) -> None:
    """The roster counts the opening entry's victories with the Contracts recorded here.

    "Newbie 0–3 victories, Novice 4–9, Seasoned 10–16, Professional 17–24, Veteran 25+":
    Tamsin's 1 is Newbie, Hollis's 5 Novice, Odile's 27 Veteran, as each archive says,
    in a SQLite library (also read by the start-up's quick roster) and on PostgreSQL.
    Odile's archive written as the website writes a port it made ("Ported as Veteran
    Contractor with 3 victories") shows 3 victories and stays a Veteran.
    """
    from models.quick_roster import quick_roster

    monkeypatch.setenv("HARBINGER_DB", library_url)
    ported = tmp_path / "ported-odile.md"
    text = (ARCHIVES / "veteran-odile-marsh.md").read_text(encoding="utf-8")
    ported.write_text(
        text.replace("# Odile Marsh", "# Odile Ported").replace(
            "Veteran Contractor with 27 victories and 6 losses",
            "Ported as Veteran Contractor with 3 victories and 0 losses",
        ),
        encoding="utf-8",
    )
    for name, *_rest in CASES:
        ok(capsys, f"db import {ARCHIVES / name}")
    ok(capsys, f"db import {ported}")
    listed = ok(capsys, "db list")["contractors"]
    expected = {(who, wins, status) for _n, who, _a, _e, _c, status, wins in CASES}
    expected.add(("Odile Ported", 3, "Veteran"))
    assert {(c["name"], c["victories"], c["status"]) for c in listed} == expected
    if "://" not in library_url:
        quick = quick_roster(f"sqlite:///{library_url}")
        assert quick is not None
        assert {(e.name, e.victories, e.standing) for e in quick} == expected


def test_the_import_report_names_what_the_archive_could_not_say(capsys: Any) -> None:
    """Hollis's Gift is a 'Boost' power (no Effect of the catalog) and neither of his
    scars is a stock scar, whose tier the archive never writes: three lines, in order;
    Tamsin's archive has nothing of the kind, so her result carries no report."""
    hollis = ok(capsys, f"db import {ARCHIVES / 'scarred-hollis-vane.md'}")["imported"][0]
    assert hollis["report"] == [
        "Gift 'Steady Hands': the Effect 'Boost' is no Effect of the catalog; kept as the "
        "archive's text (its System text stands)",
        "Battle Scar 'Crushed left hand': the archive does not give its tier; stored as Minor "
        "(Severity 4) until the leader sets it",
        "Battle Scar 'Burn-scarred throat': the archive does not give its tier; stored as "
        "Minor (Severity 4) until the leader sets it",
    ]
    tamsin = ok(capsys, f"db import {ARCHIVES / 'newbie-tamsin-rook.md'}")["imported"][0]
    assert "report" not in tamsin


def _audit(capsys: Any, exported: Path) -> dict[str, Any]:
    _code, audit, _err = harbinger(capsys, f"sheet audit {exported}")
    return audit["audit"]


def test_the_audit_of_an_active_gift_gives_the_command_that_fixes_it(
    capsys: Any, tmp_path: Path
) -> None:
    """Odile's "A 3 point Active Injure power": the rules' Styles are Activated, Targeted,
    Trap and Passive, and the website's "Active" is Activated or Targeted; Injure allows
    Targeted of those. The audit's error names the command; running it as written fixes
    the Gift (the cost 3 stays: no Gift Credit moves), and the audit fails no line after
    Far Step (Teleport: Activated) is chosen the same way."""
    imported = ok(capsys, f"db import {ARCHIVES / 'veteran-odile-marsh.md'}")["imported"][0]
    who = imported["id"]
    assert any("choose-gift-style" in line for line in imported["report"])
    exported = tmp_path / "odile.json"
    ok(capsys, f"db export {who} -o {exported}")
    errors = [
        finding["message"]
        for line in _audit(capsys, exported)["lines"]
        for finding in line["findings"]
        if finding["rule"] == "gift.style_not_allowed"
    ]
    commands = [re.sub(r"^.* with: harbinger ", "", message) for message in errors]
    assert commands == [
        f"contractor choose-gift-style {who} --gift {who}-g1 --style targeted",
        f"contractor choose-gift-style {who} --gift {who}-g2 --style activated",
    ]
    code, _refusal, err = harbinger(
        capsys, f"contractor choose-gift-style {who} --gift {who}-g1 --style activated"
    )
    assert code != 0
    assert "it may take Targeted" in err
    for command in commands:
        ok(capsys, command)
    ok(capsys, f"db export {who} -o {exported} --overwrite")
    character = json.loads(exported.read_text(encoding="utf-8"))["character"]
    assert [(g["draft"]["style"], g["cost"]) for g in character["gifts"]] == [
        ("targeted", 3),
        ("activated", 2),
    ]
    after = _audit(capsys, exported)
    assert [line["check"] for line in after["lines"] if line["verdict"] == "fail"] == []


def test_a_leader_audits_and_prints_an_archive_before_importing_it(
    capsys: Any, tmp_path: Path
) -> None:
    """``sheet audit``, ``sheet show`` and ``sheet pdf`` read a website archive as ``db
    import`` does (by its content): the audit is the one of the character file the import
    makes, and nothing enters the library. ``sheet approve`` writes into the file it approves,
    so it refuses an archive (exit 2) and says how to approve its character, leaving it
    untouched."""
    archive = ARCHIVES / "veteran-odile-marsh.md"
    before = archive.read_bytes()
    direct = _audit(capsys, archive)
    assert ok(capsys, "db list")["contractors"] == []
    shown = ok(capsys, f"sheet show {archive}")
    assert json.dumps(shown).count("Odile Marsh") >= 1
    pdf = tmp_path / "odile.pdf"
    ok(capsys, f"sheet pdf {archive} -o {pdf}")
    assert "Odile Marsh" in PdfReader(pdf).pages[0].extract_text()

    imported = ok(capsys, f"db import {archive}")["imported"][0]
    exported = tmp_path / "odile.json"
    ok(capsys, f"db export {imported['id']} -o {exported}")
    assert direct == _audit(capsys, exported)

    code, _document, err = harbinger(capsys, f"sheet approve {archive} --by Lea")
    assert code == 2
    assert "a website archive takes no approval: import it (harbinger db import)" in err
    assert archive.read_bytes() == before
