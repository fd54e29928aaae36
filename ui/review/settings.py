"""What review mode remembers between runs: the approver's name, signing, the last folder.

Kept in the app's one INI file (``harbinger.ini`` in
``harbinger.shell.paths.settings_dir()``) under a ``review`` group, next to the
main window's settings, so tests (which point the settings folder at a
temporary one) never see a real leader's name.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings

from harbinger.shell.paths import settings_dir


class ReviewSettings:
    """Typed access to review mode's remembered choices."""

    def __init__(self) -> None:
        folder = settings_dir()
        folder.mkdir(parents=True, exist_ok=True)
        self._qs = QSettings(str(folder / "harbinger.ini"), QSettings.Format.IniFormat)

    def approver(self) -> str:
        return str(self._qs.value("review/approver", "") or "")

    def set_approver(self, name: str) -> None:
        self._qs.setValue("review/approver", " ".join(name.split()))
        self._qs.sync()

    def sign(self) -> bool:
        value = self._qs.value("review/sign", False)
        return value is True or str(value).lower() == "true"

    def set_sign(self, sign: bool) -> None:
        self._qs.setValue("review/sign", bool(sign))
        self._qs.sync()

    def last_folder(self) -> str:
        return str(self._qs.value("review/last_folder", "") or "")

    def set_last_folder(self, folder: str) -> None:
        self._qs.setValue("review/last_folder", folder)
        self._qs.sync()

    def house_catalogs(self) -> list[str]:
        """House-rule Gift catalog folders the review loads on top of the standard catalog."""
        value = self._qs.value("review/house_catalogs", [])
        if isinstance(value, str):  # QSettings returns a bare string for a one-item list
            value = [value]
        return [str(v) for v in (value or []) if str(v)]

    def set_house_catalogs(self, folders: list[str]) -> None:
        self._qs.setValue("review/house_catalogs", list(folders))
        self._qs.sync()

    def geometry(self) -> QByteArray | None:
        value = self._qs.value("review/geometry")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def splitters(self) -> tuple[QByteArray | None, QByteArray | None]:
        out = []
        for key in ("review/splitter", "review/right_splitter"):
            value = self._qs.value(key)
            out.append(value if isinstance(value, QByteArray) and not value.isEmpty() else None)
        return out[0], out[1]

    def save_window(self, geometry: QByteArray, splitter: QByteArray, right: QByteArray) -> None:
        self._qs.setValue("review/geometry", geometry)
        self._qs.setValue("review/splitter", splitter)
        self._qs.setValue("review/right_splitter", right)
        self._qs.sync()
