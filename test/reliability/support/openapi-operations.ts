import { request } from '../../support/checked-request';

// The operations of the served OpenAPI document (GET /docs-json), with $refs resolved.

export type Schema = Record<string, any>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  parameters: Parameter[];
  bodySchema: Schema | undefined;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, any>>;
  components: { schemas?: Record<string, Schema>; parameters?: Record<string, any> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export async function fetchOpenApi(baseUrl: string): Promise<OpenApiDocument> {
  const response = await request(`${baseUrl}/docs-json`, { dataType: 'json', timeout: 30000 });
  if (response.status !== 200) throw new Error(`GET /docs-json: ${response.status}`);
  return response.data as OpenApiDocument;
}

export function resolve(document: OpenApiDocument, node: any): any {
  let current = node;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 20; depth++) {
    const [, , kind, name] = current.$ref.split('/');
    current = (document.components as Record<string, Record<string, any>>)[kind]?.[name];
  }
  return current;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = ((op.parameters ?? []) as any[]).map((p) => resolve(document, p)) as Parameter[];
      const body = op.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId ?? `${method} ${path}`,
        parameters: parameters.map((p) => ({ ...p, schema: resolve(document, p.schema) ?? {} })),
        bodySchema: body ? resolve(document, body) : undefined,
      });
    }
  }
  return operations;
}

// A plausible value for a schema: its example when it has one, else built from its shape.
export function sample(document: OpenApiDocument, node: Schema | undefined, depth = 0): unknown {
  const schema = resolve(document, node) as Schema | undefined;
  if (!schema || depth > 8) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const composite = schema.allOf ?? schema.oneOf ?? schema.anyOf;
  if (Array.isArray(composite) && composite.length > 0) return sample(document, composite[0], depth + 1);
  switch (schema.type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        const value = sample(document, property, depth + 1);
        if (value !== undefined) result[name] = value;
      }
      return result;
    }
    case 'array':
      return [sample(document, schema.items, depth + 1)].filter((v) => v !== undefined);
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date-time') return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      return 'sample';
    default:
      return schema.properties ? sample(document, { ...schema, type: 'object' }, depth) : undefined;
  }
}
