// Compares two Backstage catalogs: is everything the first says said by the second?
// Usage: node backstage_compare.js BEFORE AFTER   (NODE_PATH names the node_modules to use)
// Entities are matched by kind, namespace and name. Every field of BEFORE's entity must
// be in AFTER's with the same value (a list: every item, in any order); the reference
// fields (owner, dependsOn, memberOf …) are compared as full references
// (`kind:namespace/name`, Backstage's catalog-model reading them), so `team-a` and
// `group:default/team-a` are the same. Prints one line per difference ("missing PATH:
// VALUE") and exits 1 if there is any.
const fs = require('fs');
const YAML = require('yaml');
const model = require('@backstage/catalog-model');

const REFS = {
  owner: 'group', system: 'system', domain: 'domain', subcomponentOf: 'component',
  dependsOn: 'component', dependencyOf: 'component', providesApis: 'api',
  consumesApis: 'api', parent: 'group', children: 'group', memberOf: 'group',
  members: 'user',
};

function entities(file) {
  const out = new Map();
  for (const doc of YAML.parseAllDocuments(fs.readFileSync(file, 'utf8'))) {
    const e = doc.toJS();
    if (!e || !e.metadata) continue;
    const namespace = e.metadata.namespace || 'default';
    for (const [field, kind] of Object.entries(REFS)) {
      const value = e.spec && e.spec[field];
      if (value === undefined) continue;
      const list = (Array.isArray(value) ? value : [value]).map((r) =>
        model.stringifyEntityRef(model.parseEntityRef(r, { defaultKind: kind, defaultNamespace: namespace })));
      e.spec[field] = list.sort();
    }
    out.set(`${e.kind.toLowerCase()}:${namespace}/${e.metadata.name}`, e);
  }
  return out;
}

const missing = [];
function within(a, b, path) {
  if (Array.isArray(a)) {
    if (!Array.isArray(b)) return missing.push(`${path}: ${JSON.stringify(a)}`);
    for (const item of a) {
      // An item is there if one of AFTER's items says all it says (maps in any key order).
      const found = b.some((other) => {
        const before = missing.length;
        within(item, other, '');
        const same = missing.length === before;
        missing.length = before;
        return same;
      });
      if (!found) {
        missing.push(`${path}[]: ${JSON.stringify(item)}`);
      }
    }
  } else if (a && typeof a === 'object') {
    if (!b || typeof b !== 'object') return missing.push(`${path}: ${JSON.stringify(a)}`);
    for (const [k, v] of Object.entries(a)) within(v, b[k], `${path}.${k}`);
  } else if (a !== b) {
    missing.push(`${path}: ${JSON.stringify(a)} (found ${JSON.stringify(b)})`);
  }
}

const before = entities(process.argv[2]);
const after = entities(process.argv[3]);
for (const [ref, entity] of before) {
  if (!after.has(ref)) missing.push(`${ref}: no such entity`);
  else within(entity, after.get(ref), ref);
}
for (const line of missing) console.log(`missing ${line}`);
console.log(`compared ${before.size} entities`);
process.exit(missing.length ? 1 : 0);
