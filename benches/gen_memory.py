#!/usr/bin/env python3
"""A memory file of N entities and 2N relationships between random pairs, for the
memory-at-scale figures in docs/performance.md:

    python3 benches/gen_memory.py 100000 > m100k.json
    python3 benches/gen_memory.py 10000 new > new10k.json   # names "new I", for imports
    python3 benches/gen_memory.py 100000 svc sources > m100k-src.json   # every fact with a source
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
n = int(sys.argv[1]); prefix = sys.argv[2] if len(sys.argv) > 2 else "svc"
with_sources = len(sys.argv) > 3 and sys.argv[3] == "sources"
json.dump(gen(n, 2*n, prefix, sources=with_sources), sys.stdout, indent=2, ensure_ascii=False)
