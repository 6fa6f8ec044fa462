import type { Client } from 'pg';

// Sessions of the test's database waiting on a heavyweight lock: how a test knows a request reached the
// lock it holds for it.
export async function sessionsWaitingOnLocks(db: Client): Promise<number> {
  const { rows } = await db.query<{ waiting: number }>(
    `SELECT count(*)::int AS waiting FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0].waiting;
}
