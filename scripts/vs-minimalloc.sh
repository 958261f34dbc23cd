#!/usr/bin/env bash
# Runs MiniMalloc and commsched's dsa-search on the same DSA CSV files, one after the other, and prints for each
# file the height each found (max offset + size), the load, both wall times and the ratio of the heights. Not part
# of CI: MiniMalloc (Moffitt, ASPLOS 2023; github.com/google/minimalloc) must be built by the user.
#
#   scripts/vs-minimalloc.sh /path/to/minimalloc [CAPACITY] [TIME_LIMIT] [FILES...]
#   (defaults: capacity 1048576, commsched time limit 60 s, files bench/minimalloc/*.csv)
#
# MiniMalloc is given a copy of each file with the header id,lower,upper,size: since its commit 7a231c4 (2023-09-08)
# it reads a column named "end" as an inclusive end (it adds 1), so the header buffer,start,end,size of
# bench/minimalloc (same numbers as its benchmarks/challenging files, half-open lifespans) would make it solve
# longer lifespans than commsched does (A at 1048576: NOT_FOUND at once).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
mm="${1:?usage: vs-minimalloc.sh /path/to/minimalloc [CAPACITY] [TIME_LIMIT] [FILES...]}"
cap="${2:-1048576}"
limit="${3:-60}"
shift $(( $# < 3 ? $# : 3 ))
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$here"/bench/minimalloc/*.csv)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
height() { # the height of a CSV with an offset column: max(offset + size)
  python3 - "$1" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(max(int(r["offset"]) + int(r["size"]) for r in rows) if rows else 0)
PY
}
printf '%-16s %10s %12s %8s %12s %8s %8s\n' file load minimalloc secs commsched secs ratio
for f in "${files[@]}"; do
  b="$(basename "$f" .csv)"
  sed '1s/^buffer,start,end,size/id,lower,upper,size/' "$f" > "$tmp/$b.in.csv"
  s=$(date +%s.%N)
  if "$mm" --capacity="$cap" --input="$tmp/$b.in.csv" --output="$tmp/$b.mm.csv" > /dev/null 2>&1; then
    mmh=$(height "$tmp/$b.mm.csv")
  else
    mmh="none"
  fi
  mmt=$(python3 -c "import time; print(round(time.time() - $s, 2))")
  s=$(date +%s.%N)
  "$here/commsched" solve "$f" --method dsa-search --time-limit "$limit" --out "$tmp/$b.cs.csv" --json > "$tmp/$b.json"
  cst=$(python3 -c "import time; print(round(time.time() - $s, 2))")
  csh=$(height "$tmp/$b.cs.csv")
  load=$(python3 -c "import json; print(json.load(open('$tmp/$b.json'))['lowerBound'])")
  ratio=$([ "$mmh" = none ] && echo "-" || python3 -c "print(round($csh / $mmh, 3))")
  printf '%-16s %10s %12s %8s %12s %8s %8s\n' "$b" "$load" "$mmh" "$mmt" "$csh" "$cst" "$ratio"
done
