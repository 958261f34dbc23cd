#!/usr/bin/env python3
"""The generated MiniMalloc-style suite of README "Memory planning": 20 perfect packings whose optimum is the load.

usage: scripts/dsa-perfect-suite.py [--dir DIR] [--methods best-fit,dsa-search] [--time-limit 60] [--only 12,14]

Instance i = 0..19 is `./commsched generate --problem dsa --packing perfect --size 1000 --messages N
--capacity-log2 20 --seed S --out DIR/pI.json` with N = 100 + 21 i and S = i + 1 (optimum = load = 1,048,576;
files already in DIR are reused). Each is then solved by each method, `./commsched solve DIR/pI.json --method M
--time-limit T --json --quiet`. Prints one row per instance: N, then per method the height as a multiple of the
load, the status and the solve seconds the tool reports; then per method the mean height / load, how many were
proven at the load (OPTIMAL with height = load) and the median solve seconds. Run from the repository root; the load
average is printed before and after (times are only comparable on a quiet machine).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ap = argparse.ArgumentParser()
ap.add_argument("--dir", default=None, help="where the instances are written (default: a temporary folder)")
ap.add_argument("--methods", default="best-fit,dsa-search")
ap.add_argument("--time-limit", type=int, default=60)
ap.add_argument("--only", default=None, help="comma-separated instance numbers (default: all 20)")
a = ap.parse_args()

folder = a.dir or tempfile.mkdtemp(prefix="dsa-perfect-")
os.makedirs(folder, exist_ok=True)
methods = a.methods.split(",")
indices = [int(i) for i in a.only.split(",")] if a.only else list(range(20))


def load_average():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


print(f"# load average {load_average()}; instances in {folder}", flush=True)
print("| i | N | " + " | ".join(f"{m} x load | status | s" for m in methods) + " |")
print("|---|---|" + "---|---|---|" * len(methods))
results = {m: [] for m in methods}
for i in indices:
    n = 100 + 21 * i
    path = os.path.join(folder, f"p{i}.json")
    if not os.path.exists(path):
        subprocess.run(["./commsched", "generate", "--problem", "dsa", "--packing", "perfect", "--size", "1000",
                        "--messages", str(n), "--capacity-log2", "20", "--seed", str(i + 1), "--out", path],
                       check=True, stdout=subprocess.DEVNULL)
    cells = []
    for m in methods:
        out = subprocess.run(["./commsched", "solve", path, "--method", m, "--time-limit", str(a.time_limit),
                              "--json", "--quiet"], capture_output=True, text=True)
        if out.returncode != 0:
            print(f"p{i} {m}: exit {out.returncode}: {out.stderr.strip()}", file=sys.stderr)
            cells += ["-", "-", "-"]
            continue
        r = json.loads(out.stdout)
        ratio = r["makespan"] / (1 << 20)
        results[m].append((ratio, r["status"] == "OPTIMAL" and r["makespan"] == 1 << 20, r["seconds"]))
        cells += [f"{ratio:.4f}", r["status"], f"{r['seconds']:.2f}"]
    print(f"| {i} | {n} | " + " | ".join(cells) + " |", flush=True)
for m in methods:
    rows = results[m]
    if rows:
        print(f"# {m}: mean height / load {statistics.mean(r[0] for r in rows):.4f}, proven at the load "
              f"{sum(r[1] for r in rows)} of {len(rows)}, median solve {statistics.median(r[2] for r in rows):.2f} s")
print(f"# load average {load_average()}")
