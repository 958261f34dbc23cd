#!/usr/bin/env python3
"""Regenerates the methods table of docs/METHODS.md from `./commsched methods --json` (run from the repository root).

The table sits between the markers <!-- methods:begin --> and <!-- methods:end -->; MethodsPageTest checks that it
lists every registered method with its current guarantee.
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
text = open("docs/METHODS.md").read()
begin, end = "<!-- methods:begin -->", "<!-- methods:end -->"
if begin not in text or end not in text:
    sys.exit("docs/METHODS.md has no %s ... %s markers" % (begin, end))
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open("docs/METHODS.md", "w").write(head + begin + "\n" + table + "\n" + end + tail)
print("docs/METHODS.md: %d methods" % len(methods))
