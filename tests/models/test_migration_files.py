"""Migration files are never edited once committed (issue 13).

A library made by the code of a commit ran that commit's migration files; an
edit afterwards leaves such libraries at a revision without its schema. A
mistake in a migration is repaired by a new migration
(``0005_repair_old_libraries``), so each file's hash is pinned here. Adding a
migration means adding its hash; changing one of these is never the fix.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import models.migrations.versions as versions

PINNED = """
eb53ff25df33dfb0f29d996f7aea934c9fa4d5bddb78536004eacd108b5475ee  0001_initial.py
1b16e535cdc17f2a3f1d9f71c2bc62041377697bee84a885c85de6e0f02cde18  0002_ledger_death_marker.py
d30f890944931fea4cd168d438122ecf968a552b73ece9e5fdd4e9f279ba172a  0003_covenant_characters.py
2dfbb828e521df2e5129e51915870bbd3b69a37318fbd52bf759d8f8ede37e47  0004_generic_characters.py
0c571df43a419fedb55092525c6c90163a09e50c338ef44d2206554152f7cd12  0005_repair_old_libraries.py
38b74e3bba53624f19c6cfd5cbe8bb7f11ae0dce976fc1f20d2fb647f461bc30  0006_character_versions.py
21556f13982831cfe722b838211d11da79bc0cf9e5f3094a4a09d290da9ac25d  0007_roster_indexes.py
1748392a89cee7d9b95ebd92442abfd440806de04d736f115c277dc3dd94dc68  0008_contractor_rules_fields.py
2bf622e6410b1aeaf968833c1ddd7d13be898f1c317d771232f08d7dd4873c42  0009_ledger_corrections.py
f8e79de5ad00b2e9894efb91b5816a0374cfcf99a3ceef3eabd801ddeb0b2972  0010_playgroup_owners.py
5b5ac44b7299b226592bc17c2080500e091e2795ba73ca581d493d62ec15d569  0011_item_states.py
43632d1d5d6f24567c8d58355f092204952d6fec1904b66104e60a53eb6df5f9  0012_gift_extended_description.py
fb37c8e67962a48f567c2c9b6c6041a2d10fc6c1bf3d88afc6e208f393129f29  0013_gift_choices.py
739939dfbf01b3f81c5426279e44ba00471b8b10dacd7f9b948ee02f61a34836  0014_gm_notes.py
aa79bbd00dcc184ba860e8f8cfd91a586eefe35ea2dea114cc739ba9112fe120  0015_roster_counts.py
813c8ddf8fe439dec04889a72fde965cd4cbca82e242680d872142ee3a25d9fc  0016_loose_end_threats.py
b9328aafdbcc12730ca7d7f32aeac343aa183fc2efc7050774367faf0f68ffd6  0017_ledger_index_trim.py
65f6fe7d6863c6e296f3e3773ae5247bbf3ef6dbf0c4bd8f03677a51f9b64388  0018_due_threats.py
a1134b3a5e4c313f6ad214c3dda16edb6628d4c9ef75235b3adfb03aa89f9d48  0019_roster_index_drop.py
41927639da649253833e130fcd0f84f7e044f54f9724e6227381e27e9f52b2ef  0020_loose_end_keys.py
3d35801863a57df4433188fb296e2db20813e07ad32ed7b7eb5ed3fd7250efd1  0021_prefix_index_drop.py
72ec62446c80e21da023916cffbf8ca44b56559c97e8cf6a5e47feaba2b62c37  __init__.py
"""
"""``sha256sum`` lines of every file in ``models/migrations/versions/``."""


def test_migration_files_are_never_edited() -> None:
    folder = Path(versions.__file__).resolve().parent
    found = {
        path.name: hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.glob("*.py"))
    }
    pinned = dict(reversed(line.split("  ")) for line in PINNED.split("\n") if line)
    assert found == pinned
