import { Client } from 'pg';
import type { TestApp } from '../../support/test-app';

export interface AuditRow {
  event_type_name: string;
  org_id: string | null;
  group_id: string | null;
  subject: Record<string, unknown> | null;
  raw: Record<string, unknown> | null;
}

// Reads the event store directly, so an audit assertion does not depend on the events endpoints.
export async function auditEvents(t: TestApp, eventTypeName?: string): Promise<AuditRow[]> {
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    const result = await client.query<AuditRow>(
      `SELECT event_type_name, org_id, group_id, subject, raw FROM events
        WHERE $1::text IS NULL OR event_type_name = $1 ORDER BY created, id`,
      [eventTypeName ?? null],
    );
    return result.rows;
  } finally {
    await client.end();
  }
}

export async function countRows(t: TestApp, sql: string, params: unknown[] = []): Promise<number> {
  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM (${sql}) AS q`,
      params,
    );
    return result.rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}
