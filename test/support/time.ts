// Durations and instants as the tests write them.
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

// An instant as the API prints it: ISO 8601 in UTC, whole seconds.
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// A pause of the caller's own making (pacing a load, keeping it up for a while); never a stand-in for
// waiting on something to happen (`eventually`) or for "nothing else arrived".
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
