"""The one canonical JSON: what approval digests and stored payloads are computed over."""

from __future__ import annotations

import hashlib

import pytest

from builder.contract.serialize import canonical_json
from builder.core import approval
from builder.core.canonical import canonical_bytes, canonical_text, digest, file_text


def test_keys_sorted_no_whitespace_non_ascii_kept() -> None:
    value = {"b": [1, {"z": None, "a": True}], "a": "Zoë"}
    assert canonical_text(value) == '{"a":"Zoë","b":[1,{"a":true,"z":null}]}'
    assert canonical_bytes(value) == canonical_text(value).encode("utf-8")


def test_digest_is_sha256_of_the_canonical_bytes() -> None:
    assert digest({"b": "é", "a": 1}) == hashlib.sha256('{"a":1,"b":"é"}'.encode()).hexdigest()


def test_nan_and_infinity_are_refused() -> None:
    for bad in (float("nan"), float("inf"), float("-inf")):
        with pytest.raises(ValueError):
            canonical_text({"x": bad})


def test_approval_and_serialize_use_the_same_text() -> None:
    assert approval.canonical_bytes is canonical_bytes
    assert approval.digest is digest
    value = {"b": [1, 2], "a": "ü"}
    assert canonical_json(value) == canonical_text(value)
    with pytest.raises(ValueError):
        canonical_json([float("nan")])


def test_file_text_is_the_sorted_two_space_layout() -> None:
    assert file_text({"b": 1, "a": ["é"]}) == '{\n  "a": [\n    "é"\n  ],\n  "b": 1\n}\n'
