#!/usr/bin/env python3
"""Writes the seed corpus of one libFuzzer target from Fixtures/ (see Scripts/fuzz.sh).

    python3 Scripts/fuzz-seeds.py TARGET DIR

Seeds are small real files: spec examples as they are, resources taken out of the
Synthea bundles (written compactly), and the hand-made bad corpus. Nothing here is
committed; the seeds are made again on every machine.
"""
import glob
import json
import os
import sys

MAX_SEED = 48 * 1024
CARE_TYPES = {"Patient", "CarePlan", "MedicationRequest", "MedicationOrder", "Observation"}


def small_files(pattern):
    return [p for p in sorted(glob.glob(pattern, recursive=True)) if os.path.getsize(p) <= MAX_SEED]


def bundle_resources(release, per_type=3):
    """Up to `per_type` resources of each care type from each Synthea bundle, compact."""
    found = []
    for path in sorted(glob.glob(f"Fixtures/{release}/bundles/*.json")):
        with open(path, encoding="utf-8") as f:
            bundle = json.load(f)
        counts = {}
        for entry in bundle.get("entry", []):
            resource = entry.get("resource") or {}
            kind = resource.get("resourceType")
            if kind in CARE_TYPES and counts.get(kind, 0) < per_type:
                counts[kind] = counts.get(kind, 0) + 1
                found.append(json.dumps(resource, ensure_ascii=False, separators=(",", ":")).encode())
    return found


def ndjson_lines(pattern, per_file=5):
    lines = []
    for path in sorted(glob.glob(pattern)):
        with open(path, "rb") as f:
            lines += [line.rstrip(b"\r\n") for line in f.readlines()[:per_file]]
    return [line for line in lines if line and len(line) <= MAX_SEED]


def release_seeds(release):
    seeds = [open(p, "rb").read() for p in small_files(f"Fixtures/{release}/examples/**/*.json")]
    seeds += bundle_resources(release)
    if release == "r4":
        seeds += ndjson_lines("Fixtures/r4/ndjson/*.ndjson")
    return seeds


def bad_seeds():
    seeds = [open(p, "rb").read() for p in small_files("Fixtures/bad/*.json") if not p.endswith("EXPECTED.json")]
    return seeds + ndjson_lines("Fixtures/bad/*.ndjson", per_file=20)


def fhirjson_seeds():
    # The first byte picks the mode (tokenizer, small limits, NDJSON, Bundle) and a chunk size.
    files = small_files("Fixtures/**/*.json")[:60] + small_files("Fixtures/**/*.ndjson")
    seeds = []
    for i, path in enumerate(files):
        data = open(path, "rb").read()
        seeds += [bytes([mode + 4 * (i % 16)]) + data for mode in range(4)]
    return seeds


def pipeline_seeds():
    # The first byte picks the release (even R4, odd DSTU2); then NDJSON, one patient's
    # resources per seed.
    seeds = []
    for selector, release in ((0, "r4"), (1, "dstu2")):
        for path in sorted(glob.glob(f"Fixtures/{release}/bundles/*.json")):
            with open(path, encoding="utf-8") as f:
                bundle = json.load(f)
            lines, counts = [], {}
            for entry in bundle.get("entry", []):
                resource = entry.get("resource") or {}
                kind = resource.get("resourceType")
                if kind in CARE_TYPES and counts.get(kind, 0) < 4:
                    counts[kind] = counts.get(kind, 0) + 1
                    lines.append(json.dumps(resource, ensure_ascii=False, separators=(",", ":")))
            data = bytes([selector]) + "\n".join(lines).encode()
            if lines and len(data) <= MAX_SEED:
                seeds.append(data)
    return seeds


def main():
    target, out = sys.argv[1], sys.argv[2]
    if target == "fhirjson":
        seeds = fhirjson_seeds()
    elif target in ("r4-resource", "r4-coders"):
        seeds = release_seeds("r4") + bad_seeds()
    elif target in ("dstu2-resource", "dstu2-coders"):
        seeds = release_seeds("dstu2") + bad_seeds()
    elif target == "release-conversion":
        seeds = release_seeds("r4") + release_seeds("dstu2") + bad_seeds()
    elif target == "care-pipeline":
        seeds = pipeline_seeds()
    else:
        sys.exit(f"fuzz-seeds.py: unknown target {target}")
    os.makedirs(out, exist_ok=True)
    for i, seed in enumerate(seeds):
        with open(os.path.join(out, f"seed-{i:04d}"), "wb") as f:
            f.write(seed)
    print(f"{target}: {len(seeds)} seeds", file=sys.stderr)


if __name__ == "__main__":
    main()
