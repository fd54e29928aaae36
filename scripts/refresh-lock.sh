#!/usr/bin/env bash
# Refresh requirements/constraints.txt: install Harbinger with its test tools into a
# throwaway environment from the newest releases pyproject.toml allows, and write down
# the exact version of everything that was installed. Run it by hand (say, once a
# month), then run the whole test suite before committing the new file.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$PYTHON" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --upgrade pip
"$work/venv/bin/python" -m pip install --quiet ".[test,postgres]" 2>/dev/null \
  || "$work/venv/bin/python" -m pip install --quiet ".[test]"
{
  echo "# Exact versions every install uses (scripts/setup.sh passes this to pip with -c)."
  echo "# Refresh by hand with: bash scripts/refresh-lock.sh  (then run the tests and commit)."
  "$work/venv/bin/python" -m pip freeze --exclude-editable | grep -vi '^harbinger'
} > requirements/constraints.txt
echo "requirements/constraints.txt refreshed; run bash scripts/install-and-test.sh before committing."
