import type { EntityManager } from 'typeorm';
import { lockForTransaction } from '../../platform/database/advisory-lock';

// The advisory locks of the federation context: every key it locks is built here.

// Serializes everything that connects an organization to a federation (an organization joins at most one).
export async function lockFederationOrg(tx: EntityManager, orgId: string): Promise<void> {
  await lockForTransaction(tx, `federation-org:${orgId}`);
}

// An issuer names one provider everywhere: its availability check and the write are one step against a
// concurrent create or rename to the same issuer.
export async function lockIssuer(tx: EntityManager, issuerUri: string): Promise<void> {
  await lockForTransaction(tx, `federation-issuer:${issuerUri}`);
}
