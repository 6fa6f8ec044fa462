import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

// Direct access to the events table for arranging and inspecting state the API does not expose.

export interface SeedEvent {
  eventTypeName: string;
  created: Date;
  groupId?: string;
  orgId?: string;
  apiKeyId?: string;
  publicKey?: string;
  userId?: string;
  username?: string;
  remoteAddress?: string;
  isGlobalAdmin?: boolean;
  alertId?: string;
  alertConfigId?: string;
  maintenanceWindowId?: string;
  subject?: Record<string, unknown>;
  diffs?: unknown[];
  raw?: Record<string, unknown>;
}

export function objectIdAt(created: Date): string {
  return (
    Math.floor(created.getTime() / 1000)
      .toString(16)
      .padStart(8, '0') + randomBytes(8).toString('hex')
  );
}

export async function connect(databaseUrl: string): Promise<Client> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

export async function insertEvents(client: Client, events: SeedEvent[]): Promise<string[]> {
  const ids: string[] = [];
  for (const event of events) {
    const id = objectIdAt(event.created);
    ids.push(id);
    await client.query(
      `INSERT INTO events (id, event_type_name, created, org_id, group_id, alert_id, alert_config_id,
         maintenance_window_id, api_key_id, public_key, user_id, username, remote_address, is_global_admin, subject,
         diffs, raw)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [
        id,
        event.eventTypeName,
        event.created,
        event.orgId ?? null,
        event.groupId ?? null,
        event.alertId ?? null,
        event.alertConfigId ?? null,
        event.maintenanceWindowId ?? null,
        event.apiKeyId ?? null,
        event.publicKey ?? null,
        event.userId ?? null,
        event.username ?? null,
        event.remoteAddress ?? null,
        event.isGlobalAdmin ?? false,
        JSON.stringify(event.subject ?? {}),
        event.diffs === undefined ? null : JSON.stringify(event.diffs),
        event.raw === undefined ? null : JSON.stringify(event.raw),
      ],
    );
  }
  return ids;
}

// `count` events of one type in one project, one second apart, the newest at `newest`.
export async function insertSeries(
  client: Client,
  count: number,
  base: Omit<SeedEvent, 'created'>,
  newest: Date,
): Promise<void> {
  await client.query(
    `INSERT INTO events (id, event_type_name, created, org_id, group_id)
     SELECT lpad(to_hex(extract(epoch FROM t)::bigint), 8, '0') || substr(md5(random()::text), 1, 16), $1, t, $2, $3
     FROM generate_series(0, $4 - 1) AS n, LATERAL (SELECT $5::timestamptz - n * interval '1 second' AS t) AS c`,
    [base.eventTypeName, base.orgId ?? null, base.groupId ?? null, count, newest],
  );
}

export interface EventRow {
  id: string;
  event_type_name: string;
  org_id: string | null;
  group_id: string | null;
  api_key_id: string | null;
  public_key: string | null;
  user_id: string | null;
  username: string | null;
  remote_address: string | null;
  is_global_admin: boolean;
  subject: Record<string, unknown>;
  diffs: unknown[] | null;
  raw: Record<string, unknown> | null;
  created: Date;
}

export async function eventsOfType(client: Client, eventTypeName: string): Promise<EventRow[]> {
  const result = await client.query<EventRow>(
    'SELECT * FROM events WHERE event_type_name = $1 ORDER BY created, id',
    [eventTypeName],
  );
  return result.rows;
}
