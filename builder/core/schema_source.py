"""The compiled schema check written out as one Python function per schema node.

``schema_check`` turns a schema into nested closures: one Python call per
value and per keyword, which was still the largest part of reading a
contractor file (issue 29: about 0.8 ms of an import's 4.8 ms per file). The
shapes a character file's schema is made of (closed objects with required
members, arrays of one item schema, bounded text, numbers, enums, tagged
ledger entries) are written here as straight-line Python instead: a member's
text or number test is inlined where its object is checked, so a value costs
no call of its own. Any other node is checked by the closure
``schema_check`` compiled for it, so the verdict is always that of the
closures (the same tests hold both to jsonschema's).

Nothing of the schema reaches the written source: member names, bounds,
patterns and enums are handed to it as named constants, so the source is
made only of this module's own templates, whatever the schema holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]

_MISSING = object()

_LEAF_STRING = frozenset({"type", "minLength", "maxLength", "pattern"})
_LEAF_NUMBER = frozenset({"type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"})
_OBJECT = frozenset({"type", "required", "properties", "additionalProperties"})
_ARRAY = frozenset({"type", "items", "minItems", "maxItems"})
_BOUNDS = (
    ("minimum", "<"),
    ("maximum", ">"),
    ("exclusiveMinimum", "<="),
    ("exclusiveMaximum", ">="),
)
"""Each number keyword with the comparison that refuses a value (written as the closures)."""


class SourceWriter:
    """Writes one schema's check as Python functions; ``fallback(node)`` is the closure check
    of a node not written here, ``resolve(ref)`` a local ``$ref``'s node, ``annotations``
    the keywords that never change a verdict, ``strict_integers`` whether an integer is a
    whole-number literal only (else the closures' own integer test is called)."""

    def __init__(
        self,
        fallback: Callable[[Any], Check],
        resolve: Callable[[str], Any],
        annotations: frozenset[str],
        integer: Check,
        strict_integers: bool,
    ) -> None:
        self.fallback = fallback
        self.resolve = resolve
        self.annotations = annotations
        self.integer = integer
        self.strict_integers = strict_integers
        self.names: dict[str, Any] = {"_MISSING": _MISSING}
        self.functions: dict[int, str] = {}
        self.kept: list[Any] = []  # the nodes named in ``functions`` (their ids stay theirs)
        self.source: list[str] = []
        self.tables: list[str] = []  # filled once every function is written

    def check(self, root: Any) -> Check:
        """The written check of ``root``."""
        name = self.function(root)
        namespace = dict(self.names)
        text = "\n".join([*self.source, *self.tables])
        # Only this module's templates and names: see the module's docstring.
        exec(compile(text, "<schema check>", "exec"), namespace)
        check: Check = namespace[name]
        return check

    # ----------------------------------------------------------------- names

    def constant(self, value: Any) -> str:
        """A name the written source reads ``value`` by."""
        name = f"_k{len(self.names)}"
        self.names[name] = value
        return name

    def function(self, node: Any) -> str:
        """The name of the written function checking ``node`` (written once per node)."""
        known = self.functions.get(id(node))
        if known is not None:
            return known
        name = f"_f{len(self.functions)}"
        self.functions[id(node)] = name
        self.kept.append(node)
        body = self.body(node)
        self.source.append(f"def {name}(v):\n" + "\n".join("    " + line for line in body))
        return name

    # ----------------------------------------------------------------- expressions

    def expression(self, node: Any, var: str, depth: int = 0) -> str:
        """A Python expression, true when ``var`` is valid under ``node``."""
        leaf = self.leaf(node, var, depth)
        return leaf if leaf is not None else f"{self.function(node)}({var})"

    def leaf(self, node: Any, var: str, depth: int) -> str | None:  # noqa: PLR0911  (one return per kind of leaf)
        """The inline test of a text, number, flag, enum, constant or reference; None if not one."""
        if node is True or node is False:
            return str(node)
        if not isinstance(node, dict):
            return None
        keys = set(node) - self.annotations
        if keys == {"$ref"} and isinstance(node["$ref"], str) and depth < 8:
            return self.expression(self.resolve(node["$ref"]), var, depth + 1)
        kind = node.get("type")
        if kind == "string" and keys <= _LEAF_STRING:
            return self.text(node, var)
        if kind in ("integer", "number") and keys <= _LEAF_NUMBER:
            return self.number(node, var, kind)
        if kind == "boolean" and keys == {"type"}:
            return f"({var} is True or {var} is False)"
        enum = node.get("enum")
        if keys == {"enum"} and enum and all(type(item) is str for item in enum):
            return f"(isinstance({var}, str) and {var} in {self.constant(frozenset(enum))})"
        if keys == {"const"} and type(node["const"]) is str:
            return f"{var} == {self.constant(node['const'])}"
        return None

    def text(self, node: dict[str, Any], var: str) -> str:
        parts = [f"isinstance({var}, str)"]
        if "minLength" in node:
            parts.append(f"len({var}) >= {self.constant(node['minLength'])}")
        if "maxLength" in node:
            parts.append(f"len({var}) <= {self.constant(node['maxLength'])}")
        if "pattern" in node:
            search = self.constant(re.compile(node["pattern"]).search)
            parts.append(f"{search}({var}) is not None")
        return "(" + " and ".join(parts) + ")"

    def number(self, node: dict[str, Any], var: str, kind: str) -> str:
        if kind == "number":
            parts = [f"isinstance({var}, (int, float)) and not isinstance({var}, bool)"]
        elif self.strict_integers:
            parts = [f"isinstance({var}, int) and not isinstance({var}, bool)"]
        else:
            parts = [f"{self.constant(self.integer)}({var})"]
        for keyword, refused in _BOUNDS:
            if keyword in node:
                parts.append(f"not {var} {refused} {self.constant(node[keyword])}")
        return "(" + " and ".join(parts) + ")"

    # ----------------------------------------------------------------- functions

    def body(self, node: Any) -> list[str]:
        """The lines of the function checking ``node`` (its value is ``v``)."""
        leaf = self.leaf(node, "v", 0)
        if leaf is not None:
            return [f"return {leaf}"]
        keys = set(node) - self.annotations if isinstance(node, dict) else set()
        if keys and node.get("type") == "object":
            rules = node.get("allOf")
            if keys - {"allOf"} <= _OBJECT and self.closed_or_open(node):
                lines = self.object_lines(node)
                if rules is None:
                    return lines
                switch = self.switch(rules)
                if switch is not None:
                    return lines[:-1] + switch
        if keys and keys <= _ARRAY and node.get("type") == "array":
            return self.array_lines(node)
        return [f"return {self.constant(self.fallback(node))}(v)"]

    @staticmethod
    def closed_or_open(node: dict[str, Any]) -> bool:
        return node.get("additionalProperties", True) in (True, False) and all(
            isinstance(name, str) for name in node.get("properties", {})
        )

    def object_lines(self, node: dict[str, Any]) -> list[str]:
        """An object's type, required members, closed set of members and each member's test."""
        required = node.get("required", [])
        properties: dict[str, Any] = node.get("properties", {})
        lines = ["if not isinstance(v, dict):", "    return False"]
        if required:
            lines += [
                f"if not v.keys() >= {self.constant(frozenset(required))}:",
                "    return False",
            ]
        if node.get("additionalProperties", True) is False:
            lines += [
                f"if not v.keys() <= {self.constant(frozenset(properties))}:",
                "    return False",
            ]
        for name, sub in properties.items():
            test = self.expression(sub, "x")
            if test == "True":
                continue
            key = self.constant(name)
            if name in required:
                lines += [f"x = v[{key}]", f"if not {test}:", "    return False"]
            else:
                lines += [
                    f"x = v.get({key}, _MISSING)",
                    f"if x is not _MISSING and not {test}:",
                    "    return False",
                ]
        return [*lines, "return True"]

    def switch(self, rules: Any) -> list[str] | None:
        """``allOf`` of "if member P is "a" then A" rules as one lookup by P (the closures'
        ``_switch``); None when the rules are not of that shape."""
        if not isinstance(rules, list) or len(rules) < 2:
            return None
        tag: str | None = None
        thens: dict[str, list[str]] = {}
        for rule in rules:
            member = tag_rule(rule)
            if member is None or tag not in (None, member[0]):
                return None
            tag = member[0]
            thens.setdefault(member[1], []).append(self.function(rule["then"]))
        by_tag = {}
        for value, names in thens.items():
            by_tag[value] = names[0] if len(names) == 1 else self.all_of(names)
        table = self.constant(by_tag)  # names now, the written functions once they exist
        self.tables.append(f"{table} = {{k: globals()[n] for k, n in {table}.items()}}")
        every = self.constant(self.fallback({"allOf": rules}))
        key = self.constant(tag)
        return [
            f"if {key} not in v:",
            f"    return {every}(v)",
            f"t = v[{key}]",
            f"g = {table}.get(t) if isinstance(t, str) else None",
            "return g is None or g(v)",
        ]

    def all_of(self, names: list[str]) -> str:
        name = f"_f{len(self.functions)}"
        self.functions[id(names)] = name
        self.kept.append(names)
        self.source.append(f"def {name}(v):\n    return " + " and ".join(f"{n}(v)" for n in names))
        return name

    def array_lines(self, node: dict[str, Any]) -> list[str]:
        lines = ["if not isinstance(v, list):", "    return False"]
        if "minItems" in node:
            lines += [f"if len(v) < {self.constant(node['minItems'])}:", "    return False"]
        if "maxItems" in node:
            lines += [f"if len(v) > {self.constant(node['maxItems'])}:", "    return False"]
        items = node.get("items", True)
        if items is not True:
            lines += [
                "for x in v:",
                f"    if not {self.expression(items, 'x')}:",
                "        return False",
            ]
        return [*lines, "return True"]


def tag_rule(rule: Any) -> tuple[str, str] | None:
    """(P, "a") of a rule "if member P is the text "a" then …", else None."""
    if not isinstance(rule, dict) or set(rule) != {"if", "then"}:
        return None
    condition = rule["if"]
    if not isinstance(condition, dict) or set(condition) != {"properties"}:
        return None
    members = condition["properties"]
    if not isinstance(members, dict) or len(members) != 1:
        return None
    ((name, test),) = members.items()
    if not isinstance(test, dict) or set(test) != {"const"} or not isinstance(test["const"], str):
        return None
    return name, test["const"]
