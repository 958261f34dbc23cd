#!/usr/bin/env python3
"""Fuzzes the limits of exact arithmetic (issue 9 item 4) through the command line.

Takes catalogue instances, replaces one number (a length, size, node id, beta or tau) by a value near the limits
of 64-bit arithmetic, and runs `solve` (default method and a few named ones), `bounds` and `check` of what
`solve` wrote. Every run must end with a documented exit code (0, 1, 2 or 3: never 70, never a hang past the
timeout), and every schedule `solve` writes must pass `check`.

  python3 scripts/fuzz-limits.py [--seed S] [--cases N] [--mode refused|accepted] [--dir OUT]

`refused` draws values past the limits (2^63, 2^64, 10^5-digit decimals): they must be refused at read time with
exit 2. `accepted` draws values that fit (2^20 .. 2^61 - 1 lengths, large decimals with few places): the methods
must solve them or refuse the method in one line. Prints one line a run and the failures at the end; exit 1 when
any run failed. Slow (a JVM a run): not part of CI.
"""
import argparse, glob, json, os, random, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
LAUNCHER = os.path.join(ROOT, "commsched")
CATALOGUE = os.path.join(ROOT, "instances", "catalogue")
REFUSED_INTS = [2**62, 2**63 - 1, 2**63, 2**64, 2**62 - 1, 2**31, 2**53 + 1, 10**30]
REFUSED_DECS = ["0." + "1" * 100000, "1" * 100000, "9223372036854775807.5", "0.0000000000000000000001",
                "4611686018427387904", "1" + "0" * 20]
ACCEPTED_INTS = [2**k for k in (20, 30, 31, 32, 40, 45, 50, 55, 58, 60, 61)] + [2**k - 1 for k in (31, 32, 53, 61)]
ACCEPTED_DECS = ["4611686018", "0.000000001", "123456789.123456789", "1" * 15, "0.5", "1" * 18]
METHOD_KEYS_REFUSED = ("length", "size", "nodes", "dimension", "rows", "cols", "root", "source", "target", "from", "to")
METHOD_KEYS_ACCEPTED = ("length", "size")


def run(args, timeout):
    try:
        p = subprocess.run([LAUNCHER] + args, capture_output=True, text=True, timeout=timeout)
        lines = [l for l in p.stderr.splitlines() if not l.startswith("commsched: ")]
        return p.returncode, (lines[-1] if lines else "")
    except subprocess.TimeoutExpired:
        return "TIMEOUT", ""


def places(doc, keys):
    out = []
    def walk(x, path):
        if isinstance(x, dict):
            for k, v in x.items():
                if k in keys and isinstance(v, int):
                    out.append((path + [k], "int"))
                if k in ("beta", "tau"):
                    out.append((path + [k], "dec"))
                walk(v, path + [k])
        elif isinstance(x, list):
            for i, v in enumerate(x[:3]):
                walk(v, path + [i])
    walk(doc, [])
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cases", type=int, default=40)
    ap.add_argument("--mode", choices=["refused", "accepted"], default="accepted")
    ap.add_argument("--dir", default="/tmp/commsched-fuzz-limits")
    ap.add_argument("--timeout", type=int, default=90)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    os.makedirs(a.dir, exist_ok=True)
    methods = json.loads(subprocess.run([LAUNCHER, "methods", "--json"], capture_output=True, text=True).stdout)
    methods = methods if isinstance(methods, list) else methods["methods"]
    files = [f for f in sorted(glob.glob(CATALOGUE + "/*.json")) if not f.endswith("manifest.json")]
    ints, decs, keys = ((ACCEPTED_INTS, ACCEPTED_DECS, METHOD_KEYS_ACCEPTED) if a.mode == "accepted"
                        else (REFUSED_INTS, REFUSED_DECS, METHOD_KEYS_REFUSED))
    failures = []
    for case in range(a.cases):
        src = rnd.choice(files)
        doc = json.load(open(src))
        spots = places(doc, keys)
        if not spots:
            continue
        path, kind = rnd.choice(spots)
        value = rnd.choice(ints) if kind == "int" else rnd.choice(decs)
        d = doc
        for p in path[:-1]:
            d = d[p]
        d[path[-1]] = value
        name = os.path.join(a.dir, f"s{a.seed}-c{case}-{os.path.basename(src)}")
        json.dump(doc, open(name, "w"))
        problem = doc.get("problem")
        fit = [m["name"] for m in methods if problem in m.get("problems", [problem])]
        runs = [["solve", name, "--time-limit", "5", "--quiet", "--out", name + ".default.s.json"], ["bounds", name]]
        for m in rnd.sample(fit, min(3, len(fit))):
            runs.append(["solve", name, "--method", m, "--time-limit", "5", "--quiet", "--out", f"{name}.{m}.s.json"])
        for cmd in runs:
            rc, last = run(cmd, a.timeout)
            what = cmd[0] if "--method" not in cmd else "solve " + cmd[cmd.index("--method") + 1]
            ok = rc in (0, 1, 2, 3)
            print("ok " if ok else "BAD", rc, what, os.path.basename(name), "/".join(map(str, path)), str(value)[:24],
                  last[:140], flush=True)
            if not ok:
                failures.append((name, what, rc, last))
            if cmd[0] == "solve" and rc == 0:
                out = cmd[cmd.index("--out") + 1]
                rc2, last2 = run(["check", name, out], a.timeout)
                if rc2 != 0:
                    failures.append((name, "check of " + what, rc2, last2))
                    print("BAD", rc2, "check of", what, last2[:140], flush=True)
    print(f"{len(failures)} failures")
    for f in failures:
        print(*f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
