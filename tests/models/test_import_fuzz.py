"""Fuzzing imports: whatever the bytes, an import either succeeds or raises CharacterFileError,
and a refused file leaves the library exactly as it was.

Cases start from the shipped example files and break them: truncated,
bytes flipped, values swapped for random JSON, fields dropped or added,
wrong versions and formats, deep nesting, oversize, or plain noise.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.contract.file import MAX_FILE_BYTES, read_character_file
from builder.core.files import CharacterFileError
from builder.covenant.file import loads_covenant
from models.library import Library, OnConflict
from resources import resource_path
from tests.hypothesis_profiles import examples

# Fuzzing is for CI (issue 30: "golden, fuzz and long property tests marked slow"): about 5 s
# of CPU even with the dev profile's tenth of the examples; CI runs it with every example.
pytestmark = pytest.mark.slow

EXAMPLES = [p.read_bytes() for p in sorted(resource_path("examples").glob("*.json"))]
FUZZ = settings(
    max_examples=examples(400),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4)
    ),
    max_leaves=12,
)


@pytest.fixture(scope="module")
def fuzz_library(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Library, Path]]:
    path = tmp_path_factory.mktemp("fuzz") / "library.sqlite3"
    library = Library.open(path)
    library.load_examples()
    yield library, path
    library.close()


def _dump(path: Path) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: sorted(db.execute(f'SELECT * FROM "{t}"').fetchall(), key=repr) for t in tables}


def _import(fuzz_library: tuple[Library, Path], raw: bytes) -> None:
    """Import ``raw``; a refusal must be a CharacterFileError and change nothing."""
    library, path = fuzz_library
    before = _dump(path)
    try:
        result = library.import_file(raw, OnConflict.REPLACE)
    except CharacterFileError as refusal:
        assert str(refusal)  # a message, always
        assert _dump(path) == before
    else:
        # A mutation can still be a valid file; then it imported whole and reads back.
        if result.family == "covenant":
            assert library.load(result.contractor_id) == loads_covenant(raw).character
        else:
            assert library.load(result.contractor_id) == read_character_file(raw)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON document."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*prefix, index)))
    return found


def _set(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = document
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = value
    return document


def _delete(document: Any, path: tuple[Any, ...]) -> Any:
    if not path:
        return None
    parent = document
    for part in path[:-1]:
        parent = parent[part]
    del parent[path[-1]]
    return document


@FUZZ
@given(data=st.data())
def test_truncated_files(fuzz_library: tuple[Library, Path], data: st.DataObject) -> None:
    raw = data.draw(st.sampled_from(EXAMPLES))
    cut = data.draw(st.integers(min_value=0, max_value=len(raw) - 1))
    _import(fuzz_library, raw[:cut])


@FUZZ
@given(data=st.data())
def test_flipped_bytes(fuzz_library: tuple[Library, Path], data: st.DataObject) -> None:
    raw = bytearray(data.draw(st.sampled_from(EXAMPLES)))
    for _ in range(data.draw(st.integers(min_value=1, max_value=4))):
        raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    _import(fuzz_library, bytes(raw))


@settings(FUZZ, max_examples=examples(250))
@given(data=st.data())
def test_values_swapped_for_random_json(
    fuzz_library: tuple[Library, Path], data: st.DataObject
) -> None:
    document = json.loads(data.draw(st.sampled_from(EXAMPLES)))
    for _ in range(data.draw(st.integers(min_value=1, max_value=3))):
        path = data.draw(st.sampled_from(_paths(document)))
        action = data.draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            document = _set(document, path, data.draw(json_values))
        elif action == "delete":
            document = _delete(document, path)
        else:
            target = document
            for part in path:
                target = target[part]
            if isinstance(target, dict):
                target[data.draw(st.text(max_size=8))] = data.draw(json_values)
            elif isinstance(target, list):
                target.append(data.draw(json_values))
    _import(fuzz_library, json.dumps(document).encode())


@FUZZ
@given(
    example=st.sampled_from(EXAMPLES),
    version=json_values | st.integers(),
    fmt=json_values | st.sampled_from(["harbinger.contractor", "harbinger.covenant", ""]),
)
def test_wrong_versions_and_formats(
    fuzz_library: tuple[Library, Path], example: bytes, version: Any, fmt: Any
) -> None:
    document = json.loads(example)
    document["version"] = version
    document["format"] = fmt
    _import(fuzz_library, json.dumps(document).encode())


@settings(FUZZ, max_examples=examples(150))
@given(
    example=st.sampled_from(EXAMPLES),
    depth=st.integers(min_value=20, max_value=3000),
    opener=st.sampled_from(["[", '{"a":']),
    where=st.sampled_from(["approvals", "notes", "root"]),
)
def test_deep_nesting(
    fuzz_library: tuple[Library, Path], example: bytes, depth: int, opener: str, where: str
) -> None:
    closer = "]" if opener == "[" else "}"
    nested = opener * depth + "1" + closer * depth
    if where == "root":
        raw = nested.encode()
    else:
        document = json.loads(example)
        marker = "@@NESTED@@"
        if where == "approvals":
            document["approvals"] = [{"x": marker}]
        else:
            document["character"]["notes"] = marker
        raw = json.dumps(document).replace(f'"{marker}"', nested).encode()
    _import(fuzz_library, raw)


@settings(FUZZ, max_examples=examples(150))
@given(noise=st.binary(max_size=2000))
def test_noise(fuzz_library: tuple[Library, Path], noise: bytes) -> None:
    _import(fuzz_library, noise)


@settings(FUZZ, max_examples=examples(5))
@given(example=st.sampled_from(EXAMPLES), pad=st.integers(min_value=1, max_value=1000))
def test_oversized_files(fuzz_library: tuple[Library, Path], example: bytes, pad: int) -> None:
    raw = example[:-2] + b" " * (MAX_FILE_BYTES - len(example) + pad) + example[-2:]
    with pytest.raises(CharacterFileError, match="the limit is 4 MB"):
        read_character_file(raw)
    _import(fuzz_library, raw)
