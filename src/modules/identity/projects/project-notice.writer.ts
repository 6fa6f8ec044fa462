import type { EntityManager } from 'typeorm';
import { PROJECTS_CHANNEL } from '../../../platform/auth/credential-channel';

// NOTIFY through the caller's transaction: Postgres delivers it only at commit.
export async function notifyProjectRemoved(tx: EntityManager, groupId: string): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [PROJECTS_CHANNEL, groupId]);
}
