"""The Coven in the desktop app: creating a chronicle and playing it at the table.

- :class:`CreateChronicleDialog` — the Others, the town and the practitioners;
  ``chronicle()`` is the value made (``ui.operations.coven.create`` stores it).
- :class:`ChronicleSession` ``(workspace, chronicle_id)`` — named, undoable
  operations on a stored chronicle, committed through the workspace.
- :class:`ChronicleView` ``(session)`` — the town map, the week, the chronicle, the coven.
- :class:`ReadOnlyChronicleSheet` — the chronicle as review mode shows a file of it.

The names below are imported on first use (PEP 562): ``ui.<game>.screens``, which
the app reads at start-up, lives in this package, and its screens must not load then.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ChronicleSession", "ChronicleView", "CreateChronicleDialog"]


def __getattr__(name: str) -> Any:
    """The screens, imported when first asked for."""
    if name == "CreateChronicleDialog":
        from ui.coven.create import CreateChronicleDialog

        return CreateChronicleDialog
    if name == "ChronicleSession":
        from ui.coven.session import ChronicleSession

        return ChronicleSession
    if name == "ChronicleView":
        from ui.coven.view import ChronicleView

        return ChronicleView
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
