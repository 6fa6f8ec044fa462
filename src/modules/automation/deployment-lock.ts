import type { EntityManager } from 'typeorm';

// Serializes the writers of one project's deployment (agent reports, host add/remove) for the rest of the
// caller's transaction: a report reads the previous state of its agent and hosts, derives events from it
// and writes the new state, with no other writer in between.
export async function lockDeployment(tx: EntityManager, groupId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
    `automation:deployment:${groupId}`,
  ]);
}
