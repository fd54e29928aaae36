"""Many processes, one contractor, a real server: no accepted edit lost (issues 13 and 14).

Four processes make 50 edits each of Ines Varga, alternating a new Contract
on her ledger (an append, merged when others appended meanwhile) and a
change of her notes (refused when anyone saved meanwhile). Every save either
is accepted, with a version no other save got, or refused with the
"changed elsewhere … reload" sentence; nothing else may happen. Afterwards
the library holds every accepted Contract once and the notes of the last
accepted notes edit. Two imports of one file at once: one wins, the other
is told, in a sentence, that the character is there.
"""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import re
import traceback
from pathlib import Path

import pytest

from builder.contract.character import ContractAttended, Outcome
from builder.contract.file import read_character_file
from builder.systems import register_shipped
from models.errors import ImportConflict, StaleCharacter
from models.library import Library
from resources import resource_path

VARGA = resource_path("examples") / "seasoned-ines-varga.json"
WORKERS, EDITS = 4, 50
REFUSAL = re.compile(
    r"^Ines Varga was changed elsewhere \(version \d+(, you had \d+| holds entries your copy "
    r"lacks)\): reload to see the change, then make yours again$"
)


def _edit(url: str, worker: int, out: str, start: object) -> None:
    """One process: 50 edits, each from a freshly loaded copy; results to a JSON file."""
    results: list[dict[str, object]] = []
    register_shipped()  # a spawned process is its own program: nothing is registered yet
    try:
        start.wait()  # type: ignore[attr-defined]
        with Library.open(url) as library:
            character_id = read_character_file(VARGA).id
            for n in range(EDITS):
                ines = library.load(character_id)
                if n % 2 == 0:
                    scenario = f"W{worker} E{n}"
                    entry = ContractAttended("2026-01-01", scenario, True, Outcome.VICTORY)
                    changed = dataclasses.replace(ines, ledger=(*ines.ledger, entry))
                    edit = {"kind": "append", "value": scenario}
                else:
                    notes = f"notes by {worker} at {n}"
                    changed = dataclasses.replace(ines, notes=notes)
                    edit = {"kind": "notes", "value": notes}
                try:
                    summary = library.save(changed)
                    results.append({**edit, "version": summary.version})
                except StaleCharacter as exc:
                    results.append({**edit, "refused": str(exc)})
    except BaseException:
        results.append({"crash": traceback.format_exc()})
    Path(out).write_text(json.dumps(results))


@pytest.mark.slow
def test_four_processes_fifty_edits_each_lose_nothing(library_url: str, tmp_path: Path) -> None:
    with Library.open(library_url) as library:
        library.import_file(VARGA)
        base = library.load(read_character_file(VARGA).id)
    context = multiprocessing.get_context("spawn")
    start = context.Event()
    outs = [str(tmp_path / f"w{w}.json") for w in range(WORKERS)]
    workers = [
        context.Process(target=_edit, args=(library_url, w, outs[w], start))
        for w in range(WORKERS)
    ]
    for worker in workers:
        worker.start()
    start.set()
    for worker in workers:
        worker.join(240)
    assert [w.exitcode for w in workers] == [0] * WORKERS
    results = [r for out in outs for r in json.loads(Path(out).read_text())]
    assert [r["crash"] for r in results if "crash" in r] == []
    assert len(results) == WORKERS * EDITS
    refused = [r for r in results if "refused" in r]
    assert [r["refused"] for r in refused if not REFUSAL.match(str(r["refused"]))] == []
    accepted = [r for r in results if "version" in r]
    versions = [int(r["version"]) for r in accepted]  # type: ignore[call-overload]
    assert len(set(versions)) == len(versions), "two saves were handed the same version"
    with Library.open(library_url) as library:
        stored = library.load_stored(base.id)
    added = [e.scenario for e in stored.character.ledger[len(base.ledger) :]]
    appended = [r["value"] for r in accepted if r["kind"] == "append"]
    assert sorted(added) == sorted(appended)  # every accepted Contract, once
    notes = [r for r in accepted if r["kind"] == "notes"]
    if notes:
        assert stored.character.notes == max(notes, key=lambda r: int(r["version"]))["value"]  # type: ignore[call-overload]
    assert stored.version == max(versions)
    assert len(accepted) >= WORKERS * EDITS // 4  # the appends at least mostly merge


def _import(url: str, out: str, start: object) -> None:
    register_shipped()  # a spawned process is its own program: nothing is registered yet
    try:
        start.wait()  # type: ignore[attr-defined]
        with Library.open(url) as library:
            result = library.import_file(VARGA)
        Path(out).write_text(json.dumps({"ok": result.action}))
    except ImportConflict as exc:
        Path(out).write_text(json.dumps({"refused": str(exc)}))
    except BaseException:
        Path(out).write_text(json.dumps({"crash": traceback.format_exc()}))


@pytest.mark.slow
def test_two_imports_of_one_file_at_once_one_wins_the_other_is_told(
    library_url: str, tmp_path: Path
) -> None:
    context = multiprocessing.get_context("spawn")
    Library.open(library_url).close()  # the schema exists before the race
    for round_ in range(2):
        if round_:
            with Library.open(library_url) as library:
                library.delete(read_character_file(VARGA).id)
        start = context.Event()
        outs = [str(tmp_path / f"r{round_}-{i}.json") for i in range(2)]
        workers = [context.Process(target=_import, args=(library_url, o, start)) for o in outs]
        for worker in workers:
            worker.start()
        start.set()
        for worker in workers:
            worker.join(120)
        results = [json.loads(Path(o).read_text()) for o in outs]
        assert sorted(next(iter(r)) for r in results) == ["ok", "refused"], results
        (refusal,) = [r["refused"] for r in results if "refused" in r]
        assert "'Ines Varga'" in refusal and "Traceback" not in refusal
        assert re.search(r"already in the library|at the same moment", refusal)
    with Library.open(library_url) as library:
        assert [e.name for e in library.roster()] == ["Ines Varga"]
