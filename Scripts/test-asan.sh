#!/usr/bin/env bash
# Runs the whole test suite built with the address sanitizer (in .build-asan, beside the
# normal build). Leaks inside the toolchain's libraries are suppressed
# (Scripts/lsan-suppressions.txt); any other ASan or LSan report fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
swift test --sanitize=address --scratch-path .build-asan "$@"
