#!/usr/bin/env python3
"""Rewrites citations of the old implementation notes into citations of the model reference (docs/models/).

Run from the repository root: python3 scripts/cite-models.py [--dry-run] [paths...]

The notes lived outside the repository (specs/chatting.md, scatter-gather-bufferless.md, packet-scatter-gather.md,
linear-cost-broadcast-gossip.md); code, tests and docs cite them as `spec chatting.md §5 A2`, `(spec §6.5)`,
`chatting spec §1.5`, `linear-cost spec §2.3 / §6.1 E1`, `SGB §6.1`, `Chat §1.4 (2.4)`, `specs/chatting.md section 8`
and so on. Each citation becomes `docs/models/<page>.md#<anchor>`, the anchor taken from the Section map of the
family's page (see docs/models/README.md, "Older citations"); several sections of one page are joined as
`docs/models/<page>.md#a, #b`.

Which notes a citation means:
  * an explicit file name (`chatting.md`, `specs/packet-scatter-gather.md`), a family word (`chatting spec`,
    `scatter/gather spec`, `packet spec`, `linear-cost spec`) or an abbreviation (Chat, SGB, PSG, LC);
  * a bare `spec §N`: the nearest explicit notes name on the same line, else the family of the file (package
    bufferless/chatting or chatting: chatting; bufferless/scattergather, scatter, gather: scatter/gather;
    PacketChecker, StoreForwardBounds: packet; LinearCostChecker, LinearCostBounds, PathSending: linear cost; class
    names naming one family), else the nearest explicit notes name in the file;
  * sections that follow a citation in one list (`spec §5 A4, §9.2 and §9.3`, `§6.1-§6.4`) belong to it; a bare
    `§N` elsewhere counts only where the paper has no such section (scatter/gather §3.3-§3.7 and §5 and above,
    chatting §8 and above or `§5 A<k>`) in a file of that family.
Citations of the papers' own sections (`paper §1.2`, `"...Processors", §3.1`) are left alone.

Rule and example labels the pages keep (V4, L3, M4, E1, EX5, claims, tables, oracles) stay after the link; labels
that only select the heading (chatting §5 A2, scatter/gather §13 A2, chatting §9 item 7) are dropped.
Lines of comments and Markdown paragraphs that grow beyond 120 columns are re-wrapped; a Java string literal is
split into a concatenation only where that is safe.

Prints a summary and every citation it could not map (exit status 1 if there is one). Idempotent.
"""
import os
import re
import subprocess
import sys

WIDTH = 120
EXTS = (".java", ".md", ".json", ".py", ".sh")
SELF = "scripts/cite-models.py"

PAGES = {
    "chat": "docs/models/bufferless-chatting.md",
    "sgb": "docs/models/bufferless-scatter-gather.md",
    "psg": "docs/models/packet.md",
    "lc": "docs/models/linear-cost.md",
}
FILES = {
    "chatting": "chat", "scatter-gather-bufferless": "sgb", "packet-scatter-gather": "psg",
    "linear-cost-broadcast-gossip": "lc",
}
ABBR = {"Chat": "chat", "SGB": "sgb", "PSG": "psg", "LC": "lc"}

# Section maps (docs/models/*.md, "Section map"): section -> anchor. Lookups fall back to the parent section.
SECTIONS = {
    "chat": {
        "1": "network-routes-and-messages", "1.1": "network-routes-and-messages",
        "1.2": "network-routes-and-messages", "1.3": "network-routes-and-messages", "1.4": "real-schedules",
        "1.5": "exact-models", "2": "model", "2.1": "parameters", "2.2": "virtual-schedules-and-dsa",
        "2.3": "forward-leveled-networks", "2.4": "virtual-schedules-and-dsa", "3": "transformations",
        "4": "lower-bounds", "5": "algorithms", "6": "properties", "7": "virtual-schedules-and-dsa",
        "8": "examples", "9": "corrections", "9.1": "one-turn-route", "9.2": "esm-scan-fixes",
        "9.3": "esm-scan-fixes", "9.4": "theorem-53-proof", "9.5": "virtual-schedule-definition",
        "9.6": "virtual-schedule-definition", "9.7": "length-stretching", "9.8": "other-readings",
        "9.9": "other-readings", "9.10": "other-readings", "9.11": "other-readings", "9.12": "other-readings",
        "9.13": "log-bases-and-strict-bounds", "9.14": "log-bases-and-strict-bounds", "9.15": "other-readings",
        "9.16": "other-readings", "10": "search-and-exact-methods",
    },
    "sgb": {
        "1": "network-and-messages", "2": "model", "2.1": "network-and-messages",
        "2.2": "steps-rows-and-makespan", "2.3": "validity-rules", "2.4": "structural-lemmas", "2.5": "ports",
        "2.6": "exact-models", "3": "fdf",
        "4": "greedy", "5": "shoulder-tap", "5.5": "figures-1-to-4", "6": "transmission-certification",
        "6.6": "transmission-certification-corrections", "6.7": "figures-1-to-4", "7.1": "spanning-trees",
        "7.2": "tc-multiport", "8": "spanning-trees", "9.1": "figures-1-to-4", "9.2": "lower-bounds",
        "9.3": "ratios", "10": "exact-models", "11": "figures-1-to-4", "11.3": "tree-oracles-ex1-to-ex5",
        "11.4": "small-counterexamples", "12": "properties", "13": "corrections",
    },
    "psg": {
        "0": "packets-and-hops", "1": "model", "1.1": "packets-and-hops", "1.2": "packets-and-hops",
        "1.3": "ports-and-duplex", "1.4": "packets-and-hops", "1.5": "packets-and-hops", "1.6": "packets-and-hops",
        "1.7": "queueing-delays-and-buffers", "1.8": "validity-rules", "1.9": "queueing-delays-and-buffers",
        "1.10": "gathering-and-time-reversal", "1.11": "planned-methods", "2.1": "planned-methods",
        "2.2": "planned-methods", "2.3": "queueing-delays-and-buffers", "2.4": "queueing-delays-and-buffers",
        "2.5": "queueing-delays-and-buffers", "2.6": "planned-methods", "2.7": "planned-methods",
        "2.7.2": "tv-1-and-tv-2", "2.8": "packetization", "2.9": "planned-methods", "2.10": "planned-methods",
        "2.11": "fdf-with-set-up-time", "3": "closed-forms", "4": "examples", "4.1": "tv-1-and-tv-2",
        "4.2": "one-message-alone", "4.3": "one-message-alone", "4.4": "special-class-values",
        "4.5": "planned-methods", "4.6": "one-message-alone", "4.7": "tv-1-and-tv-2", "4.8": "buffers-and-grouping",
        "4.9": "buffers-and-grouping", "4.10": "planned-methods", "4.11": "gathering-and-time-reversal",
        "5": "properties", "6": "corrections", "7": "planned-methods",
    },
    "lc": {
        "0": "units-and-packets", "1": "units-and-packets", "1.1": "units-and-packets", "1.2": "ports-and-duplex",
        "1.3": "validity-rules", "1.4": "planned-methods", "2": "pipeline-formulas", "2.3": "sending-tables",
        "2.4": "planned-methods", "2.5": "pipeline-formulas", "2.6": "planned-methods", "3": "planned-methods",
        "4": "planned-methods", "5": "master-table", "6.1": "worked-examples", "6.2": "thesis-tables",
        "7": "properties", "8": "corrections", "9": "properties", "A": "thesis-tables",
    },
}
CHAT_ALGOS = {"0": "pipeline", "1": "interval-coloring", "2": "kierstead", "3": "length-classes",
              "4": "esm-paper-and-esm-ne", "5": "ula-cuts", "6": "tree-cuts-and-tree-cuts-simultaneous", "7": "cuts",
              "8": "pipeline"}
SGB_CORRECTIONS = {1: "time-origin", 20: "scattering-corrections", 15: "figures", 16: "figures"}
for _k in (2, 3, 4, 17, 18, 21):
    SGB_CORRECTIONS[_k] = "shoulder-tap-corrections"
for _k in list(range(5, 15)) + [19]:
    SGB_CORRECTIONS[_k] = "transmission-certification-corrections"
LC_ITEMS = [(range(1, 8), "sending-readings"), (range(8, 9), "ring-send-lower-bound"),
            (range(9, 21), "broadcast-schemes"), (range(21, 29), "gossip-statements"),
            (range(29, 32), "thesis-tables-corrections")]


def slug(heading):
    h = heading.strip().lower()
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


def anchors_of(page):
    with open(page, encoding="utf-8") as f:
        return {slug(l.lstrip("#")) for l in f if l.startswith("#")}


# ---------------------------------------------------------------------------------------------------------------
# Grammar. NL matches a line break inside a comment (with its leader), so a citation may span two comment lines.
NL = r"(?:[ \t]*\n[ \t]*(?:\*(?!/)|//|#(?!#))?[ \t]*|[ \t]*\"[ \t]*\n[ \t]*\+[ \t]*\")"
WS = r"(?:" + NL + r"|[ \t]+)"
SEC = r"\d+(?:\.\d+)*"
SPECFILE = r"(?<![\w-])(?<!models/)(?P<{g}>chatting|scatter-" + NL + r"?gather-" + NL + r"?bufferless|packet-" + NL + r"?scatter-" + NL \
    + r"?gather|linear-" + NL + r"?cost-" + NL + r"?broadcast-" + NL + r"?gossip)\.md"
FAMILY = (r"(?P<fam>[Cc]hatting|(?:[Bb]ufferless" + WS + r")?scatter/gather|packet(?:" + WS + r"scatter/gather)?"
          r"|linear-cost)")
# A prefix ends just before the first section; group "kind" tells how the sections are written.
PREFIX = re.compile(
    r"(?:"
    r"(?:the project's" + WS + r")?specs/" + SPECFILE.format(g="file") + r"(?P<sections>" + WS + r"sections?)?"
    r"|(?:the project's" + WS + r")?(?P<spec1>[Ss]pec" + WS + r")?" + SPECFILE.format(g="file2") + r",?"
    r"|[Ss]pec" + WS + FAMILY.replace("fam>", "fam2>") + r"(?=" + WS + r"§)"
    r"|" + FAMILY + WS + r"spec(?:'s)?(?:" + WS + r"\(\"[A-Z][a-z]*[A-Z]*\"\))?(?:" + WS + r"sections?)?"
    r"|(?P<abbr>\bChat|\bSGB|\bPSG|\bLC)(?=" + WS + r"(?:§|V\d|\(?\d))"
    r"|(?<![\w-])(?P<bare>[Ss]pec),?(?:" + WS + r"sections?)?"
    r")(?=" + WS + r"(?:§|\d))")
# Labels after a section number. Kinds: "drop" (it only selects the heading), "keep" (re-emitted after the link).
LABEL = re.compile(
    r"(?P<a>A\d+(?:-(?:rigorous|paper|A?\d+))?(?:,[ \t]*A\d+(?:-A?\d+)?(?!\w|\.\d))*)(?!\w)"
    r"|(?P<items>items?" + WS + r"\d+(?:(?:-|" + WS + r"and" + WS + r"|," + WS + r")\d+)*)"
    r"|(?P<keep>(?:V\d+(?:'|&prime;)?(?:-V\d+)?|L\d|M\d(?:-M\d)?|EX\d|E\d+|P\d+|LB\d|F\d+|oracle" + WS
    + r"[A-H]|oracles" + WS + r"[A-H](?:-[A-H])?|Theorem" + WS + r"\d+(?:\.\d+)*|claims?" + WS + r"\d+(?:(?:," + WS + r"|-|" + WS + r"and" + WS
    + r")\d+)*|Table" + WS + r"\d\w?)(?![\w-]))")
SEP = re.compile(r"(?:," + WS + r"(?:and" + WS + r")?|" + WS + r"(?:and|/)" + WS + r"|-(?=§))")


class Item:
    def __init__(self, sec, start, end):
        self.sec, self.start, self.end = sec, start, end
        self.drop = None   # ("a", "A2") / ("items", "13-14")
        self.keep = ""     # label text re-emitted after the link
        self.paren = ""    # parenthetical kept after the link
        self.sep = ""      # separator text before this item (as written)
        self.range_to = None


ITEM = re.compile(r"(?:sections?" + WS + r")?(?P<mark>§?)(?P<sec>Appendix A|" + SEC + r")(?!\w|\.\d)")


def parse_items(text, pos, numbered_bare, json_mode):
    """Parses the list of sections starting at pos (just after a prefix). Returns (items, end)."""
    items = []
    sep_text = ""
    while True:
        p = pos
        if not items:
            m = re.compile(WS).match(text, pos)
            p = m.end() if m else pos
        sm = ITEM.match(text, p)
        if not sm or (not sm.group("mark") and not numbered_bare):
            break
        sec = "A" if sm.group("sec") == "Appendix A" else sm.group("sec")
        it = Item(sec, p, sm.end())
        it.sep = sep_text
        q = sm.end()
        rm = re.compile(r"-§?(" + SEC + r")(?!\w|\.\d)").match(text, q)
        if rm:
            it.range_to = rm.group(1)
            q = rm.end()
        lm = re.compile(WS).match(text, q)
        lab = LABEL.match(text, lm.end()) if lm else None
        if lab:
            if lab.group("a"):
                it.drop = ("a", lab.group("a"))
            elif lab.group("items"):
                it.drop = ("items", lab.group("items"))
            else:
                it.keep = " " + re.sub(WS, " ", lab.group("keep"))
            q = lab.end()
        after = q
        pm = re.compile(WS + r"?\(").match(text, q)
        if pm:
            close = balanced(text, pm.end() - 1, json_mode)
            if close is not None:
                nxt = SEP.match(text, close)
                nxt_item = ITEM.match(text, nxt.end()) if nxt else None
                if json_mode or (nxt_item and (nxt_item.group("mark") or numbered_bare)):
                    it.paren = " " + text[pm.end() - 1:close]
                    after = close
        it.end = after
        items.append(it)
        nm = SEP.match(text, after)
        if not nm:
            break
        nxt = ITEM.match(text, nm.end())
        if not nxt or (not nxt.group("mark") and not numbered_bare):
            break
        sep_text = text[after:nm.end()]
        pos = nm.end()
    if len(items) > 1 and any(it.paren for it in items) and not items[-1].paren:
        last = items[-1]
        pm = re.compile(WS + r"?\(").match(text, last.end)
        close = balanced(text, pm.end() - 1, json_mode) if pm else None
        if close is not None:
            last.paren = " " + text[pm.end() - 1:close]
            last.end = close
    return items, (items[-1].end if items else pos)


def balanced(text, i, json_mode):
    depth = 0
    limit = min(len(text), i + 400)
    j = i
    while j < limit:
        c = text[j]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return j + 1
        elif c == "\n" and json_mode:
            return None
        elif c == '"' and not json_mode:
            return None
        j += 1
    return None


# ---------------------------------------------------------------------------------------------------------------
class FileContext:
    def __init__(self, path, text):
        self.path = path
        self.text = text
        self.base = os.path.basename(path)
        self.rules = ("/check/" in path or self.base.startswith(("ProtocolRules", "ProtocolTrace", "BufferlessFastPath"))
                      or self.base == "package-info.java" and "/check/" in path)
        self.family = self._path_family()
        self.line_at = ""
        self.mentions = [(m.start(), fam) for m, fam in explicit_mentions(text)]


    def _path_family(self):
        p, b = self.path, self.base
        if "/chatting/" in p:
            return "chat"
        if "/scattergather/" in p or "/scatter/" in p or "/gather/" in p:
            return "sgb"
        if b.startswith(("PacketChecker", "StoreForwardBounds")):
            return "psg"
        if b.startswith(("LinearCostChecker", "LinearCostBounds", "PathSending")):
            return "lc"
        words = {
            "chat": ("Chatting", "Virtual", "Leveled", "Kierstead", "Esm", "Dsa", "VoRelaxation", "LengthStretch"),
            "sgb": ("Scatter", "Gather", "Shoulder", "Causality", "SpanningTree", "Sync", "Protocol"),
            "psg": ("Packet", "StoreForward"),
            "lc": ("LinearCost",),
        }
        hits = [f for f, ws in words.items() if any(w in b for w in ws)]
        return hits[0] if len(hits) == 1 else None

    def paragraph(self, pos):
        """Bounds of the comment or Markdown paragraph around pos (blank lines, <p> and list items end it)."""
        t = self.text
        ls = t.rfind("\n", 0, pos) + 1
        start = ls
        while start > 0:
            ps = t.rfind("\n", 0, start - 1) + 1
            prev = t[ps:start - 1]
            body = re.sub(r"^\s*(?:\*|//|#)?\s?", "", prev)
            if not body.strip() or prev.strip().startswith(("/**", "/*")) or prev.strip().endswith("*/"):
                break
            start = ps
            if body.lstrip().startswith(("<p>", "<li>", "@")):
                break
        end = t.find("\n", pos)
        end = len(t) if end < 0 else end
        while end < len(t):
            ne = t.find("\n", end + 1)
            ne = len(t) if ne < 0 else ne
            nxt = t[end + 1:ne]
            body = re.sub(r"^\s*(?:\*|//|#)?\s?", "", nxt)
            if not body.strip() or body.lstrip().startswith(("<p>", "<li>", "@", "*/")) or "*/" in nxt:
                break
            end = ne
        return start, end

    def family_at(self, pos, weak=True):
        ls = self.text.rfind("\n", 0, pos) + 1
        le = self.text.find("\n", pos)
        le = len(self.text) if le < 0 else le
        same = [(abs(s - pos), f) for s, f in self.mentions if ls <= s < le]
        if same:
            return min(same)[1]
        if self.family:
            return self.family
        ps, pe = self.paragraph(pos)
        near = [(abs(s - pos), f) for s, f in self.mentions if ps <= s < pe]
        if near:
            return min(near)[1]
        para = self.text[ps:pe]
        topics = {f for f, ws in TOPICS.items() if any(re.search(w, para) for w in ws)}
        if len(topics) == 1:
            return topics.pop()
        fams = {f for _, f in self.mentions}
        if len(fams) == 1:
            return fams.pop()
        if weak and self.mentions:
            return min((abs(s - pos), f) for s, f in self.mentions)[1]
        return None


TOPICS = {
    "chat": (r"[Cc]hatting", r"\bvirtual\b", r"\bslots?\b", r"[Ll]evel(?:ed|ing)", r"\bDSA\b", r"\bESM\b", r"\bula\b"),
    "sgb": (r"[Gg]ather", r"[Ss]catter", r"[Ww]ake-up", r"Shoulder-Tap", r"Transmission-Certification", r"\bFDF\b"),
    "psg": (r"[Ss]tore-and-forward", r"[Pp]ackets?\b", r"Tsai"),
    "lc": (r"[Ll]inear[ -]cost", r"[Bb]roadcast", r"[Gg]ossip", r"Peters"),
}


def explicit_mentions(text):
    out = []
    for m in re.finditer(SPECFILE.format(g="file"), text):
        out.append((m, FILES[re.sub(NL, "", m.group("file"))]))
    for m in re.finditer(FAMILY + WS + r"spec\b", text):
        out.append((m, family_word(m.group("fam"))))
    for m in re.finditer(r"\b(Chat|SGB|PSG|LC)(?=[ \t]+(?:§|V\d))", text):
        out.append((m, ABBR[m.group(1)]))
    for m in re.finditer(r"docs/models/(bufferless-chatting|bufferless-scatter-gather|packet|linear-cost)\.md", text):
        out.append((m, {"bufferless-chatting": "chat", "bufferless-scatter-gather": "sgb", "packet": "psg",
                        "linear-cost": "lc"}[m.group(1)]))
    return out


def family_word(w):
    w = re.sub(r"\s+", " ", w).lower()
    if w.startswith("chatting"):
        return "chat"
    if w.startswith("packet"):
        return "psg"
    if w.startswith("linear"):
        return "lc"
    return "sgb"


def sec_key(sec):
    return tuple(int(x) if x.isdigit() else x for x in sec.split("."))


def lookup(fam, sec, drop, ctx, before):
    """Anchor for one section of one family, or None."""
    table = SECTIONS[fam]
    if fam == "chat":
        if ctx.rules and sec in ("1.4", "2.2"):
            return "validity-rules"
        if sec == "5":
            a = drop[1] if drop and drop[0] == "a" else None
            if a is None:
                bm = re.search(r"\bA(\d)(?:-\w+)?\b[^.;§]{0,40}$", before)
                a = "A" + bm.group(1) if bm else None
            if a:
                return CHAT_ALGOS.get(re.match(r"A(\d+)", a).group(1))
        if sec == "9" and drop and drop[0] == "items":
            nums = re.findall(r"\d+", drop[1])
            return table.get("9." + nums[0]) if nums else None
    if fam == "sgb":
        if sec == "13" and drop and drop[0] == "a":
            n = int(re.match(r"A(\d+)", drop[1]).group(1))
            return SGB_CORRECTIONS.get(n)
        if ctx.rules and sec in ("5.2", "6.1", "6.2", "6.3", "6.4", "7.2"):
            return "protocol-rules"
        if sec in ("0", "14"):
            return None
        if sec in ("3.2", "3.3") and re.search(r"[Rr]eading|[Cc]orrection|A20|Proposition 1|Claim 1", ctx.line_at):
            return "scattering-corrections"
    if fam == "lc":
        if sec == "8" and drop and drop[0] == "items":
            n = int(re.findall(r"\d+", drop[1])[0])
            for r, a in LC_ITEMS:
                if n in r:
                    return a
        if sec == "2.6" and "/bounds/" in ctx.path:
            return "ring-send-lower-bound"
    s = sec
    while True:
        if s in table:
            return table[s]
        if "." not in s:
            return None
        s = s.rsplit(".", 1)[0]


def label_anchor_fix(fam, sec, keep, anchor):
    if fam == "sgb" and sec in ("2", "2.3") and re.match(r" V6\b", keep or ""):
        return "protocol-rules"
    if fam == "sgb" and sec == "2" and re.match(r" V\d", keep or ""):
        return "validity-rules"
    return anchor


def expand_range(fam, a, b):
    """Sections from a to b inclusive, as far as the section map knows them."""
    ka, kb = sec_key(a), sec_key(b)
    if len(ka) == len(kb) == 2 and ka[0] == kb[0]:
        return ["%d.%d" % (ka[0], i) for i in range(ka[1], kb[1] + 1)]
    return [a, b]


# ---------------------------------------------------------------------------------------------------------------
class Rewriter:
    def __init__(self):
        self.anchors = {f: anchors_of(p) for f, p in PAGES.items()}
        self.unmapped = []
        self.count = 0

    def render(self, fam, items, ctx, text, start, possessive):
        page = PAGES[fam]
        ls = text.rfind("\n", 0, start) + 1
        le = text.find("\n", items[-1].end if items else start)
        ctx.line_at = text[ls:len(text) if le < 0 else le]
        parts = []  # (anchor, trailing)
        for it in items:
            secs = [it.sec] if not it.range_to else expand_range(fam, it.sec, it.range_to)
            anchors = []
            for s in secs:
                a = lookup(fam, s, it.drop, ctx, text[max(0, start - 80):start])
                a = label_anchor_fix(fam, s, it.keep, a)
                if a is None and s != secs[0] and s != secs[-1]:
                    continue
                if a is None or a not in self.anchors[fam]:
                    return None
                if a not in anchors:
                    anchors.append(a)
            for i, a in enumerate(anchors):
                last = i == len(anchors) - 1
                parts.append((a, it.keep.strip() if last else "", it.paren.strip()[1:-1] if last and it.paren else ""))
        merged = []  # [anchor, keeps, parens]
        for a, keep, paren in parts:
            if merged and merged[-1][0] == a:
                merged[-1][1] += [keep] if keep else []
                merged[-1][2] += [paren] if paren else []
            else:
                merged.append([a, [keep] if keep else [], [paren] if paren else []])
        out = []
        for i, (a, keeps, parens) in enumerate(merged):
            ref = (page + "#" + a) if i == 0 else "#" + a
            if keeps:
                ref += " " + ", ".join(keeps)
            if parens:
                ref += " " + ", ".join("(" + p + ")" for p in parens)
            out.append(ref)
        return ", ".join(out)

    def rewrite(self, path, text):
        ctx = FileContext(path, text)
        json_mode = path.endswith(".json")
        out = []
        pos = 0
        n = 0
        # 1. the split ternary of Causality's messages: (SGB " + (cond ? "§5.2" : "§6.1") + ")"
        tern = re.compile(r"\((?P<abbr>SGB|Chat|PSG|LC|spec) \" \+ \((?P<cond>[^?\"]+)\? \"§(?P<a>" + SEC
                          + r")\"(?P<ws>\s*): \"§(?P<b>" + SEC + r")\"\) \+ \"\)\"")

        def tern_sub(m):
            nonlocal n
            fam = ABBR.get(m.group("abbr")) or ctx.family_at(m.start())
            if fam is None:
                return m.group(0)
            a = lookup(fam, m.group("a"), None, ctx, "")
            b = lookup(fam, m.group("b"), None, ctx, "")
            if not a or not b:
                return m.group(0)
            n += 2
            if a == b:
                return "(" + PAGES[fam] + "#" + a + ")\""
            return "(\" + (" + m.group("cond") + "? \"" + PAGES[fam] + "#" + a + "\"" + m.group("ws") + ": \"" \
                + PAGES[fam] + "#" + b + "\") + \")\""
        text = tern.sub(tern_sub, text)
        ctx = FileContext(path, text)
        # 2. prefixed citations
        search = 0
        while True:
            m = PREFIX.search(text, search)
            if not m:
                break
            fam = None
            numbered_bare = bool(m.group("sections")) or json_mode
            if m.group("file") or m.group("file2"):
                fam = FILES[re.sub(NL, "", m.group("file") or m.group("file2"))]
            elif m.group("fam") or m.group("fam2"):
                fam = family_word(m.group("fam") or m.group("fam2"))
                numbered_bare = numbered_bare or bool(re.search(r"sections?$", m.group(0)))
            elif m.group("abbr"):
                fam = ABBR[m.group("abbr")]
            elif re.compile(r"[^;)\n]{0,40}?(?:\bL\d\b|\bLB-(?:OFF|SYNC|MP|SCAT|PAPER)\b|\bEX\d)").match(text, m.end()):
                fam = "sgb"  # labels only the scatter/gather notes have
                numbered_bare = numbered_bare or bool(re.search(r"sections?$", m.group(0)))
            else:
                fam = ctx.family_at(m.start())
                numbered_bare = numbered_bare or bool(re.search(r"sections?$", m.group(0)))
            items, end = parse_items(text, m.end(), numbered_bare, json_mode)
            start = m.start()
            if not items:
                self.unmapped.append((path, line_of(text, start), re.sub(r"\s+", " ", text[start:m.end() + 12])))
                search = m.end()
                continue
            cite = text[start:end]
            possessive = text.startswith("'s", end)
            rep = self.render(fam, items, ctx, text, start, possessive) if fam else None
            if rep is None:
                self.unmapped.append((path, line_of(text, start), re.sub(r"\s+", " ", cite)))
                search = end
                continue
            rep, end = possess(text, start, end, rep)
            out.append(text[pos:start])
            out.append(rep)
            n += len(items)
            pos = search = end
        out.append(text[pos:])
        text = "".join(out)
        # 3. "§2 of the spec"
        ctx = FileContext(path, text)

        def of_spec(m):
            nonlocal n
            fam = ctx.family_at(m.start())
            it = Item(m.group("sec"), m.start(), m.end())
            rep = self.render(fam, [it], ctx, text, m.start(), False) if fam else None
            if rep is None:
                self.unmapped.append((path, line_of(text, m.start()), m.group(0)))
                return m.group(0)
            n += 1
            return rep
        text = re.sub(r"(?<![\w-])§(?P<sec>" + SEC + r")" + WS + r"of" + WS + r"the" + WS + r"spec\b(?!')", of_spec, text)
        # 4. bare sections the papers do not have
        text, nb = self.bare(ctx, text, path)
        n += nb
        # 5. the notes named without a section: the page (an anchor where the label before it names one)
        text, nw = self.whole(text)
        return text, n + nw

    def whole(self, text):
        n = 0

        def sub(m):
            nonlocal n
            fam = FILES[re.sub(NL, "", m.group("file"))]
            label = m.group("label") or ""
            anchor = None
            if fam == "lc" and re.match(r"E\d", label):
                anchor = "worked-examples"
            elif fam == "lc" and label.startswith("Table"):
                anchor = "sending-tables"
            elif fam == "psg" and label.startswith("TV-"):
                anchor = "tv-1-and-tv-2"
            n += 1
            return m.group("pre") + PAGES[fam] + ("#" + anchor if anchor and anchor in self.anchors[fam] else "")
        pat = re.compile(r"(?P<pre>(?P<label>\bE\d+|\bTable 2[abc](?: c(?:ase|ell)(?: \([^)]*\))?)?|\bTV-[12])"
                         r" of |)(?:specs/|[Ss]pec" + WS + r")" + SPECFILE.format(g="file"))
        return pat.sub(sub, text), n

    def bare(self, ctx, text, path):
        ctx = FileContext(path, text)
        n = 0
        out = []
        pos = 0
        pat = re.compile(r"(?P<its>\bits[ \t]+)?(?<![\w-])§(?P<sec>" + SEC + r")(?!\w|\.\d)")
        for m in pat.finditer(text):
            if m.start() < pos:
                continue
            before = text[max(0, m.start() - 60):m.start()]
            if re.search(r"(paper(?:'s)?|thesis|Tsai(?:'s)?|[Pp]aper's own|of the paper)[ \t]*$", before):
                continue
            if re.search(r"\"[ \t]*(?:\([^)]*\))?,?[ \t]*$", before) and not re.search(r"[Ss]pec", before[-15:]):
                # "...Processors", §3.1: the paper's section
                continue
            fam = ctx.family_at(m.start(), weak=False)
            if fam not in ("sgb", "chat"):
                continue
            sec = m.group("sec")
            k = sec_key(sec)
            items, end = parse_items(text, m.start("sec") - 1, False, False)
            if not items:
                continue
            if not any(spec_only(fam, it) for it in items) and not said_spec(text, m.start()):
                continue
            rep = self.render(fam, items, ctx, text, m.start(), False)
            if rep is None:
                self.unmapped.append((path, line_of(text, m.start()), text[m.start():end]))
                continue
            rep, end = possess(text, m.start(), end, rep)
            out.append(text[pos:m.start()])
            out.append(rep)
            n += len(items)
            pos = end
        out.append(text[pos:])
        return "".join(out), n


def spec_only(fam, it):
    """A section the paper does not have (so a bare citation of it means the notes)."""
    k = sec_key(it.sec)
    if fam == "sgb":
        return k[0] >= 5 or (k[0] == 3 and len(k) > 1 and k[1] >= 3)
    return k[0] >= 8 or (it.drop is not None and it.drop[0] == "a" and k == (5,))


def said_spec(text, pos):
    """The sentence before pos talks about the notes ("The spec writes ... (§1.4 ...)") and not about a paper."""
    ls = max(text.rfind(". ", 0, pos), text.rfind("/**", 0, pos), text.rfind("\n\n", 0, pos), text.rfind("<p>", 0, pos))
    before = text[ls + 1:pos]
    m = None
    for m in re.finditer(r"\b[Ss]pec\b(?!'s authors)", before):
        pass
    return m is not None and not re.search(r"[Pp]aper|\"|thesis", before[m.end():])


def possess(text, start, end, rep):
    """"LINK's caveat" reads "the caveat of LINK"; other possessives stay."""
    pm = re.compile(r"'s[ \t]+([a-z][a-z-]+)\b").match(text, end)
    if not pm:
        return rep, end
    lead = text[:start].rstrip(" \t(")
    the = "The" if (not lead or lead[-1] in ".*/\n" or lead.endswith(("//", "/**"))) and not text[:start].endswith("(") \
        else "the"
    return "%s %s of %s" % (the, pm.group(1), rep), pm.end()


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


# ---------------------------------------------------------------------------------------------------------------
# Re-wrapping of lines that grew beyond WIDTH.
def rewrap(path, old, new):
    if new == old:
        return new
    old_long = {l for l in old.split("\n") if len(l) > WIDTH}
    lines = new.split("\n")
    md = path.endswith(".md")
    java = path.endswith(".java")
    if not (md or java):
        return new
    i = 0
    fence = False
    carry = False
    while i < len(lines):
        line = lines[i]
        if md and line.startswith("```"):
            fence = not fence
        need = len(line) > WIDTH and not fence and (carry or ("docs/models/" in line and line not in old_long))
        carry = False
        if not need:
            i += 1
            continue
        if java:
            one = re.match(r"^(\s*)/\*\*\s+(.*?)\s*\*/\s*$", line)
            cm = re.match(r"^(\s*(?:\*|//)\s?)(?!\s*$)", line)
            if one:
                ind = one.group(1)
                lines[i:i + 1] = [ind + "/**", ind + " * " + one.group(2), ind + " */"]
                i += 1
                carry = True
                continue
            if cm and not re.match(r"^\s*/\*", line):
                if wrap_comment(lines, i, cm.group(1)):
                    i += 1
                    carry = True
                    continue
            elif wrap_code(lines, i):
                i += 1
                carry = True
                continue
        elif md and not line.lstrip().startswith(("|", "#", ">")):
            lm = re.match(r"^(\s*(?:[-*] |\d+\. )?)", line)
            lead = " " * len(lm.group(1))
            if wrap_md(lines, i, lead):
                i += 1
                carry = True
                continue
        i += 1
    return "\n".join(lines)


def scan_code(line):
    """(mask of positions inside string or char literals, start of a // comment or None)."""
    inside = [False] * len(line)
    i = 0
    q = None
    while i < len(line):
        c = line[i]
        if q:
            inside[i] = True
            if c == "\\":
                if i + 1 < len(line):
                    inside[i + 1] = True
                i += 2
                continue
            if c == q:
                q = None
        elif c in "\"'":
            q = c
            inside[i] = True
        elif line.startswith("//", i):
            return inside, i
        i += 1
    return inside, None


def wrap_code(lines, i):
    """Breaks a Java code line between tokens (a line break is whitespace), else splits a string literal."""
    line = lines[i]
    inside, comment = scan_code(line)
    ind = re.match(r"^\s*", line).group(0)
    cont = ind if line.lstrip().startswith(("+", ".")) else ind + "    "
    if comment is not None and comment <= WIDTH and len(line[:comment].rstrip()) <= WIDTH:
        # a trailing comment: it goes on its own line above the code
        lines[i:i + 1] = [ind + line[comment:], line[:comment].rstrip()]
        return True
    limit = min(WIDTH, comment if comment is not None else len(line))
    if len(inside) > WIDTH and inside[WIDTH] and split_string(lines, i):
        return True
    best = None
    for j in range(limit, len(ind) + 4, -1):
        if line[j] == " " and not inside[j] and line[j - 1] != " ":
            if best is None:
                best = j
            if line[j - 1] == "," or line.startswith(" + ", j):
                best = j
                break
    if best is not None:
        lines[i:i + 1] = [line[:best].rstrip(), cont + line[best:].lstrip()]
        return True
    return split_string(lines, i)


def wrap_comment(lines, i, leader):
    line = lines[i]
    cut = break_at(line, len(leader))
    if cut is None:
        return False
    head, tail = line[:cut].rstrip(), line[cut:].strip()
    lines[i] = head
    nxt = lines[i + 1] if i + 1 < len(lines) else None
    body = line[len(leader):]
    if nxt is not None and nxt.startswith(leader) and continuation(nxt[len(leader):]) and not nxt.rstrip().endswith("*/"):
        lines[i + 1] = nxt[:len(leader)] + tail + " " + nxt[len(leader):].lstrip()
        if re.match(r"^\s+", nxt[len(leader):]):
            ind = re.match(r"^\s+", nxt[len(leader):]).group(0)
            lines[i + 1] = leader + ind + tail + " " + nxt[len(leader):].lstrip()
    else:
        extra = "    " if body.lstrip().startswith(("<li>", "<tr>", "<td>", "@")) else ""
        ind = re.match(r"^\s*", body).group(0)
        lines.insert(i + 1, leader + ind + extra + tail)
    return True


def continuation(body):
    b = body.strip()
    return bool(b) and not b.startswith(("<p>", "<li>", "<ul>", "</ul>", "<ol>", "</ol>", "@", "<table", "<tr>",
                                        "</table>", "<pre>", "</pre>", "*/"))


def wrap_md(lines, i, lead):
    line = lines[i]
    cut = break_at(line, len(lead))
    if cut is None:
        return False
    head, tail = line[:cut].rstrip(), line[cut:].strip()
    lines[i] = head
    nxt = lines[i + 1] if i + 1 < len(lines) else None
    if nxt and nxt.strip() and not nxt.lstrip().startswith(("-", "*", "|", "#", ">", "```")) \
            and not re.match(r"^\s*\d+\. ", nxt):
        lines[i + 1] = lead + tail + " " + nxt.lstrip()
    else:
        lines.insert(i + 1, lead + tail)
    return True


def break_at(line, minimum):
    """Index of a space at which to break line so that the head fits WIDTH (not inside a word)."""
    j = line.rfind(" ", minimum + 1, WIDTH + 1)
    while j > minimum:
        if line[j - 1] != " ":
            return j + 1
        j = line.rfind(" ", minimum + 1, j)
    return None


def split_string(lines, i):
    """Splits the string literal that crosses column WIDTH into a concatenation, where that is safe."""
    line = lines[i]
    lits = [m for m in re.finditer(r'"(?:[^"\\]|\\.)*"', line)]
    for m in lits:
        if m.start() >= WIDTH or m.end() <= WIDTH - 1:
            continue
        if line[m.end():m.end() + 1] == "." or line[max(0, m.start() - 1):m.start()] == ".":
            return False
        if "@" in line[:m.start()] or "case " in line[:m.start()]:
            return False
        lo = m.start() + 1 + 10
        hi = WIDTH - 2
        j = line.rfind(" ", lo, hi)
        while j > lo and line[j - 1] == "\\":
            j = line.rfind(" ", lo, j)
        if j <= lo:
            return False
        ind = re.match(r"^\s*", line).group(0)
        cont = ind if line.lstrip().startswith("+") else ind + "    "
        lines[i] = line[:j + 1] + '"'
        lines.insert(i + 1, cont + '+ "' + line[j + 1:])
        return True
    return False


# ---------------------------------------------------------------------------------------------------------------
ABBR_OLD = re.compile(r"\"Chat\" is the chatting" + WS + r"spec," + WS + r"\"SGB\" the" + WS + r"bufferless"
                      + WS + r"scatter/gather" + WS + r"spec," + WS + r"\"PSG\" the" + WS + r"packet" + WS
                      + r"scatter/gather" + WS + r"spec," + WS + r"\"LC\" the" + WS + r"linear-cost" + WS + r"spec\.")
ABBR_NEW = ("\"Chat\" is the model page docs/models/bufferless-chatting.md, \"SGB\" "
            "docs/models/bufferless-scatter-gather.md, \"PSG\" docs/models/packet.md, \"LC\" "
            "docs/models/linear-cost.md; a rule label after one (SGB V4) is that page's label.")


def abbreviations(path, text):
    if not path.endswith("check/package-info.java"):
        return text
    m = ABBR_OLD.search(text)
    if not m:
        return text
    ls = text.rfind("\n", 0, m.start()) + 1
    leader = re.match(r"^\s*\*\s?", text[ls:]).group(0)
    head = text[ls:m.start()]
    le = text.find("\n", m.end())
    tail = text[m.end():le]
    words = (head[len(leader):] + ABBR_NEW + tail).split(" ")
    lines, cur = [], leader
    for w in words:
        if len(cur) + len(w) + (0 if cur == leader else 1) > WIDTH and cur != leader:
            lines.append(cur)
            cur = leader
        cur += ("" if cur == leader else " ") + w
    lines.append(cur)
    return text[:ls] + "\n".join(lines) + text[le:]


def tracked_files():
    out = subprocess.run(["git", "ls-files", "-z"], check=True, capture_output=True, text=True).stdout
    for p in out.split("\0"):
        if p and p.endswith(EXTS) and not p.startswith("docs/models/") and p != SELF and os.path.isfile(p):
            yield p


def main(argv):
    dry = "--dry-run" in argv
    paths = [a for a in argv if not a.startswith("--")] or list(tracked_files())
    for page in PAGES.values():
        if not os.path.isfile(page):
            sys.exit("run from the repository root: %s is missing" % page)
    rw = Rewriter()
    changed = 0
    total = 0
    for p in paths:
        with open(p, encoding="utf-8") as f:
            old = f.read()
        new, n = rw.rewrite(p, old)
        new = abbreviations(p, new)
        new = rewrap(p, old, new)
        if new != old:
            changed += 1
            total += n
            if not dry:
                with open(p, "w", encoding="utf-8") as f:
                    f.write(new)
            print("%s: %d citation(s)" % (p, n))
    print("cite-models: %d file(s) changed, %d citation(s) replaced%s" % (changed, total, " (dry run)" if dry else ""))
    if rw.unmapped:
        print("cite-models: %d citation(s) not mapped:" % len(rw.unmapped))
        for p, line, cite in rw.unmapped:
            print("  %s:%d: %s" % (p, line, cite))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
