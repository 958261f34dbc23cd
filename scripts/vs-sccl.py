#!/usr/bin/env python3
"""Side by side with SCCL on beta = 0 collectives (issue 22). Not part of CI.

SCCL (Cai, Liu, Maleki, Musuvathi, Mytkowicz, Nelson, Saarikivi, "Synthesizing optimal collective algorithms",
PPoPP 2021; open source as msccl-tools) encodes a collective on a topology in Z3 for a given number of steps,
rounds and chunks. With as many rounds as steps, every link carries one chunk per step, and a chunk received in one
step can be sent on in the next: that is commsched's store-and-forward model with beta 0, tau 1, all ports, full
duplex (one port for the hub-and-spoke topology, whose switches let a node send one chunk and receive one per
step), and C chunks per node are a message of C units. So SCCL's least number of steps equals commsched's optimum.

For each case this script runs, one after the other, on the same machine:
  - SCCL: steps from SCCL's own lower bound upward until an algorithm is synthesized; the last unsatisfiable
    step count proves the optimum (its time counts);
  - commsched: `./commsched solve FILE --time-limit T --json` with the default method.
and prints both optima, both statuses and both wall and CPU times (whole processes, children included).

    scripts/vs-sccl.py /path/to/msccl-tools [--time-limit 60] [--sccl-limit 600] [--only NAME ...]

SCCL needs Python 3 with z3 and its other imports: on Debian, `apt-get install python3-z3 python3-lxml
python3-humanfriendly python3-tabulate python3-igraph python3-argcomplete`, then run this script with
/usr/bin/python3. msccl-tools itself needs no install: the path to its checkout is enough.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def ring(n):
    return n, [(i, (i + 1) % n) for i in range(n)]


def mesh(r, c, wrap=False):
    links = set()
    for i in range(r):
        for j in range(c):
            u = i * c + j
            if j + 1 < c or (wrap and c > 2):
                links.add(tuple(sorted((u, i * c + (j + 1) % c))))
            if i + 1 < r or (wrap and r > 2):
                links.add(tuple(sorted((u, ((i + 1) % r) * c + j))))
    return r * c, sorted(links)


def hypercube(d):
    n = 1 << d
    return n, [(u, u ^ (1 << b)) for u in range(n) for b in range(d) if u < u ^ (1 << b)]


def complete(n):
    return n, [(u, v) for u in range(n) for v in range(u + 1, n)]


# The NVLink graph of a DGX-1 (SCCL's topologies/nvidia.py) with every link of bandwidth one.
DGX1_LINKS = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 5), (2, 3), (2, 6), (3, 7), (4, 5), (4, 6), (4, 7),
              (5, 6), (5, 7), (6, 7)]

# name, commsched network object, (nodes, links) for SCCL, ports, problem, units
CASES = []
for units in (1, 2, 3):
    CASES.append((f"ring8-allgather-{units}", {"family": "ring", "nodes": 8}, ring(8), "all", "gossip", units))
CASES += [
    ("mesh3x3-allgather-2", {"family": "mesh", "rows": 3, "cols": 3}, mesh(3, 3), "all", "gossip", 2),
    ("torus3x3-allgather-2", {"family": "torus", "rows": 3, "cols": 3}, mesh(3, 3, True), "all", "gossip", 2),
    ("q3-allgather-3", {"family": "hypercube", "dimension": 3}, hypercube(3), "all", "gossip", 3),
    ("hub-spoke6-allgather-1", {"family": "complete", "nodes": 6}, complete(6), "one", "gossip", 1),
    ("dgx1-allgather-2", {"nodes": 8, "links": [list(l) for l in DGX1_LINKS]}, (8, DGX1_LINKS), "all", "gossip", 2),
    ("mesh4x4-allgather-1", {"family": "mesh", "rows": 4, "cols": 4}, mesh(4, 4), "all", "gossip", 1),
    ("q3-broadcast-3", {"family": "hypercube", "dimension": 3}, hypercube(3), "all", "broadcast", 3),
]

# Run in a child process so that its CPU time is measured alone: loops steps upward from SCCL's bound.
SCCL_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from msccl.topologies.topology import Topology
from msccl import collectives
from msccl.instance import Instance
from msccl.path_encoding import PathEncoding
from msccl.steps_bound import lower_bound_steps
n, links, ports, problem, units = json.loads(sys.argv[2])
adj = [[0] * n for _ in range(n)]
for u, v in links:
    adj[u][v] = adj[v][u] = 1
switches = []
if ports == "one":
    for u in range(n):
        others = [w for w in range(n) if w != u]
        switches.append(([u], others, 1, f"out{u}"))
        switches.append((others, [u], 1, f"in{u}"))
topo = Topology("case", adj, switches)
coll = collectives.allgather(n) if problem == "gossip" else collectives.broadcast(n, 0)
enc = PathEncoding(topo, coll)
steps = max(1, lower_bound_steps(topo, coll))
while True:
    if enc.solve(Instance(steps, chunks=units)) is not None:
        print(json.dumps({"steps": steps}))
        break
    steps += 1
"""


def timed(cmd, limit):
    """Runs cmd; returns (stdout, wall seconds, exit code or None if it was stopped at the limit)."""
    start = time.time()
    # A session of its own, so that stopping it stops the launcher's JVM too (./commsched is a shell script).
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=limit)
        code = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGTERM)
        try:
            out, _ = p.communicate(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, _ = p.communicate()
        code = None
    return out, time.time() - start, code


def cpu_of_children():
    r = os.times()
    return r.children_user + r.children_system


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sccl", help="path to a checkout of msccl-tools")
    ap.add_argument("--time-limit", type=int, default=60, help="commsched's --time-limit (s)")
    ap.add_argument("--sccl-limit", type=int, default=600, help="wall seconds after which SCCL is stopped")
    ap.add_argument("--only", nargs="*", help="case names to run")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp()
    print(f"{'case':24} {'SCCL':>5} {'wall':>7} {'cpu':>7}   {'commsched':>9} {'status':9} {'wall':>7} {'cpu':>7}")
    for name, network, (n, links), ports, problem, units in CASES:
        if a.only and name not in a.only:
            continue
        inst = {"format": "commsched-instance/1", "name": name, "problem": problem,
                "model": {"kind": "store-and-forward", "beta": "0", "tau": "1", "ports": ports, "duplex": "full"},
                "network": network, "length": units}
        if problem == "broadcast":
            inst["source"] = 0
        path = os.path.join(tmp, name + ".json")
        with open(path, "w") as f:
            json.dump(inst, f)
        c0 = cpu_of_children()
        out, swall, code = timed([sys.executable, "-c", SCCL_CHILD, a.sccl, json.dumps([n, links, ports, problem, units])],
                                 a.sccl_limit)
        scpu = cpu_of_children() - c0
        ssteps = json.loads(out)["steps"] if code == 0 else ("stopped" if code is None else f"exit {code}")
        c0 = cpu_of_children()
        out, cwall, code = timed([os.path.join(HERE, "commsched"), "solve", path, "--time-limit", str(a.time_limit),
                                  "--json"], a.time_limit + 60)
        ccpu = cpu_of_children() - c0
        if code in (0, 1):
            r = json.loads(out)
            cval, cstat = r.get("makespan"), r.get("status")
        else:
            cval, cstat = "-", "stopped" if code is None else f"exit {code}"
        print(f"{name:24} {ssteps!s:>5} {swall:7.1f} {scpu:7.1f}   {cval!s:>9} {cstat!s:9} {cwall:7.1f} {ccpu:7.1f}",
              flush=True)


if __name__ == "__main__":
    main()
