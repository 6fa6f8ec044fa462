import type { EntityManager, QueryRunner } from 'typeorm';

// A Postgres advisory lock held until the caller's transaction ends: serializes the writers that name
// the same key across instances. A text key is hashed to the lock's 64-bit number; a numeric key is
// used as is (the fixed keys of start-up and bootstrap steps).
export async function lockForTransaction(tx: EntityManager, key: string | number): Promise<void> {
  if (typeof key === 'number') {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [key]);
  } else {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
  }
}

// The shared mode of a text key's lock, until the caller's transaction ends: holders of the shared mode
// run together, and exclude (and wait for) the exclusive holders of the same key.
export async function lockSharedForTransaction(tx: EntityManager, key: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock_shared(hashtextextended($1, 0))', [key]);
}

// The exclusive locks of several text keys in one statement, taken in the order of their lock numbers: two
// transactions locking overlapping sets this way always meet on the lowest common lock first, so neither
// holds one the other waits for (no deadlock). DISTINCT keeps the subquery (and its order) apart from the
// outer scan, which takes each lock as the rows come.
export async function lockAllForTransaction(tx: EntityManager, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.query(
    `SELECT count(pg_advisory_xact_lock(lock_id)) FROM (
       SELECT DISTINCT hashtextextended(key, 0) AS lock_id FROM unnest($1::text[]) AS key ORDER BY lock_id
     ) AS locks`,
    [keys],
  );
}

// A session's hold on a text key's lock, kept across transactions until unlockForSession (or the
// connection's end), for work that cannot run inside one transaction. Taken only if free: returns false,
// without waiting, when another session holds it.
export async function tryLockForSession(session: Pick<QueryRunner, 'query'>, key: string): Promise<boolean> {
  const rows = (await session.query('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [
    key,
  ])) as Array<{ locked: boolean }>;
  return rows[0].locked;
}

export async function unlockForSession(session: Pick<QueryRunner, 'query'>, key: string): Promise<void> {
  await session.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
}
