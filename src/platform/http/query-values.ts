// A repeatable query parameter (`?eventType=A&eventType=B`) arrives as a string when given once and as
// an array when repeated: always an array for the validators.
export function toArray({ value }: { value: unknown }): unknown {
  return typeof value === 'string' ? [value] : value;
}
