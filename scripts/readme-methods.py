#!/usr/bin/env python3
"""Regenerates the methods table of README.md from `./commsched methods --json` (run from the repository root).

The table sits between the markers <!-- methods:begin --> and <!-- methods:end -->; CliTest checks that every
registered method has a row.
"""
import json
import subprocess
import sys

out = subprocess.run(["./commsched", "methods", "--json"], check=True, capture_output=True, text=True).stdout
methods = json.loads(out)["methods"]
rows = ["| method | problems | scope | guarantee | source |", "|---|---|---|---|---|"]
for m in methods:
    name = "`%s`%s" % (m["name"], " (exact)" if m["exact"] else "")
    cells = [name, ", ".join(m["problems"]), m["scope"], m["guarantee"], m["citation"]]
    rows.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
table = "\n".join(rows)
text = open("README.md").read()
begin, end = "<!-- methods:begin -->", "<!-- methods:end -->"
if begin not in text or end not in text:
    sys.exit("README.md has no %s ... %s markers" % (begin, end))
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open("README.md", "w").write(head + begin + "\n" + table + "\n" + end + tail)
print("README.md: %d methods" % len(methods))
