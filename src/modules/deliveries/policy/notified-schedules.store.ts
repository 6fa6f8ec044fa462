import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

// The schedules of one alert that were just sent, in the caller's transaction: one statement for all of
// them (a report opening many alerts of many notifications otherwise ran one per notification).
@Injectable()
export class NotifiedSchedulesStore {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  // Counted, due again intervalMin from now; an informational alert's notification is sent once. The
  // notifications of many alerts (a report's, a sweep batch's) in one statement.
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
}
