"""The shared safe reader: what it refuses, without blocking or reading more than it must."""

from __future__ import annotations

import json
import os
import threading
from datetime import date
from pathlib import Path

import pytest

from builder.core import files, schema_words
from builder.core.files import Refusal, UnreadableFile


def refusal(raw: bytes, **limits: int) -> UnreadableFile:
    with pytest.raises(UnreadableFile) as caught:
        files.parse_json(raw, **limits)
    return caught.value


# --------------------------------------------------------------------------- paths


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    outcome: list[BaseException | bytes] = []

    def read() -> None:
        try:
            outcome.append(files.read_limited(fifo))
        except BaseException as exc:  # handed back to the test thread
            outcome.append(exc)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=5)
    assert not reader.is_alive(), "reading a FIFO blocked"
    (error,) = outcome
    assert isinstance(error, UnreadableFile)
    assert error.kind is Refusal.NOT_A_FILE
    assert str(error) == f"{fifo} is a pipe (FIFO), not a file"


def test_a_sparse_gigabyte_is_refused_by_its_size_before_reading(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(1024**3)  # sparse: no block is written, so nothing could be read fast
    with pytest.raises(UnreadableFile) as caught:
        files.read_limited(huge)
    assert caught.value.kind is Refusal.TOO_LARGE
    assert str(caught.value) == "file is 1024 MB; the limit is 4 MB"
    assert caught.value.detail["size"] == 1024**3


def test_a_file_just_over_the_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 101)
    with pytest.raises(UnreadableFile, match=r"^file is 0\.0 MB; the limit is 0\.0 MB$"):
        files.read_limited(path, limit=100)
    path.write_bytes(b" " * 100)
    assert files.read_limited(path, limit=100) == b" " * 100


def test_a_folder_and_a_missing_file_are_named(tmp_path: Path) -> None:
    with pytest.raises(UnreadableFile) as folder:
        files.read_limited(tmp_path)
    assert (folder.value.kind, str(folder.value)) == (
        Refusal.NOT_A_FILE,
        f"{tmp_path} is a folder, not a file",
    )
    with pytest.raises(UnreadableFile) as missing:
        files.read_limited(tmp_path / "nope.json")
    assert (missing.value.kind, str(missing.value)) == (
        Refusal.NOT_FOUND,
        f"{tmp_path / 'nope.json'} does not exist",
    )


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_refused_by_its_kind() -> None:
    with pytest.raises(UnreadableFile) as caught:
        files.read_limited("/dev/zero")
    assert str(caught.value) == "/dev/zero is a device or socket, not a file"


def test_load_json_reads_a_regular_file(tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    path.write_bytes(b'\xef\xbb\xbf{"name": "Zo\xc3\xab", "notes": "a\\tb\\r\\nc"}')
    assert files.load_json(path) == {"name": "Zoë", "notes": "a\tb\r\nc"}


# --------------------------------------------------------------------------- JSON


@pytest.mark.parametrize(
    ("raw", "kind", "message"),
    [
        (b"", Refusal.EMPTY, "file is empty"),
        (b"\xff{}", Refusal.NOT_UTF8, "file is not UTF-8 text (bad byte at offset 0)"),
        (b'{"a": ', Refusal.NOT_JSON, "file is not valid JSON: Expecting value at line 1 column 7"),
        (b'{"a": 1, "a": 2}', Refusal.DUPLICATE_KEY, "the key 'a' appears twice in one object"),
        (b'{"a": NaN}', Refusal.NOT_A_NUMBER, "file is not valid JSON: NaN is not a JSON value"),
        (
            b"[-Infinity]",
            Refusal.NOT_A_NUMBER,
            "file is not valid JSON: -Infinity is not a JSON value",
        ),
        (b'{"a": [1e400]}', Refusal.NOT_FINITE, "a[0]: number is too large or not a number"),
    ],
)
def test_json_refusals(raw: bytes, kind: Refusal, message: str) -> None:
    error = refusal(raw)
    assert (error.kind, str(error)) == (kind, message)


def test_a_duplicate_key_deep_inside_is_refused() -> None:
    error = refusal(b'{"ledger": [{"exp": 1}, {"exp": 2, "exp": 3}]}')
    assert error.detail["key"] == "exp"


def test_depth_limit_counts_objects_and_lists() -> None:
    assert files.parse_json(b"[[[1]]]", max_depth=3) == [[[1]]]
    error = refusal(b'{"a": [[1]]}', max_depth=2)
    assert (error.kind, str(error)) == (Refusal.TOO_DEEP, "a[0]: nested deeper than 2 levels")
    deep = refusal(b"[" * 100_000 + b"]" * 100_000)
    assert str(deep) == "file is nested deeper than 32 levels"


def test_bytes_over_the_limit_are_refused() -> None:
    assert str(refusal(b"[" + b" " * 10 + b"]", limit=10)) == (
        "file is 0.0 MB; the limit is 0.0 MB"
    )


# --------------------------------------------------------------------------- text


@pytest.mark.parametrize(
    ("escaped", "message"),
    [
        ("\\u0000", "text contains a NUL character"),
        ("\\ud800", "text contains an unpaired surrogate escape (not valid Unicode)"),
        ("\\u001b[2J", "text contains the control character U+001B"),
        ("ding\\u0007", "text contains the control character U+0007"),
        ("\\u007f", "text contains the control character U+007F"),
        ("\\u009b", "text contains the control character U+009B"),
    ],
)
def test_text_with_control_characters_is_refused_where_it_is(escaped: str, message: str) -> None:
    error = refusal(f'{{"character": {{"names": ["ok", "{escaped}"]}}}}'.encode())
    assert (error.kind, error.where, error.problem) == (
        Refusal.BAD_TEXT,
        "character.names[1]",
        message,
    )


def test_a_control_character_in_a_key_is_refused() -> None:
    error = refusal(b'{"odd": {"a\\u001bb": 1}}')
    assert (error.where, error.problem) == ("odd", "text contains the control character U+001B")


def test_tabs_line_breaks_and_paired_surrogates_are_kept() -> None:
    data = files.parse_json(b'{"t": "a\\tb\\nc\\r\\nd \\ud83d\\ude00 \\u00e9"}')
    assert data == {"t": "a\tb\nc\r\nd \U0001f600 é"}


def test_check_values_is_what_a_writer_runs() -> None:
    files.check_values({"a": ["fine\n"]})
    with pytest.raises(UnreadableFile, match="U\\+001B"):
        files.check_values({"a": ["\x1b"]})
    with pytest.raises(UnreadableFile, match="not a number"):
        files.check_values({"a": float("nan")})


# --------------------------------------------------------------------------- schema


SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["name", "ledger"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "maxLength": 10},
        "ledger": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "exp": {"type": "integer", "minimum": 0},
                    "kind": {"enum": ["contract", "journal"]},
                },
            },
        },
    },
}


def problems(document: object) -> list[tuple[str, str]]:
    validator = files.strict_validator(SCHEMA)
    return [(files.json_path(p), e) for p, e in files.schema_problems(validator, document)]


def test_schema_messages_name_the_place_in_file_order() -> None:
    document = json.loads(
        '{"name": 7, "ledger": [{"exp": 1}, {"exp": 2}, {"exp": 3}, {"exp": 4},'
        ' {"exp": "ten", "kind": "raid"}], "extra": true}'
    )
    found = problems(document)
    assert found == [  # the document as a whole first, then its fields in file order
        ("", "unexpected field 'extra'"),
        ("name", "expected text, got 7"),
        ("ledger[4].exp", "expected an integer, got 'ten'"),
        ("ledger[4].kind", "expected one of 'contract', 'journal', got 'raid'"),
    ]
    assert files.summarize(found[2:] + found[:1]) == (
        "ledger[4].exp",
        "expected an integer, got 'ten'; also ledger[4].kind: expected one of 'contract', "
        "'journal', got 'raid'; unexpected field 'extra'",
    )
    assert files.summarize(found[1:] + found[1:2], max_reported=2) == (
        "name",
        "expected text, got 7; also ledger[4].exp: expected an integer, got 'ten'; "
        "and 1 more problem",
    )


def test_only_whole_number_literals_are_integers() -> None:
    assert problems({"name": "a", "ledger": [{"exp": 1.0}, {"exp": True}, {"exp": -1}]}) == [
        ("ledger[0].exp", "expected an integer, got 1.0"),
        ("ledger[1].exp", "expected an integer, got true"),
        ("ledger[2].exp", "must be at least 0, got -1"),
    ]


def test_missing_fields_and_long_text() -> None:
    assert problems({"name": "a" * 11}) == [
        ("", "missing field 'ledger'"),
        ("name", "text is longer than 10 characters"),
    ]


def test_json_path_quotes_keys_that_are_not_names() -> None:
    assert files.json_path(["character", "ratings", "odd key", 2]) == (
        'character.ratings["odd key"][2]'
    )


# --------------------------------------------------------------------------- both systems


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs")
def test_both_systems_read_through_the_shared_reader(tmp_path: Path) -> None:
    from builder.contract.file import read_character_file
    from builder.core.files import CharacterFileError, parse_document
    from builder.covenant.file import CovenantFileError, loads_covenant, read_covenant_file

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(CharacterFileError, match=r"is a pipe \(FIFO\), not a file$"):
        read_character_file(fifo)
    with pytest.raises(CovenantFileError, match=r"is a pipe \(FIFO\), not a file$"):
        read_covenant_file(fifo)
    with pytest.raises(CharacterFileError) as contract:
        parse_document(b'{"character": {"name": "a", "name": "b"}}')
    assert str(contract.value) == "the key 'name' appears twice in one object"
    with pytest.raises(CovenantFileError) as covenant:
        loads_covenant(b'{"character": {"name": "Ines\\u001b[31m"}}', source="ines.json")
    assert str(covenant.value) == "character.name: text contains the control character U+001B"


# ------------------------------------------------------------------ issue 13, items 6 and 7


def test_a_200_mb_file_is_reported_at_its_real_size(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(200 * 1024 * 1024)
    with pytest.raises(UnreadableFile) as caught:
        files.read_limited(big)
    assert str(caught.value) == "file is 200 MB; the limit is 4 MB"


def test_a_huge_integer_is_refused_without_pythons_hint() -> None:
    with pytest.raises(UnreadableFile) as caught:
        files.parse_json(b'{"exp": -' + b"9" * 5000 + b"}")
    assert caught.value.kind is Refusal.NOT_FINITE
    assert str(caught.value) == (
        "file holds a number 5,000 digits long; numbers here have at most 100 digits"
    )
    assert "set_int_max_str_digits" not in str(caught.value)
    assert files.parse_json(b'{"exp": -' + b"9" * 100 + b"}") == {"exp": -(10**100 - 1)}


def test_an_unterminated_string_is_placed_once() -> None:
    with pytest.raises(UnreadableFile) as caught:
        files.parse_json(b'{"name": "Wren')
    assert str(caught.value) == (
        "file is not valid JSON: Unterminated string starting at line 1 column 10"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2026-11-26", "date 2026-11-26 is after tomorrow (2026-11-25)"),
        ("9999-12-31", "date 9999-12-31 is after tomorrow (2026-11-25)"),
        ("2023-13-45", "date '2023-13-45' is not a calendar date written YYYY-MM-DD"),
        ("2023-02-29", "date '2023-02-29' is not a calendar date written YYYY-MM-DD"),
        ("20230101", "date '20230101' is not a calendar date written YYYY-MM-DD"),
        ("2023-W01-1", "date '2023-W01-1' is not a calendar date written YYYY-MM-DD"),
        ("yesterday", "date 'yesterday' is not a calendar date written YYYY-MM-DD"),
    ],
)
def test_a_date_must_be_a_calendar_day_no_later_than_tomorrow(text: str, message: str) -> None:
    with pytest.raises(UnreadableFile) as caught:
        files.check_date(text, "ledger[3].date", today=date(2026, 11, 24))
    assert caught.value.kind is Refusal.BAD_DATE
    assert str(caught.value) == f"ledger[3].date: {message}"


def test_today_tomorrow_leap_days_and_no_date_pass() -> None:
    for text in ("2026-11-24", "2026-11-25", "2024-02-29", "0001-01-01", ""):
        files.check_date(text, today=date(2026, 11, 24))


def test_an_overlong_list_is_counted_not_quoted() -> None:
    schema = {"type": "array", "maxItems": 3, "items": {"type": "string", "maxLength": 5}}
    problems = files.schema_problems(files.strict_validator(schema), ["a"] * 4000)
    assert problems == [((), "list has 4,000 items; at most 3 are allowed")]
    (error,) = files.strict_validator({"type": "string", "maxLength": 5}).iter_errors("x" * 9000)
    assert schema_words.brief(error) == "text is longer than 5 characters"
    (error,) = files.strict_validator({"type": "string", "maxLength": 50}).iter_errors("x" * 51)
    # Short messages stay as jsonschema words them.
    assert schema_words.brief(error) == error.message
