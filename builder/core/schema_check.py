"""A fast yes-or-no schema check: jsonschema's verdict on a document, without its generic walk.

``jsonschema`` walks a schema generically: at every value it looks up each
keyword's function, builds a child validator and resolves ``$ref``s, which
costs about 8 ms for a long-lived contractor's file and made the schema the
largest part of importing a library (issue 13: 1,000 files in ≤ 3 ms each).
A file that passes needs only the verdict, so ``compile_check`` turns a
validator's schema once into plain nested checks that answer True or False;
readers ask it first and only give a refused document to jsonschema, to word
its problems ("ledger[4].exp: expected an integer, got 'ten'").
``compile_schema`` compiles the same check from the schema alone, for the validators
the readers use (they assert no format), so reading a good file never loads jsonschema.

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

A test holds the two to the same verdict on shipped examples and mutated documents.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from builder.core.schema_source import SourceWriter, tag_rule

if TYPE_CHECKING:  # compiles a validator it is handed; jsonschema loads when one is made
    from jsonschema import Draft202012Validator, FormatChecker

Check = Callable[[Any], bool]
"""A compiled check: True when the value is valid under the schema it came from."""


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


ANNOTATIONS = _words(
    "$schema $id $comment $defs title description default examples deprecated readOnly "
    "writeOnly contentMediaType contentEncoding"
)
"""Keywords that never change a verdict (``$defs`` is reached through ``$ref``)."""

SUPPORTED = _words(
    "type enum const $ref allOf anyOf oneOf not if then else properties required "
    "additionalProperties patternProperties propertyNames minProperties maxProperties items "
    "prefixItems minItems maxItems minLength maxLength pattern format minimum maximum "
    "exclusiveMinimum exclusiveMaximum"
)
"""Keywords compiled here; a schema with any other is checked by jsonschema itself."""


class Unsupported(Exception):
    """The schema uses something this module does not compile."""


def compile_check(validator: Draft202012Validator) -> Check:
    """The verdict of ``validator.is_valid`` as a compiled check (or ``is_valid`` itself)."""
    try:
        types = _types_of(validator)
        return _written(_Compiler(validator.schema, validator.format_checker, types))
    except Unsupported:
        return validator.is_valid


def compile_schema(schema: dict[str, Any], *, strict: bool = True) -> Check | None:
    """``compile_check`` of a Draft 2020-12 validator of ``schema`` that asserts no format
    (``files.strict_validator``'s when ``strict``: only whole-number literals are integers;
    else a plain one's, whose integers include ``1.0``), made without loading jsonschema,
    which cost every importing process a fifth of a second (issue 29). None when the
    schema uses anything not compiled here: then ask jsonschema."""
    types = _TYPES if strict else {**_TYPES, "integer": _is_whole_number}
    try:
        return _written(_Compiler(schema, None, types))
    except Unsupported:
        return None


def _written(compiler: _Compiler) -> Check:
    """The compiler's check of its whole schema, written out as Python (``schema_source``):
    the same verdict as the closures, a few times faster. Compiling the closures first
    refuses (``Unsupported``) whatever they would."""
    compiler.compile(compiler.root)
    types = compiler.types
    return SourceWriter(
        compiler.compile,
        compiler._resolve,
        ANNOTATIONS,
        types["integer"],
        strict_integers=types["integer"] is _is_integer,
    ).check(compiler.root)


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


def _is_whole_number(value: Any) -> bool:
    """Draft 2020-12's own "integer": a whole number, ``1.0`` included."""
    return _is_integer(value) or (isinstance(value, float) and value.is_integer())


_MEANINGS: dict[str, tuple[Check, ...]] = {
    "integer": (_is_integer, _is_whole_number),
}
"""Type names a validator may mean one of several things by: ``files.strict_validator``'s
integer is a whole-number literal, a plain Draft 2020-12 validator's also ``1.0``."""


def _types_of(validator: Draft202012Validator) -> dict[str, Check]:
    """The type checks, after making sure the validator means the same by each name."""
    types: dict[str, Check] = {}
    for name, check in _TYPES.items():
        for meaning in (check, *_MEANINGS.get(name, ())):
            if all(validator.is_type(sample, name) == meaning(sample) for sample in _SAMPLES):
                types[name] = meaning
                break
        else:
            raise Unsupported(f"type {name!r} means something else to this validator")
    return types


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
    """Compiles one schema (with a validator's format checker and types); each ``$ref`` once."""

    def __init__(self, root: Any, format_checker: FormatChecker | None, types: dict[str, Check]):
        self.root = root
        self.format_checker = format_checker
        self.types = types
        self.refs: dict[str, Check] = {}

    def compile(self, node: Any) -> Check:  # noqa: C901  (complexity 11 when the limits came in)
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
        names = node.get("type")
        if isinstance(names, list) and len(names) == 1:
            names = names[0]
        if isinstance(names, str):
            # One type: the value's kind is known once its type is, so the
            # other kinds' keywords never apply, and the kind's own check
            # (which tests the type itself) is the whole typed check.
            kind = {"integer": "number"}.get(names, names)
            own = self._kind_check(kind, node, names) if kind in _KINDS else None
            checks.insert(0, own if own is not None else self._type(names))
            return _all_of(checks)
        for kind in _KINDS:
            own = self._kind_check(kind, node, None)
            if own is not None:
                checks.append(own)
        if names is not None:
            checks.insert(0, self._type(names))
        return _all_of(checks)

    def _kind_check(self, kind: str, node: dict[str, Any], typed: str | None) -> Check | None:
        """The keywords of one kind of value as one check (None: the node has none).

        With ``typed`` (the node's only type) the check also refuses a value
        of any other type; without, such a value passes (keywords apply only
        to their kind).
        """
        if kind == "object":
            return self._object(node, typed is not None)
        if kind == "array":
            return self._array(node, typed is not None)
        if kind == "string":
            return _string_check(node, typed is not None)
        return _number_check(node, typed, self.types["integer"])

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
            tagged = tag_rule(rule)
            if tagged is None or tag not in (None, tagged[0]):
                return None
            tag, text = tagged
            then = self.compile(rule["then"])
            thens.setdefault(text, []).append(then)
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
        node: Any = self.root
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

    def _object(self, node: dict[str, Any], typed: bool) -> Check | None:
        """Object keywords as one pass over the members (``properties`` and the like)."""
        required = frozenset(node.get("required", ()))
        others: list[Check] = []
        if "minProperties" in node:
            least = node["minProperties"]
            others.append(lambda value: len(value) >= least)
        if "maxProperties" in node:
            most = node["maxProperties"]
            others.append(lambda value: len(value) <= most)
        if "propertyNames" in node:
            name_check = self.compile(node["propertyNames"])
            others.append(lambda value: all(name_check(key) for key in value))
        properties = {key: self.compile(sub) for key, sub in node.get("properties", {}).items()}
        extra_schema = node.get("additionalProperties", True)
        extra = self.compile(extra_schema)
        if "patternProperties" in node:
            patterns: list[tuple[Callable[[str], Any], Check]] = [
                (re.compile(pattern).search, self.compile(sub))
                for pattern, sub in node["patternProperties"].items()
            ]
            others.append(_members_with_patterns(properties, patterns, extra))
            properties, extra_schema = {}, True
        if not required and not others and not properties and extra_schema is True and not typed:
            return None
        return _object_check(typed, required, properties, extra_schema, extra, others)

    # ----------------------------------------------------------------- arrays

    def _array(self, node: dict[str, Any], typed: bool) -> Check | None:  # noqa: C901  (complexity 11 when the limits came in)
        least = node.get("minItems")
        most = node.get("maxItems")
        prefix = [self.compile(sub) for sub in node.get("prefixItems", ())]
        items = node.get("items", True)
        item_check = None if items is True else self.compile(items)
        if least is None and most is None and not prefix and item_check is None and not typed:
            return None
        start = len(prefix)

        def check(value: Any) -> bool:
            if not isinstance(value, list):
                return not typed
            if least is not None and len(value) < least:
                return False
            if most is not None and len(value) > most:
                return False
            for each, item in zip(prefix, value, strict=False):
                if not each(item):
                    return False
            if item_check is not None:
                for item in value[start:] if start else value:
                    if not item_check(item):
                        return False
            return True

        return check


def _object_check(
    typed: bool,
    required: frozenset[str],
    properties: dict[str, Check],
    extra_schema: Any,
    extra: Check,
    others: list[Check],
) -> Check:
    """One object check: its type, required members, each member under its schema, the rest."""
    closed = extra_schema is False
    open_extra = None if extra_schema is True or closed else extra
    listed = bool(properties) or closed or open_extra is not None
    if listed and not closed and open_extra is None:
        # Members not listed pass: look up the listed ones (a ledger entry's "type")
        # rather than every member.
        return _open_object_check(typed, required, tuple(properties.items()), others)

    def check(value: Any) -> bool:
        if not isinstance(value, dict):
            return not typed
        if required and not value.keys() >= required:
            return False
        if listed:
            for key, item in value.items():
                member = properties.get(key)
                if member is None:
                    if closed or (open_extra is not None and not open_extra(item)):
                        return False
                elif not member(item):
                    return False
        return all(each(value) for each in others) if others else True

    return check


def _open_object_check(
    typed: bool,
    required: frozenset[str],
    properties: tuple[tuple[str, Check], ...],
    others: list[Check],
) -> Check:
    """``_object_check`` when members not in ``properties`` are allowed whatever they hold."""

    def check(value: Any) -> bool:
        if not isinstance(value, dict):
            return not typed
        if required and not value.keys() >= required:
            return False
        for key, member in properties:
            if key in value and not member(value[key]):
                return False
        return all(each(value) for each in others) if others else True

    return check


def _string_check(node: dict[str, Any], typed: bool) -> Check | None:
    """``minLength``, ``maxLength`` (code points) and ``pattern`` (a search) as one check."""
    least = node.get("minLength")
    most = node.get("maxLength")
    search = re.compile(node["pattern"]).search if "pattern" in node else None
    if least is None and search is None:
        if most is None:
            return (lambda value: isinstance(value, str)) if typed else None
        if typed:
            return lambda value: isinstance(value, str) and len(value) <= most
        return lambda value: not isinstance(value, str) or len(value) <= most

    def check(value: Any) -> bool:
        if not isinstance(value, str):
            return not typed
        if least is not None and len(value) < least:
            return False
        if most is not None and len(value) > most:
            return False
        return search is None or search(value) is not None

    return check


def _number_check(
    node: dict[str, Any], typed: str | None, is_integer: Check = _is_integer
) -> Check | None:
    """``minimum`` and the like, for a number (or, ``typed``, a value of that one type)."""
    bounds = [
        (keyword, node[keyword])
        for keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
        if keyword in node
    ]
    is_kind = is_integer if typed == "integer" else _is_number
    if not bounds:
        return is_kind if typed else None
    low = node.get("minimum")
    high = node.get("maximum")
    above = node.get("exclusiveMinimum")
    below = node.get("exclusiveMaximum")

    def check(value: Any) -> bool:
        if not is_kind(value):
            return not typed
        # written as jsonschema writes them, so NaN compares the same way
        if low is not None and value < low:
            return False
        if high is not None and value > high:
            return False
        if above is not None and value <= above:
            return False
        return below is None or not value >= below

    return check


_KINDS = ("object", "array", "string", "number")
"""The kinds of value keywords apply to (``minimum`` to any number, ``maxLength`` to text…)."""


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
