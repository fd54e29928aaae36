"""Schema migrations: an old library upgrades on open, is backed up first, and loses nothing."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from builder.contract.character import Death
from builder.contract.serialize import canonical_json
from harbinger.shell.paths import sqlite_url
from models.errors import LibraryTooNew, NotALibrary
from models.library import Library
from models.migrate import (
    SCHEMA_HEAD,
    create_library_engine,
    known_revisions,
    migration_sql,
    upgrade,
)
from models.tables import metadata


@pytest.fixture
def library_path(tmp_path: Path) -> Path:
    """Where a library will be: no file yet, so opening it runs every migration.

    (The suite's ``library_path`` is a copy of an already migrated library.)
    """
    return tmp_path / "library.sqlite3"


def _library_at(path: Path, revision: str) -> None:
    engine = create_library_engine(sqlite_url(path))
    try:
        upgrade(engine, revision)
    finally:
        engine.dispose()


def _fill_at_revision_one(path: Path) -> None:
    """Rows a library made by the first release would hold, written with plain SQL."""
    now = "2024-05-01 10:00:00.000000"
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO player (id, name, coins_earned_elsewhere, coins_spent_elsewhere)"
            " VALUES (1, 'Sam', 0, 0)"
        )
        for cid, name in (("c-alive", "Ann"), ("c-dead", "Bo"), ("c-back", "Cy")):
            db.execute(
                "INSERT INTO contractor (id, player_id, name, age, pronouns, archetype, paradigm,"
                " ambition, appearance, background, home_playgroup, notes, charon_coin,"
                " source_name, mind_damage, approval_state, approvals, created_at, updated_at)"
                " VALUES (?, 1, ?, '', '', '', '', '', '', '', '', 'old notes', 0, 'Source', 0,"
                " 'unreviewed', '[]', ?, ?)",
                (cid, name, now, now),
            )
        ledger = [
            (
                "c-alive",
                0,
                "contract",
                None,
                "victory",
                {
                    "commission": False,
                    "cycle": "",
                    "cycle_final": True,
                    "gm": "",
                    "home": True,
                    "notes": "",
                    "scenario": "Ashfall",
                },
            ),
            (
                "c-dead",
                0,
                "contract",
                None,
                "victory",
                {
                    "commission": True,
                    "cycle": "",
                    "cycle_final": True,
                    "gm": "",
                    "home": True,
                    "notes": "",
                    "scenario": "Ashfall",
                },
            ),
            (
                "c-dead",
                1,
                "contract",
                None,
                "death",
                {
                    "commission": False,
                    "cycle": "",
                    "cycle_final": True,
                    "gm": "",
                    "home": False,
                    "notes": "",
                    "scenario": "Static",
                },
            ),
            ("c-back", 0, "death", None, None, {"cause": 'said "voided":true', "voided": False}),
            ("c-back", 1, "death", None, None, {"cause": "", "voided": True}),
            (
                "c-back",
                2,
                "raise",
                5,
                None,
                {"kind": "attribute", "trait": "brawn", "to_rating": 2},
            ),
        ]
        for cid, seq, kind, exp, outcome, payload in ledger:
            db.execute(
                "INSERT INTO ledger_entry (contractor_id, seq, type, date, exp, gift_id, outcome,"
                " payload, recorded_at) VALUES (?, ?, ?, '2024-04-01', ?, NULL, ?, ?, ?)",
                (cid, seq, kind, exp, outcome, canonical_json(payload), now),
            )
        db.execute(
            "INSERT INTO gift (id, contractor_id, gift_key, position, gift_type, effect, style,"
            " name, tagline, description, cost, system_text, catalog) VALUES"
            " (1, 'c-alive', 'g1', 0, 'power', 'injure', 'targeted', 'Spark', '', '', 2, '', '')"
        )
        db.execute(
            "INSERT INTO gift_modifier (gift_row_id, role, position, modifier_id, detail, count)"
            " VALUES (1, 'enhancement', 0, 'unerring', '', 1)"
        )
        db.execute(
            "INSERT INTO asset_pick (contractor_id, section, position, kind, catalog_id, name,"
            " value, detail, restricted, system, category)"
            " VALUES ('c-alive', 'assets', 0, 'asset', 'rich', 'Rich', 5, '', 0, '', 'background')"
        )


def test_the_code_knows_the_newest_revision() -> None:
    assert known_revisions() == [
        "0001_initial",
        "0002_ledger_death_marker",
        "0003_covenant_characters",
        "0004_generic_characters",
        "0005_repair_old_libraries",
        "0006_character_versions",
        "0007_roster_indexes",
        "0008_contractor_rules_fields",
        "0009_ledger_corrections",
        "0010_playgroup_owners",
        "0011_item_states",
        "0012_gift_extended_description",
        "0013_gift_choices",
        "0014_gm_notes",
        "0015_roster_counts",
        "0016_loose_end_threats",
        "0017_ledger_index_trim",
        "0018_due_threats",
        "0019_roster_index_drop",
        "0020_loose_end_keys",
        "0021_prefix_index_drop",
    ]
    assert known_revisions()[-1] == SCHEMA_HEAD


def test_the_migrated_schema_is_exactly_the_models(library_path: Path) -> None:
    Library.open(library_path).close()
    engine = sa.create_engine(sqlite_url(library_path))
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, metadata) == []
    engine.dispose()


def test_an_old_library_upgrades_without_losing_a_row(library_path: Path) -> None:
    _library_at(library_path, "0001_initial")
    _fill_at_revision_one(library_path)
    with sqlite3.connect(library_path) as db:
        counts_before = {
            t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
            for t in ("player", "contractor", "ledger_entry", "gift", "gift_modifier", "asset_pick")
        }

    with Library.open(library_path) as library:
        report = library.migration
        assert report is not None
        assert (report.from_revision, report.to_revision) == ("0001_initial", SCHEMA_HEAD)
        roster = {entry.name: entry for entry in library.roster()}
        # The new death marker was filled in from the old rows.
        assert (roster["Ann"].alive, roster["Bo"].alive, roster["Cy"].alive) == (True, False, True)
        assert (roster["Ann"].victories, roster["Bo"].victories, roster["Cy"].victories) == (
            1,
            1,
            0,
        )
        cy = library.load("c-back")
        assert cy.ledger[1] == Death("2024-04-01", voided=True)
        assert cy.ledger[2].exp == 5  # type: ignore[union-attr]
        ann = library.load("c-alive")
        assert ann.notes == "old notes"
        assert [g.draft.enhancements[0].id for g in ann.gifts] == ["unerring"]
        assert ann.creation.assets[0].name == "Rich"

    with sqlite3.connect(library_path) as db:
        counts_after = {
            t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in counts_before
        }
        markers = db.execute(
            "SELECT contractor_id, seq, death FROM ledger_entry ORDER BY contractor_id, seq"
        ).fetchall()
        version = db.execute("SELECT version_num FROM alembic_version").fetchall()
    assert counts_after == counts_before
    assert markers == [
        ("c-alive", 0, None),
        ("c-back", 0, 1),
        ("c-back", 1, 0),
        ("c-back", 2, None),
        ("c-dead", 0, None),
        ("c-dead", 1, 1),
    ]
    assert version == [(SCHEMA_HEAD,)]

    # The copy taken before the upgrade is the old library, whole.
    assert report.backup is not None
    assert report.backup.parent == library_path.parent
    assert report.backup.name.startswith("library.sqlite3.bak-0001_initial-")
    with sqlite3.connect(report.backup) as old:
        assert old.execute("SELECT version_num FROM alembic_version").fetchall() == [
            ("0001_initial",)
        ]
        assert old.execute("SELECT count(*) FROM ledger_entry").fetchone()[0] == 6
        assert "death" not in [c[1] for c in old.execute("PRAGMA table_info(ledger_entry)")]
        assert old.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_current_library_opens_without_a_backup(library_path: Path) -> None:
    with Library.open(library_path) as first:
        assert first.migration is not None and first.migration.from_revision is None
    with Library.open(library_path) as second:
        assert second.migration is None
    assert sorted(p.name for p in library_path.parent.iterdir() if ".bak-" in p.name) == []


def test_a_library_from_a_newer_harbinger_is_left_alone(library_path: Path) -> None:
    Library.open(library_path).close()
    with sqlite3.connect(library_path) as db:
        db.execute("UPDATE alembic_version SET version_num = '0099_future'")
    before = library_path.read_bytes()
    with pytest.raises(LibraryTooNew, match="upgraded by a newer Harbinger"):
        Library.open(library_path)
    assert library_path.read_bytes() == before


def test_a_database_that_is_not_a_library_is_refused_untouched(tmp_path: Path) -> None:
    other = tmp_path / "accounts.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total INTEGER)")
        db.execute("INSERT INTO invoices VALUES (1, 100)")
    before = other.read_bytes()
    with pytest.raises(
        NotALibrary, match=r"not a Harbinger library \(it holds other tables: invoices\)"
    ):
        Library.open(other)
    assert other.read_bytes() == before


def test_sqlite_connections_are_durable_and_strict(library_path: Path) -> None:
    with Library.open(library_path) as library, library._engine.connect() as connection:
        pragma = lambda name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()  # noqa: E731
        assert pragma("foreign_keys") == 1
        assert pragma("journal_mode") == "wal"
        assert pragma("synchronous") == 2  # FULL


def test_every_migration_is_valid_postgresql() -> None:
    sql = migration_sql("postgresql://")
    assert "CREATE TABLE ledger_entry (" in sql
    assert "id SERIAL NOT NULL" in sql
    assert "ALTER TABLE ledger_entry ADD COLUMN death BOOLEAN;" in sql
    assert "UPDATE ledger_entry SET death=true WHERE" in sql
    assert "PRAGMA" not in sql.upper()
    assert sql.rstrip().endswith("COMMIT;")
