"""Steady screens: a panel that rebuilds its rows after every action keeps the reader's
place — its scroll positions and the keyboard focus — instead of jumping to the top
or handing the focus to whatever widget comes next in the window (the roster's
search box, say).

The panel names its rebuilt widgets by stable keys (an asset's id and use, a
button's role); :class:`SteadyPlace` finds the focused one's key before the
rebuild and focuses the new widget with that key after it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence

from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QWidget


class SteadyPlace:
    """Hold and restore ``owner``'s scroll positions and focus around a rebuild."""

    def __init__(
        self,
        owner: QWidget,
        scrolls: Sequence[QAbstractScrollArea],
        keyed: Callable[[], Mapping[Hashable, QWidget]],
    ) -> None:
        self.owner = owner
        self.scrolls = tuple(scrolls)
        self.keyed = keyed
        self._values: list[tuple[int, int]] = []
        self._focus_key: Hashable | None = None
        self._focus: QWidget | None = None

    def hold(self) -> None:
        """Note where the reader is, before the rows are rebuilt."""
        self._values = [
            (s.verticalScrollBar().value(), s.horizontalScrollBar().value()) for s in self.scrolls
        ]
        focus = QApplication.focusWidget()
        self._focus = focus if focus is not None and self.owner.isAncestorOf(focus) else None
        self._focus_key = None
        if self._focus is not None:
            for key, widget in self.keyed().items():
                if widget is self._focus:
                    self._focus_key = key
                    break

    def restore(self) -> None:
        """Put the scroll positions back and keep the focus in the panel."""
        for scroll, (vertical, horizontal) in zip(self.scrolls, self._values, strict=False):
            inner = scroll.widget() if hasattr(scroll, "widget") else None
            if isinstance(inner, QWidget) and inner.layout() is not None:
                inner.layout().activate()  # the new rows' height, so the old value fits
            scroll.verticalScrollBar().setValue(vertical)
            scroll.horizontalScrollBar().setValue(horizontal)
        if self._focus is None:
            return
        target = self.keyed().get(self._focus_key) if self._focus_key is not None else None
        if target is None and self.owner.isAncestorOf(self._focus):
            target = self._focus
        if target is not None and target.isVisibleTo(self.owner) and target.isEnabled():
            target.setFocus()
        else:
            # The button the action used is gone or disabled: the panel keeps the focus.
            self.owner.setFocus()
        self._focus = None
