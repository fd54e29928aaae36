"""Creating a chronicle: the Others and their goal, the town, and each practitioner's 13 cards.

The dialog follows the text's order ("Create Characters", then "Create Your
Town"): the Others' player, description and goal; the town's elements (each a
person, place or organisation, marked when the Others added it) and the lines
between them; then every practitioner's answers to the six questions and 13
trait cards, white or red, a white card optionally tied to an element. The
rules' findings on the draft (``builder.coven.state.creation_findings``) are
shown as it is filled in; ``chronicle()`` is the finished value.
"""

from __future__ import annotations

import re
import uuid

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QTableWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from builder.coven.chronicle import (
    MIN_EACH_COLOUR,
    QUESTIONS,
    TRAIT_CARDS,
    Chronicle,
    Colour,
    Element,
    Goal,
    Kind,
    Link,
    Practitioner,
    TraitCard,
)
from builder.coven.state import creation_findings
from ui.style import ruled_tabs
from ui.widgets.drafts import DraftKeeper, Snapshot
from ui.widgets.name_edit import NameEdit


def _slug(text: str, taken: set[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "element"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def question_label(number: int) -> str:
    """A creation question as the form shows it, numbered as in the rules: "2. Where do you
    work, if you do?" (the-coven.txt, "The Practitioners")."""
    return f"{number}. {QUESTIONS[number - 1]}"


class _CardText(QLineEdit):
    """A trait card's text cell: Enter confirms the cell and never submits the dialog
    (QLineEdit passes Enter on to the dialog's default button, OK, which would create
    the whole chronicle with what is typed so far)."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        super().keyPressEvent(event)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()


class PractitionerPage(QWidget):
    """One practitioner: name, player, the six answers, and 13 cards (colour, text, tie)."""

    def __init__(self, index: int, elements: list[Element], parent: QWidget | None = None):
        super().__init__(parent)
        self.index = index
        layout = QHBoxLayout(self)
        form = QFormLayout()
        self.name = NameEdit()
        self.player = NameEdit()
        self.person = QComboBox()
        # Numbered as the rules number them: question 6 says "(If not covered by 5.)".
        form.addRow(question_label(1), self.name)
        form.addRow("Player", self.player)
        form.addRow("On the town map as", self.person)
        self.answers = [QLineEdit() for _ in QUESTIONS[1:]]
        for number, edit in enumerate(self.answers, start=2):
            form.addRow(question_label(number), edit)
        form_box = QWidget()
        form_box.setLayout(form)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapAllRows)
        layout.addWidget(form_box)
        self.cards = QTableWidget(TRAIT_CARDS, 3)
        self.cards.setHorizontalHeaderLabels(["Colour", "What the card represents", "Tied to"])
        self.cards.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.cards.setColumnWidth(0, 80)
        self.cards.setColumnWidth(1, 340)
        self.cards.setColumnWidth(2, 170)
        for row in range(TRAIT_CARDS):
            colour = QComboBox()
            colour.addItems(["white", "red"])
            colour.setCurrentIndex(1 if row >= TRAIT_CARDS - MIN_EACH_COLOUR else 0)
            self.cards.setCellWidget(row, 0, colour)
            text = _CardText()
            text.returnPressed.connect(lambda r=row: self._next_card(r))
            self.cards.setCellWidget(row, 1, text)
            self.cards.setCellWidget(row, 2, QComboBox())
        layout.addWidget(self.cards, 1)
        self.set_elements(elements)

    def _next_card(self, row: int) -> None:
        """Enter in a card's text moves to the next card's text (the last one stays)."""
        following = self.cards.cellWidget(min(row + 1, TRAIT_CARDS - 1), 1)
        if following is not None:
            following.setFocus()
            self.cards.setCurrentCell(min(row + 1, TRAIT_CARDS - 1), 1)

    def set_elements(self, elements: list[Element]) -> None:
        """Offer the town's elements as ties and the people as this practitioner's own element."""
        current = self.person.currentData()
        self.person.clear()
        self.person.addItem("(not on the map)", "")
        for e in elements:
            if e.kind is Kind.PERSON:
                self.person.addItem(e.name, e.id)
        self.person.setCurrentIndex(max(0, self.person.findData(current)))
        for row in range(TRAIT_CARDS):
            box = self.cards.cellWidget(row, 2)
            assert isinstance(box, QComboBox)
            tie = box.currentData()
            box.clear()
            box.addItem("—", "")
            for e in elements:
                box.addItem(e.name, e.id)
            box.setCurrentIndex(max(0, box.findData(tie)))

    def set_card(self, row: int, colour: Colour, text: str, tie: str = "") -> None:
        colour_box = self.cards.cellWidget(row, 0)
        text_edit = self.cards.cellWidget(row, 1)
        tie_box = self.cards.cellWidget(row, 2)
        assert isinstance(colour_box, QComboBox) and isinstance(text_edit, QLineEdit)
        assert isinstance(tie_box, QComboBox)
        colour_box.setCurrentText(colour.value)
        text_edit.setText(text)
        tie_box.setCurrentIndex(max(0, tie_box.findData(tie)))

    def snapshot(self) -> Snapshot:
        """What is entered on this page, as plain values (for a draft)."""
        cards = []
        for row in range(TRAIT_CARDS):
            colour_box = self.cards.cellWidget(row, 0)
            text_edit = self.cards.cellWidget(row, 1)
            tie_box = self.cards.cellWidget(row, 2)
            assert isinstance(colour_box, QComboBox) and isinstance(text_edit, QLineEdit)
            assert isinstance(tie_box, QComboBox)
            cards.append([colour_box.currentText(), text_edit.text(), tie_box.currentData() or ""])
        return {
            "name": self.name.text(),
            "player": self.player.text(),
            "person": self.person.currentData() or "",
            "answers": [a.text() for a in self.answers],
            "cards": cards,
        }

    def restore(self, values: Snapshot) -> None:
        """Put a :meth:`snapshot` back (the town's elements must be set first)."""
        self.name.setText(str(values.get("name", "")))
        self.player.setText(str(values.get("player", "")))
        self.person.setCurrentIndex(max(0, self.person.findData(values.get("person", ""))))
        for edit, text in zip(self.answers, values.get("answers", []), strict=False):
            edit.setText(str(text))
        for row, (colour, text, tie) in enumerate(values.get("cards", [])[:TRAIT_CARDS]):
            self.set_card(row, Colour(colour), str(text), str(tie))

    def practitioner(self) -> Practitioner:
        pid = f"p{self.index + 1}"
        cards = []
        for row in range(TRAIT_CARDS):
            colour_box = self.cards.cellWidget(row, 0)
            text_edit = self.cards.cellWidget(row, 1)
            tie_box = self.cards.cellWidget(row, 2)
            assert isinstance(colour_box, QComboBox) and isinstance(text_edit, QLineEdit)
            assert isinstance(tie_box, QComboBox)
            colour = Colour(colour_box.currentText())
            tie = tie_box.currentData() if colour is Colour.WHITE else ""
            cards.append(
                TraitCard(f"{pid}c{row + 1}", colour, text_edit.text(), (tie,) if tie else ())
            )
        answers = (self.name.text(), *(a.text() for a in self.answers))
        return Practitioner(
            pid,
            self.name.text(),
            self.player.text(),
            answers,
            tuple(cards),
            self.person.currentData() or "",
        )


class CreateChronicleDialog(QDialog):
    """The creation of a chronicle, with the rules' findings on the draft kept in view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New chronicle of The Coven")
        self.resize(1100, 720)
        self.chronicle_id = f"coven-{uuid.uuid4().hex[:12]}"
        self.elements: list[Element] = []
        self.links: list[Link] = []
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        others = QGroupBox("The Others")
        form = QFormLayout(others)
        self.town = NameEdit()
        self.others_player = QLineEdit()
        self.description = QLineEdit()
        self.goal = QComboBox()
        for goal in Goal:
            self.goal.addItem(goal.label, goal.value)
        form.addRow("Town", self.town)
        form.addRow("Player of the Others", self.others_player)
        form.addRow("The Others are", self.description)
        form.addRow("Goal", self.goal)
        top.addWidget(others)
        top.addWidget(self._town_box())
        layout.addLayout(top)
        self.pages = ruled_tabs(QTabWidget())
        add = QPushButton("Add practitioner")
        add.clicked.connect(lambda: self.add_practitioner())
        layout.addWidget(add)
        layout.addWidget(self.pages, 1)
        self.findings = QLabel()
        self.findings.setWordWrap(True)
        layout.addWidget(self.findings)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.refresh()
        # No lost work (issue 33): ask before discarding; an unfinished one is a draft.
        self.drafts = DraftKeeper(
            self, "new-coven-chronicle", "chronicle", self.snapshot, self.restore
        )
        self.drafts.resume()

    def snapshot(self) -> Snapshot:
        """Everything entered, the open practitioner tab included (for a draft)."""
        return {
            "town": [self.town.text(), self.others_player.text(), self.description.text()],
            "goal": self.goal.currentIndex(),
            "elements": [
                [e.id, e.name, e.kind.value, e.note, e.added_by_others] for e in self.elements
            ],
            "links": [[x.a, x.b] for x in self.links],
            "practitioners": [p.snapshot() for p in self.practitioner_pages()],
            "tab": self.pages.currentIndex(),
        }

    def restore(self, values: Snapshot) -> None:
        """Put a :meth:`snapshot` back into this (fresh) dialog."""
        for edit, text in zip(
            (self.town, self.others_player, self.description), values.get("town", []), strict=False
        ):
            edit.setText(str(text))
        self.goal.setCurrentIndex(int(values.get("goal", 0)))
        self.elements = [
            Element(str(i), str(name), Kind(kind), str(note), bool(by_others))
            for i, name, kind, note, by_others in values.get("elements", [])
        ]
        ids = {e.id for e in self.elements}
        self.links = [Link(str(a), str(b)) for a, b in values.get("links", []) if {a, b} <= ids]
        self.refresh()
        for page_values in values.get("practitioners", []):
            self.add_practitioner().restore(page_values)
        self.pages.setCurrentIndex(int(values.get("tab", 0)))
        self.refresh()

    def accept(self) -> None:
        """Create: the draft is no longer needed."""
        self.drafts.finished()
        super().accept()

    def reject(self) -> None:
        """Escape, Cancel and the close button: ask before throwing away what was entered."""
        if self.drafts.may_close():
            super().reject()

    def _town_box(self) -> QGroupBox:
        box = QGroupBox("The town")
        grid = QVBoxLayout(box)
        row = QHBoxLayout()
        self.element_name = QLineEdit()
        self.element_name.setPlaceholderText("a person, place or organisation")
        self.element_kind = QComboBox()
        self.element_kind.addItems([k.value for k in Kind])
        self.element_by_others = QComboBox()
        self.element_by_others.addItems(["added by the players", "added by the Others"])
        add = QPushButton("Add element")
        add.clicked.connect(self._add_element_clicked)
        for w in (self.element_name, self.element_kind, self.element_by_others, add):
            row.addWidget(w)
        grid.addLayout(row)
        self.element_list = QListWidget()
        grid.addWidget(self.element_list)
        link_row = QHBoxLayout()
        self.link_a, self.link_b = QComboBox(), QComboBox()
        link = QPushButton("Link")
        link.clicked.connect(
            lambda: self.add_link(self.link_a.currentData(), self.link_b.currentData())
        )
        for w in (self.link_a, QLabel("—"), self.link_b, link):
            link_row.addWidget(w)
        grid.addLayout(link_row)
        return box

    def _add_element_clicked(self) -> None:
        if self.element_name.text().strip():
            self.add_element(
                self.element_name.text().strip(),
                Kind(self.element_kind.currentText()),
                self.element_by_others.currentIndex() == 1,
            )
            self.element_name.clear()

    def add_element(self, name: str, kind: Kind, by_others: bool = False) -> str:
        """Add a town element; returns its id."""
        element = Element(_slug(name, {e.id for e in self.elements}), name, kind, "", by_others)
        self.elements.append(element)
        self.refresh()
        return element.id

    def add_link(self, a: str | None, b: str | None) -> None:
        if a and b and a != b and Link(a, b) not in self.links and Link(b, a) not in self.links:
            self.links.append(Link(a, b))
            self.refresh()

    def add_practitioner(self) -> PractitionerPage:
        page = PractitionerPage(self.pages.count(), self.elements)
        self.pages.addTab(page, f"Practitioner {self.pages.count() + 1}")
        page.name.textChanged.connect(self.refresh)
        self.pages.setCurrentWidget(page)
        return page

    def practitioner_pages(self) -> list[PractitionerPage]:
        pages = [self.pages.widget(i) for i in range(self.pages.count())]
        return [p for p in pages if isinstance(p, PractitionerPage)]

    def refresh(self) -> None:
        """Lists, combo boxes and the findings follow the draft."""
        names = {e.id: e.name for e in self.elements}
        self.element_list.clear()
        for e in self.elements:
            by = " (the Others')" if e.added_by_others else ""
            linked = [names[x.b if x.a == e.id else x.a] for x in self.links if e.id in (x.a, x.b)]
            self.element_list.addItem(
                f"{e.name} — {e.kind.value}{by}"
                + (f"; linked to {', '.join(linked)}" if linked else "")
            )
        for box in (self.link_a, self.link_b):
            box.clear()
            for e in self.elements:
                box.addItem(e.name, e.id)
        for index, page in enumerate(self.practitioner_pages()):
            page.set_elements(self.elements)
            self.pages.setTabText(index, page.name.text() or f"Practitioner {index + 1}")
        found = creation_findings(self.chronicle())
        self.findings.setText(
            "Ready." if not found else "To look at: " + "; ".join(f.message for f in found)
        )

    def chronicle(self) -> Chronicle:
        """The chronicle as created so far (an empty log)."""
        return Chronicle(
            self.chronicle_id,
            self.town.text(),
            self.others_player.text(),
            self.description.text(),
            Goal(self.goal.currentData()),
            tuple(p.practitioner() for p in self.practitioner_pages()),
            tuple(self.elements),
            tuple(self.links),
        )
