import { looksRedacted, redact, type Redaction } from './redaction';

// The secret fields of one kind of record (a notification type, an integration type) and how each is shown.
export type SecretFields = Readonly<Record<string, Redaction>>;

// A copy of `record` with every secret field that holds a string passed through `change` (seal, open,
// redact); the other fields are copied as they are.
export function mapSecretFields<T extends object>(
  record: T,
  secrets: SecretFields,
  change: (value: string, redaction: Redaction) => string,
): T {
  const copy = { ...record } as Record<string, unknown>;
  for (const [field, redaction] of Object.entries(secrets)) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = change(value, redaction);
  }
  return copy as T;
}

// The value of a named field of a record (secret field names are data: they come from a catalog).
export function fieldValue(record: object | null | undefined, field: string): unknown {
  return record == null ? undefined : (record as Record<string, unknown>)[field];
}

// Whether `stored` is a secret whose redacted form is exactly what the client sent back.
export function redactsTo(stored: unknown, redaction: Redaction, sent: string): stored is string {
  return typeof stored === 'string' && redact(stored, redaction) === sent;
}

// Clients round-trip GET bodies: a secret field sent back in its redacted form means "keep the stored
// secret". `kept` finds the stored secret that form stands for; none is refused with `refuse(field)`
// rather than stored as the secret.
export function restoreRedactedFields<T extends object>(
  input: T,
  secrets: SecretFields,
  kept: (field: string, sent: string, redaction: Redaction) => string | undefined,
  refuse: (field: string) => Error,
): T {
  const restored = { ...input } as Record<string, unknown>;
  for (const [field, redaction] of Object.entries(secrets)) {
    const sent = restored[field];
    if (typeof sent !== 'string' || !looksRedacted(sent, redaction)) continue;
    const value = kept(field, sent, redaction);
    if (value === undefined) throw refuse(field);
    restored[field] = value;
  }
  return restored as T;
}
