#!/usr/bin/env bash
# The embedding example as a user builds it (issue 26; docs/EMBEDDING.md): installs this tree's commsched-api and
# what it depends on into a PRIVATE local repository under target/ (never into the shared ~/.m2), then builds
# examples/ (one dependency: commsched-api) against it and runs it on one catalogue instance of each family; the
# example writes each schedule and checks the written file. Prints "examples: ok" or fails.
#
# The private repository starts as hard links to the third-party files of ~/.m2 (no download, no copy), without
# ~/.m2's own org/commsched; metadata files are copied rather than linked so that nothing Maven rewrites reaches
# ~/.m2. Maven may download what ~/.m2 lacks (the release profile's plugins on a fresh CI machine) into the private
# repository only; EXAMPLES_OFFLINE=1 runs Maven offline (-o) instead.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
shared="${MAVEN_REPO:-$HOME/.m2/repository}"
private="$repo/target/examples-m2"
offline=""
[ "${EXAMPLES_OFFLINE:-0}" = 1 ] && offline="-o"
rm -rf "$private"
mkdir -p "$private"
if [ -d "$shared" ]; then
  if ! cp -al "$shared/." "$private/" 2>/dev/null; then
    rm -rf "$private" && mkdir -p "$private" && cp -a "$shared/." "$private/" # another file system: a plain copy
  fi
  rm -rf "$private/org/commsched"
  # break the links of files Maven may rewrite in place
  find "$private" -type f \( -name '*.xml' -o -name '*.properties' -o -name '*.lastUpdated' -o -name '_remote.repositories' \) \
    -exec sh -c 'for f; do cp "$f" "$f.tmp" && mv "$f.tmp" "$f"; done' _ {} +
fi
# the artifacts a user's build resolves: commsched-api and the modules it brings (no tests: the build ran them), with
# their sources and javadoc jars (the release profile, exercised here once)
mvn -B -q $offline -Dmaven.repo.local="$private" -DskipTests -Prelease -pl api -am install
for m in core instances heuristics solver api; do
  for kind in sources javadoc; do
    jar="$private/org/commsched/commsched-$m/0.1.0-SNAPSHOT/commsched-$m-0.1.0-SNAPSHOT-$kind.jar"
    [ -s "$jar" ] || { echo "examples: no $kind jar for commsched-$m" >&2; exit 1; }
  done
done
mvn -B -q $offline -Dmaven.repo.local="$private" -f examples/pom.xml package
out="$repo/target/examples-out"
rm -rf "$out"
java -cp "examples/target/classes:$(cat examples/target/classpath.txt)" org.commsched.examples.SolveCatalogue \
  instances/catalogue "$out" 2>"$repo/target/examples.err" | tee "$repo/target/examples.txt"
[ "$(grep -c 'valid true' "$repo/target/examples.txt")" -eq 5 ] \
  || { echo "examples: expected 5 checked schedules" >&2; exit 1; }
if [ -s "$repo/target/examples.err" ]; then
  echo "examples: the library wrote to stderr (logging noise?): $(head -3 "$repo/target/examples.err")" >&2; exit 1
fi
echo "examples: ok"
