"""Compiled SQL shared by every library engine of one process, one bounded cache per backend.

SQLAlchemy turns each statement into SQL once and keeps the result in a cache
of the engine that ran it, keyed by ``(dialect, statement key, column keys,
schema translated?, executemany?)``. Every library gets its own engine, so the
same twenty-odd statements were compiled again for each library opened: a
library opened a second time in the app, and each test's own library, paid
about 40 % of the CPU of opening it, saving a contractor and reading it back.

The statement key already holds everything of a statement that shapes its SQL
(its tables, columns, types and parameters; a migration's own ``sa.table()``
constructs have keys of their own), so what the schema revision changes is in
it. Only the first member, the engine's dialect object, differs between two
engines. :class:`SharedCompiledCache` stands it in by the dialect's
*configuration*: its class (SQL compiled for SQLite never reaches PostgreSQL)
and every plain setting it holds once connected (server version, parameter
style, identifier limits, JSON serializer...). Two engines whose dialects agree
on all of these compile every statement to the same SQL with the same bind
and result processors, which is what makes the compiled form reusable.

Engines get the cache through the public ``compiled_cache`` execution option
(:func:`shared_compiled_cache`). The ORM's flush keeps its INSERT and UPDATE
statements in a cache of its own per mapper; :func:`share_mapper_caches` hands
those the same kind of cache.
"""

from __future__ import annotations

import threading
import types
import weakref
from collections.abc import Hashable, Iterator, MutableMapping
from typing import Any

from sqlalchemy.engine import Dialect
from sqlalchemy.orm import Mapper, registry
from sqlalchemy.util import LRUCache, memoized_property
from sqlalchemy.util.langhelpers import HasMemoized

CAPACITY = 1_000
"""Compiled statements kept per backend. The app runs a few hundred distinct statements
(migrations included); SQLAlchemy's own per-engine default is 500."""

_PLAIN = (type(None), bool, int, float, str, bytes)
_NAMED = (*_PLAIN, types.ModuleType)


def _setting(value: Any) -> object:
    """One dialect attribute as it enters the key: a plain value itself, else its kind.

    Plain values (numbers, strings, versions, flags), modules and callables (a JSON
    serializer given to the engine) are what configure compilation and are compared as
    they are; helper objects each dialect makes for itself (its identifier preparer,
    type compiler, memo tables) are built from those settings and enter by their class.
    """
    if isinstance(value, _NAMED):
        return value
    if isinstance(value, (tuple, frozenset)) and all(isinstance(v, _PLAIN) for v in value):
        return value
    if callable(value) and isinstance(value, Hashable):
        return value
    return type(value)


def dialect_configuration(dialect: Dialect) -> tuple[object, ...]:
    """What of a connected dialect decides the SQL and processors a statement compiles to.

    Its class and its own attributes, less those SQLAlchemy works out from the others the
    first time they are asked for (memoized properties such as ``_type_memos``): whether
    one has been asked for yet says nothing about the SQL.
    """
    kind = type(dialect)
    settings = tuple(
        (name, _setting(value))
        for name, value in sorted(vars(dialect).items())
        if not isinstance(getattr(kind, name, None), memoized_property)
    )
    return (kind, settings)


_CONFIGURATIONS: weakref.WeakKeyDictionary[Dialect, tuple[object, ...]] = (
    weakref.WeakKeyDictionary()
)
_CONFIGURATIONS_LOCK = threading.Lock()


def _configuration_of(dialect: Dialect) -> tuple[object, ...]:
    """:func:`dialect_configuration`, worked out once per dialect object.

    A dialect is only asked for a cached statement on a connection, so once connecting
    has set its server version and settings; later it only gains memoized properties,
    which the configuration leaves out.
    """
    configuration = _CONFIGURATIONS.get(dialect)
    if configuration is None:
        configuration = dialect_configuration(dialect)
        with _CONFIGURATIONS_LOCK:
            _CONFIGURATIONS[dialect] = configuration
    return configuration


class SharedCompiledCache(MutableMapping[Any, Any]):
    """A bounded LRU cache of compiled statements whose keys name a dialect's configuration.

    SQLAlchemy asks it ``get(key)`` and sets ``cache[key] = compiled`` with keys whose
    first member is the engine's dialect (``ClauseElement._compile_w_cache``); the dialect
    is replaced by its :func:`dialect_configuration`.
    """

    def __init__(self, capacity: int = CAPACITY) -> None:
        self._entries: LRUCache[Any, Any] = LRUCache(capacity)

    @staticmethod
    def _key(key: Any) -> Any:
        if not (isinstance(key, tuple) and key and isinstance(key[0], Dialect)):
            return key
        return (_configuration_of(key[0]), *key[1:])

    def get(self, key: Any, default: Any = None) -> Any:
        return self._entries.get(self._key(key), default)

    def __getitem__(self, key: Any) -> Any:
        return self._entries[self._key(key)]

    def __setitem__(self, key: Any, value: Any) -> None:
        self._entries[self._key(key)] = value

    def __delitem__(self, key: Any) -> None:
        del self._entries[self._key(key)]

    def __iter__(self) -> Iterator[Any]:
        return iter(list(self._entries.keys()))

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()


_CACHES: dict[str, SharedCompiledCache] = {}
_CACHES_LOCK = threading.Lock()


def shared_compiled_cache(backend: str) -> SharedCompiledCache:
    """The process's one compiled-statement cache for a backend (``sqlite``, ``postgresql``).

    Give it to an engine as ``execution_options={"compiled_cache": ...}``. One cache per
    backend keeps a shared server's statements from pushing out the SQLite ones; the key
    keeps them apart in any case.
    """
    with _CACHES_LOCK:
        cache = _CACHES.get(backend)
        if cache is None:
            cache = _CACHES[backend] = SharedCompiledCache()
        return cache


_FLUSH_STATEMENTS = SharedCompiledCache()
"""The INSERT, UPDATE and DELETE statements the ORM's flush compiles, for every mapper."""


def share_mapper_caches(mappers: registry) -> None:
    """Let the flush statements of every mapper in a registry be compiled once per process.

    The ORM's flush runs its statements with a cache of their mapper's own
    (``Mapper._compiled_cache``, 100 entries) instead of the engine's, with the same
    dialect-keyed entries, so each new engine compiled its INSERTs and UPDATEs again. Each
    mapper is handed the shared cache as that memoized attribute (SQLAlchemy's own
    ``_set_memoized_attribute``, so a mapper that is changed later drops it and makes
    its own again, as before). Safe to call again: a mapper already sharing is left alone.
    If a SQLAlchemy release no longer keeps the cache there, nothing is changed (flushes
    then compile once per engine, as before; ``tests/models/test_compiled_cache.py`` says so).
    """
    mappers.configure()
    if not isinstance(getattr(Mapper, "_compiled_cache", None), HasMemoized.memoized_attribute):
        return
    for mapper in mappers.mappers:
        if mapper.__dict__.get("_compiled_cache") is not _FLUSH_STATEMENTS:
            mapper._set_memoized_attribute("_compiled_cache", _FLUSH_STATEMENTS)
