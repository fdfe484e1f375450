#!/usr/bin/env python3
"""Load on `fhirkit serve` over loopback: N simulated devices pull and push for D seconds.

Each device has a bearer token for one patient of the store and, in a loop, pulls what it has not
seen (GET /revisionRecord with its knowledge vector) and pushes one new outcome on one of its
patient's tasks (POST /revisionRecord). Prints requests/s, p50/p99 latency, errors, and checks
that every outcome the server said it stored is in the store afterwards (no lost outcome).

  python3 Scripts/serve-load.py --fhirkit .build/release/fhirkit --store /tmp/load.sqlite \
      --devices 50 --seconds 30 Fixtures/r4/bundles

The store is filled from the inputs first (fhirkit import). Standard library only.
"""
import argparse, http.client, json, os, re, subprocess, sys, tempfile, threading, time, urllib.parse, uuid

REFERENCE = 978307200  # 2001-01-01, CareKit's date reference


def request(port, method, path, token, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Authorization": "Bearer " + token}
    if body is not None:
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, data


def pull(port, token, vector):
    query = urllib.parse.quote(json.dumps(vector, separators=(",", ":")), safe="")
    return request(port, "GET", "/revisionRecord?knowledgeVector=" + query, token)


def start_server(fhirkit, store, tokens_file):
    server = subprocess.Popen(
        [fhirkit, "serve", "--store", store, "--tokens", tokens_file, "--listen", "127.0.0.1:0"],
        stderr=subprocess.PIPE, text=True)
    for line in server.stderr:
        match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
        if match:
            threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
            return server, int(match.group(1))
    raise SystemExit("fhirkit serve did not start")


def patients_with_tasks(entities):
    """(patient id, [task uuids]) for every patient with a current task."""
    plans, tasks, patients = {}, {}, {}
    for entity in entities:
        kind, obj = entity["type"], entity["object"]
        if kind == "patient":
            patients[obj["uuid"]] = obj["id"]
        elif kind == "carePlan":
            plans[obj["uuid"]] = obj.get("patientUUID")
        elif kind == "task" and obj.get("carePlanUUID") and not obj.get("deletedDate"):
            tasks[obj["uuid"]] = obj["carePlanUUID"]
    by_patient = {}
    for task, plan in tasks.items():
        patient = patients.get(plans.get(plan))
        if patient:
            by_patient.setdefault(patient, []).append(task)
    return sorted(by_patient.items())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fhirkit", required=True)
    parser.add_argument("--store", required=True)
    parser.add_argument("--devices", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("inputs", nargs="+")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="fhirkit-load-")
    subprocess.run([args.fhirkit, "import", "--store", args.store, "--quiet", *args.inputs], check=False)

    admin = "load-admin-" + uuid.uuid4().hex
    tokens_file = os.path.join(work, "tokens.json")
    with open(tokens_file, "w") as f:
        json.dump({"tokens": [{"token": admin, "admin": True}]}, f)
    server, port = start_server(args.fhirkit, args.store, tokens_file)
    status, data = pull(port, admin, {"processes": []})
    server.terminate(); server.wait()
    assert status == 200, status
    targets = patients_with_tasks(json.loads(data)["entities"])
    if not targets:
        raise SystemExit("no patient with tasks in the store")

    devices = []
    for i in range(args.devices):
        patient, tasks = targets[i % len(targets)]
        devices.append({"token": "load-device-%03d-%s" % (i, uuid.uuid4().hex), "patient": patient, "tasks": tasks,
                        "process": str(uuid.uuid4()).upper(), "vector": {"processes": []}, "clock": 0})
    with open(tokens_file, "w") as f:
        json.dump({"tokens": [{"token": admin, "admin": True}]
                   + [{"token": d["token"], "patients": [d["patient"]]} for d in devices]}, f)
    server, port = start_server(args.fhirkit, args.store, tokens_file)

    latencies, errors, stored = [], [], []
    lock = threading.Lock()
    deadline = time.monotonic() + args.seconds

    def run(index, device):
        n = 0
        while time.monotonic() < deadline:
            started = time.monotonic()
            status, data = pull(port, device["token"], device["vector"])
            elapsed = time.monotonic() - started
            with lock:
                latencies.append(elapsed)
                if status != 200:
                    errors.append(("GET", status))
            if status != 200:
                continue
            record = json.loads(data)
            clocks = {p["id"]: p["clock"] for p in device["vector"]["processes"]}
            for p in record["knowledgeVector"]["processes"]:
                clocks[p["id"]] = max(clocks.get(p["id"], 0), p["clock"])
            device["clock"] += 1
            clocks[device["process"]] = device["clock"]
            device["vector"] = {"processes": [{"id": k, "clock": v} for k, v in clocks.items()]}
            n += 1
            task = device["tasks"][n % len(device["tasks"])]
            now = time.time() - REFERENCE
            occurrence = 100000 + index * 10000 + n
            outcome = {
                "uuid": str(uuid.uuid4()).upper(), "nextVersionUUIDs": [], "previousVersionUUIDs": [],
                "effectiveDate": now, "createdDate": now, "updatedDate": now,
                "schemaVersion": {"majorVersion": 3, "minorVersion": 0, "patchNumber": 0},
                "timezone": {"identifier": "GMT"}, "taskUUID": task, "taskOccurrenceIndex": occurrence,
                "values": [{"type": "integer", "value": n, "createdDate": now}],
            }
            body = json.dumps({"entities": [{"type": "outcome", "object": outcome}],
                               "knowledgeVector": device["vector"]})
            started = time.monotonic()
            status, data = request(port, "POST", "/revisionRecord", device["token"], body)
            elapsed = time.monotonic() - started
            with lock:
                latencies.append(elapsed)
                if status != 200:
                    errors.append(("POST", status))
                elif json.loads(data)["stored"] == 1:
                    stored.append((task, occurrence))

    threads = [threading.Thread(target=run, args=(i, d)) for i, d in enumerate(devices)]
    began = time.monotonic()
    for t in threads: t.start()
    for t in threads: t.join()
    wall = time.monotonic() - began

    status, data = pull(port, admin, {"processes": []})
    server.terminate(); server.wait()
    found = set()
    for entity in json.loads(data)["entities"]:
        obj = entity["object"]
        if entity["type"] == "outcome" and obj.get("taskOccurrenceIndex", 0) >= 100000:
            found.add((obj["taskUUID"], obj["taskOccurrenceIndex"]))
    latencies.sort()
    p = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000
    lost = len(set(stored) - found)
    print(json.dumps({"devices": args.devices, "seconds": round(wall, 1), "requests": len(latencies),
                      "requests_per_s": round(len(latencies) / wall, 1), "p50_ms": round(p(0.50), 1),
                      "p99_ms": round(p(0.99), 1), "errors": len(errors), "outcomes_stored": len(stored),
                      "outcomes_lost": lost}))
    return 1 if errors or lost else 0


if __name__ == "__main__":
    sys.exit(main())
