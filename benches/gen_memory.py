#!/usr/bin/env python3
"""A memory file of N entities and 2N relationships between random pairs, for the
memory-at-scale figures in docs/performance.md:

    python3 benches/gen_memory.py 100000 > m100k.json
    python3 benches/gen_memory.py 10000 new > new10k.json   # names "new I", for imports
    python3 benches/gen_memory.py 100000 svc sources > m100k-src.json   # every fact with a source
    python3 benches/gen_memory.py 2000 svc systems > sys2k.json   # in systems, see below
"""
import json, random, sys
def chunk(i):
    """The chunk that states entity i (and the relationships it starts): four entities a
    chunk, as a design document's section names a few components. Its hash (12 hex
    digits) and its place (path § section), as archie writes them."""
    c = i // 4
    return "%012x" % (c * 2654435761 % (1 << 48)), "docs/area-%02d/component-%d.md § Dependencies" % (c % 40, c // 40)
def gen(n, rels, prefix="svc", seed=1, sources=False):
    r = random.Random(seed)
    types = ["service","database","queue","api","library","team","concept"]
    ents = [{"name": f"{prefix} {i}", "type": types[i % 7], "description": f"The {prefix} {i} component handles part of the flow.", "tags": ["t%d" % (i % 13)], "properties": {"owner": "team%d" % (i % 50)}} for i in range(n)]
    rl = []
    seen = set()
    kinds = ["calls","writes_to","reads_from","publishes_to","depends_on"]
    while len(rl) < rels:
        a, b = r.randrange(n), r.randrange(n)
        k = kinds[r.randrange(5)]
        if (a,b,k) in seen: continue
        seen.add((a,b,k))
        rl.append({"from": f"{prefix} {a}", "to": f"{prefix} {b}", "type": k, "properties": {}})
    out = {"entities": ents, "relationships": rl}
    if sources:
        table = {}
        for i, e in enumerate(ents):
            h, place = chunk(i)
            e["sources"] = "doc:" + h
            table[h] = place
        for rel in rl:
            h, place = chunk(int(rel["from"].split()[-1]))
            rel["sources"] = "doc:" + h
        out["chunks"] = dict(sorted(table.items()))
    return out
def gen_systems(n, prefix="svc", seed=2):
    """N entities in about N/150 systems of uneven size (each entity `part_of` its
    system; one in ten in none), 2N relationships of which four in five stay inside a
    system: the shape of a memory read from several systems' documents."""
    r = random.Random(seed)
    types = ["service","database","queue","api","library","team","concept"]
    count = max(2, n // 150)
    weights = [1.0 / (k + 1) for k in range(count)]
    system_of = [None if r.random() < 0.1 else r.choices(range(count), weights)[0] for _ in range(n)]
    ents = [{"name": f"{prefix} {i}", "type": types[i % 7], "description": "", "properties": {}} for i in range(n)]
    ents += [{"name": f"system {k}", "type": "system", "description": "", "properties": {}} for k in range(count)]
    rl = [{"from": f"{prefix} {i}", "to": f"system {s}", "type": "part_of", "properties": {}} for i, s in enumerate(system_of) if s is not None]
    members = {}
    for i, s in enumerate(system_of):
        members.setdefault(s, []).append(i)
    kinds = ["calls","writes_to","reads_from","publishes_to","depends_on"]
    seen = set()
    while len(seen) < 2 * n:
        a = r.randrange(n)
        b = r.choice(members[system_of[a]]) if r.random() < 0.8 else r.randrange(n)
        k = kinds[r.randrange(5)]
        if a == b or (a, b, k) in seen: continue
        seen.add((a, b, k))
        rl.append({"from": f"{prefix} {a}", "to": f"{prefix} {b}", "type": k, "properties": {}})
    return {"entities": ents, "relationships": rl}
n = int(sys.argv[1]); prefix = sys.argv[2] if len(sys.argv) > 2 else "svc"
with_sources = len(sys.argv) > 3 and sys.argv[3] == "sources"
if len(sys.argv) > 3 and sys.argv[3] == "systems":
    json.dump(gen_systems(n, prefix), sys.stdout, indent=2, ensure_ascii=False)
else:
    json.dump(gen(n, 2*n, prefix, sources=with_sources), sys.stdout, indent=2, ensure_ascii=False)
