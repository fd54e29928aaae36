"""Review mode: a Playgroup Leader's window for character files players sent.

Files (or whole folders of them) are opened, never imported: the list on
the left gives each file's verdict (pass, fail, changed since approval,
rejected approval, unreadable with its message); the middle shows the
selected character's sheet read-only; the right shows its audit
(``builder.contract.audit``) and the approval panel. Approving appends a record to
the file with ``builder.core.approval.approve`` (signed, if asked, with the
leader key from ``harbinger.shell.keys``) and rewrites the file atomically; the
library is never opened here.

Reading and auditing run on a background worker (``ui.tasks``), one file
per job, with progress in the status bar; a failure reaches the user.

Keys: Ctrl+O opens a file, Ctrl+Shift+O a folder; arrows move through the
files; Enter on an audit line jumps to the field; Ctrl+Enter approves the
selected item.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QBrush, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMessageBox,
    QProgressBar,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from builder.core.approval import Verdict, key_fingerprint, public_key_text
from ui.review.approval_panel import ApprovalPanel
from ui.review.audit_panel import AuditPanel
from ui.review.files import (
    VERDICT_MARKS,
    FileVerdict,
    ReviewContext,
    ReviewedFile,
    ReviewFileError,
    expand_paths,
    load_context,
    record_decision,
    review_file,
)
from ui.review.keys import LeaderKeyDialog, TrustedKeysDialog
from ui.review.settings import ReviewSettings
from ui.review.sheet import ReviewSheet
from ui.style import set_role
from ui.tasks import TaskRunner
from ui.widgets.common import ERROR_COLOR, INFO_COLOR, WARNING_COLOR

VERDICT_COLORS = {
    FileVerdict.PASS: INFO_COLOR,
    FileVerdict.CHANGED: WARNING_COLOR,
    FileVerdict.FAIL: ERROR_COLOR,
    FileVerdict.REJECTED: ERROR_COLOR,
    FileVerdict.UNREADABLE: ERROR_COLOR,
}
PATH_ROLE = Qt.ItemDataRole.UserRole


class ReviewWindow(QMainWindow):
    """The leader's review window; ``open_paths`` opens files and folders (tests call it).

    ``files_loaded`` is emitted when every queued file has been read;
    ``dialog_opened`` with each dialog or message box it shows.
    """

    files_loaded = Signal()
    dialog_opened = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (57 statements when the limits came in)
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window, True)
        self.setWindowTitle("Review files — Harbinger")
        self.settings = ReviewSettings()
        self.tasks = TaskRunner(self)
        self.reviewed: dict[Path, ReviewedFile | None] = {}
        self.current_dialog: QDialog | None = None
        self._queue: deque[Path] = deque()
        self._context: ReviewContext | None = None
        self._running = False
        self._done = 0
        self._total = 0

        self.file_list = QListWidget()
        self.file_list.setAccessibleName("Opened files")
        self.file_list.setWordWrap(True)
        self.file_list.setAlternatingRowColors(True)
        self.file_list.currentItemChanged.connect(lambda *_: self._show_current())
        files_title = QLabel("Files")
        set_role(files_title, "muted")
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(4, 4, 4, 4)
        left_layout.addWidget(files_title)
        left_layout.addWidget(self.file_list, 1)

        self.sheet = ReviewSheet()
        self.sheet.file_written.connect(lambda path: self._reread(Path(path), ""))
        self.audit = AuditPanel()
        self.audit.jump_requested.connect(self.jump_to)
        self.approval = ApprovalPanel()
        self.approval.approver.setText(self.settings.approver())
        self.approval.sign.setChecked(self.settings.sign())
        self.approval.approver.editingFinished.connect(
            lambda: self.settings.set_approver(self.approval.approver.text())
        )
        self.approval.sign.toggled.connect(self.settings.set_sign)
        self.approval.decision_requested.connect(lambda v: self.decide(Verdict(v)))
        self.approval.key_requested.connect(self.show_leader_key)
        self.approval.trust_requested.connect(self.manage_trusted_keys)

        self.right = QSplitter(Qt.Orientation.Vertical)
        self.right.addWidget(self.audit)
        self.right.addWidget(self.approval)
        self.right.setChildrenCollapsible(False)
        self.right.setSizes([370, 430])
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.sheet)
        self.splitter.addWidget(self.right)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([210, 590, 480])
        self.setCentralWidget(self.splitter)

        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.progress.hide()
        self.statusBar().addPermanentWidget(self.progress)
        self._build_actions()
        self.resize(1280, 800)
        self._restore()
        self._update_actions()

    # ------------------------------------------------------------------ actions

    def _build_actions(self) -> None:
        self.actions: dict[str, QAction] = {}

        def add(
            key: str, text: str, slot: Callable[[], Any], shortcuts: Iterable[str] = ()
        ) -> QAction:
            action = QAction(text, self)
            keys = [QKeySequence(s) for s in shortcuts]
            if keys:
                action.setShortcuts(keys)
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            action.triggered.connect(lambda _checked=False: slot())
            self.addAction(action)
            self.actions[key] = action
            return action

        add("open_file", "&Open File…", self.choose_files, ["Ctrl+O"])
        add("open_folder", "Open &Folder…", self.choose_folder, ["Ctrl+Shift+O"])
        add("reload", "&Reload", self.reload, ["F5"])
        add("house", "Add &House-rule Catalog…", self.choose_house_catalog)
        add("standard", "&Standard Catalog Only", lambda: self.set_house_catalogs([]))
        add("clear", "Close &All Files", self.clear_files, ["Ctrl+Shift+W"])
        add("close", "&Close Window", self.close, ["Ctrl+W"])
        add("next", "&Next File", lambda: self._step(1), ["Alt+Down"])
        add("previous", "&Previous File", lambda: self._step(-1), ["Alt+Up"])
        add("jump", "&Jump to Finding", self.audit.jump_current)
        add("approve", "&Approve Selected Item", self.approve, ["Ctrl+Return", "Ctrl+Enter"])
        add(
            "request_changes",
            "Request &Changes…",
            lambda: self.decide(Verdict.CHANGES_REQUESTED),
            ["Ctrl+Shift+Return", "Ctrl+Shift+Enter"],
        )
        add("leader_key", "My &Leader Key…", self.show_leader_key)
        add("trusted_keys", "&Trusted Keys…", self.manage_trusted_keys)
        self.actions["jump"].setToolTip("Enter on an audit line does the same")

        bar = self.menuBar()
        menu = bar.addMenu("&File")
        for key in ("open_file", "open_folder", "reload"):
            menu.addAction(self.actions[key])
        menu.addSeparator()
        menu.addAction(self.actions["house"])
        menu.addAction(self.actions["standard"])
        menu.addSeparator()
        menu.addAction(self.actions["clear"])
        menu.addAction(self.actions["close"])
        menu = bar.addMenu("&Review")
        for key in ("next", "previous", "jump"):
            menu.addAction(self.actions[key])
        menu.addSeparator()
        menu.addAction(self.actions["approve"])
        menu.addAction(self.actions["request_changes"])
        menu = bar.addMenu("&Keys")
        menu.addAction(self.actions["leader_key"])
        menu.addAction(self.actions["trusted_keys"])

        toolbar = self.addToolBar("Review")
        toolbar.setObjectName("review_toolbar")
        toolbar.setMovable(False)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for key in ("open_file", "open_folder", "reload"):
            toolbar.addAction(self.actions[key])

    def _update_actions(self) -> None:
        reviewed = self.current_file()
        readable = reviewed is not None and reviewed.readable
        self.actions["approve"].setEnabled(readable)
        self.actions["request_changes"].setEnabled(readable)
        self.actions["reload"].setEnabled(bool(self.reviewed) and not self._running)
        self.actions["clear"].setEnabled(bool(self.reviewed))
        house = self.settings.house_catalogs()
        self.actions["standard"].setEnabled(bool(house))
        self.actions["standard"].setToolTip("Now also loaded: " + ", ".join(house))

    # ------------------------------------------------------------------ opening

    def choose_files(self) -> None:
        paths, _filter = QFileDialog.getOpenFileNames(
            self,
            "Open Character Files for Review",
            self.settings.last_folder(),
            "Character files and website archives (*.json *.md *.txt);;All files (*)",
        )
        if paths:
            self.settings.set_last_folder(str(Path(paths[0]).parent))
            self.open_paths(paths)

    def choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, "Open a Folder of Character Files", self.settings.last_folder()
        )
        if folder:
            self.settings.set_last_folder(folder)
            self.open_paths([folder])

    def open_paths(self, paths: Iterable[str | Path]) -> None:
        """Open files and folders (their ``*.json`` files) for review, in the background.

        Files already open are read again. ``files_loaded`` is emitted when all are read.
        """
        files, problems = expand_paths(paths)
        if problems:
            self.warn("Some files could not be opened", "\n".join(problems))
        queued = 0
        for path in files:
            key = path.absolute()
            if key in self._queue:
                continue  # already waiting to be read
            self.reviewed[key] = None
            self._queue.append(key)
            self._set_list_item(key)
            queued += 1
        self._total += queued
        if not queued:
            if not self._running:
                self.files_loaded.emit()
            return
        if self.file_list.currentItem() is None:
            self.file_list.setCurrentRow(0)
        if not self._running:
            self._context = None  # catalogs are cached; trusted keys may have changed
            self._pump()

    def reload(self) -> None:
        """Read every open file again (after editing one, or changing the trusted keys)."""
        paths = list(self.reviewed)
        if paths:
            self.open_paths(paths)

    def clear_files(self) -> None:
        if self._running:
            return
        self.reviewed.clear()
        self.file_list.clear()
        self._show_current()

    def choose_house_catalog(self) -> None:
        """Load a house-rule Gift catalog folder on top of the standard one for every review."""
        folder = QFileDialog.getExistingDirectory(self, "House-rule Gift Catalog Folder")
        if not folder:
            return
        current = self.settings.house_catalogs()
        if folder not in current:
            self.set_house_catalogs([*current, folder])

    def set_house_catalogs(self, folders: list[str]) -> None:
        """Review against the standard Gift catalog plus these house-rule folders (remembered)."""
        self.settings.set_house_catalogs([str(f) for f in folders])
        self._context = None
        self.reload()

    # ------------------------------------------------------------------ background reading

    def _pump(self) -> None:
        if not self._queue:
            self._finish()
            return
        self._running = True
        self._show_progress()
        if self._context is None:
            house = self.settings.house_catalogs()
            self.tasks.run(
                "Could not load the catalogs",
                lambda: load_context(house),
                self._context_loaded,
                self._context_failed,
            )
            return
        path = self._queue.popleft()
        context = self._context
        self.tasks.run(
            "Could not read a file",
            lambda: review_file(path, context),
            self._file_read,
            lambda message: self._file_read(ReviewedFile(path, error=message)),
        )

    def _context_loaded(self, context: ReviewContext) -> None:
        self._context = context
        if context.trust_problem:
            self.warn(
                "The trusted keys could not be read",
                f"{context.trust_problem}\n\nOnly your own leader key is trusted until the "
                "file is fixed.",
            )
        self._pump()

    def _context_failed(self, message: str) -> None:
        failed = list(self._queue)
        self._queue.clear()
        for path in failed:
            self._store(ReviewedFile(path, error=f"not reviewed: {message}"))
        self._done = self._total
        self.warn("Could not load the catalogs", message)
        self._finish()

    def _file_read(self, reviewed: ReviewedFile) -> None:
        self._done += 1
        if reviewed.path in self.reviewed:  # not closed meanwhile
            self._store(reviewed)
        self._pump()

    def _show_progress(self) -> None:
        self.progress.setRange(0, max(self._total, 1))
        self.progress.setValue(self._done)
        self.progress.setFormat(f"Reading {min(self._done + 1, self._total)} of {self._total}")
        self.progress.show()

    def _finish(self) -> None:
        self._running = False
        self.progress.hide()
        counts: dict[FileVerdict, int] = {}
        for reviewed in self.reviewed.values():
            if reviewed is not None:
                counts[reviewed.verdict] = counts.get(reviewed.verdict, 0) + 1
        total = sum(counts.values())
        if total:
            order = list(reversed(FileVerdict))  # pass first, unreadable last
            parts = ", ".join(f"{counts[v]} {v.value}" for v in sorted(counts, key=order.index))
            self.statusBar().showMessage(
                f"Reviewed {total} file{'s' if total != 1 else ''}: {parts}", 10000
            )
        self._done = self._total = 0
        self._update_actions()
        self.files_loaded.emit()

    # ------------------------------------------------------------------ the list

    def _store(self, reviewed: ReviewedFile) -> None:
        self.reviewed[reviewed.path] = reviewed
        self._set_list_item(reviewed.path)
        if self.current_path() == reviewed.path:
            self._show_current()

    def _item(self, path: Path) -> QListWidgetItem | None:
        for row in range(self.file_list.count()):
            item = self.file_list.item(row)
            if item.data(PATH_ROLE) == str(path):
                return item
        return None

    def _set_list_item(self, path: Path) -> None:
        item = self._item(path)
        if item is None:
            item = QListWidgetItem()
            item.setData(PATH_ROLE, str(path))
            self.file_list.addItem(item)
        reviewed = self.reviewed.get(path)
        if reviewed is None:
            item.setText(f"… {path.name}\nreading")
            item.setForeground(QBrush())
            item.setToolTip(str(path))
            return
        verdict = reviewed.verdict
        head = f"{VERDICT_MARKS[verdict]} {verdict.value.upper()}"
        if reviewed.readable:
            head += f"  {reviewed.name}"
        item.setText(f"{head}\n{path.name} · {reviewed.summary()}")
        item.setForeground(QBrush(VERDICT_COLORS[verdict]))
        item.setToolTip(f"{path}\n{reviewed.summary()}")

    def verdicts(self) -> dict[str, tuple[FileVerdict, str]]:
        """File name → (verdict, summary or error message), as the list shows them."""
        return {
            path.name: (r.verdict, r.summary())
            for path, r in self.reviewed.items()
            if r is not None
        }

    def list_texts(self) -> list[str]:
        return [self.file_list.item(r).text() for r in range(self.file_list.count())]

    def current_path(self) -> Path | None:
        item = self.file_list.currentItem()
        return Path(item.data(PATH_ROLE)) if item is not None else None

    def current_file(self) -> ReviewedFile | None:
        path = self.current_path()
        return self.reviewed.get(path) if path is not None else None

    def select_file(self, name: str) -> bool:
        """Select the open file called ``name`` (its file name)."""
        for row in range(self.file_list.count()):
            if Path(self.file_list.item(row).data(PATH_ROLE)).name == name:
                self.file_list.setCurrentRow(row)
                return True
        return False

    def _step(self, delta: int) -> None:
        row = self.file_list.currentRow() + delta
        if 0 <= row < self.file_list.count():
            self.file_list.setCurrentRow(row)

    def _show_current(self, keep_scope: str = "") -> None:
        reviewed = self.current_file()
        path = self.current_path()
        if reviewed is None:
            self.sheet.show_nothing(f"Reading {path.name}…" if path is not None else "")
            self.audit.clear("")
            self.approval.show_file(None)
        else:
            self.sheet.show_file(reviewed)
            if reviewed.review is not None:
                self.audit.show_audit(reviewed.review.audit)
            else:
                self.audit.clear(f"⊘ {reviewed.error}", error=True)
            self.approval.show_file(reviewed, keep_scope)
        self._update_actions()

    # ------------------------------------------------------------------ jumping

    def jump_to(self, where: str) -> bool:
        """Show the field ``where`` points at on the sheet (a finding's or a line's pointer)."""
        found = self.sheet.jump_to(where)
        if not found and where:
            self.statusBar().showMessage(f"Nothing on the sheet to show for {where}", 5000)
        return found

    # ------------------------------------------------------------------ approving

    def approve(self) -> None:
        """Approve the item selected in the approval panel (Ctrl+Enter)."""
        self.decide(Verdict.APPROVED)

    def decide(self, verdict: Verdict) -> bool:  # noqa: PLR0911  (8 returns when the limits came in)
        """Record the leader's decision on the selected item in the file; True when written."""
        reviewed = self.current_file()
        if reviewed is None or not reviewed.readable:
            return False
        scope, note, item_notes = self.approval.request()
        if not scope:
            return False
        row = self.approval.current_row()
        if row is not None and not row.approvable:
            self.warn("Nothing to approve", f"{row.title} is no longer in the file.")
            return False
        by = " ".join(self.approval.approver.text().split())
        if not by:
            self.warn(
                "Who is approving?",
                "Type your name under Approved by: the file records who approved it.",
            )
            self.approval.approver.setFocus()
            return False
        if verdict is Verdict.CHANGES_REQUESTED and not note and not item_notes:
            self.warn(
                "Say what to change",
                "Type a note for the player saying what to change, then request changes.",
            )
            self.approval.note.setFocus()
            return False
        self.settings.set_approver(by)
        key, created = None, False
        if self.approval.sign.isChecked():
            from harbinger.shell.keys import KeyFileError, load_or_create_leader_key

            try:
                key, created = load_or_create_leader_key()
            except KeyFileError as exc:
                self.warn("Could not sign", str(exc))
                return False
        try:
            record_decision(reviewed, scope, by, note, key, verdict=verdict, item_notes=item_notes)
        except ReviewFileError as exc:
            self.warn("The approval was not written", str(exc))
            return False
        self.approval.forget_notes(scope)
        self._context = None if created else self._context
        self._reread(reviewed.path, scope)
        what = "Approved" if verdict is Verdict.APPROVED else "Asked for changes to"
        signed = f", signed with key {key_fingerprint(public_key_text(key))}" if key else ""
        self.statusBar().showMessage(
            f"{what} {row.title if row else scope} in {reviewed.path.name}{signed}", 10000
        )
        if created:
            self.show_leader_key(created=True)
        return True

    def _reread(self, path: Path, keep_scope: str) -> None:
        """Review one file again at once (after writing it): a single file is quick."""
        if self._context is None:
            self._context = load_context(self.settings.house_catalogs())
        reviewed = review_file(path, self._context)
        self.reviewed[path] = reviewed
        self._set_list_item(path)
        if self.current_path() == path:
            self._show_current(keep_scope)

    # ------------------------------------------------------------------ keys

    def show_leader_key(self, created: bool = False) -> None:
        """Show (creating on first use) this computer's public leader key, with a copy button."""
        from harbinger.shell.keys import KeyFileError, leader_key_path, load_or_create_leader_key

        try:
            key, made = load_or_create_leader_key()
        except KeyFileError as exc:
            self.warn("Could not read your leader key", str(exc))
            return
        if made:
            self._context = None
        dialog = LeaderKeyDialog(
            public_key_text(key), str(leader_key_path()), created or made, self
        )
        self._show_dialog(dialog)

    def manage_trusted_keys(self) -> None:
        dialog = TrustedKeysDialog(self)
        dialog.trust_changed.connect(self._trust_changed)
        self._show_dialog(dialog)

    def _trust_changed(self) -> None:
        self._context = None
        self.reload()

    # ------------------------------------------------------------------ chrome

    def _show_dialog(self, dialog: QDialog) -> None:
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.current_dialog = dialog
        dialog.finished.connect(lambda _r, d=dialog: self._dialog_closed(d))
        dialog.open()
        self.dialog_opened.emit(dialog)

    def _dialog_closed(self, dialog: QDialog) -> None:
        if self.current_dialog is dialog:
            self.current_dialog = None

    def warn(self, title: str, message: str) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, title, message, parent=self)
        self._show_dialog(box)

    def _restore(self) -> None:
        geometry = self.settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        main, right = self.settings.splitters()
        if main is not None:
            self.splitter.restoreState(main)
        if right is not None:
            self.right.restoreState(right)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._queue.clear()
        self.tasks.wait()
        self.settings.set_approver(self.approval.approver.text())
        self.settings.save_window(
            self.saveGeometry(), self.splitter.saveState(), self.right.saveState()
        )
        super().closeEvent(event)
