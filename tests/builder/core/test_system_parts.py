"""The registry entries of Covenant and This Mortal Coil built from ``builder.core.system_parts``.

Each system's ``write``/``dumps`` give exactly what its own file module writes,
its ``identity`` is the character's id, name and player, and ``normalize``
reads a raw character back to the same JSON, turning a malformed one into an
ApprovalError that says what is wrong and where (never a crash, never silence).
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from builder.core import registry
from builder.core.approval_status import ApprovalError
from builder.core.files import load_json
from builder.core.registry import Identity
from resources import resource_path

EXAMPLES = [
    ("covenant", resource_path("covenant", "example-character.json")),
    ("mortal-coil", resource_path("mortal_coil", "okoye-vale.json")),
]


def _document(path: Any) -> dict[str, Any]:
    document = load_json(path)
    assert isinstance(document, dict)
    return document


@pytest.mark.parametrize(("system_id", "path"), EXAMPLES)
def test_write_dumps_identity_and_normalize_agree_with_the_file(system_id: str, path: Any) -> None:
    system = registry.system(system_id)
    document = _document(path)
    read = registry.read_document(document)
    assert read.system == system_id
    character = read.character
    assert system.identity(character) == Identity(character.id, character.name, character.player)
    written = system.write(read)
    assert written["character"] == document["character"]
    assert system.dumps(read) == system.dumps(registry.read_document(written))
    assert registry.read_document(written).character == character
    assert system.normalize(copy.deepcopy(document["character"])) == document["character"]


@pytest.mark.parametrize(("system_id", "path"), EXAMPLES)
def test_a_malformed_character_is_an_approval_error_naming_where(system_id: str, path: Any) -> None:
    system = registry.system(system_id)
    raw = copy.deepcopy(_document(path)["character"])
    raw["name"] = 7
    with pytest.raises(ApprovalError) as caught:
        system.normalize(raw)
    assert caught.value.where.endswith("name") and caught.value.what
