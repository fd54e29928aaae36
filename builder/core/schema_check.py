"""A fast yes-or-no schema check: jsonschema's verdict on a document, without its generic walk.

``jsonschema`` walks a schema generically: at every value it looks up each
keyword's function, builds a child validator and resolves ``$ref``s, which
costs about 8 ms for a long-lived contractor's file and made the schema the
largest part of importing a library (issue 13: 1,000 files in ≤ 3 ms each).
A file that passes needs only the verdict, so ``compile_check`` turns a
validator's schema once into plain nested checks that answer True or False;
readers ask it first and only give a refused document to jsonschema, to word
its problems ("ledger[4].exp: expected an integer, got 'ten'").

The compiled check must never accept what jsonschema refuses. It therefore:

- follows the same rules keyword by keyword (the ``jsonschema._keywords``
  semantics of Draft 2020-12: each keyword applies only to values of its
  type, ``const``/``enum`` compare with JSON equality where ``true`` is not
  ``1``, ``pattern`` is ``re.search``, ``format`` asserts only when the
  validator has a format checker, and then through that checker);
- takes each JSON type's meaning from the validator's own type checker,
  checked at compile time on sample values (``strict_validator``'s integer
  is a whole-number literal only, never ``1.0``);
- supports a known set of keywords and, for a schema using any other (or a
  remote ``$ref``), gives back ``validator.is_valid`` itself: slower, never
  different.

A test holds the two to the same verdict on every shipped schema's examples
and on thousands of mutated documents.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from jsonschema import Draft202012Validator

Check = Callable[[Any], bool]
"""A compiled check: True when the value is valid under the schema it came from."""

ANNOTATIONS = frozenset(
    {
        "$schema",
        "$id",
        "$comment",
        "$defs",
        "title",
        "description",
        "default",
        "examples",
        "deprecated",
        "readOnly",
        "writeOnly",
        "contentMediaType",
        "contentEncoding",
    }
)
"""Keywords that never change a verdict (``$defs`` is reached through ``$ref``)."""

SUPPORTED = frozenset(
    {
        "type",
        "enum",
        "const",
        "$ref",
        "allOf",
        "anyOf",
        "oneOf",
        "not",
        "if",
        "then",
        "else",
        "properties",
        "required",
        "additionalProperties",
        "patternProperties",
        "propertyNames",
        "minProperties",
        "maxProperties",
        "items",
        "prefixItems",
        "minItems",
        "maxItems",
        "minLength",
        "maxLength",
        "pattern",
        "format",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
    }
)
"""Keywords compiled here; a schema with any other is checked by jsonschema itself."""


class Unsupported(Exception):
    """The schema uses something this module does not compile."""


def compile_check(validator: Draft202012Validator) -> Check:
    """The verdict of ``validator.is_valid`` as a compiled check (or ``is_valid`` itself)."""
    try:
        types = _types_of(validator)
        return _Compiler(validator, types).compile(validator.schema)
    except Unsupported:
        return validator.is_valid  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- types


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _is_integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_TYPES: dict[str, Check] = {
    "object": lambda value: isinstance(value, dict),
    "array": lambda value: isinstance(value, list),
    "string": lambda value: isinstance(value, str),
    "boolean": lambda value: isinstance(value, bool),
    "null": lambda value: value is None,
    "number": _is_number,
    "integer": _is_integer,
}

_SAMPLES: tuple[Any, ...] = (None, True, False, 0, 1, -7, 2**70, 1.0, -2.0, 1.5, "", "1", [], {})
"""Values on which each type's compiled meaning must agree with the validator's type checker.

JSON gives nothing else (objects are dicts, arrays lists, numbers int or float).
"""


def _types_of(validator: Draft202012Validator) -> dict[str, Check]:
    """The type checks, after making sure the validator means the same by each name."""
    for name, check in _TYPES.items():
        for sample in _SAMPLES:
            if validator.is_type(sample, name) != check(sample):
                raise Unsupported(f"type {name!r} differs on {sample!r}")
    return _TYPES


# --------------------------------------------------------------------------- equality


def json_equal(one: Any, two: Any) -> bool:
    """JSON equality as ``const`` and ``enum`` use it: ``true`` is not ``1``, ``1`` is ``1.0``."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, list | tuple) and isinstance(two, list | tuple):
        return len(one) == len(two) and all(json_equal(a, b) for a, b in zip(one, two, strict=True))
    if isinstance(one, dict) and isinstance(two, dict):
        return len(one) == len(two) and all(
            key in two and json_equal(value, two[key]) for key, value in one.items()
        )
    if isinstance(one, bool) or isinstance(two, bool):
        return one is two
    return bool(one == two)


def _const(expected: Any) -> Check:
    if isinstance(expected, str):
        return lambda value: value == expected
    return lambda value: json_equal(value, expected)


def _enum(allowed: list[Any]) -> Check:
    if allowed and all(isinstance(item, str) for item in allowed):
        texts = frozenset(allowed)
        return lambda value: isinstance(value, str) and value in texts
    return lambda value: any(json_equal(value, item) for item in allowed)


# --------------------------------------------------------------------------- compiler


def _always(_value: Any) -> bool:
    return True


def _never(_value: Any) -> bool:
    return False


def _all_of(checks: list[Check]) -> Check:
    if not checks:
        return _always
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        first, second = checks
        return lambda value: first(value) and second(value)

    def check(value: Any) -> bool:
        for each in checks:  # noqa: SIM110 (a loop is faster than all() here)
            if not each(value):
                return False
        return True

    return check


class _Compiler:
    """Compiles one validator's schema; ``$ref`` targets are compiled once each."""

    def __init__(self, validator: Draft202012Validator, types: dict[str, Check]) -> None:
        self.root = validator.schema
        self.format_checker = validator.format_checker
        self.types = types
        self.refs: dict[str, Check] = {}

    def compile(self, node: Any) -> Check:
        if node is True:
            return _always
        if node is False:
            return _never
        if not isinstance(node, dict):
            raise Unsupported(f"a schema must be an object or a boolean, not {node!r}")
        unknown = set(node) - SUPPORTED - ANNOTATIONS
        if unknown:
            raise Unsupported(f"keywords {sorted(unknown)}")
        if "$id" in node and node is not self.root:
            raise Unsupported("an embedded $id changes the base of references")
        checks = self._generic(node)
        by_kind = {
            "object": self._object(node),
            "array": self._array(node),
            "string": self._string(node),
            "number": self._number(node),
        }
        names = node.get("type")
        if isinstance(names, list) and len(names) == 1:
            names = names[0]
        if isinstance(names, str):
            # one type: the value's kind is known once its type is, so the
            # checks of the other kinds never apply
            kind = "number" if names == "integer" else names
            checks.insert(0, _typed(self._type(names), by_kind.get(kind)))
            return _all_of(checks)
        for kind, check in by_kind.items():
            if check is not None:
                checks.append(_when(kind, check))
        if names is not None:
            checks.insert(0, self._type(names))
        return _all_of(checks)

    # ----------------------------------------------------------------- any value

    def _type(self, names: Any) -> Check:
        listed = [names] if isinstance(names, str) else list(names)
        try:
            checks = [self.types[name] for name in listed]
        except (KeyError, TypeError):
            raise Unsupported(f"type {names!r}") from None
        if len(checks) == 1:
            return checks[0]
        return lambda value: any(check(value) for check in checks)

    def _generic(self, node: dict[str, Any]) -> list[Check]:
        checks: list[Check] = []
        if "const" in node:
            checks.append(_const(node["const"]))
        if "enum" in node:
            checks.append(_enum(list(node["enum"])))
        if "$ref" in node:
            checks.append(self._ref(node["$ref"]))
        rules = list(node.get("allOf", ()))
        switch = self._switch(rules)
        if switch is not None:
            checks.append(switch)
        else:
            checks.extend(self.compile(each) for each in rules)
        if "anyOf" in node:
            options = [self.compile(each) for each in node["anyOf"]]
            checks.append(lambda value: any(option(value) for option in options))
        if "oneOf" in node:
            choices = [self.compile(each) for each in node["oneOf"]]
            checks.append(lambda value: sum(1 for c in choices if c(value)) == 1)
        if "not" in node:
            negated = self.compile(node["not"])
            checks.append(lambda value: not negated(value))
        if "if" in node:
            checks.append(self._if(node))
        checker = self.format_checker
        if "format" in node and checker is not None:
            # jsonschema hands a value of any type to the format checker, which passes
            # what its format does not apply to; an unknown format passes everything.
            fmt = node["format"]
            checks.append(lambda value: bool(checker.conforms(value, fmt)))
        return checks

    def _switch(self, rules: list[Any]) -> Check | None:
        """``allOf`` of ``if`` member P is "a" ``then`` A, … as one lookup by the value of P.

        The shape a schema uses to pick an object's definition by a tag
        (a ledger entry by its ``type``). Each rule's ``if`` holds for a
        value that is not an object, an object without P, or one whose P
        equals its text; so an object's P picks the rules to apply (text
        equals only the same text), and anything else gets every rule.
        """
        if len(rules) < 2:
            return None
        tag: str | None = None
        thens: dict[str, list[Check]] = {}
        every: list[Check] = []
        for rule in rules:
            if not isinstance(rule, dict) or set(rule) != {"if", "then"}:
                return None
            condition = rule["if"]
            if not isinstance(condition, dict) or set(condition) != {"properties"}:
                return None
            members = condition["properties"]
            if not isinstance(members, dict) or len(members) != 1:
                return None
            ((name, test),) = members.items()
            if tag not in (None, name) or not isinstance(test, dict) or set(test) != {"const"}:
                return None
            if not isinstance(test["const"], str):
                return None
            tag = name
            then = self.compile(rule["then"])
            thens.setdefault(test["const"], []).append(then)
            every.append(then)
        by_tag = {value: _all_of(checks) for value, checks in thens.items()}
        everything = _all_of(every)

        def check(value: Any) -> bool:
            if not isinstance(value, dict) or tag not in value:
                return everything(value)
            chosen = by_tag.get(value[tag]) if isinstance(value[tag], str) else None
            return chosen is None or chosen(value)

        return check

    def _if(self, node: dict[str, Any]) -> Check:
        condition = self.compile(node["if"])
        then = self.compile(node.get("then", True))
        otherwise = self.compile(node.get("else", True))
        return lambda value: then(value) if condition(value) else otherwise(value)

    def _ref(self, reference: Any) -> Check:
        if not isinstance(reference, str) or not reference.startswith("#"):
            raise Unsupported(f"$ref {reference!r}")
        known = self.refs.get(reference)
        if known is not None:
            return known
        target: list[Check] = []
        self.refs[reference] = lambda value: target[0](value)  # a recursive schema
        target.append(self.compile(self._resolve(reference)))
        self.refs[reference] = target[0]
        return target[0]

    def _resolve(self, reference: str) -> Any:
        node = self.root
        pointer = reference[1:]
        if pointer and not pointer.startswith("/"):
            raise Unsupported(f"$ref {reference!r} (anchors are not compiled)")
        for raw in pointer.split("/")[1:]:
            part = raw.replace("~1", "/").replace("~0", "~")
            try:
                node = node[int(part)] if isinstance(node, list) else node[part]
            except (KeyError, IndexError, ValueError, TypeError):
                raise Unsupported(f"$ref {reference!r} points nowhere") from None
        return node

    # ----------------------------------------------------------------- objects

    def _object(self, node: dict[str, Any]) -> Check | None:
        checks: list[Check] = []
        required = tuple(node.get("required", ()))
        if required:
            checks.append(lambda value: all(key in value for key in required))
        if "minProperties" in node:
            least = node["minProperties"]
            checks.append(lambda value: len(value) >= least)
        if "maxProperties" in node:
            most = node["maxProperties"]
            checks.append(lambda value: len(value) <= most)
        if "propertyNames" in node:
            name_check = self.compile(node["propertyNames"])
            checks.append(lambda value: all(name_check(key) for key in value))
        members = self._members(node)
        if members is not None:
            checks.append(members)
        return _all_of(checks) if checks else None

    def _members(self, node: dict[str, Any]) -> Check | None:
        """``properties``, ``patternProperties`` and ``additionalProperties`` as one pass."""
        properties = {key: self.compile(sub) for key, sub in node.get("properties", {}).items()}
        patterns = [
            (re.compile(pattern).search, self.compile(sub))
            for pattern, sub in node.get("patternProperties", {}).items()
        ]
        extra_schema = node.get("additionalProperties", True)
        extra = self.compile(extra_schema)
        if not properties and not patterns and extra_schema is True:
            return None
        if patterns:
            return _members_with_patterns(properties, patterns, extra)
        if extra_schema is False:
            return _closed_members(properties)
        return _open_members(properties, extra)

    # ----------------------------------------------------------------- arrays

    def _array(self, node: dict[str, Any]) -> Check | None:
        checks: list[Check] = []
        if "minItems" in node:
            least = node["minItems"]
            checks.append(lambda value: len(value) >= least)
        if "maxItems" in node:
            most = node["maxItems"]
            checks.append(lambda value: len(value) <= most)
        prefix = [self.compile(sub) for sub in node.get("prefixItems", ())]
        if prefix:
            checks.append(
                lambda value: all(check(item) for check, item in zip(prefix, value, strict=False))
            )
        if "items" in node and node["items"] is not True:
            item_check = self.compile(node["items"])
            start = len(prefix)
            if start:
                checks.append(lambda value: all(item_check(item) for item in value[start:]))
            else:
                checks.append(lambda value: all(item_check(item) for item in value))
        return _all_of(checks) if checks else None

    # ----------------------------------------------------------------- strings and numbers

    def _string(self, node: dict[str, Any]) -> Check | None:
        checks: list[Check] = []
        if "minLength" in node:
            least = node["minLength"]
            checks.append(lambda value: len(value) >= least)
        if "maxLength" in node:
            most = node["maxLength"]
            checks.append(lambda value: len(value) <= most)
        if "pattern" in node:
            search = re.compile(node["pattern"]).search
            checks.append(lambda value: search(value) is not None)
        return _all_of(checks) if checks else None

    def _number(self, node: dict[str, Any]) -> Check | None:
        checks: list[Check] = []
        if "minimum" in node:
            low = node["minimum"]
            checks.append(lambda value: not value < low)
        if "maximum" in node:
            high = node["maximum"]
            checks.append(lambda value: not value > high)
        if "exclusiveMinimum" in node:
            above = node["exclusiveMinimum"]
            checks.append(lambda value: not value <= above)
        if "exclusiveMaximum" in node:
            below = node["exclusiveMaximum"]
            checks.append(lambda value: not value >= below)
        return _all_of(checks) if checks else None


_KINDS: dict[str, Check] = {
    "object": lambda value: isinstance(value, dict),
    "array": lambda value: isinstance(value, list),
    "string": lambda value: isinstance(value, str),
    "number": _is_number,
}
"""The kinds of value keywords apply to (``minimum`` to any number, ``maxLength`` to text…)."""


def _when(kind: str, check: Check) -> Check:
    """``check`` for values of one kind; values of any other kind pass."""
    is_kind = _KINDS[kind]
    return lambda value: not is_kind(value) or check(value)


def _typed(is_type: Check, check: Check | None) -> Check:
    """A value of one type (``is_type``) that also passes its kind's ``check``."""
    if check is None:
        return is_type
    return lambda value: is_type(value) and check(value)


def _closed_members(properties: dict[str, Check]) -> Check:
    """Every member must be a listed property, valid under its schema."""

    def check(value: dict[str, Any]) -> bool:
        for key, item in value.items():
            member = properties.get(key)
            if member is None or not member(item):
                return False
        return True

    return check


def _open_members(properties: dict[str, Check], extra: Check) -> Check:
    """Listed properties valid under their schemas, every other member under ``extra``."""

    def check(value: dict[str, Any]) -> bool:
        for key, item in value.items():
            member = properties.get(key, extra)
            if not member(item):
                return False
        return True

    return check


def _members_with_patterns(
    properties: dict[str, Check],
    patterns: list[tuple[Callable[[str], Any], Check]],
    extra: Check,
) -> Check:
    """The general case: a member may match its property and any number of patterns."""

    def check(value: dict[str, Any]) -> bool:
        for key, item in value.items():
            matched = False
            member = properties.get(key)
            if member is not None:
                matched = True
                if not member(item):
                    return False
            for search, sub in patterns:
                if search(key) is not None:
                    matched = True
                    if not sub(item):
                        return False
            if not matched and not extra(item):
                return False
        return True

    return check
