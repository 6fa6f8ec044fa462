import type { EntityManager } from 'typeorm';
import type { AlertEntity } from './alert.entity';

// PATCH acknowledge's write: the three acknowledgement columns and `updated`, in one UPDATE. TypeORM's
// save would read the row again and diff it first, one more round trip while the row is locked.
export async function updateAcknowledgement(tx: EntityManager, alert: AlertEntity): Promise<void> {
  await tx.query(
    `UPDATE alerts SET acknowledged_until = $2, acknowledgement_comment = $3, acknowledging_username = $4,
       updated = $5
     WHERE id = $1`,
    [
      alert.id,
      alert.acknowledgedUntil,
      alert.acknowledgementComment,
      alert.acknowledgingUsername,
      alert.updated,
    ],
  );
}
