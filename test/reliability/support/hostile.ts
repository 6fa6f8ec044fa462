import fc from 'fast-check';
import { sample, type OpenApiDocument, type Operation, type Schema } from './openapi-operations';

// fast-check arbitraries for hostile requests built from one OpenAPI operation.

export type HostileBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; note: string }
  | { kind: 'raw'; text: string; contentType: string; note: string };

export interface HostileCase {
  operation: Operation;
  // Already URL-encoded path, e.g. /api/public/v1.0/groups/%2F..%2F/alerts
  path: string;
  query: string;
  body: HostileBody;
}

const HOSTILE_SEGMENTS = [
  '%2F',
  '..',
  '%2E%2E',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'a%00b',
  '%252F',
  '%C0%AF',
  '%E2%80%AE',
  '%F0%9F%92%A5',
  '%FF',
  '-1',
  '0',
  '%20',
  'null',
  'undefined',
  '000000000000000000000000',
  'ffffffffffffffffffffffff',
  'FFFFFFFFFFFFFFFFFFFFFFFF',
  "'%20OR%201%3D1--",
  '%3Cscript%3E',
  'x'.repeat(3000),
  '5e8cc670a16506712e0b1e9',
  '5e8cc670a16506712e0b1e955',
];

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFEFF',
  '💥🔥',
  'Ω≈ç√∫˜µ≤≥÷',
  'ﷺ',
  '\u202Etxt.exe',
  '../../etc/passwd',
  '%2F',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '2024-13-45T25:61:61Z',
  '2024-02-30T00:00:00Z',
  '0000-00-00T00:00:00Z',
  '9999999-01-01T00:00:00Z',
  '1970-01-01',
  'yesterday',
  'null',
  'true',
  '{}',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '0.0.0.0/0',
  '::1',
  'x'.repeat(70_000),
];

// encodeURIComponent refuses lone surrogates; send their (invalid) UTF-8 bytes instead.
function encode(value: string): string {
  return [...value]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    })
    .join('');
}

function deep(levels: number, leafIsArray: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = leafIsArray ? [value] : { a: value };
  return value;
}

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.integer() },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      2 ** 31,
      -(2 ** 31) - 1,
      2 ** 63,
      1e308,
      -1e308,
      -0,
      0.5,
      -1,
    ),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(new Array(20_000).fill('x'), new Array(5_000).fill({ a: 1 })) },
  { weight: 1, arbitrary: fc.constantFrom(deep(500, false), deep(500, true), deep(40, false)) },
);

function mutateBody(document: OpenApiDocument, schema: Schema): fc.Arbitrary<HostileBody> {
  const valid = sample(document, schema);
  const isObject = valid !== null && typeof valid === 'object' && !Array.isArray(valid);
  const fields = isObject ? Object.keys(valid) : [];
  const required: string[] = Array.isArray(schema.required) ? schema.required : fields;
  const options: Array<fc.Arbitrary<HostileBody>> = [
    fc.constant<HostileBody>({ kind: 'json', value: valid, note: 'sample' }),
    hostileValue.map<HostileBody>((value) => ({ kind: 'json', value, note: 'body replaced' })),
    fc
      .tuple(
        fc.constantFrom('unknownField', '__proto__', 'constructor', 'id', 'links', 'created'),
        hostileValue,
      )
      .map<HostileBody>(([name, value]) => ({
        kind: 'json',
        value: isObject
          ? JSON.parse(`{${JSON.stringify(name)}:${JSON.stringify(value) ?? 'null'}}`)
          : [value],
        note: `extra field ${name}`,
      }))
      .map((b) =>
        b.kind === 'json' && isObject ? { ...b, value: { ...valid, ...(b.value as object) } } : b,
      ),
  ];
  if (fields.length > 0) {
    options.push(
      fc.tuple(fc.constantFrom(...fields), hostileValue).map<HostileBody>(([field, value]) => ({
        kind: 'json',
        value: { ...(valid as object), [field]: value },
        note: `field ${field} hostile`,
      })),
    );
    if (required.length > 0) {
      options.push(
        fc.constantFrom(...required).map<HostileBody>((field) => {
          const copy = { ...(valid as Record<string, unknown>) };
          delete copy[field];
          return { kind: 'json', value: copy, note: `missing ${field}` };
        }),
      );
    }
  }
  if (Array.isArray(valid) && valid.length > 0) {
    options.push(
      hostileValue.map<HostileBody>((value) => ({
        kind: 'json',
        value: [value],
        note: 'array item hostile',
      })),
    );
    const item = valid[0];
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
      options.push(
        fc
          .tuple(fc.constantFrom(...Object.keys(item as object)), hostileValue)
          .map<HostileBody>(([field, value]) => ({
            kind: 'json',
            value: [{ ...(item as object), [field]: value }],
            note: `item field ${field} hostile`,
          })),
      );
    }
  }
  return fc.oneof(...options);
}

const rawBodies: fc.Arbitrary<HostileBody> = fc.oneof(
  fc
    .constantFrom('{', '{"a":', '[1,2', '{"a":1}}', "{'a':1}", 'nul', '\u0000', '{"a":1,}', '\uFEFF{}', '')
    .map<HostileBody>((text) => ({
      kind: 'raw',
      text,
      contentType: 'application/json',
      note: 'malformed JSON',
    })),
  fc
    .constantFrom(
      ['text/plain', '{"name":"x"}'],
      ['application/xml', '<a/>'],
      ['application/x-www-form-urlencoded', 'name=x&orgId=y'],
      ['multipart/form-data; boundary=x', '--x--'],
      ['application/json; charset=latin1', '{"name":"x"}'],
      ['application/json; charset=utf-16', '{"name":"x"}'],
      ['', '{"name":"x"}'],
    )
    .map<HostileBody>(([contentType, text]) => ({
      kind: 'raw',
      text,
      contentType,
      note: 'wrong content type',
    })),
  fc.constantFrom(1024 * 1024 + 1, 3 * 1024 * 1024).map<HostileBody>((size) => ({
    kind: 'raw',
    text: `{"name":"${'x'.repeat(size)}"}`,
    contentType: 'application/json',
    note: `oversized ${size}`,
  })),
);

function queryArb(operation: Operation): fc.Arbitrary<string> {
  const names = operation.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const pair = fc.tuple(
    fc.constantFrom(
      ...names,
      'unknownParam',
      'pageNum',
      'itemsPerPage',
      'includeCount',
      'envelope',
      'pretty',
    ),
    fc.oneof(
      fc.constantFrom(...HOSTILE_SEGMENTS),
      fc.constantFrom(...HOSTILE_STRINGS.map((s) => encode(s.slice(0, 2000)))),
      fc.integer().map(String),
      fc.constantFrom('0', '-1', '501', '99999999999999999999', '1.5', 'true', 'false', 'TRUE', '', '[]'),
    ),
  );
  return fc
    .array(pair, { minLength: 0, maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

// For a DELETE, real ids would remove the seeded resources the later cases need: DELETEs get hostile path values.
export function hostileCase(
  document: OpenApiDocument,
  operation: Operation,
  realIds: Record<string, string>,
): fc.Arbitrary<HostileCase> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const segment = (name: string): fc.Arbitrary<string> => {
    const real = realIds[name];
    const hostile = fc.oneof(
      fc.constantFrom(...HOSTILE_SEGMENTS),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encode),
    );
    if (real === undefined || operation.method === 'DELETE') return hostile;
    return fc.oneof({ weight: 3, arbitrary: fc.constant(encode(real)) }, { weight: 2, arbitrary: hostile });
  };
  const pathArb = fc
    .tuple(...names.map(segment))
    .map((values) => names.reduce((path, name, i) => path.replace(`{${name}}`, values[i]), operation.path));
  const bodyArb: fc.Arbitrary<HostileBody> = operation.bodySchema
    ? fc.oneof(
        { weight: 3, arbitrary: mutateBody(document, operation.bodySchema) },
        { weight: 1, arbitrary: rawBodies },
      )
    : fc.oneof(
        { weight: 3, arbitrary: fc.constant<HostileBody>({ kind: 'none' }) },
        { weight: 1, arbitrary: rawBodies },
      );
  return fc.record({
    operation: fc.constant(operation),
    path: pathArb,
    query: queryArb(operation),
    body: bodyArb,
  });
}
