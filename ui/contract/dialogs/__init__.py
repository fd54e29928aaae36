"""Dialogs for edits and advancement; each one collects values and never saves by itself."""
