"""Harbinger's desktop app (PySide6), above ``printing``, ``models`` and ``builder``.

Where things are:

- ``main_window``, ``roster``, ``app``: the one window and what it is made of
  (``window_tabs``, ``window_library``, ``window_files``); it names no game;
- ``workspace``: the open library, one undo stack per character in a
  ``QUndoGroup``, and the one ``changed`` signal every view listens to;
- ``operations/``: every edit as a named operation, one module per game
  system, all through one undo command (``common``);
- ``systems``: the one list of the shipped games' screens; each game declares
  its own (open, print, delete, review, menu actions, window part) in
  ``<game>/screens.py`` with the types of ``contributions``;
- one folder per game: its own screens; they never import each other, and
  share only ``widgets/``;
- ``review/``: review mode (files audited and approved, never imported).
"""

from ui.source_scan import scan_sources_lightly

# Before any other module of the app is imported under PySide6's import hook: it
# would otherwise keep the source of every module the app imports (issue 29).
scan_sources_lightly()
