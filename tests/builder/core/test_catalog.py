"""The shared catalog machinery: safe TOML reading, problems as values, entry models."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import pytest
from pydantic import Field, ValidationError

from builder.core.catalog import (
    CatalogFileError,
    CatalogModel,
    CatalogProblem,
    FileProblems,
    Ident,
    OptionalText,
    Positive,
    Problems,
    Text,
    Whole,
    check_entry,
    did_you_mean,
    kind_name,
    one_of,
    read_toml,
    type_name,
)


def _reason(path: Path, limit: int = 100) -> str:
    with pytest.raises(CatalogFileError) as caught:
        read_toml(path, limit=limit)
    return caught.value.reason


def test_read_toml_reads_a_small_file(tmp_path: Path) -> None:
    path = tmp_path / "a.toml"
    path.write_text('name = "Ash"\ncount = 3\n')
    assert read_toml(path) == {"name": "Ash", "count": 3}


def test_read_toml_refuses_what_it_cannot_use(tmp_path: Path) -> None:
    assert _reason(tmp_path / "gone.toml") == f"not found in {tmp_path}"
    assert _reason(tmp_path) == "not a regular file"
    big = tmp_path / "big.toml"
    big.write_text("x = 1\n" * 20)
    assert _reason(big) == "file is 120 bytes; the limit is 100"
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'name = "caf\xe9"\n')
    assert _reason(latin) == "not UTF-8 text (byte 11)"
    broken = tmp_path / "broken.toml"
    broken.write_text("[table\n")
    assert _reason(broken).startswith("not valid TOML: ")
    marked = tmp_path / "marked.toml"
    marked.write_text('name = "Ash"\ntext = "call a \ue000 storm"\n', encoding="utf-8")
    assert _reason(marked) == (
        "line 2 holds U+E000, a private-use character; "
        "U+E000 to U+E0FF stand for a player's details while a System Text is written"
    )


def test_the_same_text_is_parsed_once_and_each_reader_gets_its_own_copy(tmp_path: Path) -> None:
    """A catalog loaded again parses only what changed; what one caller does to its document
    never reaches the next caller, and an edited file is read as edited."""
    from builder.core.catalog import _parsed

    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    text = '[[gift]]\nid = "ember_lance_cache_test"\ntags = ["fire"]\n'
    first.write_text(text)
    second.write_text(text)
    one = read_toml(first)
    parsed_before = _parsed.cache_info().misses
    two = read_toml(second)
    assert _parsed.cache_info().misses == parsed_before  # the same text: not parsed again
    assert one == two == {"gift": [{"id": "ember_lance_cache_test", "tags": ["fire"]}]}
    one["gift"][0]["tags"].append("changed")
    assert read_toml(second)["gift"][0]["tags"] == ["fire"]
    second.write_text(text.replace("fire", "frost"))
    assert read_toml(second)["gift"][0]["tags"] == ["frost"]
    assert _parsed.cache_info().misses == parsed_before + 1


def test_an_empty_default_table_or_list_is_each_entrys_own() -> None:
    """Shapes write empty defaults as Field(default=[]) (no default_factory, see CatalogModel):
    two entries read without the key must not share one list or table."""

    class Shelf(CatalogModel):
        books: list[str] = Field(default=[])
        notes: dict[str, str] = Field(default={})

    one, two = Shelf.model_validate({}), Shelf.model_validate({})
    one.books.append("changed")
    one.notes["k"] = "changed"
    assert two.books == [] and two.notes == {}
    assert Shelf.model_validate({}).books == []


def test_did_you_mean_offers_only_a_close_name() -> None:
    assert did_you_mean("nmae", {"name", "cost"}) == " (did you mean 'name'?)"
    assert did_you_mean("zzz", {"name", "cost"}) == ""


def test_type_and_kind_names_are_words() -> None:
    assert [type_name(v) for v in ({}, [], "", 1, 1.5, True)] == [
        "a table",
        "a list",
        "text",
        "a number",
        "a decimal number",
        "true/false",
    ]
    assert kind_name((str, list)) == "text or a list"
    assert kind_name(int) == "a whole number"


def test_problems_are_values_naming_file_and_entry() -> None:
    problems = Problems()
    problems.add("a.toml", "", "has no [[x]] entries")
    problems.at("a.toml", "x[0]")("missing 'id'")
    assert problems.items == [
        CatalogProblem("a.toml", "", "has no [[x]] entries"),
        CatalogProblem("a.toml", "x[0]", "missing 'id'"),
    ]
    assert problems.lines() == ["a.toml: has no [[x]] entries", "a.toml: x[0]: missing 'id'"]
    assert problems.items[1].to_json() == {
        "file": "a.toml",
        "entry": "x[0]",
        "message": "missing 'id'",
    }


class _Rope(CatalogModel):
    """A nested table for the tests: one use of a thing."""

    length: Positive


class _Thing(CatalogModel):
    """A catalog entry for the tests, using each shared field type once."""

    id: Ident
    name: Text
    size: Positive
    depth: Whole = 4
    loud: bool = False
    kind: Annotated[Text, one_of(("even", "prime"))]
    tags: list[Text] = Field(default_factory=list)
    note: OptionalText = ""
    ropes: list[_Rope] = Field(default_factory=list)


def test_an_entry_model_reports_every_problem_at_its_place() -> None:
    """Every pydantic error becomes one line in a reader's words, nested tables at their
    place, an unknown key with the closest known one (also inside a nested table)."""
    problems = Problems()
    raw = {
        "id": "Bad Id",
        "size": True,
        "loud": "yes",
        "kind": "odd",
        "tags": ["a", ""],
        "nmae": 1,
        "ropes": [{"length": 2}, {"lenght": 3}],
    }
    assert check_entry(_Thing, raw, problems, "t.toml", "things[0]") is None
    assert problems.lines() == [
        "t.toml: things[0]: id must be lowercase letters, digits and underscores starting"
        " with a letter, not 'Bad Id'",
        "t.toml: things[0]: missing 'name'",
        "t.toml: things[0]: size must be a positive integer",
        "t.toml: things[0]: loud must be true or false",
        "t.toml: things[0]: kind must be one of even, prime, not 'odd'",
        "t.toml: things[0]: tags[1] must be non-empty text",
        "t.toml: things[0]: ropes[1]: missing 'length'",
        "t.toml: things[0]: ropes[1]: unknown key 'lenght' (did you mean 'length'?)",
        "t.toml: things[0]: unknown key 'nmae' (did you mean 'name'?)",
    ]


def test_a_sound_entry_is_a_frozen_model_with_stripped_text() -> None:
    problems = Problems()
    thing = check_entry(
        _Thing, {"id": "rope", "name": " Rope ", "size": 2, "kind": "even"}, problems, "t", "x"
    )
    assert problems.items == []
    assert thing is not None
    assert (thing.name, thing.depth, thing.tags, thing.note) == ("Rope", 4, [], "")
    with pytest.raises(ValidationError):
        thing.name = "Cord"  # type: ignore[misc]
    assert check_entry(_Thing, ["not", "a", "table"], problems, "t.toml", "x[1]") is None
    assert problems.lines() == ["t.toml: x[1]: must be a table"]


class _Named(CatalogModel):
    name: Text


def test_a_file_reads_arrays_keeping_only_sound_entries() -> None:
    file = FileProblems("f.toml")
    doc = {"item": [{"name": "Rope"}, {"name": ""}], "itme": []}
    file.check_top_level(doc, ("item",))
    names = [n.name for n in file.read_array(doc, "item", _Named)]
    assert names == ["Rope"]
    assert file.read_array(doc, "other", _Named) == []
    assert file.all.lines() == [
        "f.toml: unknown top-level key 'itme' (did you mean 'item'?)",
        "f.toml: item[1]: name must be non-empty text",
        "f.toml: has no [[other]] entries",
    ]
