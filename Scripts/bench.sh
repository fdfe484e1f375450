#!/usr/bin/env bash
# Builds the benchmarks in release mode and runs them: tokenizer throughput against
# raw YAJL on >= 100 MB of NDJSON, then peak memory streaming a 1 GB Bundle and converting
# a 1 GB Bulk Data folder to care entities through the staged pipeline, then
# `fhirkit convert` with --jobs 1 and --jobs 2 on the same >= 100 MB input.
set -euo pipefail
cd "$(dirname "$0")/.."
bash Scripts/setup.sh
# `Scripts/bench.sh job [--size-mb N] [--runs N] [--only ...]`: only the job benchmark (the
# release fhirkit binary as a whole process against raw YAJL; docs/benchmarks.md).
if [ "${1:-}" = "job" ]; then
  shift
  swift build -c release --product FHIRJSONBenchmarks
  swift build -c release --product fhirkit
  exec .build/release/FHIRJSONBenchmarks job "$@"
fi
swift build -c release --product FHIRJSONBenchmarks
swift build -c release --product fhirkit
.build/release/FHIRJSONBenchmarks throughput "$@"
.build/release/FHIRJSONBenchmarks bundle-memory
.build/release/FHIRJSONBenchmarks pipeline-memory
.build/release/FHIRJSONBenchmarks pipeline-memory --cli
.build/release/FHIRJSONBenchmarks cli-jobs
.build/release/FHIRJSONBenchmarks job
