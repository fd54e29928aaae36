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
# Every runtime and test dependency, from the hashed lock, except Qt and its pytest plugin.
noqt_lock=$(mktemp)
trap 'rm -f "$noqt_lock"' EXIT
"$PYTHON" - requirements/test.txt "$noqt_lock" <<'PY'
import re
import sys

QT = {"pyside6-essentials", "pyside6", "shiboken6", "pytest-qt"}
keep = True
with open(sys.argv[1]) as lock, open(sys.argv[2], "w") as out:
    for line in lock:
        if line[:1].isalnum():  # a pin starts a package's stanza; its hashes follow
            keep = re.split(r"[=<>!~ ;]", line, maxsplit=1)[0].lower() not in QT
        if keep:
            out.write(line)
PY
.venv-noqt/bin/python -m pip install --quiet --upgrade pip
.venv-noqt/bin/python -m pip install --quiet --require-hashes -r "$noqt_lock"
rm -f "$noqt_lock"
.venv-noqt/bin/python -m pip install --quiet --no-deps -e .
if .venv-noqt/bin/python -c 'import PySide6' 2>/dev/null; then
  echo "PySide6 is importable in .venv-noqt: the Qt-free run would prove nothing" >&2
  exit 1
fi
exec .venv-noqt/bin/python -m pytest -n "${HARBINGER_TEST_WORKERS:-auto}" -q \
  --ignore=tests/ui -m "not qt" -p no:cacheprovider "$@"
