#!/usr/bin/env bash
# Sets up a fresh machine if needed, builds fhirkit and runs it on the bundled sample
# data: what the files hold, whether they are valid, and a DSTU2 → R4 conversion.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
swift build --product fhirkit
fhirkit=.build/debug/fhirkit
sample_r4="Fixtures/r4/bundles/synthea__Gustavo_Mejía_59a8543c-e24f-4a01-b28b-47ccde6bc11d.json"
sample_dstu2="Fixtures/dstu2/bundles/synthea__Gerhold_Donovan_66.json"
echo "== fhirkit inspect: resource types, releases and bytes"
$fhirkit inspect "$sample_r4" Fixtures/r4/ndjson
echo
echo "== fhirkit validate: the R4 and DSTU2 models' issues (none expected here)"
$fhirkit validate "$sample_r4" Fixtures/r4/examples/Patient
echo
echo "== fhirkit convert --to r4: a Synthea DSTU2 bundle, one R4 resource per line"
converted=$(mktemp)
$fhirkit convert --to r4 "$sample_dstu2" -o "$converted"
echo "$(wc -l <"$converted") lines; the first begins:"
head -c 300 "$converted"
echo " …"
rm -f "$converted"
