#!/usr/bin/env bash
# Renders a `commsched ratios` report (or any HTML or SVG file) to PNG in headless Chromium, to look at it as a
# reader's browser shows it: usage  scripts/report-screenshot.sh FILE.html|FILE.svg [OUT.png] [WIDTHxHEIGHT]
# (default OUT: FILE with .png; default size 1280x900, a laptop screen). Not part of the build or CI: it needs a
# Chromium (CHROMIUM=/path, else chromium or chromium-browser on PATH). Exit 2 on bad use, 1 when rendering fails.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 3 ] || [ ! -f "$1" ]; then
  echo "report-screenshot: give an existing HTML or SVG file; usage: $0 FILE [OUT.png] [WIDTHxHEIGHT]" >&2
  exit 2
fi
in="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
out="${2:-${1%.*}.png}"
size="${3:-1280x900}"
if ! [[ "$size" =~ ^[0-9]+x[0-9]+$ ]]; then
  echo "report-screenshot: size '$size' is not WIDTHxHEIGHT; give e.g. 1280x900" >&2
  exit 2
fi
browser="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"
if [ -z "$browser" ]; then
  echo "report-screenshot: no Chromium found; install it or set CHROMIUM=/path/to/chromium" >&2
  exit 2
fi
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
# a throw-away profile, so no state of an earlier run (or of a user's browser) shapes the picture
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars=false --user-data-dir="$profile" \
  --screenshot="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")" --window-size="${size/x/,}" "file://$in" \
  >/dev/null 2>&1 || { echo "report-screenshot: $browser failed on $in" >&2; exit 1; }
[ -s "$out" ] || { echo "report-screenshot: no picture written to $out" >&2; exit 1; }
echo "$out"
