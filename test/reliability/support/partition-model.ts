// The reference model of the measurement partitions test: the time ranges the catalog should hold and the
// sample instants stored, in epoch milliseconds. Written apart from the service's own range fitting
// (src/modules/automation/measurements/partition-ranges.ts) so the two check each other.

export interface Range {
  from: number;
  to: number;
}

export interface Instance {
  name: string;
  widthMinutes: number;
  retentionHours: number;
}

export interface PartitionModel {
  now: number;
  ranges: Range[];
  samples: Set<number>;
}

const MINUTE = 60_000;
// A partition is dropped this long after its newest possible sample left the retention.
const GRACE = 5 * MINUTE;

export function newPartitionModel(now: number, ranges: Range[], samples: number[]): PartitionModel {
  return { now, ranges: ranges.map(({ from, to }) => ({ from, to })), samples: new Set(samples) };
}

export const rangeKey = (range: Range): string =>
  `${new Date(range.from).toISOString()}..${new Date(range.to).toISOString()}`;

const holds = (range: Range, at: number) => range.from <= at && at < range.to;

// A sample no partition holds gets the slot of the instance's width that holds it (slots start at UTC
// midnight, and a width divides the day), shortened to the free time between its neighbours.
export function makeCovering(model: PartitionModel, instants: number[], widthMinutes: number): void {
  const width = widthMinutes * MINUTE;
  for (const at of instants) {
    if (model.ranges.some((range) => holds(range, at))) continue;
    const slotStart = at - (at % width);
    const before = model.ranges.filter((range) => range.to <= at).map((range) => range.to);
    const after = model.ranges.filter((range) => range.from > at).map((range) => range.from);
    model.ranges.push({
      from: Math.max(slotStart, ...before),
      to: Math.min(slotStart + width, ...after),
    });
  }
}

// The instance's retention job: the partitions whose end is past its retention and the grace go, with
// their samples. Answers them.
export function expire(model: PartitionModel, instance: Instance): Range[] {
  const cutoff = model.now - instance.retentionHours * 60 * MINUTE - GRACE;
  const expired = model.ranges.filter((range) => range.to <= cutoff);
  model.ranges = model.ranges.filter((range) => range.to > cutoff);
  for (const at of [...model.samples]) {
    if (expired.some((range) => holds(range, at))) model.samples.delete(at);
  }
  return expired;
}
