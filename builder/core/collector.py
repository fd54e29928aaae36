"""Pausing Python's cyclic garbage collector around bulk work that makes many objects
in no cycles: a bulk import, a printed sheet.

Each automatic collection walks every young object still held, so work that holds many
thousands of them (the characters of an import batch, the words and cells of a sheet's
story) pays again and again for a walk that finds nothing. What the work leaves in
cycles is collected once the collector runs again.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the collector for the ``with`` block, if it runs; left alone when a caller
    has paused it already (``ui.tasks`` does, for every background job)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
