import type { EntityManager } from 'typeorm';
import { lockForTransaction } from '../../platform/database/advisory-lock';

// The advisory locks of the deliveries context: every key it locks is built here.

// hashtext('deliveries.claim'), the number this lock has always had, so instances of older and newer
// versions still exclude each other during a rolling upgrade.
const CLAIM = 1_751_827_186;

// Claims are serialised across instances: two instances counting leased rows at once would otherwise both
// see room and exceed a cap together.
export async function lockClaims(tx: EntityManager): Promise<void> {
  await lockForTransaction(tx, CLAIM);
}

// Alerts join and leave a project's notification groups one transaction at a time: two reports joining
// the same groups in different orders would otherwise deadlock on the group rows. The flush of a group
// takes only its row, never this lock.
export async function lockGroupMembership(tx: EntityManager, groupId: string): Promise<void> {
  await lockForTransaction(tx, `deliveries:group-membership:${groupId}`);
}
