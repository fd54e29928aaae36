"""Every edit the app makes, as named operations per game system (STYLE.md §6).

``ui.operations.common`` holds the one undo command all systems share;
``ui.operations.contract`` and ``ui.operations.covenant`` hold each system's
operations and its ``store`` (how the library is made to hold a value).
"""
