#!/usr/bin/env python3
"""ARC-FEED (docs/models/linear-cost.md#arc-feed) computed separately from the Java code, for tests.

Every unit's release at each in-neighbour a of a node v is built one by one (FEED's release with
distances avoiding v; no rank blocks, no coarsening), raised rank by rank to the relay list of a (a's
own units at 0, and for each arc y -> a, y != v, the best batching of the k earliest releases at y with
distances avoiding v and a), and each arc's prefixes are batched by the quadratic dynamic program; the
bound at v is the N-th smallest of the arcs' prefix ends merged. Gossip on a rows x cols mesh, all ports.

usage: scripts/arc-feed-check.py ROWS COLS UNITS [BETA TAU]
"""
import sys


def mesh(rows, cols):
    adj = {}
    for r in range(rows):
        for c in range(cols):
            adj[r * cols + c] = [
                (r + dr) * cols + c + dc
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < rows and 0 <= c + dc < cols
            ]
    return adj


def dist_avoid(adj, t, blocked):
    d = {t: 0}
    q = [t]
    for x in q:
        for y in adj[x]:  # links are two-way: in-neighbours = neighbours
            if y not in blocked and y not in d:
                d[y] = d[x] + 1
                q.append(y)
    return d


def main():
    rows, cols, n = map(int, sys.argv[1:4])
    beta, tau = (int(sys.argv[4]), int(sys.argv[5])) if len(sys.argv) > 5 else (5, 1)
    h = beta + tau
    adj = mesh(rows, cols)

    def rel(d, w):
        return [0] * n if d == 0 else [(d - 1) * h + beta + -(-j // w) * tau for j in range(1, n + 1)]

    def prefix_ends(rs):
        rs = sorted(rs)
        f = [0] * (len(rs) + 1)
        for j in range(1, len(rs) + 1):
            f[j] = min(max(rs[j - 1], f[i]) + beta + (j - i) * tau for i in range(j))
        return f[1:]

    best = None
    for v in adj:
        origins = [o for o in adj if o != v]
        ends = []
        for a in adj[v]:
            d = dist_avoid(adj, a, {v})
            own = sorted(x for o in origins if o in d for x in rel(d[o], len(adj[o])))
            relay = [0] * n
            for y in adj[a]:
                if y == v:
                    continue
                dy = dist_avoid(adj, y, {v, a})
                relay += prefix_ends([x for o in origins if o in dy and o != a for x in rel(dy[o], len(adj[o]))])
            relay.sort()
            m = min(len(own), len(relay))
            ends += prefix_ends([max(own[i], relay[i]) for i in range(m)])
        ends.sort()
        value = ends[len(origins) * n - 1]
        if best is None or value > best[0]:
            best = (value, v)
    print(best[0], "at node", best[1])


if __name__ == "__main__":
    main()
