#!/usr/bin/env bash
# Installs what FHIRKit needs that a fresh machine may lack: the YAJL, SQLite and zlib C libraries
# (and pkg-config to find it). Safe to run again; does nothing when all is there.
set -euo pipefail

if pkg-config --exists yajl sqlite3 zlib 2>/dev/null; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libyajl-dev libsqlite3-dev zlib1g-dev pkg-config >/dev/null
elif command -v brew >/dev/null 2>&1; then
  brew install yajl sqlite zlib pkg-config
else
  echo "setup.sh: install YAJL 2 (libyajl-dev or yajl), SQLite 3 (libsqlite3-dev or sqlite), zlib (zlib1g-dev or zlib) and pkg-config with your package manager" >&2
  exit 1
fi
