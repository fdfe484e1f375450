#!/usr/bin/env bash
# Installs what FHIRKit needs that a fresh machine may lack: the YAJL C library
# (and pkg-config to find it). Safe to run again; does nothing when all is there.
set -euo pipefail

if pkg-config --exists yajl 2>/dev/null; then
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libyajl-dev pkg-config >/dev/null
elif command -v brew >/dev/null 2>&1; then
  brew install yajl pkg-config
else
  echo "setup.sh: install YAJL 2 (libyajl-dev or yajl) and pkg-config with your package manager" >&2
  exit 1
fi
