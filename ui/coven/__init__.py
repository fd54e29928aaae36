"""The Coven in the desktop app: creating a chronicle and playing it at the table.

- :class:`CreateChronicleDialog` — the Others, the town and the practitioners;
  ``chronicle()`` is the value made.
- :class:`ChronicleSession` ``(chronicle, save=None)`` — named, undoable operations;
  ``save`` is called with every new chronicle (the document store plugs in here).
- :class:`ChronicleView` ``(session)`` — the town map, the week, the chronicle, the coven.
"""

from ui.coven.create import CreateChronicleDialog
from ui.coven.session import ChronicleSession
from ui.coven.view import ChronicleView

__all__ = ["ChronicleSession", "ChronicleView", "CreateChronicleDialog"]
