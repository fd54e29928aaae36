"""Hover help for game terms in a System Text (issue 15, item 4).

``resources/glossary.toml`` explains the game's terms (Exert, Resist,
Sapient, "dice bonuses don't stack", ...) in a sentence or two of our own
words from the rules. :func:`find_terms` finds them in a System Text, so the
builder can underline each one and show its explanation on hover.

It also explains every Effect of the shipped Gift catalog (``[effects.<id>]``,
issue 31.7): what the Effect does at the table in the game's terms and the
rules section that governs it, shown beside the Effect's summary. A test holds
the two together: every catalog Effect has an entry, and every entry names an
Effect of the catalog.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

import tomli

_TERM_FIELDS = frozenset({"term", "forms", "explanation", "rules"})
_EFFECT_FIELDS = frozenset({"explanation", "rules"})


class GlossaryError(ValueError):
    """A glossary file that cannot be used; the message names the entry and the problem."""


@dataclass(frozen=True, slots=True)
class Term:
    """One game term: its written forms, what it means, and the rules section to read."""

    id: str
    term: str
    forms: tuple[str, ...]
    explanation: str
    rules: str = ""


@dataclass(frozen=True, slots=True)
class EffectNote:
    """The glossary's explanation of one Effect (by catalog id) and the rules section to read."""

    effect: str
    explanation: str
    rules: str = ""


@dataclass(frozen=True, slots=True)
class TermHit:
    """A glossary term found in a text at ``start``:``end`` (as written there)."""

    term: Term
    start: int
    end: int
    text: str


@dataclass(frozen=True, slots=True)
class Glossary:
    """Every term, plus one pattern matching any form (longest first)."""

    terms: tuple[Term, ...]
    pattern: re.Pattern[str]
    by_form: dict[str, Term]
    effects: Mapping[str, EffectNote] = field(default_factory=dict)


def _term(tid: str, table: object) -> Term:
    if not isinstance(table, dict):
        raise GlossaryError(f"terms.{tid}: must be a table")
    unknown = set(table) - _TERM_FIELDS
    if unknown:
        raise GlossaryError(f"terms.{tid}: unknown field(s) {', '.join(sorted(unknown))}")
    term, explanation = table.get("term"), table.get("explanation")
    forms = table.get("forms", [])
    if not isinstance(term, str) or not term.strip():
        raise GlossaryError(f"terms.{tid}: 'term' is required")
    if not isinstance(explanation, str) or not explanation.strip():
        raise GlossaryError(f"terms.{tid}: 'explanation' is required")
    if not isinstance(forms, list) or not all(isinstance(f, str) and f for f in forms):
        raise GlossaryError(f"terms.{tid}: 'forms' must be a list of words")
    rules = table.get("rules", "")
    return Term(
        tid, term, (term, *forms), explanation.strip(), rules if isinstance(rules, str) else ""
    )


def _effect_note(eid: str, table: object) -> EffectNote:
    if not isinstance(table, dict):
        raise GlossaryError(f"effects.{eid}: must be a table")
    unknown = set(table) - _EFFECT_FIELDS
    if unknown:
        raise GlossaryError(f"effects.{eid}: unknown field(s) {', '.join(sorted(unknown))}")
    explanation, rules = table.get("explanation"), table.get("rules", "")
    if not isinstance(explanation, str) or not explanation.strip():
        raise GlossaryError(f"effects.{eid}: 'explanation' is required")
    if not isinstance(rules, str):
        raise GlossaryError(f"effects.{eid}: 'rules' must be the name of a rules section")
    return EffectNote(eid, explanation.strip(), rules)


def parse_glossary(text: str) -> Glossary:
    """A glossary from TOML text; raises GlossaryError on a bad entry or a form used twice."""
    doc = tomli.loads(text)
    raw = doc.get("terms", {})
    raw_effects = doc.get("effects", {})
    if set(doc) - {"terms", "effects"} or not isinstance(raw, dict):
        raise GlossaryError("a glossary has only [terms.<id>] and [effects.<id>] tables")
    if not isinstance(raw_effects, dict):
        raise GlossaryError("'effects' must hold [effects.<effect id>] tables")
    effects = {eid: _effect_note(eid, table) for eid, table in raw_effects.items()}
    terms = tuple(_term(tid, table) for tid, table in raw.items())
    by_form: dict[str, Term] = {}
    for term in terms:
        for form in term.forms:
            if form in by_form:
                raise GlossaryError(
                    f"terms.{term.id}: {form!r} is already a form of terms.{by_form[form].id}"
                )
            by_form[form] = term
    alternatives = "|".join(re.escape(f) for f in sorted(by_form, key=len, reverse=True))
    return Glossary(
        terms,
        re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)"),
        by_form,
        MappingProxyType(effects),
    )


def load_glossary(path: Path) -> Glossary:
    """The glossary in a TOML file."""
    return parse_glossary(path.read_text(encoding="utf-8"))


@functools.cache
def default_glossary() -> Glossary:
    """The shipped glossary (``resources/glossary.toml``), read once."""
    from resources import resource_path

    return load_glossary(resource_path("glossary.toml"))


def effect_note(effect_id: str, glossary: Glossary | None = None) -> EffectNote | None:
    """The glossary's explanation of an Effect, or None (a house-rule Effect has none)."""
    return (glossary or default_glossary()).effects.get(effect_id)


def find_terms(text: str, glossary: Glossary | None = None) -> tuple[TermHit, ...]:
    """Every glossary term in ``text``, in order, longest form winning ("Weapon Damage")."""
    glossary = glossary or default_glossary()
    return tuple(
        TermHit(glossary.by_form[m.group(0)], m.start(), m.end(), m.group(0))
        for m in glossary.pattern.finditer(text)
    )
