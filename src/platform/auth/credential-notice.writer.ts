import type { EntityManager } from 'typeorm';
import { CREDENTIALS_CHANNEL } from './credential-channel';

// The notice payload that drops every cached credential. Were a Digest user to bear this name, a change of
// it would only empty the cache, which costs lookups, never correctness.
export const ALL_CREDENTIALS = '* all credentials *';

// NOTIFY through the caller's transaction: Postgres delivers it only at commit.
export async function notifyCredentialChanged(tx: EntityManager, name: string): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [CREDENTIALS_CHANNEL, name]);
}
