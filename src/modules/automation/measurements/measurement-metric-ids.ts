import { Injectable } from '@nestjs/common';

export interface MetricKey {
  metricName: string;
  units: string;
}

// The ids of `measurement_metrics` ((metric name, units) -> id) this process has seen. A pair's id never
// changes, so the hot path reads this map and asks the table (MeasurementStore.metricIdsOf) only for a
// pair it has not seen. One per process: each instance fills its own.
@Injectable()
export class MeasurementMetricIds {
  private readonly ids = new Map<string, number>();

  // The keys without a known id, each once.
  unknown(keys: MetricKey[]): MetricKey[] {
    const missing = new Map<string, MetricKey>();
    for (const key of keys) {
      const text = textOf(key);
      if (!this.ids.has(text)) missing.set(text, key);
    }
    return [...missing.values()];
  }

  remember(rows: Array<MetricKey & { id: number }>): void {
    for (const row of rows) this.ids.set(textOf(row), row.id);
  }

  // The id of each key, in order; every key must be known.
  of(keys: MetricKey[]): number[] {
    return keys.map((key) => {
      const id = this.ids.get(textOf(key));
      if (id === undefined) throw new Error(`no id for metric ${key.metricName} in ${key.units}`);
      return id;
    });
  }
}

function textOf(key: MetricKey): string {
  return `${key.metricName}\u0000${key.units}`;
}
