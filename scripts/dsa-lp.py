#!/usr/bin/env python3
"""The position-indexed LP relaxation of a DSA CSV (buffer,start,end,size, half-open lifespans) at one height, for
experiments on lower bounds (bench/minimalloc/README.md "D and J: LP relaxation and spanning buffers"). Needs SciPy
(HiGHS); not part of the build or of `bounds`.

Heights and sizes are counted in units of --unit (every size must be a multiple of it). Variables: for each buffer
b of size s, the share x[b][y] >= 0 of b at offset y = 0 .. H - s, summing to 1. For each maximal section (a set of
buffers alive together, not contained in another such set) and each cell k = 0 .. H - 1, the shares of the live
buffers covering k sum to at most 1 + v; the LP minimises v >= 0. Every layout of height H is a solution with v = 0
(x = 1 at its offset), so v* > 0 proves that no layout has height H or less... in exact arithmetic: HiGHS works in
floating point, so a positive v* here is a hint to be certified, never a bound. The coverage of cell k by b is
written with the cumulative shares z[b][j] = x[b][0] + .. + x[b][j] as z[b][k] - z[b][k - s], two nonzeros per
live buffer and cell.

With --drop-spanning the buffers alive from the first time of the file to the last are removed and H lowered by
their total: every layout of the rest of height H' gives one of the file of height H' + their total (put them on
top), and every layout of the file gives one of the rest of height H minus their total (every other buffer lies
wholly below or wholly above each of them, at every time: move the ones above down), so the file's optimum is the
rest's plus their total, and the LP of the rest at H' answers for the file at H (a solution of the rest with the
spanning buffers put on top, integrally, is one of the file).

usage: scripts/dsa-lp.py FILE H [--unit 1024] [--drop-spanning] [--method highs-ipm|highs-ds|highs]
"""
import argparse
import csv
import resource
import time

import numpy as np
import scipy.sparse as sp
from scipy.optimize import linprog

ap = argparse.ArgumentParser()
ap.add_argument("file")
ap.add_argument("height", type=int, help="height in units")
ap.add_argument("--unit", type=int, default=1024)
ap.add_argument("--drop-spanning", action="store_true")
ap.add_argument("--method", default="highs-ipm")
a = ap.parse_args()

with open(a.file) as f:
    rows = list(csv.reader(f))[1:]
bufs = []
for r in rows:
    if int(r[3]) % a.unit:
        raise SystemExit(f"{a.file}: buffer {r[0]} has size {r[3]}, not a multiple of --unit {a.unit}")
    bufs.append((int(r[1]), int(r[2]), int(r[3]) // a.unit))
H = a.height
if a.drop_spanning:
    lo, hi = min(b[0] for b in bufs), max(b[1] for b in bufs)
    spanning = [b for b in bufs if b[0] <= lo and b[1] >= hi]
    bufs = [b for b in bufs if not (b[0] <= lo and b[1] >= hi)]
    H -= sum(b[2] for b in spanning)
    print(f"dropped {len(spanning)} spanning buffers ({a.height - H} units): {len(bufs)} buffers at height {H}")
if any(s > H for _, _, s in bufs):
    raise SystemExit(f"a buffer is higher than {H}: infeasible")

times = sorted({b[0] for b in bufs} | {b[1] for b in bufs})
live = {frozenset(k for k, b in enumerate(bufs) if b[0] <= t < b[1]) for t in times[:-1]}
secs = [s for s in live if not any(s < u for u in live)]

off, nv = [], 0
for _, _, s in bufs:
    off.append(nv)
    nv += H - s  # z[b][j] for j = 0 .. H - s - 1; z[b][H - s] = 1
V = nv
ri, ci, va, rhs = [], [], [], []
r = 0


def cdf(b, j):
    """(column, constant) of z[b][j]: column None when the value is the constant."""
    s = bufs[b][2]
    if j < 0:
        return None, 0.0
    if j >= H - s:
        return None, 1.0
    return off[b] + j, 0.0


for S in secs:
    for k in range(H):
        const = 0.0
        for b in S:
            for j, sign in ((k, 1.0), (k - bufs[b][2], -1.0)):
                col, c = cdf(b, j)
                if col is None:
                    const += sign * c
                else:
                    ri.append(r), ci.append(col), va.append(sign)
        ri.append(r), ci.append(V), va.append(-1.0)
        rhs.append(1.0 - const)
        r += 1
for b, (_, _, s) in enumerate(bufs):
    for j in range(H - s - 1):
        ri += [r, r]
        ci += [off[b] + j, off[b] + j + 1]
        va += [1.0, -1.0]
        rhs.append(0.0)
        r += 1
A = sp.csr_matrix((va, (ri, ci)), shape=(r, nv + 1))
c = np.zeros(nv + 1)
c[V] = 1.0
print(f"{len(bufs)} buffers, {len(secs)} maximal sections, {A.shape[0]} rows, {A.shape[1]} columns, {A.nnz} nonzeros")
t0 = time.time()
res = linprog(c, A_ub=A, b_ub=np.array(rhs), bounds=[(0, 1)] * nv + [(0, None)], method=a.method)
cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime
print(f"height {a.height}: status {res.status} ({res.message}) v* {res.fun} ({time.time() - t0:.0f} s LP, {cpu:.0f} s CPU)")
