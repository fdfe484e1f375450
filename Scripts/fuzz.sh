#!/usr/bin/env bash
# Builds the FHIRJSON libFuzzer target (address sanitizer on) and runs it.
#   bash Scripts/fuzz.sh [seconds]      default 60; corpus seeded from Fixtures/
# A crash leaves a crash-* file in .build-fuzz/ and exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
seconds="${1:-60}"
out=.build-fuzz
mkdir -p "$out/corpus"
# FHIRJSON's sources without the file reader (it needs swift-system, not wanted here).
sources=$(find Sources/FHIRJSON -name '*.swift' ! -name 'ByteChunks.swift' | sort)
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name FuzzFHIRJSON \
  -I Sources/CYAJL -lyajl $sources Tests/Fuzz/FuzzFHIRJSON.swift -o "$out/fuzz-fhirjson" 2>&1 \
  | grep -v 'Cannot export local symbol' || true
# Seeds: small real files, each prefixed by a selector byte for each target.
if [ -z "$(ls -A "$out/corpus")" ]; then
  i=0
  for f in $(find Fixtures -name '*.json' -size -16k | sort | head -60) $(find Fixtures -name '*.ndjson' -size -64k | sort); do
    for selector in 0 1 2 3; do
      { printf "\\x$(printf %02x $((selector + 4 * (i % 16))))"; cat "$f"; } > "$out/corpus/seed-$i-$selector"
    done
    i=$((i + 1))
  done
fi
"$out/fuzz-fhirjson" -max_total_time="$seconds" -max_len=65536 -artifact_prefix="$out/" "$out/corpus" 2>&1 | tail -5
