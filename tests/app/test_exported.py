"""One report of what an export wrote, for every game (``harbinger.app.gm_notes.Exported``).

The Contract's player copy also leaves out the Threats not due yet; the other
games have no Threats, so their report has no count and their ``--json`` no
``threats_left_out`` key, as before the two reports were one type.
"""

from __future__ import annotations

from pathlib import Path

from harbinger.app.contract import gm_notes as contract_gm_notes
from harbinger.app.gm_notes import Exported, write_export


def test_the_contract_reports_with_the_shared_type() -> None:
    assert contract_gm_notes.Exported is Exported


def test_the_count_of_threats_is_reported_only_where_there_are_threats() -> None:
    covenant = Exported("c1", "/tmp/c1.json", True, True)
    assert covenant.threats_left_out is None
    assert covenant.to_json() == {
        "id": "c1",
        "path": "/tmp/c1.json",
        "player_copy": True,
        "gm_note_left_out": True,
    }
    contract = Exported("k1", "/tmp/k1.json", False, False, 0)
    assert contract.to_json()["threats_left_out"] == 0


def test_write_export_writes_the_bytes_and_says_where(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    done = write_export(target, b"{}\n", Exported("k1", "", True, False, 2))
    assert target.read_bytes() == b"{}\n"
    assert done == Exported("k1", str(target), True, False, 2)


def test_one_wording_of_what_a_player_copy_left_out_for_the_cli_and_the_status_bar() -> None:
    """One note a character ("gm-note"), so "the GM note" everywhere; the Contract's copy
    also counts the Threats whose Cutoff has not hit 0."""
    assert Exported("c1", "", True, True).left_out_words() == "without the GM note"
    assert Exported("c1", "", True, False).left_out_words() == "no GM note to leave out"
    assert Exported("k1", "", True, True, 2).left_out_words() == (
        "without the GM note and 2 Threat(s) not due yet"
    )
    assert Exported("k1", "", True, False, 1).left_out_words() == (
        "without 1 Threat(s) not due yet"
    )
