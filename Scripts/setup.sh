#!/usr/bin/env bash
# Installs what FHIRKit needs that a fresh machine may lack: the YAJL, SQLite, zlib and Zstandard C
# libraries (and pkg-config to find them), the zstd tool (a test reads the store's packed sources
# with it), and on Linux jemalloc, the allocator the fhirkit binary links
# (docs/benchmarks/job-2026-11-28-sessions-11-13.md, "jemalloc in the fhirkit binary"). Safe to run
# again; does nothing when all is there.
set -euo pipefail

needed="yajl sqlite3 zlib libzstd"
[ "$(uname -s)" = Linux ] && needed="$needed jemalloc"
# shellcheck disable=SC2086
if pkg-config --exists $needed 2>/dev/null && command -v zstd >/dev/null 2>&1; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libyajl-dev libsqlite3-dev zlib1g-dev libzstd-dev zstd libjemalloc-dev pkg-config >/dev/null
elif command -v brew >/dev/null 2>&1; then
  brew install yajl sqlite zlib zstd pkg-config
else
  echo "setup.sh: install YAJL 2 (libyajl-dev or yajl), SQLite 3 (libsqlite3-dev or sqlite), zlib (zlib1g-dev or zlib), Zstandard (libzstd-dev and zstd, or zstd), on Linux jemalloc (libjemalloc-dev) and pkg-config with your package manager" >&2
  exit 1
fi
