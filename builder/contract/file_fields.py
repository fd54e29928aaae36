"""Field metadata shared by the contractor's record modules (``builder.contract.character``
and the ``*_record`` modules it re-exports), kept apart so each can mark its fields without
importing the record itself."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

ADDED: Mapping[str, bool] = MappingProxyType({"added": True})
"""Field metadata for fields added to the file format after version 1: they are written
only when set, so older documents and approval digests stay as they were
(``builder.contract.serialize``)."""
