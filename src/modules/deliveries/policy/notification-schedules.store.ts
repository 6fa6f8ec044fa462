import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { PreparedReads, type PreparedRead } from '../../../platform/database/prepared-reads';
import { NotificationScheduleEntity } from './notification-schedule.entity';

export interface ClaimedSchedule {
  alert_id: string;
  notification_index: number;
}

// The SQL of the notification_schedules table, in the caller's transaction.
@Injectable()
export class NotificationSchedulesStore {
  private readonly activeOfAlert: PreparedRead<NotificationScheduleEntity>;

  // The active schedules of one alert, read by every acknowledgement, close and cancel (in their
  // transaction): a prepared statement (prepared-reads.ts) instead of TypeORM's find, whose query building
  // costs more CPU than the statement while the alert's row is locked.
  constructor(
    reads: PreparedReads,
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
  ) {
    this.activeOfAlert = reads.define(
      NotificationScheduleEntity,
      'WHERE alert_id = $1 AND active = true ORDER BY notification_index ASC',
    );
  }

  // Ordered by notification index.
  activeOf(alertId: string): Promise<NotificationScheduleEntity[]> {
    return this.activeOfAlert([alertId]);
  }

  // The sweep's claim of due notification schedules: marks up to `limit` active schedules due by `now`
  // and not yet seen by sweep `run`; their row locks are held until the caller's transaction commits, so
  // another instance's sweep skips these rows.
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

  // The schedules of one alert that were just sent: one statement for all of them (a report opening many
  // alerts of many notifications otherwise ran one per notification). Counted, due again intervalMin from
  // now; an informational alert's notification is sent once. The notifications of many alerts (a report's,
  // a sweep batch's) in one statement.
  async markSentMany(
    sent: ReadonlyArray<{ alertId: string; notificationIndexes: readonly number[] }>,
    now: Date,
  ): Promise<void> {
    const alertIds = sent.flatMap(({ alertId, notificationIndexes }) =>
      notificationIndexes.map(() => alertId),
    );
    if (alertIds.length === 0) return;
    await this.txHost.tx.query(
      `UPDATE notification_schedules
          SET notified_count = notified_count + 1,
              last_notified = $3::timestamptz,
              next_due_at = $3::timestamptz + interval_min * interval '1 minute',
              active = event_kind <> 'alert.inform',
              inhibited_by = NULL,
              updated = $3
         FROM unnest($1::char(24)[], $2::int[]) AS sent(alert_id, notification_index)
        WHERE notification_schedules.alert_id = sent.alert_id
          AND notification_schedules.notification_index = sent.notification_index`,
      [alertIds, sent.flatMap(({ notificationIndexes }) => notificationIndexes), now],
    );
  }

  // A deleted project's schedules go.
  async removeOfProject(groupId: string): Promise<void> {
    await this.txHost.tx.query(`DELETE FROM notification_schedules WHERE group_id = $1`, [groupId]);
  }
}
