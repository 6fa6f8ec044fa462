import type { EntityManager } from 'typeorm';
import { CREDENTIALS_CHANNEL } from './credential-channel';

// NOTIFY through the caller's transaction: Postgres delivers it only at commit.
export async function notifyCredentialChanged(tx: EntityManager, name: string): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [CREDENTIALS_CHANNEL, name]);
}
