#!/usr/bin/env python3
"""Random DSA (memory-planning) CSV in MiniMalloc's columns (buffer,start,end,size), for the scale figures of
README "Speed and quality": sizes log-uniform in 1..MAXSIZE, lifespans uniform in 1..MAXLIFE, starts uniform in
0..HORIZON.

usage: scripts/gen-dsa-random.py OUT.csv [--buffers 100000] [--max-size 4096] [--max-life 1000]
                                 [--horizon 50000] [--seed 1]
"""
import argparse
import math
import random

ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("--buffers", type=int, default=100000)
ap.add_argument("--max-size", type=int, default=4096)
ap.add_argument("--max-life", type=int, default=1000)
ap.add_argument("--horizon", type=int, default=50000)
ap.add_argument("--seed", type=int, default=1)
a = ap.parse_args()
rnd = random.Random(a.seed)
with open(a.out, "w") as f:
    f.write("buffer,start,end,size\n")
    for i in range(a.buffers):
        size = min(a.max_size, int(math.exp(rnd.uniform(0, math.log(a.max_size + 1)))))
        start = rnd.randint(0, a.horizon)
        f.write(f"b{i},{start},{start + rnd.randint(1, a.max_life)},{max(1, size)}\n")
