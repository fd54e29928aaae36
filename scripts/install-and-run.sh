#!/usr/bin/env bash
# README command 1: install Harbinger and open it on your default library.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/harbinger "$@"
