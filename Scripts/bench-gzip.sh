#!/usr/bin/env bash
# Throughput of `fhirkit` on a gzip-compressed Bulk Data folder against the same folder
# plain: builds the release binary, makes a folder of R4 NDJSON (the NDJSON files of SOURCE,
# copied COPIES times), a copy with every file
# gzip-compressed (`.ndjson.gz`), then runs `convert --to r4` (R4 in: read, check and
# write back, the lightest job, where decompression weighs most), `convert --to dstu2` and
# `import` on each,
# interleaved, ROUNDS times, and prints the best and median wall time of each and their
# ratios (target: compressed >= 0.8x plain), and the user CPU seconds of the median runs. Outputs are compared: they must be identical.
#   Scripts/bench-gzip.sh [SOURCE=Fixtures/r4/ndjson] [COPIES=8] [ROUNDS=3]
# FHIRKIT_BINARY=path runs that binary instead of building the release one.
set -euo pipefail
cd "$(dirname "$0")/.."
source=${1:-Fixtures/r4/ndjson}
copies=${2:-8}
rounds=${3:-3}
if [ -n "${FHIRKIT_BINARY:-}" ]; then
  bin=$FHIRKIT_BINARY
else
  swift build -c release --product fhirkit >/dev/null
  bin=$PWD/.build/release/fhirkit
fi
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

seconds() { # command...: "wall user" seconds of one run
  local timing
  timing=$(mktemp)
  /usr/bin/time -f "%e %U" -o "$timing" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
  cat "$timing"
  rm -f "$timing"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for job in convert dstu2 import; do
  : >"$work/plain.times"
  : >"$work/gz.times"
  for round in $(seq 1 "$rounds"); do
    for kind in plain gz; do
      if [ "$job" = convert ]; then
        t=$(seconds "$bin" convert --to r4 --quiet "$work/$kind" -o "$work/$kind.out")
      elif [ "$job" = dstu2 ]; then
        t=$(seconds "$bin" convert --to dstu2 --quiet "$work/$kind" -o "$work/$kind.out")
      else
        rm -f "$work/$kind.sqlite"*
        t=$(seconds "$bin" import --quiet "$work/$kind" --store "$work/$kind.sqlite")
      fi
      echo "  $job $kind round $round: ${t% *} s wall, ${t#* } s user"
      echo "$t" >>"$work/$kind.times"
    done
  done
  best_plain=$(cut -d' ' -f1 "$work/plain.times" | sort -n | head -1)
  best_gz=$(cut -d' ' -f1 "$work/gz.times" | sort -n | head -1)
  median_plain=$(cut -d' ' -f1 "$work/plain.times" | median)
  median_gz=$(cut -d' ' -f1 "$work/gz.times" | median)
  user_plain=$(cut -d' ' -f2 "$work/plain.times" | median)
  user_gz=$(cut -d' ' -f2 "$work/gz.times" | median)
  if [ "$job" != import ]; then
    cmp -s "$work/plain.out" "$work/gz.out" && same="identical" || same="DIFFERENT"
  else
    a=$("$bin" export --store "$work/plain.sqlite" --to care | sha256sum)
    b=$("$bin" export --store "$work/gz.sqlite" --to care | sha256sum)
    [ "$a" = "$b" ] && same="identical" || same="DIFFERENT"
  fi
  echo "$job: plain best ${best_plain} s ($(echo "scale=1; $plain_mb / $best_plain" | bc) MB/s), median ${median_plain} s;" \
    "gz best ${best_gz} s, median ${median_gz} s; gz/plain throughput best $(echo "scale=3; $best_plain / $best_gz" | bc)x," \
    "median $(echo "scale=3; $median_plain / $median_gz" | bc)x; user CPU (median) plain ${user_plain} s, gz ${user_gz} s; outputs $same"
done
