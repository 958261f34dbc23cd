#!/usr/bin/env python3
"""Writes the large ula chatting instance of issue 9 (the I/O benchmark): a ula of NODES nodes and MESSAGES
chatting messages with random spans 1..SPAN (from < to) and lengths 1..8, ids m0..m<K-1>, default routes.

usage: scripts/gen-big-ula.py OUT.json [--nodes 10000] [--messages 1000000] [--span 200] [--seed 9] [--max-length 8]
"""
import argparse
import random

ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("--nodes", type=int, default=10_000)
ap.add_argument("--messages", type=int, default=1_000_000)
ap.add_argument("--span", type=int, default=200)
ap.add_argument("--seed", type=int, default=9)
ap.add_argument("--max-length", type=int, default=8, help="lengths are 1..MAX (1: unit messages, as interval-coloring needs)")
a = ap.parse_args()
rng = random.Random(a.seed)
with open(a.out, "w") as f:
    f.write('{\n  "format": "commsched-instance/1",\n  "name": "ula-%d-chatting-%d",\n' % (a.nodes, a.messages))
    f.write('  "problem": "chatting",\n  "model": { "kind": "bufferless", "ports": "all" },\n')
    f.write('  "network": { "family": "ula", "nodes": %d },\n  "messages": [\n' % a.nodes)
    for i in range(a.messages):
        span = rng.randint(1, min(a.span, a.nodes - 1))
        u = rng.randint(0, a.nodes - 1 - span)
        f.write('    { "id": "m%d", "from": %d, "to": %d, "length": %d }%s\n'
                % (i, u, u + span, rng.randint(1, a.max_length), "," if i + 1 < a.messages else ""))
    f.write("  ]\n}\n")
