import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsRegistry } from '../../../platform/metrics/metrics-registry';
import { SCRAPE_COUNT_CAP, scrapeFigures } from '../../../platform/metrics/scrape-figures';
import { AlertStore } from './alert.store';

// Open alerts by event type, read at scrape time (at most once per SCRAPE_QUERY_MAX_AGE_MS). A type
// with no open alert has no sample.
@Injectable()
export class OpenAlertsMetrics {
  constructor(metrics: MetricsRegistry, store: AlertStore) {
    const counts = scrapeFigures('the open alerts', () => store.openCountsByType(SCRAPE_COUNT_CAP));
    new Gauge({
      name: 'dms_alerts_open',
      help: `Open alerts by event type (counted up to ${SCRAPE_COUNT_CAP} in all).`,
      labelNames: ['type'] as const,
      registers: [metrics.registry],
      async collect() {
        const read = await counts();
        if (!read) return;
        this.reset();
        for (const [type, open] of read) this.set({ type }, open);
      },
    });
  }
}
