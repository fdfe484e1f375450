#!/usr/bin/env bash
# Sets up a fresh machine if needed and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
# schemathesis (PyPI) probes `fhirkit serve` against docs/openapi.yaml in ServeCommandTests.
if ! command -v st >/dev/null 2>&1; then
  python3 -m pip install --quiet schemathesis
fi
swift test "$@"
