// Validates a Backstage catalog file with Backstage's own catalog-model: the policies
// a catalog applies when it reads entities, and each kind's validator.
// Usage: node backstage_validate.js FILE   (NODE_PATH names the node_modules to use)
// Prints one line per entity ("ok KIND:NAME" or "invalid KIND:NAME: why") and exits 1 if
// any entity is invalid or the file holds none.
const fs = require('fs');
const YAML = require('yaml');
const model = require('@backstage/catalog-model');

const policy = model.EntityPolicies.allOf([
  new model.DefaultNamespaceEntityPolicy(),
  new model.NoForeignRootFieldsEntityPolicy(),
  new model.FieldFormatEntityPolicy(),
  new model.SchemaValidEntityPolicy(),
]);
const validators = {
  Component: model.componentEntityV1alpha1Validator,
  API: model.apiEntityV1alpha1Validator,
  Resource: model.resourceEntityV1alpha1Validator,
  System: model.systemEntityV1alpha1Validator,
  Domain: model.domainEntityV1alpha1Validator,
  Group: model.groupEntityV1alpha1Validator,
  User: model.userEntityV1alpha1Validator,
};

(async () => {
  const docs = YAML.parseAllDocuments(fs.readFileSync(process.argv[2], 'utf8'));
  let bad = 0;
  let count = 0;
  for (const doc of docs) {
    if (doc.errors.length) {
      console.log(`invalid yaml: ${doc.errors[0].message}`);
      bad++;
      continue;
    }
    const entity = doc.toJS();
    if (entity === null) continue;
    count++;
    const id = `${entity.kind}:${entity.metadata && entity.metadata.name}`;
    try {
      const applied = await policy.enforce(entity);
      const validator = validators[entity.kind];
      if (!validator) throw new Error(`no validator for kind ${entity.kind}`);
      if (!(await validator.check(applied))) throw new Error('the kind validator did not accept it');
      console.log(`ok ${id}`);
    } catch (e) {
      console.log(`invalid ${id}: ${e.message}`);
      bad++;
    }
  }
  if (count === 0) {
    console.log('no entities');
    process.exit(1);
  }
  process.exit(bad ? 1 : 0);
})();
