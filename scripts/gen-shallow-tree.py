#!/usr/bin/env python3
"""Writes a store-and-forward scatter on a shallow tree (the packet family's scale workload, issue 10 item 7): the
root P_0 has FANOUT children, every other node hangs under one of them (depth 2), and every node but the root gets a
message of LENGTH units. With beta = 1 and tau = 1 a lone message of 100 units two hops away is fastest in 10 packets
(alpha*_2(100) = 121 at r = 10), so `solve --method packet-fdf-even --option counts=alone` sends 10 packets per
message: 10^6 packets for the default 10^5 nodes.

usage: scripts/gen-shallow-tree.py OUT.json [--nodes 100000] [--fanout 316] [--length 100] [--beta 1]
"""
import argparse

ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("--nodes", type=int, default=100_000)
ap.add_argument("--fanout", type=int, default=316)
ap.add_argument("--length", type=int, default=100)
ap.add_argument("--beta", default="1")
a = ap.parse_args()
parents = ["null"] + ["0" if v <= a.fanout else str(1 + (v - a.fanout - 1) % a.fanout) for v in range(1, a.nodes)]
with open(a.out, "w") as f:
    f.write('{\n  "format": "commsched-instance/1",\n  "name": "scatter-shallow-%d",\n  "problem": "scatter",\n' % a.nodes)
    f.write('  "model": { "kind": "store-and-forward", "beta": "%s", "tau": "1", "ports": "one", "duplex": "full" },\n'
            % a.beta)
    f.write('  "network": { "family": "tree", "parents": [%s] },\n' % ", ".join(parents))
    f.write('  "root": 0,\n  "messages": [\n')
    for v in range(1, a.nodes):
        f.write('    { "id": "m%d", "to": %d, "length": %d }%s\n' % (v, v, a.length, "," if v + 1 < a.nodes else ""))
    f.write("  ]\n}\n")
