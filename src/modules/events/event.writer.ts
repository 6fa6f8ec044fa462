import type { EntityManager } from 'typeorm';
import type { EventEntity } from './event.entity';

// Every audited change writes one event row in its transaction. TypeORM's insert built the statement
// through its query builder per call and asked for the defaulted columns back (RETURNING), which the
// recorder never reads; the row is complete here (toEventEntity fills every column), so one fixed
// statement does the same insert. jsonb values are sent as JSON text, as TypeORM sends them.
const INSERT_EVENT = `INSERT INTO events (id, event_type_name, created, org_id, group_id, alert_id, alert_config_id,
  maintenance_window_id, api_key_id, public_key, user_id, username, remote_address, is_global_admin, subject,
  diffs, raw) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`;

export async function insertEvent(tx: EntityManager, row: EventEntity): Promise<void> {
  await tx.query(INSERT_EVENT, valuesOf(row));
}

const COLUMNS = 17;

// Many events in one statement (one VALUES row each), for the events published together.
export async function insertEvents(tx: EntityManager, rows: EventEntity[]): Promise<void> {
  if (rows.length === 0) return;
  const tuples = rows.map(
    (_, row) =>
      `(${Array.from({ length: COLUMNS }, (__, column) => `$${row * COLUMNS + column + 1}`).join(', ')})`,
  );
  await tx.query(
    `${INSERT_EVENT.slice(0, INSERT_EVENT.indexOf('VALUES'))}VALUES ${tuples.join(', ')}`,
    rows.flatMap(valuesOf),
  );
}

function valuesOf(row: EventEntity): unknown[] {
  return [
    row.id,
    row.eventTypeName,
    row.created,
    row.orgId,
    row.groupId,
    row.alertId,
    row.alertConfigId,
    row.maintenanceWindowId,
    row.apiKeyId,
    row.publicKey,
    row.userId,
    row.username,
    row.remoteAddress,
    row.isGlobalAdmin,
    JSON.stringify(row.subject),
    row.diffs === null ? null : JSON.stringify(row.diffs),
    row.raw === null ? null : JSON.stringify(row.raw),
  ];
}
