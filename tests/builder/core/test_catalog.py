"""The shared catalog machinery: safe TOML reading, problems as values, typed table getters."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.core.catalog import (
    CatalogFileError,
    CatalogProblem,
    FileProblems,
    Problems,
    Table,
    did_you_mean,
    kind_name,
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


def test_table_getters_report_every_problem_at_its_place() -> None:
    problems = Problems()
    raw = {"id": "Bad Id", "size": 0, "loud": "yes", "kind": "odd", "tags": ["a", ""], "nmae": 1}
    table = Table(problems, "t.toml", "things[0]", raw)
    assert table.ident() == ""
    assert table.integer("size", minimum=1) == 1
    assert table.integer("depth", minimum=0, default=4) == 4
    assert table.flag("loud") is False
    assert table.choice("kind", ("even", "prime")) == ""
    assert table.text_list("tags") == ()
    assert table.text("name") == ""
    assert table.finish() is False
    assert problems.lines() == [
        "t.toml: things[0]: id must be lowercase letters, digits and underscores starting"
        " with a letter, not 'Bad Id'",
        "t.toml: things[0]: size must be a positive integer",
        "t.toml: things[0]: loud must be true or false",
        "t.toml: things[0]: kind must be one of even, prime, not 'odd'",
        "t.toml: things[0]: tags must be a list of non-empty text",
        "t.toml: things[0]: missing 'name'",
        "t.toml: things[0]: unknown key 'nmae' (did you mean 'name'?)",
    ]


def test_a_file_reads_arrays_keeping_only_sound_entries() -> None:
    file = FileProblems("f.toml")
    doc = {"item": [{"name": "Rope"}, {"name": ""}], "itme": []}
    file.check_top_level(doc, ("item",))
    names = file.read_array(doc, "item", lambda t: t.text("name"))
    assert names == ["Rope"]
    assert file.read_array(doc, "other", lambda t: t.text("name")) == []
    assert file.all.lines() == [
        "f.toml: unknown top-level key 'itme' (did you mean 'item'?)",
        "f.toml: item[1]: name must be non-empty text",
        "f.toml: has no [[other]] entries",
    ]
