// A CommonJS consumer reads the bundled description by name, as an installed project does.
const spec = require('@payments-connect/openapi/openapi.json');

console.log(JSON.stringify({ version: spec.info.version, paths: Object.keys(spec.paths).length }));
