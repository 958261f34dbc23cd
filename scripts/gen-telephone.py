#!/usr/bin/env python3
"""Writes telephone-broadcast instances (one unit, beta 1, tau 0, one port) to standard output, seeded.

  gen-telephone.py tree N SEED          random tree of N nodes as explicit links (node v hangs on a random earlier node)
  gen-telephone.py planted P DENSITY SEED
                                        random graph of P nodes with a spanning binomial tree planted on a random
                                        relabelling (node 0 stays the root), other pairs linked with probability
                                        DENSITY: the optimum is ceil(log2 P) (the doubling bound meets the binomial tree)
  gen-telephone.py grid R C r c         the R x C mesh, source (r, c) 1-indexed (de Sousa et al. 2020, Table 1)
  gen-telephone.py random P DENSITY SEED
                                        connected G(P, DENSITY): a random spanning tree (node v hangs on a random
                                        earlier node of a random relabelling) plus every other pair with probability
                                        DENSITY; source 0; no planted structure, so the optimum is unknown
  gen-telephone.py harary K N           the Harary graph H(K, N) (Harary 1962): the K-connected graph on N nodes
                                        with the fewest links (ceil(K N / 2)); nodes on a circle, each linked to the
                                        floor(K/2) nearest on either side; K odd adds the diameters (N even: i to
                                        i + N/2; N odd: i to i + (N+1)/2 for i <= (N-1)/2); source 0
  gen-telephone.py hypercube D          the hypercube Q_D (family hypercube), source 0; the optimum is D

Used for the telephone-broadcast figures of docs/BENCHMARKS.md.
"""
import json
import random
import sys


def instance(name, network, source):
    return {"format": "commsched-instance/1", "name": name, "problem": "broadcast",
            "model": {"kind": "store-and-forward", "beta": "1", "tau": "0", "ports": "one", "duplex": "full"},
            "network": network, "source": source, "length": 1}


def main(argv):
    kind = argv[1]
    if kind == "tree":
        n, seed = int(argv[2]), int(argv[3])
        r = random.Random(seed)
        links = [[r.randrange(v), v] for v in range(1, n)]
        return instance(f"tree{n}-{seed}", {"nodes": n, "links": links}, 0)
    if kind == "planted":
        p, density, seed = int(argv[2]), float(argv[3]), int(argv[4])
        r = random.Random(seed)
        rest = list(range(1, p))
        r.shuffle(rest)
        ids = [0] + rest
        edges = set()
        k = 1
        while k < p:
            for i in range(k):
                if i + k < p:
                    edges.add(tuple(sorted((ids[i], ids[i + k]))))
            k *= 2
        for u in range(p):
            for v in range(u + 1, p):
                if (u, v) not in edges and r.random() < density:
                    edges.add((u, v))
        return instance(f"planted{p}-{density}-{seed}", {"nodes": p, "links": [list(e) for e in sorted(edges)]}, 0)
    if kind == "grid":
        rows, cols, r, c = map(int, argv[2:6])
        return instance(f"grid{rows}x{cols}-r{r}c{c}", {"family": "mesh", "rows": rows, "cols": cols},
                        (r - 1) * cols + (c - 1))
    if kind == "random":
        p, density, seed = int(argv[2]), float(argv[3]), int(argv[4])
        r = random.Random(seed)
        ids = list(range(p))
        r.shuffle(ids)
        edges = {tuple(sorted((ids[r.randrange(v)], ids[v]))) for v in range(1, p)}
        for u in range(p):
            for v in range(u + 1, p):
                if (u, v) not in edges and r.random() < density:
                    edges.add((u, v))
        return instance(f"random{p}-{density}-{seed}", {"nodes": p, "links": [list(e) for e in sorted(edges)]}, 0)
    if kind == "harary":
        k, n = int(argv[2]), int(argv[3])
        if not 2 <= k < n:
            sys.exit("harary: need 2 <= K < N")
        edges = set()
        for i in range(n):
            for j in range(1, k // 2 + 1):
                edges.add(tuple(sorted((i, (i + j) % n))))
        if k % 2 == 1:
            if n % 2 == 0:
                for i in range(n // 2):
                    edges.add((i, i + n // 2))
            else:
                for i in range((n - 1) // 2 + 1):
                    edges.add(tuple(sorted((i, (i + (n + 1) // 2) % n))))
        return instance(f"harary{k}-{n}", {"nodes": n, "links": [list(e) for e in sorted(edges)]}, 0)
    if kind == "hypercube":
        d = int(argv[2])
        return instance(f"hypercube{d}", {"family": "hypercube", "dimension": d}, 0)
    sys.exit("usage: see the docstring of " + argv[0])


if __name__ == "__main__":
    json.dump(main(sys.argv), sys.stdout)
    sys.stdout.write("\n")
