export const REDACTED = '[REDACTED]';

// Compared after lower-casing and dropping `-` and `_`: privateKey, private_key, X-Api-Key, ...
const SECRET_KEY_PARTS = [
  'authorization',
  'cookie',
  'password',
  'passwd',
  'secret',
  'token',
  'privatekey',
  'ha1',
];
const SECRET_KEY_SUFFIXES = [
  'apikey',
  'servicekey',
  'routingkey',
  'licensekey',
  'databaseurl',
  'credentials',
];
const MAX_DEPTH = 8;

// Request and response bodies are never logged (body-parser attaches the raw body to its errors).
const BODY_KEYS = ['body', 'rawbody'];

export function isSecretKey(key: string): boolean {
  const normalized = key.toLowerCase().replace(/[-_]/g, '');
  return (
    BODY_KEYS.includes(normalized) ||
    SECRET_KEY_PARTS.some((part) => normalized.includes(part)) ||
    SECRET_KEY_SUFFIXES.some((suffix) => normalized.endsWith(suffix))
  );
}

// postgres://user:password@host -> postgres://user:[REDACTED]@host, wherever a URL appears in text.
export function redactText(text: string): string {
  // Every log line's strings pass here; most hold no URL, and the pattern cannot match without `://`.
  if (!text.includes('://')) return text;
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+@/gi, `$1${REDACTED}@`);
}

function serializeError(error: Error, seen: WeakSet<object>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: error.name,
    message: redactText(error.message),
    stack: error.stack === undefined ? undefined : redactText(error.stack),
  };
  // TypeORM's QueryFailedError carries the statement's bound values (HA1 digests, encrypted secrets).
  const isQueryError = 'query' in error;
  for (const [key, value] of Object.entries(error)) {
    const secret = isSecretKey(key) || (isQueryError && key === 'parameters');
    out[key] = secret ? REDACTED : redactValue(value, seen, depth + 1);
  }
  if (error.cause !== undefined) out.cause = redactValue(error.cause, seen, depth + 1);
  return out;
}

function redactValue(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Truncated]';
  seen.add(value);
  try {
    if (value instanceof Error) return serializeError(value, seen, depth);
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    if (Buffer.isBuffer(value)) return `[Buffer ${value.length} bytes]`;
    if (Array.isArray(value)) return value.map((item) => redactValue(item, seen, depth + 1));
    if (value instanceof Map) return redactValue(Object.fromEntries(value), seen, depth);
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      out[key] = isSecretKey(key) ? REDACTED : redactValue(field, seen, depth + 1);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

// A copy of `value` safe to write to a log: secret-named keys masked at any depth, credentials
// inside URLs masked, errors turned into plain objects.
export function redactSecrets(value: unknown): unknown {
  return redactValue(value, new WeakSet(), 0);
}
