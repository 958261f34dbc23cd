#!/usr/bin/env python3
"""A DSA CSV (buffer,start,end,size, half-open lifespans) restricted to some of its sections, for experiments on
lower bounds (bench/minimalloc/README.md "D and J: 2026-11-29 session"); prints the section totals with --profile.

A section is the interval between two consecutive distinct times of the file, numbered from 0. The output keeps
the chosen sections only, drops those whose set of live buffers is contained in another kept section's, renumbers
the kept ones 0, 1, ... and gives each buffer alive in some kept section the lifespan from its first to its last
kept section (a lifespan stays an interval: the kept sections it covers are consecutive among the kept ones).
Buffers alive in no kept section are dropped. Any layout of the file is a layout of the output (two buffers
alive together in a kept section were alive together in the file), so a height proven infeasible for the output
is infeasible for the file: a valid relaxation, more general than the windows of the WINDOW bound.

usage: scripts/dsa-sections.py FILE --profile
       scripts/dsa-sections.py FILE OUT (--sections 23-42,88-101 | --min-total T)
"""
import argparse
import csv

ap = argparse.ArgumentParser()
ap.add_argument("file")
ap.add_argument("out", nargs="?")
ap.add_argument("--profile", action="store_true", help="print each section's time, total size and live count")
ap.add_argument("--sections", help="inclusive ranges of section numbers, e.g. 23-42,88-101")
ap.add_argument("--min-total", type=int, help="keep the sections whose total size is at least this")
a = ap.parse_args()

with open(a.file) as f:
    rows = list(csv.reader(f))[1:]
bufs = [(r[0], int(r[1]), int(r[2]), int(r[3])) for r in rows]
times = sorted({b[1] for b in bufs} | {b[2] for b in bufs})
index = {t: i for i, t in enumerate(times)}
n = len(times) - 1
live = [set() for _ in range(n)]
for k, (_, s, e, _) in enumerate(bufs):
    for t in range(index[s], index[e]):
        live[t].add(k)
total = [sum(bufs[k][3] for k in live[t]) for t in range(n)]

if a.profile:
    print("section,time,total,live")
    for t in range(n):
        print(f"{t},{times[t]},{total[t]},{len(live[t])}")
    raise SystemExit(0)
if not a.out or (a.sections is None) == (a.min_total is None):
    ap.error("give OUT and one of --sections, --min-total")
if a.sections:
    chosen = set()
    for part in a.sections.split(","):
        lo, _, hi = part.partition("-")
        chosen.update(range(int(lo), int(hi or lo) + 1))
    chosen = sorted(t for t in chosen if 0 <= t < n)
else:
    chosen = [t for t in range(n) if total[t] >= a.min_total]
kept = [
    t for t in chosen
    if not any(u != t and (live[t] < live[u] or (live[t] == live[u] and u < t)) for u in chosen)
]
pos = {t: p for p, t in enumerate(kept)}
with open(a.out, "w") as f:
    f.write("buffer,start,end,size\n")
    for k, (name, _, _, size) in enumerate(bufs):
        at = [pos[t] for t in kept if k in live[t]]
        if at:
            f.write(f"{name},{min(at)},{max(at) + 1},{size}\n")
print(f"kept {len(kept)} of {n} sections, load {max(total[t] for t in kept) if kept else 0}")
