#!/usr/bin/env bash
# Deep mode of the file fuzzer (docs/TESTS.md#file-fuzzing): N fuzzed files of every format and family, each run
# as a process of ./commsched under /usr/bin/time -v (exit code, wall time, peak RSS), J at a time; the same cases,
# oracle and shrinker as the CI suite FileFuzzCliTest (cli test sources, org.commsched.cli.fuzz).
#
#   nice -n 10 scripts/fuzz-files.sh [--seed B] [--count N] [--jobs J] [--out DIR] [--margin S] [--rss-mb M]
#                                    [--java-opts OPTS] [--shrink K] [--shrink-budget R]
#
# Defaults: base seed 1000000, 10000 runs, 2 jobs, out cli/target/file-fuzz, margin 2 s past each run's limit
# (--time-limit, else 5 s: the issue's bound, which needs a quiet machine; raise it on a busy one), RSS bound
# 1024 MiB, JAVA_OPTS=-Xmx2g (so a runaway case cannot take the machine's memory), the first 3 failures of each class
# shrunk with at most 20 runs each. Prints a summary table (also OUT/summary.md) and
# writes each failing case to OUT/failures/CLASS/seed-S/ (case.txt says the command to replay it there); --seed S
# --count 1 replays case S. Exit 1 on any failure. Stopped early (Ctrl-C, or `timeout -s INT`), it kills the runs under
# way and still prints the summary of the runs done.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
./commsched --version >/dev/null # builds the launcher's jar when the sources changed
cp_file="$here/cli/target/file-fuzz.classpath"
mvn -B -o -q -pl cli -am test-compile dependency:build-classpath -Dmdep.outputFile="$cp_file" \
  -Dmdep.includeScope=test >&2
args=(--out "$here/cli/target/file-fuzz")
exec java -Xmx1g -cp "$here/cli/target/test-classes:$here/cli/target/classes:$(cat "$cp_file")" \
  org.commsched.cli.fuzz.FileFuzz "${args[@]}" "$@"
