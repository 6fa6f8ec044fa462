// The product prints timestamps as ISO 8601 UTC without fractions, e.g. 2014-04-23T14:52:29Z.
export function toIsoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function toIsoSecondsOrUndefined(date: Date | null | undefined): string | undefined {
  return date ? toIsoSeconds(date) : undefined;
}
