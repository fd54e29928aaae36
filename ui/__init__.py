"""Harbinger's desktop app (PySide6), above ``printing``, ``models`` and ``builder``.

Where things are:

- ``main_window``, ``roster``, ``app``: the one window and what it is made of;
- ``workspace``: the open library, one undo stack per character in a
  ``QUndoGroup``, and the one ``changed`` signal every view listens to;
- ``operations/``: every edit as a named operation, per game system
  (``contract``, ``covenant``), all through one undo command (``common``);
- ``systems``: the table of game systems' screens (open, print, delete,
  review) that the shared windows look a system up in;
- ``contract/``, ``covenant/``: each game's own screens; they never import
  each other, and share only ``widgets/``;
- ``review/``: review mode (files audited and approved, never imported).
"""
