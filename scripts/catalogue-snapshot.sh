#!/usr/bin/env bash
# Runs every method on every catalogue instance of its problem kind through the command line, as a user would,
# and writes one directory with each run's --json answer, exit code and schedule file. Two snapshots taken before
# and after a change compare with scripts/catalogue-compare.py (method, status, makespan and the schedule bytes;
# wall times dropped). Used to show that a restructuring changed no result.
#
#   scripts/catalogue-snapshot.sh OUTDIR [TIME_LIMIT_SECONDS]   (default limit 20 s for the exact methods)
#   METHODS="cpsat choco" scripts/catalogue-snapshot.sh OUTDIR   (only these methods)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: catalogue-snapshot.sh OUTDIR [TIME_LIMIT]}"
limit="${2:-20}"
mkdir -p "$out"
"$here/commsched" methods --json > "$out/methods.json"
METHODS="${METHODS:-}" python3 - "$here/instances/catalogue" "$out/methods.json" > "$out/runs.txt" <<'PY'
import json, os, sys
cat, methods = sys.argv[1], json.load(open(sys.argv[2]))["methods"]
only = os.environ.get("METHODS", "").split()
methods = [m for m in methods if not only or m["name"] in only]
for f in sorted(os.listdir(cat)):
    path = os.path.join(cat, f)
    if f.endswith(".csv"):
        problem = "dsa"
    elif f.endswith(".json") and f != "manifest.json":
        problem = json.load(open(path)).get("problem")
    else:
        continue
    for m in methods:
        if problem in m["problems"]:
            print(path, m["name"])
PY
run_one() {
  path="$1"; method="$2"; out="$3"; limit="$4"; here="$5"
  base="$(basename "$path")"; base="${base%.*}"
  ext=json; [[ "$path" == *.csv ]] && ext=csv
  rc=0
  "$here/commsched" solve "$path" --method "$method" --time-limit "$limit" --out "$out/$base.$method.schedule.$ext" \
    --json > "$out/$base.$method.result.json" 2> "$out/$base.$method.stderr" || rc=$?
  echo "$rc" > "$out/$base.$method.rc"
}
export -f run_one
# the launcher builds once before the parallel runs start
"$here/commsched" methods > /dev/null
xargs -P 2 -L 1 bash -c 'run_one "$0" "$1" "'"$out"'" "'"$limit"'" "'"$here"'"' < "$out/runs.txt"
echo "$(wc -l < "$out/runs.txt") runs in $out"
