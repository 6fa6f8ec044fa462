import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface ClaimedSchedule {
  alert_id: string;
  notification_index: number;
}

// The sweep's claim of due notification schedules, in the caller's transaction.
@Injectable()
export class NotificationSweepStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // Marks up to `limit` active schedules due by `now` and not yet seen by sweep `run`; their row locks
  // are held until the caller's transaction commits, so another instance's sweep skips these rows.
  claimDue(run: string, now: Date, limit: number): Promise<ClaimedSchedule[]> {
    return this.txHost.tx.query(
      `WITH picked AS (
         UPDATE notification_schedules SET last_sweep = $1
          WHERE (alert_id, notification_index) IN (
            SELECT alert_id, notification_index FROM notification_schedules
             WHERE active AND next_due_at <= $2 AND last_sweep IS DISTINCT FROM $1
             ORDER BY next_due_at LIMIT $3
             FOR UPDATE SKIP LOCKED)
          RETURNING alert_id, notification_index)
       SELECT alert_id, notification_index FROM picked`,
      [run, now, limit],
    );
  }
}
