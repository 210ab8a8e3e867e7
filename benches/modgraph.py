#!/usr/bin/env python3
"""The module graph of archie's two crates, read from the source: who imports whom.

Reports (issue 42):
  - circles inside a folder: strongly connected sets of sibling modules (a subfolder counts
    as one sibling), from `use crate::…`, `super::…`, `self::…` and inline `crate::…` paths;
    a name the folder's `mod.rs` re-exports (`pub use model::ALIASES`) is followed to the
    file that defines it, so `super::ALIASES` from merge.rs is an edge to model.rs.
  - upward imports: an edge from a lower layer to a higher one, in the order of DESIGN.md's
    "Layers" (cli, app, flows, graph, services, ui, leaves); edges between two services
    are listed too, as are circles among them.
  - the longest functions (`fn` to its closing brace, in lines, test code excluded).

Code under `#[cfg(test)]` (inline test modules and files declared as test modules) is left
out: tests may import what they like.

    python3 benches/modgraph.py            # everything
    python3 benches/modgraph.py --check    # exit 1 if a folder holds a circle
    python3 benches/modgraph.py --edges    # every cross-module edge, for grep
"""

import os
import re
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CRATES = {"archie": os.path.join(ROOT, "src"), "core": os.path.join(ROOT, "crates/archie-core/src")}
# What archie re-exports from archie-core (src/lib.rs `pub use archie_core::{…}`).
CORE_REEXPORTS = {"docs", "env_vars", "files", "hash", "memory", "secrets", "tokens", "words"}

# DESIGN.md "Layers", top to bottom. A module not named here is a leaf. `ui` draws what
# the engine and the services report (their data types), so it sits above them; nothing
# below it may draw. archie-core is a crate archie depends on: below all of archie (cargo
# enforces it), with its own services (memory, docs) above its leaves.
LAYERS = [
    ("entry", {"archie::main", "archie::cli"}),
    ("app", {"archie::app"}),
    ("flows", {"archie::flows"}),
    ("ui", {"archie::ui"}),
    ("graph", {"archie::graph"}),
    ("services", {"archie::llm", "archie::mcp", "archie::upgrade", "archie::prompts",
                  "archie::store"}),
    ("leaf", set()),  # every other top-level module of archie
    ("core services", {"core::memory", "core::docs"}),
]


def strip_comments_and_strings(src):
    """Blank out comments and string/char literals, keeping line breaks (for line numbers)."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif src.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if src.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif src.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", src[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', src[i:i + 20]) and (i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")):
            m = re.match(r'r(#*)"', src[i:])
            hashes = m.group(1)
            end = src.find('"' + hashes, i + len(m.group(0)))
            end = n if end < 0 else end + 1 + len(hashes)
            out.append('""' + re.sub(r"[^\n]", " ", src[i + 2:end]))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == "\\" else 1
            out.append('"' + re.sub(r"[^\n]", " ", src[i + 1:j]) + '"')
            i = j + 1
        elif c == "'":
            # char literal ('a', '\n', '\u{..}') or a lifetime ('a)
            m = re.match(r"'(\\.[^']*|[^'\\])'", src[i:i + 12])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching_brace(code, open_at):
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def test_regions(code):
    """Spans of `#[cfg(test)] mod x { … }` and `#[cfg(test)] fn/impl … { … }`."""
    spans = []
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?(mod\s+\w+\s*\{|fn\b|impl\b)", code):
        brace = code.find("{", m.start())
        if brace >= 0:
            spans.append((m.start(), matching_brace(code, brace)))
    return spans


def files():
    """(crate, module path, file path, is_dir_module)."""
    for crate, base in CRATES.items():
        for dirpath, _dirs, names in os.walk(base):
            for name in names:
                if not name.endswith(".rs"):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, base)[:-3].split(os.sep)
                dir_module = rel[-1] in ("mod", "lib", "main")
                if dir_module:
                    rel = rel[:-1]
                if rel == [] and name == "main.rs":
                    rel = ["main"]
                    dir_module = False
                # a.rs beside a/ is a directory module too (2018 layout)
                if not dir_module and os.path.isdir(os.path.join(dirpath, name[:-3])):
                    dir_module = True
                yield crate, tuple(rel), path, dir_module


class Module:
    def __init__(self, crate, path, file, dir_module):
        self.crate, self.path, self.file, self.dir_module = crate, path, file, dir_module
        with open(file, encoding="utf-8") as f:
            self.raw = f.read()
        self.code = strip_comments_and_strings(self.raw)
        self.tests = test_regions(self.code)
        self.test_only = False  # set when the parent declares it `#[cfg(test)] mod x;`
        self.reexports = {}  # name -> path (tuple) it comes from

    @property
    def key(self):
        return (self.crate, self.path)

    def name(self):
        return self.crate + "::" + "::".join(self.path) if self.path else self.crate

    def in_test(self, pos):
        return self.test_only or any(a <= pos <= b for a, b in self.tests)


def expand_use(tree):
    """`a::{b, c::{d, e as f}}` -> [[a, b], [a, c, d], [a, c, e]]."""
    tree = re.sub(r"\s+", "", tree)
    out = []

    def walk(prefix, s):
        # split s at top-level commas
        parts, depth, cur = [], 0, ""
        for ch in s:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
            else:
                cur += ch
        if cur:
            parts.append(cur)
        for p in parts:
            if not p:
                continue
            if "{" in p:
                head, rest = p.split("{", 1)
                rest = rest[: rest.rfind("}")]
                walk(prefix + [x for x in head.split("::") if x], rest)
            else:
                p = p.split("as")[0] if re.search(r"[a-zA-Z_]as[A-Z_a-z]", p) is None and "as" in p else p
                p = re.sub(r"\bas\b.*$", "", p)
                out.append(prefix + [x for x in p.split("::") if x])

    walk([], tree)
    return out


def load():
    mods = {}
    for crate, path, file, dir_module in files():
        m = Module(crate, path, file, dir_module)
        mods[m.key] = m
    # test-only files: `#[cfg(test)] mod tests;` in the parent
    for m in mods.values():
        for d in re.finditer(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", m.code):
            child = mods.get((m.crate, m.path + (d.group(1),)))
            if child:
                child.test_only = True
    # propagate test-only to descendants
    for m in mods.values():
        for k in range(1, len(m.path)):
            p = mods.get((m.crate, m.path[:k]))
            if p and p.test_only:
                m.test_only = True
    return mods


def base_of(mod, first, mods):
    """The module a path's first segment refers to, or None for an external crate."""
    if first == "crate":
        return mod.crate, ()
    if first == "self":
        return mod.crate, mod.path
    if first == "super":
        return mod.crate, mod.path[:-1]
    if mod.crate == "archie" and first == "archie_core":
        return "core", ()
    return None


def resolve(mod, segs, mods, in_test_block=False):
    """Resolve a path (list of segments) to the deepest module it names, following
    re-exports one name at a time. Returns a module key or None."""
    if not segs:
        return None
    first = segs[0]
    if first == "super" and in_test_block:
        # `super::` inside an inline test module means the file's own module
        crate, path = mod.crate, mod.path
        segs = segs[1:]
    else:
        b = base_of(mod, first, mods)
        if b is None:
            return None
        crate, path = b
        segs = segs[1:]
        while segs and segs[0] == "super":
            path = path[:-1]
            segs = segs[1:]
    # archie's crate::memory is archie-core's memory
    if crate == "archie" and path == () and segs and segs[0] in CORE_REEXPORTS:
        crate, path, segs = "core", (segs[0],), segs[1:]
    for _ in range(8):  # bounded re-export chasing
        while segs and (crate, path + (segs[0],)) in mods:
            path = path + (segs[0],)
            segs = segs[1:]
        m = mods.get((crate, path))
        if m is None or not segs or segs[0] == "*":
            break
        target = m.reexports.get(segs[0])
        if target is None:
            break
        crate, tpath = target
        if (crate, tpath) == (m.crate, m.path):
            break
        path, segs = tpath, segs  # the name now lives in tpath
    return (crate, path) if (crate, path) in mods else None


PATH_RE = re.compile(r"(?<![\w:])((?:crate|super|self|archie_core)(?:::(?:\w+|\*))+)")


def build_reexports(mods):
    for m in mods.values():
        for u in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", m.code):
            for segs in expand_use(u.group(1)):
                if len(segs) < 2:
                    continue
                name = segs[-1]
                src = segs[:-1]
                if src[0] not in ("crate", "super", "self", "archie_core"):
                    src = ["self"] + src
                b = base_of(m, src[0], mods)
                if b is None:
                    continue
                crate, path = b
                rest = src[1:]
                while rest and rest[0] == "super":
                    path, rest = path[:-1], rest[1:]
                if crate == "archie" and path == () and rest and rest[0] in CORE_REEXPORTS:
                    crate, path, rest = "core", (rest[0],), rest[1:]
                while rest and (crate, path + (rest[0],)) in mods:
                    path, rest = path + (rest[0],), rest[1:]
                if (crate, path) in mods and (crate, path) != m.key:
                    m.reexports[name] = (crate, path)
    # a module's own `use` of a child is not a re-export; done.


def edges(mods):
    """(from key, to key, line, text) for every reference outside test code."""
    out = []
    for m in mods.values():
        seen_spans = []
        for u in re.finditer(r"\buse\s+([^;]+);", m.code):
            seen_spans.append((u.start(), u.end()))
            if m.in_test(u.start()):
                continue
            in_block = any(a <= u.start() <= b for a, b in m.tests)
            for segs in expand_use(u.group(1)):
                if segs and segs[0] not in ("crate", "super", "self", "archie_core"):
                    continue
                t = resolve(m, segs, mods, in_block)
                if t and t != m.key:
                    out.append((m.key, t, m.code.count("\n", 0, u.start()) + 1, "::".join(segs)))
        for p in PATH_RE.finditer(m.code):
            if any(a <= p.start() <= b for a, b in seen_spans) or m.in_test(p.start()):
                continue
            segs = p.group(1).split("::")
            t = resolve(m, segs, mods)
            if t and t != m.key:
                out.append((m.key, t, m.code.count("\n", 0, p.start()) + 1, p.group(1)))
    return out


def scc(nodes, adj):
    index, low, on, stack, comps, counter = {}, {}, set(), [], [], [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in adj.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in nodes:
        if v not in index:
            strong(v)
    return comps


def circles(mods, es):
    """Per folder: SCCs among its direct children (a subfolder is one child)."""
    found = []
    folders = {(m.crate, m.path) for m in mods.values() if m.dir_module}
    # the crate roots are folders too; both crates together at the top
    for crate, folder in sorted(folders):
        depth = len(folder)
        adj = defaultdict(set)
        why = defaultdict(list)
        for (fc, fp), (tc, tp), line, text in es:
            if fc != crate or tc != crate or fp[:depth] != folder or tp[:depth] != folder:
                continue
            if len(fp) <= depth or len(tp) <= depth:
                continue  # the folder's own mod.rs is its face, not a sibling
            a, b = fp[depth], tp[depth]
            if a != b:
                adj[a].add(b)
                why[(a, b)].append("%s:%d %s" % (mods[(fc, fp)].file[len(ROOT) + 1:], line, text))
        for comp in scc(sorted(adj), adj):
            found.append((crate, folder, comp, {k: v for k, v in why.items() if k[0] in comp and k[1] in comp}))
    return found


def layer_of(key):
    crate, path = key
    top = crate + "::" + path[0] if path else crate
    for rank, (name, tops) in enumerate(LAYERS):
        if top in tops:
            return rank, name, top
    if crate == "archie":
        return len(LAYERS) - 2, "leaf", top
    return len(LAYERS), "core leaf", top


def upward(mods, es):
    up, across = [], []
    for f, t, line, text in es:
        (rf, nf, tf), (rt, nt, tt) = layer_of(f), layer_of(t)
        where = "%s:%d %s" % (mods[f].file[len(ROOT) + 1:], line, text)
        if rt < rf:
            up.append((tf, nf, tt, nt, where))
        elif rt == rf and tf != tt and nf in ("services", "core services"):
            across.append((tf, tt, where))
    return up, across


def functions(mods):
    out = []
    for m in mods.values():
        if m.test_only:
            continue
        for f in re.finditer(r"\bfn\s+(\w+)", m.code):
            if m.in_test(f.start()):
                continue
            # the body: first `{` after the signature, unless a `;` comes first (a declaration)
            j = f.end()
            depth = 0
            body = None
            while j < len(m.code):
                ch = m.code[j]
                if ch in "(<[":
                    depth += 1
                elif ch in ")>]":
                    depth -= 1 if ch != ">" or m.code[j - 1] != "-" else 0
                elif ch == ";" and depth <= 0:
                    break
                elif ch == "{" and depth <= 0:
                    body = j
                    break
                j += 1
            if body is None:
                continue
            end = matching_brace(m.code, body)
            a = m.code.count("\n", 0, f.start()) + 1
            b = m.code.count("\n", 0, end) + 1
            out.append((b - a + 1, "%s::%s" % (m.file[len(ROOT) + 1:], f.group(1)), a))
    out.sort(reverse=True)
    return out


def main():
    mods = load()
    build_reexports(mods)
    es = edges(mods)
    if "--edges" in sys.argv:
        for f, t, line, text in sorted(set(es)):
            print("%s -> %s  (%s:%d %s)" % (mods[f].name(), mods[t].name(), mods[f].file[len(ROOT) + 1:], line, text))
        return 0
    cs = circles(mods, es)
    print("## Circles inside folders (%d)" % len(cs))
    for crate, folder, comp, why in cs:
        print("- %s/%s: %s" % (crate, "/".join(folder) or ".", " <-> ".join(comp)))
        for (a, b), ws in sorted(why.items()):
            print("    %s -> %s: %s%s" % (a, b, ws[0], " (+%d)" % (len(ws) - 1) if len(ws) > 1 else ""))
    up, across = upward(mods, es)
    print("\n## Upward imports (%d edges)" % len(up))
    groups = defaultdict(list)
    for tf, nf, tt, nt, where in up:
        groups[(tf, nf, tt, nt)].append(where)
    for (tf, nf, tt, nt), ws in sorted(groups.items()):
        print("- %s (%s) -> %s (%s): %d, e.g. %s" % (tf, nf, tt, nt, len(ws), ws[0]))
    print("\n## Imports between services (%d edges)" % len(across))
    groups = defaultdict(list)
    for tf, tt, where in across:
        groups[(tf, tt)].append(where)
    for (tf, tt), ws in sorted(groups.items()):
        print("- %s -> %s: %d, e.g. %s" % (tf, tt, len(ws), ws[0]))
    if "--check" in sys.argv:
        return 1 if cs else 0
    fs = functions(mods)
    print("\n## Longest functions (lines from `fn` to its closing brace, test code excluded)")
    for lines, name, line in fs[:25]:
        print("- %4d  %s (line %d)" % (lines, name, line))
    print("\nover 150 lines: %d; over 100: %d" % (sum(1 for f in fs if f[0] > 150), sum(1 for f in fs if f[0] > 100)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
