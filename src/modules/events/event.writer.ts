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
  await tx.query(INSERT_EVENT, [
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
  ]);
}

// The events of one batch (the alerts one report raises) in one statement: one JSON parameter, whatever
// their number.
const INSERT_EVENTS = `INSERT INTO events (id, event_type_name, created, org_id, group_id, alert_id, alert_config_id,
  maintenance_window_id, api_key_id, public_key, user_id, username, remote_address, is_global_admin, subject,
  diffs, raw)
  SELECT id, event_type_name, created, org_id, group_id, alert_id, alert_config_id, maintenance_window_id,
    api_key_id, public_key, user_id, username, remote_address, is_global_admin, subject, diffs, raw
  FROM jsonb_to_recordset($1::jsonb) AS r(id char(24), event_type_name varchar, created timestamptz,
    org_id char(24), group_id char(24), alert_id char(24), alert_config_id char(24),
    maintenance_window_id char(24), api_key_id char(24), public_key varchar, user_id char(24),
    username varchar, remote_address varchar, is_global_admin boolean, subject jsonb, diffs jsonb, raw jsonb)`;

export async function insertEvents(tx: EntityManager, rows: readonly EventEntity[]): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map((row) => ({
    id: row.id,
    event_type_name: row.eventTypeName,
    created: row.created.toISOString(),
    org_id: row.orgId,
    group_id: row.groupId,
    alert_id: row.alertId,
    alert_config_id: row.alertConfigId,
    maintenance_window_id: row.maintenanceWindowId,
    api_key_id: row.apiKeyId,
    public_key: row.publicKey,
    user_id: row.userId,
    username: row.username,
    remote_address: row.remoteAddress,
    is_global_admin: row.isGlobalAdmin,
    subject: row.subject,
    diffs: row.diffs,
    raw: row.raw,
  }));
  await tx.query(INSERT_EVENTS, [JSON.stringify(records)]);
}
