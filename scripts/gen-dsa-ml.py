#!/usr/bin/env python3
"""ML-like DSA (memory-planning) CSV in the columns id,lower,upper,size with numeric ids (readable by commsched and
by idealloc's `ex-csv`), for issue 27's "generated trace with ML-like lifetimes": a training step of a network of
LAYERS layers, forward then backward, over 2 x LAYERS x STEPS time points.

- weights (a share WEIGHTS of the buffers): alive over the whole trace, sizes log-uniform in 10^3..10^7;
- saved activations (a share SAVED): made in the forward pass at layer l, freed when the backward pass reaches
  layer l (nested lifespans, the peak in the middle), sizes log-uniform in 10^2..10^6;
- the rest short-lived temporaries: 1..SHORT steps, sizes log-uniform in 1..10^6 (sizes over six orders of
  magnitude in all).

All times are even (a lifespan lasts at least 2): idealloc's `ex-csv` reader fails ("cannot sample empty range") on
a buffer whose end is its start + 1; doubling every time keeps which buffers overlap, so the load is unchanged.

usage: scripts/gen-dsa-ml.py OUT.csv [--buffers 100000] [--layers 200] [--weights 0.02] [--saved 0.2]
                             [--short 8] [--seed 1]
"""
import argparse
import math
import random

ap = argparse.ArgumentParser()
ap.add_argument("out")
ap.add_argument("--buffers", type=int, default=100000)
ap.add_argument("--layers", type=int, default=200)
ap.add_argument("--weights", type=float, default=0.02)
ap.add_argument("--saved", type=float, default=0.2)
ap.add_argument("--short", type=int, default=8)
ap.add_argument("--seed", type=int, default=1)
a = ap.parse_args()
rnd = random.Random(a.seed)


def logu(lo, hi):
    return max(1, int(math.exp(rnd.uniform(math.log(lo), math.log(hi)))))


steps = max(1, a.buffers // (2 * a.layers))  # time points per layer and pass
horizon = 2 * a.layers * steps
with open(a.out, "w") as f:
    f.write("id,lower,upper,size\n")
    for i in range(a.buffers):
        u = rnd.random()
        if u < a.weights:
            lo, hi, size = 0, horizon, logu(1e3, 1e7)
        elif u < a.weights + a.saved:
            layer = rnd.randrange(a.layers)
            lo = layer * steps + rnd.randrange(steps)
            hi = horizon - layer * steps - rnd.randrange(steps)
            size = logu(1e2, 1e6)
        else:
            lo = rnd.randrange(horizon)
            hi = min(horizon, lo + rnd.randint(1, a.short))
            if hi == lo:
                lo -= 1
            size = logu(1, 1e6)
        f.write(f"{i},{2 * lo},{2 * hi},{size}\n")
