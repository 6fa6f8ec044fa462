import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { PreparedReads, type PreparedRead } from '../../../platform/database/prepared-reads';
import type { StoredAlertConfigSettings } from '../alert-configs/alert-config.mapper';

// Alerts read with what they take from their configurations, a project's (alert_configs) or a global one
// (global_alert_configs): the notification delay of tracking alerts and the settings a page of alerts
// repeats. It writes nothing; the sweep's claim locks the alerts it answers, in the caller's transaction.
@Injectable()
export class AlertSettingsReadModelStore {
  // Every alert the API prints reads this (GET one alert included): a named prepared statement.
  private readonly settingsRows: PreparedRead<StoredAlertConfigSettings & { id: string }>;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    reads: PreparedReads,
  ) {
    this.settingsRows = reads.defineRows(
      `SELECT id, enabled, matchers, metric_threshold AS "metricThreshold", notifications
         FROM alert_configs WHERE id = ANY($1::char(24)[])
       UNION ALL
       SELECT id, enabled, matchers, metric_threshold AS "metricThreshold", notifications
         FROM global_alert_configs WHERE id = ANY($1::char(24)[])`,
    );
  }

  // TRACKING alerts whose condition has lasted their configuration's delay (a project's or a global one), in
  // the caller's transaction:
  // locks up to `limit` of them (SKIP LOCKED, so instances sweeping at once share the work) until the
  // caller's transaction ends; returns their ids, oldest first.
  async claimDueTracking(now: Date, limit: number): Promise<string[]> {
    const due = await this.txHost.tx.query<Array<{ id: string }>>(
      `SELECT a.id FROM alerts a
         JOIN (SELECT id, notifications FROM alert_configs
               UNION ALL SELECT id, notifications FROM global_alert_configs) c ON c.id = a.alert_config_id
       WHERE a.status = 'TRACKING'
         AND a.created + make_interval(mins => COALESCE((
               SELECT min((n ->> 'delayMin')::int) FROM jsonb_array_elements(c.notifications) AS n), 0)) <= $1
       ORDER BY a.created, a.id
       LIMIT ${limit}
       FOR UPDATE OF a SKIP LOCKED`,
      [now],
    );
    return due.map((row) => row.id);
  }

  // The settings alerts repeat from their configurations (a project's or a global one), for a page of
  // alerts in one statement, by configuration id. A deleted configuration has no entry.
  async configSettingsOf(alertConfigIds: string[]): Promise<Map<string, StoredAlertConfigSettings>> {
    if (alertConfigIds.length === 0) return new Map();
    const rows = await this.settingsRows([alertConfigIds]);
    return new Map(rows.map(({ id, ...settings }) => [id, settings]));
  }
}
