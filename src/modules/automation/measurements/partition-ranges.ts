// The time ranges of the partitions of `measurements`, [from, to) in epoch milliseconds.
export interface PartitionRange {
  from: number;
  to: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 1_440 * MINUTE_MS;

export function covers(ranges: readonly PartitionRange[], at: number): boolean {
  return ranges.some((range) => range.from <= at && at < range.to);
}

// The range a new partition holding `at` takes: the slot of `widthMinutes` (aligned on UTC midnight) that
// holds it, cut back to the partitions already there. The width may have been changed since they were
// made (wider or narrower), and Postgres refuses overlapping partitions: a report landing in a slot that
// an older, differently sized partition half covers gets the gap, not an error.
export function rangeFor(
  at: number,
  widthMinutes: number,
  existing: readonly PartitionRange[],
): PartitionRange {
  const width = widthMinutes * MINUTE_MS;
  let from = Math.floor(at / width) * width;
  let to = from + width;
  for (const range of existing) {
    if (range.to <= at && range.to > from) from = range.to;
    if (range.from > at && range.from < to) to = range.from;
  }
  return { from, to };
}

// A whole UTC day is measurements_pYYYYMMDD (the name every partition had before widths other than a day
// existed); any other range is named by its start, measurements_pYYYYMMDD_HHMM. Partitions never overlap,
// so no two start at the same instant and the names are unique.
export function partitionNameOf(range: PartitionRange): string {
  const start = new Date(range.from).toISOString();
  const day = start.slice(0, 10).replace(/-/g, '');
  const wholeDay = range.from % DAY_MS === 0 && range.to - range.from === DAY_MS;
  return wholeDay
    ? `measurements_p${day}`
    : `measurements_p${day}_${start.slice(11, 13)}${start.slice(14, 16)}`;
}
