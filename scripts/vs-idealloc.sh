#!/usr/bin/env bash
# Runs idealloc and commsched's default DSA method on the same DSA CSV files, one after the other, and prints for
# each file the load, each tool's height (max offset + size), its share above the load, its wall and CPU (user +
# system) seconds and peak RSS, and the ratio of the heights. Not part of CI: idealloc (C. P. Lamprakos,
# github.com/cappadokes/idealloc, technical report arXiv 2504.04874) must be built first, e.g. by
# scripts/build-idealloc.sh. idealloc reads the files with its `ex-csv` format (a buffer is alive strictly between
# its start and end, so two buffers conflict iff their half-open lifespans [start, end) do, as in commsched); its
# `in-ex-csv` reader re-times the buffers and drops overlaps, and reports heights below the true load. idealloc writes
# no layout, so its height is the "Makespan" it prints (not checked here); commsched's is read from its --out file,
# which its own independent checker has passed.
#
#   scripts/vs-idealloc.sh /path/to/idealloc [TIME_LIMIT] [FILES...]
#   (defaults: commsched --time-limit 10, files bench/idealloc/*.csv)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
ia="${1:?usage: vs-idealloc.sh /path/to/idealloc [TIME_LIMIT] [FILES...]}"
limit="${2:-10}"
shift $(( $# < 2 ? $# : 2 ))
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$here"/bench/idealloc/*.csv)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
height() { # the height of a CSV with an offset column: max(offset + size)
  python3 - "$1" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(max(int(r["offset"]) + int(r["size"]) for r in rows) if rows else 0)
PY
}
pct() { python3 -c "print(f'{($1 - $2) * 100 / $2:.2f}%')"; }
res() { # "wall cpu rss_MB" from a /usr/bin/time -f '%e %U %S %M' line
  awk '{ printf "%s %.2f %d\n", $1, $2 + $3, $4 / 1024 }' "$1"
}
printf '%-12s %8s %14s | %14s %7s %7s %7s %6s | %14s %7s %7s %7s %6s | %6s\n' file buffers load \
  idealloc above wall cpu MB commsched above wall cpu MB ratio
for f in "${files[@]}"; do
  b="$(basename "$f" .csv)"
  rows=$(( $(wc -l < "$f") - 1 ))
  /usr/bin/time -o "$tmp/$b.ia.time" -f '%e %U %S %M' "$ia" -i "$f" ex-csv > "$tmp/$b.ia.out" 2>&1 || true
  iah=$(awk '/^Makespan:/ { print $2 }' "$tmp/$b.ia.out")
  [ -n "$iah" ] || iah=none
  read -r iaw iac iam < <(res "$tmp/$b.ia.time")
  /usr/bin/time -o "$tmp/$b.cs.time" -f '%e %U %S %M' "$here/commsched" solve "$f" --time-limit "$limit" \
    --out "$tmp/$b.cs.csv" --json --quiet > "$tmp/$b.json"
  csh=$(height "$tmp/$b.cs.csv")
  read -r csw csc csm < <(res "$tmp/$b.cs.time")
  load=$(python3 -c "import json; print(json.load(open('$tmp/$b.json'))['lowerBound'])")
  if [ "$iah" = none ]; then iap="-"; ratio="-"; else iap=$(pct "$iah" "$load"); ratio=$(python3 -c "print(round($csh / $iah, 4))"); fi
  printf '%-12s %8s %14s | %14s %7s %7s %7s %6s | %14s %7s %7s %7s %6s | %6s\n' "$b" "$rows" "$load" \
    "$iah" "$iap" "$iaw" "$iac" "$iam" "$csh" "$(pct "$csh" "$load")" "$csw" "$csc" "$csm" "$ratio"
done
