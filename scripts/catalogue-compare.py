#!/usr/bin/env python3
"""Compares two catalogue snapshots (scripts/catalogue-snapshot.sh): for every run the exit code, the --json
answer without its wall times (method, status, makespan, bounds, validity, stats) and the bytes of the schedule
file written. Prints each difference; exits 1 if there is one.

    scripts/catalogue-compare.py BEFORE_DIR AFTER_DIR
"""
import json, os, sys

VOLATILE = {"seconds", "out", "routesOut"}


def scrub(value):
    if isinstance(value, dict):
        return {k: scrub(v) for k, v in value.items()
                if k not in VOLATILE and "wall" not in k.lower() and not k.lower().endswith("millis")}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


def schedule_bytes(path):
    if not os.path.exists(path):
        return None
    data = open(path, "rb").read()
    if path.endswith(".json"):
        # the stats of an exact run carry wall times: compare everything else byte for byte
        doc = json.loads(data)
        doc["stats"] = scrub(doc.get("stats", {}))
        rest = data.split(b'"stats"')[0]
        return rest, doc["stats"]
    return data


def main(before, after):
    # the runs of the after snapshot (it may cover fewer methods), all of which the before snapshot must hold
    runs = [l.split() for l in open(os.path.join(after, "runs.txt")) if l.strip()]
    diffs = 0
    for path, method in runs:
        base = os.path.splitext(os.path.basename(path))[0]
        stem = f"{base}.{method}"
        for suffix, reader in ((".rc", lambda p: open(p).read().strip()),
                               (".result.json", lambda p: scrub(json.load(open(p))) if os.path.getsize(p) else None),
                               (".schedule.json", schedule_bytes), (".schedule.csv", schedule_bytes)):
            b, a = os.path.join(before, stem + suffix), os.path.join(after, stem + suffix)
            vb = reader(b) if os.path.exists(b) else None
            va = reader(a) if os.path.exists(a) else None
            if vb != va:
                diffs += 1
                print(f"DIFF {stem}{suffix}:\n  before {vb}\n  after  {va}")
    print(f"{len(runs)} runs compared, {diffs} differences")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
