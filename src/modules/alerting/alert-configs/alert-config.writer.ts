import type { EntityManager } from 'typeorm';
import type { AlertConfigEntity } from './alert-config.entity';

// PUT's write: every column a replacement sets, in one UPDATE. TypeORM's save would read the row again
// and diff it first, one more round trip while the row lock is held. Answers whether the configuration
// has TRACKING or OPEN alerts, read by the same statement (so as late as a separate read after it would
// be): a configuration without any, the usual case, needs no read of its alerts to cancel them.
export async function updateAlertConfig(tx: EntityManager, entity: AlertConfigEntity): Promise<boolean> {
  const [rows] = await tx.query<[{ has_active: boolean }[], number]>(
    `UPDATE alert_configs SET event_type_name = $2, enabled = $3, matchers = $4, metric_threshold = $5,
       threshold = $6, notifications = $7, updated = $8
     WHERE id = $1
     RETURNING EXISTS (SELECT 1 FROM alerts
       WHERE alerts.group_id = alert_configs.group_id AND alerts.alert_config_id = alert_configs.id
         AND alerts.status IN ('TRACKING', 'OPEN')) AS has_active`,
    [
      entity.id,
      entity.eventTypeName,
      entity.enabled,
      JSON.stringify(entity.matchers),
      jsonOrNull(entity.metricThreshold),
      jsonOrNull(entity.threshold),
      JSON.stringify(entity.notifications),
      entity.updated,
    ],
  );
  return rows[0]?.has_active === true;
}

// jsonb parameters go as JSON text (pg would send a JS array as a Postgres array); null stays SQL NULL.
function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
