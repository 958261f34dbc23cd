#!/usr/bin/env bash
# A real Spark cluster on this machine's loopback address, from the Maven-resolved jars (no Spark distribution):
# a standalone master and two workers (one core each), a ratio sweep submitted to them with commsched-spark.jar,
# its rows compared (timings aside) with the same sweep run in-process by the command line. Optionally kills one
# executor JVM in the middle of the sweep (--kill-executor) and checks that every row is still there exactly once.
# Everything it starts is stopped on exit. Usage, from the repository root:
#   scripts/spark-loopback-cluster.sh [--kill-executor] [SWEEP]        (docs/SPARK.md)
set -euo pipefail
kill_executor=0
if [ "${1:-}" = "--kill-executor" ]; then kill_executor=1; shift; fi
sweep="${1:-problem=chatting family=ula sizes=4,5 messages=n lengths=uniform:1..3 seeds=1..10}"
methods="greedy,kierstead,choco"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d /tmp/commsched-spark-cluster.XXXXXX)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap cleanup EXIT

echo "building commsched-spark.jar and resolving Spark's jars (Maven) ..." >&2
(cd "$root" && mvn -B -q -Pspark-jar package dependency:build-classpath -pl spark -am -DskipTests \
    -Dmdep.includeScope=provided -Dmdep.outputFile="$work/spark-classpath.txt")
jar="$root/spark/target/commsched-spark.jar"
# a SPARK_HOME whose jars/ are links to the Maven-resolved jars: the workers launch executors from it
mkdir -p "$work/home/jars"
tr ':' '\n' < "$work/spark-classpath.txt" | while read -r j; do ln -sf "$j" "$work/home/jars/"; done
export SPARK_HOME="$work/home" SPARK_LOCAL_IP=127.0.0.1 SPARK_SCALA_VERSION=2.13
port=$((20000 + RANDOM % 20000))
java -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$port" \
    --webui-port 0 > "$work/master.log" 2>&1 &
pids+=($!)
for w in 1 2; do
  java -cp "$SPARK_HOME/jars/*" org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 1 --memory 1g \
      --webui-port 0 --work-dir "$work/worker$w" "spark://127.0.0.1:$port" > "$work/worker$w.log" 2>&1 &
  pids+=($!)
done
for i in $(seq 1 300); do
  [ "$(grep -c 'Successfully registered with master' "$work"/worker*.log 2>/dev/null | awk -F: '{s+=$2} END {print s+0}')" -ge 2 ] && break
  sleep 1
done

echo "in-process run ..." >&2
java -cp "$root/cli/target/commsched.jar:$root/cli/target/lib/*" org.commsched.cli.Main ratios --generate "$sweep" \
    --methods "$methods" --time-limit 20 --jobs 2 --quiet --out "$work/in-process" > /dev/null

echo "cluster run on spark://127.0.0.1:$port ..." >&2
java -cp "$SPARK_HOME/jars/*:$jar" -Dspark.master="spark://127.0.0.1:$port" -Dspark.jars="$jar" \
    -Dspark.executor.memory=512m -Dspark.driver.host=127.0.0.1 -Dspark.driver.bindAddress=127.0.0.1 \
    org.commsched.spark.SparkMain ratios --generate "$sweep" --methods "$methods" --time-limit 20 --quiet \
    --out "$work/cluster" > /dev/null 2> "$work/driver.log" &
driver=$!
pids+=($driver)
if [ "$kill_executor" = 1 ]; then
  # the first executor JVM (CoarseGrainedExecutorBackend) once some rows are in: killed with SIGKILL, as a crash is
  for i in $(seq 1 600); do
    [ -s "$work/cluster/results.jsonl" ] && break
    sleep 0.5
  done
  victim="$(pgrep -f "$work/home/.*CoarseGrainedExecutorBackend" | head -1 || true)"
  if [ -n "$victim" ]; then
    echo "killing executor JVM $victim after $(wc -l < "$work/cluster/results.jsonl") rows" >&2
    kill -9 "$victim"
  else
    echo "no executor JVM found to kill (the sweep ended first?)" >&2
  fi
fi
wait "$driver"

strip() { python3 -c '
import json, sys
rows = []
for l in open(sys.argv[1]):
    r = json.loads(l); r.pop("seconds"); r.pop("runSeconds", None); rows.append(json.dumps(r, sort_keys=True))
keys = [json.loads(l)["instance"] + "/" + json.loads(l)["method"] for l in open(sys.argv[1])]
assert len(keys) == len(set(keys)), "a row written twice"
print("\n".join(sorted(rows)))' "$1"; }
if diff <(strip "$work/in-process/results.jsonl") <(strip "$work/cluster/results.jsonl") > "$work/rows.diff"; then
  echo "same rows in-process and on the loopback cluster: $(wc -l < "$work/cluster/results.jsonl") rows, each once ($work)"
else
  echo "the rows differ: $work/rows.diff" >&2
  exit 1
fi
