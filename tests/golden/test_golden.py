"""The layout move changes no output: audits and printed text match the recordings.

The recordings in ``recorded/`` were made by ``tests/golden/record.py`` on the
code before the game-systems layout moved; each file below must still audit to
the same JSON (and exit code) and print to the same text, page by page.
"""

from __future__ import annotations

import json

import pytest

from tests.golden.outputs import GOLDEN_DIR, golden_inputs, outputs_of

INPUTS = golden_inputs()


def test_every_input_has_a_recording() -> None:
    recorded = {p.stem for p in GOLDEN_DIR.glob("*.json")}
    assert {name for name, _path, _extra in INPUTS} == recorded


@pytest.mark.slow  # about 10 s a file: every audit and every printed page of it
@pytest.mark.parametrize(("name", "path", "extra"), INPUTS, ids=[i[0] for i in INPUTS])
def test_outputs_match_the_recording(name: str, path, extra: list[str]) -> None:
    expected = json.loads((GOLDEN_DIR / f"{name}.json").read_text("utf-8"))
    assert outputs_of(path, extra) == expected
