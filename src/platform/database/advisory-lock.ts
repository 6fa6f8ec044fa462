import type { EntityManager } from 'typeorm';

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
