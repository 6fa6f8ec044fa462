'use strict';
// Checks one HTTP exchange against the served OpenAPI document: the operation exists, the status is
// documented for it, the content type is documented for that status, and the body matches its schema
// with no undocumented fields (every object schema is closed with additionalProperties: false).
const Ajv = require('ajv');

// OpenAPI 3.0 schema -> JSON Schema ajv understands, closed against undocumented fields.
function toJsonSchema(node) {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key === 'examples' || key === 'xml' || key === 'externalDocs') continue;
    if (key === 'nullable' || key === 'discriminator' || key === 'readOnly' || key === 'writeOnly') continue;
    if (key === 'properties' || key === 'patternProperties') {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, toJsonSchema(schema)]),
      );
    } else if (key === '$ref') {
      out.$ref = value.replace('#/components/schemas/', 'openapi.json#/components/schemas/');
    } else {
      out[key] = toJsonSchema(value);
    }
  }
  // Several integration shapes may accept one object; each still forbids unknown fields.
  if (out.oneOf) {
    out.anyOf = out.oneOf;
    delete out.oneOf;
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  if (node.nullable === true) {
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.type && !Array.isArray(out.type)) out.type = [out.type, 'null'];
    else if (!out.type) return { anyOf: [{ type: 'null' }, out] };
  }
  return out;
}

function templateToRegExp(template) {
  const escaped = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}/?$`);
}

function mediaType(value) {
  return String(value || '')
    .split(';')[0]
    .trim()
    .toLowerCase();
}

function createChecker(document) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addSchema(
    { components: { schemas: toJsonSchema(document.components?.schemas ?? {}) } },
    'openapi.json',
  );
  const operations = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'patch', 'delete', 'head']) {
      if (item[method])
        operations.push({ template, method, regexp: templateToRegExp(template), op: item[method] });
    }
  }
  // Literal paths win over templated ones (/users/byName/x before /users/{userId}).
  operations.sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  const validators = new Map();
  // Responses may be shared ($ref to #/components/responses/...).
  const resolve = (node) => {
    let current = node;
    while (current && current.$ref) {
      current = current.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((at, part) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    }
    return current;
  };

  // Returns a list of problems (empty: the exchange conforms).
  return function check({ method, path, status, contentType, body }) {
    const pathname = path.split('?')[0];
    const candidates = operations.filter((o) => o.method === method.toLowerCase() && o.regexp.test(pathname));
    if (candidates.length === 0) return [`${method} ${pathname}: no such operation in the OpenAPI document`];
    const { template, op } = candidates[0];
    const name = `${method} ${template} -> ${status}`;
    const response = resolve(
      op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default,
    );
    if (!response)
      return [
        `${name}: status ${status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`,
      ];
    const content = response.content ?? {};
    const documented = Object.keys(content);
    const empty = body.length === 0;
    if (documented.length === 0) {
      return empty
        ? []
        : [`${name}: documented without a body, got ${body.length} bytes of ${contentType || 'no type'}`];
    }
    const type = mediaType(contentType);
    const media = documented.find((candidate) => mediaType(candidate) === type);
    if (!media)
      return [
        `${name}: content type ${contentType || '(none)'} not documented (documented: ${documented.join(', ')})`,
      ];
    const schema = content[media].schema;
    if (!schema || !type.includes('json')) return [];
    let parsed;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return [`${name}: body is not JSON`];
    }
    const key = `${template} ${method} ${status} ${media}`;
    if (!validators.has(key)) validators.set(key, ajv.compile(toJsonSchema(schema)));
    const validate = validators.get(key);
    if (validate(parsed)) return [];
    return validate.errors
      .slice(0, 5)
      .map(
        (error) =>
          `${name}: body${error.instancePath} ${error.message}${error.params?.additionalProperty ? ` '${error.params.additionalProperty}'` : ''}`,
      );
  };
}

module.exports = { createChecker, toJsonSchema };
