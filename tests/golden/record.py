"""Record the outputs the layout move must not change (run once, before a move).

For every example character and every file under ``tests/data/``: the JSON of
``harbinger sheet audit FILE --json`` and the text of ``harbinger sheet pdf``
(and ``--cards`` for contractors), extracted page by page. ``test_golden.py``
compares today's outputs with these recordings.

    .venv/bin/python -m tests.golden.record
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.golden.outputs import GOLDEN_DIR, golden_inputs, outputs_of


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, path, extra in golden_inputs():
        record = outputs_of(path, extra)
        target = GOLDEN_DIR / f"{name}.json"
        target.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", "utf-8")
        print(f"recorded {target.relative_to(Path.cwd())}")


if __name__ == "__main__":
    main()
