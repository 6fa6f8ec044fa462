'use strict';
// `npm run openapi:validate [file]`: validates the exported document (default docs/openapi.json) with
// @apidevtools/swagger-parser (OpenAPI 3 schema + semantic checks), then checks the house conventions
// every operation must follow. Exit code 1 on any error; missing examples are reported as warnings.
const { readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// Same list as PUBLIC_PATH_PREFIXES in src/platform/auth/authenticator.ts (this script must run without dist/).
const PUBLIC_PREFIXES = [
  '/health',
  '/api/public/v1.0/unauth/',
  '/docs',
  '/agents/',
  '/metrics/',
  '/prometheus/v1.0/',
];

function isPublic(path) {
  return PUBLIC_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}

function parameterName(parameter) {
  return parameter.$ref ? parameter.$ref.split('/').pop() : parameter.name;
}

function conventionErrors(document) {
  const errors = [];
  const scheme =
    document.components && document.components.securitySchemes && document.components.securitySchemes.digest;
  if (!scheme || scheme.type !== 'http' || scheme.scheme !== 'digest') {
    errors.push('components.securitySchemes.digest must be {type: http, scheme: digest}');
  }
  const operationIds = new Map();
  for (const [path, item] of Object.entries(document.paths || {})) {
    for (const method of METHODS.filter((name) => item[name])) {
      const operation = item[method];
      const label = `${method.toUpperCase()} ${path}`;
      if (!operation.operationId) errors.push(`${label}: no operationId`);
      else if (operationIds.has(operation.operationId)) {
        errors.push(
          `${label}: operationId ${operation.operationId} also used by ${operationIds.get(operation.operationId)}`,
        );
      } else operationIds.set(operation.operationId, label);
      const names = (operation.parameters || []).map(parameterName);
      for (const name of ['pretty', 'envelope']) {
        if (!names.includes(name)) errors.push(`${label}: query parameter ${name} is not declared`);
      }
      if (!operation.summary && !operation.description) errors.push(`${label}: no summary`);
      if (isPublic(path)) {
        // No Digest there; an operation may declare a scheme of its own (the agent API's Basic).
        const schemes = Array.isArray(operation.security) ? operation.security.flatMap((r) => Object.keys(r)) : null;
        if (!schemes || schemes.includes('digest')) {
          errors.push(`${label}: public path must declare security: [] or a scheme other than digest`);
        }
      } else if (!operation.responses || !operation.responses['401']) {
        errors.push(`${label}: the Digest 401 response is not declared`);
      }
    }
  }
  return errors;
}

function missingExamples(document) {
  const missing = [];
  for (const [name, schema] of Object.entries((document.components && document.components.schemas) || {})) {
    for (const [property, definition] of Object.entries(schema.properties || {})) {
      const documented =
        definition.example !== undefined || definition.$ref || (definition.allOf && definition.allOf.length);
      if (!documented && definition.type !== 'array' && definition.type !== 'object')
        missing.push(`${name}.${property}`);
    }
  }
  return missing;
}

async function main() {
  const file = resolve(process.argv[2] || join(__dirname, '..', 'docs', 'openapi.json'));
  const document = JSON.parse(readFileSync(file, 'utf8'));
  // swagger-parser's dependencies are ES modules: import() loads them from this CommonJS script.
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  await SwaggerParser.validate(structuredClone(document));
  const errors = conventionErrors(document);
  const warnings = missingExamples(document);
  for (const warning of warnings)
    process.stdout.write(`warning: schema property without example: ${warning}\n`);
  for (const error of errors) process.stderr.write(`error: ${error}\n`);
  if (errors.length > 0) {
    process.stderr.write(`openapi:validate: ${file} breaks ${errors.length} convention(s)\n`);
    process.exit(1);
  }
  const operations = Object.values(document.paths).reduce(
    (count, item) => count + METHODS.filter((name) => item[name]).length,
    0,
  );
  process.stdout.write(
    `openapi:validate: ${file} is a valid OpenAPI ${document.openapi} document ` +
      `(${operations} operations, ${warnings.length} warning(s))\n`,
  );
}

main().catch((error) => {
  process.stderr.write(
    `openapi:validate failed: ${error && error.message ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
