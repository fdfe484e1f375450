#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's swift-format and .swift-format.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format --in-place --recursive --parallel Package.swift Sources Tests Benchmarks
