"""Keep PySide6's import hook from holding every imported module's source in memory.

PySide6 replaces ``__import__`` with a hook (``shibokensupport.feature``, the
machinery behind ``from __feature__ import snake_case``) that asks, of each
module imported after PySide6, whether its source mentions "PySide6". It
asks with ``inspect.getsource``, which goes through ``linecache``: the
whole source of every module the app imports (SQLAlchemy, pydantic, the
rules of every game, ...) is read, decoded, split into lines and then kept
for the life of the process. Measured with a library open (issue 29): 27 MB
of the app's memory, and about 0.35 s of CPU spent reading and splitting
source, some of it before the window's first frame.

:func:`scan_sources_lightly` swaps that one question for the same question
asked of the file's bytes: the answer is the same for every source file the
app imports (UTF-8 or ASCII text), nothing is cached, and modules without a
plain ``.py`` file (extension modules, zip imports) are still asked PySide6's
way. When PySide6 changes its hook so that the function is not there, this
does nothing and the app runs as PySide6 made it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

_MARK = "_harbinger_reads_bytes"


def scan_sources_lightly() -> bool:
    """Make PySide6's import hook read each module's file without caching it (idempotent).

    Returns True when the hook is (now) the light one, False when this PySide6
    has no such hook to change.
    """
    import PySide6  # noqa: F401  (installs the import hook and its module)

    feature = sys.modules.get("shibokensupport.feature")
    original = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(original):
        return False
    if getattr(original, _MARK, False):
        return True
    feature._mod_uses_pyside = _light(original)  # type: ignore[attr-defined]
    return True


def _light(original: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    """PySide6's "does this module use PySide6?" asked of the file's bytes."""

    def uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return original(module)
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:  # not a plain file (a zip import, say): PySide6's own way
            return original(module)

    setattr(uses_pyside, _MARK, True)
    return uses_pyside
