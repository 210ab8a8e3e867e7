#!/usr/bin/env python3
"""A memory file of N entities and 2N relationships between random pairs, for the
memory-at-scale figures in docs/performance.md:

    python3 benches/gen_memory.py 100000 > m100k.json
    python3 benches/gen_memory.py 10000 new > new10k.json   # names "new I", for imports
"""
import json, random, sys
def gen(n, rels, prefix="svc", seed=1):
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
    return {"entities": ents, "relationships": rl}
n = int(sys.argv[1]); prefix = sys.argv[2] if len(sys.argv) > 2 else "svc"
json.dump(gen(n, 2*n, prefix), sys.stdout, indent=2)
