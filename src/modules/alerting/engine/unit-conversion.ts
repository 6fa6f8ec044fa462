// Metric values arrive in the units the agent reported (BYTES, MEGABYTES, MILLISECONDS, SCALAR, PERCENT
// ...); thresholds are in the configuration's units (the alert's `units`). Data units are binary
// (KILOBYTES = 1024 BYTES, 8 BITS = 1 BYTE), as the product's memory and storage metrics are.
const BYTES_PER: Record<string, number> = {
  BITS: 1 / 8,
  BYTES: 1,
  KILOBITS: 1024 / 8,
  KILOBYTES: 1024,
  MEGABITS: 1024 ** 2 / 8,
  MEGABYTES: 1024 ** 2,
  GIGABITS: 1024 ** 3 / 8,
  GIGABYTES: 1024 ** 3,
  TERABYTES: 1024 ** 4,
  PETABYTES: 1024 ** 5,
};

const MILLISECONDS_PER: Record<string, number> = {
  MILLISECONDS: 1,
  SECONDS: 1000,
  MINUTES: 60_000,
  HOURS: 3_600_000,
  DAYS: 86_400_000,
};

const FAMILIES = [BYTES_PER, MILLISECONDS_PER];

function familyOf(units: string): Record<string, number> | undefined {
  return FAMILIES.find((family) => units in family);
}

// The value in `to` units, or undefined when the two cannot be compared (a size against a duration).
// RAW thresholds and reported units outside both families (SCALAR, PERCENT, rates) take the number as is.
export function convertUnits(value: number, from: string, to: string): number | undefined {
  if (from === to || to === 'RAW') return value;
  const target = familyOf(to);
  const source = familyOf(from);
  if (source === undefined) return value;
  if (target === undefined || source !== target) return undefined;
  return (value * source[from]) / target[to];
}
