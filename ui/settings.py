"""The app's remembered choices: window geometry and state, recent libraries, the theme.

Settings are one INI file, ``harbinger.ini`` in :func:`harbinger.shell.paths.settings_dir`,
so tests (which point ``HARBINGER_SETTINGS_DIR`` at a temp folder) never touch
a user's real settings, and a user can read or delete the file by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QByteArray, QSettings

from harbinger.shell.paths import settings_dir

MAX_RECENT = 8
"""How many recent libraries the File menu remembers."""


class AppSettings:
    """Typed access to the few values Harbinger keeps between runs."""

    def __init__(self) -> None:
        folder = settings_dir()
        folder.mkdir(parents=True, exist_ok=True)
        self._qs = QSettings(str(folder / "harbinger.ini"), QSettings.Format.IniFormat)
        self._held = 0

    @property
    def path(self) -> str:
        """The INI file's path, for diagnostics."""
        return self._qs.fileName()

    def sync(self) -> None:
        """Write pending changes to disk now."""
        self._qs.sync()

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Several changes written to disk once, at the end (a closing window's three).

        Each write below otherwise goes to disk at once, and each write to disk is two
        fdatasync calls (the file, then its folder): about 13 ms of a player's wait each
        on a spinning or busy disk. Other ``AppSettings`` of this process see a change
        at once either way (Qt shares one copy of the file per process).
        """
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held:
                self._qs.sync()

    def _written(self) -> None:
        """A change was made: to disk now, unless a :meth:`batch` writes it at its end."""
        if not self._held:
            self._qs.sync()

    # ------------------------------------------------------------------ window

    def window_geometry(self) -> QByteArray | None:
        value = self._qs.value("window/geometry")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def window_state(self) -> QByteArray | None:
        value = self._qs.value("window/state")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def splitter_state(self) -> QByteArray | None:
        value = self._qs.value("window/splitter")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def dice_shown(self) -> bool | None:
        """Whether the Dice dock was open when the window last closed (None: not recorded).

        The window state has the dock's place, but reading its visibility from
        there needs the dock made; this lets start-up leave a closed dock unmade.
        """
        value = self._qs.value("window/dice_shown")
        if value is None:
            return None
        return str(value).lower() == "true"

    def set_dice_shown(self, shown: bool) -> None:
        """Record whether the Dice dock is open as the window closes (after ``save_window``)."""
        self._qs.setValue("window/dice_shown", shown)
        self._written()

    def save_window(
        self,
        geometry: QByteArray,
        state: QByteArray,
        splitter: QByteArray,
        *,
        dice_shown: bool = False,
    ) -> None:
        self._qs.setValue("window/geometry", geometry)
        self._qs.setValue("window/state", state)
        self._qs.setValue("window/splitter", splitter)
        self._qs.setValue("window/dice_shown", dice_shown)
        self._written()

    # ------------------------------------------------------------------ libraries

    def recent_libraries(self) -> list[str]:
        """Libraries opened before, most recent first (paths or database URLs)."""
        value = self._qs.value("libraries/recent", [])
        if isinstance(value, str):  # QSettings returns a bare string for a one-item list
            value = [value]
        return [str(v) for v in (value or []) if str(v)]

    def add_recent_library(self, location: str) -> None:
        """Put ``location`` first in the recent list, dropping duplicates and the oldest."""
        recent = [location] + [r for r in self.recent_libraries() if r != location]
        self._qs.setValue("libraries/recent", recent[:MAX_RECENT])
        self._written()

    def clear_recent_libraries(self) -> None:
        self._qs.setValue("libraries/recent", [])
        self._written()

    def last_library(self) -> str | None:
        """The library open when the app last closed, if any."""
        recent = self.recent_libraries()
        return recent[0] if recent else None

    def open_tabs(self, library: str) -> tuple[list[str], str]:
        """The characters whose tabs were open in ``library`` when it was last left, in tab
        order, and the one shown ("" when none). A damaged value reads as no tabs."""
        entry = self._open_tabs_table().get(library)
        if not isinstance(entry, dict):
            return [], ""
        ids = entry.get("ids")
        current = entry.get("current")
        return (
            [i for i in ids if isinstance(i, str) and i] if isinstance(ids, list) else [],
            current if isinstance(current, str) else "",
        )

    def set_open_tabs(self, library: str, ids: list[str], current: str) -> None:
        """Remember ``library``'s open tabs (kept for the recent libraries only)."""
        keep = {library, *self.recent_libraries()}
        table = {k: v for k, v in self._open_tabs_table().items() if k in keep}
        if ids:
            table[library] = {"ids": list(ids), "current": current}
        else:
            table.pop(library, None)
        import json  # here, not at start-up: the first frame reads no tabs (2-3 ms of CPU)

        self._qs.setValue("libraries/open_tabs", json.dumps(table))
        self._written()

    def _open_tabs_table(self) -> dict[str, object]:
        """Open tabs by library, as stored (JSON in one value); {} when missing or damaged."""
        import json

        try:
            table = json.loads(str(self._qs.value("libraries/open_tabs", "") or "{}"))
        except ValueError:
            return {}
        return table if isinstance(table, dict) else {}

    # ------------------------------------------------------------------ first run

    def examples_offered(self, library: str) -> bool:
        """True once the app has offered the example characters for ``library``."""
        offered = self._qs.value("libraries/examples_offered", [])
        if isinstance(offered, str):
            offered = [offered]
        return library in [str(v) for v in (offered or [])]

    def mark_examples_offered(self, library: str) -> None:
        offered = self._qs.value("libraries/examples_offered", [])
        if isinstance(offered, str):
            offered = [offered]
        values = [str(v) for v in (offered or [])]
        if library not in values:
            values.append(library)
        self._qs.setValue("libraries/examples_offered", values)
        self._written()

    # ------------------------------------------------------------------ roster

    def roster_hidden_columns(self) -> list[str]:
        """The roster columns the user chose to hide, by title ("Victories"); none at first."""
        value = self._qs.value("roster/hidden_columns", [])
        if isinstance(value, str):  # QSettings returns a bare string for a one-item list
            value = [value]
        return [str(v) for v in (value or []) if str(v)]

    def set_roster_hidden_columns(self, titles: list[str]) -> None:
        self._qs.setValue("roster/hidden_columns", list(titles))
        self._written()

    # ------------------------------------------------------------------ look

    def theme(self) -> str:
        """The chosen theme: "system" (the default, follow the desktop), "light" or "dark"."""
        value = str(self._qs.value("look/theme", "system") or "system")
        return value if value in ("system", "light", "dark") else "system"

    def set_theme(self, theme: str) -> None:
        if theme not in ("system", "light", "dark"):
            raise ValueError(f"unknown theme {theme!r}")
        self._qs.setValue("look/theme", theme)
        self._written()
