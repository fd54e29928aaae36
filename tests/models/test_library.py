"""models.library on real SQLite files and a real PostgreSQL server (``library_url``):
save, load, roster, players, imports, exports."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from sqlmodel import Session, select

from builder.contract.character import (
    Concept,
    ContractAttended,
    Contractor,
    Death,
    Gift,
    GiftChange,
    GiftChangeKind,
    Health,
    Injury,
    Item,
    Journal,
    JournalKind,
    Limit,
    Outcome,
    Stock,
)
from builder.contract.file import (
    dumps_character_file,
    read_character_document,
    read_character_file,
)
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from builder.contract.status import Status
from builder.core.files import CharacterFileError
from models.errors import (
    ContractorNotFound,
    ImportConflict,
    LedgerRewriteError,
    UnstorableContractor,
)
from models.library import ApprovalState, Library, OnConflict
from models.tables import LedgerRow
from resources import resource_path
from tests.hypothesis_profiles import examples
from tests.models.strategies import contractors

EXAMPLES = resource_path("examples")
INES = EXAMPLES / "seasoned-ines-varga.json"
ORRIN = EXAMPLES / "dead-orrin-vale.json"
WREN = EXAMPLES / "newbie-wren-halloway.json"


def dump(library: Library) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, to prove an action changed nothing."""
    with raw(library) as db:
        tables = sa.inspect(db.connection).get_table_names()
        return {t: sorted(db.execute(f'SELECT * FROM "{t}"').fetchall(), key=repr) for t in tables}


class _Raw:
    """Plain SQL on a library's own database, whatever the server (tuples back)."""

    def __init__(self, connection: sa.Connection) -> None:
        self.connection = connection

    def execute(self, statement: str) -> Any:
        result = self.connection.exec_driver_sql(statement)
        return _Rows([tuple(r) for r in result] if result.returns_rows else [])


class _Rows(list):  # type: ignore[type-arg]
    def fetchall(self) -> list[tuple[object, ...]]:
        return list(self)

    def fetchone(self) -> tuple[object, ...] | None:
        return self[0] if self else None


@contextmanager
def raw(library: Library) -> Iterator[_Raw]:
    with library._engine.begin() as connection:
        yield _Raw(connection)


@pytest.fixture
def library(library_url: str) -> Iterator[Library]:
    with Library.open(library_url) as lib:
        yield lib


# --------------------------------------------------------------------------- round trips


def test_examples_save_and_load_exactly(library: Library) -> None:
    for path in (INES, ORRIN, WREN):
        contractor = read_character_file(path)
        summary = library.save(contractor)
        assert summary.created and summary.ledger_appended == len(contractor.ledger)
        assert library.load(contractor.id) == contractor


@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(contractor=contractors)
def test_any_contractor_saves_and_loads_exactly(library: Library, contractor: Contractor) -> None:
    try:
        library.save(contractor)
        assert library.load(contractor.id) == contractor
    finally:
        if library.exists(contractor.id):
            library.delete(contractor.id)


def test_export_import_export_through_the_library(library: Library, tmp_path: Path) -> None:
    result = library.import_file(INES)
    assert (result.action, result.name) == ("created", "Ines Varga")
    library.set_approval(result.contractor_id, ApprovalState.APPROVED, [{"leader": "Priya"}])
    first = library.export_file(result.contractor_id, tmp_path / "one.json")
    library.delete(result.contractor_id)
    library.import_file(first)
    second = library.export_file(result.contractor_id, tmp_path / "two.json")
    one, two = json.loads(first.read_bytes()), json.loads(second.read_bytes())
    one.pop("exported_at")
    two.pop("exported_at")
    assert one == two
    assert one["approvals"] == [{"leader": "Priya"}]
    assert one["character"] == json.loads(INES.read_bytes())["character"]


# --------------------------------------------------------------------------- saving the diff


def _ann() -> Contractor:
    draft = GiftDraft("power", "injure", "targeted", enhancements=(ModifierChoice("unerring"),))
    return Contractor(
        id="ann",
        concept=Concept("Ann", player="Sam"),
        limits=(Limit("Anguish"), Limit("Murder")),
        ledger=(ContractAttended("2024-01-06", "Ashfall", True, Outcome.VICTORY),),
        gifts=(Gift("g1", draft, 2), Gift("g2", GiftDraft("power", "heal", "targeted"), 1)),
    )


def test_a_save_appends_new_ledger_entries_and_rewrites_only_what_changed(
    library: Library,
) -> None:
    ann = _ann()
    library.save(ann)
    before = library.load_stored("ann")
    journal = Journal("2024-01-08", "After the ash", JournalKind.CONTRACT, 300)
    changed = dataclasses.replace(
        ann,
        ledger=(*ann.ledger, journal),
        health=Health(injuries=(Injury("Burned hand", 3),)),
    )
    summary = library.save(changed)
    assert (summary.created, summary.ledger_appended, summary.parts) == (False, 1, ("health",))
    assert library.load("ann") == changed
    assert library.load_stored("ann").updated_at >= before.updated_at


def test_saving_an_unchanged_contractor_writes_nothing(
    library: Library
) -> None:
    library.save(_ann())
    before = dump(library)
    summary = library.save(_ann())
    assert not summary.changed
    assert dump(library) == before


def test_a_changed_gift_is_rewritten_alone(library: Library) -> None:
    ann = _ann()
    library.save(ann)
    with raw(library) as db:
        ids_before = dict(db.execute("SELECT gift_key, id FROM gift").fetchall())
        modifier_before = db.execute("SELECT id, gift_row_id FROM gift_modifier").fetchall()
    improved = dataclasses.replace(
        ann.gifts[1], draft=dataclasses.replace(ann.gifts[1].draft, name="Mend"), cost=1
    )
    changed = dataclasses.replace(ann, gifts=(ann.gifts[0], improved))
    assert library.save(changed).parts == ("gifts",)
    with raw(library) as db:
        ids_after = dict(db.execute("SELECT gift_key, id FROM gift").fetchall())
        modifier_after = db.execute("SELECT id, gift_row_id FROM gift_modifier").fetchall()
    # g1's row and its modifier row are the very same rows as before.
    assert ids_after["g1"] == ids_before["g1"]
    assert modifier_after == modifier_before == [(1, ids_before["g1"])]
    assert library.load("ann") == changed


def test_removing_a_gift_removes_its_modifiers(library: Library) -> None:
    ann = _ann()
    library.save(ann)
    library.save(dataclasses.replace(ann, gifts=ann.gifts[1:]))
    with raw(library) as db:
        assert db.execute("SELECT count(*) FROM gift_modifier").fetchone()[0] == 0
        assert db.execute("SELECT gift_key FROM gift").fetchall() == [("g2",)]


def test_the_stored_ledger_is_never_rewritten(library: Library) -> None:
    ann = _ann()
    library.save(ann)
    before = dump(library)
    edited = dataclasses.replace(
        ann, ledger=(ContractAttended("2024-01-06", "Ashfall", True, Outcome.FAILURE),)
    )
    with pytest.raises(LedgerRewriteError, match="cannot save 'Ann': ledger entry 1 differs"):
        library.save(edited)
    with pytest.raises(LedgerRewriteError, match="cannot save 'Ann': ledger entry 1 is missing"):
        library.save(dataclasses.replace(ann, ledger=()))
    assert dump(library) == before


def test_ledger_rows_refuse_an_update(library: Library) -> None:
    library.save(_ann())
    with Session(library._engine) as session:  # the ORM is the only writer; prove it cannot
        row = session.exec(select(LedgerRow)).one()
        row.date = "1999-01-01"
        session.add(row)
        with pytest.raises(RuntimeError, match="ledger rows are never updated"):
            session.commit()


def test_a_contractor_that_could_not_be_exported_is_not_saved(
    library: Library
) -> None:
    before = dump(library)
    twin = _ann().gifts[0]
    with pytest.raises(UnstorableContractor, match="Gift ids must differ"):
        library.save(dataclasses.replace(_ann(), gifts=(twin, twin)))
    with pytest.raises(UnstorableContractor, match="NUL"):
        library.save(dataclasses.replace(_ann(), notes="a\x00b"))
    assert dump(library) == before


def test_delete_removes_every_row_and_returns_the_contractor(
    library: Library
) -> None:
    empty = dump(library)
    ines = read_character_file(INES)
    library.save(ines)
    assert library.delete(ines.id) == ines
    after = dump(library)
    after["player"] = []  # the player stays: their Coins of Charon outlive a contractor
    # the version stays as a tombstone, so a copy loaded before the delete cannot bring it back
    assert after.pop("character_version") == [(ines.id, 2)]
    empty.pop("character_version")
    assert after == empty
    with pytest.raises(ContractorNotFound, match="no character with id"):
        library.load(ines.id)


def test_gift_history_lists_the_revisions_of_one_gift(library: Library) -> None:
    library.import_file(INES)
    history = library.gift_history("1a66ec6f-2352-5dfb-8957-f6a80a3d6f15", "ines-g1")
    assert [(h.cost_before, h.cost_after, h.credits, h.improvements) for h in history] == [
        (0, 1, 1, 0),  # the Coin of Charon's Gift Credit
        (1, 2, 1, 0),  # Armor-Piercing
        (2, 3, 0, 1),  # Unerring, with an Improvement
        (3, 4, 1, 0),  # Range 100 feet
    ]
    assert all(isinstance(h, GiftChange) for h in history)
    assert history[0].kind is GiftChangeKind.NEW


# --------------------------------------------------------------------------- roster and players


def test_the_roster_counts_victories_and_knows_the_dead(library: Library) -> None:
    library.load_examples()
    roster = {entry.name: entry for entry in library.roster()}
    assert [(e.name, e.family) for e in library.roster()] == [
        ("Harrow's End", "coven"),
        ("Ines Okafor-Vell", "covenant"),
        ("Ines Varga", "contract"),
        ("Orrin Vale", "contract"),
        ("Tamsin Roe", "mortal-coil"),
        ("Wren Halloway", "contract"),
    ]
    ines, orrin, wren = roster["Ines Varga"], roster["Orrin Vale"], roster["Wren Halloway"]
    # "Contractor Status": "Newbie: 0–3 victories", "Seasoned: 10–16 victories".
    assert (ines.victories, ines.standing, ines.alive, ines.player) == (
        11,
        Status.SEASONED.label,
        True,
        "Dana",
    )
    assert (orrin.victories, orrin.standing, orrin.alive) == (3, Status.NEWBIE.label, False)
    assert (wren.victories, wren.standing, wren.alive) == (0, Status.NEWBIE.label, True)
    assert roster["Ines Okafor-Vell"].standing == ""  # Covenant's rows say no more
    assert ines.approval_state == "unreviewed"


def test_a_voided_death_brings_a_contractor_back(library: Library) -> None:
    ann = dataclasses.replace(_ann(), ledger=(Death("2024-02-01", "Fell"),))
    library.save(ann)
    assert [e.alive for e in library.roster()] == [False]
    library.save(dataclasses.replace(ann, ledger=(*ann.ledger, Death("2024-02-02", voided=True))))
    assert [e.alive for e in library.roster()] == [True]


def test_players_fold_their_coins_of_charon(library: Library) -> None:
    library.load_examples()
    players = {p.name: p for p in library.players()}
    # Sam: Orrin died (a coin earned), Wren was made with it (a coin spent).
    sam = players["Sam"]
    assert (sam.contractors, sam.living, sam.coins_earned, sam.coins_spent) == (2, 1, 1, 1)
    assert sam.coins_available == 0
    # Dana: Ines started with a coin from before this library.
    library.set_player_coins_elsewhere("Dana", earned=2, spent=0)
    dana = {p.name: p for p in library.players()}["Dana"]
    assert (dana.coins_earned, dana.coins_spent, dana.coins_available) == (2, 1, 1)


# --------------------------------------------------------------------------- imports


def test_importing_an_existing_id_refuses_replaces_or_copies(library: Library) -> None:
    original = library.import_file(INES)
    with pytest.raises(ImportConflict, match=r"'Ines Varga' .* is already in the library"):
        library.import_file(INES)
    renamed = dataclasses.replace(
        read_character_file(INES),
        concept=dataclasses.replace(read_character_file(INES).concept, name="Ines V."),
    )
    data = dumps_character_file(renamed)
    created_at = library.load_stored(original.contractor_id).created_at
    replaced = library.import_file(data, OnConflict.REPLACE)
    assert (replaced.action, replaced.contractor_id) == ("replaced", original.contractor_id)
    assert library.load(original.contractor_id) == renamed
    assert library.load_stored(original.contractor_id).created_at == created_at
    copied = library.import_file(INES, "copy")
    assert copied.action == "copied" and copied.contractor_id != original.contractor_id
    copy = library.load(copied.contractor_id)
    assert dataclasses.replace(copy, id=original.contractor_id) == read_character_file(INES)
    assert sorted(e.name for e in library.roster()) == ["Ines V.", "Ines Varga"]


def test_a_batch_with_one_bad_file_imports_nothing(
    library: Library, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    document = json.loads(WREN.read_bytes())
    document["character"]["ledger"][0]["credits"] = "one"
    bad.write_text(json.dumps(document))
    before = dump(library)
    with pytest.raises(CharacterFileError) as caught:
        library.import_files([INES, bad, ORRIN])
    assert caught.value.source == str(bad)
    assert str(caught.value) == "ledger[0].credits: expected an integer, got 'one'"
    assert dump(library) == before


def test_a_batch_with_a_refused_conflict_imports_nothing(
    library: Library
) -> None:
    library.import_file(ORRIN)
    before = dump(library)
    with pytest.raises(ImportConflict):
        library.import_files([INES, ORRIN])
    assert dump(library) == before


def test_the_same_file_twice_in_one_batch_follows_the_conflict_rule(library: Library) -> None:
    results = library.import_files([WREN, WREN], OnConflict.COPY)
    assert [r.action for r in results] == ["created", "copied"]
    assert len(library.roster()) == 2


def test_load_examples_adds_the_missing_ones_only(library: Library) -> None:
    first = library.load_examples()
    assert sorted((r.name, r.action, r.family) for r in first) == [
        ("Harrow's End", "created", "coven"),
        ("Ines Okafor-Vell", "created", "covenant"),
        ("Ines Varga", "created", "contract"),
        ("Orrin Vale", "created", "contract"),
        ("Tamsin Roe", "created", "mortal-coil"),
        ("Wren Halloway", "created", "contract"),
    ]
    again = library.load_examples()
    assert {r.action for r in again} == {"skipped"}
    assert len(library.roster()) == 6


def test_export_keeps_the_stored_approvals(library: Library, tmp_path: Path) -> None:
    result = library.import_file(WREN)
    library.set_approval(result.contractor_id, "approved", [{"leader": "Priya", "digest": "d1"}])
    stored = library.load_stored(result.contractor_id)
    assert stored.approval_state == "approved"
    assert stored.approvals == ({"digest": "d1", "leader": "Priya"},)
    out = library.export_file(result.contractor_id, tmp_path / "wren.json")
    assert read_character_document(out).approvals == ({"digest": "d1", "leader": "Priya"},)
    with pytest.raises(ValueError):
        library.set_approval(result.contractor_id, "maybe")


def test_player_names_are_kept_per_contractor(library: Library) -> None:
    ann = _ann()
    library.save(ann)
    library.save(dataclasses.replace(ann, concept=dataclasses.replace(ann.concept, player="")))
    assert library.load("ann").concept.player == ""
    assert [e.player for e in library.roster()] == [""]
    library.save(
        dataclasses.replace(ann, concept=dataclasses.replace(ann.concept, player="Dana")),
    )
    assert [e.player for e in library.roster()] == ["Dana"]
    assert {p.name for p in library.players()} == {"Sam", "Dana"}


def test_stock_sections_keep_their_own_order(library: Library) -> None:
    stock = Stock(
        equipment=(Item("b"), Item("a")),
        trophies=(Item("z"),),
        conditions=(Item("c2"), Item("c1")),
        circumstances=(Item("x", "detail"),),
    )
    ann = dataclasses.replace(_ann(), stock=stock)
    library.save(ann)
    assert library.load("ann").stock == stock


def test_a_healthy_library_reports_no_integrity_problems(library: Library) -> None:
    library.load_examples()
    assert library.integrity_problems() == []


def test_a_broken_reference_is_reported(library_path: Path) -> None:
    """SQLite only: a PostgreSQL server never lets a reference break in the first place."""
    library = Library.open(library_path)
    library.load_examples()
    with sqlite3.connect(library_path) as db:  # foreign keys are off in a plain connection
        db.execute("UPDATE gift SET contractor_id = 'ghost' WHERE gift_key = 'ines-g1'")
        (row,) = db.execute("SELECT id FROM gift WHERE gift_key = 'ines-g1'").fetchone()
    assert library.integrity_problems() == [f"gift row {row} refers to a missing contractor row"]
    library.close()


def test_carried_weight_and_playgroup_rules_survive_the_library(library: Library) -> None:
    """Issue 20's contractor fields are stored (migration 0008), not dropped on a save."""
    import dataclasses

    from builder.contract.character import PlaygroupRules
    from builder.contract.file import read_character_file
    from resources import resource_path

    ines = read_character_file(resource_path("examples", "seasoned-ines-varga.json"))
    carrying = dataclasses.replace(
        ines,
        stock=dataclasses.replace(ines.stock, carried_lb=80, unencumbered=False),
        playgroup=PlaygroupRules(golden_ratio=True),
    )
    library.save(carrying)
    assert library.load(ines.id) == carrying
    lighter = dataclasses.replace(
        carrying, stock=dataclasses.replace(carrying.stock, carried_lb=0, unencumbered=True)
    )
    library.save(lighter)
    assert library.load(ines.id) == lighter
