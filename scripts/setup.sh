#!/usr/bin/env bash
# Shared install step of the two README commands: system libraries Qt needs,
# a virtual environment in .venv, and Harbinger installed into it.
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
EXTRAS=${1:-}

need_apt=()
# ldconfig lives in /sbin, which is not on a normal user's PATH on Debian.
LDCONFIG=$(command -v ldconfig || echo /sbin/ldconfig)
LIBS=$("$LDCONFIG" -p 2>/dev/null || true)
have_lib() { grep -qF "$1" <<<"$LIBS"; }
# Libraries PySide6's wheels load but do not ship (Debian package names).
have_lib 'libEGL.so.1'        || need_apt+=(libegl1)
have_lib 'libGL.so.1'         || need_apt+=(libgl1)
have_lib 'libOpenGL.so.0'     || need_apt+=(libopengl0)
have_lib 'libxkbcommon.so.0'  || need_apt+=(libxkbcommon0)
have_lib 'libfontconfig.so.1' || need_apt+=(libfontconfig1)
have_lib 'libdbus-1.so.3'     || need_apt+=(libdbus-1-3)
have_lib 'libglib-2.0.so.0'   || need_apt+=(libglib2.0-0)
have_lib 'libfreetype.so.6'   || need_apt+=(libfreetype6)
if [ "${HARBINGER_HEADLESS_ONLY:-}" != 1 ]; then
  # For a real window on an X11 desktop (the xcb platform plugin).
  have_lib 'libxcb-cursor.so.0'      || need_apt+=(libxcb-cursor0)
  have_lib 'libxkbcommon-x11.so.0'   || need_apt+=(libxkbcommon-x11-0)
  have_lib 'libxcb-icccm.so.4'       || need_apt+=(libxcb-icccm4)
  have_lib 'libxcb-keysyms.so.1'     || need_apt+=(libxcb-keysyms1)
  have_lib 'libxcb-shape.so.0'       || need_apt+=(libxcb-shape0)
  have_lib 'libxcb-render-util.so.0' || need_apt+=(libxcb-render-util0)
  have_lib 'libxcb-image.so.0'       || need_apt+=(libxcb-image0)
  have_lib 'libX11-xcb.so.1'         || need_apt+=(libx11-xcb1)
fi
"$PYTHON" -c 'import venv, ensurepip' 2>/dev/null || need_apt+=(python3-venv)
if [[ "$EXTRAS" == *test* ]]; then
  # The tests start a throwaway PostgreSQL server of their own (tests/pg/server.py),
  # so the shared-library code runs against a real one: they need its programs.
  have_initdb=$(command -v initdb || ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | head -n 1 || true)
  [ -n "$have_initdb" ] || need_apt+=(postgresql)
fi

if [ ${#need_apt[@]} -gt 0 ]; then
  line="apt-get install -y --no-install-recommends ${need_apt[*]}"
  if [ "$(id -u)" -eq 0 ]; then
    echo "Installing system libraries: ${need_apt[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    echo "Installing system libraries: ${need_apt[*]}"
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
  elif command -v sudo >/dev/null 2>&1 && [ -t 0 ]; then
    echo "Installing system libraries (sudo asks for your password): ${need_apt[*]}"
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
  else
    echo "Harbinger needs system packages this machine lacks. Ask whoever" >&2
    echo "administers it to run, as root:" >&2
    echo "    $line" >&2
    echo "Going on with the Python part of the install." >&2
  fi
fi

if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
# Every dependency at the locked version, each file checked against its locked sha256
# (scripts/refresh-lock.sh writes the locks); then Harbinger itself, which adds nothing.
# The app alone takes requirements/app.txt; any extra ("[test]", "[postgres]") the full
# lock, requirements/test.txt, which holds them all.
lock=requirements/app.txt
[ -z "$EXTRAS" ] || lock=requirements/test.txt
.venv/bin/python -m pip install --quiet --require-hashes -r "$lock"
.venv/bin/python -m pip install --quiet --no-deps -e ".${EXTRAS}"
