import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Registry } from 'prom-client';

// The figures /metrics shows, one registry per application (test apps in one process do not share
// counters). Each context registers its own counters and gauges on it; the process and Node.js defaults
// of prom-client (CPU, memory, event-loop lag, GC) are registered here once.
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
