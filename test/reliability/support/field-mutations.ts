import { resolve, sample, type OpenApiDocument, type Schema } from './openapi-operations';

// Every field at every depth of an operation's sample body, each replaced in turn by null, an empty
// object, an empty array and, where the schema lists an enum, near-miss values (other case, one
// character more, one less). The class of request that used to answer 500 (`"metricThreshold": null`).

export interface FieldMutation {
  value: unknown;
  note: string;
}

type Path = Array<string | number>;

function composite(document: OpenApiDocument, node: Schema | undefined): Schema | undefined {
  const schema = resolve(document, node) as Schema | undefined;
  const parts = schema?.allOf ?? schema?.oneOf ?? schema?.anyOf;
  return Array.isArray(parts) && parts.length > 0 ? composite(document, parts[0] as Schema) : schema;
}

function childSchema(
  document: OpenApiDocument,
  schema: Schema | undefined,
  key: string | number,
): Schema | undefined {
  if (!schema) return undefined;
  if (typeof key === 'number') return composite(document, schema.items as Schema | undefined);
  return composite(document, (schema.properties as Record<string, Schema> | undefined)?.[key]);
}

function fields(
  document: OpenApiDocument,
  value: unknown,
  schema: Schema | undefined,
  path: Path,
  found: Array<{ path: Path; schema: Schema | undefined }>,
): void {
  if (path.length > 12) return;
  if (Array.isArray(value)) {
    value.slice(0, 2).forEach((item, index) => {
      const child = childSchema(document, schema, index);
      found.push({ path: [...path, index], schema: child });
      fields(document, item, child, [...path, index], found);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const child = childSchema(document, schema, key);
      found.push({ path: [...path, key], schema: child });
      fields(document, item, child, [...path, key], found);
    }
  }
}

function withValueAt(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  return copy;
}

function nearMisses(allowed: unknown[]): unknown[] {
  const text = allowed.find((value): value is string => typeof value === 'string');
  if (text === undefined) return [];
  const misses = [text.toLowerCase(), `${text}X`, text.slice(0, -1), ` ${text}`];
  return misses.filter((miss) => !allowed.includes(miss));
}

function describePath(path: Path): string {
  return path
    .map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`))
    .join('')
    .slice(1);
}

export function fieldMutations(document: OpenApiDocument, bodySchema: Schema): FieldMutation[] {
  const root = composite(document, bodySchema);
  const valid = sample(document, bodySchema);
  const found: Array<{ path: Path; schema: Schema | undefined }> = [];
  fields(document, valid, root, [], found);
  const mutations: FieldMutation[] = [];
  for (const { path, schema } of found) {
    const where = describePath(path);
    for (const [replacement, name] of [
      [null, 'null'],
      [{}, 'empty object'],
      [[], 'empty array'],
    ] as Array<[unknown, string]>) {
      mutations.push({ value: withValueAt(valid, path, replacement), note: `${where} ${name}` });
    }
    const allowed = (schema?.enum ?? (schema?.items as Schema | undefined)?.enum) as unknown[] | undefined;
    if (Array.isArray(allowed)) {
      for (const miss of nearMisses(allowed)) {
        const value = schema?.enum ? miss : [miss];
        mutations.push({
          value: withValueAt(valid, path, value),
          note: `${where} near-miss ${JSON.stringify(miss)}`,
        });
      }
    }
  }
  return mutations;
}
