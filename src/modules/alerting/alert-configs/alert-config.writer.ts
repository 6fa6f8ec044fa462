import type { EntityManager } from 'typeorm';
import type { AlertConfigEntity } from './alert-config.entity';

// PUT's write: every column a replacement sets, in one UPDATE. TypeORM's save would read the row again
// and diff it first, one more round trip while the row lock is held.
export async function updateAlertConfig(tx: EntityManager, entity: AlertConfigEntity): Promise<void> {
  await tx.query(
    `UPDATE alert_configs SET event_type_name = $2, enabled = $3, matchers = $4, metric_threshold = $5,
       threshold = $6, notifications = $7, updated = $8
     WHERE id = $1`,
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
}

// jsonb parameters go as JSON text (pg would send a JS array as a Postgres array); null stays SQL NULL.
function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
