#!/usr/bin/env bash
# Sets up a fresh machine if needed and runs fhirkit on the bundled sample data.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
swift build --product fhirkit
.build/debug/fhirkit inspect "Fixtures/r4/bundles/synthea__Gustavo_Mejía_59a8543c-e24f-4a01-b28b-47ccde6bc11d.json" Fixtures/r4/ndjson
