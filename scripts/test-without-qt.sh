#!/usr/bin/env bash
# The rules, storage, printing and CLI tests in an environment with no Qt at all
# (.venv-noqt): proves builder/, models/, printing/ and the headless commands never
# need PySide6 (STYLE.md, "a test run that works without Qt installed").
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv-noqt/bin/python ]; then
  "$PYTHON" -m venv .venv-noqt
fi
# Every runtime and test dependency of pyproject.toml except Qt and its pytest plugin.
mapfile -t deps < <("$PYTHON" - <<'PY'
import tomllib
project = tomllib.load(open("pyproject.toml", "rb"))["project"]
wanted = project["dependencies"] + project["optional-dependencies"]["test"]
for dep in wanted:
    name = dep.split(">")[0].split("=")[0].split("!")[0].split("<")[0].split("[")[0].strip()
    if name.lower() not in {"pyside6-essentials", "pyside6", "pytest-qt"}:
        print(dep)
PY
)
.venv-noqt/bin/python -m pip install --quiet --upgrade pip
.venv-noqt/bin/python -m pip install --quiet -c requirements/constraints.txt "${deps[@]}"
.venv-noqt/bin/python -m pip install --quiet --no-deps -e .
if .venv-noqt/bin/python -c 'import PySide6' 2>/dev/null; then
  echo "PySide6 is importable in .venv-noqt: the Qt-free run would prove nothing" >&2
  exit 1
fi
exec .venv-noqt/bin/python -m pytest -n "${HARBINGER_TEST_WORKERS:-auto}" -q \
  --ignore=tests/ui -m "not qt" -p no:cacheprovider "$@"
