#!/usr/bin/env bash
# README command 2: install Harbinger with its test tools and run the whole suite.
# Qt runs offscreen; tests use temporary libraries and settings, never yours.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "[test]"
export QT_QPA_PLATFORM=offscreen
# The whole suite with Hypothesis's full example counts (tests/hypothesis_profiles.py);
# a developer's quick loop is `pytest -m "not slow"` with the default dev profile.
export HARBINGER_HYPOTHESIS=${HARBINGER_HYPOTHESIS:-ci}
.venv/bin/python -m ruff check .
# Layer contracts (pyproject.toml [tool.importlinter]): no Qt below ui/, games independent.
.venv/bin/lint-imports
# Types of the rules, storage, printing, the CLI/app layer and the benchmarks ([tool.mypy] in pyproject.toml).
.venv/bin/python -m mypy
# Everything but the UI once more, with Qt not installed at all.
bash scripts/test-without-qt.sh
exec .venv/bin/python -m pytest -n "${HARBINGER_TEST_WORKERS:-auto}" "$@"
