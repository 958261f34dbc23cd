#!/usr/bin/env bash
# Writes the linear-cost workloads of README's "Linear cost at scale" into DIR (default: lc-scale): broadcasts of
# n = 100 units with beta = 5, tau = 1 on K_10000 under each port and duplex model, on a 10^4-node ring (F*) and on
# the hypercube Q_14 (one port, full duplex), and a gossip on a 2000-node ring (refused: beyond the explicit limit).
# Then, for each FILE: /usr/bin/time -v ./commsched solve FILE --out s.json; /usr/bin/time -v ./commsched check FILE s.json
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-lc-scale}"
mkdir -p "$dir"
gen() { # name, then generate's arguments
  local name="$1"
  shift
  "$here/commsched" generate "$@" --lengths constant:100 --out "$dir/$name.json" >/dev/null
  echo "$dir/$name.json"
}
model="saf:beta=5,tau=1"
gen k10000-fstar --problem broadcast --family complete --size 10000 --model "$model,ports=all,duplex=full"
gen k10000-hstar --problem broadcast --family complete --size 10000 --model "$model,ports=all,duplex=half"
gen k10000-f1 --problem broadcast --family complete --size 10000 --model "$model,ports=one,duplex=full"
gen k10000-h1 --problem broadcast --family complete --size 10000 --model "$model,ports=one,duplex=half"
gen ring10000-fstar --problem broadcast --family ring --size 10000 --model "$model,ports=all,duplex=full"
gen q14-f1 --problem broadcast --family hypercube --size 14 --model "$model,ports=one,duplex=full"
gen gossip-ring2000 --problem gossip --family ring --size 2000 --model "$model,ports=all,duplex=full"
