#!/usr/bin/env python3
"""Times whole commsched commands against Python reading the same file, as docs/BENCHMARKS.md describes.

usage: scripts/bench-cli.py [--runs 3] [--warmup 1] FILE -- COMMAND [ARG ...]

Runs COMMAND and `python3 -c "import json; json.load(open(FILE))"` in turn (command, Python, command, Python, ...),
each under /usr/bin/time, after WARMUP runs of each that are not counted (the first commsched run after a build also
builds the jar and its class-data archive). Prints each run's wall seconds, CPU seconds (user + system) and peak
resident memory, then the medians and the median of the wall-time ratios taken pair by pair: pairing keeps the
ratio meaningful when other work on the machine changes its speed during the measurement. The load average is
printed before and after. The command's output is discarded; its exit codes are shown.

example (from the repository root; the file is made by scripts/gen-big-ula.py):
  scripts/bench-cli.py /tmp/unit.json -- ./commsched solve /tmp/unit.json --method interval-coloring --out /tmp/s.json
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile


def timed(cmd):
    """(wall s, cpu s, peak MB, exit code) of one run of cmd under /usr/bin/time."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        code = subprocess.call(["/usr/bin/time", "-f", "%e %U %S %M", "-o", t.name] + cmd,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wall, user, system, kb = t.read().strip().splitlines()[-1].split()
    return float(wall), float(user) + float(system), int(kb) / 1024, code


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("file")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not cmd:
        ap.error("give the command after --")
    python = [sys.executable, "-c", "import json; json.load(open(%r))" % a.file]
    print("load average before: %.2f %.2f %.2f" % os.getloadavg())
    for _ in range(a.warmup):
        timed(cmd)
        timed(python)
    rows = []
    for i in range(a.runs):
        c = timed(cmd)
        p = timed(python)
        rows.append((c, p))
        print("run %d: command %.2f s wall, %.2f s cpu, %.0f MB, exit %d | python %.2f s wall, %.2f s cpu, %.0f MB"
              " | ratio %.2f" % (i + 1, c[0], c[1], c[2], c[3], p[0], p[1], p[2], c[0] / p[0]))
    med = statistics.median
    print("median: command %.2f s wall, %.2f s cpu, %.0f MB | python %.2f s wall, %.2f s cpu | wall ratio %.2f"
          % (med(r[0][0] for r in rows), med(r[0][1] for r in rows), med(r[0][2] for r in rows),
             med(r[1][0] for r in rows), med(r[1][1] for r in rows), med(r[0][0] / r[1][0] for r in rows)))
    print("load average after: %.2f %.2f %.2f" % os.getloadavg())


if __name__ == "__main__":
    main()
