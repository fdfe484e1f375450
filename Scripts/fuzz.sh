#!/usr/bin/env bash
# Builds the libFuzzer targets (address sanitizer on) and runs them.
#
#   bash Scripts/fuzz.sh TARGET [SECONDS]   run one target, default 60 s
#   bash Scripts/fuzz.sh all [SECONDS]      run every target in turn, SECONDS each
#   bash Scripts/fuzz.sh build              build only
#   bash Scripts/fuzz.sh list               the targets
#
# Targets: fhirjson r4-resource dstu2-resource r4-coders dstu2-coders
#          release-conversion care-pipeline   (sources in Fuzz/Sources/fuzz-TARGET)
#
# Each run starts from the committed corpus (Fuzz/Corpus/TARGET: earlier findings and
# interesting inputs, so that CI's short runs try every known finding again), seeds made from
# Fixtures/ (Scripts/fuzz-seeds.py) and what earlier runs on this machine found
# (.build-fuzz/corpus/TARGET), and prints one line:
#   TARGET: runs N, cov C, ft F, corpus K, S s (wall time, seeds included), crash none|FILE
# A crash leaves its input in .build-fuzz/artifacts/TARGET/ and makes the script exit 1
# (after running the remaining targets with `all`). FUZZ_JOBS=2 runs two targets at once;
# FUZZ_SKIP_BUILD=1 uses the binaries already built; FUZZ_TIMEOUT (default 120) is the
# wall-clock seconds one input may take before libFuzzer calls it a hang (the machine
# may be shared: under `nice` a 0.2 s input has been seen to take 29 s of wall time).
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(fhirjson r4-resource dstu2-resource r4-coders dstu2-coders release-conversion care-pipeline)
what="${1:-}"
seconds="${2:-60}"
out=.build-fuzz
bin=Fuzz/.build/release

build() {
  if [ -n "${FUZZ_SKIP_BUILD:-}" ] && [ -x "$bin/fuzz-fhirjson" ]; then return; fi
  bash Scripts/setup.sh
  local start=$SECONDS
  compile
  # Check that libFuzzer sees the coverage counters (a build without them fuzzes blind).
  instrumented || { echo "fuzz.sh: the targets lack coverage instrumentation" >&2; exit 2; }
  echo "fuzz.sh: build took $((SECONDS - start)) s"
}

compile() {
  # SwiftPM hands `--sanitize=fuzzer --sanitize=address` to swiftc as two options, in an order
  # that changes from run to run, and the last one wins: with `address` last, no coverage
  # instrumentation (libFuzzer saw 2 counters in 4 of 8 CI runs). One combined option
  # after them keeps both.
  # A failed build must stop the run: the binaries of an earlier build would fuzz old code.
  local status=0
  mkdir -p "$out"
  # The Fuzz package sees FHIRKit as a local dependency, and SwiftPM keeps its build plan (the
  # source files of each target) from the last build: a file added to FHIRKit since was left out
  # ("value of type 'UUID' has no member 'text'"). Planning again costs a second or two.
  rm -f Fuzz/.build/release.yaml Fuzz/.build/*/release/description.json
  # A class of FHIRKit's that gained a stored property (NDJSONReader, 2026-12-01) left a target
  # compiled against its old size: AddressSanitizer saw the initializer write past the object
  # the caller had allocated on its stack, a stack-buffer-overflow that a clean build does not
  # have. FHIRKit's own modules and the targets are compiled again each time (2–3 minutes);
  # the dependencies are kept.
  rm -rf Fuzz/.build/*/release/{Care,FHIR,fuzz_}*.build Fuzz/.build/*/release/Modules/{Care,FHIR,fuzz_}*
  (cd Fuzz && swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address) \
    >"$out/build.log" 2>&1 || status=$?
  grep -E 'error:|Compiling|Linking|Build' "$out/build.log" | grep -v 'Compiling [A-Z]' || true
  if [ "$status" -ne 0 ] || [ ! -x "$bin/fuzz-fhirjson" ]; then
    echo "fuzz.sh: build failed (exit $status; $out/build.log)" >&2
    exit 2
  fi
}

# Whether every target reports the coverage counters of an instrumented build
# (libFuzzer's "Loaded 1 modules (N inline 8-bit counters)"; ours have tens of thousands).
instrumented() {
  local target counters
  for target in "${targets[@]}"; do
    counters=$("$bin/fuzz-$target" -runs=0 </dev/null 2>&1 | grep -Eo '[0-9]+ inline 8-bit counters' | grep -Eo '^[0-9]+' | head -1 || true)
    if [ "${counters:-0}" -lt 1000 ]; then
      echo "fuzz.sh: fuzz-$target has ${counters:-no} coverage counters" >&2
      return 1
    fi
  done
}

run() {
  local target=$1
  local seeds="$out/seeds/$target" corpus="$out/corpus/$target" artifacts="$out/artifacts/$target"
  mkdir -p "$corpus" "$artifacts" "$out/logs"
  rm -rf "$seeds"
  python3 Scripts/fuzz-seeds.py "$target" "$seeds" 2>/dev/null
  local log="$out/logs/$target.log" status=0 began=$SECONDS
  # The committed corpus (Fuzz/Corpus/TARGET: earlier findings and interesting inputs) runs
  # first, on its own and whole, so that a known finding fails however short the run; then it
  # is read like the seeds (new inputs go to the first folder only, the machine's own corpus).
  local committed=()
  if [ -d "Fuzz/Corpus/$target" ]; then
    committed=("Fuzz/Corpus/$target")
    if ! "$bin/fuzz-$target" -runs=0 -timeout="${FUZZ_TIMEOUT:-120}" -rss_limit_mb=2048 -artifact_prefix="$artifacts/" \
      "Fuzz/Corpus/$target" >"$out/logs/$target.known.log" 2>&1; then
      grep -E 'fuzz finding|Fatal error|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY' "$out/logs/$target.known.log" | head -5 >&2 || true
      echo "fuzz.sh: $target fails on an input of Fuzz/Corpus/$target (a known finding is back); log: $out/logs/$target.known.log" >&2
      return 1
    fi
  fi
  "$bin/fuzz-$target" -max_total_time="$seconds" -max_len=65536 -timeout="${FUZZ_TIMEOUT:-120}" -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "${committed[@]}" "$seeds" >"$log" 2>&1 || status=$?
  # The last status line libFuzzer printed (INITED, pulse, NEW or DONE) has cov and ft.
  local last runs cov ft corp crash
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' || true)
  [ -n "$runs" ] || runs=$(sed -E 's/^#([0-9]+).*/\1/' <<<"$last")
  cov=$(grep -Eo 'cov: [0-9]+' <<<"$last" | grep -Eo '[0-9]+' || echo '?')
  ft=$(grep -Eo 'ft: [0-9]+' <<<"$last" | grep -Eo '[0-9]+' || echo '?')
  corp=$(grep -Eo 'corp: [0-9]+' <<<"$last" | grep -Eo '[0-9]+' || echo '?')
  # slow-unit-* files are information (an input over 10 s), not findings.
  crash=$(grep -Eo "Test unit written to [^ ]+" "$log" | sed 's/Test unit written to //' | grep -v '/slow-unit-' | tail -1 || true)
  echo "$target: runs ${runs:-?}, cov $cov, ft $ft, corpus $corp, $((SECONDS - began)) s, crash ${crash:-none}"
  if [ "$status" -ne 0 ] || [ -n "$crash" ]; then
    grep -E 'fuzz finding|Fatal error|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY' "$log" | head -5 >&2 || true
    echo "fuzz.sh: $target failed (exit $status); log: $log" >&2
    return 1
  fi
}

case "$what" in
  list) printf '%s\n' "${targets[@]}" ;;
  build) build ;;
  all)
    build
    failed=0
    if [ "${FUZZ_JOBS:-1}" -gt 1 ]; then
      pids=()
      for target in "${targets[@]}"; do
        run "$target" & pids+=($!)
        if [ "${#pids[@]}" -ge "$FUZZ_JOBS" ]; then wait "${pids[0]}" || failed=1; pids=("${pids[@]:1}"); fi
      done
      for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
    else
      for target in "${targets[@]}"; do run "$target" || failed=1; done
    fi
    exit "$failed"
    ;;
  *)
    if [[ " ${targets[*]} " != *" $what "* ]]; then
      echo "usage: bash Scripts/fuzz.sh TARGET|all [SECONDS] | build | list" >&2
      echo "targets: ${targets[*]}" >&2
      exit 2
    fi
    build
    run "$what"
    ;;
esac
