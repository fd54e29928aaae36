"""The leader's signing key and the keys a leader trusts, as two small dialogs.

The keys themselves live in ``harbinger.shell.keys`` (the private key in the
settings folder, mode 0600; the trusted keys in ``trusted-keys.txt`` there),
the same files ``harbinger sheet key`` and ``harbinger sheet trust`` use, so
the app and the command line sign and verify alike. Signatures are
``builder.core.approval``'s Ed25519 records; a player or another leader checks
them offline with the public key shown here.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from builder.core.approval import key_fingerprint
from ui.style import set_role
from ui.widgets.whole_lines import keep_lines_whole


class LeaderKeyDialog(QDialog):
    """Shows this computer's public leader key, to copy and send to players and leaders."""

    def __init__(
        self, public_key: str, path: str, created: bool = False, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("My leader key")
        self.public_key = public_key
        intro = QLabel(
            ("A leader key was just created for you. " if created else "This is your leader key. ")
            + "Approvals you sign with it can be checked by anyone who has its public half, "
            "below, without a network. Send it to your players and to other leaders; they add "
            "it under Trusted keys. The private half stays on this computer:"
        )
        intro.setWordWrap(True)
        where = QLabel(path)
        set_role(where, "muted")
        where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        where.setWordWrap(True)
        self.key_field = QLineEdit(public_key)
        self.key_field.setReadOnly(True)
        self.key_field.setAccessibleName("Public key")
        # Room for the whole key with the field's frame and margins to spare.
        self.key_field.setMinimumWidth(
            self.key_field.fontMetrics().horizontalAdvance(public_key + "MMMM") + 32
        )
        self.copy_button = QPushButton("&Copy")
        self.copy_button.clicked.connect(self.copy)
        row = QHBoxLayout()
        row.addWidget(self.key_field, 1)
        row.addWidget(self.copy_button)
        fingerprint = QLabel(f"Fingerprint: {key_fingerprint(public_key)}")
        fingerprint.setToolTip("Compare this by eye when someone reads your key back to you")
        fingerprint.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(where)
        layout.addLayout(row)
        layout.addWidget(fingerprint)
        layout.addWidget(buttons)
        keep_lines_whole(self)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.key_field.home(False)  # show the key from its start

    def copy(self) -> None:
        """Put the public key on the clipboard."""
        QGuiApplication.clipboard().setText(self.public_key)
        self.copy_button.setText("Copied")


def _own_key_text() -> str:
    """A line about this computer's own leader key, which is always trusted."""
    from harbinger.shell.keys import KeyFileError, export_public_key, leader_key_path

    if not leader_key_path().exists():
        return "You have no leader key yet; one is made the first time you sign."
    try:
        return f"Your own leader key ({key_fingerprint(export_public_key())}) is always trusted."
    except KeyFileError as exc:
        return f"Your own leader key cannot be read: {exc}"


class TrustedKeysDialog(QDialog):
    """The public keys whose signatures this leader accepts; add one with its owner's name.

    ``trust_changed`` is emitted after a key is added, so open reviews are checked again.
    """

    trust_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Trusted keys")
        intro = QLabel(
            "Signed approvals are accepted only when they are signed by one of these keys (or "
            "by your own leader key). A signature by any other key is shown as rejected."
        )
        intro.setWordWrap(True)
        self.own_key = QLabel()
        set_role(self.own_key, "muted")
        self.own_key.setWordWrap(True)
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Name", "Fingerprint", "Public key"])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.key_field = QLineEdit()
        self.key_field.setPlaceholderText("the leader's public key, as 'My leader key' shows it")
        self.name_field = QLineEdit()
        self.name_field.setPlaceholderText("whose key it is")
        self.add_button = QPushButton("&Add key")
        self.add_button.clicked.connect(self.add)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        form = QFormLayout()
        form.addRow("Public &key", self.key_field)
        form.addRow("&Name", self.name_field)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        add_row = QHBoxLayout()
        add_row.addWidget(self.message, 1)
        add_row.addWidget(self.add_button)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.own_key)
        layout.addWidget(self.table, 1)
        layout.addLayout(form)
        layout.addLayout(add_row)
        layout.addWidget(buttons)
        self.resize(720, 380)
        keep_lines_whole(self)
        self.refresh()

    def refresh(self) -> None:
        """Read the trusted-keys file again and list it."""
        from harbinger.shell.keys import KeyFileError, read_trusted_keys, trusted_keys_path

        try:
            keys = read_trusted_keys()
        except KeyFileError as exc:
            self._say(str(exc), error=True)
            keys = {}
        self.table.setRowCount(len(keys))
        for row, (key, name) in enumerate(sorted(keys.items(), key=lambda kv: kv[1].casefold())):
            for col, text in enumerate((name, key_fingerprint(key), key)):
                self.table.setItem(row, col, QTableWidgetItem(text))
        self.table.setToolTip(str(trusted_keys_path()))
        self.own_key.setText(_own_key_text())

    def names(self) -> list[str]:
        """The owners listed, in table order."""
        return [self.table.item(r, 0).text() for r in range(self.table.rowCount())]

    def add(self) -> bool:
        """Add the typed key and name to the trusted-keys file; say why when it is refused."""
        from harbinger.shell.keys import KeyFileError, add_trusted_key

        try:
            add_trusted_key(self.key_field.text(), self.name_field.text())
        except KeyFileError as exc:
            self._say(str(exc), error=True)
            return False
        name = " ".join(self.name_field.text().split())
        self._say(f"Trusting {name}'s key {key_fingerprint(self.key_field.text().strip())}.")
        self.key_field.clear()
        self.name_field.clear()
        self.refresh()
        self.trust_changed.emit()
        return True

    def _say(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        set_role(self.message, "error" if error else "muted")
