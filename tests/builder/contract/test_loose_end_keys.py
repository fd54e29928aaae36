"""Each Loose End carries a key of its own, which a hidden Threat is kept under.

"GMs must specify the Threat of a Loose End when they grant it. The Player can
only see the general threat-level (Dangerous, Deadly, or Fateful) until the
Cutoff hits zero." ("Loose Ends"). The store keeps a Threat not yet due apart
from its Loose End, under the Loose End's key: these tests hold the keys'
rules (``builder.contract.character.keyed_loose_ends``) and how a file carries
them.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from builder.contract.advance import add_loose_end
from builder.contract.character import Concept, Contractor, LooseEnd, ThreatLevel
from builder.contract.file import dumps_character_file, read_character_document
from builder.core.files import FileFormatError
from resources import resource_path

WREN = resource_path("examples") / "newbie-wren-halloway.json"


def _end(title: str, key: str = "") -> LooseEnd:
    return LooseEnd(title, ThreatLevel.DEADLY, cutoff=2, granted_after=0, threat="x", key=key)


def test_a_loose_end_from_before_keys_is_keyed_by_its_place() -> None:
    ada = Contractor("ada", Concept("Ada"), loose_ends=(_end("A"), _end("B", "k1"), _end("C")))
    assert [e.key for e in ada.loose_ends] == ["le0", "k1", "le2"]


def test_a_key_met_twice_gives_the_second_a_suffix() -> None:
    """A hand-edited file with one key twice: the first keeps it, the next take -2, -3."""
    ada = Contractor(
        "ada", Concept("Ada"), loose_ends=(_end("A", "k"), _end("B", "k"), _end("C", "k"))
    )
    assert [e.key for e in ada.loose_ends] == ["k", "k-2", "k-3"]


def test_a_granted_loose_end_gets_a_fresh_key_never_a_place_and_keeps_it() -> None:
    """Deleting a Loose End and granting one at its place never reuses a key: a Threat the
    server still holds for the deleted one cannot land on the new one."""
    ada = Contractor("ada", Concept("Ada"), loose_ends=(_end("A"),))
    first = add_loose_end(ada, "B", ThreatLevel.FATEFUL, 3, "y").character
    key = first.loose_ends[1].key
    assert re.fullmatch(r"[0-9a-f]{16}", key)
    without = replace(first, loose_ends=first.loose_ends[:1])
    again = add_loose_end(without, "B", ThreatLevel.FATEFUL, 3, "y").character
    assert again.loose_ends[1].key not in {key, "le1"}
    resolved = replace(again, loose_ends=(replace(again.loose_ends[1], resolved=True),))
    assert resolved.loose_ends[0].key == again.loose_ends[1].key


def test_a_file_writes_a_key_only_where_it_says_more_than_the_place() -> None:
    """Wren's file from before keys reads and writes back without any; a moved Loose End
    carries its key."""
    wren = read_character_document(WREN).contractor
    ends = (_end("A"), _end("B", "kb"), _end("C"))
    moved = replace(wren, loose_ends=ends)
    assert [e.key for e in moved.loose_ends] == ["le0", "kb", "le2"]
    reordered = replace(moved, loose_ends=moved.loose_ends[::-1])
    data = json.loads(_bytes(reordered))
    assert [e.get("key") for e in data["character"]["loose_ends"]] == ["le2", "kb", "le0"]
    assert [e.key for e in read_character_document(_bytes(reordered)).contractor.loose_ends] == [
        "le2",
        "kb",
        "le0",
    ]
    data = json.loads(_bytes(moved))
    assert [e.get("key") for e in data["character"]["loose_ends"]] == [None, "kb", None]


def _bytes(contractor: Contractor) -> bytes:
    return dumps_character_file(contractor)


def test_a_bad_key_in_a_file_is_refused_and_says_where() -> None:
    data = json.loads(WREN.read_bytes())
    data["character"]["loose_ends"] = [
        {"title": "A", "threat_level": "deadly", "cutoff": 2, "granted_after": 0, "key": "a b"}
    ]
    with pytest.raises(FileFormatError, match="loose_ends"):
        read_character_document(json.dumps(data).encode())
