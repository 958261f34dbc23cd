#!/usr/bin/env bash
# Packet scatter/gather on seeded random trees of 24 nodes, lengths 1..6, beta = tau = 1, one port and all ports
# (issue 22, "Packets"): generates the 20 instances into DIR and runs each method with --time-limit LIMIT, one
# tab-separated row per instance and method: file, method, taken/refused, status, makespan, lowerBound, seconds.
# Usage: scripts/packet-trees.sh [DIR] [LIMIT] [METHOD...]   (default: /tmp/packet-trees 60 cpsat choco time-indexed)
set -u
dir=${1:-/tmp/packet-trees}
limit=${2:-60}
shift $(( $# > 2 ? 2 : $# ))
methods=("$@")
[ ${#methods[@]} -eq 0 ] && methods=(cpsat choco time-indexed)
here=$(cd "$(dirname "$0")/.." && pwd)
cli=${COMMSCHED:-$here/commsched}  # another build of the tool, e.g. an older one, to compare
mkdir -p "$dir"
for prob in scatter gather; do for ports in one all; do for s in 1 2 3 4 5; do
  f="$dir/$prob-$ports-$s.json"
  [ -f "$f" ] || "$here/commsched" generate --problem "$prob" --family tree --size 24 --lengths uniform:1..6 \
    --model "saf:beta=1,tau=1,ports=$ports,duplex=full" --seed "$s" --out "$f" >/dev/null
  for m in "${methods[@]}"; do
    timeout 300 "$cli" solve "$f" --method "$m" --time-limit "$limit" --json --quiet 2>/dev/null |
      python3 -c '
import json, sys
f, m = sys.argv[1], sys.argv[2]
try:
    d = json.load(sys.stdin)
except Exception:
    print(f"{f}\t{m}\tcrashed"); sys.exit()
if "error" in d:
    print(f"{f}\t{m}\trefused\t" + d["error"].split(": ", 2)[-1][:110])
else:
    print("\t".join([f, m, "taken"] + [str(d[k]) for k in ("status", "makespan", "lowerBound", "seconds")]))
' "$(basename "$f")" "$m"
  done
done; done; done
