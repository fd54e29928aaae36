"""builder.contract.serialize: contractors ↔ plain JSON data, exactly and canonically."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.contract.character import (
    Concept,
    ContractAttended,
    Contractor,
    Creation,
    Death,
    GiftChange,
    GiftChangeKind,
    Outcome,
    Raise,
    TraitKind,
)
from builder.contract.gifts.draft import GiftDraft
from builder.contract.serialize import (
    ENTRY_TYPES,
    SerializeError,
    _reader,
    canonical_json,
    contractor_from_dict,
    contractor_to_dict,
    entry_from_dict,
    entry_to_dict,
    from_data,
)
from builder.contract.stored_entry import split_entry
from tests.hypothesis_profiles import examples
from tests.models.strategies import contractors, entries


@settings(max_examples=examples(80), deadline=None)
@given(contractors)
def test_any_contractor_survives_a_round_trip(contractor: Contractor) -> None:
    data = contractor_to_dict(contractor)
    assert contractor_from_dict(json.loads(json.dumps(data))) == contractor


@settings(max_examples=examples(200), deadline=None)
@given(entries)
def test_every_ledger_entry_is_tagged_with_its_type_first(entry: object) -> None:
    data = entry_to_dict(entry)  # type: ignore[arg-type]
    assert next(iter(data)) == "type"
    assert ENTRY_TYPES[data["type"]] is type(entry)
    assert entry_from_dict(data) == entry


def test_a_raise_reads_as_its_fields() -> None:
    entry = Raise("2024-03-02", TraitKind.ATTRIBUTE, "brawn", 3, 10)
    assert entry_to_dict(entry) == {
        "type": "raise",
        "date": "2024-03-02",
        "kind": "attribute",
        "trait": "brawn",
        "to_rating": 3,
        "exp": 10,
    }


def test_the_same_contractor_gives_the_same_text_however_its_mappings_were_built() -> None:
    one = Contractor(
        "c1", Concept("Ann"), creation=Creation(attributes={"brawn": 2, "dexterity": 3})
    )
    two = Contractor(
        "c1", Concept("Ann"), creation=Creation(attributes={"dexterity": 3, "brawn": 2})
    )
    assert one == two
    assert json.dumps(contractor_to_dict(one)) == json.dumps(contractor_to_dict(two))
    assert canonical_json(one) == canonical_json(two)
    assert list(contractor_to_dict(one)["creation"]["attributes"]) == ["brawn", "dexterity"]


def test_canonical_json_is_compact_sorted_and_keeps_non_ascii() -> None:
    text = canonical_json(Contractor("c1", Concept("Zoë")))
    assert text.startswith('{"concept":{"age":"","ambition":"",')
    assert "Zoë" in text
    assert ", " not in text and ": " not in text


def test_fields_with_defaults_may_be_left_out() -> None:
    contractor = contractor_from_dict({"id": "c1", "concept": {"name": "Ann"}})
    assert contractor == Contractor("c1", Concept("Ann"))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"id": "c1", "concept": {"name": "A"}, "ledger": [{"type": "raise"}]},
            "ledger[0]: missing field 'date'",
        ),
        (
            {
                "id": "c1",
                "concept": {"name": "A"},
                "ledger": [
                    {"type": "death", "date": "x"},
                    {
                        "type": "raise",
                        "date": "x",
                        "kind": "attribute",
                        "trait": "brawn",
                        "to_rating": 2,
                        "exp": "ten",
                    },
                ],
            },
            "ledger[1].exp: expected an integer, got 'ten'",
        ),
        (
            {"id": "c1", "concept": {"name": "A"}, "ledger": [{"type": "won", "date": "x"}]},
            "ledger[0].type: expected one of 'contract', 'journal', 'bonus_exp', 'improvement', "
            "'raise', 'buy_asset', 'remove_liability', 'therapy', 'craft', 'gift_change', "
            "'death', 'hustle', 'will_to_survive', 'limits_revised', 'ported', 'correction', "
            "got 'won'",
        ),
        ({"id": "c1", "concept": {"name": "A", "nick": "B"}}, "concept: unexpected field 'nick'"),
        ({"id": "c1", "concept": {"name": True}}, "concept.name: expected text, got true"),
        (
            {"id": "c1", "concept": {"name": "A"}, "creation": {"attributes": {"brawn": 2.5}}},
            "creation.attributes.brawn: expected an integer, got 2.5",
        ),
        (
            {
                "id": "c1",
                "concept": {"name": "A"},
                "health": {"battle_scars": [{"name": "x", "tier": "big"}]},
            },
            "health.battle_scars[0].tier: expected one of 'minor', 'major', 'severe', 'extreme', "
            "got 'big'",
        ),
        ({"id": "c1"}, "missing field 'concept'"),
        ([], "expected an object, got a list"),
    ],
)
def test_bad_data_is_refused_with_its_path(data: object, message: str) -> None:
    with pytest.raises(SerializeError) as caught:
        contractor_from_dict(data)
    assert str(caught.value) == message


def test_a_contract_and_a_gift_change_keep_their_enum_values() -> None:
    ledger = (
        ContractAttended("2024-01-06", "Ashfall", home=False, outcome=Outcome.DEATH),
        GiftChange("2024-01-07", "g1", GiftChangeKind.REVISION, 3, 2, credits=-1),
        Death("2024-01-08", voided=True),
    )
    data = contractor_to_dict(Contractor("c1", Concept("Ann"), ledger=ledger))
    assert [e["type"] for e in data["ledger"]] == ["contract", "gift_change", "death"]
    assert data["ledger"][0]["outcome"] == "death"
    assert data["ledger"][1]["kind"] == "revision"
    assert data["ledger"][1]["credits"] == -1


def _paths(data: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in plain data: object members and list items, depth first."""
    places = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            places.extend(_paths(value, (*path, key)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            places.extend(_paths(value, (*path, index)))
    return places


def _mutated(data: object, path: tuple[object, ...], how: str, odd: object) -> object:
    """A deep copy of ``data`` with the value at ``path`` replaced, dropped or given a stray key."""
    copy = json.loads(json.dumps(data))
    if not path:
        return odd
    holder = copy
    for part in path[:-1]:
        holder = holder[part]
    last = path[-1]
    if how == "drop" and isinstance(holder, dict):
        del holder[last]
    elif how == "stray" and isinstance(holder[last], dict):
        holder[last]["stray"] = odd
    else:
        holder[last] = odd
    return copy


def _outcome(read: object, data: object) -> object:
    try:
        return ("read", read(data))  # type: ignore[operator]
    except SerializeError as exc:
        return ("refused", exc.where, exc.problem)
    except (TypeError, ValueError) as exc:
        return ("error", type(exc).__name__, str(exc))


@settings(max_examples=examples(300), deadline=None)
@given(contractors, st.data())
def test_the_quick_reader_agrees_with_the_careful_one_on_changed_documents(
    contractor: Contractor, data: st.DataObject
) -> None:
    """Issue 13: the quick reader of a bulk import accepts and refuses exactly as ``from_data``."""
    document = contractor_to_dict(contractor)
    path = data.draw(st.sampled_from(_paths(document)))
    how = data.draw(st.sampled_from(["replace", "drop", "stray"]))
    odd = data.draw(
        st.sampled_from(
            [None, True, 0, -3, 2.5, "", "victory", "2024-01-01", "power", [], [1], {}, {"a": 1}]
        )
    )
    changed = _mutated(document, path, how, odd)
    assert _outcome(contractor_from_dict, changed) == _outcome(
        lambda d: from_data(Contractor, d, ""), changed
    )


@settings(max_examples=examples(300), deadline=None)
@given(entries)
def test_a_stored_entry_is_split_exactly_as_its_dict_says(entry: object) -> None:
    """``split_entry`` (an import's quick way) gives what the whole dict gives (issue 13)."""
    columns = ("date", "exp", "gift_id", "outcome")
    data = entry_to_dict(entry)  # type: ignore[arg-type]
    tag = data.pop("type")
    expected = (tag, {name: data.pop(name, None) for name in columns}, canonical_json(data))
    assert split_entry(entry, columns) == expected  # type: ignore[arg-type]


@settings(max_examples=examples(60), deadline=None)
@given(contractors)
def test_the_quick_reader_builds_what_the_careful_reader_builds(contractor: Contractor) -> None:
    """The written readers (``_write_slots_reader``: slots set without ``__init__``) give
    a contractor equal, field by field and type by type, to ``from_data``'s, which calls
    every class's own ``__init__`` (issue 29)."""
    data = json.loads(json.dumps(contractor_to_dict(contractor)))
    quick = contractor_from_dict(data)
    careful = from_data(Contractor, data, "")
    assert quick == careful == contractor
    assert repr(quick) == repr(careful)


def test_the_quick_reader_runs_post_init_and_fills_defaults() -> None:
    """A Gift draft read the quick way has its ``__post_init__`` applied (parameters frozen
    into a read-only mapping, modifier lists into tuples) and the defaults of the fields
    its file leaves out, exactly as its ``__init__`` gives them."""
    data = {
        "gift_type": "power",
        "effect": "heal",
        "style": "targeted",
        "enhancements": [{"id": "enh0"}],
        "parameters": {"range": "far"},
    }
    quick = _reader(GiftDraft)(data)  # the quick way itself: no fallback to from_data
    careful = from_data(GiftDraft, data, "")
    assert quick == careful
    assert type(quick.parameters) is type(careful.parameters)
    assert type(quick.enhancements) is tuple and quick.choices == {}
    with pytest.raises(TypeError):
        quick.parameters["range"] = "near"  # type: ignore[index]
