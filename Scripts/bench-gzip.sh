#!/usr/bin/env bash
# Throughput of `fhirkit` on a gzip-compressed Bulk Data folder against the same folder
# plain: builds the release binary, makes a folder of R4 NDJSON (the NDJSON files of SOURCE,
# copied COPIES times), a copy with every file
# gzip-compressed (`.ndjson.gz`), then runs `convert --to r4` and `import` on each,
# interleaved, ROUNDS times, and prints the best wall time of each and their ratio
# (target: compressed >= 0.8x plain). Outputs are compared: they must be identical.
#   Scripts/bench-gzip.sh [SOURCE=Fixtures/r4/ndjson] [COPIES=8] [ROUNDS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
source=${1:-Fixtures/r4/ndjson}
copies=${2:-8}
rounds=${3:-3}
swift build -c release --product fhirkit >/dev/null
bin=$PWD/.build/release/fhirkit
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/plain" "$work/gz"
for copy in $(seq 1 "$copies"); do
  for file in "$source"/*.ndjson; do
    name=$(basename "$file" .ndjson)
    cp "$file" "$work/plain/$name.$copy.ndjson"
  done
done
cp "$work"/plain/* "$work/gz/"
gzip "$work"/gz/*.ndjson
plain_mb=$(du -sm "$work/plain" | cut -f1)
gz_mb=$(du -sm "$work/gz" | cut -f1)
echo "folder: $(ls "$work/plain" | wc -l) files, ${plain_mb} MB plain, ${gz_mb} MB as .ndjson.gz; $(cat "$work"/plain/* | wc -l) resources"

seconds() { # command...: wall seconds of one run
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

for job in convert import; do
  best_plain=999999
  best_gz=999999
  for round in $(seq 1 "$rounds"); do
    for kind in plain gz; do
      if [ "$job" = convert ]; then
        t=$(seconds "$bin" convert --to r4 --quiet "$work/$kind" -o "$work/$kind.out")
      else
        rm -f "$work/$kind.sqlite"*
        t=$(seconds "$bin" import --quiet "$work/$kind" --store "$work/$kind.sqlite")
      fi
      echo "  $job $kind round $round: ${t} s"
      if [ "$kind" = plain ]; then
        best_plain=$(echo "if ($t < $best_plain) $t else $best_plain" | bc)
      else
        best_gz=$(echo "if ($t < $best_gz) $t else $best_gz" | bc)
      fi
    done
  done
  if [ "$job" = convert ]; then
    cmp -s "$work/plain.out" "$work/gz.out" && same="identical" || same="DIFFERENT"
  else
    a=$("$bin" export --store "$work/plain.sqlite" --to care | sha256sum)
    b=$("$bin" export --store "$work/gz.sqlite" --to care | sha256sum)
    [ "$a" = "$b" ] && same="identical" || same="DIFFERENT"
  fi
  ratio=$(echo "scale=3; $best_plain / $best_gz" | bc)
  echo "$job: plain best ${best_plain} s ($(echo "scale=1; $plain_mb / $best_plain" | bc) MB/s), gz best ${best_gz} s; gz/plain throughput ${ratio}x; outputs $same"
done
