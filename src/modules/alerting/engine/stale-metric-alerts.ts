import { Inject, Injectable } from '@nestjs/common';
import { Transactional, TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { In, LessThan } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import type { AppConfig } from '../../../platform/config/app-config';
import { APP_CONFIG } from '../../../platform/config/config.module';
import { DeploymentReader } from '../../automation';
import { AlertEntity } from '../alerts/alert.entity';
import { AlertsService } from '../alerts/alerts.service';
import { METRIC_EVENT_TYPE } from './alert-evaluator';

const MINUTE_MS = 60_000;

// Whether a metric alert's data went stale: no value of its metric from its host since `cutoff`. An alert
// raised after the cutoff had a fresh value when it was raised.
export function isStale(alert: { created: Date }, newest: Date | undefined, cutoff: Date): boolean {
  if (alert.created.getTime() >= cutoff.getTime()) return false;
  return newest === undefined || newest.getTime() < cutoff.getTime();
}

// Metric alerts are only re-evaluated when their host reports the metric. A host that stops reporting (or
// stops sending that metric) would keep its alerts open and re-notifying for ever: after
// ALERT_STALE_AFTER_MINUTES without a value, the sweep cancels them (TRACKING or OPEN alike; whether the
// condition ended is unknown, so the alert is not CLOSED). The cancellation notifies like any other.
@Injectable()
export class StaleMetricAlerts {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly alerts: AlertsService,
    private readonly deployment: DeploymentReader,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // Returns how many alerts were cancelled.
  async runSweep(): Promise<number> {
    const groups = await this.txHost.tx.getRepository(AlertEntity).find({
      select: { groupId: true },
      where: { eventTypeName: METRIC_EVENT_TYPE, status: In(['TRACKING', 'OPEN']) },
    });
    let cancelled = 0;
    for (const groupId of new Set(groups.map((row) => row.groupId))) {
      cancelled += await this.sweepGroup(groupId);
    }
    return cancelled;
  }

  // One project per transaction. Rows another instance holds are skipped (it is sweeping them, or a
  // report is deciding them right now).
  @Transactional()
  private async sweepGroup(groupId: string): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - this.config.alertStaleAfterMinutes * MINUTE_MS);
    const active = await this.txHost.tx.getRepository(AlertEntity).find({
      where: {
        groupId,
        eventTypeName: METRIC_EVENT_TYPE,
        status: In(['TRACKING', 'OPEN']),
        created: LessThan(cutoff),
      },
      lock: { mode: 'pessimistic_write', onLocked: 'skip_locked' },
    });
    if (active.length === 0) return 0;
    const metricNames = [...new Set(active.flatMap((alert) => (alert.metricName ? [alert.metricName] : [])))];
    // Only the alerts' hosts: the sweep runs every ALERT_ENGINE_SWEEP_MS, and a project's whole deployment
    // (tens of thousands of hosts) is no business of a handful of alerts.
    const hostIds = [...new Set(active.flatMap((alert) => (alert.hostId ? [alert.hostId] : [])))];
    const latest = await this.deployment.latestMeasurements(groupId, { hostIds, metricNames });
    const newest = new Map(latest.map((row) => [`${row.hostId}\u0000${row.metricName}`, row.timestamp]));
    let cancelled = 0;
    for (const alert of active) {
      const key = `${alert.hostId ?? ''}\u0000${alert.metricName ?? ''}`;
      if (!isStale(alert, newest.get(key), cutoff)) continue;
      await this.alerts.cancel(alert.id);
      cancelled++;
    }
    return cancelled;
  }
}
