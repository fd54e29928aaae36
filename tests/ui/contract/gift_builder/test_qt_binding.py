"""The Qt binding must not leak references to None/True: the builder makes hundreds of Qt
calls per click, and PySide6 6.12.0 on Python 3.11 dropped one reference to None per void
call and one to True per signal emit, aborting the app (none_dealloc) after a few thousand
clicks. pyproject.toml excludes that release; this test catches a binding that does it."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QCheckBox, QLabel

pytestmark = pytest.mark.skipif(
    sys.version_info >= (3, 12), reason="None and True are immortal from Python 3.12"
)


class _Emitter(QObject):
    fired = Signal(object)


def test_void_calls_and_emits_keep_none_and_true_alive(qapp) -> None:
    label, box, emitter = QLabel(), QCheckBox(), _Emitter()
    emitter.fired.connect(lambda _value: None)
    calls = 500
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(calls):
        label.setText("x")
        box.setChecked(False)
        box.setEnabled(True)
        emitter.fired.emit(1)
    assert sys.getrefcount(None) >= none_before - 10
    assert sys.getrefcount(True) >= true_before - 10
