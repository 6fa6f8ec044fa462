import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CommonErrors } from './error-codes';

// What GET prints, PUT/PATCH accept: a field the service sets (id, links, created, a URL it derives,
// a certificate's dates...) may be sent back unchanged by a client that writes back what it read, and
// is refused with ATTRIBUTE_READ_ONLY naming it when it differs from the stored value.
//
// A request class declares such fields with @ReadOnlyField(); the service, before it writes anything,
// calls assertReadOnlyUnchanged(request, current) with the resource as GET prints it now.

const READ_ONLY_FIELDS = Symbol('read-only-fields');

type WithReadOnly = { [READ_ONLY_FIELDS]?: string[] };

export function ReadOnlyField(options: ApiPropertyOptions = {}): PropertyDecorator {
  const record: PropertyDecorator = (target, property) => {
    const holder = target as WithReadOnly;
    // Own copy per class, so a subclass adds to its parent's list without changing it.
    const inherited = holder[READ_ONLY_FIELDS] ?? [];
    if (!Object.hasOwn(holder, READ_ONLY_FIELDS)) {
      Object.defineProperty(holder, READ_ONLY_FIELDS, { value: [...inherited], enumerable: false });
    }
    holder[READ_ONLY_FIELDS]!.push(String(property));
  };
  // Allow(): the strict validation pipe keeps the value instead of refusing it as an unknown attribute.
  const documented = {
    description: 'Read-only: accepted when equal to the stored value (ATTRIBUTE_READ_ONLY otherwise).',
    ...options,
    readOnly: true,
  } as ApiPropertyOptions;
  return applyDecorators(Allow(), ApiPropertyOptional(documented), record);
}

export function readOnlyFieldsOf(request: object): string[] {
  return (request as WithReadOnly)[READ_ONLY_FIELDS] ?? [];
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

// Equal as a client sends them back: instants compare as instants (`...:29Z` and `...:29.000Z`), object
// keys in any order, null and absent alike.
export function sameValue(sent: unknown, stored: unknown): boolean {
  if (sent === null || sent === undefined) return stored === null || stored === undefined;
  if (stored instanceof Date) return typeof sent === 'string' && Date.parse(sent) === stored.getTime();
  if (typeof sent === 'string' && typeof stored === 'string') {
    if (sent === stored) return true;
    return ISO_INSTANT.test(sent) && ISO_INSTANT.test(stored) && Date.parse(sent) === Date.parse(stored);
  }
  if (Array.isArray(sent)) {
    return (
      Array.isArray(stored) &&
      sent.length === stored.length &&
      sent.every((item, i) => sameValue(item, stored[i]))
    );
  }
  if (typeof sent === 'object') {
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return false;
    const keys = new Set([...Object.keys(sent), ...Object.keys(stored)]);
    return [...keys].every((key) =>
      sameValue((sent as Record<string, unknown>)[key], (stored as Record<string, unknown>)[key]),
    );
  }
  return sent === stored;
}

// Throws ATTRIBUTE_READ_ONLY naming the first read-only field whose sent value differs from `current`.
// `current` may be given as a function when it is costly to build (a whole response, while a row lock
// is held): it is then called only if the request sends a read-only field, which most requests do not.
export function assertReadOnlyUnchanged(request: object, current: object | (() => object)): void {
  let stored = typeof current === 'function' ? undefined : current;
  for (const field of readOnlyFieldsOf(request)) {
    const sent = (request as Record<string, unknown>)[field];
    if (sent === undefined) continue;
    stored ??= (current as () => object)();
    if (!sameValue(sent, (stored as Record<string, unknown>)[field]))
      throw CommonErrors.ATTRIBUTE_READ_ONLY(field);
  }
}

// The request without its read-only fields: what the service may apply.
export function writableFieldsOf<T extends object>(request: T): Partial<T> {
  const skip = new Set(readOnlyFieldsOf(request));
  return Object.fromEntries(Object.entries(request).filter(([key]) => !skip.has(key))) as Partial<T>;
}
