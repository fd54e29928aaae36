"""The Coven in the desktop app: creating a chronicle and playing it at the table.

- :class:`CreateChronicleDialog` — the Others, the town and the practitioners;
  ``chronicle()`` is the value made (``ui.operations.coven.create`` stores it).
- :class:`ChronicleSession` ``(workspace, chronicle_id)`` — named, undoable
  operations on a stored chronicle, committed through the workspace.
- :class:`ChronicleView` ``(session)`` — the town map, the week, the chronicle, the coven.
- :class:`ReadOnlyChronicleSheet` — the chronicle as review mode shows a file of it.
"""

from ui.coven.create import CreateChronicleDialog
from ui.coven.session import ChronicleSession
from ui.coven.view import ChronicleView

__all__ = ["ChronicleSession", "ChronicleView", "CreateChronicleDialog"]
