'use strict';
// Checks one HTTP exchange against the served OpenAPI document: the operation exists, the status is
// documented for it, the content type is documented for that status, and the body matches its schema
// with no undocumented fields (every object schema is closed with additionalProperties: false).
const { URLSearchParams } = require('node:url');
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

// The service wraps only successful answers (errors keep the error body).
function enveloped(path, status) {
  if (status < 200 || status >= 300) return false;
  const query = path.includes('?') ? path.slice(path.indexOf('?') + 1) : '';
  return new URLSearchParams(query).getAll('envelope').includes('true');
}

function mediaType(value) {
  return String(value || '')
    .split(';')[0]
    .trim()
    .toLowerCase();
}

// options.outsideDocument: { statuses, schema } lets a request outside every operation of the document (an
// unknown route, a method a path does not have) answer one of `statuses` with a JSON body of the named
// component schema (the product's error body) instead of failing. Without it such a request always fails.
function createChecker(document, options = {}) {
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

  const compiled = (key, schema) => {
    if (!validators.has(key)) validators.set(key, ajv.compile(toJsonSchema(schema)));
    return validators.get(key);
  };
  const schemaErrors = (name, validate, parsed) =>
    validate(parsed)
      ? []
      : validate.errors
          .slice(0, 5)
          .map(
            (error) =>
              `${name}: body${error.instancePath} ${error.message}${error.params?.additionalProperty ? ` '${error.params.additionalProperty}'` : ''}`,
          );
  const parseJson = (name, body) => {
    try {
      return { parsed: JSON.parse(body.toString('utf8')) };
    } catch {
      return { problems: [`${name}: body is not JSON`] };
    }
  };

  function checkOutside(method, pathname, status, contentType, body) {
    const outside = options.outsideDocument;
    const name = `${method} ${pathname} (no such operation in the OpenAPI document) -> ${status}`;
    if (!outside) return [`${method} ${pathname}: no such operation in the OpenAPI document`];
    if (!outside.statuses.includes(status))
      return [`${name}: only ${outside.statuses.join(', ')} with the error body may answer it`];
    if (method === 'HEAD') return [];
    if (!mediaType(contentType).includes('json'))
      return [`${name}: content type ${contentType || '(none)'} is not JSON`];
    const { parsed, problems } = parseJson(name, body);
    if (problems) return problems;
    return schemaErrors(name, compiled(`outside ${outside.schema}`, { $ref: outside.schema }), parsed);
  }

  // Returns a list of problems (empty: the exchange conforms).
  return function check({ method, path, status, contentType, body }) {
    const pathname = path.split('?')[0];
    // HEAD is answered by the GET route (Express): same status and headers, never a body.
    const lookup = method.toUpperCase() === 'HEAD' ? 'get' : method.toLowerCase();
    const candidates = operations.filter((o) => o.method === lookup && o.regexp.test(pathname));
    if (candidates.length === 0)
      return checkOutside(method.toUpperCase(), pathname, status, contentType, body);
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
    if (lookup !== method.toLowerCase()) {
      return body.length === 0 ? [] : [`${name}: a HEAD answer carries ${body.length} bytes`];
    }
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
    const { parsed, problems } = parseJson(name, body);
    if (problems) return problems;
    const validate = compiled(`${template} ${method} ${status} ${media}`, schema);
    if (!enveloped(path, status)) return schemaErrors(name, validate, parsed);
    // envelope=true (a documented parameter of every operation): a list gains `status`, anything else
    // becomes {status, content}; either way `status` is the HTTP status and the rest is the documented body.
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      return [`${name}: envelope=true body is not an object`];
    const { status: inBody, ...rest } = parsed;
    if (inBody !== status) return [`${name}: envelope=true body has status ${inBody}, not ${status}`];
    if (Array.isArray(parsed.results)) return schemaErrors(name, validate, rest);
    const extra = Object.keys(rest).filter((key) => key !== 'content');
    if (extra.length > 0 || !('content' in rest))
      return [
        `${name}: envelope=true body must be exactly {status, content}, has ${Object.keys(parsed).join(', ')}`,
      ];
    return schemaErrors(`${name} (envelope content)`, validate, rest.content);
  };
}

module.exports = { createChecker, toJsonSchema };
