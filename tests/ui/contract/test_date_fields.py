"""Ledger date fields stop where the library's own date check stops (issue 13)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from PySide6.QtCore import QDate

from builder.core.files import latest_date
from ui.contract.dialogs.base import date_edit, iso

pytestmark = pytest.mark.qt


def test_a_date_field_goes_no_later_than_tomorrow(qtbot) -> None:  # type: ignore[no-untyped-def]
    edit = date_edit()
    qtbot.addWidget(edit)
    tomorrow = date.today() + timedelta(days=1)
    assert latest_date() == tomorrow
    assert iso(edit) == date.today().isoformat()
    edit.setDate(QDate(9999, 12, 31))
    assert iso(edit) == tomorrow.isoformat()


def test_the_latest_date_is_the_calendar_day_after_today() -> None:
    assert latest_date(date(2024, 2, 28)) == date(2024, 2, 29)
