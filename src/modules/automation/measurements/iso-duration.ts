const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?)?$/;

// An ISO 8601 duration in weeks, days, hours, minutes and seconds (`P1DT12H`, `PT30S`), in milliseconds.
// Years and months have no fixed length and are refused.
export function parseIsoDuration(value: string): number | undefined {
  const match = DURATION.exec(value);
  if (!match || value === 'P' || value.endsWith('T')) return undefined;
  const [, weeks, days, hours, minutes, seconds] = match;
  const ms =
    Number(weeks ?? 0) * 7 * 86_400_000 +
    Number(days ?? 0) * 86_400_000 +
    Number(hours ?? 0) * 3_600_000 +
    Number(minutes ?? 0) * 60_000 +
    Math.round(Number(seconds ?? 0) * 1000);
  return ms > 0 ? ms : undefined;
}
