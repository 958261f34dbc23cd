#!/usr/bin/env bash
# The launcher as users install it (issue 26): run through a chain of symbolic links from another folder, it builds
# and runs the repository's tool and writes nothing beside the links; a copy of it outside the repository is refused
# in one line with exit 2. Needs the jar built (CI runs it after `mvn verify`); prints "launcher: ok" or fails.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/elsewhere"
ln -s "$repo/commsched" "$tmp/bin/commsched"
ln -s ../bin/commsched "$tmp/elsewhere/cs"           # a relative link to a link
(cd "$tmp" && "$tmp/elsewhere/cs" methods >"$tmp/methods.out")
grep -q '^greedy' "$tmp/methods.out" || { echo "launcher: 'methods' through two links printed no method list" >&2; exit 1; }
left="$(cd "$tmp" && find . -mindepth 1 -not -path ./bin -not -path ./bin/commsched -not -path ./elsewhere \
  -not -path ./elsewhere/cs -not -path ./methods.out)"
[ -z "$left" ] || { echo "launcher: the linked launcher wrote outside the repository: $left" >&2; exit 1; }
cp "$repo/commsched" "$tmp/copy"
set +e
"$tmp/copy" methods >"$tmp/copy.out" 2>"$tmp/copy.err"
rc=$?
set -e
[ "$rc" -eq 2 ] || { echo "launcher: a copied launcher exited $rc, expected 2" >&2; exit 1; }
[ "$(wc -l <"$tmp/copy.err")" -eq 1 ] && grep -q 'not a commsched repository' "$tmp/copy.err" \
  || { echo "launcher: a copied launcher did not refuse in one line: $(cat "$tmp/copy.err")" >&2; exit 1; }
[ ! -e "$tmp/cli" ] || { echo "launcher: a copied launcher left $tmp/cli behind" >&2; exit 1; }
echo "launcher: ok"
