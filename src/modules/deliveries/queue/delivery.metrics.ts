import { Injectable } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { Clock } from '../../../platform/clock/clock';
import { MetricsRegistry } from '../../../platform/metrics/metrics-registry';
import { SCRAPE_COUNT_CAP, scrapeFigures } from '../../../platform/metrics/scrape-figures';
import { DeliveryStore } from './delivery.store';
import type { NextStep } from './retry-policy';

const OUTCOMES: Record<NextStep['status'], string> = {
  SUCCEEDED: 'succeeded',
  PENDING: 'retry',
  FAILED: 'failed',
};

// The delivery side's figures: each attempt by receiver type and outcome (counted by the worker), and
// the queue read at scrape time (at most once per SCRAPE_QUERY_MAX_AGE_MS, however often it is scraped).
@Injectable()
export class DeliveryMetrics {
  private readonly attempts: Counter<'receiver_type' | 'outcome'>;

  constructor(metrics: MetricsRegistry, store: DeliveryStore, clock: Clock) {
    const registers = [metrics.registry];
    this.attempts = new Counter({
      name: 'dms_deliveries_total',
      help: 'Delivery attempts by receiver type and outcome (succeeded, retry: another attempt is scheduled, failed: given up).',
      labelNames: ['receiver_type', 'outcome'] as const,
      registers,
    });
    const figures = scrapeFigures('the delivery queue', () => store.figures(clock.now(), SCRAPE_COUNT_CAP));
    new Gauge({
      name: 'dms_delivery_queue_depth',
      help: `Deliveries waiting to be sent or retried (counted up to ${SCRAPE_COUNT_CAP}).`,
      registers,
      async collect() {
        const read = await figures();
        if (read) this.set(read.depth);
      },
    });
    new Gauge({
      name: 'dms_delivery_queue_oldest_due_seconds',
      help: 'How long the oldest due delivery has waited past its due time (0 when none is due).',
      registers,
      async collect() {
        const read = await figures();
        if (!read) return;
        const waited = read.oldestDue ? (clock.now().getTime() - read.oldestDue.getTime()) / 1000 : 0;
        this.set(Math.max(0, waited));
      },
    });
  }

  attempted(receiverType: string, step: NextStep): void {
    this.attempts.inc({ receiver_type: receiverType, outcome: OUTCOMES[step.status] });
  }
}
