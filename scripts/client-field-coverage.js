'use strict';
// `node scripts/client-field-coverage.js <opsmngr dir> [openapi.json]`: how many of the response fields the
// official Go client (mongodb/go-client-mongodb-ops-manager) decodes our OpenAPI schemas declare.
//
// The client's own tests (`opsmngr/*_test.go`) serve, for each call, the product's response as a JSON
// literal on a path and method (`mux.HandleFunc(path, ...)`, `testMethod(t, r, http.MethodGet)`,
// `fmt.Fprint(w, `{...}`)`). Each fixture whose path and method we serve is walked against the response
// schema of that operation in the exported document (default docs/openapi.json, `npm run openapi:export`):
// every object key, at every depth, is one product field, named by operation and JSON path (array items
// as `[]`, so a field counts once however many items show it). The share is declared / all. Fixtures of
// operations we do not serve are listed apart and left out of the share.
//
// The client is not a dependency: point the script at a checkout of it (its `opsmngr` directory).
const { readdirSync, readFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

const API_PREFIX = '/api/public/v1.0';

function goConstants(files) {
  const constants = new Map();
  for (const text of files) {
    for (const match of text.matchAll(/^\s*(?:const\s+)?([A-Za-z_]\w*)\s*=\s*("(?:[^"\\]|\\.)*")\s*$/gm)) {
      constants.set(match[1], JSON.parse(match[2]));
    }
  }
  return constants;
}

// `"/"+basePath+"/%s"` or `fmt.Sprintf("/api/public/v1.0/groups/%s/hosts", id)`: the path with each
// formatted segment as `*`; undefined when an identifier is no string constant.
function fixturePath(expression, constants) {
  let format = expression.trim();
  const sprintf = /^fmt\.Sprintf\((.*)\)$/s.exec(format);
  if (sprintf) format = splitArguments(sprintf[1])[0];
  let path = '';
  for (const part of format.split('+').map((item) => item.trim())) {
    if (part.startsWith('"')) path += JSON.parse(part);
    else if (constants.has(part)) path += constants.get(part);
    else return undefined;
  }
  path = path.replace(/%[sdv]/g, '*').split('?')[0];
  if (!path.startsWith('/')) path = `/${path}`;
  return path;
}

function splitArguments(text) {
  const parts = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      current += char;
      if (char === '\\') current += text[++i];
      else if (char === '"') quoted = false;
      continue;
    }
    if (char === '"') quoted = true;
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

// Every handler of a test file: its path expression, method and the first JSON literal it writes.
function fixtures(text, constants) {
  const found = [];
  const starts = [...text.matchAll(/mux\.HandleFunc\(/g)].map((match) => match.index);
  starts.forEach((start, index) => {
    const end = starts[index + 1] ?? text.length;
    const block = text.slice(start, end);
    const open = block.indexOf('(') + 1;
    let depth = 1;
    let i = open;
    for (; i < block.length && depth > 0; i += 1) {
      if (block[i] === '"') {
        i += 1;
        while (block[i] !== '"') i += block[i] === '\\' ? 2 : 1;
      } else if (block[i] === '(') depth += 1;
      else if (block[i] === ')') depth -= 1;
    }
    const argument = splitArguments(block.slice(open, i - 1))[0];
    const path = fixturePath(argument, constants);
    const method = /testMethod\(t, r, (?:http\.Method(\w+)|"(\w+)")\)/.exec(block);
    const body = /Fprintf?\(w, `([^`]*)`/.exec(block);
    if (!path || !method || !body) return;
    let json;
    try {
      json = JSON.parse(body[1]);
    } catch {
      return;
    }
    found.push({ path, method: (method[1] ?? method[2]).toLowerCase(), json });
  });
  return found;
}

// The served operation a fixture's path and method reach: the template with the most literal segments.
function operationOf(document, path, method) {
  const segments = path.split('/');
  let best;
  for (const [template, item] of Object.entries(document.paths)) {
    if (!item[method]) continue;
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    let literal = 0;
    const fits = parts.every((part, i) => {
      if (/^\{.+\}$/.test(part)) return true;
      if (part !== segments[i]) return false;
      literal += 1;
      return true;
    });
    if (fits && (!best || literal > best.literal)) best = { template, operation: item[method], literal };
  }
  return best;
}

function resolveRef(document, schema) {
  let node = schema;
  while (node && node.$ref) node = document.components.schemas[node.$ref.split('/').pop()];
  return node;
}

// Properties a schema declares, through $ref, allOf and the alternatives of anyOf / oneOf.
function propertiesOf(document, schema) {
  const node = resolveRef(document, schema);
  if (!node) return { properties: {}, open: undefined };
  const properties = { ...(node.properties ?? {}) };
  let open = typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined;
  for (const part of [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
    const nested = propertiesOf(document, part);
    for (const [name, value] of Object.entries(nested.properties)) properties[name] ??= value;
    open ??= nested.open;
  }
  return { properties, open };
}

function itemsOf(document, schema) {
  const node = resolveRef(document, schema);
  if (!node) return undefined;
  if (node.items) return node.items;
  for (const part of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
    const items = itemsOf(document, part);
    if (items) return items;
  }
  return undefined;
}

// An object schema that names no property and does not close itself: a document kept and returned as sent
// (an automation configuration's sections). Every field under it is served, though none is named.
function freeForm(document, schema) {
  const node = resolveRef(document, schema);
  if (!node) return false;
  if (node.oneOf || node.anyOf)
    return [...(node.oneOf ?? []), ...(node.anyOf ?? [])].some((part) => freeForm(document, part));
  return node.type === 'object' && !node.properties && !node.allOf && node.additionalProperties !== false;
}

function walk(document, value, schema, at, fields) {
  if (schema !== undefined && freeForm(document, schema)) {
    markFreeForm(value, at, fields);
    return;
  }
  if (Array.isArray(value)) {
    const items = schema === undefined ? undefined : itemsOf(document, schema);
    for (const item of value) walk(document, item, items, `${at}[]`, fields);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const { properties, open } = schema === undefined ? { properties: {} } : propertiesOf(document, schema);
  for (const [key, child] of Object.entries(value)) {
    const declared = properties[key] ?? open;
    const path = at === '' ? key : `${at}.${key}`;
    fields.set(path, (fields.get(path) ?? false) || declared !== undefined);
    walk(document, child, declared, path, fields);
  }
}

function markFreeForm(value, at, fields) {
  if (Array.isArray(value)) {
    for (const item of value) markFreeForm(item, `${at}[]`, fields);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    const path = at === '' ? key : `${at}.${key}`;
    fields.set(path, 'FREE_FORM');
    markFreeForm(child, path, fields);
  }
}

function successSchema(document, operation) {
  for (const status of ['200', '201', '202']) {
    const response = operation.responses[status];
    const schema = response?.content?.['application/json']?.schema;
    if (schema) return schema;
  }
  return undefined;
}

function main() {
  const [clientDir, openapiFile = join(__dirname, '..', 'docs', 'openapi.json')] = process.argv.slice(2);
  if (!clientDir) {
    process.stderr.write(
      'usage: node scripts/client-field-coverage.js <go client opsmngr dir> [openapi.json]\n',
    );
    process.exit(2);
  }
  const document = JSON.parse(readFileSync(resolve(openapiFile), 'utf8'));
  const names = readdirSync(clientDir).filter((name) => name.endsWith('.go'));
  const texts = new Map(names.map((name) => [name, readFileSync(join(clientDir, name), 'utf8')]));
  const constants = goConstants([...texts.values()]);
  const fields = new Map();
  const unserved = new Set();
  for (const [name, text] of texts) {
    if (!name.endsWith('_test.go')) continue;
    for (const fixture of fixtures(text, constants)) {
      if (!fixture.path.startsWith(API_PREFIX)) continue;
      const match = operationOf(document, fixture.path, fixture.method);
      if (!match) {
        unserved.add(`${fixture.method.toUpperCase()} ${fixture.path}`);
        continue;
      }
      const schema = successSchema(document, match.operation);
      if (!schema) continue;
      const label = `${fixture.method.toUpperCase()} ${match.template}`;
      const found = new Map();
      walk(document, fixture.json, schema, '', found);
      for (const [path, declared] of found) {
        const key = `${label} ${path}`;
        fields.set(key, fields.get(key) || declared);
      }
    }
  }
  const missing = [...fields]
    .filter(([, declared]) => !declared)
    .map(([key]) => key)
    .sort();
  const declared = fields.size - missing.length;
  const kept = [...fields.values()].filter((value) => value === 'FREE_FORM').length;
  const share = fields.size === 0 ? 0 : (100 * declared) / fields.size;
  const named = fields.size === 0 ? 0 : (100 * (declared - kept)) / fields.size;
  process.stdout.write(
    `${declared} of ${fields.size} response fields of the Go client's fixtures declared: ${share.toFixed(1)}%\n` +
      `(${kept} of them inside documents kept and returned as sent, named by no schema; by name alone: ` +
      `${named.toFixed(1)}%)\n`,
  );
  process.stdout.write(
    `\nnot declared (${missing.length}):\n${missing.map((key) => `  ${key}`).join('\n')}\n`,
  );
  process.stdout.write(
    `\nfixtures of operations not served (${unserved.size}, left out):\n${[...unserved]
      .sort()
      .map((key) => `  ${key}`)
      .join('\n')}\n`,
  );
}

main();
