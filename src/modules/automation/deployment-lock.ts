import type { EntityManager } from 'typeorm';
import { lockForTransaction } from '../../platform/database/advisory-lock';

// Serializes the writers of one project's deployment (agent reports, host add/remove) for the rest of the
// caller's transaction: a report reads the previous state of its agent and hosts, derives events from it
// and writes the new state, with no other writer in between.
export async function lockDeployment(tx: EntityManager, groupId: string): Promise<void> {
  await lockForTransaction(tx, `automation:deployment:${groupId}`);
}
