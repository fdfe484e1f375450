#!/usr/bin/env bash
# Sets up a fresh machine if needed and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
swift test "$@"
